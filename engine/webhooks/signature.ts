// The webhook signature scheme (docs/webhooks.md): HMAC-SHA256 with the endpoint's secret
// over "<timestamp>.<delivery id>.<event>.<raw body>", hex, sent as `X-Signature: v1=<hex>`.
// Receivers verify it as docs/examples/webhook-receiver.mjs does.
import { createHmac } from 'node:crypto';

const SIGNATURE_VERSION = 'v1';
export const HEADER_EVENT = 'X-Docdesk-Event';
export const HEADER_DELIVERY = 'X-Delivery';
export const HEADER_TIMESTAMP = 'X-Docdesk-Timestamp';
export const HEADER_SIGNATURE = 'X-Signature';

export function sign(secret: string, timestamp: number, deliveryId: string, event: string, rawBody: string): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${deliveryId}.${event}.${rawBody}`).digest('hex');
  return `${SIGNATURE_VERSION}=${mac}`;
}
