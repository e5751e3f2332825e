// A Docdesk webhook receiver with Node's built-ins only (see docs/webhooks.md).
// It verifies the signature over the exact raw body before parsing JSON, rejects stale
// timestamps, stores each delivery id once (deduplication), answers 2xx quickly and does
// the real work afterwards.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

export const TOLERANCE_SECONDS = 300;

/** True when `signature` is Docdesk's v1 signature of this delivery. */
export function verifyDocdeskSignature(secret, { timestamp, deliveryId, event, signature }, rawBody, nowSeconds = Math.floor(Date.now() / 1000)) {
  if (!timestamp || !deliveryId || !event || !signature || !/^\d+$/.test(timestamp)) return { ok: false, reason: 'missing headers' };
  if (Math.abs(nowSeconds - Number(timestamp)) > TOLERANCE_SECONDS) return { ok: false, reason: 'stale timestamp' };
  const expected = 'v1=' + createHmac('sha256', secret).update(`${timestamp}.${deliveryId}.${event}.${rawBody}`).digest('hex');
  const a = Buffer.from(expected);
  const b = Buffer.from(signature);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return { ok: false, reason: 'bad signature' };
  return { ok: true };
}

/**
 * Handles one delivery. `store` must record a delivery id atomically and say whether it
 * was new (a database table with a unique key in real life; a Set here).
 */
export function handleDelivery({ secret, store, process }, headers, rawBody) {
  const check = verifyDocdeskSignature(secret, {
    timestamp: headers['x-docdesk-timestamp'],
    deliveryId: headers['x-delivery'],
    event: headers['x-docdesk-event'],
    signature: headers['x-signature'],
  }, rawBody);
  if (!check.ok) return { status: 401, body: check.reason };
  const deliveryId = headers['x-delivery'];
  if (!store.add(deliveryId)) return { status: 200, body: 'duplicate' };
  const payload = JSON.parse(rawBody);
  // Acknowledge first; map downstream asynchronously (spec 6, E5).
  setImmediate(() => process(payload));
  return { status: 202, body: 'stored' };
}

export function createReceiver(options) {
  return createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const { status, body } = handleDelivery(options, req.headers, Buffer.concat(chunks).toString('utf8'));
      res.writeHead(status, { 'Content-Type': 'text/plain' }).end(body);
    });
  });
}

/** A Set whose add() reports whether the value was new. */
export class DeliveryStore {
  #seen = new Set();
  add(id) {
    if (this.#seen.has(id)) return false;
    this.#seen.add(id);
    return true;
  }
}

// Run directly: DOCDESK_WEBHOOK_SECRET=whsec_... node docs/examples/webhook-receiver.mjs 9000
if (import.meta.url === `file://${process.argv[1]}`) {
  const secret = process.env.DOCDESK_WEBHOOK_SECRET;
  if (!secret) throw new Error('set DOCDESK_WEBHOOK_SECRET');
  createReceiver({ secret, store: new DeliveryStore(), process: (p) => console.log(p.event, p.data.document.id, p.data.document.status) }).listen(Number(process.argv[2] ?? 9000), '127.0.0.1');
}
