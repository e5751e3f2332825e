// Lanes, the per-account concurrent standard-lane limit and the per-account share of the
// document slots, on the real queue of either database (SQLite's table; pg-boss on the
// PostgreSQL pass, DOCDESK_TEST_DATABASE=postgres).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { EngineContext } from '../../../engine/index.js';
import { Scheduler } from '../../../engine/jobs/scheduler.js';
import { completeDocument } from '../../../engine/pipeline/terminal.js';
import type { AuthenticatedToken } from '../../../engine/accounts/accounts.js';
import { testEngine, type TestEngine } from '../../helpers/engine.js';
import { acceptTestUpload, testAccount } from '../../helpers/intake.js';
import type { ClaimedJob } from '../../../engine/queue/queue.js';

describe('scheduler', () => {
  let opened: TestEngine;
  let engine: EngineContext;
  let scheduler: Scheduler;

  before(async () => {
    opened = await testEngine();
    engine = opened.engine;
    scheduler = new Scheduler(engine, { concurrency: 1 });
  });
  after(async () => {
    await scheduler.stop(0);
    await opened.close();
  });

  /** The document's terminal transition, then the queue's completion (pg-boss keeps its job active until then). */
  async function finish(job: ClaimedJob): Promise<void> {
    await completeDocument(engine.db, job.document_id, job.row_id);
    await scheduler.queue.complete(job);
  }

  const account = (opts: { concurrency: number; batch: boolean }) => testAccount(engine, opts);

  async function accept(auth: AuthenticatedToken, lane: 'standard' | 'batch') {
    const res = await acceptTestUpload(engine, auth, lane);
    return engine.db.selectFrom('documents').selectAll().where('id', '=', res.documentId).executeTakeFirstOrThrow();
  }

  it('runs batch-lane work only when no standard-lane work waits', async () => {
    const auth = await account({ concurrency: 10, batch: true });
    const b1 = await accept(auth, 'batch');
    const s1 = await accept(auth, 'standard');
    const b2 = await accept(auth, 'batch');
    const s2 = await accept(auth, 'standard');
    const order: number[] = [];
    for (let i = 0; i < 4; i++) {
      const job = await scheduler.claimNext();
      assert.ok(job);
      order.push(job.document_id);
      await finish(job);
    }
    assert.deepEqual(order, [s1.id, s2.id, b1.id, b2.id]);
    assert.equal(await scheduler.claimNext(), null);
  });

  it('holds documents over the account limit in waiting_for_capacity and starts them as earlier ones finish', async () => {
    const auth = await account({ concurrency: 2, batch: false });
    const docs = [];
    for (let i = 0; i < 4; i++) docs.push(await accept(auth, 'standard'));
    assert.deepEqual(docs.map((d) => d.processing_stage), ['queued', 'queued', 'waiting_for_capacity', 'waiting_for_capacity']);

    const first = await scheduler.claimNext();
    const second = await scheduler.claimNext();
    assert.deepEqual([first?.document_id, second?.document_id], [docs[0]!.id, docs[1]!.id]);
    assert.equal(await scheduler.claimNext(), null, 'the account is at its limit');

    await finish(first!);
    const stage = (id: number) => engine.db.selectFrom('documents').select('processing_stage').where('id', '=', id).executeTakeFirstOrThrow();
    assert.equal((await stage(docs[2]!.id)).processing_stage, 'queued');
    assert.equal((await stage(docs[3]!.id)).processing_stage, 'waiting_for_capacity');
    const third = await scheduler.claimNext();
    assert.equal(third?.document_id, docs[2]!.id);
  });

  it('takes turns between accounts: a later account starts before an earlier one\'s backlog, and no account holds more than half the document slots', async () => {
    for (let job = await scheduler.claimNext(); job; job = await scheduler.claimNext()) await finish(job);
    const busy = await account({ concurrency: 10, batch: false });
    const other = await account({ concurrency: 10, batch: false });
    const backlog = [];
    for (let i = 0; i < 4; i++) backlog.push(await accept(busy, 'standard'));
    const late = await accept(other, 'standard');
    const claimed = [];
    for (let i = 0; i < 4; i++) claimed.push((await scheduler.claimNext())?.document_id ?? null);
    assert.equal(scheduler.documentSlots, 4);
    assert.deepEqual(claimed, [backlog[0]!.id, late.id, backlog[1]!.id, null], 'busy holds 2 of 4 slots; the other account started second');
  });
});
