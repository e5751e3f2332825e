// `docdesk import PATH… [--watch] [--wait]`: files, folders and mail exports into the
// account of a token (DOCDESK_TOKEN / --token) or the local workspace, through the API's
// own upload route in-process (engine/intake). See docs/decisions.md, "Intake".
import { resolve } from 'node:path';
import { stat } from 'node:fs/promises';
import { recoverInterruptedUploads } from '../api/idempotency.js';
import { bootstrap, readAppToken } from '../bootstrap.js';
import type { EngineContext } from '../context.js';
import { itemsOf, listFiles, type ImportItem } from '../intake/files.js';
import { importAll, ImportRefused, type ImportSettings, type ItemResult } from '../intake/importer.js';
import { LocalApi } from '../intake/local-api.js';
import { ensureProcessing, runningServer, waitForDocuments, type Processing } from '../intake/processing.js';
import { progressSink, silentSink, summaryLine, throughput } from '../intake/progress.js';
import { AFTER_IMPORT, DEFAULT_SETTLE_MS, FolderWatcher, type AfterImport } from '../intake/watch.js';
import { pendingDocumentIds } from '../store/documents.js';
import { intFlag, stringFlag, UsageError, type ParsedArgs } from './args.js';

export const IMPORT_HELP = `  import PATH… [--wait] [--watch] [--mode M] [--profile P] [--pages S] [--lane L] [--token T]
         [--concurrency N] [--after keep|move|mark] [--done-dir D] [--settle-ms N]
                                              import files, folders (recursive) and mbox exports;
                                              --wait processes them, --watch keeps watching`;

/** The token the import acts as: --token, DOCDESK_TOKEN, else the local workspace's app token. */
export async function tokenFor(args: ParsedArgs, engine: EngineContext): Promise<string> {
  const given = stringFlag(args, 'token') ?? process.env.DOCDESK_TOKEN;
  if (given) return given.trim();
  await bootstrap(engine);
  return readAppToken(engine);
}

function settingsFrom(args: ParsedArgs): ImportSettings {
  return {
    processing_mode: stringFlag(args, 'mode'),
    extraction_profile: stringFlag(args, 'profile'),
    processing_lane: stringFlag(args, 'lane'),
    pages: stringFlag(args, 'pages'),
  };
}

/**
 * --json on a pipe: stdout carries only the result and stderr stays quiet; a terminal still
 * sees the bar. DOCDESK_PROGRESS=bar|plain|off overrides (benchmarks, logs).
 */
function chooseSink(json: boolean) {
  const forced = process.env.DOCDESK_PROGRESS;
  if (forced === 'off') return silentSink;
  if (forced === 'bar' || forced === 'plain') return progressSink(process.stderr, forced === 'bar');
  return json && !process.stderr.isTTY ? silentSink : progressSink();
}

async function collect(paths: string[]): Promise<{ items: ImportItem[]; unreadable: ItemResult[] }> {
  const items: ImportItem[] = [];
  const unreadable: ItemResult[] = [];
  let files: string[];
  try {
    files = await listFiles(paths);
  } catch (err) {
    throw new UsageError(`cannot read ${(err as NodeJS.ErrnoException).path ?? paths.join(', ')}: ${(err as Error).message}`);
  }
  for (const file of files) {
    try {
      items.push(...(await itemsOf(file)));
    } catch (err) {
      unreadable.push({ path: file, filename: file, status: 'failed', document_id: null, reason: 'unreadable', message: (err as Error).message });
    }
  }
  return { items, unreadable };
}

export async function importCommand(args: ParsedArgs, engine: EngineContext, json: boolean): Promise<number> {
  const paths = args.positionals.slice(1);
  if (paths.length === 0) throw new UsageError('import: give at least one file or folder');
  const settings = settingsFrom(args);
  const after = (stringFlag(args, 'after') ?? 'keep') as AfterImport;
  if (!AFTER_IMPORT.includes(after)) throw new UsageError('--after must be keep, move or mark');
  const concurrency = intFlag(args, 'concurrency') ?? 2;
  if (concurrency < 1 || concurrency > 16) throw new UsageError('--concurrency must be 1 to 16');
  const token = await tokenFor(args, engine);
  const auth = await engine.accounts.authenticate(token);
  if (!auth) throw new Error('the token is invalid or revoked');
  await recoverInterruptedUploads(engine.db, engine.owner);
  const api = await LocalApi.open(engine, { token });
  const sink = chooseSink(json);
  let proc: Processing | null = null;
  try {
    if (args.flags.has('watch')) return await watch(args, engine, api, paths, settings, after, auth.accountId, sink);
    const { items, unreadable } = await collect(paths);
    // With --wait, processing starts while the uploads are still running.
    if (args.flags.has('wait')) proc = await ensureProcessing(engine);
    const { results, counters } = await importAll(api, items, settings, { concurrency, onItem: (r, c) => sink.item(r, c) });
    const uploadRate = throughput(counters).filesPerSecond;
    sink.end();
    results.push(...unreadable);
    counters.failed += unreadable.length;
    const ids = results.map((r) => r.document_id).filter((id): id is number => id !== null);
    let processing: string;
    let processingFailed = 0;
    if (proc) {
      processing = proc.host;
      let last = -1;
      try {
        const states = await waitForDocuments(engine, ids, (done, total) => {
          if (done !== last) sink.processing(done, total);
          last = done;
        });
        for (const r of results) {
          const s = r.document_id !== null ? states.get(r.document_id) : undefined;
          if (!s) continue;
          r.document_status = s.status;
          if (s.status !== 'completed' && r.status !== 'failed') processingFailed++;
          if (s.status !== 'completed' && !r.message) r.message = s.processing_error ?? s.blocked_reason;
        }
      } finally {
        sink.end();
      }
    } else {
      processing = (await runningServer(engine)) ? 'server' : 'queued';
      const pending = ids.length ? await pendingDocumentIds(engine.db, ids) : [];
      if (processing === 'queued' && pending.length && !json) {
        sink.note('queued: no Docdesk server runs on this data folder, so nothing processes these documents yet; they are processed when "docdesk serve" or the desk starts (or import with --wait).');
      }
    }
    const summary = {
      imported: counters.imported,
      skipped: counters.skipped,
      failed: counters.failed,
      processing,
      processing_failed: processingFailed,
      files_per_second: Number(uploadRate.toFixed(2)),
      documents: results,
    };
    if (json) process.stdout.write(`${JSON.stringify(summary)}\n`);
    else {
      process.stdout.write(`${summaryLine(counters)}\n`);
      if (processingFailed) process.stdout.write(`${processingFailed} document(s) did not complete processing\n`);
    }
    return counters.failed > 0 || processingFailed > 0 ? 1 : 0;
  } catch (err) {
    if (err instanceof ImportRefused) throw new Error(`the API refused the import (${err.status} ${err.code}): ${err.message}`);
    throw err;
  } finally {
    await proc?.stop();
    await api.close();
  }
}

async function watch(args: ParsedArgs, engine: EngineContext, api: LocalApi, paths: string[], settings: ImportSettings, after: AfterImport, accountId: number, sink: ReturnType<typeof progressSink>): Promise<number> {
  for (const p of paths) {
    const info = await stat(p).catch(() => null);
    if (!info?.isDirectory()) throw new UsageError(`--watch needs folders; ${p} is not one`);
  }
  const settleMs = intFlag(args, 'settle-ms') ?? DEFAULT_SETTLE_MS;
  const intervalMs = intFlag(args, 'interval-ms') ?? 1000;
  const doneDir = stringFlag(args, 'done-dir');
  const counters = { total: 0, done: 0, imported: 0, skipped: 0, failed: 0, bytes: 0, startedAt: Date.now() };
  const proc = await ensureProcessing(engine);
  const watchers = paths.map((p) => {
    const path = resolve(p);
    return new FolderWatcher(engine, api, { key: `cli:${accountId}:${path}`, path, settings, after, doneFolder: doneDir ? resolve(doneDir) : null, settleMs }, {
      onItem: (r) => {
        counters.total++;
        counters.done++;
        counters[r.status]++;
        sink.item(r, counters);
      },
      onScan: (error) => {
        if (error) sink.note(`watch ${path}: ${error}`);
      },
    });
  });
  sink.note(`watching ${paths.map((p) => resolve(p)).join(', ')} (processing: ${proc.host}); stop with Ctrl+C`);
  for (const w of watchers) w.start(intervalMs);
  await new Promise<void>((done) => {
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
  });
  for (const w of watchers) await w.stop();
  await proc.stop();
  sink.end();
  process.stdout.write(args.flags.has('json') ? `${JSON.stringify({ imported: counters.imported, skipped: counters.skipped, failed: counters.failed })}\n` : `stopped; imported ${counters.imported}, skipped ${counters.skipped}, failed ${counters.failed}\n`);
  return 0;
}
