// Reprocessing a terminal document (spec 3, the two reprocessing rows; 1.4 and 9.7): a new
// run with the version, settings and credit rate recorded for the document. After an
// already charged usable result the new run is free; after a fully returned failure it
// is charged its page-band total only if it leaves a usable result.
import { immediateTransaction, type Db } from '../store/db.js';
import { nowTimestamp } from '../store/time.js';
import { WAITING_FOR_CAPACITY, admittedStandardCount } from './capacity.js';
import { enqueueDocumentJob } from '../queue/queue.js';
import { scopeAccount, scopeMode, type DocumentScope } from './queries.js';

export class ReprocessError extends Error {}

export const BILLING_REPROCESS_FREE = 'reprocess_after_charged_result';
export const BILLING_REPROCESS_CHARGED = 'reprocess_after_returned_failure';

export async function reprocessDocument(db: Db, documentId: number, scope?: DocumentScope): Promise<{ runId: number | null }> {
  return immediateTransaction(db, async (tx) => {
    let q = tx.selectFrom('documents').selectAll().where('id', '=', documentId).where('deleted_at', 'is', null);
    if (scope !== undefined) q = q.where('account_id', '=', scopeAccount(scope));
    const mode = scope === undefined ? null : scopeMode(scope);
    if (mode !== null) q = q.where('mode', '=', mode);
    const doc = await q.executeTakeFirst();
    if (!doc) throw new ReprocessError(`no document with id ${documentId}`);
    if (doc.status === 'pending') throw new ReprocessError(`document ${documentId} is still being processed`);
    if (doc.status === 'blocked' && doc.blocked_reason === 'insufficient_credits') {
      throw new ReprocessError(`document ${documentId} was blocked at upload for lack of credits; upload it again with a new Idempotency-Key (spec ER1)`);
    }
    const ts = nowTimestamp();
    let runId: number | null = null;
    if (doc.processing_mode !== 'thumbnail') {
      const runs = await tx.selectFrom('extraction_runs').selectAll().where('document_id', '=', doc.id).orderBy('id').execute();
      const last = runs[runs.length - 1];
      if (!last) throw new ReprocessError(`document ${documentId} has no run to repeat`);
      const charged = runs.some((r) => r.status === 'completed' && (r.credits_charged ?? 0) > 0);
      const run = await tx
        .insertInto('extraction_runs')
        .values({
          ...last,
          id: undefined,
          status: 'pending',
          blocked_reason: null,
          error_code: null,
          error_message: null,
          credits_charged: 0,
          ai_model: null,
          ai_reasoning_effort: null,
          strategies_used: null,
          provenance_summary: null,
          quality: null,
          billing_mode: doc.mode === 'test' ? 'test_mode' : charged ? BILLING_REPROCESS_FREE : BILLING_REPROCESS_CHARGED,
          started_at: null,
          completed_at: null,
          created_at: ts,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      runId = run.id;
    }
    const account = await tx.selectFrom('accounts').select('concurrent_standard_limit').where('id', '=', doc.account_id).executeTakeFirstOrThrow();
    const waiting = doc.processing_lane === 'standard' && (await admittedStandardCount(tx, doc.account_id)) >= account.concurrent_standard_limit;
    await tx
      .updateTable('documents')
      .set({
        status: 'pending',
        processing_stage: waiting ? WAITING_FOR_CAPACITY : 'queued',
        processing_error: null,
        blocked_reason: null,
        processing_started_at: null,
        processed_at: null,
        extracted_text: null,
        extracted_text_plain: null,
        progress_pages_done: null,
        progress_pages_total: null,
        updated_at: ts,
      })
      .where('id', '=', doc.id)
      .execute();
    await tx.deleteFrom('previews').where('document_id', '=', doc.id).execute();
    await enqueueDocumentJob(tx, { document_id: doc.id, account_id: doc.account_id, lane: doc.processing_lane, admitted: !waiting });
    return { runId };
  }, { document: documentId });
}
