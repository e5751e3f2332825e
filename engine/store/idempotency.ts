// Idempotency-Key records (spec 4 common headers, 4.3, 7). A key is claimed before the body
// is read, so a concurrent second attempt sees `in_progress` at once; the unique
// (account_id, idempotency_key) makes the claim atomic on SQLite and Postgres alike.
import type { Selectable } from 'kysely';
import type { Db, DbTx } from './db.js';
import type { IdempotencyKeysTable } from './schema.js';
import { nowTimestamp } from './time.js';

export type IdempotencyRow = Selectable<IdempotencyKeysTable>;

export async function claimKey(db: Db, accountId: number, key: string, owner: string): Promise<{ claimed: true; rowId: number } | { claimed: false; row: IdempotencyRow }> {
  const ts = nowTimestamp();
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({ account_id: accountId, idempotency_key: key, request_hash: null, status: 'in_progress', owner, document_id: null, response_status: null, response_body: null, created_at: ts, updated_at: ts })
    .onConflict((oc) => oc.columns(['account_id', 'idempotency_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { claimed: true, rowId: inserted.id };
  const row = await db.selectFrom('idempotency_keys').selectAll().where('account_id', '=', accountId).where('idempotency_key', '=', key).executeTakeFirstOrThrow();
  return { claimed: false, row };
}

/** Links the document an attempt created (inside the upload's transaction). */
export async function attachDocument(tx: DbTx, rowId: number, documentId: number, ts: string): Promise<void> {
  await tx.updateTable('idempotency_keys').set({ document_id: documentId, updated_at: ts }).where('id', '=', rowId).execute();
}

export async function completeKey(db: Db, rowId: number, requestHash: string, status: number, body: unknown): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ status: 'completed', request_hash: requestHash, response_status: status, response_body: JSON.stringify(body), updated_at: nowTimestamp() })
    .where('id', '=', rowId)
    .execute();
}

/** Frees a key whose attempt ended without creating anything (validation error, disconnect). */
export async function releaseKey(db: Db, rowId: number): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('id', '=', rowId).where('document_id', 'is', null).execute();
}

export function attemptsInProgress(db: Db): Promise<IdempotencyRow[]> {
  return db.selectFrom('idempotency_keys').selectAll().where('status', '=', 'in_progress').execute();
}

export async function markInterrupted(db: Db, rowId: number): Promise<void> {
  await db.updateTable('idempotency_keys').set({ status: 'interrupted', updated_at: nowTimestamp() }).where('id', '=', rowId).execute();
}
