// Steps shared by the processing modes. Each step is idempotent: running it again after a
// crash overwrites the same artefact and the same columns.
import type { FileFormat } from '../formats/detect.js';
import type { ScanOutcome } from '../scanner/index.js';
import { bandTotal } from '../billing/bands.js';
import { settleBands } from '../billing/ledger.js';
import { BILLING_REPROCESS_FREE } from '../documents/reprocess.js';
import { immediateTransaction } from '../store/db.js';
import type { BlobStore, RunWorkspace } from '../store/blobs.js';
import type { Db } from '../store/db.js';
import { nowTimestamp } from '../store/time.js';
import { allowsPdfJavascript } from '../store/accounts.js';
import { recordPageCount, recordScan, setProcessingStage, setThumbnailPath } from '../store/documents.js';
import type { DocumentRow, RunRow } from '../store/rows.js';
import type { WorkerTask } from './worker-entry.js';

/** Whose work a task is: the pool takes turns between accounts, then between documents. */
export interface TaskShare {
  account: number;
  document: number;
}

/**
 * Runs the CPU-heavy part of a step in a worker process (worker-entry.ts). The job runner
 * passes its pool in; a deterministic failure about the input rejects with an error whose
 * `failure.userFacing` is true.
 */
export interface TaskRunner {
  /** Tasks it runs at once (worker processes). */
  readonly size: number;
  run<T>(task: WorkerTask, timeoutMs: number, share: TaskShare | null): Promise<T>;
}

export interface PipelineDeps {
  db: Db;
  blobs: BlobStore;
  pool: TaskRunner;
  /** The account and document the work is for: the pool takes turns between them. */
  share?: TaskShare;
  /** The run's local files (original in, artefacts out): opened by processDocument around the run. */
  files?: RunWorkspace;
}

export function runFiles(deps: PipelineDeps): RunWorkspace {
  if (!deps.files) throw new Error('a pipeline step ran outside processDocument (no run workspace)');
  return deps.files;
}

/** A deterministic, user-facing failure: the document ends in `error`, no retry. */
export class DocumentFailure extends Error {
  constructor(message: string, readonly errorCode: string | null = null) {
    super(message);
  }
}

/** A further page band is not covered: the document ends `blocked` (spec 3). */
export class PageBandBlocked extends Error {
  constructor() {
    super('page_band_insufficient_credits');
  }
}

/**
 * A technical failure worth retrying (a validator dependency, a crashed worker). The
 * scheduler retries the job; after the last attempt the document fails with `errorCode`.
 */
export class RetryableFailure extends Error {
  constructor(message: string, readonly errorCode: string) {
    super(message);
  }
}

/**
 * Spec 3 / section 8: once the page count is known, the run's charge becomes the page-band
 * total of the `chargedPages` — or the document is blocked when a further band is not
 * covered (throws PageBandBlocked; the first band has been returned). Records the page count
 * and the page progress total in the same transaction.
 */
export async function settlePageBands(deps: PipelineDeps, doc: DocumentRow, run: RunRow, chargedPages: number, totalPages: number, progressTotal: number | null): Promise<void> {
  const settled = await immediateTransaction(deps.db, async (tx) => {
    const outcome = await settleBands(tx, { runId: run.id, accountId: doc.account_id, documentId: doc.id, total: bandTotal(run.credit_cost, chargedPages), chargeable: doc.mode === 'live' && run.billing_mode !== BILLING_REPROCESS_FREE });
    if (outcome.outcome === 'charged') {
      await recordPageCount(tx, doc.id, totalPages, progressTotal);
    }
    return outcome;
  }, { account: doc.account_id });
  if (settled.outcome === 'blocked') throw new PageBandBlocked();
}

// ClamAV through clamscan loads its signatures on every run (seconds with the full set).
const SCAN_TIMEOUT_MS = 120_000;
const THUMBNAIL_TIMEOUT_MS = 120_000;

export async function setStage(deps: PipelineDeps, documentId: number, stage: string): Promise<void> {
  await setProcessingStage(deps.db, documentId, stage);
  // Fault injection for the crash tests: die exactly like a power cut at this stage.
  if (process.env.DOCDESK_FAULT_KILL_AT_STAGE === stage) process.kill(process.pid, 'SIGKILL');
}

export async function runTask<T>(deps: PipelineDeps, task: WorkerTask, timeoutMs: number): Promise<T> {
  try {
    return await deps.pool.run<T>(task, timeoutMs, deps.share ?? null);
  } catch (err) {
    if ((err as { failure?: { userFacing?: unknown } } | null)?.failure?.userFacing === true) throw new DocumentFailure((err as Error).message);
    throw err;
  }
}

/**
 * The upload scanner (spec 2.1), before any reader runs: content identification, ClamAV when
 * present, Docdesk's active-content rules. A rejection ends the document in `error` with the
 * scanner fields set and every applied credit returned; nothing has been read.
 */
export async function scan(deps: PipelineDeps, doc: DocumentRow): Promise<FileFormat> {
  await setStage(deps, doc.id, 'scanning');
  const allowJavascript = await allowsPdfJavascript(deps.db, doc.account_id);
  const outcome = await runTask<ScanOutcome>(deps, { kind: 'scan', path: runFiles(deps).source, allow_pdf_javascript: allowJavascript }, SCAN_TIMEOUT_MS);
  await recordScan(deps.db, doc.id, { scanner_status: outcome.status, scanner_provider: outcome.provider, scanner_message: outcome.message, scanned_at: nowTimestamp(), ...(outcome.format ? { file_format: outcome.format } : {}) });
  if (outcome.status === 'rejected') throw new DocumentFailure(outcome.message, outcome.rule === 'unsupported_format' ? null : 'upload_rejected_by_scanner');
  return outcome.format!;
}

export async function thumbnail(deps: PipelineDeps, doc: DocumentRow, format: FileFormat): Promise<void> {
  await setStage(deps, doc.id, 'thumbnailing');
  const jpeg = await runTask<Uint8Array>(deps, { kind: 'thumbnail', path: runFiles(deps).source, format }, THUMBNAIL_TIMEOUT_MS);
  const path = await deps.blobs.writeArtefact(`${doc.id}/thumbnail.jpg`, Buffer.from(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength));
  await setThumbnailPath(deps.db, doc.id, path);
}
