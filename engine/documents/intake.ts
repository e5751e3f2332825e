// Accepting an upload (spec 3, first rows): one write transaction creates the document,
// its run, the first-band ledger entry, the job and links the idempotency record.
import type { AuthenticatedToken } from '../accounts/accounts.js';
import { bandTotal, creditCostFor } from '../billing/bands.js';
import { applyFirstBand, balance } from '../billing/ledger.js';
import { WAITING_FOR_CAPACITY } from './capacity.js';
import { enqueueDocumentJob } from '../queue/queue.js';
import { immediateTransaction, type Db } from '../store/db.js';
import type { StagedUpload, BlobStore } from '../store/blobs.js';
import { nowTimestamp } from '../store/time.js';
import type { DocumentView } from '../store/rows.js';
import { loadView } from './queries.js';
import { countAdmittedStandard, insertDocument, sameFileDocuments } from '../store/documents.js';
import { insertRun } from '../store/runs.js';
import { attachDocument } from '../store/idempotency.js';
import { enqueueDocumentEvent } from './events.js';
import type { UploadFields } from './upload-rules.js';
import { profileVersionFor, runVersionsFor } from './versions.js';

export interface AcceptedUpload {
  documentId: number;
  /**
   * The document as accepted, read inside the acceptance transaction: the 201/402 body
   * shows the accepted state (spec 3, first rows) even if the scheduler claims the job
   * before the response is written.
   */
  view: DocumentView;
  /** 201 accepted, or 402 when credits do not cover the first band (document kept, blocked). */
  outcome: 'accepted' | 'insufficient_credits';
  availableCredits: number;
  requiredCredits: number;
}

export interface IntakeInput {
  auth: AuthenticatedToken;
  fields: UploadFields;
  staged: StagedUpload;
  filename: string;
  fileFormat: string;
  origin: 'api' | 'app' | 'mcp';
  idempotencyRowId: number | null;
}

export async function acceptUpload(db: Db, blobs: BlobStore, input: IntakeInput): Promise<AcceptedUpload> {
  const { auth, fields } = input;
  const blobPath = await blobs.commitOriginal(input.staged);
  const ts = nowTimestamp();
  const thumbnailMode = fields.processing_mode === 'thumbnail';
  const { creditCost, source: creditCostSource } = creditCostFor(fields.processing_mode, fields.extraction_profile);
  const firstBand = bandTotal(creditCost, null);
  // Test mode and thumbnail mode never charge (spec 8, credits rules 6-7).
  const chargeable = !thumbnailMode && auth.mode === 'live';

  try {
    return await immediateTransaction(db, async (tx) => {
      const available = await balance(tx, auth.accountId);
      const blocked = chargeable && available < firstBand;
      let stage: string | null = 'queued';
      if (blocked) stage = null;
      else if (fields.processing_lane === 'standard' && (await countAdmittedStandard(tx, auth.accountId)) >= auth.concurrentStandardLimit) {
        stage = WAITING_FOR_CAPACITY;
      }

      const sameFile = await sameFileDocuments(tx, auth.accountId, input.staged.sha256, Number.MAX_SAFE_INTEGER);
      const documentId = await insertDocument(tx, {
        account_id: auth.accountId,
        user_id: auth.userId,
        token_id: auth.tokenId,
        mode: auth.mode,
        processing_mode: fields.processing_mode,
        processing_lane: fields.processing_lane,
        pages: fields.processing_mode === 'analysis' ? fields.pages : null,
        status: blocked ? 'blocked' : 'pending',
        processing_stage: stage,
        processing_error: null,
        blocked_reason: blocked ? 'insufficient_credits' : null,
        scanner_status: null,
        scanner_provider: null,
        scanner_message: null,
        scanned_at: null,
        processing_started_at: null,
        processed_at: blocked ? ts : null,
        filename: input.filename,
        file_format: input.fileFormat,
        file_size: input.staged.size,
        file_sha256: input.staged.sha256,
        blob_path: blobPath,
        additional_text: fields.text,
        custom_types: fields.custom_types ? JSON.stringify(fields.custom_types) : null,
        requester: fields.requester,
        locale: fields.locale,
        origin: input.origin,
        // R1: only extraction mode can use AI.
        ai_processing: fields.processing_mode === 'extraction' && fields.allow_ai_processing ? 1 : 0,
        extraction_profile: fields.extraction_profile,
        profile_version: profileVersionFor(fields.extraction_profile),
        is_e_invoice: 0,
        thumbnail_path: null,
        duplicate_of: sameFile.length ? JSON.stringify(sameFile) : null,
        duplicate_reason: sameFile.length ? 'same_file' : null,
        deleted_at: null,
        created_at: ts,
        updated_at: ts,
      });

      if (!thumbnailMode) {
        const versions = runVersionsFor(fields.processing_mode, fields.extraction_profile);
        const runId = await insertRun(tx, {
          document_id: documentId,
          account_id: auth.accountId,
          mode: auth.mode,
          processing_lane: fields.processing_lane,
          source: input.origin,
          status: blocked ? 'blocked' : 'pending',
          blocked_reason: blocked ? 'insufficient_credits' : null,
          error_code: null,
          error_message: null,
          credits_charged: 0,
          ...versions,
          ai_model: null,
          ai_reasoning_effort: null,
          strategies_used: null,
          provenance_summary: null,
          billing_mode: auth.mode === 'test' ? 'test_mode' : 'page_band',
          credit_cost: creditCost,
          credit_cost_source: creditCostSource,
          quality: null,
          started_at: null,
          completed_at: null,
          created_at: ts,
        });
        if (chargeable && !blocked) await applyFirstBand(tx, { accountId: auth.accountId, documentId, runId, amount: firstBand });
      }

      if (!blocked) {
        await enqueueDocumentJob(tx, { document_id: documentId, account_id: auth.accountId, lane: fields.processing_lane, admitted: stage !== WAITING_FOR_CAPACITY });
      }
      if (input.idempotencyRowId !== null) {
        await attachDocument(tx, input.idempotencyRowId, documentId, ts);
      }
      // A document blocked at upload has reached `blocked`: the same event as later blocks.
      if (blocked) await enqueueDocumentEvent(tx, auth.accountId, documentId, 'document.blocked');
      const view = (await loadView(tx, auth.accountId, documentId))!;
      return { documentId, view, outcome: blocked ? 'insufficient_credits' : 'accepted', availableCredits: available, requiredCredits: firstBand };
    }, { account: auth.accountId });
  } catch (err) {
    await blobs.remove(blobPath);
    throw err;
  }
}
