// Idempotency-Key records for uploads (spec 4 common headers, 4.3, 7). A key is claimed
// before the body is read, so a concurrent second attempt sees `in_progress` at once.
import type { Selectable } from 'kysely';
import type { Db } from '../store/db.js';
import type { IdempotencyKeysTable } from '../store/schema.js';
import { nowTimestamp } from '../store/time.js';
import { ownerAlive } from '../config/owner.js';
import { failDocument } from '../pipeline/terminal.js';

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

/**
 * Startup: attempts whose process died. Without a document the key is simply freed; with
 * one, the caller never got its 201, so the key is marked interrupted and the document is
 * returned as cleanup-only (409 `document_created`).
 */
export async function recoverAbandonedAttempts(db: Db, selfOwner: string): Promise<{ freed: number; interrupted: number[] }> {
  const rows = await db.selectFrom('idempotency_keys').selectAll().where('status', '=', 'in_progress').execute();
  let freed = 0;
  const interrupted: number[] = [];
  for (const row of rows) {
    if (row.owner === selfOwner || ownerAlive(row.owner)) continue;
    if (row.document_id === null) {
      await releaseKey(db, row.id);
      freed++;
    } else {
      await db.updateTable('idempotency_keys').set({ status: 'interrupted', updated_at: nowTimestamp() }).where('id', '=', row.id).execute();
      interrupted.push(row.document_id);
    }
  }
  return { freed, interrupted };
}

/** Recovery plus its consequence: documents of interrupted attempts end as cleanup-only errors. */
export async function recoverInterruptedUploads(db: Db, selfOwner: string): Promise<void> {
  const { interrupted } = await recoverAbandonedAttempts(db, selfOwner);
  for (const documentId of interrupted) {
    await failDocument(db, documentId, null, 'The upload was interrupted before Docdesk could confirm it. This document is cleanup-only: delete it and upload again with a new Idempotency-Key.', 'upload_interrupted');
  }
}
