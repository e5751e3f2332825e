// Per-account concurrent standard-lane limit. A standard-lane document is "admitted" when
// its stage is anything but waiting_for_capacity; at most `limit` admitted documents of an
// account are unfinished at once. Batch-lane documents are not counted (spec 1.3).
import type { Db } from '../store/db.js';
import { countAdmittedStandard, markDocumentsQueued, waitingDocuments } from '../store/documents.js';
import { standardLimitOf } from '../store/accounts.js';
import { WAITING_FOR_CAPACITY } from '../store/rows.js';
import { jobQueueFor } from '../queue/queue.js';

export { WAITING_FOR_CAPACITY };

/** Moves the oldest waiting documents of an account to `queued` while capacity allows. */
export async function admitWaiting(tx: Db, accountId: number): Promise<number[]> {
  const limit = await standardLimitOf(tx, accountId);
  if (limit === undefined) return [];
  const free = limit - (await countAdmittedStandard(tx, accountId));
  if (free <= 0) return [];
  const waiting = await waitingDocuments(tx, accountId, free);
  const ids = waiting.map((w) => w.id);
  if (ids.length) {
    await markDocumentsQueued(tx, ids);
    // In the same transaction: a queue that holds only admitted jobs gets them now.
    await jobQueueFor(tx).admit(tx, waiting.map((w) => ({ document_id: w.id, account_id: accountId, lane: w.processing_lane })));
  }
  return ids;
}
