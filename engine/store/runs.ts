// Extraction runs (spec 2.2): one per processing attempt of a document, the latest (highest
// id) is the one a read shows. The pipeline decides what a run's columns become; these are
// its statements. Writes take the caller's transaction where a transition spans tables.
import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db, DbTx } from './db.js';
import { prepared } from './prepared.js';
import type { RunRow } from './rows.js';
import type { ExtractionRunsTable } from './schema.js';

const latestRun = prepared(1, (db: Db, documentId: number) => db.selectFrom('extraction_runs').selectAll().where('document_id', '=', documentId).orderBy('id', 'desc').limit(1));

/** The document's latest run, or undefined before its first (thumbnail mode has none). */
export async function latestRunOf(db: Db, documentId: number): Promise<RunRow | undefined> {
  return (await latestRun(db, documentId))[0];
}

/** The latest run of each document (lists). */
export function latestRunsOf(db: Db, documentIds: number[]): Promise<RunRow[]> {
  return db
    .selectFrom('extraction_runs')
    .selectAll()
    .where('id', 'in', (eb) => eb.selectFrom('extraction_runs').select(sql<number>`MAX(id)`.as('id')).where('document_id', 'in', documentIds).groupBy('document_id'))
    .execute();
}

/** Every run of a document, oldest first. */
export function runsOf(tx: DbTx, documentId: number): Promise<RunRow[]> {
  return tx.selectFrom('extraction_runs').selectAll().where('document_id', '=', documentId).orderBy('id').execute();
}

export async function insertRun(tx: DbTx, run: Insertable<ExtractionRunsTable>): Promise<number> {
  return (await tx.insertInto('extraction_runs').values(run).returning('id').executeTakeFirstOrThrow()).id;
}

/** The job was claimed: the document's pending runs start (the first start time stays). */
export async function markRunsProcessing(tx: DbTx, documentId: number, ts: string): Promise<void> {
  await tx.updateTable('extraction_runs').set({ status: 'processing', started_at: sql`COALESCE(started_at, ${ts})` }).where('document_id', '=', documentId).where('status', '=', 'pending').execute();
}

/** Ids of the document's runs that have not ended (pending or processing). */
export async function openRunIds(tx: DbTx, documentId: number): Promise<number[]> {
  return (await tx.selectFrom('extraction_runs').select('id').where('document_id', '=', documentId).where('status', 'in', ['pending', 'processing']).execute()).map((r) => r.id);
}

export async function completeOpenRuns(tx: DbTx, documentId: number, ts: string): Promise<void> {
  await tx.updateTable('extraction_runs').set({ status: 'completed', completed_at: ts }).where('document_id', '=', documentId).where('status', 'in', ['pending', 'processing']).execute();
}

export async function markRunFailed(tx: DbTx, runId: number, errorCode: string | null, message: string, ts: string): Promise<void> {
  await tx.updateTable('extraction_runs').set({ status: 'error', error_code: errorCode, error_message: message, completed_at: ts }).where('id', '=', runId).execute();
}

/** A further page band was not covered: the open runs end `blocked`, charging nothing. */
export async function blockOpenRuns(tx: DbTx, documentId: number, reason: string, ts: string): Promise<void> {
  await tx.updateTable('extraction_runs').set({ status: 'blocked', blocked_reason: reason, credits_charged: 0, completed_at: ts }).where('document_id', '=', documentId).where('status', 'in', ['pending', 'processing']).execute();
}

/** `quality` (spec 2.3) of a run, as the JSON text stored. */
export async function setRunQuality(tx: DbTx, runId: number, quality: unknown): Promise<void> {
  await tx.updateTable('extraction_runs').set({ quality: JSON.stringify(quality) }).where('id', '=', runId).execute();
}

/** What an extraction step records on its run: fields, quality, strategies, versions, AI model. */
export type RunOutcome = Pick<
  Updateable<ExtractionRunsTable>,
  'fields' | 'quality' | 'provenance_summary' | 'strategies_used' | 'extraction_schema_version' | 'extractor_version' | 'normalization_version' | 'ai_prompt_version' | 'ai_model' | 'ai_reasoning_effort'
>;

export async function recordRunOutcome(tx: DbTx, runId: number, outcome: RunOutcome): Promise<void> {
  await tx.updateTable('extraction_runs').set(outcome).where('id', '=', runId).execute();
}
