// One document through the steps of its processing mode (spec 1, modes table). Steps
// are named after the `processing_stage` they report.
import type { DocumentRow } from '../store/rows.js';
import { runAnalysis } from './analysis.js';
import { runExtraction } from './extraction.js';
import { runValidation } from './validation.js';
import { DocumentFailure, RetryableFailure, scan, thumbnail, type PipelineDeps } from './steps.js';
import { BlobNotFoundError, BlobStoreUnavailableError } from '../store/blobs.js';
import { latestRunOf } from '../store/runs.js';

export { DocumentFailure, RetryableFailure } from './steps.js';
export { PageBandBlocked } from './analysis.js';
export type { PipelineDeps } from './steps.js';

export async function processDocument(deps: PipelineDeps, doc: DocumentRow): Promise<void> {
  // Workers read and write local files: the blob store lends the run a workspace (the data
  // folder itself, or a local copy published back to a bucket before the run completes).
  try {
    await deps.blobs.withWorkspace(doc.id, doc.blob_path!, (files) => processSteps({ ...deps, files }, doc));
  } catch (err) {
    if (err instanceof BlobNotFoundError && err.key === doc.blob_path) {
      throw new DocumentFailure('The uploaded file is no longer in Docdesk\'s file store, so the document cannot be processed; upload it again.', 'source_file_missing');
    }
    if (err instanceof BlobStoreUnavailableError) throw new RetryableFailure(err.message, 'blob_store_unavailable');
    throw err;
  }
}

async function processSteps(deps: PipelineDeps, doc: DocumentRow): Promise<void> {
  const format = await scan(deps, doc);
  switch (doc.processing_mode) {
    case 'thumbnail':
      await thumbnail(deps, doc, format);
      return;
    case 'analysis': {
      await runAnalysis(deps, doc, await latestRun(deps, doc), format);
      return;
    }
    case 'extraction':
      await runExtraction(deps, doc, await latestRun(deps, doc), format);
      return;
    case 'validation':
      await runValidation(deps, doc, await latestRun(deps, doc), format);
      return;
    default:
      // Never a fake result: modes whose steps have not landed end in a clear error.
      throw new DocumentFailure(`Processing mode "${doc.processing_mode}" is not available in this version of Docdesk yet; use analysis or thumbnail mode, or upgrade Docdesk.`, 'mode_unavailable');
  }
}

async function latestRun(deps: PipelineDeps, doc: DocumentRow) {
  const run = await latestRunOf(deps.db, doc.id);
  if (!run) throw new Error(`document ${doc.id} has no run`);
  return run;
}
