// Documents (spec 2.1, 3): the row of an upload through its lifecycle. The rules of the
// lifecycle (acceptance, capacity, the pipeline's steps, terminal transitions, duplicates,
// reprocessing, deletion) live in documents/ and pipeline/; these are their statements.
import { sql, type Insertable } from 'kysely';
import type { Db, DbTx } from './db.js';
import { jsonText } from './dialect.js';
import type { DocumentRow } from './rows.js';
import { WAITING_FOR_CAPACITY } from './rows.js';
import type { DocumentsTable, ProcessingLane, TokenMode } from './schema.js';
import { nowTimestamp } from './time.js';

export async function insertDocument(tx: DbTx, doc: Insertable<DocumentsTable>): Promise<number> {
  return (await tx.insertInto('documents').values(doc).returning('id').executeTakeFirstOrThrow()).id;
}

/** A live (not deleted) document by id, of one account and token mode when given. */
export function findLiveDocument(tx: DbTx, id: number, scope?: { accountId: number; mode: TokenMode | null }): Promise<DocumentRow | undefined> {
  let q = tx.selectFrom('documents').selectAll().where('id', '=', id).where('deleted_at', 'is', null);
  if (scope !== undefined) q = q.where('account_id', '=', scope.accountId);
  if (scope?.mode) q = q.where('mode', '=', scope.mode);
  return q.executeTakeFirst();
}

/** Status, error and deletion of documents (an import waiting for them to finish). */
export function documentStates(db: Db, ids: number[]) {
  return db.selectFrom('documents').select(['id', 'status', 'processing_error', 'blocked_reason', 'deleted_at']).where('id', 'in', ids).execute();
}

/** Which of `ids` are still pending. */
export async function pendingDocumentIds(db: Db, ids: number[]): Promise<number[]> {
  return (await db.selectFrom('documents').select('id').where('id', 'in', ids).where('status', '=', 'pending').execute()).map((r) => r.id);
}

/** Live documents and where their original is stored (the orphan sweep's reference list). */
export function liveDocumentBlobs(db: Db) {
  return db.selectFrom('documents').select(['id', 'blob_path']).where('deleted_at', 'is', null).execute();
}

// --- capacity (standard lane) ---------------------------------------------------------

/** Unfinished standard-lane documents of the account that have been admitted (not waiting for capacity). */
export async function countAdmittedStandard(tx: DbTx, accountId: number): Promise<number> {
  const row = await tx
    .selectFrom('documents')
    .select(sql<number>`COUNT(*)`.as('n'))
    .where('account_id', '=', accountId)
    .where('status', '=', 'pending')
    .where('processing_lane', '=', 'standard')
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('processing_stage', 'is', null), eb('processing_stage', '!=', WAITING_FOR_CAPACITY)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The oldest `limit` documents of the account waiting for capacity. */
export function waitingDocuments(tx: DbTx, accountId: number, limit: number): Promise<Array<{ id: number; processing_lane: ProcessingLane }>> {
  return tx
    .selectFrom('documents')
    .select(['id', 'processing_lane'])
    .where('account_id', '=', accountId)
    .where('status', '=', 'pending')
    .where('processing_stage', '=', WAITING_FOR_CAPACITY)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function markDocumentsQueued(tx: DbTx, ids: number[]): Promise<void> {
  await tx.updateTable('documents').set({ processing_stage: 'queued', updated_at: nowTimestamp() }).where('id', 'in', ids).execute();
}

// --- the pipeline's steps -------------------------------------------------------------

/** The job was claimed: the document's processing starts (the first start time stays). */
export async function markDocumentStarted(tx: DbTx, id: number, ts: string): Promise<void> {
  await tx
    .updateTable('documents')
    .set({ processing_started_at: sql`COALESCE(processing_started_at, ${ts})`, updated_at: ts })
    .where('id', '=', id)
    .execute();
}

/** The `processing_stage` a document reports (spec 2.1). */
export async function setProcessingStage(db: Db, id: number, stage: string): Promise<void> {
  await db.updateTable('documents').set({ processing_stage: stage, updated_at: nowTimestamp() }).where('id', '=', id).execute();
}

export type ScanRecord = Pick<DocumentsTable, 'scanner_status' | 'scanner_provider' | 'scanner_message'> & { scanned_at: string; file_format?: string };

/** The upload scanner's verdict (and the format it identified, when it did). */
export async function recordScan(db: Db, id: number, scan: ScanRecord): Promise<void> {
  await db
    .updateTable('documents')
    .set({ ...scan, updated_at: scan.scanned_at })
    .where('id', '=', id)
    .execute();
}

export async function setThumbnailPath(db: Db, id: number, path: string): Promise<void> {
  await db.updateTable('documents').set({ thumbnail_path: path, updated_at: nowTimestamp() }).where('id', '=', id).execute();
}

/** The page count once known, with the page progress it starts (null: no progress shown). */
export async function recordPageCount(tx: DbTx, id: number, pages: number, progressTotal: number | null): Promise<void> {
  await tx.updateTable('documents').set({ number_of_pages: pages, progress_pages_done: progressTotal === null ? null : 0, progress_pages_total: progressTotal, updated_at: nowTimestamp() }).where('id', '=', id).execute();
}

export async function setPagesDone(db: Db, id: number, done: number): Promise<void> {
  await db.updateTable('documents').set({ progress_pages_done: done, updated_at: nowTimestamp() }).where('id', '=', id).execute();
}

/** `extracted_text` with its markers (spec 2.1) and the marker-free text search reads. */
export async function setExtractedText(tx: DbTx, id: number, extracted: string, plain: string, ts: string): Promise<void> {
  await tx.updateTable('documents').set({ extracted_text: extracted, extracted_text_plain: plain, updated_at: ts }).where('id', '=', id).execute();
}

/** Spec 2.1 `is_e_invoice`; `updatedAt` also touches `updated_at`. */
export async function setEInvoice(tx: DbTx, id: number, isEInvoice: boolean, updatedAt?: string): Promise<void> {
  await tx
    .updateTable('documents')
    .set({ is_e_invoice: isEInvoice ? 1 : 0, ...(updatedAt === undefined ? {} : { updated_at: updatedAt }) })
    .where('id', '=', id)
    .execute();
}

// --- terminal transitions and reprocessing ---------------------------------------------

/** Ends the document `completed`; returns its account. */
export function markDocumentCompleted(tx: DbTx, id: number, ts: string): Promise<{ account_id: number }> {
  return tx.updateTable('documents').set({ status: 'completed', processing_stage: 'completed', processed_at: ts, updated_at: ts }).where('id', '=', id).returning('account_id').executeTakeFirstOrThrow();
}

/** Ends the document in `error` with the message shown; returns its account. */
export function markDocumentFailed(tx: DbTx, id: number, message: string, ts: string): Promise<{ account_id: number }> {
  return tx
    .updateTable('documents')
    .set({ status: 'error', processing_stage: 'failed', processing_error: message, processed_at: ts, updated_at: ts })
    .where('id', '=', id)
    .returning('account_id')
    .executeTakeFirstOrThrow();
}

/** Ends the document `blocked` for `reason`; returns its account. */
export function markDocumentBlocked(tx: DbTx, id: number, reason: string, ts: string): Promise<{ account_id: number }> {
  return tx
    .updateTable('documents')
    .set({ status: 'blocked', blocked_reason: reason, processing_stage: null, processed_at: ts, updated_at: ts })
    .where('id', '=', id)
    .returning('account_id')
    .executeTakeFirstOrThrow();
}

/** A terminal document goes back to `pending` at `stage`, its earlier results cleared. */
export async function markDocumentReprocessing(tx: DbTx, id: number, stage: string, ts: string): Promise<void> {
  await tx
    .updateTable('documents')
    .set({
      status: 'pending',
      processing_stage: stage,
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
    .where('id', '=', id)
    .execute();
}

/** Hides the document from its account (DELETE); its files are removed after. */
export async function markDocumentDeleted(db: Db, id: number): Promise<void> {
  await db.updateTable('documents').set({ deleted_at: nowTimestamp(), updated_at: nowTimestamp() }).where('id', '=', id).where('deleted_at', 'is', null).execute();
}

// --- duplicates (issue 18) ------------------------------------------------------------

/** Earlier live documents of the account with the same content hash. */
export async function sameFileDocuments(db: DbTx, accountId: number, sha256: string, exceptId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('documents')
    .select('id')
    .where('account_id', '=', accountId)
    .where('file_sha256', '=', sha256)
    .where('deleted_at', 'is', null)
    .where('id', '<', exceptId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** What duplicate detection needs of a document. */
export function duplicateFactsOf(tx: DbTx, id: number) {
  return tx.selectFrom('documents').select(['id', 'account_id', 'file_sha256', 'duplicate_of', 'duplicate_reason']).where('id', '=', id).executeTakeFirst();
}

export function duplicateMarksOf(tx: DbTx, id: number) {
  return tx.selectFrom('documents').select(['duplicate_of', 'duplicate_reason']).where('id', '=', id).executeTakeFirst();
}

export async function setDuplicateMarks(tx: DbTx, id: number, duplicateOf: string, reason: NonNullable<DocumentsTable['duplicate_reason']>): Promise<void> {
  await tx.updateTable('documents').set({ duplicate_of: duplicateOf, duplicate_reason: reason }).where('id', '=', id).execute();
}

/** Other completed live documents of the account whose latest run extracted `documentNumber`, with that run's fields. */
export function completedWithDocumentNumber(tx: DbTx, accountId: number, exceptId: number, documentNumber: string) {
  return tx
    .selectFrom('documents as d')
    .innerJoin('extraction_runs as r', 'r.document_id', 'd.id')
    .select(['d.id', 'r.fields'])
    .where('d.account_id', '=', accountId)
    .where('d.id', '!=', exceptId)
    .where('d.deleted_at', 'is', null)
    .where('d.status', '=', 'completed')
    .where(jsonText(tx, 'r.fields', ['document_number', 'value']), '=', documentNumber)
    .where('r.id', '=', (eb) => eb.selectFrom('extraction_runs').select(sql<number>`MAX(id)`.as('id')).whereRef('document_id', '=', 'd.id'))
    .execute();
}
