// Opens the one database and applies migrations: the SQLite file (the desktop default: WAL,
// foreign keys, busy timeout) or, for the team server, PostgreSQL when the target is a
// postgres:// URL. Several processes (servers, workers, the CLI) may open it at once.
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type Transaction } from 'kysely';
import type { Database } from './schema.js';
import { migrations, renderMigration } from './migrations.js';
import { nowTimestamp } from './time.js';
import { dialectOf, isPostgresUrl, type DialectName } from './dialect.js';
import { openPostgres, postgresWriteLock } from './postgres.js';

export type Db = Kysely<Database>;
export type DbTx = Kysely<Database> | Transaction<Database>;

export interface OpenedDatabase {
  db: Db;
  dialect: DialectName;
  /** The better-sqlite3 handle behind `db` (SQLite only): for reads prepared directly on it. */
  raw?: BetterSqlite3.Database;
  /**
   * A number that changes whenever another process may have changed accounts, tokens or
   * sessions (SQLite: PRAGMA data_version; Postgres: notifications); NaN while unknown.
   */
  changeVersion(): number;
  close(): Promise<void>;
}

/** Where the engine's database lives: DOCDESK_DATABASE_URL (Postgres) or the data folder's SQLite file. */
export function databaseTarget(sqliteFile: string, env: NodeJS.ProcessEnv = process.env): string {
  const url = env.DOCDESK_DATABASE_URL?.trim();
  if (!url) return sqliteFile;
  if (!isPostgresUrl(url)) throw new Error('DOCDESK_DATABASE_URL must be a postgres:// URL (unset it to use the SQLite file in the data folder)');
  return url;
}

/** Opens a SQLite file path or a postgres:// URL, migrated to the current schema. */
export async function openDatabase(target: string): Promise<OpenedDatabase> {
  if (isPostgresUrl(target)) return openPostgres(target);
  return openSqlite(target);
}

function openSqlite(file: string): OpenedDatabase {
  const raw = new BetterSqlite3(file, { timeout: 10_000 });
  raw.pragma('journal_mode = WAL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('busy_timeout = 10000');
  migrate(raw);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(raw) }) });
  // Asked on every authenticated request: prepared once (raw.pragma() prepares each call).
  const dataVersion = raw.prepare('PRAGMA data_version').pluck();
  return {
    db,
    dialect: 'sqlite',
    raw,
    changeVersion: () => dataVersion.get() as number,
    async close() {
      await db.destroy();
    },
  };
}

const STATEMENT_CACHE_SIZE = 256;

/**
 * Kysely prepares every query anew; preparing costs more than running a point lookup.
 * Statements are cached by SQL text (parameters are bound per call, and better-sqlite3 is
 * synchronous, so a cached statement is never used by two queries at once).
 */
function withStatementCache(raw: BetterSqlite3.Database) {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    prepare(sqlText: string): BetterSqlite3.Statement {
      let stmt = cache.get(sqlText);
      if (stmt) {
        cache.delete(sqlText); // re-insert: the Map's order is the LRU order
      } else {
        stmt = raw.prepare(sqlText);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      cache.set(sqlText, stmt);
      return stmt;
    },
    close() {
      cache.clear();
      raw.close();
    },
  };
}

function migrate(raw: BetterSqlite3.Database): void {
  raw.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  // IMMEDIATE: two processes starting together must not both apply a migration.
  const apply = raw.transaction(() => {
    const row = raw.prepare('SELECT MAX(version) AS v FROM schema_migrations').get() as { v: number | null };
    const current = row.v ?? 0;
    for (const m of migrations) {
      if (m.version <= current) continue;
      raw.exec(renderMigration(m, 'sqlite'));
      raw.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, nowTimestamp());
    }
  });
  apply.immediate();
}

/**
 * Which writers a unit of work must exclude (docs/decisions.md, "Per-account write locks").
 * Omitted: every other writer (the safe default). `{ account }`: only writers of that
 * account — for work whose reads and writes all belong to one account (its documents, runs,
 * credit ledger, idempotency records, outbox rows); global state is only read.
 * `{ document }`: the account that owns the document.
 */
export type WriteScope = { account: number } | { document: number };

/**
 * The unit of work for a read-then-write: runs `fn` in one transaction that holds a write
 * lock from its first statement, so no conflicting writer can interleave and a
 * read-then-write cannot fail half-way. SQLite: BEGIN IMMEDIATE, the file's one write lock,
 * whatever the scope. Postgres: a READ COMMITTED transaction that first takes advisory locks
 * across processes and machines: without a scope the database-wide write lock exclusively;
 * with one, that lock shared plus the account's lock exclusively, so writers of different
 * accounts run side by side and a global writer still excludes them all.
 */
export async function immediateTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>, scope?: WriteScope): Promise<T> {
  const postgres = dialectOf(db) === 'postgres';
  return db.connection().execute(async (conn) => {
    await (postgres ? sql`BEGIN` : sql`BEGIN IMMEDIATE`).execute(conn);
    try {
      if (postgres) await postgresWriteLock(conn, scope);
      const result = await fn(conn);
      await sql`COMMIT`.execute(conn);
      return result;
    } catch (err) {
      await sql`ROLLBACK`.execute(conn).catch(() => undefined);
      throw err;
    }
  });
}
