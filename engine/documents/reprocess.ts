// Reprocessing a terminal document (spec 3, the two reprocessing rows; 1.4 and 9.7): a new
// run with the version, settings and credit rate recorded for the document. After an
// already charged usable result the new run is free; after a fully returned failure it
// is charged its page-band total only if it leaves a usable result.
import { immediateTransaction, type Db } from '../store/db.js';
import { nowTimestamp } from '../store/time.js';
import { WAITING_FOR_CAPACITY } from './capacity.js';
import { countAdmittedStandard, findLiveDocument, markDocumentReprocessing } from '../store/documents.js';
import { standardLimitOf } from '../store/accounts.js';
import { deleteDocumentPreviews } from '../store/previews.js';
import { insertRun, runsOf } from '../store/runs.js';
import { enqueueDocumentJob } from '../queue/queue.js';
import { scopeAccount, scopeMode, type DocumentScope } from './queries.js';

export class ReprocessError extends Error {}

export const BILLING_REPROCESS_FREE = 'reprocess_after_charged_result';
const BILLING_REPROCESS_CHARGED = 'reprocess_after_returned_failure';

export async function reprocessDocument(db: Db, documentId: number, scope?: DocumentScope): Promise<{ runId: number | null }> {
  return immediateTransaction(db, async (tx) => {
    const doc = await findLiveDocument(tx, documentId, scope === undefined ? undefined : { accountId: scopeAccount(scope), mode: scopeMode(scope) });
    if (!doc) throw new ReprocessError(`no document with id ${documentId}`);
    if (doc.status === 'pending') throw new ReprocessError(`document ${documentId} is still being processed`);
    if (doc.status === 'blocked' && doc.blocked_reason === 'insufficient_credits') {
      throw new ReprocessError(`document ${documentId} was blocked at upload for lack of credits; upload it again with a new Idempotency-Key (spec ER1)`);
    }
    const ts = nowTimestamp();
    let runId: number | null = null;
    if (doc.processing_mode !== 'thumbnail') {
      const runs = await runsOf(tx, doc.id);
      const last = runs[runs.length - 1];
      if (!last) throw new ReprocessError(`document ${documentId} has no run to repeat`);
      const charged = runs.some((r) => r.status === 'completed' && (r.credits_charged ?? 0) > 0);
      runId = await insertRun(tx, {
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
      });
    }
    const limit = await standardLimitOf(tx, doc.account_id);
    if (limit === undefined) throw new Error(`no account with id ${doc.account_id}`);
    const waiting = doc.processing_lane === 'standard' && (await countAdmittedStandard(tx, doc.account_id)) >= limit;
    await markDocumentReprocessing(tx, doc.id, waiting ? WAITING_FOR_CAPACITY : 'queued', ts);
    await deleteDocumentPreviews(tx, doc.id);
    await enqueueDocumentJob(tx, { document_id: doc.id, account_id: doc.account_id, lane: doc.processing_lane, admitted: !waiting });
    return { runId };
  }, { document: documentId });
}
