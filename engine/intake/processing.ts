// Who processes what an import queued. A server on the same data folder owns the queue and
// picks new jobs up on its own (its scheduler polls the shared SQLite queue). Without one,
// the importing process runs the same scheduler itself while it waits or watches: jobs are
// claimed under leases, so a server started meanwhile simply shares the queue.
import type { EngineContext } from '../context.js';
import { Scheduler } from '../jobs/scheduler.js';
import { workerCount } from '../jobs/worker-pool.js';
import { otherWorkersRunning } from '../jobs/workers.js';
import { documentStates } from '../store/documents.js';
import { WebhookDispatcher, dispatcherOptionsFromEnv } from '../webhooks/dispatcher.js';

export type ProcessingHost = 'server' | 'this process';

export interface Processing {
  host: ProcessingHost;
  stop(): Promise<void>;
}

/** A server or `docdesk worker` processing this database's jobs (a `serve --no-workers` does not count). */
export async function runningServer(engine: EngineContext): Promise<boolean> {
  return otherWorkersRunning(engine.db, engine.owner);
}

export async function ensureProcessing(engine: EngineContext, concurrency?: number): Promise<Processing> {
  if (await runningServer(engine)) return { host: 'server', stop: async () => undefined };
  const webhooks = new WebhookDispatcher(engine.db, dispatcherOptionsFromEnv());
  const scheduler = new Scheduler(engine, { concurrency: concurrency ?? workerCount(), onTerminal: () => webhooks.wake() });
  await scheduler.start();
  webhooks.start();
  engine.wakeWebhooks = () => webhooks.wake();
  return {
    host: 'this process',
    async stop() {
      await webhooks.stop();
      await scheduler.stop();
    },
  };
}

export interface DocumentState {
  id: number;
  status: string;
  processing_error: string | null;
  blocked_reason: string | null;
}

const TERMINAL = new Set(['completed', 'error', 'blocked']);

/** Polls the documents until every one is terminal (or deleted); reports each pass. */
export async function waitForDocuments(engine: EngineContext, ids: number[], onPass?: (done: number, total: number) => void, pollMs = 250): Promise<Map<number, DocumentState>> {
  const states = new Map<number, DocumentState>();
  let open = [...new Set(ids)];
  while (open.length) {
    for (let i = 0; i < open.length; i += 500) {
      const rows = await documentStates(engine.db, open.slice(i, i + 500));
      for (const r of rows) if (TERMINAL.has(r.status) || r.deleted_at) states.set(r.id, r);
    }
    open = open.filter((id) => !states.has(id));
    onPass?.(ids.length - open.length, ids.length);
    if (open.length) await new Promise((r) => setTimeout(r, pollMs));
  }
  return states;
}
