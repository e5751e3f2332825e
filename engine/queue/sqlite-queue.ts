// The desktop queue: jobs live in the SQLite `jobs` table, are claimed under a lease in a
// BEGIN IMMEDIATE transaction, and survive crashes. Several processes on one data folder
// share it (the file is the lock). Owners are `pid@starttime`, so a dead owner on this
// machine is noticed at once, without waiting for its lease.
import { sql, type Selectable } from 'kysely';
import { immediateTransaction, type Db } from '../store/db.js';
import type { JobsTable } from '../store/schema.js';
import { nowTimestamp, toTimestamp } from '../store/time.js';
import { WAITING_FOR_CAPACITY } from '../store/rows.js';
import { ownerAlive } from '../config/owner.js';
import type { ClaimedJob, ClaimOptions, DocumentJob, JobQueue, RecoveredJobs } from './queue.js';
import { MAX_ATTEMPTS, MAX_INTERRUPTIONS, retryBackoffMs } from './policy.js';

const LEASE_MS = 60_000;

function claimed(row: Selectable<JobsTable>): ClaimedJob {
  return { id: String(row.id), row_id: row.id, document_id: row.document_id, account_id: row.account_id, lane: row.lane, attempts: row.attempts, max_attempts: row.max_attempts };
}

export class SqliteJobQueue implements JobQueue {
  readonly engine = 'sqlite' as const;
  /** Backoff of retried jobs (this process's; another process may retry sooner, which is harmless). */
  private retryAt = new Map<number, number>();

  constructor(private readonly db: Db) {}

  async start(): Promise<void> {}
  async stop(): Promise<void> {}

  async enqueue(tx: Db, job: DocumentJob & { admitted: boolean }): Promise<void> {
    // A waiting document gets its row now; the claim skips it until it is admitted.
    const ts = nowTimestamp();
    await tx
      .insertInto('jobs')
      .values({ document_id: job.document_id, account_id: job.account_id, lane: job.lane, status: 'queued', attempts: 0, max_attempts: MAX_ATTEMPTS, interruptions: 0, owner: null, lease_until: null, last_error: null, created_at: ts, updated_at: ts })
      .execute();
  }

  async admit(): Promise<void> {}

  /**
   * Standard lane first, then batch; within a lane the account with the fewest documents in
   * progress first, then the oldest job. An account already holding `perAccount` running
   * documents waits for one of them.
   */
  async claim(opts: ClaimOptions): Promise<ClaimedJob | null> {
    const now = Date.now();
    const notBefore = [...this.retryAt.entries()].filter(([, at]) => at > now).map(([id]) => id);
    return immediateTransaction(this.db, async (tx) => {
      const inProgress = sql<number>`(SELECT COUNT(*) FROM jobs AS rj JOIN documents AS rd ON rd.id = rj.document_id WHERE rj.status = 'running' AND rd.account_id = documents.account_id)`;
      let q = tx
        .selectFrom('jobs')
        .innerJoin('documents', 'documents.id', 'jobs.document_id')
        .selectAll('jobs')
        .where('jobs.status', '=', 'queued')
        .where((eb) => eb.or([eb('documents.processing_stage', 'is', null), eb('documents.processing_stage', '!=', WAITING_FOR_CAPACITY)]))
        .where(inProgress, '<', opts.perAccount)
        .orderBy(sql`CASE jobs.lane WHEN 'standard' THEN 0 ELSE 1 END`)
        .orderBy(inProgress)
        .orderBy('jobs.id')
        .limit(1);
      if (notBefore.length) q = q.where('jobs.id', 'not in', notBefore);
      const job = await q.executeTakeFirst();
      if (!job) return null;
      const row = await tx
        .updateTable('jobs')
        .set({ status: 'running', attempts: job.attempts + 1, owner: opts.owner, lease_until: toTimestamp((Date.now() + LEASE_MS) * 1000), updated_at: nowTimestamp() })
        .where('id', '=', job.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const result = claimed(row);
      await opts.onClaim?.(tx, result);
      return result;
    });
  }

  async heartbeat(owner: string, jobs: ClaimedJob[]): Promise<void> {
    if (jobs.length === 0) return;
    await this.db
      .updateTable('jobs')
      .set({ lease_until: toTimestamp((Date.now() + LEASE_MS) * 1000) })
      .where('owner', '=', owner)
      .where('status', '=', 'running')
      .execute();
  }

  async complete(job: ClaimedJob): Promise<void> {
    this.retryAt.delete(job.row_id!);
    // Usually closed already by the terminal transaction (done or dead).
    await this.db.updateTable('jobs').set({ status: 'done', owner: null, lease_until: null, updated_at: nowTimestamp() }).where('id', '=', job.row_id!).where('status', '=', 'running').execute();
  }

  async fail(job: ClaimedJob, reason: string): Promise<'retry' | 'dead'> {
    const id = job.row_id!;
    if (job.attempts >= job.max_attempts) {
      this.retryAt.delete(id);
      await this.db.updateTable('jobs').set({ status: 'dead', owner: null, lease_until: null, last_error: reason, updated_at: nowTimestamp() }).where('id', '=', id).where('status', '=', 'running').execute();
      return 'dead';
    }
    await this.db.updateTable('jobs').set({ status: 'queued', owner: null, lease_until: null, last_error: reason, updated_at: nowTimestamp() }).where('id', '=', id).execute();
    this.retryAt.set(id, Date.now() + retryBackoffMs(job.attempts));
    return 'retry';
  }

  /** Not the job's fault: the attempt is given back. */
  async release(jobs: ClaimedJob[], reason: string): Promise<void> {
    for (const job of jobs) {
      await this.db
        .updateTable('jobs')
        .set({ status: 'queued', owner: null, lease_until: null, attempts: Math.max(0, job.attempts - 1), last_error: reason, updated_at: nowTimestamp() })
        .where('id', '=', job.row_id!)
        .where('status', '=', 'running')
        .execute();
    }
  }

  /**
   * Jobs left `running` by an engine process that died (kill -9, power loss) go back to
   * the queue. Such an interruption is not the step's fault, so it does not use up one of
   * the step's attempts; it is bounded on its own, so a step that kills the engine every
   * time still ends its document in `error` (the caller does that for `givenUp`).
   */
  async recover(owner: string): Promise<RecoveredJobs> {
    const nowTs = nowTimestamp();
    const orphans = await this.db.selectFrom('jobs').selectAll().where('status', '=', 'running').where('owner', '!=', owner).execute();
    const result: RecoveredJobs = { requeued: 0, givenUp: [] };
    for (const job of orphans) {
      const leaseExpired = job.lease_until !== null && job.lease_until < nowTs;
      if (job.owner && ownerAlive(job.owner) && !leaseExpired) continue;
      const interruptions = job.interruptions + 1;
      if (interruptions >= MAX_INTERRUPTIONS) {
        result.givenUp.push({ ...claimed(job), interruptions });
        continue;
      }
      const res = await this.db
        .updateTable('jobs')
        .set({ status: 'queued', owner: null, lease_until: null, attempts: Math.max(0, job.attempts - 1), interruptions, last_error: 'interrupted: the engine stopped during this step', updated_at: nowTimestamp() })
        .where('id', '=', job.id)
        .where('status', '=', 'running')
        .executeTakeFirst();
      result.requeued += Number(res.numUpdatedRows);
    }
    return result;
  }
}
