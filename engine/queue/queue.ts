// The job queue as the scheduler sees it: one job per document to process. Two
// implementations: the desktop's own SQLite table (sqlite-queue.ts) and pg-boss on the team
// server's PostgreSQL (pg-queue.ts). Whatever the engine, the enqueue happens inside the
// caller's transaction, so a document row and its job exist together or not at all.
import { PostgresAdapter } from 'kysely';
import type { Db } from '../store/db.js';
import type { ProcessingLane } from '../store/schema.js';
import { SqliteJobQueue } from './sqlite-queue.js';

export interface DocumentJob {
  document_id: number;
  account_id: number;
  lane: ProcessingLane;
}

export interface ClaimedJob extends DocumentJob {
  /** The engine's job id. */
  id: string;
  /** The desktop `jobs` row, which the terminal transaction closes; null on engines that keep jobs elsewhere. */
  row_id: number | null;
  /** This claim counted (1 on the first run). */
  attempts: number;
  max_attempts: number;
}

export interface ClaimOptions {
  /** This process, as owner of the lease. */
  owner: string;
  /** Documents one account may have running at once (fairness between accounts). */
  perAccount: number;
  /** Runs in the claim's transaction: the job and the document's "started" mark commit together. */
  onClaim?: (tx: Db, job: ClaimedJob) => Promise<void>;
}

export interface RecoveredJobs {
  /** Jobs whose owner died, back in the queue. */
  requeued: number;
  /** Jobs interrupted too often (or dead-lettered while their document still waits): the caller ends their documents in error. */
  givenUp: Array<ClaimedJob & { interruptions: number }>;
}

export interface JobQueue {
  readonly engine: 'sqlite' | 'pg-boss';
  start(): Promise<void>;
  /** Calls `wake` when another process makes a job runnable (where the engine can tell). */
  subscribe?(wake: () => void): Promise<void>;
  /**
   * In the caller's transaction. `admitted` is false for a standard-lane document waiting
   * for its account's capacity (capacity.ts): it becomes runnable through `admit`.
   */
  enqueue(tx: Db, job: DocumentJob & { admitted: boolean }): Promise<void>;
  /** In the caller's transaction: documents that left waiting_for_capacity. */
  admit(tx: Db, jobs: DocumentJob[]): Promise<void>;
  /** The next runnable job under a lease, or null: standard lane before batch, oldest first. */
  claim(opts: ClaimOptions): Promise<ClaimedJob | null>;
  /** Renews the leases of jobs this process is still working on. */
  heartbeat(owner: string, jobs: ClaimedJob[]): Promise<void>;
  /** The document reached a terminal state (idempotent). */
  complete(job: ClaimedJob): Promise<void>;
  /**
   * A failed attempt: the job runs again after a backoff, or (attempts used up) goes to the
   * dead letters. Returns which.
   */
  fail(job: ClaimedJob, reason: string): Promise<'retry' | 'dead'>;
  /** Shutting down before these finished: back to the queue for another process. */
  release(jobs: ClaimedJob[], reason: string): Promise<void>;
  /** Jobs of processes that died (lease lapsed, or owner gone on this machine). */
  recover(owner: string): Promise<RecoveredJobs>;
  stop(): Promise<void>;
}

let serverQueue: JobQueue | null = null;

/** The queue of the PostgreSQL database this process serves (one per process), or null to unset. */
export function registerServerQueue(queue: JobQueue | null): void {
  serverQueue = queue;
}

function onPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** The queue that serves this database: the desktop's SQLite table, or the registered server queue on PostgreSQL. */
export function jobQueueFor(db: Db): JobQueue {
  if (!onPostgres(db)) return new SqliteJobQueue(db);
  if (!serverQueue) throw new Error('no job queue is registered for this PostgreSQL database');
  return serverQueue;
}

/**
 * A process on PostgreSQL registers pg-boss as its queue. pg-boss starts on first use (its
 * schema and queues are created then, so an API process can enqueue before any worker ever
 * ran), so CLI commands that never enqueue do not pay for it.
 */
export async function openServerQueue(db: Db, connectionString: string): Promise<JobQueue> {
  const { PgBossJobQueue } = await import('./pg-queue.js');
  const queue = new PgBossJobQueue(db, { connectionString });
  registerServerQueue(queue);
  return queue;
}

/** Enqueues a document's job inside the caller's transaction (upload, reprocess). */
export function enqueueDocumentJob(tx: Db, job: DocumentJob & { admitted: boolean }): Promise<void> {
  return jobQueueFor(tx).enqueue(tx, job);
}
