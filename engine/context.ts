// The services one engine instance shares between its API, its job runner and the CLI.
import { AccountService } from './accounts/accounts.js';
import { dataLayout, type DataLayout } from './config/paths.js';
import type { BlobStore } from './store/blobs.js';
import { createBlobStore } from './store/blob-config.js';
import { databaseTarget, openDatabase, type Db } from './store/db.js';
import { registerSqliteDocumentReads } from './store/document-reads.js';
import { openServerQueue, registerServerQueue, type JobQueue } from './queue/queue.js';
import { preparePrivateRoot } from './config/permissions.js';
import { loadSecretKey, registerSecretBox, SecretBox, type SecretKeyOptions } from './config/secrets.js';
import { ownerId } from './config/owner.js';
import { startProcessHeartbeat } from './store/processes.js';

export interface EngineContext {
  layout: DataLayout;
  db: Db;
  blobs: BlobStore;
  accounts: AccountService;
  /** Identifies this process as owner of jobs and idempotency attempts. */
  owner: string;
  /** Called after a job is enqueued so the scheduler starts it without polling delay. */
  wakeScheduler: () => void;
  /** Called after a webhook delivery is queued outside the scheduler (e.g. a 402 block). */
  wakeWebhooks: () => void;
  /** What this process does, in its liveness row (PostgreSQL; store/processes.ts): `serve`, `worker`, `import`… */
  setRole(role: string): Promise<void>;
  close(): Promise<void>;
}

/** `database`: a SQLite file or postgres:// URL; by default DOCDESK_DATABASE_URL, else the data folder's file. */
export async function openEngineContext(dataDir: string, keyOptions: SecretKeyOptions = {}, database?: string): Promise<EngineContext> {
  const layout = dataLayout(dataDir);
  preparePrivateRoot(layout.root);
  const target = database ?? databaseTarget(layout.database);
  const opened = await openDatabase(target);
  // The data key is read only when a secret is sealed or opened (most CLI commands never do).
  registerSecretBox(opened.db, new SecretBox(() => loadSecretKey(layout.root, keyOptions)));
  // The single-statement document read exists on SQLite only; Postgres takes the kysely path.
  if (opened.raw) registerSqliteDocumentReads(opened.db, opened.raw);
  const blobs = createBlobStore(layout);
  await blobs.init();
  // On PostgreSQL every process (API, worker, CLI) enqueues through pg-boss, which starts on
  // first use. One such database per process: the queue is registered process-wide (queue.ts).
  const queue: JobQueue | null = opened.dialect === 'postgres' ? await openServerQueue(opened.db, target) : null;
  // On PostgreSQL other machines learn from this row that the process is alive (its jobs,
  // uploads, idempotency attempts and registrations are still owned).
  const owner = ownerId();
  let heartbeat: Awaited<ReturnType<typeof startProcessHeartbeat>>;
  try {
    heartbeat = await startProcessHeartbeat(opened.db, owner, 'engine');
  } catch (err) {
    // A failed open leaves nothing open behind it.
    if (queue) registerServerQueue(null);
    await opened.close();
    throw err;
  }
  return {
    layout,
    db: opened.db,
    blobs,
    accounts: new AccountService(opened.db, opened.changeVersion),
    owner,
    wakeScheduler: () => undefined,
    wakeWebhooks: () => undefined,
    setRole: (role) => heartbeat.setRole(role),
    async close() {
      await heartbeat.stop();
      if (queue) {
        await queue.stop();
        registerServerQueue(null);
      }
      await opened.close();
    },
  };
}
