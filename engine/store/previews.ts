// Previews (spec 2.5): the page images, e-invoice visualization and XML source a run
// produced. A read shows those of a completed document; a run retried replaces its own.
import type { Insertable, Selectable } from 'kysely';
import type { Db, DbTx } from './db.js';
import { prepared } from './prepared.js';
import type { PreviewRow } from './rows.js';
import type { PreviewsTable, TokenMode } from './schema.js';

const previewsOfDocument = prepared(1, (db: Db, documentId: number) => db.selectFrom('previews').selectAll().where('document_id', '=', documentId).orderBy('id'));

export function previewsOf(db: Db, documentId: number): Promise<PreviewRow[]> {
  return previewsOfDocument(db, documentId);
}

/** Previews of many documents at once (lists), in insertion order. */
export function previewsOfDocuments(db: Db, documentIds: number[]): Promise<PreviewRow[]> {
  return db.selectFrom('previews').selectAll().where('document_id', 'in', documentIds).orderBy('id').execute();
}

/** Where a document's preview files are stored (deletion removes them). */
export async function previewPathsOf(db: Db, documentId: number): Promise<string[]> {
  return (await db.selectFrom('previews').select('path').where('document_id', '=', documentId).execute()).map((p) => p.path);
}

/** The previews of given pages of one run (evidence pages of a profile result). */
export function runPagePreviews(db: Db, documentId: number, runId: number, pages: number[]) {
  return db
    .selectFrom('previews')
    .select(['page', 'path', 'content_type', 'file_size'])
    .where('document_id', '=', documentId)
    .where('run_id', '=', runId)
    .where('page', 'in', pages)
    .orderBy('id')
    .execute();
}

export async function insertPreview(tx: DbTx, preview: Insertable<PreviewsTable>): Promise<void> {
  await tx.insertInto('previews').values(preview).execute();
}

/** Removes what an earlier, interrupted attempt of the run wrote. */
export async function deleteRunPreviews(tx: DbTx, runId: number): Promise<void> {
  await tx.deleteFrom('previews').where('run_id', '=', runId).execute();
}

/** A reprocessed document shows no previews until its new run writes them. */
export async function deleteDocumentPreviews(tx: DbTx, documentId: number): Promise<void> {
  await tx.deleteFrom('previews').where('document_id', '=', documentId).execute();
}

/** A stored preview of a live document of the account in one token mode (the preview download, spec 4.4). */
export function findPreviewFile(db: Db, accountId: number, mode: TokenMode, previewId: number): Promise<Pick<Selectable<PreviewsTable>, 'path' | 'content_type' | 'filename' | 'file_format'> | undefined> {
  return db
    .selectFrom('previews')
    .innerJoin('documents', 'documents.id', 'previews.document_id')
    .select(['previews.path', 'previews.content_type', 'previews.filename', 'previews.file_format'])
    .where('previews.id', '=', previewId)
    .where('previews.account_id', '=', accountId)
    .where('documents.mode', '=', mode)
    .where('documents.deleted_at', 'is', null)
    .executeTakeFirst();
}
