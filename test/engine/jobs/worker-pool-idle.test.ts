// The worker pool lets idle worker processes exit (their OCR model and PDF engines hold
// hundreds of MB) and starts a fresh one for the next task.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { WorkerPool } from '../../../engine/jobs/worker-pool.js';
import * as fx from '../../helpers/fixtures.js';

const ENTRY = new URL('../../../engine/pipeline/worker-entry.js', import.meta.url);
let dir: string;
let pdf: string;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docdesk-pool-'));
  pdf = await fx.makePdf(dir, { pages: 2, text: 'Leerlauf' });
});
after(() => rm(dir, { recursive: true, force: true }));

async function until(cond: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (cond()) return true;
    await sleep(25);
  }
  return cond();
}

describe('worker pool idle exit', () => {
  it('an idle worker exits after idleExitMs; the next task starts a fresh one and succeeds', async () => {
    const pool = new WorkerPool(ENTRY, 1, { idleExitMs: 300 });
    try {
      const info = await pool.run<{ pageCount: number }>({ kind: 'pdf.info', path: pdf }, 60_000);
      assert.equal(info.pageCount, 2);
      assert.equal(pool.liveWorkers(), 1, 'the worker stays while warm');
      assert.ok(await until(() => pool.liveWorkers() === 0, 10_000), 'the idle worker exited');
      const again = await pool.run<{ pageCount: number }>({ kind: 'pdf.info', path: pdf }, 60_000);
      assert.equal(again.pageCount, 2);
      assert.equal(pool.liveWorkers(), 1);
    } finally {
      await pool.close();
    }
  });

  it('a worker kept busy does not exit between tasks', async () => {
    const pool = new WorkerPool(ENTRY, 1, { idleExitMs: 200 });
    try {
      for (let i = 0; i < 3; i++) await pool.run({ kind: 'pdf.info', path: pdf }, 60_000);
      assert.equal(pool.liveWorkers(), 1);
    } finally {
      await pool.close();
    }
  });
});
