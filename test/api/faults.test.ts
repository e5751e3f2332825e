// Faults of the machine around the engine (issue 15 item 8), each ending in a defined state
// (docs/security.md, "Faults"): a worker killed mid-page, SQLite locked by another process,
// the disk full while writing, a corrupt artefact at read time.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, rmSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { buildPdf } from '../helpers/fixtures.js';
import { sqliteOnly } from '../helpers/database.js';
import { getJson, removeDir, REPO_ROOT, serverForSuite, startServerProcess, tempDataDir, upload, waitTerminal } from '../helpers/server.js';

async function accepted(res: Response): Promise<number> {
  assert.equal(res.status, 201, await res.clone().text());
  return ((await res.json()) as any).data.id;
}

describe('faults', () => {
  const suite = serverForSuite({ env: { DOCDESK_FAULT_KILL_WORKER_AT_PAGE: '2' } });
  const analyse = async (data: Buffer) => {
    const id = await accepted(await upload(suite.server.url, { token: suite.server.appToken, file: { name: 'three.pdf', data }, fields: { processing_mode: 'analysis' } }));
    return waitTerminal(suite.server.url, suite.server.appToken, id, 90_000);
  };

  it('a worker killed mid-page: that page is reported failed, the others are read, the document completes degraded', async () => {
    const doc = await analyse(buildPdf({ pages: 3, text: 'Rechnung Seite' }));
    assert.equal(doc.status, 'completed', doc.processing_error);
    const q = doc.latest_extraction_run.quality;
    assert.deepEqual(q.pdf.failed_pages, [2]);
    assert.ok(q.reasons.includes('pages_failed'));
    const pages = doc.extracted_text.split('\f');
    assert.match(pages[1], /\[page 2: could not be read\]/);
    assert.match(pages[0], /Rechnungsnummer/);
    assert.match(pages[2], /Rechnungsnummer/);
    assert.equal(doc.latest_extraction_run.credits_charged, 1);
  });

  it('SQLite locked by another process beyond the busy timeout: writes answer 503 storage_busy with Retry-After, reads go on, and work resumes when the lock is gone', { skip: sqliteOnly('a lock on the SQLite file') }, async () => {
    const holder = spawn(process.execPath, ['--input-type=module', '-e', `
      import Database from 'better-sqlite3';
      const db = new Database(${JSON.stringify(join(suite.dataDir, 'docdesk.sqlite'))});
      db.exec('BEGIN EXCLUSIVE');
      console.log('locked');
      setTimeout(() => { db.exec("COMMIT"); db.close(); }, 11000);
    `], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve) => createInterface({ input: holder.stdout! }).once('line', () => resolve()));
    const exited = new Promise((r) => holder.once('exit', r));
    const res = await upload(suite.server.url, { token: suite.server.appToken, file: { name: 'one.pdf', data: buildPdf({ text: 'Rechnung' }) }, fields: { processing_mode: 'analysis' } });
    assert.equal(res.status, 503, await res.clone().text());
    const body = (await res.json()) as any;
    assert.equal(body.code, 'storage_busy');
    assert.ok(body.request_id);
    assert.equal(res.headers.get('retry-after'), '2');
    await exited;
    const doc = await analyse(buildPdf({ pages: 1, text: 'Rechnung' }));
    assert.equal(doc.status, 'completed', doc.processing_error);
  });

  it('a corrupt or missing artefact at read time: a missing preview is 404, a damaged one is served as stored, the server stays up', async () => {
    const doc = await analyse(buildPdf({ pages: 1, text: 'Rechnung' }));
    const preview = doc.previews[0];
    const file = join(suite.dataDir, 'files', 'artefacts', String(doc.id), `run-${doc.latest_extraction_run.id}`, 'page-0001.jpg');
    writeFileSync(file, Buffer.from('not a jpeg'));
    const damaged = await fetch(preview.preview, { headers: { Authorization: `Bearer ${suite.server.appToken}` } });
    assert.equal(damaged.status, 200);
    assert.equal(Buffer.from(await damaged.arrayBuffer()).toString(), 'not a jpeg');
    unlinkSync(file);
    const missing = await getJson(suite.server.url, new URL(preview.preview).pathname, suite.server.appToken);
    assert.equal(missing.status, 404);
    assert.equal(missing.body.code, 'not_found');
    assert.equal((await getJson(suite.server.url, '/api/v1/ping', suite.server.appToken)).status, 200);
  });

  const mountable = () => {
    if (process.getuid?.() !== 0) return 'mounting a size-limited tmpfs needs root';
    const probe = tempDataDir('docdesk-mount-');
    const ok = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe]).status === 0;
    if (ok) spawnSync('umount', [probe]);
    removeDir(probe);
    return ok ? false : 'tmpfs cannot be mounted here';
  };

  it('the disk full while writing an upload: 507 insufficient_storage, nothing lost; after space is freed uploads work again', { skip: mountable() }, async () => {
    const mnt = tempDataDir('docdesk-full-');
    assert.equal(spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=24m', 'tmpfs', mnt]).status, 0);
    const dataDir = join(mnt, 'data');
    mkdirSync(dataDir);
    const server = await startServerProcess({ dataDir, env: { DOCDESK_WORKERS: '1' } });
    try {
      const before = await accepted(await upload(server.url, { token: server.appToken, file: { name: 'a.pdf', data: buildPdf({ text: 'Rechnung' }) }, fields: { processing_mode: 'analysis' } }));
      assert.equal((await waitTerminal(server.url, server.appToken, before, 60_000)).status, 'completed');
      // Fill the disk to the last byte.
      const filler = join(mnt, 'filler');
      const fd = openSync(filler, 'w');
      const block = Buffer.alloc(256 * 1024);
      try {
        for (;;) writeSync(fd, block);
      } catch {
        for (;;) {
          try {
            writeSync(fd, block.subarray(0, 512));
          } catch {
            break;
          }
        }
      }
      closeSync(fd);
      const res = await upload(server.url, { token: server.appToken, file: { name: 'b.pdf', data: Buffer.concat([buildPdf({ text: 'Rechnung' }), Buffer.alloc(512 * 1024, 0x20)]) }, fields: { processing_mode: 'analysis' } });
      assert.equal(res.status, 507, await res.clone().text());
      assert.equal(((await res.json()) as any).code, 'insufficient_storage');
      rmSync(filler);
      const after = await accepted(await upload(server.url, { token: server.appToken, file: { name: 'c.pdf', data: buildPdf({ text: 'Rechnung' }) }, fields: { processing_mode: 'analysis' } }));
      assert.equal((await waitTerminal(server.url, server.appToken, after, 60_000)).status, 'completed');
      const list = await getJson(server.url, '/api/v1/documents', server.appToken);
      assert.deepEqual(list.body.data.map((d: any) => d.status).sort(), ['completed', 'completed'], 'the refused upload left no document');
    } finally {
      await server.stop();
      spawnSync('umount', ['-l', mnt]);
      removeDir(mnt);
    }
  });
});
