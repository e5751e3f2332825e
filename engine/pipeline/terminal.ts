// Terminal transitions (spec 3): document, run, credits, job and capacity in ONE transaction.
import { recordDuplicates } from '../documents/duplicates.js';
import { returnAll } from '../billing/ledger.js';
import { admitWaiting } from '../documents/capacity.js';
import { immediateTransaction, type Db } from '../store/db.js';
import { nowTimestamp } from '../store/time.js';
import { enqueueDocumentEvent } from '../documents/events.js';
import { markDocumentBlocked, markDocumentCompleted, markDocumentFailed } from '../store/documents.js';
import { blockOpenRuns, completeOpenRuns, markRunFailed, openRunIds } from '../store/runs.js';
import { markDocumentJobsDead, markJobDead, markJobDone } from '../queue/job-rows.js';

export async function completeDocument(db: Db, documentId: number, jobId: number | null): Promise<void> {
  await immediateTransaction(db, async (tx) => {
    const ts = nowTimestamp();
    const doc = await markDocumentCompleted(tx, documentId, ts);
    await completeOpenRuns(tx, documentId, ts);
    if (jobId !== null) await markJobDone(tx, jobId, ts);
    await recordDuplicates(tx, documentId);
    await admitWaiting(tx, doc.account_id);
    await enqueueDocumentEvent(tx, doc.account_id, documentId, 'document.completed');
  }, { document: documentId });
}

/**
 * Ends a document in `error`. No usable result exists yet in any mode that can fail here,
 * so every applied credit is returned (spec 8, credits rule 4).
 */
export async function failDocument(db: Db, documentId: number, jobId: number | null, message: string, errorCode: string | null): Promise<void> {
  await immediateTransaction(db, async (tx) => {
    const ts = nowTimestamp();
    const doc = await markDocumentFailed(tx, documentId, message, ts);
    for (const runId of await openRunIds(tx, documentId)) {
      await markRunFailed(tx, runId, errorCode, message, ts);
      await returnAll(tx, runId, 'terminal error without a usable result');
    }
    if (jobId !== null) await markJobDead(tx, jobId, message, ts);
    else await markDocumentJobsDead(tx, documentId, message, ts);
    await admitWaiting(tx, doc.account_id);
    await enqueueDocumentEvent(tx, doc.account_id, documentId, 'document.failed');
  }, { document: documentId });
}

/**
 * A further page band is not covered (spec 3): the first band has already been returned by
 * settleBands; the document and run end `blocked` with `page_band_insufficient_credits`.
 */
export async function blockDocument(db: Db, documentId: number, jobId: number | null, reason: string): Promise<void> {
  await immediateTransaction(db, async (tx) => {
    const ts = nowTimestamp();
    const doc = await markDocumentBlocked(tx, documentId, reason, ts);
    await blockOpenRuns(tx, documentId, reason, ts);
    if (jobId !== null) await markJobDone(tx, jobId, ts);
    await admitWaiting(tx, doc.account_id);
    await enqueueDocumentEvent(tx, doc.account_id, documentId, 'document.blocked');
  }, { document: documentId });
}
