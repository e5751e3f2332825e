// The team server's blob store: an S3-compatible bucket (AWS S3, MinIO, Ceph RGW, ...).
// Object key = optional prefix + the data-dir-relative key the rows hold. Uploads still
// stage in the local tmp folder (hashed while streaming), then go up in one signed PUT.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { DataLayout } from '../config/paths.js';
import { BlobNotFoundError, BlobStoreUnavailableError, DIR_MODE, FILE_MODE, newOriginalKey, normalizeKey, StagingArea, walk } from './blobs.js';
import type { BlobInfo, BlobRead, BlobStore, ByteRange, RunWorkspace, StagedUpload } from './blobs.js';
import { S3Client, S3Error, type S3Config } from './s3-client.js';

/** Parallel PUTs when a run's artefacts are published (a 200-page run has 200+ previews). */
const PUBLISH_CONCURRENCY = 8;

export class S3BlobStore extends StagingArea implements BlobStore {
  readonly kind = 's3' as const;
  readonly client: S3Client;

  /** `prefix`: a folder in the bucket for this installation ('' or ending in '/'). */
  constructor(layout: DataLayout, config: S3Config, readonly prefix = '') {
    super(layout);
    this.client = new S3Client(config);
  }

  async init(): Promise<void> {
    await this.initStaging();
    // Fail at start, with the reason, rather than at the first upload.
    await this.call('reach the bucket', async () => {
      for await (const _ of this.client.listObjects(`${this.prefix}files/.probe/`)) break;
    });
  }

  private objectKey(key: string): string {
    return this.prefix + normalizeKey(key);
  }

  /** Service and network failures become BlobStoreUnavailableError with what was attempted. */
  private async call<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof BlobNotFoundError) throw err;
      const reason = err instanceof S3Error ? `${err.s3Code} (HTTP ${err.status})` : err instanceof Error ? err.message : String(err);
      throw new BlobStoreUnavailableError(`Could not ${what} in the blob store s3://${this.client.config.bucket}/${this.prefix}: ${reason}`, { cause: err });
    }
  }

  async commitOriginal(staged: StagedUpload): Promise<string> {
    const key = newOriginalKey();
    await this.putFile(key, staged.tmpPath, staged);
    await this.discard(staged.tmpPath);
    return key;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const sha256 = createHash('sha256').update(data).digest('hex');
    await this.call(`store ${key}`, () => this.client.putObject(this.objectKey(key), { data }, sha256));
  }

  async putFile(key: string, path: string, known?: { size: number; sha256: string }): Promise<void> {
    const { size, sha256 } = known ?? (await hashFile(path));
    await this.call(`store ${key}`, () => this.client.putObject(this.objectKey(key), { path, size }, sha256));
  }

  async get(key: string, range?: ByteRange): Promise<BlobRead> {
    const got = await this.call(`read ${key}`, () => this.client.getObject(this.objectKey(key), range));
    if (!got) throw new BlobNotFoundError(key);
    return { stream: got.body, size: got.size, totalSize: got.totalSize };
  }

  async stat(key: string): Promise<BlobInfo | null> {
    const head = await this.call(`look up ${key}`, () => this.client.headObject(this.objectKey(key)));
    return head ? { key: normalizeKey(key), size: head.size, modifiedMs: head.lastModifiedMs } : null;
  }

  async remove(key: string | null): Promise<void> {
    if (!key) return;
    await this.call(`delete ${key}`, () => this.client.deleteObject(this.objectKey(key)));
  }

  async removeFolder(prefix: string): Promise<void> {
    const folder = `${this.objectKey(prefix.replace(/\/+$/, ''))}/`;
    const listed = () =>
      this.call(`list ${prefix}`, async () => {
        const found: string[] = [];
        for await (const obj of this.client.listObjects(folder)) found.push(obj.key);
        return found;
      });
    // Listed first, then deleted (deleting while paging a listing can skip keys). A failed
    // delete (a 500/503 from the service, a race with another delete in the folder) does
    // not stop the others; the folder is listed again and what is left gets one more pass.
    let left = await listed();
    for (let pass = 0; left.length && pass < 2; pass++) {
      for (const key of left) await this.client.deleteObject(key).catch(() => undefined);
      left = await listed();
    }
    if (left.length) throw new BlobStoreUnavailableError(`Could not delete ${left.length} objects under ${prefix} in the blob store s3://${this.client.config.bucket}/${this.prefix}`);
  }

  async *list(prefix: string): AsyncIterable<BlobInfo> {
    const objects = this.client.listObjects(this.prefix + prefix)[Symbol.asyncIterator]();
    for (;;) {
      const next = await this.call(`list ${prefix}`, () => objects.next());
      if (next.done) return;
      yield { key: next.value.key.slice(this.prefix.length), size: next.value.size, modifiedMs: next.value.lastModifiedMs };
    }
  }

  private async download(key: string, target: string): Promise<void> {
    const { stream } = await this.get(key);
    await mkdir(dirname(target), { recursive: true, mode: DIR_MODE });
    await this.call(`read ${key}`, () => pipeline(stream, createWriteStream(target, { flags: 'wx', mode: FILE_MODE })));
  }

  async withLocalFile<T>(key: string, fn: (path: string) => Promise<T>): Promise<T> {
    return this.withScratch(async (dir) => {
      const path = join(dir, 'blob');
      await this.download(key, path);
      return fn(path);
    });
  }

  async withWorkspace<T>(documentId: number, sourceKey: string, fn: (ws: RunWorkspace) => Promise<T>): Promise<T> {
    return this.withScratch(async (root) => {
      const source = join(root, normalizeKey(sourceKey));
      await this.download(sourceKey, source);
      const artefacts = join(root, 'files', 'artefacts', String(documentId));
      const ws: RunWorkspace = {
        source,
        root,
        artefactDir: (...parts) => join(artefacts, ...parts),
        key: (path) => relative(root, path).split(sep).join('/'),
      };
      let result: T;
      try {
        result = await fn(ws);
      } catch (err) {
        // The failed run's artefacts are kept as on a local disk; the run's own error wins.
        await this.publish(root, artefacts).catch(() => undefined);
        throw err;
      }
      await this.publish(root, artefacts);
      return result;
    });
  }

  /** Uploads every file the run wrote under its artefact folder, a few at a time. */
  private async publish(root: string, dir: string): Promise<void> {
    const files = await walk(dir);
    const next = async (): Promise<void> => {
      for (let file = files.pop(); file; file = files.pop()) await this.putFile(relative(root, file).split(sep).join('/'), file);
    };
    await Promise.all(Array.from({ length: PUBLISH_CONCURRENCY }, next));
  }
}

async function hashFile(path: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return { size: (await stat(path)).size, sha256: hash.digest('hex') };
}
