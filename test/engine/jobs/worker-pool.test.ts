// The worker pool takes turns between accounts and documents page by page (issue 15 item 2).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { WorkerPool } from '../../../engine/jobs/worker-pool.js';
import { buildPdf } from '../../helpers/fixtures.js';
import { removeDir, tempDataDir } from '../../helpers/server.js';

describe('worker pool fairness', () => {
  let dir: string;
  let pool: WorkerPool;
  before(() => {
    dir = tempDataDir();
    pool = new WorkerPool(new URL('../../../engine/pipeline/worker-entry.js', import.meta.url), 1);
  });
  after(async () => {
    await pool.close();
    removeDir(dir);
  });

  it("serves a second account's single task next, ahead of the first account's queued pages, and alternates that account's documents", async () => {
    const path = join(dir, 'one.pdf');
    writeFileSync(path, buildPdf({ pages: 1, text: 'x' }));
    const order: string[] = [];
    const task = (label: string, account: number, document: number) => pool.run({ kind: 'scan', path }, 30_000, { account, document }).then(() => order.push(label));
    const all = [];
    for (let i = 0; i < 6; i++) all.push(task(`a1-${i}`, 1, 10));
    for (let i = 0; i < 6; i++) all.push(task(`a2-${i}`, 1, 11));
    all.push(task('b', 2, 20));
    await Promise.all(all);
    // One worker: a1-0 was already running when the rest queued; b is served right after it.
    assert.deepEqual(order.slice(0, 2), ['a1-0', 'b']);
    const rest = order.slice(2).map((label) => label.slice(0, 2));
    assert.deepEqual(rest, ['a2', 'a1', 'a2', 'a1', 'a2', 'a1', 'a2', 'a1', 'a2', 'a1', 'a2'], 'documents of one account alternate');
  });
});
