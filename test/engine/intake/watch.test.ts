// `docdesk import --watch`: a file written slowly in chunks is taken exactly once, complete;
// `move` puts it into the done folder; a restarted watcher (even after a crash) takes
// nothing twice; a watched folder set up in the desk is run by the server.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, openSync, readFileSync, writeFileSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, removeDir, startServerProcess, tempDataDir } from '../../helpers/server.js';
import { pdfBytes } from '../../api/support.js';
import { readDb } from './support.js';

const BIN = join(REPO_ROOT, 'bin', 'docdesk.js');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Watcher {
  proc: ChildProcess;
  stderr(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

function watch(dataDir: string, folder: string, extra: string[]): Watcher {
  const proc = spawn(process.execPath, [BIN, 'import', folder, '--watch', '--mode', 'thumbnail', '--settle-ms', '1200', '--interval-ms', '200', '--data-dir', dataDir, ...extra], {
    env: { ...process.env, DOCDESK_WORKERS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  proc.stderr!.on('data', (d) => (err += d));
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  return {
    proc,
    stderr: () => err,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (proc.exitCode === null) proc.kill(signal);
      await exited;
    },
  };
}

async function until(what: string, cond: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

const docsNamed = (dataDir: string, name: string) => readDb(dataDir, (db) => db.prepare('SELECT id, file_sha256 FROM documents WHERE filename = ?').all(name) as Array<{ id: number; file_sha256: string }>);

describe('docdesk import --watch', () => {
  let dataDir: string;
  let folder: string;
  before(() => {
    dataDir = tempDataDir();
    folder = tempDataDir('docdesk-watch-');
  });
  after(() => {
    removeDir(dataDir);
    removeDir(folder);
  });

  it('takes a file written slowly in chunks exactly once, complete, and moves it to the done folder', async () => {
    const w = watch(dataDir, folder, ['--after', 'move']);
    try {
      await until('the watcher to start', () => /watching /.test(w.stderr()));
      const bytes = pdfBytes(3, 'written slowly in chunks');
      const path = join(folder, 'slow.pdf');
      const fd = openSync(path, 'w');
      const chunk = Math.ceil(bytes.length / 6);
      for (let i = 0; i < bytes.length; i += chunk) {
        writeSync(fd, bytes.subarray(i, i + chunk));
        await sleep(500); // pauses shorter than the settle time, longer than a scan
        assert.equal(docsNamed(dataDir, 'slow.pdf').length, 0, 'nothing is taken while the file is still being written');
      }
      closeSync(fd);
      await until('the import', () => /imported\s+\S*slow\.pdf document \d+/.test(w.stderr()));
      await until('the move', () => existsSync(join(folder, 'imported', 'slow.pdf')));
      assert.equal(existsSync(path), false);
      await sleep(1500); // several more scans
      const docs = docsNamed(dataDir, 'slow.pdf');
      assert.equal(docs.length, 1);
      assert.equal(docs[0]!.file_sha256, createHash('sha256').update(bytes).digest('hex'), 'the complete file was taken');
    } finally {
      await w.stop();
    }
  });

  it('survives a crash and a restart without duplicates (state in SQLite, content-keyed uploads)', async () => {
    const kept = join(folder, 'kept');
    mkdirSync(kept);
    writeFileSync(join(kept, 'a.pdf'), pdfBytes(1, 'kept a'));
    writeFileSync(join(kept, 'b.pdf'), pdfBytes(1, 'kept b'));
    const first = watch(dataDir, kept, ['--after', 'keep']);
    await until('both imports', () => (first.stderr().match(/^imported /gm) ?? []).length === 2);
    await first.stop('SIGKILL');
    // A copy of a taken file under a new name is the same content: skipped, not a new document.
    writeFileSync(join(kept, 'a-copy.pdf'), pdfBytes(1, 'kept a'));
    const second = watch(dataDir, kept, ['--after', 'keep']);
    try {
      await until('the copy to be handled', () => /skipped\s+\S*a-copy\.pdf/.test(second.stderr()));
      await sleep(1500);
      assert.doesNotMatch(second.stderr(), /^imported /m, second.stderr());
      assert.equal(docsNamed(dataDir, 'a.pdf').length, 1);
      assert.equal(docsNamed(dataDir, 'b.pdf').length, 1);
      assert.equal(docsNamed(dataDir, 'a-copy.pdf').length, 0);
      const states = readDb(dataDir, (db) => db.prepare("SELECT status, COUNT(*) AS n FROM watch_files WHERE folder_key LIKE 'cli:%kept' GROUP BY status ORDER BY status").all());
      assert.deepEqual(states, [{ status: 'imported', n: 2 }, { status: 'skipped', n: 1 }]);
    } finally {
      await second.stop();
    }
  });

  it('marks taken files with a sidecar when configured', async () => {
    const marked = join(folder, 'marked');
    mkdirSync(marked);
    writeFileSync(join(marked, 'c.pdf'), pdfBytes(1, 'marked c'));
    const w = watch(dataDir, marked, ['--after', 'mark']);
    try {
      await until('the marker', () => existsSync(join(marked, 'c.pdf.docdesk-imported')));
      const mark = JSON.parse(readFileSync(join(marked, 'c.pdf.docdesk-imported'), 'utf8'));
      assert.deepEqual(mark.documents, docsNamed(dataDir, 'c.pdf').map((d) => d.id));
    } finally {
      await w.stop();
    }
  });

  it('runs the watched folders set up in the desk inside the server, with their state', async () => {
    const serverDir = tempDataDir();
    const desk = join(folder, 'desk');
    mkdirSync(desk);
    const server = await startServerProcess({ dataDir: serverDir, env: { DOCDESK_WATCH_SETTLE_MS: '600' } });
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${server.url}${path}`, { method, headers: { Authorization: `Bearer ${server.appToken}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
      return { status: res.status, body: res.status === 204 ? null : ((await res.json()) as any) };
    };
    try {
      assert.equal((await call('POST', '/app/v1/watch-folders', { path: join(folder, 'no-such-folder') })).status, 422);
      const created = await call('POST', '/app/v1/watch-folders', { path: desk, processing_mode: 'thumbnail', after_import: 'move' });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      assert.equal((await call('POST', '/app/v1/watch-folders', { path: desk })).status, 409);
      writeFileSync(join(desk, 'dropped.pdf'), pdfBytes(2, 'dropped into the desk folder'));
      let state: any;
      for (let i = 0; i < 300; i++) {
        state = (await call('GET', '/app/v1/watch-folders')).body.data[0];
        if (state.counts.imported === 1) break;
        await sleep(100);
      }
      assert.equal(state.counts.imported, 1, JSON.stringify(state));
      assert.equal(state.last_error, null);
      assert.ok(state.last_scan_at);
      assert.match(state.recent[0].path, /dropped\.pdf$/);
      await until('the move', () => existsSync(join(desk, 'imported', 'dropped.pdf')));
      const doc = await fetch(`${server.url}/api/v1/documents/${state.recent[0].document_id}`, { headers: { Authorization: `Bearer ${server.appToken}` } });
      assert.equal(((await doc.json()) as any).data.filename, 'dropped.pdf');
      assert.equal((await call('DELETE', `/app/v1/watch-folders/${state.id}`)).status, 204);
      assert.deepEqual((await call('GET', '/app/v1/watch-folders')).body.data, []);
    } finally {
      await server.stop();
      removeDir(serverDir);
    }
  });
});
