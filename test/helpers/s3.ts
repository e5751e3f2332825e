// A real S3-compatible server for the blob-store tests: the `s3rver` npm package (a
// devDependency, so `npm install` brings it) run as its own process on a free port, with
// one bucket, its data in a temp folder; stopped and deleted at the end. Never a mock.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import type { BlobStore } from '../../engine/store/blobs.js';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The environment that points an engine process at the bucket. */
  env: Record<string, string>;
  /** The server's data folder (objects are files under `<dir>/<bucket>/`). */
  dir: string;
  stop(): Promise<void>;
}

function s3rverBin(): string | null {
  try {
    const pkg = createRequire(import.meta.url).resolve('s3rver/package.json');
    return join(dirname(pkg), 'bin', 's3rver.js');
  } catch {
    return null;
  }
}

/** false when a server can be started here; else the reason (throws under CI=true). */
export function skipUnlessS3(): false | string {
  if (s3rverBin()) return false;
  const reason = 'the s3rver package (devDependency) is not installed; run npm install';
  if (process.env.CI === 'true') throw new Error(`CI=true but ${reason}`);
  return reason;
}

export async function startS3(bucket = 'docdesk'): Promise<TestS3> {
  const bin = s3rverBin();
  if (!bin) throw new Error(skipUnlessS3() || 's3rver missing');
  const dir = mkdtempSync(join(tmpdir(), 'docdesk-s3-'));
  const child: ChildProcess = spawn(process.execPath, [bin, '-d', dir, '-a', '127.0.0.1', '-p', '0', '--silent', '--configure-bucket', bucket], { stdio: ['ignore', 'pipe', 'pipe'] });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`s3rver did not start: ${out}`)), 30_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on [\d.]+:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited with ${code}: ${out}`));
    });
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const exitHook = () => {
    child.kill('SIGKILL');
    spawnSync('rm', ['-rf', dir]);
  };
  process.once('exit', exitHook);
  let stopped = false;
  return {
    endpoint,
    bucket,
    dir,
    env: {
      DOCDESK_BLOB_URL: `s3://${bucket}`,
      DOCDESK_S3_ENDPOINT: endpoint,
      DOCDESK_S3_REGION: 'us-east-1',
      // s3rver's built-in account.
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      process.removeListener('exit', exitHook);
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** The keys under a folder of a blob store, sorted. */
export async function listKeys(store: BlobStore, prefix = 'files/'): Promise<string[]> {
  const out: string[] = [];
  for await (const b of store.list(prefix)) out.push(b.key);
  return out.sort();
}
