// The engine as a library: `startServer` is what `docdesk serve` and the Electron shell
// call; `openEngineContext` is what the CLI uses for account and token commands.
import type { FastifyInstance } from 'fastify';
import { buildServer } from './api/server.js';
import { recoverInterruptedUploads } from './api/idempotency.js';
import { bootstrap, signInUrl, type BootstrapResult } from './bootstrap.js';
import { openEngineContext, type EngineContext } from './context.js';
import { fixTreePermissions } from './config/permissions.js';
import { normalizeOrigin, serverOrigin } from './api/localhost.js';
import { SecretKeyUnavailable, type SecretKeyOptions } from './config/secrets.js';
import { sealPlainSecrets } from './webhooks/endpoints.js';
import { sealPlainApiKey } from './extract/ai/settings.js';
import { Scheduler } from './jobs/scheduler.js';
import { workerCount } from './jobs/worker-pool.js';
import { ownerLive } from './store/processes.js';
import { registerWorker, unregisterWorker, WORKER_PREFIX } from './jobs/workers.js';
import { immediateTransaction } from './store/db.js';
import { deleteSetting, getSetting, setSetting, settingsWithPrefix } from './store/settings.js';
import { liveDocumentBlobs } from './store/documents.js';
import { orphanGraceMs } from './store/blob-config.js';
import { WatchFolderService } from './intake/watch.js';
import { UPLOADER_PREFIX } from './intake/local-api.js';
import { WebhookDispatcher, dispatcherOptionsFromEnv } from './webhooks/dispatcher.js';

export { openEngineContext } from './context.js';
export type { EngineContext } from './context.js';
export { resolveDataDir } from './config/paths.js';
export { signInUrl } from './bootstrap.js';
export type { KeyProtector, SecretKeyOptions } from './config/secrets.js';

export interface ServerHandle {
  url: string;
  engine: EngineContext;
  app: FastifyInstance;
  /** Null for `serve --no-workers`: `docdesk worker` processes run the jobs. */
  scheduler: Scheduler | null;
  bootstrap: BootstrapResult;
  /** Mints a one-time browser sign-in URL (`/?login=CODE`). */
  signInUrl(): Promise<string>;
  close(): Promise<void>;
}

export interface StartOptions {
  dataDir: string;
  host?: string;
  /** The origin clients use when it is not the loopback address (a reverse proxy, a LAN name). */
  publicOrigin?: string;
  /** How secrets at rest are keyed (the desktop shell passes the OS keychain). */
  keys?: SecretKeyOptions;
  port?: number;
  concurrency?: number;
  logger?: boolean;
  /**
   * Process jobs in this process (default). Without, the process serves HTTP only and
   * several such processes may share one data folder; `docdesk worker` runs the jobs.
   */
  workers?: boolean;
}

export class DataDirInUseError extends Error {}

export async function startServer(opts: StartOptions): Promise<ServerHandle> {
  const publicOrigin = opts.publicOrigin ? normalizeOrigin(opts.publicOrigin) : null;
  const withWorkers = opts.workers ?? true;
  const engine = await openEngineContext(opts.dataDir, opts.keys);
  try {
    await engine.setRole(withWorkers ? 'serve' : 'serve --no-workers');
    await claimDataDir(engine, withWorkers);
  } catch (err) {
    await engine.close();
    throw err;
  }
  const boot = await bootstrap(engine);

  // Crash recovery before anything new is accepted.
  await recoverInterruptedUploads(engine.db, engine.owner);
  const webhooks = new WebhookDispatcher(engine.db, dispatcherOptionsFromEnv());
  const scheduler = withWorkers ? new Scheduler(engine, { concurrency: opts.concurrency ?? workerCount(), onTerminal: () => webhooks.wake() }) : null;
  await scheduler?.recover();
  await sweepOrphanFiles(engine);
  // While it runs, another process starting on this folder must not sweep its staged uploads.
  if (!withWorkers) await setSetting(engine.db, `${UPLOADER_PREFIX}${engine.owner}`, engine.owner);
  await fixTreePermissions(engine.layout.root);
  // Secrets an older version stored in plain text are sealed once, here (not possible
  // headless on a folder whose key the desktop keychain holds: the app does it).
  try {
    await sealPlainSecrets(engine.db);
    await sealPlainApiKey(engine.db);
  } catch (err) {
    if (!(err instanceof SecretKeyUnavailable)) throw err;
  }
  engine.blobs.startSweeping(tmpSweepInterval());

  const host = opts.host ?? '127.0.0.1';
  const app = await buildServer(engine, { logger: opts.logger, bindHost: host, publicOrigin });
  await app.listen({ host, port: opts.port ?? 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port ?? 0;
  // The one origin of every URL the server hands out (API bodies, webhooks, sign-in links).
  const url = serverOrigin(host, port, publicOrigin);
  await setSetting(engine.db, 'server_url', url);
  await scheduler?.start();
  webhooks.start();
  const watchFolders = new WatchFolderService(engine, app);
  // Of several HTTP-only processes on one folder, the one answering for it watches folders.
  if (withWorkers || (await getSetting(engine.db, 'server_owner')) === engine.owner) watchFolders.start();
  engine.wakeWebhooks = () => webhooks.wake();

  let closing: Promise<void> | null = null;
  return {
    url,
    engine,
    app,
    scheduler,
    bootstrap: boot,
    signInUrl: () => signInUrl(engine, url),
    close() {
      closing ??= (async () => {
        await watchFolders.stop();
        await app.close();
        engine.blobs.stopSweeping();
        await webhooks.stop();
        await scheduler?.stop(shutdownGraceMs());
        await unregisterWorker(engine.db, engine.owner);
        await deleteSetting(engine.db, `${UPLOADER_PREFIX}${engine.owner}`);
        if ((await getSetting(engine.db, 'server_owner')) === engine.owner) await deleteSetting(engine.db, 'server_owner');
        await engine.close();
      })();
      return closing;
    },
  };
}

/** How often leftover temporary files are swept while serving (default 5 minutes). */
function tmpSweepInterval(): number {
  const fromEnv = Number(process.env.DOCDESK_TMP_SWEEP_MS);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : 5 * 60_000;
}

/**
 * One serving process with workers per data folder: it owns the job queue and the file
 * sweep. HTTP-only processes (`--no-workers`) share the folder; the first one answers for it
 * (`docdesk signin-url`) while no server with workers runs.
 */
async function claimDataDir(engine: EngineContext, exclusive: boolean): Promise<void> {
  await immediateTransaction(engine.db, async (tx) => {
    const holder = await getSetting(tx, 'server_owner');
    // An HTTP-only holder yields the folder to a server with workers.
    if (holder && holder !== engine.owner && (await ownerLive(tx, holder)) && (!exclusive || (await getSetting(tx, `${WORKER_PREFIX}${holder}`)) !== null)) {
      if (!exclusive) return;
      const url = await getSetting(tx, 'server_url');
      throw new DataDirInUseError(`Another Docdesk server (process ${holder.split('@')[0]}) is already using the data folder ${engine.layout.root}${url ? ` at ${url}` : ''}.`);
    }
    await setSetting(tx, 'server_owner', engine.owner);
    if (exclusive) await registerWorker(tx, engine.owner);
  });
}

async function sweepOrphanFiles(engine: EngineContext): Promise<void> {
  // An import or MCP process uploading into this folder right now has staged and committed
  // files its transaction has not recorded yet: leave the sweep to a later start.
  const uploaders = await settingsWithPrefix(engine.db, UPLOADER_PREFIX);
  let busy = false;
  for (const u of uploaders) {
    if (await ownerLive(engine.db, u.value)) busy = true;
    else await deleteSetting(engine.db, u.key);
  }
  if (busy) return;
  const rows = await liveDocumentBlobs(engine.db);
  const referenced = new Set<string>();
  for (const r of rows) {
    if (r.blob_path) referenced.add(r.blob_path.split('\\').join('/'));
    referenced.add(`files/artefacts/${r.id}`);
  }
  await engine.blobs.sweepOrphans(referenced, orphanGraceMs(engine.blobs));
}

/** How long a stopping process lets running documents finish before releasing their jobs (DOCDESK_SHUTDOWN_GRACE_MS, default 10 s). */
function shutdownGraceMs(): number {
  const fromEnv = Number(process.env.DOCDESK_SHUTDOWN_GRACE_MS);
  return Number.isInteger(fromEnv) && fromEnv >= 0 ? fromEnv : 10_000;
}

export interface WorkerHandle {
  engine: EngineContext;
  scheduler: Scheduler;
  /** Stops claiming, lets running documents finish within the grace period, releases the rest. */
  close(): Promise<void>;
}

/**
 * `docdesk worker`: processes jobs and delivers webhooks, no HTTP. Any number of them may
 * run beside `docdesk serve --no-workers` on the same database.
 */
export async function startWorker(opts: { dataDir: string; concurrency?: number; keys?: SecretKeyOptions }): Promise<WorkerHandle> {
  const engine = await openEngineContext(opts.dataDir, opts.keys);
  await engine.setRole('worker');
  const webhooks = new WebhookDispatcher(engine.db, dispatcherOptionsFromEnv());
  const scheduler = new Scheduler(engine, { concurrency: opts.concurrency ?? workerCount(), onTerminal: () => webhooks.wake() });
  // Its artefact writes in progress keep other processes' start-up sweeps away.
  await setSetting(engine.db, `${UPLOADER_PREFIX}${engine.owner}`, engine.owner);
  await scheduler.start();
  await registerWorker(engine.db, engine.owner);
  webhooks.start();
  engine.wakeWebhooks = () => webhooks.wake();
  // The scheduler's timers do not hold the process (no HTTP server does here): this does.
  const keepAlive = setInterval(() => undefined, 60_000);
  let closing: Promise<void> | null = null;
  return {
    engine,
    scheduler,
    close() {
      closing ??= (async () => {
        clearInterval(keepAlive);
        await unregisterWorker(engine.db, engine.owner);
        await webhooks.stop();
        await scheduler.stop(shutdownGraceMs());
        await deleteSetting(engine.db, `${UPLOADER_PREFIX}${engine.owner}`);
        await engine.close();
      })();
      return closing;
    },
  };
}
