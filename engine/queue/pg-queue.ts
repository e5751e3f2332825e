// The team server's queue: pg-boss on the server's PostgreSQL (docs/decisions.md, "Team
// server: job engine"). pg-boss stores the jobs, fails them into retries or a dead letter
// queue, and archives old ones. Docdesk's own statements on pg-boss's job table (pinned
// pg-boss 10.4.2; covered by test/engine/queue/pg-queue.test.ts) give it the desktop queue's
// semantics (policy.ts): the claim runs in Docdesk's transaction and holds an account to its
// share of the document slots; a heartbeat extends the lease; a release at shutdown and a
// crash recovery give the attempt back (the latter counts an interruption), and a retry
// waits the desktop's backoff. A NOTIFY wakes idle processes on other machines. Per-account
// concurrent standard limits are Docdesk's admission (capacity.ts): a waiting document gets
// its pg-boss job only when admitted.
import PgBoss from 'pg-boss';
import pg from 'pg';
import { CompiledQuery, sql } from 'kysely';
import type { Db } from '../store/db.js';
import { postgresClaimLock } from '../store/postgres.js';
import type { ClaimedJob, ClaimOptions, DocumentJob, JobQueue, RecoveredJobs } from './queue.js';
import { MAX_ATTEMPTS, MAX_INTERRUPTIONS, RETRY_BACKOFF_MS, retryBackoffMs } from './policy.js';

export const DOCUMENT_QUEUE = 'docdesk-documents';
export const DEAD_LETTERS = 'docdesk-documents-dead';
const WAKE_CHANNEL = 'docdesk_jobs';
const INTERRUPTED = 'interrupted: the engine stopped during this step';

export interface PgBossQueueOptions {
  connectionString: string;
  /** A claimed job whose lease is not renewed for this long goes back to the queue (default 60 s; DOCDESK_JOB_LEASE_SECONDS). */
  leaseSeconds?: number;
  /** Attempts of a job before it is dead-lettered (default policy.ts). */
  maxAttempts?: number;
  /** Delay before the next attempt by attempts used so far (default the desktop's, policy.ts). */
  retryBackoffMs?: readonly number[];
  /** How often archiving and deleting old jobs runs, in the recovery loop (default 30 s). */
  maintenanceSeconds?: number;
}

interface JobData extends DocumentJob {
  /** Crash recoveries so far (policy.ts). */
  interruptions?: number;
  [key: string]: unknown;
}

interface JobRow {
  id: string;
  data: JobData;
  retry_count: number;
  retry_limit: number;
}

/** pg-boss's database adapter over a kysely transaction (or the pool). */
function through(db: Db): PgBoss.Db {
  return { executeSql: async (text, values) => ({ rows: [...(await db.executeQuery(CompiledQuery.raw(text, values ?? []))).rows] }) };
}

function priority(lane: DocumentJob['lane']): number {
  return lane === 'standard' ? 1 : 0;
}

export class PgBossJobQueue implements JobQueue {
  readonly engine = 'pg-boss' as const;
  readonly boss: PgBoss;
  private readonly lease: number;
  private readonly maxAttempts: number;
  private readonly backoff: readonly number[];
  private readonly maintenanceMs: number;
  private maintainedAt = 0;
  private readonly deadLetterIds = new Set<string>();
  private listener: pg.Client | null = null;

  constructor(private readonly db: Db, private readonly opts: PgBossQueueOptions) {
    this.lease = opts.leaseSeconds ?? (Number(process.env.DOCDESK_JOB_LEASE_SECONDS) || 60);
    this.maxAttempts = opts.maxAttempts ?? MAX_ATTEMPTS;
    this.backoff = opts.retryBackoffMs ?? RETRY_BACKOFF_MS;
    this.maintenanceMs = (opts.maintenanceSeconds ?? 30) * 1000;
    // No supervision: pg-boss's maintenance would fail lapsed jobs (using up an attempt);
    // recover() gives them back instead and runs the rest of the maintenance itself.
    this.boss = new PgBoss({ connectionString: opts.connectionString, max: 4, application_name: 'docdesk-jobs', schedule: false, supervise: false });
    this.boss.on('error', (err) => console.error('job queue (pg-boss):', err.message));
  }

  private starting: Promise<void> | null = null;

  /** Idempotent: the process opens it, its scheduler starts it again. */
  start(): Promise<void> {
    this.starting ??= this.open();
    return this.starting;
  }

  private async open(): Promise<void> {
    await this.boss.start();
    await this.boss.createQueue(DEAD_LETTERS, { name: DEAD_LETTERS, retryLimit: 0, retentionMinutes: 60 * 24 * 14 });
    await this.boss.createQueue(DOCUMENT_QUEUE, {
      name: DOCUMENT_QUEUE,
      retryLimit: this.maxAttempts - 1,
      expireInSeconds: this.lease,
      deadLetter: DEAD_LETTERS,
    });
  }

  /** Calls `wake` whenever any process enqueues or admits a job. */
  async subscribe(wake: () => void): Promise<void> {
    const client = new pg.Client({ connectionString: this.opts.connectionString, application_name: 'docdesk-wake' });
    client.on('notification', () => wake());
    client.on('error', () => undefined);
    await client.connect();
    await client.query(`LISTEN ${WAKE_CHANNEL}`);
    this.listener = client;
  }

  async enqueue(tx: Db, job: DocumentJob & { admitted: boolean }): Promise<void> {
    if (job.admitted) await this.send(tx, [job]);
  }

  async admit(tx: Db, jobs: DocumentJob[]): Promise<void> {
    await this.send(tx, jobs);
  }

  private async send(tx: Db, jobs: DocumentJob[]): Promise<void> {
    if (jobs.length === 0) return;
    await this.start();
    for (const job of jobs) {
      const data: JobData = { document_id: job.document_id, account_id: job.account_id, lane: job.lane };
      const id = await this.boss.send(DOCUMENT_QUEUE, data, { priority: priority(job.lane), db: through(tx) });
      // pg-boss inserts nothing for a queue that does not exist: never lose a job silently.
      if (!id) throw new Error(`the job queue ${DOCUMENT_QUEUE} does not exist (start the queue before enqueueing)`);
    }
    // Delivered when the transaction commits, never for a rolled-back upload.
    await sql`SELECT pg_notify(${WAKE_CHANNEL}, '')`.execute(tx);
  }

  /**
   * The desktop's claim on pg-boss's table: standard lane first, then the account with the
   * fewest running documents, then the oldest job; an account already running `perAccount`
   * documents (on any process) waits for one of them. Claims take turns (an advisory lock),
   * so two processes cannot both give an account its last slot. pg-boss's own fetch has no
   * per-account limit; this statement otherwise does what it does (retry_count counts a
   * claim of a job that was started before). The job turns active, records its owner
   * (operators: `output->>'owner'`; pg-boss overwrites `output` at the end) and the
   * document is marked started, in one commit.
   */
  async claim(opts: ClaimOptions): Promise<ClaimedJob | null> {
    await this.start();
    return this.db.transaction().execute(async (tx) => {
      await postgresClaimLock(tx);
      const { rows } = await sql<JobRow>`
        WITH busy AS (
          SELECT data->>'account_id' AS account, COUNT(*) AS n FROM pgboss.job
          WHERE name = ${DOCUMENT_QUEUE} AND state = 'active' GROUP BY 1
        ), next AS (
          SELECT j.id FROM pgboss.job j LEFT JOIN busy b ON b.account = j.data->>'account_id'
          WHERE j.name = ${DOCUMENT_QUEUE} AND j.state < 'active' AND j.start_after < now() AND COALESCE(b.n, 0) < ${opts.perAccount}
          ORDER BY j.priority DESC, COALESCE(b.n, 0), j.created_on, j.id
          LIMIT 1 FOR UPDATE OF j SKIP LOCKED
        )
        UPDATE pgboss.job j SET state = 'active', started_on = now(),
          retry_count = CASE WHEN j.started_on IS NOT NULL THEN j.retry_count + 1 ELSE j.retry_count END,
          output = jsonb_build_object('owner', ${opts.owner}::text)
        FROM next WHERE j.name = ${DOCUMENT_QUEUE} AND j.id = next.id
        RETURNING j.id, j.data, j.retry_count, j.retry_limit`.execute(tx);
      if (!rows[0]) return null;
      const job = claimed(rows[0]);
      await opts.onClaim?.(tx, job);
      return job;
    });
  }

  /** pg-boss 10 has no heartbeat: the lease is renewed by moving the job's expiry forward. */
  async heartbeat(_owner: string, jobs: ClaimedJob[]): Promise<void> {
    const ids = jobs.filter((j) => !this.deadLetterIds.has(j.id)).map((j) => j.id);
    if (ids.length === 0) return;
    await sql`UPDATE pgboss.job SET expire_in = (now() - started_on) + make_interval(secs => ${this.lease})
      WHERE name = ${DOCUMENT_QUEUE} AND id = ANY(${ids}::uuid[]) AND state = 'active'`.execute(this.db);
  }

  async complete(job: ClaimedJob): Promise<void> {
    const queue = this.deadLetterIds.delete(job.id) ? DEAD_LETTERS : DOCUMENT_QUEUE;
    await this.boss.complete(queue, job.id);
  }

  /** pg-boss retries or dead-letters the job; a retry waits the desktop's backoff (not pg-boss's). */
  async fail(job: ClaimedJob, reason: string): Promise<'retry' | 'dead'> {
    const delayMs = retryBackoffMs(job.attempts, this.backoff);
    await this.db.transaction().execute(async (tx) => {
      await this.boss.fail(DOCUMENT_QUEUE, job.id, { message: reason }, { db: through(tx) });
      await sql`UPDATE pgboss.job SET start_after = now() + make_interval(secs => ${delayMs / 1000})
        WHERE name = ${DOCUMENT_QUEUE} AND id = ${job.id}::uuid AND state = 'retry'`.execute(tx);
    });
    return job.attempts >= job.max_attempts ? 'dead' : 'retry';
  }

  /** Not the job's fault: back to the queue at once, the attempt given back (its next claim is the same attempt). */
  async release(jobs: ClaimedJob[], reason: string): Promise<void> {
    if (jobs.length === 0) return;
    await sql`UPDATE pgboss.job SET state = 'retry', started_on = NULL, start_after = now(), output = jsonb_build_object('message', ${reason}::text)
      WHERE name = ${DOCUMENT_QUEUE} AND id = ANY(${jobs.map((j) => j.id)}::uuid[]) AND state = 'active'`.execute(this.db);
    await sql`SELECT pg_notify(${WAKE_CHANNEL}, '')`.execute(this.db);
  }

  /**
   * Jobs whose lease lapsed (their process died, on any machine) go back to the queue with
   * their attempt given back and one interruption counted; at MAX_INTERRUPTIONS pg-boss
   * dead-letters them. A dead letter whose document still waits is given up here (the
   * scheduler ends the document in error); the others record documents the scheduler
   * already ended. Also runs pg-boss's archiving now and then (supervision is off).
   */
  async recover(): Promise<RecoveredJobs> {
    await this.start();
    const result: RecoveredJobs = { requeued: 0, givenUp: [] };
    await this.db.transaction().execute(async (tx) => {
      const lapsed = await sql<{ id: string; interruptions: number }>`
        SELECT id, COALESCE((data->>'interruptions')::int, 0) + 1 AS interruptions FROM pgboss.job
        WHERE name = ${DOCUMENT_QUEUE} AND state = 'active' AND started_on + expire_in < now()
        FOR UPDATE SKIP LOCKED`.execute(tx);
      const back = lapsed.rows.filter((r) => r.interruptions < MAX_INTERRUPTIONS).map((r) => r.id);
      const out = lapsed.rows.filter((r) => r.interruptions >= MAX_INTERRUPTIONS).map((r) => r.id);
      const counted = sql`data || jsonb_build_object('interruptions', COALESCE((data->>'interruptions')::int, 0) + 1)`;
      if (back.length) {
        await sql`UPDATE pgboss.job SET state = 'retry', started_on = NULL, start_after = now(), data = ${counted}, output = jsonb_build_object('message', ${INTERRUPTED}::text)
          WHERE name = ${DOCUMENT_QUEUE} AND id = ANY(${back}::uuid[])`.execute(tx);
        await sql`SELECT pg_notify(${WAKE_CHANNEL}, '')`.execute(tx);
        result.requeued = back.length;
      }
      if (out.length) {
        await sql`UPDATE pgboss.job SET retry_count = retry_limit, data = ${counted} WHERE name = ${DOCUMENT_QUEUE} AND id = ANY(${out}::uuid[])`.execute(tx);
        for (const id of out) await this.boss.fail(DOCUMENT_QUEUE, id, { message: INTERRUPTED }, { db: through(tx) });
      }
      // A dead letter taken by a process that died before ending its document: offered again.
      await sql`UPDATE pgboss.job SET state = 'created', started_on = NULL WHERE name = ${DEAD_LETTERS} AND state = 'active' AND started_on + expire_in < now()`.execute(tx);
    });
    await this.maintain();
    for (;;) {
      const rows = await this.boss.fetch<JobData>(DEAD_LETTERS, { batchSize: 50, includeMetadata: true });
      if (rows.length === 0) return result;
      const ids = rows.map((r) => r.data.document_id);
      const pending = new Set((await this.db.selectFrom('documents').select('id').where('id', 'in', ids).where('status', '=', 'pending').execute()).map((d) => d.id));
      for (const row of rows) {
        if (pending.has(row.data.document_id)) {
          this.deadLetterIds.add(row.id);
          result.givenUp.push({ ...claimed({ id: row.id, data: row.data, retry_count: row.retryCount, retry_limit: row.retryLimit }), attempts: this.maxAttempts, max_attempts: this.maxAttempts, interruptions: row.data.interruptions ?? 0 });
        } else await this.boss.complete(DEAD_LETTERS, row.id);
      }
    }
  }

  /** pg-boss's archiving and deletion of old jobs (its own advisory lock: one process at a time). */
  private async maintain(): Promise<void> {
    if (Date.now() < this.maintainedAt + this.maintenanceMs) return;
    this.maintainedAt = Date.now();
    await this.boss.archive();
    // pg-boss 10.4.2 exports it as `drop` (its typings call it `purge`, which does not exist).
    await (this.boss as unknown as { drop(): Promise<void> }).drop();
  }

  private stopping: Promise<void> | null = null;

  /** Idempotent: the scheduler stops it, then the process closing its database again. */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      await this.listener?.end().catch(() => undefined);
      this.listener = null;
      if (this.starting) await this.boss.stop({ graceful: false, wait: true, close: true });
    })();
    return this.stopping;
  }
}

function claimed(row: JobRow): ClaimedJob {
  return { id: row.id, row_id: null, document_id: row.data.document_id, account_id: row.data.account_id, lane: row.data.lane, attempts: row.retry_count + 1, max_attempts: row.retry_limit + 1 };
}
