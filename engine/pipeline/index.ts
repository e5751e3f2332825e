// One document through the steps of its processing mode (spec 1, modes table). Steps
// are named after the `processing_stage` they report.
import type { DocumentRow } from '../store/rows.js';
import { runAnalysis } from './analysis.js';
import { runExtraction } from './extraction.js';
import { runValidation } from './validation.js';
import { DocumentFailure, scan, thumbnail, type PipelineDeps } from './steps.js';

export { DocumentFailure, RetryableFailure } from './steps.js';
export { PageBandBlocked } from './analysis.js';
export type { PipelineDeps } from './steps.js';

export async function processDocument(deps: PipelineDeps, doc: DocumentRow): Promise<void> {
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

function latestRun(deps: PipelineDeps, doc: DocumentRow) {
  return deps.db.selectFrom('extraction_runs').selectAll().where('document_id', '=', doc.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
}
