// The desktop's blob store: files under the data dir, exactly the layout Docdesk has always
// written (existing data folders keep working). Every write goes to a temporary name first
// and is renamed into place, so a crash never leaves a half-written original or artefact.
// Several processes on one machine may share the folder: names are unique, renames atomic.
import { chmod, copyFile, mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { DataLayout } from '../config/paths.js';
import { BlobNotFoundError, DIR_MODE, FILE_MODE, newOriginalKey, normalizeKey, StagingArea, temporarySibling, walk } from './blobs.js';
import type { BlobInfo, BlobRead, BlobStore, ByteRange, RunWorkspace, StagedUpload } from './blobs.js';

export class LocalBlobStore extends StagingArea implements BlobStore {
  readonly kind = 'local' as const;

  constructor(layout: DataLayout) {
    super(layout);
  }

  async init(): Promise<void> {
    await this.initStaging();
    await Promise.all([this.layout.originals, this.layout.artefacts].map((d) => mkdir(d, { recursive: true, mode: DIR_MODE })));
  }

  /** The file of a key; refuses keys that would leave the data dir. */
  absolute(key: string): string {
    const root = resolve(this.layout.root);
    const abs = resolve(root, normalizeKey(key));
    if (!abs.startsWith(root + sep)) throw new Error('blob path escapes the data dir');
    return abs;
  }

  private keyOf(abs: string): string {
    return relative(this.layout.root, abs).split(sep).join('/');
  }

  async commitOriginal(staged: StagedUpload): Promise<string> {
    const key = newOriginalKey();
    await fsyncFile(staged.tmpPath);
    await rename(staged.tmpPath, this.absolute(key));
    this.inFlight.delete(staged.tmpPath);
    return key;
  }

  async put(key: string, data: Buffer): Promise<void> {
    await this.replace(key, (tmp) => writeFile(tmp, data, { flag: 'wx', mode: FILE_MODE }));
  }

  async putFile(key: string, path: string): Promise<void> {
    if (resolve(path) === this.absolute(key)) return;
    await this.replace(key, async (tmp) => {
      await copyFile(path, tmp);
      await chmod(tmp, FILE_MODE);
    });
  }

  /** Writes a temporary sibling, syncs it and renames it over the key's file. */
  private async replace(key: string, write: (tmp: string) => Promise<void>): Promise<void> {
    const target = this.absolute(key);
    await mkdir(dirname(target), { recursive: true, mode: DIR_MODE });
    const tmp = temporarySibling(target);
    try {
      await write(tmp);
      await fsyncFile(tmp);
      await rename(tmp, target);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  async get(key: string, range?: ByteRange): Promise<BlobRead> {
    const path = this.absolute(key);
    // Opened before answering, so a missing file is an error here, not a broken response.
    const fh = await open(path, 'r').catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'EISDIR') throw new BlobNotFoundError(key);
      throw err;
    });
    const { size: totalSize } = await fh.stat();
    if (!range) return { stream: fh.createReadStream(), size: totalSize, totalSize };
    const end = Math.min(range.end, totalSize - 1);
    return { stream: fh.createReadStream({ start: range.start, end }), size: Math.max(0, end - range.start + 1), totalSize };
  }

  async stat(key: string): Promise<BlobInfo | null> {
    const info = await stat(this.absolute(key)).catch(() => null);
    return info?.isFile() ? { key: normalizeKey(key), size: info.size, modifiedMs: info.mtimeMs } : null;
  }

  async remove(key: string | null): Promise<void> {
    if (!key) return;
    await rm(this.absolute(key), { force: true });
  }

  async removeFolder(prefix: string): Promise<void> {
    await rm(this.absolute(prefix.replace(/\/+$/, '')), { force: true, recursive: true });
  }

  async *list(prefix: string): AsyncIterable<BlobInfo> {
    // Prefixes are folders here (`files/originals/`, `files/artefacts/7/`).
    for (const file of await walk(this.absolute(prefix.replace(/\/+$/, '')))) {
      const info = await stat(file).catch(() => null);
      if (info) yield { key: this.keyOf(file), size: info.size, modifiedMs: info.mtimeMs };
    }
  }

  async withLocalFile<T>(key: string, fn: (path: string) => Promise<T>): Promise<T> {
    return fn(this.absolute(key));
  }

  async withWorkspace<T>(documentId: number, sourceKey: string, fn: (ws: RunWorkspace) => Promise<T>): Promise<T> {
    if (!(await this.exists(sourceKey))) throw new BlobNotFoundError(sourceKey);
    const root = this.layout.root;
    return fn({
      source: this.absolute(sourceKey),
      root,
      artefactDir: (...parts) => join(this.layout.artefacts, String(documentId), ...parts),
      key: (path) => this.keyOf(path),
    });
  }
}

async function fsyncFile(path: string): Promise<void> {
  const fh = await open(path, 'r+');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}
