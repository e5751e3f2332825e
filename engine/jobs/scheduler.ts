// The durable job queue: jobs live in SQLite, are claimed under a lease, and survive
// crashes. Standard-lane work first; batch only when no standard job can start.
import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { EngineContext } from '../context.js';
import { findDocumentForJob } from './queries.js';
import { immediateTransaction } from '../store/db.js';
import type { JobsTable } from '../store/schema.js';
import { nowTimestamp, toTimestamp } from '../store/time.js';
import { processDocument, DocumentFailure, PageBandBlocked, RetryableFailure, type PipelineDeps } from '../pipeline/index.js';
import { blockDocument, completeDocument, failDocument } from '../pipeline/terminal.js';
import { WAITING_FOR_CAPACITY } from '../documents/capacity.js';
import { ownerAlive } from '../config/owner.js';
import { WorkerPool } from './worker-pool.js';

type Job = Selectable<JobsTable>;

/** ENOSPC from this process, from a worker (its message), or SQLite's own "database or disk is full". */
function diskFull(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  return e?.code === 'ENOSPC' || e?.code === 'SQLITE_FULL' || /\bENOSPC\b|database or disk is full/.test(String(e?.message ?? ''));
}

const LEASE_MS = 60_000;
const HEARTBEAT_MS = 15_000;
const RETRY_BACKOFF_MS = [0, 2_000, 10_000];
const MAX_INTERRUPTIONS = 5;
/** Idle worker processes exit after this long (DOCDESK_WORKER_IDLE_MS overrides; the first page after idle pays one start). */
const WORKER_IDLE_EXIT_MS = Number(process.env.DOCDESK_WORKER_IDLE_MS ?? 60_000);

export interface SchedulerOptions {
  /** Worker processes (CPU-heavy steps run in them). */
  concurrency: number;
  /**
   * Documents in progress at once (default: twice the workers, at least 4). Documents mostly
   * wait on the worker pool, which takes turns between accounts and documents page by page;
   * one account holds at most half of these slots, so another account's document always
   * starts without waiting for the first account's large work to finish.
   */
  documentSlots?: number;
  /** Called after every terminal transition (webhooks, UI notifications). */
  onTerminal?: (documentId: number) => void;
}

export class Scheduler {
  private running = new Map<number, Promise<void>>();
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private pumping = false;
  private retryAt = new Map<number, number>();
  readonly pool: WorkerPool;
  readonly documentSlots: number;

  constructor(private readonly engine: EngineContext, private readonly opts: SchedulerOptions) {
    this.documentSlots = opts.documentSlots ?? Math.max(4, opts.concurrency * 2);
    this.pool = new WorkerPool(new URL('../pipeline/worker-entry.js', import.meta.url), opts.concurrency, { maxRssBytes: 1536 * 1024 * 1024, maxTasksPerWorker: 500, idleExitMs: WORKER_IDLE_EXIT_MS });
  }

  async start(): Promise<void> {
    await this.recover();
    this.engine.wakeScheduler = () => this.wake();
    this.heartbeat = setInterval(() => void this.renewLeases().then(() => this.recover()).catch(() => undefined), HEARTBEAT_MS);
    this.heartbeat.unref();
    this.wake();
  }

  wake(): void {
    if (this.stopped) return;
    void this.pump();
  }

  private schedulePoll(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.wake(), ms);
    this.timer.unref();
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (!this.stopped && this.running.size < this.documentSlots) {
        const job = await this.claimNext();
        if (!job) break;
        const p = this.execute(job).finally(() => {
          this.running.delete(job.id);
          this.wake();
        });
        this.running.set(job.id, p);
      }
    } catch (err) {
      console.error('scheduler: claim failed', err);
    } finally {
      this.pumping = false;
    }
    // A safety net for jobs made runnable by another process (or a retry backoff).
    this.schedulePoll(this.retryAt.size ? 1_000 : 5_000);
  }

  /**
   * Claims the next runnable job, or null: standard lane first, then batch; within a lane
   * the account with the fewest documents in progress first, then the oldest job. An account
   * already holding half of the document slots waits for one of them.
   */
  async claimNext(): Promise<Job | null> {
    const now = Date.now();
    const notBefore = [...this.retryAt.entries()].filter(([, at]) => at > now).map(([id]) => id);
    const perAccount = Math.max(1, Math.ceil(this.documentSlots / 2));
    return immediateTransaction(this.engine.db, async (tx) => {
      const inProgress = sql<number>`(SELECT COUNT(*) FROM jobs AS rj JOIN documents AS rd ON rd.id = rj.document_id WHERE rj.status = 'running' AND rd.account_id = documents.account_id)`;
      let q = tx
        .selectFrom('jobs')
        .innerJoin('documents', 'documents.id', 'jobs.document_id')
        .selectAll('jobs')
        .where('jobs.status', '=', 'queued')
        .where((eb) => eb.or([eb('documents.processing_stage', 'is', null), eb('documents.processing_stage', '!=', WAITING_FOR_CAPACITY)]))
        .where(inProgress, '<', perAccount)
        .orderBy(sql`CASE jobs.lane WHEN 'standard' THEN 0 ELSE 1 END`)
        .orderBy(inProgress)
        .orderBy('jobs.id')
        .limit(1);
      if (notBefore.length) q = q.where('jobs.id', 'not in', notBefore);
      const job = await q.executeTakeFirst();
      if (!job) return null;
      const ts = nowTimestamp();
      const claimed = await tx
        .updateTable('jobs')
        .set({ status: 'running', attempts: job.attempts + 1, owner: this.engine.owner, lease_until: toTimestamp((Date.now() + LEASE_MS) * 1000), updated_at: ts })
        .where('id', '=', job.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await tx
        .updateTable('documents')
        .set({ processing_started_at: sql`COALESCE(processing_started_at, ${ts})`, updated_at: ts })
        .where('id', '=', job.document_id)
        .execute();
      await tx.updateTable('extraction_runs').set({ status: 'processing', started_at: sql`COALESCE(started_at, ${ts})` }).where('document_id', '=', job.document_id).where('status', '=', 'pending').execute();
      return claimed;
    });
  }

  private async execute(job: Job): Promise<void> {
    const doc = await findDocumentForJob(this.engine.db, job.document_id);
    if (!doc || doc.status !== 'pending') {
      await this.engine.db.updateTable('jobs').set({ status: 'done', owner: null, updated_at: nowTimestamp() }).where('id', '=', job.id).execute();
      return;
    }
    const deps: PipelineDeps = { db: this.engine.db, blobs: this.engine.blobs, pool: this.pool, share: { account: doc.account_id, document: doc.id } };
    try {
      await processDocument(deps, doc);
      await completeDocument(this.engine.db, doc.id, job.id);
      this.retryAt.delete(job.id);
      this.opts.onTerminal?.(doc.id);
    } catch (err) {
      if (this.stopped) return; // shutting down: the lease lapses and the job is retried
      if (err instanceof PageBandBlocked) {
        await blockDocument(this.engine.db, doc.id, job.id, 'page_band_insufficient_credits');
        this.retryAt.delete(job.id);
        this.opts.onTerminal?.(doc.id);
        return;
      }
      if (err instanceof DocumentFailure) {
        await failDocument(this.engine.db, doc.id, job.id, err.message, err.errorCode);
        this.retryAt.delete(job.id);
        this.opts.onTerminal?.(doc.id);
        return;
      }
      const reason = err instanceof Error ? err.message : String(err);
      if (job.attempts >= job.max_attempts) {
        const full = diskFull(err);
        const code = err instanceof RetryableFailure ? err.errorCode : full ? 'disk_full' : 'processing_failed';
        const message = full ? `The disk that holds Docdesk's data folder was full each of the ${job.attempts} times Docdesk tried to process this document; free some space and upload it again.` : `Processing failed ${job.attempts} times; last error: ${reason}`;
        await failDocument(this.engine.db, doc.id, job.id, message, code);
        this.retryAt.delete(job.id);
        this.opts.onTerminal?.(doc.id);
      } else {
        await this.engine.db.updateTable('jobs').set({ status: 'queued', owner: null, lease_until: null, last_error: reason, updated_at: nowTimestamp() }).where('id', '=', job.id).execute();
        this.retryAt.set(job.id, Date.now() + (RETRY_BACKOFF_MS[job.attempts] ?? 10_000));
      }
    }
  }

  private async renewLeases(): Promise<void> {
    if (this.running.size === 0) return;
    await this.engine.db
      .updateTable('jobs')
      .set({ lease_until: toTimestamp((Date.now() + LEASE_MS) * 1000) })
      .where('owner', '=', this.engine.owner)
      .where('status', '=', 'running')
      .execute();
  }

  /**
   * Jobs left `running` by an engine process that died (kill -9, power loss) go back to
   * the queue. Such an interruption is not the step's fault, so it does not use up one of
   * the step's attempts; it is bounded on its own, so a step that kills the engine every
   * time still ends its document in `error`.
   */
  async recover(): Promise<void> {
    const nowTs = nowTimestamp();
    const orphans = await this.engine.db.selectFrom('jobs').selectAll().where('status', '=', 'running').where('owner', '!=', this.engine.owner).execute();
    for (const job of orphans) {
      const leaseExpired = job.lease_until !== null && job.lease_until < nowTs;
      if (job.owner && ownerAlive(job.owner) && !leaseExpired) continue;
      const interruptions = job.interruptions + 1;
      if (interruptions >= MAX_INTERRUPTIONS) {
        await failDocument(this.engine.db, job.document_id, job.id, `Processing was interrupted ${interruptions} times (the engine stopped while working on this document); giving up.`, 'processing_interrupted');
        this.opts.onTerminal?.(job.document_id);
      } else {
        await this.engine.db
          .updateTable('jobs')
          .set({ status: 'queued', owner: null, lease_until: null, attempts: Math.max(0, job.attempts - 1), interruptions, last_error: 'interrupted: the engine stopped during this step', updated_at: nowTimestamp() })
          .where('id', '=', job.id)
          .where('status', '=', 'running')
          .execute();
      }
    }
  }

  /** Stops claiming; waits for running steps up to `graceMs`, then leaves them to recovery. */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.heartbeat) clearInterval(this.heartbeat);
    await Promise.race([Promise.allSettled([...this.running.values()]), new Promise((r) => setTimeout(r, graceMs).unref())]);
    await this.pool.close();
  }
}
