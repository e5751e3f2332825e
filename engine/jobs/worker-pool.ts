// A fixed pool of worker *processes* for the heavy steps (PDF rendering, image codecs,
// XML, OCR). Processes rather than threads because several native addons (libxmljs2)
// cannot be loaded in more than one thread, and because a native crash or a runaway
// allocation then takes down one worker, never the engine. A crashed, hung or bloated
// worker is replaced. A worker idle for `idleExitMs` exits (its OCR model and PDF engines
// hold hundreds of MB); the next task starts a fresh one.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';
import type { TaskShare } from '../pipeline/steps.js';

/** Processing workers of an engine process: DOCDESK_WORKERS, else one per core. */
export function workerCount(): number {
  const fromEnv = Number(process.env.DOCDESK_WORKERS);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : Math.max(1, availableParallelism());
}

export interface TaskFailure {
  name: string;
  message: string;
  /** True for deterministic failures about the input (shown to users, never retried). */
  userFacing: boolean;
}

export class TaskError extends Error {
  constructor(readonly failure: TaskFailure) {
    super(failure.message);
    this.name = failure.name;
  }
}

interface Slot {
  worker: ChildProcess | null;
  busy: boolean;
  tasksDone: number;
  idleTimer?: NodeJS.Timeout;
}

export type { TaskShare };

interface Pending {
  share: TaskShare | null;
  task: unknown;
  timeoutMs: number;
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
}

interface WorkerReply {
  ok: boolean;
  result?: unknown;
  error?: TaskFailure;
  rssBytes?: number;
}

export interface WorkerPoolOptions {
  /** Replace a worker whose resident memory grew beyond this after a task. */
  maxRssBytes?: number;
  /** Replace a worker after this many tasks (bounds slow leaks in native code). */
  maxTasksPerWorker?: number;
  /** Let a worker exit after this long without a task (memory back to the system). */
  idleExitMs?: number;
}

export class WorkerPool {
  private slots: Slot[] = [];
  private queue: Pending[] = [];
  private closed = false;
  private ticks = 0;
  /** Dispatch tick at which an account (`a<id>`) or a document (`d<id>`) was last served. */
  private lastServed = new Map<string, number>();

  constructor(private readonly entry: URL, readonly size: number, private readonly opts: WorkerPoolOptions = {}) {
    for (let i = 0; i < size; i++) this.slots.push({ worker: null, busy: false, tasksDone: 0 });
  }

  private spawn(): ChildProcess {
    const child = fork(fileURLToPath(this.entry), [], { serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    // An idle worker that dies is simply replaced at the next task.
    child.on('error', () => undefined);
    return child;
  }

  run<T>(task: unknown, timeoutMs: number, share: TaskShare | null = null): Promise<T> {
    if (this.closed) return Promise.reject(new Error('worker pool is closed'));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ share, task, timeoutMs, resolve: resolve as (v: unknown) => void, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.busy) continue;
      const next = this.takeNext();
      if (!next) return;
      this.execute(slot, next);
    }
  }

  /** An idle worker leaves through its IPC channel, so its exit handlers (temp folders) run. */
  private idleLater(slot: Slot): void {
    if (this.opts.idleExitMs === undefined || !slot.worker) return;
    const worker = slot.worker;
    slot.idleTimer = setTimeout(() => {
      if (slot.busy || slot.worker !== worker) return;
      slot.worker = null;
      slot.tasksDone = 0;
      if (worker.connected) worker.disconnect();
      else worker.kill('SIGKILL');
    }, this.opts.idleExitMs);
    slot.idleTimer.unref();
  }

  /**
   * Fair at page granularity: the waiting task of the account served longest ago, and within
   * it of the document served longest ago; first come first served between equals. One
   * account's thousand queued pages therefore delay another account's page by at most one
   * task per worker.
   */
  private takeNext(): Pending | undefined {
    let best = -1;
    let bestKey: [number, number] = [Infinity, Infinity];
    for (const [i, p] of this.queue.entries()) {
      const key: [number, number] = [this.lastServed.get(`a${p.share?.account ?? ''}`) ?? -1, this.lastServed.get(`d${p.share?.document ?? ''}`) ?? -1];
      if (best < 0 || key[0] < bestKey[0] || (key[0] === bestKey[0] && key[1] < bestKey[1])) {
        best = i;
        bestKey = key;
      }
    }
    if (best < 0) return undefined;
    const [next] = this.queue.splice(best, 1);
    const tick = ++this.ticks;
    this.lastServed.set(`a${next!.share?.account ?? ''}`, tick);
    this.lastServed.set(`d${next!.share?.document ?? ''}`, tick);
    if (this.lastServed.size > 10_000) this.lastServed.clear();
    return next;
  }

  private retire(slot: Slot): void {
    clearTimeout(slot.idleTimer);
    slot.worker?.removeAllListeners('exit');
    slot.worker?.kill('SIGKILL');
    slot.worker = null;
    slot.tasksDone = 0;
  }

  private execute(slot: Slot, job: Pending): void {
    clearTimeout(slot.idleTimer);
    if (!slot.worker || slot.worker.exitCode !== null || slot.worker.signalCode !== null) slot.worker = this.spawn();
    const worker = slot.worker;
    slot.busy = true;
    let settled = false;
    const finish = (fn: () => void, replace: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('exit', onExit);
      if (replace) this.retire(slot);
      slot.busy = false;
      fn();
      this.dispatch();
      if (!slot.busy) this.idleLater(slot);
    };
    const onMessage = (msg: WorkerReply) => {
      slot.tasksDone++;
      const bloated = (this.opts.maxRssBytes !== undefined && (msg.rssBytes ?? 0) > this.opts.maxRssBytes) || (this.opts.maxTasksPerWorker !== undefined && slot.tasksDone >= this.opts.maxTasksPerWorker);
      finish(() => (msg.ok ? job.resolve(msg.result) : job.reject(new TaskError(msg.error!))), bloated);
    };
    const onExit = (code: number | null, signal: string | null) => finish(() => job.reject(new Error(`worker process ended unexpectedly (${signal ?? `code ${code}`})`)), true);
    const timer = setTimeout(() => finish(() => job.reject(new Error(`step timed out after ${Math.round(job.timeoutMs / 1000)} s`)), true), job.timeoutMs);
    worker.on('message', onMessage);
    worker.once('exit', onExit);
    worker.send(job.task as object);
  }

  /** Worker processes alive now (tests, status). */
  liveWorkers(): number {
    return this.slots.filter((s) => s.worker && s.worker.exitCode === null && s.worker.signalCode === null).length;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) p.reject(new Error('worker pool closed'));
    for (const slot of this.slots) this.retire(slot);
  }
}
