// One document through the steps of its processing mode (spec 1, modes table). Steps
// are named after the `processing_stage` they report.
import type { DocumentRow } from '../api/presenters.js';
import { DocumentFailure, scan, thumbnail, type PipelineDeps } from './steps.js';

export { DocumentFailure } from './steps.js';
export type { PipelineDeps } from './steps.js';

export async function processDocument(deps: PipelineDeps, doc: DocumentRow): Promise<void> {
  switch (doc.processing_mode) {
    case 'thumbnail': {
      const format = await scan(deps, doc);
      await thumbnail(deps, doc, format);
      return;
    }
    default:
      // Never a fake result: modes whose steps have not landed end in a clear error.
      await scan(deps, doc);
      throw new DocumentFailure(`Processing mode "${doc.processing_mode}" is not available in this version of Docdesk yet; use thumbnail mode, or upgrade Docdesk.`, 'mode_unavailable');
  }
}
