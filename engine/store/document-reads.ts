// The hot read of GET /api/v1/documents/{id}: one document row of an account and its latest
// extraction run. On SQLite it is ONE prepared statement run directly on better-sqlite3
// (kysely's query pipeline costs more than SQLite needs to answer it); every other handle —
// a transaction, another dialect — takes the dialect-neutral kysely path below, which is
// also what a Postgres implementation sits beside.
import type BetterSqlite3 from 'better-sqlite3';
import type { Selectable } from 'kysely';
import type { Db } from './db.js';
import { prepared } from './prepared.js';
import { latestRunOf } from './runs.js';
import type { DocumentsTable, ExtractionRunsTable, TokenMode } from './schema.js';

export interface DocumentWithRun {
  doc: Selectable<DocumentsTable>;
  /** The latest run (highest id); null for thumbnail-mode documents and before the first run. */
  run: Selectable<ExtractionRunsTable> | null;
}

type Row = Record<string, unknown>;

interface SqliteDocumentReads {
  raw: BetterSqlite3.Database;
  anyMode: BetterSqlite3.Statement;
  inMode: BetterSqlite3.Statement;
  docColumns: string[];
  runColumns: string[];
  dataVersion: BetterSqlite3.Statement;
  totalChanges: BetterSqlite3.Statement;
}

const registered = new WeakMap<object, SqliteDocumentReads>();

const columnsOf = (raw: BetterSqlite3.Database, table: string) => (raw.prepare(`SELECT name FROM pragma_table_info('${table}')`).pluck().all() as string[]);

/** Prepares the single-statement read for the engine's own SQLite handle (not for its transactions). */
export function registerSqliteDocumentReads(db: object, raw: BetterSqlite3.Database): void {
  const docColumns = columnsOf(raw, 'documents');
  const runColumns = columnsOf(raw, 'extraction_runs');
  const select = [...docColumns.map((c) => `d."${c}"`), ...runColumns.map((c) => `r."${c}"`)].join(', ');
  // Thumbnail-mode documents never have a run worth showing (the presenter shows none).
  const base =
    `SELECT ${select} FROM documents d LEFT JOIN extraction_runs r ON d.processing_mode <> 'thumbnail' ` +
    `AND r.id = (SELECT MAX(id) FROM extraction_runs WHERE document_id = d.id) ` +
    `WHERE d.id = ? AND d.account_id = ? AND d.deleted_at IS NULL`;
  registered.set(db, {
    raw,
    anyMode: raw.prepare(base).raw(),
    inMode: raw.prepare(`${base} AND d.mode = ?`).raw(),
    docColumns,
    runColumns,
    dataVersion: raw.prepare('PRAGMA data_version').pluck(),
    totalChanges: raw.prepare('SELECT total_changes()').pluck(),
  });
}

function fromRaw(reads: SqliteDocumentReads, values: unknown[]): DocumentWithRun {
  const doc: Row = {};
  const { docColumns, runColumns } = reads;
  for (let i = 0; i < docColumns.length; i++) doc[docColumns[i]!] = values[i];
  let run: Row | null = null;
  if (values[docColumns.length] !== null) {
    run = {};
    for (let i = 0; i < runColumns.length; i++) run[runColumns[i]!] = values[docColumns.length + i];
  }
  return { doc: doc as DocumentWithRun['doc'], run: run as DocumentWithRun['run'] };
}

const documentById = prepared(2, (db: Db, accountId: number, id: number) =>
  db.selectFrom('documents').selectAll().where('id', '=', id).where('account_id', '=', accountId).where('deleted_at', 'is', null),
);
const documentByIdInMode = prepared(3, (db: Db, accountId: number, mode: TokenMode, id: number) =>
  db.selectFrom('documents').selectAll().where('id', '=', id).where('account_id', '=', accountId).where('mode', '=', mode).where('deleted_at', 'is', null),
);

/** A live document of the account (of one token mode when `mode` is given), without its run. */
export async function findDocumentRow(db: Db, accountId: number, mode: TokenMode | null, id: number): Promise<Selectable<DocumentsTable> | undefined> {
  return (mode === null ? await documentById(db, accountId, id) : await documentByIdInMode(db, accountId, mode, id))[0];
}

/**
 * A value that changes whenever what a read returns may have changed: a commit by any other
 * connection (SQLite's data_version) or a row this connection changed (total_changes(), which
 * counts uncommitted and trigger changes too). Undefined where no such value is known (a
 * transaction's handle, another dialect, a transaction open on the shared connection):
 * callers then simply do not reuse earlier reads.
 */
export function changeStamp(db: Db): string | undefined {
  const reads = registered.get(db);
  if (!reads || reads.raw.inTransaction) return undefined;
  return `${reads.dataVersion.get() as number}:${reads.totalChanges.get() as number}`;
}

/** The document with its latest run, or undefined when the account has no such live document. */
export async function findDocumentWithRun(db: Db, accountId: number, mode: TokenMode | null, id: number): Promise<DocumentWithRun | undefined> {
  const reads = registered.get(db);
  // A transaction open on the shared connection (kysely holds it across awaits) must finish
  // first: reading beside it would see its uncommitted rows. The kysely path waits for it.
  if (reads && !reads.raw.inTransaction) {
    const values = (mode === null ? reads.anyMode.get(id, accountId) : reads.inMode.get(id, accountId, mode)) as unknown[] | undefined;
    return values && fromRaw(reads, values);
  }
  const doc = await findDocumentRow(db, accountId, mode, id);
  if (!doc) return undefined;
  const run = doc.processing_mode === 'thumbnail' ? undefined : await latestRunOf(db, doc.id);
  return { doc, run: run ?? null };
}
