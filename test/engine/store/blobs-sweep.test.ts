// Temporary files are swept periodically, not only at start; a staged upload in flight is
// never swept, and a failed stream leaves no staged file.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { spawn } from 'node:child_process';
import { dataLayout } from '../../../engine/config/paths.js';
import { LocalBlobStore } from '../../../engine/store/blobs-local.js';
import { temporarySibling } from '../../../engine/store/blobs.js';

async function store() {
  const root = mkdtempSync(join(tmpdir(), 'docdesk-blobs-'));
  const blobs = new LocalBlobStore(dataLayout(root));
  await blobs.init();
  return { root, blobs, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

describe('BlobStore temporary files', () => {
  it('removes a staged file when the source stream fails', async () => {
    const { blobs, root, cleanup } = await store();
    const source = new PassThrough();
    const staging = blobs.stageUpload(source);
    source.write(Buffer.alloc(64 * 1024));
    setTimeout(() => source.destroy(new Error('client went away')), 20);
    await assert.rejects(staging, /client went away/);
    assert.deepEqual(readdirSync(join(root, 'tmp')), []);
    cleanup();
  });

  it('sweeps leftovers older than the minimum age but not uploads in flight', async () => {
    const { blobs, root, cleanup } = await store();
    const old = join(root, 'tmp', 'leftover.upload');
    writeFileSync(old, 'x');
    const past = new Date(Date.now() - 3600_000);
    utimesSync(old, past, past);
    writeFileSync(join(root, 'tmp', 'fresh.upload'), 'x');
    const staged = await blobs.stageUpload(Readable.from([Buffer.from('%PDF-1.4\n')]));
    utimesSync(staged.tmpPath, past, past);
    const removed = await blobs.sweepTemporary(60_000);
    assert.deepEqual(removed, ['leftover.upload']);
    assert.deepEqual(readdirSync(join(root, 'tmp')).sort(), ['fresh.upload', staged.tmpPath.split('/').pop()!].sort());
    // Once committed or discarded it is no longer protected (and no longer there).
    await blobs.discard(staged.tmpPath);
    assert.deepEqual(await blobs.sweepTemporary(0), ['fresh.upload']);
    cleanup();
  });

  it('creates files owner-only', async () => {
    if (process.platform === 'win32') return;
    const { blobs, root, cleanup } = await store();
    const staged = await blobs.stageUpload(Readable.from([Buffer.from('data')]));
    const rel = await blobs.commitOriginal(staged);
    assert.equal(statSync(join(root, rel)).mode & 0o777, 0o600);
    const art = await blobs.writeArtefact('7/run-1/x.json', Buffer.from('{}'));
    assert.equal(statSync(join(root, art)).mode & 0o777, 0o600);
    assert.equal(statSync(join(root, 'files', 'artefacts', '7')).mode & 0o077, 0);
    cleanup();
  });

  it('leaves temporary files of another live process on the same data folder, and sweeps them once it has died', async () => {
    const { blobs, root, cleanup } = await store();
    // Several API processes may share one data folder: temporary names carry the writer's PID.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      const name = `${other.pid}-0b5c7d6e.upload`;
      const path = join(root, 'tmp', name);
      writeFileSync(path, 'another process is still writing this');
      const past = new Date(Date.now() - 3600_000);
      utimesSync(path, past, past);
      assert.deepEqual(await blobs.sweepTemporary(0), []);
      assert.deepEqual(await blobs.sweepOrphans(new Set()), []);
      const exited = new Promise((r) => other.once('exit', r));
      other.kill('SIGKILL');
      await exited;
      assert.deepEqual(await blobs.sweepTemporary(0), [name]);
    } finally {
      other.kill('SIGKILL');
      cleanup();
    }
  });

  it("sweeps a killed writer's half-written artefact at once, within the grace; a live writer's and another machine's wait", async () => {
    const { blobs, root, cleanup } = await store();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      const folder = join(root, 'files', 'artefacts', '4');
      mkdirSync(folder, { recursive: true });
      // The writer's own name for it (PID and host); the killed writer's is the same with its PID.
      const mine = temporarySibling(join(folder, 'thumbnail.jpg'));
      const killed = mine.replace(`.${process.pid}@`, `.${other.pid}@`);
      const elsewhere = mine.replace(/@[^.]+\./, '@another-machine.').replace(`.${process.pid}@`, `.${other.pid}@`);
      for (const f of [mine, killed, elsewhere]) writeFileSync(f, 'half');
      const referenced = new Set(['files/artefacts/4']);
      const hour = 3_600_000;
      assert.deepEqual(await blobs.sweepOrphans(referenced, hour), [], 'the writer is alive');
      const exited = new Promise((r) => other.once('exit', r));
      other.kill('SIGKILL');
      await exited;
      assert.deepEqual(await blobs.sweepOrphans(referenced, hour), [`files/artefacts/4/${killed.split('/').pop()}`]);
      assert.deepEqual(readdirSync(folder).sort(), [elsewhere, mine].map((f) => f.split('/').pop()).sort());
    } finally {
      other.kill('SIGKILL');
      cleanup();
    }
  });
});
