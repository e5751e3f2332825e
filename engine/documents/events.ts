// The durable outbox: a terminal transition writes its webhook deliveries in the same
// transaction, so a committed `completed`/`error`/`blocked` always has its events queued.
import { randomUUID } from 'node:crypto';
import { presentDocument } from './representation.js';
import { loadView } from './queries.js';
import type { Db } from '../store/db.js';
import type { WebhookEvent } from '../store/schema.js';
import { getSetting } from '../store/settings.js';
import { nowTimestamp } from '../store/time.js';
import { activeEndpointsOf, queueDelivery } from '../store/webhook-deliveries.js';

/** Queues one delivery per subscribed endpoint of the document's account. */
export async function enqueueDocumentEvent(tx: Db, accountId: number, documentId: number, event: WebhookEvent): Promise<number> {
  const endpoints = (await activeEndpointsOf(tx, accountId)).filter((e) => (JSON.parse(e.events) as string[]).includes(event));
  if (endpoints.length === 0) return 0;
  const view = await loadView(tx, accountId, documentId);
  if (!view) return 0;
  const baseUrl = (await getSetting(tx, 'server_url')) ?? 'http://127.0.0.1';
  const document = presentDocument(view, baseUrl);
  const createdAt = nowTimestamp();
  for (const endpoint of endpoints) {
    const deliveryId = randomUUID();
    const body = JSON.stringify({ id: deliveryId, event, created_at: createdAt, data: { document } });
    await queueDelivery(tx, { delivery_id: deliveryId, endpoint_id: endpoint.id, account_id: accountId, document_id: documentId, event, body, created_at: createdAt });
  }
  return endpoints.length;
}
