// A document accepted is never lost: kill -9 the server at any moment, restart, and every
// accepted document reaches a terminal state with no orphan files left behind.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import BetterSqlite3 from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { REPO_ROOT, removeDir, startServerProcess, tempDataDir, upload, waitTerminal, getJson } from '../../helpers/server.js';

async function png(seed: number): Promise<Buffer> {
  return sharp({ create: { width: 640 + seed, height: 480, channels: 3, background: { r: (seed * 37) % 255, g: 120, b: 200 } } }).png().toBuffer();
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath ?? (e as any).path, e.name));
}

function dbRows(dataDir: string) {
  const db = new BetterSqlite3(join(dataDir, 'docdesk.sqlite'), { readonly: true });
  try {
    return db.prepare('SELECT id, status, blob_path, thumbnail_path, processing_error FROM documents WHERE deleted_at IS NULL').all() as Array<{ id: number; status: string; blob_path: string; thumbnail_path: string | null; processing_error: string | null }>;
  } finally {
    db.close();
  }
}

/** Runs `docdesk serve` until it dies by itself; returns the signal or exit code. */
function serveUntilExit(dataDir: string, env: Record<string, string>): Promise<string | number | null> {
  const proc = spawn(process.execPath, [join(REPO_ROOT, 'bin', 'docdesk.js'), 'serve', '--data-dir', dataDir, '--port', '0'], { env: { ...process.env, ...env }, stdio: 'ignore' });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error('the engine did not crash at the injected fault'));
    }, 60_000);
    proc.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(signal ?? code);
    });
  });
}

describe('durable job queue', () => {
  let dataDir: string;
  before(() => {
    dataDir = tempDataDir();
  });
  after(() => removeDir(dataDir));

  it('finishes every accepted document after repeated kill -9 during processing, leaving no orphan files', async () => {
    const accepted: number[] = [];
    for (let round = 0; round < 3; round++) {
      const server = await startServerProcess({ dataDir });
      const uploads = await Promise.all(
        Array.from({ length: 5 }, async (_, i) => {
          const res = await upload(server.url, { token: server.appToken, file: { name: `scan-${round}-${i}.png`, data: await png(round * 10 + i) }, fields: { processing_mode: 'thumbnail' } });
          assert.equal(res.status, 201);
          return ((await res.json()) as any).data.id as number;
        }),
      );
      accepted.push(...uploads);
      // Kill while work is queued or running; the delay varies per round.
      await new Promise((r) => setTimeout(r, round * 40));
      await server.kill();
    }

    const server = await startServerProcess({ dataDir });
    try {
      for (const id of accepted) {
        const doc = await waitTerminal(server.url, server.appToken, id);
        assert.equal(doc.status, 'completed', `document ${id}: ${doc.processing_error}`);
        const thumb = await fetch(`${server.url}/api/v1/documents/${id}/thumbnail`, { headers: { Authorization: `Bearer ${server.appToken}` } });
        assert.equal(thumb.status, 200);
        assert.equal(thumb.headers.get('content-type'), 'image/jpeg');
      }
      const list = await getJson(server.url, '/api/v1/documents?per_page=100', server.appToken);
      assert.equal(list.body.meta.total, accepted.length, 'exactly one document per accepted upload');
    } finally {
      await server.stop();
    }

    const rows = dbRows(dataDir);
    const expected = new Set(rows.flatMap((r) => [r.blob_path, r.thumbnail_path].filter((p): p is string => Boolean(p)).map((p) => join(dataDir, p))));
    const onDisk = [...filesUnder(join(dataDir, 'files')), ...filesUnder(join(dataDir, 'tmp'))];
    assert.deepEqual(onDisk.filter((f) => !expected.has(f)), [], 'no orphan files');
    assert.equal(onDisk.length, expected.size);
  });

  it('gives up on a document whose step crashes the engine every time, with a clear error', async () => {
    const dir = tempDataDir();
    try {
      let server = await startServerProcess({ dataDir: dir, env: { DOCDESK_FAULT_KILL_AT_STAGE: 'thumbnailing' } });
      const res = await upload(server.url, { token: server.appToken, file: { name: 'poison.png', data: await png(1) }, fields: { processing_mode: 'thumbnail' } });
      assert.equal(res.status, 201);
      const id = ((await res.json()) as any).data.id as number;
      await new Promise<void>((r) => (server.proc.exitCode !== null ? r() : server.proc.once('exit', () => r())));
      // Each restart retries the step and crashes again, until the attempts are used up.
      for (let restart = 0; restart < 4; restart++) {
        const code = await serveUntilExit(dir, { DOCDESK_FAULT_KILL_AT_STAGE: 'thumbnailing' });
        assert.equal(code, 'SIGKILL');
      }
      server = await startServerProcess({ dataDir: dir });
      try {
        const doc = await waitTerminal(server.url, server.appToken, id);
        assert.equal(doc.status, 'error');
        assert.match(doc.processing_error, /interrupted 5 times/);
      } finally {
        await server.stop();
      }
    } finally {
      removeDir(dir);
    }
  });
});
