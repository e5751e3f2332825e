// Row types of the tables, beside the schema: every layer that reads a row names it from
// here (the API's presenters, the pipeline, documents, webhooks).
import type { Selectable } from 'kysely';
import type { ProfileResult } from './profile-results.js';
import type { DocumentsTable, ExtractionRunsTable, PreviewsTable } from './schema.js';

export type DocumentRow = Selectable<DocumentsTable>;
export type RunRow = Selectable<ExtractionRunsTable>;
export type PreviewRow = Selectable<PreviewsTable>;

/**
 * The `processing_stage` of a standard-lane document that waits for its account's
 * capacity (documents/capacity.ts): the queue does not start it until it is admitted.
 */
export const WAITING_FOR_CAPACITY = 'waiting_for_capacity';

/** A document as one read loads it: its latest run, previews and profile result. */
export interface DocumentView {
  doc: DocumentRow;
  run: RunRow | null;
  previews: PreviewRow[];
  /** The latest profile result of the document (specialised profiles only). */
  profile?: ProfileResult | null;
}
