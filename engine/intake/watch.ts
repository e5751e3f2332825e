// Watched folders (issue 18). A file is taken once it is complete: its size and mtime
// unchanged across two scans and the mtime older than the settle time (a writer that
// pauses longer than that is indistinguishable from a finished one; the settle time is
// configurable). What was taken is recorded in SQLite per (folder, path, size, mtime), and
// uploads use the content-keyed Idempotency-Key, so a restart — even one between upload and
// record — never creates a document twice.
import { randomUUID } from 'node:crypto';
import { mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { EngineContext } from '../context.js';
import { nowTimestamp } from '../store/time.js';
import { activeFolders, isFileRecorded, recordFile, recordFolderScan } from '../store/watch-folders.js';
import { DONE_MARK_SUFFIX, itemsOf, listFiles } from './files.js';
import { importItem, ImportRefused, type ImportSettings, type ItemResult } from './importer.js';
import { LocalApi, type Credential } from './local-api.js';

export type AfterImport = 'keep' | 'move' | 'mark';
export const AFTER_IMPORT: AfterImport[] = ['keep', 'move', 'mark'];

export interface WatchTarget {
  /** Identity of the folder's state rows: `watch:<id>` (desk) or `cli:<account>:<path>`. */
  key: string;
  path: string;
  settings: ImportSettings;
  after: AfterImport;
  /** Where `move` puts imported files (never scanned); default `<path>/imported`. */
  doneFolder: string | null;
  settleMs: number;
}

export const DEFAULT_SETTLE_MS = 2000;

function doneFolderOf(target: Pick<WatchTarget, 'path' | 'doneFolder'>): string {
  return resolve(target.doneFolder ?? join(target.path, 'imported'));
}

interface Seen {
  size: number;
  mtimeMs: number;
}

export class FolderWatcher {
  private seen = new Map<string, Seen>();
  private timer: NodeJS.Timeout | null = null;
  private scanning: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly engine: EngineContext,
    private readonly api: LocalApi,
    readonly target: WatchTarget,
    private readonly hooks: { onItem?: (r: ItemResult) => void; onScan?: (error: string | null) => void } = {},
  ) {}

  start(intervalMs = 1000): void {
    const tick = () => {
      if (this.stopped) return;
      this.scanning = this.scanOnce()
        .then(() => this.hooks.onScan?.(null))
        .catch((err: unknown) => this.hooks.onScan?.(err instanceof Error ? err.message : String(err)))
        .finally(() => {
          this.scanning = null;
          if (!this.stopped) this.timer = setTimeout(tick, intervalMs);
        });
    };
    tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.scanning;
  }

  /** One pass: takes every file that is complete and not yet recorded. */
  async scanOnce(now = Date.now()): Promise<ItemResult[]> {
    const root = resolve(this.target.path);
    const done = doneFolderOf(this.target);
    const files = await listFiles([root], [done]);
    const results: ItemResult[] = [];
    const present = new Set(files);
    for (const path of [...this.seen.keys()]) if (!present.has(path)) this.seen.delete(path);
    for (const path of files) {
      if (this.stopped) break;
      const info = await stat(path).catch(() => null);
      if (!info) continue;
      const current = { size: info.size, mtimeMs: Math.floor(info.mtimeMs) };
      const before = this.seen.get(path);
      this.seen.set(path, current);
      if (!before || before.size !== current.size || before.mtimeMs !== current.mtimeMs) continue; // still changing, or first sight
      if (now - current.mtimeMs < this.target.settleMs) continue;
      if (await this.recorded(path, current)) continue;
      if (this.target.after === 'mark' && (await stat(path + DONE_MARK_SUFFIX).catch(() => null))) continue;
      results.push(...(await this.take(path, current)));
    }
    return results;
  }

  private async recorded(path: string, v: Seen): Promise<boolean> {
    return isFileRecorded(this.engine.db, this.target.key, path, v.size, v.mtimeMs);
  }

  private async take(path: string, v: Seen): Promise<ItemResult[]> {
    let results: ItemResult[];
    try {
      results = [];
      for (const item of await itemsOf(path)) results.push(await importItem(this.api, item, this.target.settings));
    } catch (err) {
      if (err instanceof ImportRefused) throw err; // the folder's token cannot upload: a folder error, not a file's
      results = [{ path, filename: basename(path), status: 'failed', document_id: null, reason: 'unreadable', message: (err as Error).message }];
    }
    const failed = results.find((r) => r.status === 'failed');
    const documentId = results.find((r) => r.document_id !== null)?.document_id ?? null;
    await recordFile(this.engine.db, { folder_key: this.target.key, path, size: v.size, mtime_ms: v.mtimeMs, sha256: null, status: failed ? 'failed' : results.every((r) => r.status === 'skipped') ? 'skipped' : 'imported', document_id: documentId, error: failed ? (failed.message ?? failed.reason) : null });
    if (!failed) await this.afterImport(path, results);
    for (const r of results) this.hooks.onItem?.(r);
    return results;
  }

  private async afterImport(path: string, results: ItemResult[]): Promise<void> {
    if (this.target.after === 'move') {
      const done = doneFolderOf(this.target);
      const rel = relative(resolve(this.target.path), path);
      let dest = join(done, rel);
      await mkdir(join(dest, '..'), { recursive: true });
      // Never overwrite an earlier file of the same name in the done folder.
      for (let n = 1; await stat(dest).then(() => true, () => false); n++) {
        const ext = extname(rel);
        dest = join(done, `${rel.slice(0, rel.length - ext.length)} (${n})${ext}`);
      }
      await rename(path, dest);
      this.seen.delete(path);
    } else if (this.target.after === 'mark') {
      // Temp + rename: a reader (or a crash) never sees a half-written marker. The temp name
      // is a dotfile in the same folder, so the scan ignores it and rename stays atomic.
      const marker = path + DONE_MARK_SUFFIX;
      const tmp = join(dirname(marker), `.${basename(marker)}.${randomUUID()}.tmp`);
      await writeFile(tmp, `${JSON.stringify({ documents: results.map((r) => r.document_id), at: nowTimestamp() })}\n`);
      await rename(tmp, marker).catch(async (err: unknown) => {
        await unlink(tmp).catch(() => undefined);
        throw err;
      });
    }
  }
}

/**
 * The watched folders configured in the desk, run by the server: every few seconds the
 * table is re-read, so folders added or removed (desk, another process) start and stop.
 */
export class WatchFolderService {
  private watchers = new Map<number, { watcher: FolderWatcher; api: LocalApi; signature: string }>();
  private timer: NodeJS.Timeout | null = null;
  private syncing: Promise<void> | null = null;

  constructor(private readonly engine: EngineContext, private readonly app: FastifyInstance, private readonly opts: { intervalMs?: number; syncMs?: number } = {}) {}

  start(): void {
    const tick = () => {
      this.syncing = this.sync()
        .catch((err: unknown) => console.error('watch folders:', err))
        .finally(() => {
          this.syncing = null;
          if (this.timer !== null) this.timer = setTimeout(tick, this.opts.syncMs ?? 3000);
        });
    };
    this.timer = setTimeout(tick, 0);
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.syncing;
    for (const id of [...this.watchers.keys()]) await this.remove(id);
  }

  private async remove(id: number): Promise<void> {
    const w = this.watchers.get(id);
    if (!w) return;
    this.watchers.delete(id);
    await w.watcher.stop();
    await w.api.close();
  }

  async sync(): Promise<void> {
    const rows = await activeFolders(this.engine.db);
    const wanted = new Map(rows.map((r) => [r.id, r]));
    for (const id of [...this.watchers.keys()]) {
      const row = wanted.get(id);
      if (!row || signatureOf(row) !== this.watchers.get(id)!.signature) await this.remove(id);
    }
    for (const row of rows) {
      if (this.watchers.has(row.id) || row.token_id === null) continue;
      const credential: Credential = { tokenId: row.token_id };
      const api = await LocalApi.open(this.engine, credential, this.app);
      const watcher = new FolderWatcher(this.engine, api, targetOf(row), {
        onScan: (error) => void recordFolderScan(this.engine.db, row.id, error).catch(() => undefined),
      });
      this.watchers.set(row.id, { watcher, api, signature: signatureOf(row) });
      watcher.start(this.opts.intervalMs ?? 1000);
    }
  }
}

type FolderRow = { id: number; path: string; processing_mode: string; extraction_profile: string | null; pages: string | null; after_import: AfterImport; done_folder: string | null; token_id: number | null };

function signatureOf(row: FolderRow): string {
  return JSON.stringify([row.path, row.processing_mode, row.extraction_profile, row.pages, row.after_import, row.done_folder, row.token_id]);
}

function targetOf(row: FolderRow): WatchTarget {
  return {
    key: `watch:${row.id}`,
    path: row.path,
    settings: { processing_mode: row.processing_mode, extraction_profile: row.extraction_profile ?? undefined, pages: row.pages ?? undefined },
    after: row.after_import,
    doneFolder: row.done_folder,
    settleMs: Number(process.env.DOCDESK_WATCH_SETTLE_MS) || DEFAULT_SETTLE_MS,
  };
}
