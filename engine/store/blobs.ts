// Files on disk under the data dir. Every write goes to a temporary name first and is
// renamed into place, so a crash never leaves a half-written original or artefact.
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
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

export class BlobStore {
  /** Staged uploads between stageUpload and commitOriginal/discard: the sweep leaves them. */
  private readonly inFlight = new Set<string>();
  private sweepTimer: NodeJS.Timeout | null = null;

  constructor(readonly layout: DataLayout) {}

  async init(): Promise<void> {
    await Promise.all([this.layout.originals, this.layout.artefacts, this.layout.tmp].map((d) => mkdir(d, { recursive: true, mode: DIR_MODE })));
  }

  /** Streams an upload to a temporary file, hashing as it goes; never buffers the file. */
  async stageUpload(source: Readable & { truncated?: boolean }): Promise<StagedUpload> {
    const tmpPath = join(this.layout.tmp, `${randomUUID()}.upload`);
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

  /** Moves a staged upload into the originals folder; returns its data-dir-relative path. */
  async commitOriginal(staged: StagedUpload): Promise<string> {
    const name = `${randomUUID()}.bin`;
    const target = join(this.layout.originals, name);
    await fsyncFile(staged.tmpPath);
    await rename(staged.tmpPath, target);
    this.inFlight.delete(staged.tmpPath);
    return relative(this.layout.root, target);
  }

  /** Writes a generated artefact atomically; returns its data-dir-relative path. */
  async writeArtefact(relName: string, data: Buffer): Promise<string> {
    const target = join(this.layout.artefacts, relName);
    await mkdir(dirname(target), { recursive: true, mode: DIR_MODE });
    const tmp = `${target}.${randomUUID()}.tmp`;
    await writeFile(tmp, data, { flag: 'wx', mode: FILE_MODE });
    await fsyncFile(tmp);
    await rename(tmp, target);
    return relative(this.layout.root, target);
  }

  absolute(relPath: string): string {
    const abs = resolve(this.layout.root, relPath);
    if (!abs.startsWith(resolve(this.layout.root))) throw new Error('blob path escapes the data dir');
    return abs;
  }

  async remove(relPath: string | null): Promise<void> {
    if (!relPath) return;
    await rm(this.absolute(relPath), { force: true, recursive: true });
  }

  async discard(tmpPath: string): Promise<void> {
    await rm(tmpPath, { force: true });
    this.inFlight.delete(tmpPath);
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
      if (this.inFlight.has(path)) continue;
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

  async exists(relPath: string): Promise<boolean> {
    return stat(this.absolute(relPath)).then(() => true, () => false);
  }

  /**
   * Startup sweep: removes half-written uploads, and originals/artefacts that no
   * committed row references (a crash between the rename and the commit).
   */
  async sweepOrphans(referenced: Set<string>): Promise<string[]> {
    const removed: string[] = [];
    for (const name of await readdir(this.layout.tmp).catch(() => [] as string[])) {
      await rm(join(this.layout.tmp, name), { force: true, recursive: true });
      removed.push(join('tmp', name));
    }
    for (const dir of [this.layout.originals, this.layout.artefacts]) {
      for (const file of await walk(dir)) {
        const rel = relative(this.layout.root, file).split('\\').join('/');
        if (file.endsWith('.tmp') || !isReferenced(rel, referenced)) {
          await rm(file, { force: true });
          removed.push(rel);
        }
      }
    }
    return removed;
  }
}

function isReferenced(rel: string, referenced: Set<string>): boolean {
  if (referenced.has(rel)) return true;
  // Artefacts are grouped per document folder: `files/artefacts/<documentId>/...`.
  const parts = rel.split(/[\\/]/);
  return parts.length > 3 && referenced.has(parts.slice(0, 3).join('/'));
}

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(p)));
    else out.push(p);
  }
  return out;
}

async function fsyncFile(path: string): Promise<void> {
  const fh = await open(path, 'r+');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}
