// Runs the documents of the job queue (queue.ts: SQLite on the desktop, pg-boss on the
// team server): claims under a lease, renews it while working, retries, and recovers the
// jobs of processes that died. Standard-lane work first; batch only when no standard job can start.
import type { EngineContext } from '../context.js';
import type { Db } from '../store/db.js';
import { nowTimestamp } from '../store/time.js';
import { findLiveDocument, markDocumentStarted } from '../store/documents.js';
import { markRunsProcessing } from '../store/runs.js';
import { processDocument, DocumentFailure, PageBandBlocked, RetryableFailure, type PipelineDeps } from '../pipeline/index.js';
import { blockDocument, completeDocument, failDocument } from '../pipeline/terminal.js';
import { jobQueueFor, type ClaimedJob, type JobQueue } from '../queue/queue.js';
import { WorkerPool } from './worker-pool.js';

/** ENOSPC from this process, from a worker (its message), or SQLite's own "database or disk is full". */
function diskFull(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  return e?.code === 'ENOSPC' || e?.code === 'SQLITE_FULL' || /\bENOSPC\b|database or disk is full/.test(String(e?.message ?? ''));
}

const HEARTBEAT_MS = Number(process.env.DOCDESK_JOB_HEARTBEAT_MS ?? 15_000);
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
  /** The queue to run (default: the one that serves the engine's database). */
  queue?: JobQueue;
}

export class Scheduler {
  private running = new Map<string, { job: ClaimedJob; done: Promise<void> }>();
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private pumping = false;
  /** Until then a retried job may become runnable (its backoff): poll more often. */
  private retryUntil = 0;
  readonly pool: WorkerPool;
  readonly documentSlots: number;
  readonly queue: JobQueue;

  constructor(private readonly engine: EngineContext, private readonly opts: SchedulerOptions) {
    this.documentSlots = opts.documentSlots ?? Math.max(4, opts.concurrency * 2);
    this.queue = opts.queue ?? jobQueueFor(engine.db);
    this.pool = new WorkerPool(new URL('../pipeline/worker-entry.js', import.meta.url), opts.concurrency, { maxRssBytes: 1536 * 1024 * 1024, maxTasksPerWorker: 500, idleExitMs: WORKER_IDLE_EXIT_MS });
  }

  async start(): Promise<void> {
    await this.queue.start();
    await this.queue.subscribe?.(() => this.wake());
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
        const done = this.execute(job).finally(() => {
          this.running.delete(job.id);
          this.wake();
        });
        this.running.set(job.id, { job, done });
      }
    } catch (err) {
      console.error('scheduler: claim failed', err);
    } finally {
      this.pumping = false;
    }
    // A safety net for jobs made runnable by another process (or a retry backoff).
    this.schedulePoll(Date.now() < this.retryUntil ? 1_000 : 5_000);
  }

  /**
   * Claims the next runnable job, or null (queue.ts: standard lane first; an account
   * already holding half of the document slots waits for one of them). The document and its
   * run are marked started in the claim's transaction.
   */
  async claimNext(): Promise<ClaimedJob | null> {
    return this.queue.claim({ owner: this.engine.owner, perAccount: Math.max(1, Math.ceil(this.documentSlots / 2)), onClaim: markStarted });
  }

  private async execute(job: ClaimedJob): Promise<void> {
    const doc = await findLiveDocument(this.engine.db, job.document_id);
    if (!doc || doc.status !== 'pending') {
      await this.queue.complete(job);
      return;
    }
    const deps: PipelineDeps = { db: this.engine.db, blobs: this.engine.blobs, pool: this.pool, share: { account: doc.account_id, document: doc.id } };
    try {
      await processDocument(deps, doc);
      await completeDocument(this.engine.db, doc.id, job.row_id);
      await this.finished(job);
    } catch (err) {
      if (this.stopped) return; // shutting down: stop() releases the job for another process
      if (err instanceof PageBandBlocked) {
        await blockDocument(this.engine.db, doc.id, job.row_id, 'page_band_insufficient_credits');
        await this.finished(job);
        return;
      }
      if (err instanceof DocumentFailure) {
        await failDocument(this.engine.db, doc.id, job.row_id, err.message, err.errorCode);
        await this.finished(job);
        return;
      }
      const reason = err instanceof Error ? err.message : String(err);
      if (job.attempts >= job.max_attempts) {
        const full = diskFull(err);
        const code = err instanceof RetryableFailure ? err.errorCode : full ? 'disk_full' : 'processing_failed';
        const message = full ? `The disk that holds Docdesk's data folder was full each of the ${job.attempts} times Docdesk tried to process this document; free some space and upload it again.` : `Processing failed ${job.attempts} times; last error: ${reason}`;
        await failDocument(this.engine.db, doc.id, job.row_id, message, code);
        await this.queue.fail(job, reason);
        this.opts.onTerminal?.(doc.id);
      } else if ((await this.queue.fail(job, reason)) === 'retry') {
        this.retryUntil = Date.now() + 15_000;
      }
    }
  }

  /** The document is terminal: the job is done, listeners hear of it. */
  private async finished(job: ClaimedJob): Promise<void> {
    await this.queue.complete(job);
    this.opts.onTerminal?.(job.document_id);
  }

  private async renewLeases(): Promise<void> {
    await this.queue.heartbeat(this.engine.owner, [...this.running.values()].map((r) => r.job));
  }

  /**
   * Jobs of engine processes that died go back to the queue (queue.ts); a job interrupted
   * too often ends its document in `error`, so a step that kills the engine every time
   * cannot loop forever.
   */
  async recover(): Promise<void> {
    const { givenUp } = await this.queue.recover(this.engine.owner);
    for (const job of givenUp) {
      await failDocument(this.engine.db, job.document_id, job.row_id, `Processing was interrupted ${job.interruptions} times (the engine stopped while working on this document); giving up.`, 'processing_interrupted');
      await this.queue.complete(job);
      this.opts.onTerminal?.(job.document_id);
    }
  }

  /**
   * Stops claiming; waits for running documents up to `graceMs`, then releases the jobs still
   * running so another process takes them at once (their steps are idempotent).
   */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.heartbeat) clearInterval(this.heartbeat);
    await Promise.race([Promise.allSettled([...this.running.values()].map((r) => r.done)), new Promise((r) => setTimeout(r, graceMs).unref())]);
    const unfinished = [...this.running.values()].map((r) => r.job);
    await this.pool.close();
    if (unfinished.length) await this.queue.release(unfinished, 'released: the engine stopped during this step').catch(() => undefined);
    await this.queue.stop();
  }

  /** Documents being processed now. */
  get inProgress(): number {
    return this.running.size;
  }
}

/** In the claim's transaction: the document and its pending run are now being processed. */
async function markStarted(tx: Db, job: ClaimedJob): Promise<void> {
  const ts = nowTimestamp();
  await markDocumentStarted(tx, job.document_id, ts);
  await markRunsProcessing(tx, job.document_id, ts);
}
