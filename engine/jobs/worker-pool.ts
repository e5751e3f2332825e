// A fixed pool of worker threads for CPU-heavy steps (PDF rendering, image codecs), so
// the HTTP server's event loop stays responsive. A crashed or hung worker is replaced.
import { Worker } from 'node:worker_threads';

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
  worker: Worker;
  busy: boolean;
}

interface Pending {
  task: unknown;
  timeoutMs: number;
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
}

export class WorkerPool {
  private slots: Slot[] = [];
  private queue: Pending[] = [];
  private closed = false;
  private failures = 0;

  constructor(private readonly entry: URL, readonly size: number) {
    for (let i = 0; i < size; i++) {
      const slot: Slot = { worker: null as unknown as Worker, busy: false };
      slot.worker = this.spawn(slot);
      this.slots.push(slot);
    }
  }

  private spawn(slot: Slot): Worker {
    const worker = new Worker(this.entry, { resourceLimits: { maxOldGenerationSizeMb: 4096 } });
    worker.unref();
    // An idle worker that dies (e.g. a failed module load) must not take the process with
    // it: it is replaced lazily, and a busy one is handled by the task's own listeners.
    worker.on('error', (err) => {
      if (!slot.busy && slot.worker === worker && !this.closed) {
        console.error(`docdesk: worker thread failed while idle: ${err.message}`);
        this.failures++;
      }
    });
    worker.on('exit', () => {
      if (!slot.busy && slot.worker === worker && !this.closed && this.failures < 20) slot.worker = this.spawn(slot);
    });
    return worker;
  }

  run<T>(task: unknown, timeoutMs: number): Promise<T> {
    if (this.closed) return Promise.reject(new Error('worker pool is closed'));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ task, timeoutMs, resolve: resolve as (v: unknown) => void, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.busy) continue;
      const next = this.queue.shift();
      if (!next) return;
      this.execute(slot, next);
    }
  }

  private execute(slot: Slot, job: Pending): void {
    slot.busy = true;
    const worker = slot.worker;
    let settled = false;
    const finish = (fn: () => void, replace: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (replace) {
        void worker.terminate();
        if (!this.closed) slot.worker = this.spawn(slot);
      }
      slot.busy = false;
      fn();
      this.dispatch();
    };
    const onMessage = (msg: { ok: boolean; result?: unknown; error?: TaskFailure }) => {
      finish(() => (msg.ok ? job.resolve(msg.result) : job.reject(new TaskError(msg.error!))), false);
    };
    const onError = (err: Error) => finish(() => job.reject(new Error(`worker crashed: ${err.message}`)), true);
    const onExit = (code: number) => finish(() => job.reject(new Error(`worker exited unexpectedly (code ${code})`)), true);
    const timer = setTimeout(() => finish(() => job.reject(new Error(`step timed out after ${Math.round(job.timeoutMs / 1000)} s`)), true), job.timeoutMs);
    worker.on('message', onMessage);
    worker.once('error', onError);
    worker.once('exit', onExit);
    worker.postMessage(job.task);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) p.reject(new Error('worker pool closed'));
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}
