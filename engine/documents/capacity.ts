// Per-account concurrent standard-lane limit. A standard-lane document is "admitted" when
// its stage is anything but waiting_for_capacity; at most `limit` admitted documents of an
// account are unfinished at once. Batch-lane documents are not counted (spec 1.3).
import { sql } from 'kysely';
import type { Db } from '../store/db.js';
import { nowTimestamp } from '../store/time.js';
import { WAITING_FOR_CAPACITY } from '../store/rows.js';

export { WAITING_FOR_CAPACITY };

export async function admittedStandardCount(tx: Db, accountId: number): Promise<number> {
  const row = await tx
    .selectFrom('documents')
    .select(sql<number>`COUNT(*)`.as('n'))
    .where('account_id', '=', accountId)
    .where('status', '=', 'pending')
    .where('processing_lane', '=', 'standard')
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('processing_stage', 'is', null), eb('processing_stage', '!=', WAITING_FOR_CAPACITY)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Moves the oldest waiting documents of an account to `queued` while capacity allows. */
export async function admitWaiting(tx: Db, accountId: number): Promise<number[]> {
  const account = await tx.selectFrom('accounts').select('concurrent_standard_limit').where('id', '=', accountId).executeTakeFirst();
  if (!account) return [];
  const free = account.concurrent_standard_limit - (await admittedStandardCount(tx, accountId));
  if (free <= 0) return [];
  const waiting = await tx
    .selectFrom('documents')
    .select('id')
    .where('account_id', '=', accountId)
    .where('status', '=', 'pending')
    .where('processing_stage', '=', WAITING_FOR_CAPACITY)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .limit(free)
    .execute();
  const ids = waiting.map((w) => w.id);
  if (ids.length) {
    await tx.updateTable('documents').set({ processing_stage: 'queued', updated_at: nowTimestamp() }).where('id', 'in', ids).execute();
  }
  return ids;
}
