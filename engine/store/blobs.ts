// Stored bytes (originals, thumbnails, page previews, visualizations, page models) behind
// one interface: a folder in the data dir by default, an S3-compatible bucket for a team
// server. Keys are data-dir-relative paths (`files/originals/<uuid>.bin`,
// `files/artefacts/<documentId>/...`), the same strings the database has always held, so a
// row means the same object in either store.
//
// Uploads are always staged in the data dir's tmp folder first (hashing as they stream);
// workers that need a file (PDFium, pdf.js, tesseract, clamscan) get one through a run
// workspace, which for a remote store is a local copy and a scratch folder published back.
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { hostname } from 'node:os';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import type { DataLayout } from '../config/paths.js';
import { PRIVATE_DIR_MODE as DIR_MODE, PRIVATE_FILE_MODE as FILE_MODE } from '../config/permissions.js';

export interface StagedUpload {
  tmpPath: string;
  size: number;
  sha256: string;
  /** True when the stream was cut off at the size limit. */
  truncated: boolean;
}

export interface BlobInfo {
  key: string;
  size: number;
  /** Last modification, epoch milliseconds. */
  modifiedMs: number;
}

export interface BlobRead {
  stream: Readable;
  /** Bytes in `stream` (the range's length for a range read). */
  size: number;
  /** The whole object's size. */
  totalSize: number;
}

/** Bytes `start`..`end` inclusive, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The files of one processing run: where the workers read the original and write their
 * artefacts. Paths under `root` mirror the data dir, so `key(path)` is the stored key.
 */
export interface RunWorkspace {
  /** Local path of the document's original. */
  source: string;
  /** Local root that mirrors the data dir (the data dir itself for the local store). */
  root: string;
  /** Local folder for the document's artefacts: `<root>/files/artefacts/<documentId>/...parts`. */
  artefactDir(...parts: string[]): string;
  /** The stored key of a file written under `root`. */
  key(localPath: string): string;
}

/** The object is not in the store (deleted, expired, never written). */
export class BlobNotFoundError extends Error {
  readonly code = 'blob_not_found';
  constructor(readonly key: string) {
    super(`stored file ${key} does not exist`);
  }
}

/** The store could not be reached or refused the request (a bucket down, bad credentials). */
export class BlobStoreUnavailableError extends Error {
  readonly code = 'blob_store_unavailable';
}

export interface BlobStore {
  readonly kind: 'local' | 's3';
  readonly layout: DataLayout;
  init(): Promise<void>;

  /** Streams an upload to a temporary file, hashing as it goes; never buffers the file. */
  stageUpload(source: Readable & { truncated?: boolean }): Promise<StagedUpload>;
  /** Stores a staged upload as a new original; returns its key. The staged file is gone after. */
  commitOriginal(staged: StagedUpload): Promise<string>;
  discard(tmpPath: string): Promise<void>;

  /** Stores bytes under `key`, replacing what was there (a bucket gets them signed with their SHA-256). */
  put(key: string, data: Buffer): Promise<void>;
  /** Stores a local file under `key`. */
  putFile(key: string, path: string, known?: { size: number; sha256: string }): Promise<void>;
  /** Writes a generated artefact under `files/artefacts/<relName>`; returns its key. */
  writeArtefact(relName: string, data: Buffer): Promise<string>;

  /** The object as a stream; throws BlobNotFoundError. */
  get(key: string, range?: ByteRange): Promise<BlobRead>;
  stat(key: string): Promise<BlobInfo | null>;
  exists(key: string): Promise<boolean>;
  /** Removes one object. Idempotent. */
  remove(key: string | null): Promise<void>;
  /** Removes every object under a folder key (`files/artefacts/7`). Idempotent. */
  removeFolder(prefix: string): Promise<void>;
  /** Every object under the folder `prefix` (ending in `/`, e.g. `files/originals/`): orphan sweeps. */
  list(prefix: string): AsyncIterable<BlobInfo>;

  /**
   * Runs `fn` with the object as a local file: the stored file itself for the local folder,
   * a private temporary copy (removed afterwards) for a remote store.
   */
  withLocalFile<T>(key: string, fn: (path: string) => Promise<T>): Promise<T>;
  /**
   * Runs one document's processing with local files: the original at `source`, artefacts
   * written under `artefactDir()`. A remote store publishes what `fn` wrote there before
   * returning (also when `fn` fails, so a failed run's previews exist as on a local disk).
   */
  withWorkspace<T>(documentId: number, sourceKey: string, fn: (ws: RunWorkspace) => Promise<T>): Promise<T>;

  /** Removes temporary files no process is writing or holding any more. */
  sweepTemporary(minAgeMs?: number, nowMs?: number): Promise<string[]>;
  startSweeping(intervalMs: number, minAgeMs?: number): void;
  stopSweeping(): void;
  /**
   * Startup sweep: leftover temporary files of dead processes, and originals/artefacts that no
   * committed row references (a crash between storing the bytes and the commit) and that are
   * older than `minAgeMs` (another process's upload may be between the two right now).
   */
  sweepOrphans(referenced: Set<string>, minAgeMs?: number, nowMs?: number): Promise<string[]>;
}

const ORIGINALS_PREFIX = 'files/originals/';
export const ARTEFACTS_PREFIX = 'files/artefacts/';

/** A key as stored: forward slashes, relative, never leaving the data dir. */
export function normalizeKey(key: string): string {
  const k = key.split('\\').join('/').replace(/^\.\//, '');
  if (!k || k.startsWith('/') || k.split('/').some((part) => part === '..' || part === '')) throw new Error(`invalid blob key: ${key}`);
  return k;
}

/** Whether a stored key belongs to a committed row: the original itself or a document's artefact folder. */
function isReferenced(key: string, referenced: Set<string>): boolean {
  if (referenced.has(key)) return true;
  // Artefacts are grouped per document folder: `files/artefacts/<documentId>/...`.
  const parts = key.split('/');
  return parts.length > 3 && referenced.has(parts.slice(0, 3).join('/'));
}

export function newOriginalKey(): string {
  return `${ORIGINALS_PREFIX}${randomUUID()}.bin`;
}

/** This machine's name as it may stand inside a file name. */
const HOST_TAG = hostname().replace(/[^A-Za-z0-9-]/g, '_');

/**
 * The temporary sibling a stored file is written to before its rename: it names its writer
 * (`<name>.<pid>@<host>.<uuid>.tmp`), so a sweep can tell a killed writer's leftover from a
 * file another process is still writing.
 */
export function temporarySibling(path: string): string {
  return `${path}.${process.pid}@${HOST_TAG}.${randomUUID()}.tmp`;
}

/** Writes `data` to `path` whole or not at all: a temporary sibling renamed into place. */
export async function writeFileAtomic(path: string, data: Buffer): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = temporarySibling(path);
  await writeFile(tmp, data);
  await rename(tmp, path);
}

/** A temporary sibling whose writer ran on this machine and has exited. */
function abandonedSibling(key: string): boolean {
  const m = /\.(\d+)@([A-Za-z0-9_-]+)\.[0-9a-f-]{36}\.tmp$/.exec(key);
  if (!m || m[2] !== HOST_TAG) return false;
  const pid = Number(m[1]);
  return pid !== process.pid && !pidAlive(pid);
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The part both stores share: staging uploads and scratch folders in the data dir's tmp
 * folder, and what follows from a store's own put, stat, list and remove. Temporary names
 * start with the writing process's PID, so several processes on one machine can share a
 * data folder: none sweeps a file another live process is writing.
 */
export abstract class StagingArea {
  /** Staged uploads and workspaces of this process: the sweep leaves them. */
  protected readonly inFlight = new Set<string>();
  private sweepTimer: NodeJS.Timeout | null = null;

  constructor(readonly layout: DataLayout) {}

  protected async initStaging(): Promise<void> {
    await mkdir(this.layout.tmp, { recursive: true, mode: DIR_MODE });
  }

  protected tmpName(suffix: string): string {
    return join(this.layout.tmp, `${process.pid}-${randomUUID()}${suffix}`);
  }

  async stageUpload(source: Readable & { truncated?: boolean }): Promise<StagedUpload> {
    const tmpPath = this.tmpName('.upload');
    const hash = createHash('sha256');
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        size += chunk.length;
        hash.update(chunk);
        cb(null, chunk);
      },
    });
    this.inFlight.add(tmpPath);
    try {
      await pipeline(source, meter, createWriteStream(tmpPath, { flags: 'wx', mode: FILE_MODE }));
    } catch (err) {
      // An aborted or malformed body, or a full disk: nothing of it stays behind.
      await this.discard(tmpPath);
      throw err;
    }
    return { tmpPath, size, sha256: hash.digest('hex'), truncated: Boolean(source.truncated) };
  }

  async discard(tmpPath: string): Promise<void> {
    await rm(tmpPath, { force: true, recursive: true });
    this.inFlight.delete(tmpPath);
  }

  /** Held by another live process on this machine (its PID prefixes the name). */
  private heldElsewhere(name: string): boolean {
    const pid = Number(/^(\d+)-/.exec(name)?.[1]);
    return Number.isInteger(pid) && pid > 0 && pid !== process.pid && pidAlive(pid);
  }

  /**
   * Removes temporary files no upload is writing or holding any more (a failure path that
   * escaped cleanup, a killed worker's scratch file). Runs periodically in the serving
   * process, not only at start. Returns the names removed.
   */
  async sweepTemporary(minAgeMs = 60_000, nowMs = Date.now()): Promise<string[]> {
    const removed: string[] = [];
    for (const name of await readdir(this.layout.tmp).catch(() => [] as string[])) {
      const path = join(this.layout.tmp, name);
      if (this.inFlight.has(path) || this.heldElsewhere(name)) continue;
      const info = await stat(path).catch(() => null);
      if (!info || nowMs - info.mtimeMs < minAgeMs) continue;
      await rm(path, { force: true, recursive: true });
      removed.push(name);
    }
    return removed;
  }

  startSweeping(intervalMs: number, minAgeMs = 60_000): void {
    this.stopSweeping();
    this.sweepTimer = setInterval(() => void this.sweepTemporary(minAgeMs).catch(() => undefined), intervalMs);
    this.sweepTimer.unref();
  }

  stopSweeping(): void {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = null;
  }

  abstract put(key: string, data: Buffer): Promise<void>;
  abstract stat(key: string): Promise<BlobInfo | null>;
  abstract list(prefix: string): AsyncIterable<BlobInfo>;
  abstract remove(key: string | null): Promise<void>;

  async writeArtefact(relName: string, data: Buffer): Promise<string> {
    const key = `${ARTEFACTS_PREFIX}${normalizeKey(relName)}`;
    await this.put(key, data);
    return key;
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async sweepOrphans(referenced: Set<string>, minAgeMs = 0, nowMs = Date.now()): Promise<string[]> {
    // tmp: everything no live process holds; then stored files no committed row references.
    const staging = (await this.sweepTemporary(0)).map((name) => `tmp/${name}`);
    return [...staging, ...(await sweepUnreferenced(this, referenced, minAgeMs, nowMs))];
  }

  /** A private scratch folder in tmp for the duration of `fn`. */
  protected async withScratch<T>(fn: (dir: string) => Promise<T>): Promise<T> {
    const dir = this.tmpName('.work');
    this.inFlight.add(dir);
    try {
      await mkdir(dir, { mode: DIR_MODE });
      return await fn(dir);
    } finally {
      await this.discard(dir);
    }
  }
}

/** Deletes stored originals and artefacts that no row references and that are older than `minAgeMs`. */
async function sweepUnreferenced(store: Pick<BlobStore, 'list' | 'remove'>, referenced: Set<string>, minAgeMs: number, nowMs: number): Promise<string[]> {
  const removed: string[] = [];
  for (const prefix of [ORIGINALS_PREFIX, ARTEFACTS_PREFIX]) {
    for await (const blob of store.list(prefix)) {
      // A killed writer's half-written file goes at once; anything else waits out the grace.
      if (!(blob.key.endsWith('.tmp') && abandonedSibling(blob.key)) && nowMs - blob.modifiedMs < minAgeMs) continue;
      if (blob.key.endsWith('.tmp') || !isReferenced(blob.key, referenced)) {
        await store.remove(blob.key);
        removed.push(blob.key);
      }
    }
  }
  return removed;
}

/** Every file under `dir` (none when it does not exist). */
export async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(p)));
    else out.push(p);
  }
  return out;
}

export { DIR_MODE, FILE_MODE };
