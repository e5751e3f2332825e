// Opens the one SQLite file (WAL, foreign keys, busy timeout) and applies migrations.
// Several processes (the server and the CLI) may open the same file at once.
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type Transaction } from 'kysely';
import type { Database } from './schema.js';
import { migrations } from './migrations.js';
import { nowTimestamp } from './time.js';

export type Db = Kysely<Database>;
export type DbTx = Kysely<Database> | Transaction<Database>;

export interface OpenedDatabase {
  db: Db;
  raw: BetterSqlite3.Database;
  close(): Promise<void>;
}

export function openDatabase(file: string): OpenedDatabase {
  const raw = new BetterSqlite3(file, { timeout: 10_000 });
  raw.pragma('journal_mode = WAL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('busy_timeout = 10000');
  migrate(raw);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(raw) }) });
  return {
    db,
    raw,
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
      raw.exec(m.sql);
      raw.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, nowTimestamp());
    }
  });
  apply.immediate();
}

/**
 * Runs `fn` in a BEGIN IMMEDIATE transaction: the write lock is taken up front, so a
 * read-then-write cannot fail half-way with SQLITE_BUSY when another process writes.
 */
export async function immediateTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    await sql`BEGIN IMMEDIATE`.execute(conn);
    try {
      const result = await fn(conn);
      await sql`COMMIT`.execute(conn);
      return result;
    } catch (err) {
      await sql`ROLLBACK`.execute(conn).catch(() => undefined);
      throw err;
    }
  });
}
