// The team server's queue: pg-boss on the server's PostgreSQL (docs/decisions.md, "Team
// server: job engine"). pg-boss stores the jobs, orders them by priority (standard lane
// before batch), retries with exponential backoff, moves jobs out of attempts to a dead
// letter queue, and fails jobs whose lease (`expire_in`) lapsed. Docdesk adds three things
// pg-boss 10 does not have: the enqueue and the claim run inside Docdesk's own kysely
// transactions (pg-boss's `db` option), a heartbeat that extends the lease of jobs still
// being worked on, and a NOTIFY so idle processes on other machines start a new job at once.
// Per-account concurrency is Docdesk's admission (capacity.ts): a standard-lane document
// waiting for its account's capacity gets its pg-boss job only when admitted.
import PgBoss from 'pg-boss';
import pg from 'pg';
import { CompiledQuery, sql } from 'kysely';
import type { Db } from '../store/db.js';
import type { ClaimedJob, ClaimOptions, DocumentJob, JobQueue, RecoveredJobs } from './queue.js';

export const DOCUMENT_QUEUE = 'docdesk-documents';
export const DEAD_LETTERS = 'docdesk-documents-dead';
const WAKE_CHANNEL = 'docdesk_jobs';

export interface PgBossQueueOptions {
  connectionString: string;
  /** A claimed job whose lease is not renewed for this long goes back to the queue (default 60 s; DOCDESK_JOB_LEASE_SECONDS). */
  leaseSeconds?: number;
  /** Attempts of a job before it is dead-lettered (default 3). */
  maxAttempts?: number;
  /** First retry delay; doubles (with jitter) on each further retry (default 2 s). */
  retryDelaySeconds?: number;
  /** How often pg-boss's own maintenance runs in this process (default 30 s). */
  maintenanceSeconds?: number;
}

interface JobData extends DocumentJob {
  [key: string]: unknown;
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
  private readonly retryDelay: number;
  private readonly deadLetterIds = new Set<string>();
  private listener: pg.Client | null = null;

  constructor(private readonly db: Db, private readonly opts: PgBossQueueOptions) {
    this.lease = opts.leaseSeconds ?? (Number(process.env.DOCDESK_JOB_LEASE_SECONDS) || 60);
    this.maxAttempts = opts.maxAttempts ?? 3;
    this.retryDelay = opts.retryDelaySeconds ?? 2;
    this.boss = new PgBoss({ connectionString: opts.connectionString, max: 4, application_name: 'docdesk-jobs', schedule: false, maintenanceIntervalSeconds: opts.maintenanceSeconds ?? 30 });
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
      retryDelay: this.retryDelay,
      retryBackoff: true,
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
   * pg-boss's fetch inside a Docdesk transaction: the job turns active and the document is
   * marked started in one commit. Fairness between accounts is the admission's (each account's
   * concurrent standard limit) and the worker pool's page-by-page turns, not `perAccount`.
   */
  async claim(opts: ClaimOptions): Promise<ClaimedJob | null> {
    return this.db.transaction().execute(async (tx) => {
      const [row] = await this.boss.fetch<JobData>(DOCUMENT_QUEUE, { db: through(tx), includeMetadata: true });
      if (!row) return null;
      const job = this.claimed(row);
      // Who holds the job, readable by operators and tests while it is active (pg-boss
      // overwrites `output` when the job completes or fails).
      await sql`UPDATE pgboss.job SET output = jsonb_build_object('owner', ${opts.owner}::text) WHERE name = ${DOCUMENT_QUEUE} AND id = ${row.id}::uuid`.execute(tx);
      await opts.onClaim?.(tx, job);
      return job;
    });
  }

  private claimed(row: PgBoss.JobWithMetadata<JobData>): ClaimedJob {
    return { id: row.id, row_id: null, document_id: row.data.document_id, account_id: row.data.account_id, lane: row.data.lane, attempts: row.retryCount + 1, max_attempts: row.retryLimit + 1 };
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

  async fail(job: ClaimedJob, reason: string): Promise<'retry' | 'dead'> {
    await this.boss.fail(DOCUMENT_QUEUE, job.id, { message: reason });
    return job.attempts >= job.max_attempts ? 'dead' : 'retry';
  }

  /** pg-boss cannot hand a job back without counting the attempt; the retry starts at once elsewhere. */
  async release(jobs: ClaimedJob[], reason: string): Promise<void> {
    for (const job of jobs) await this.boss.fail(DOCUMENT_QUEUE, job.id, { message: reason });
  }

  /**
   * Jobs whose lease lapsed (their process died, on any machine) are failed by pg-boss, so
   * they retry or, out of attempts, land in the dead letters. A dead letter whose document
   * still waits is given up here (the scheduler ends the document in error); the others
   * record documents the scheduler already ended.
   */
  async recover(): Promise<RecoveredJobs> {
    await this.boss.expire();
    const result: RecoveredJobs = { requeued: 0, givenUp: [] };
    for (;;) {
      const rows = await this.boss.fetch<JobData>(DEAD_LETTERS, { batchSize: 50, includeMetadata: true });
      if (rows.length === 0) return result;
      const ids = rows.map((r) => r.data.document_id);
      const pending = new Set((await this.db.selectFrom('documents').select('id').where('id', 'in', ids).where('status', '=', 'pending').execute()).map((d) => d.id));
      for (const row of rows) {
        if (pending.has(row.data.document_id)) {
          this.deadLetterIds.add(row.id);
          result.givenUp.push({ ...this.claimed(row), attempts: this.maxAttempts, max_attempts: this.maxAttempts, interruptions: this.maxAttempts });
        } else await this.boss.complete(DEAD_LETTERS, row.id);
      }
    }
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
