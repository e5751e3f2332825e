// The webhook outbox rows and their delivery state. Epoch milliseconds in
// `next_attempt_at`. Several processes may run a delivery loop over one database: an
// attempt is claimed by a compare-and-set on its attempt count, so one process sends it.
import type { Db, DbTx } from './db.js';
import type { WebhookDeliveriesTable, WebhookEvent } from './schema.js';
import { nowTimestamp } from './time.js';

export interface DueDelivery {
  id: number;
  delivery_id: string;
  event: string;
  body: string;
  attempts: number;
  url: string;
  secret: string;
}

/** The account's active endpoints (with the events they subscribe to, as stored JSON): whom the outbox writes for. */
export function activeEndpointsOf(tx: DbTx, accountId: number): Promise<Array<{ id: number; events: string }>> {
  return tx.selectFrom('webhook_endpoints').select(['id', 'events']).where('account_id', '=', accountId).where('active', '=', 1).execute();
}

/** What the desk shows of a delivery. */
const DELIVERY_COLUMNS = ['id', 'delivery_id', 'event', 'document_id', 'status', 'attempts', 'last_status_code', 'last_error', 'created_at', 'delivered_at', 'next_attempt_at'] as const;

/** The newest `limit` deliveries to one endpoint of the account. */
export function deliveriesToEndpoint(db: Db, accountId: number, endpointId: number, limit: number) {
  return db.selectFrom('webhook_deliveries').select(DELIVERY_COLUMNS).where('endpoint_id', '=', endpointId).where('account_id', '=', accountId).orderBy('id', 'desc').limit(limit).execute();
}

/** One delivery of the account, or undefined. */
export function findDelivery(db: Db, accountId: number, id: number) {
  return db.selectFrom('webhook_deliveries').select(DELIVERY_COLUMNS).where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
}

export async function queueDelivery(tx: DbTx, d: { delivery_id: string; endpoint_id: number; account_id: number; document_id: number; event: WebhookEvent; body: string; created_at: string }): Promise<void> {
  await tx
    .insertInto('webhook_deliveries')
    .values({ ...d, status: 'pending', attempts: 0, next_attempt_at: Date.now(), last_status_code: null, last_error: null, delivered_at: null })
    .execute();
}

/** Pending deliveries whose time has come, oldest due first, with their endpoint's URL and stored secret. */
export function dueDeliveries(db: Db, nowMs: number, limit: number): Promise<DueDelivery[]> {
  return db
    .selectFrom('webhook_deliveries')
    .innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id')
    .select(['webhook_deliveries.id', 'webhook_deliveries.delivery_id', 'webhook_deliveries.event', 'webhook_deliveries.body', 'webhook_deliveries.attempts', 'webhook_endpoints.url', 'webhook_endpoints.secret'])
    .where('webhook_deliveries.status', '=', 'pending')
    .where('webhook_deliveries.next_attempt_at', '<=', nowMs)
    .orderBy('webhook_deliveries.next_attempt_at')
    .limit(limit)
    .execute();
}

/** When the next pending delivery is due (epoch ms), or null. */
export async function nextDueAt(db: Db): Promise<number | null> {
  const row = await db.selectFrom('webhook_deliveries').select('next_attempt_at').where('status', '=', 'pending').orderBy('next_attempt_at').limit(1).executeTakeFirst();
  return row?.next_attempt_at ?? null;
}

/** The latest deliveries (of one account when given), newest first, without their bodies. */
export function recentDeliveries(db: Db, limit: number, accountId?: number) {
  let q = db
    .selectFrom('webhook_deliveries')
    .select(['id', 'delivery_id', 'endpoint_id', 'document_id', 'event', 'status', 'attempts', 'last_status_code', 'last_error', 'created_at', 'delivered_at'])
    .orderBy('id', 'desc')
    .limit(limit);
  if (accountId !== undefined) q = q.where('account_id', '=', accountId);
  return q.execute();
}

/**
 * Records attempt number `attempts` before the request leaves (its count and backoff hold if
 * the process dies meanwhile). False when another process claimed this attempt first.
 */
export async function claimAttempt(db: Db, id: number, attempts: number, nextAttemptAt: number): Promise<boolean> {
  const res = await db
    .updateTable('webhook_deliveries')
    .set({ attempts, next_attempt_at: nextAttemptAt })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('attempts', '=', attempts - 1)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The attempt's outcome; `next_attempt_at` (the retry's time) matters only while it stays pending. */
export async function recordAttempt(db: Db, id: number, outcome: Pick<WebhookDeliveriesTable, 'attempts' | 'last_status_code' | 'last_error' | 'next_attempt_at'> & { status?: 'delivered' | 'failed' }): Promise<void> {
  const { status, ...rest } = outcome;
  await db
    .updateTable('webhook_deliveries')
    .set({ ...rest, ...(status ? { status } : {}), ...(status === 'delivered' ? { delivered_at: nowTimestamp() } : {}) })
    .where('id', '=', id)
    .execute();
}

/** Puts an undelivered delivery back at the front of the queue; false when there is none. */
export async function requeueDelivery(db: Db, id: number, accountId?: number): Promise<boolean> {
  let q = db.updateTable('webhook_deliveries').set({ status: 'pending', next_attempt_at: Date.now() }).where('id', '=', id).where('status', '!=', 'delivered');
  if (accountId !== undefined) q = q.where('account_id', '=', accountId);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
