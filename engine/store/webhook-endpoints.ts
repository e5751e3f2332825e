// Webhook endpoints per account. `secret` is stored sealed (webhooks/endpoints.ts seals and
// opens it); an endpoint is deactivated, never deleted, so its delivery log stays.
import type { Insertable, Selectable } from 'kysely';
import type { Db } from './db.js';
import type { WebhookEndpointsTable } from './schema.js';
import { nowTimestamp } from './time.js';

export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;

export function insertEndpoint(db: Db, values: Insertable<WebhookEndpointsTable>): Promise<WebhookEndpointRow> {
  return db.insertInto('webhook_endpoints').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Every endpoint's stored secret, active or not. */
export function endpointSecrets(db: Db): Promise<{ id: number; secret: string }[]> {
  return db.selectFrom('webhook_endpoints').select(['id', 'secret']).execute();
}

/** Replaces the stored secret of any endpoint, without touching `updated_at` (a re-encoding, not a rotation). */
export async function storeEndpointSecret(db: Db, id: number, secret: string): Promise<void> {
  await db.updateTable('webhook_endpoints').set({ secret }).where('id', '=', id).execute();
}

/** Active endpoints, of one account when given. */
export function activeEndpoints(db: Db, accountId?: number): Promise<WebhookEndpointRow[]> {
  let q = db.selectFrom('webhook_endpoints').selectAll().where('active', '=', 1).orderBy('id');
  if (accountId !== undefined) q = q.where('account_id', '=', accountId);
  return q.execute();
}

/** Deactivates an active endpoint (of `accountId` when given); false when there was none. */
export async function deactivateEndpoint(db: Db, id: number, accountId?: number): Promise<boolean> {
  let q = db.updateTable('webhook_endpoints').set({ active: 0, updated_at: nowTimestamp() }).where('id', '=', id).where('active', '=', 1);
  if (accountId !== undefined) q = q.where('account_id', '=', accountId);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Gives an active endpoint (of `accountId` when given) a new stored secret; undefined when there is none. */
export async function rotateEndpointSecret(db: Db, id: number, secret: string, accountId?: number): Promise<WebhookEndpointRow | undefined> {
  let q = db.updateTable('webhook_endpoints').set({ secret, updated_at: nowTimestamp() }).where('id', '=', id).where('active', '=', 1);
  if (accountId !== undefined) q = q.where('account_id', '=', accountId);
  return q.returningAll().executeTakeFirst();
}

/** An active webhook endpoint of the account, or undefined. */
export function activeEndpointOf(db: Db, accountId: number, id: number): Promise<Selectable<WebhookEndpointsTable> | undefined> {
  return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).where('account_id', '=', accountId).where('active', '=', 1).executeTakeFirst();
}
