// The team-server database: kysely's PostgresDialect over a `pg` pool, migrated from the
// same source as the SQLite file, with BIGINT/NUMERIC read back as JS numbers.
import pg from 'pg';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type { Database } from './schema.js';
import type { Db, OpenedDatabase, WriteScope } from './db.js';
import { migrations, renderMigration } from './migrations.js';
import { nowTimestamp } from './time.js';

// Advisory lock keys (two int4s): "docd" and the purpose.
const LOCK_NAMESPACE = 0x646f6364;
const LOCK_WRITE = 1;
const LOCK_MIGRATE = 2;
const LOCK_CLAIM = 3;
// Per-account write locks: their own namespace ("ddac"), the account id as the second key.
const ACCOUNT_LOCK_NAMESPACE = 0x64646163;
const INT4_MAX = 2 ** 31 - 1;
const OID_INT8 = 20;
const OID_NUMERIC = 1700;

/**
 * Ids, counts, sums and epoch milliseconds are BIGINT (or NUMERIC for SUM) on Postgres,
 * which `pg` returns as strings; the app reads numbers on both databases. A value beyond
 * 2^53 cannot occur in this schema and fails loudly rather than silently rounding.
 */
function toNumber(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n) && !(Number.isFinite(n) && text.includes('.'))) throw new Error(`database number ${text} is outside JavaScript's safe range`);
  return n;
}

const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === OID_INT8 || oid === OID_NUMERIC) return toNumber;
    return pg.types.getTypeParser(oid, format as 'text');
  },
} as pg.CustomTypesConfig;

export async function openPostgres(url: string): Promise<OpenedDatabase> {
  const pool = new pg.Pool({ connectionString: url, types, max: Number(process.env.DOCDESK_DATABASE_POOL ?? 10) });
  // An idle client whose server went away reports here; the next query gets a new one.
  pool.on('error', () => undefined);
  try {
    await migrate(pool);
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw err;
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  // Listening costs a connection: opened on the first authentication, so CLI commands
  // that never authenticate a request do not pay for it.
  const feed = new AuthChangeFeed(url);
  return {
    db,
    dialect: 'postgres',
    changeVersion: () => feed.current(),
    async close() {
      await feed.stop();
      await db.destroy();
    },
  };
}

/** Applies pending migrations under an advisory lock: processes starting together take turns. */
async function migrate(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    // The common case, an up-to-date database, without taking the lock.
    const { rows: present } = await client.query<{ present: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS present");
    if (present[0]?.present) {
      const { rows: done } = await client.query<{ v: number | null }>('SELECT MAX(version) AS v FROM schema_migrations');
      if (done[0]?.v === migrations[migrations.length - 1]!.version) return;
    }
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1, $2)', [LOCK_NAMESPACE, LOCK_MIGRATE]);
    await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
    const { rows } = await client.query<{ v: number | null }>('SELECT MAX(version) AS v FROM schema_migrations');
    const current = rows[0]?.v ?? 0;
    for (const m of migrations) {
      if (m.version <= current) continue;
      await client.query(renderMigration(m, 'postgres'));
      await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [m.version, m.name, nowTimestamp()]);
    }
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/**
 * Inside an open transaction, before anything else: waits for the write lock of `scope`
 * (released at COMMIT/ROLLBACK). Always the global lock first (exclusive, or shared for an
 * account), then the account's, so no two units of work wait for each other in a circle.
 * A document that does not exist (or an id beyond int4) falls back to the global lock.
 */
export async function postgresWriteLock(conn: Db, scope?: WriteScope): Promise<void> {
  // DOCDESK_WRITE_LOCKS=global: every unit of work takes the global lock (the single-writer
  // behaviour before per-account locks; an operator's fallback and the benchmark's baseline).
  const account = scope === undefined || process.env.DOCDESK_WRITE_LOCKS === 'global' ? null : 'account' in scope ? scope.account : await documentAccount(conn, scope.document);
  if (account === null || !Number.isSafeInteger(account) || account < 0 || account > INT4_MAX) {
    await sql`SELECT pg_advisory_xact_lock(${LOCK_NAMESPACE}, ${LOCK_WRITE})`.execute(conn);
    return;
  }
  await sql`SELECT pg_advisory_xact_lock_shared(${LOCK_NAMESPACE}, ${LOCK_WRITE})`.execute(conn);
  await sql`SELECT pg_advisory_xact_lock(${ACCOUNT_LOCK_NAMESPACE}, ${account}::int)`.execute(conn);
}

/** A document's account never changes, so it may be read before the lock. */
async function documentAccount(conn: Db, documentId: number): Promise<number | null> {
  const row = await conn.selectFrom('documents').select('account_id').where('id', '=', documentId).executeTakeFirst();
  return row?.account_id ?? null;
}

/** Inside an open transaction: job claims take turns (a claim reads how many jobs each account runs). */
export async function postgresClaimLock(conn: Db): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${LOCK_NAMESPACE}, ${LOCK_CLAIM})`.execute(conn);
}

/**
 * Counts `docdesk_auth_changed` notifications (sent by triggers on accounts, tokens and
 * sessions) on a dedicated connection. While that connection is down the version is NaN,
 * which turns the auth cache off until it is back.
 */
class AuthChangeFeed {
  version = NaN;
  private client: pg.Client | null = null;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;
  private counter = 0;

  private started = false;

  constructor(private readonly url: string) {}

  /** The version now; NaN until the first connection is listening. */
  current(): number {
    if (!this.started && !this.stopped) {
      this.started = true;
      void this.connect();
    }
    return this.version;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    const lost = () => {
      if (this.client !== client) return;
      this.client = null;
      this.version = NaN;
      client.end().catch(() => undefined);
      if (!this.stopped) this.retry = setTimeout(() => void this.connect(), 1000).unref();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', () => {
      this.counter += 1;
      if (!Number.isNaN(this.version)) this.version = this.counter;
    });
    this.client = client;
    try {
      await client.connect();
      await client.query('LISTEN docdesk_auth_changed');
      // A fresh number: anything cached before the connection was lost is stale.
      this.counter += 1;
      this.version = this.counter;
    } catch {
      lost();
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    this.version = NaN;
    await client?.end().catch(() => undefined);
  }
}
