// Terminal transitions (spec 3): document, run, credits, job and capacity in ONE transaction.
import { recordDuplicates } from '../documents/duplicates.js';
import { returnAll } from '../billing/ledger.js';
import { admitWaiting } from '../documents/capacity.js';
import { immediateTransaction, type Db } from '../store/db.js';
import { nowTimestamp } from '../store/time.js';
import { enqueueDocumentEvent } from '../documents/events.js';

export async function completeDocument(db: Db, documentId: number, jobId: number | null): Promise<void> {
  await immediateTransaction(db, async (tx) => {
    const ts = nowTimestamp();
    const doc = await tx.updateTable('documents').set({ status: 'completed', processing_stage: 'completed', processed_at: ts, updated_at: ts }).where('id', '=', documentId).returning('account_id').executeTakeFirstOrThrow();
    await tx.updateTable('extraction_runs').set({ status: 'completed', completed_at: ts }).where('document_id', '=', documentId).where('status', 'in', ['pending', 'processing']).execute();
    if (jobId !== null) await tx.updateTable('jobs').set({ status: 'done', owner: null, lease_until: null, updated_at: ts }).where('id', '=', jobId).execute();
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
    const doc = await tx
      .updateTable('documents')
      .set({ status: 'error', processing_stage: 'failed', processing_error: message, processed_at: ts, updated_at: ts })
      .where('id', '=', documentId)
      .returning('account_id')
      .executeTakeFirstOrThrow();
    const runs = await tx.selectFrom('extraction_runs').select('id').where('document_id', '=', documentId).where('status', 'in', ['pending', 'processing']).execute();
    for (const run of runs) {
      await tx.updateTable('extraction_runs').set({ status: 'error', error_code: errorCode, error_message: message, completed_at: ts }).where('id', '=', run.id).execute();
      await returnAll(tx, run.id, 'terminal error without a usable result');
    }
    if (jobId !== null) await tx.updateTable('jobs').set({ status: 'dead', owner: null, lease_until: null, last_error: message, updated_at: ts }).where('id', '=', jobId).execute();
    else await tx.updateTable('jobs').set({ status: 'dead', owner: null, lease_until: null, last_error: message, updated_at: ts }).where('document_id', '=', documentId).where('status', 'in', ['queued', 'running']).execute();
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
    const doc = await tx
      .updateTable('documents')
      .set({ status: 'blocked', blocked_reason: reason, processing_stage: null, processed_at: ts, updated_at: ts })
      .where('id', '=', documentId)
      .returning('account_id')
      .executeTakeFirstOrThrow();
    await tx.updateTable('extraction_runs').set({ status: 'blocked', blocked_reason: reason, credits_charged: 0, completed_at: ts }).where('document_id', '=', documentId).where('status', 'in', ['pending', 'processing']).execute();
    if (jobId !== null) await tx.updateTable('jobs').set({ status: 'done', owner: null, lease_until: null, updated_at: ts }).where('id', '=', jobId).execute();
    await admitWaiting(tx, doc.account_id);
    await enqueueDocumentEvent(tx, doc.account_id, documentId, 'document.blocked');
  }, { document: documentId });
}
