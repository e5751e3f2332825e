// Steps shared by the processing modes. Each step is idempotent: running it again after a
// crash overwrites the same artefact and the same columns.
import type { Detection, FileFormat } from '../formats/detect.js';
import type { WorkerPool } from '../jobs/worker-pool.js';
import { TaskError } from '../jobs/worker-pool.js';
import type { BlobStore } from '../store/blobs.js';
import type { Db } from '../store/db.js';
import { nowTimestamp } from '../store/time.js';
import type { DocumentRow } from '../api/presenters.js';
import type { WorkerTask } from './worker-entry.js';

export interface PipelineDeps {
  db: Db;
  blobs: BlobStore;
  pool: WorkerPool;
}

/** A deterministic, user-facing failure: the document ends in `error`, no retry. */
export class DocumentFailure extends Error {
  constructor(message: string, readonly errorCode: string | null = null) {
    super(message);
  }
}

const SCAN_TIMEOUT_MS = 30_000;
const THUMBNAIL_TIMEOUT_MS = 120_000;
export const SCANNER_PROVIDER = 'docdesk-content-check';

export async function setStage(deps: PipelineDeps, documentId: number, stage: string): Promise<void> {
  await deps.db.updateTable('documents').set({ processing_stage: stage, updated_at: nowTimestamp() }).where('id', '=', documentId).execute();
  // Fault injection for the crash tests: die exactly like a power cut at this stage.
  if (process.env.DOCDESK_FAULT_KILL_AT_STAGE === stage) process.kill(process.pid, 'SIGKILL');
}

export async function runTask<T>(deps: PipelineDeps, task: WorkerTask, timeoutMs: number): Promise<T> {
  try {
    return await deps.pool.run<T>(task, timeoutMs);
  } catch (err) {
    if (err instanceof TaskError && err.failure.userFacing) throw new DocumentFailure(err.message);
    throw err;
  }
}

/** The upload "scanner": identifies the content; anything unsupported is rejected. */
export async function scan(deps: PipelineDeps, doc: DocumentRow): Promise<FileFormat> {
  await setStage(deps, doc.id, 'scanning');
  const detection = await runTask<Detection>(deps, { kind: 'scan', path: deps.blobs.absolute(doc.blob_path!) }, SCAN_TIMEOUT_MS);
  const ts = nowTimestamp();
  if (!detection.format) {
    const reason = detection.reason ?? 'The file content is not a supported document format.';
    await deps.db
      .updateTable('documents')
      .set({ scanner_status: 'rejected', scanner_provider: SCANNER_PROVIDER, scanner_message: reason, scanned_at: ts, updated_at: ts })
      .where('id', '=', doc.id)
      .execute();
    throw new DocumentFailure(reason);
  }
  await deps.db
    .updateTable('documents')
    .set({ scanner_status: 'clean', scanner_provider: SCANNER_PROVIDER, scanner_message: `Content identified as ${detection.format}.`, scanned_at: ts, file_format: detection.format, updated_at: ts })
    .where('id', '=', doc.id)
    .execute();
  return detection.format;
}

export async function thumbnail(deps: PipelineDeps, doc: DocumentRow, format: FileFormat): Promise<void> {
  await setStage(deps, doc.id, 'thumbnailing');
  const jpeg = await runTask<Uint8Array>(deps, { kind: 'thumbnail', path: deps.blobs.absolute(doc.blob_path!), format }, THUMBNAIL_TIMEOUT_MS);
  const path = await deps.blobs.writeArtefact(`${doc.id}/thumbnail.jpg`, Buffer.from(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength));
  await deps.db.updateTable('documents').set({ thumbnail_path: path, updated_at: nowTimestamp() }).where('id', '=', doc.id).execute();
}
