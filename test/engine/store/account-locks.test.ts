// Per-account write locks on PostgreSQL (WriteScope in store/db.ts): a unit of work of
// account A held open does not hold up account B's — uploads, terminal transitions — but
// does hold up another of A's and every global one; a global one holds up everybody. Who
// waits for what is read from pg_locks (a state), never from timings.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import type { EngineContext } from '../../../engine/index.js';
import { immediateTransaction, type WriteScope } from '../../../engine/store/db.js';
import { completeDocument } from '../../../engine/pipeline/terminal.js';
import type { AuthenticatedToken } from '../../../engine/accounts/accounts.js';
import { skipUnlessPostgres } from '../../helpers/postgres.js';
import { engineOnPostgres, type TestEngine } from '../../helpers/engine.js';
import { acceptTestUpload, testAccount } from '../../helpers/intake.js';

const skip = skipUnlessPostgres();
// The advisory lock keys of store/postgres.ts: ("docd", 1) the global write lock, ("ddac", account).
const GLOBAL = { classid: 0x646f6364, objid: 1 };
const ACCOUNT = 0x64646163;

describe('per-account write locks on PostgreSQL', { skip }, () => {
  let opened: TestEngine;
  let engine: EngineContext;
  let a: AuthenticatedToken;
  let b: AuthenticatedToken;

  before(async () => {
    opened = await engineOnPostgres();
    engine = opened.engine;
    a = await testAccount(engine, { concurrency: 10, batch: false });
    b = await testAccount(engine, { concurrency: 10, batch: false });
    // The first upload starts pg-boss (its schema); later ones only enqueue.
    await acceptTestUpload(engine, a);
  });
  after(async () => {
    await opened?.close();
  });

  /** Opens a unit of work in `scope` (default: global) and keeps it open until `release`. */
  async function hold(scope?: WriteScope): Promise<{ release(): Promise<void> }> {
    let open!: () => void;
    let entered!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const inside = new Promise<void>((r) => (entered = r));
    const done = immediateTransaction(engine.db, async () => {
      entered();
      await gate;
    }, scope);
    await inside;
    return {
      async release() {
        open();
        await done;
      },
    };
  }

  /** Runs `work` and resolves once it waits for an advisory lock: which one, and the work's completion. */
  async function blocked<T>(work: () => Promise<T>): Promise<{ lock: { classid: number; objid: number; mode: string }; finished: () => boolean; done: Promise<T> }> {
    let finished = false;
    const done = work().finally(() => (finished = true));
    for (;;) {
      const { rows } = await sql<{ classid: number; objid: number; mode: string }>`SELECT classid::int8 AS classid, objid::int8 AS objid, mode FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`.execute(engine.db);
      if (rows[0]) return { lock: rows[0], finished: () => finished, done };
      assert.equal(finished, false, 'the work finished without waiting for a lock');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it('account A held open: account B\'s unit of work runs; another of A\'s and a global one wait for A', async () => {
    const held = await hold({ account: a.accountId });
    assert.equal(await immediateTransaction(engine.db, async () => 'b ran', { account: b.accountId }), 'b ran');
    const sameAccount = await blocked(() => immediateTransaction(engine.db, async () => 'a ran', { account: a.accountId }));
    assert.deepEqual([sameAccount.lock.classid, sameAccount.lock.objid, sameAccount.lock.mode], [ACCOUNT, a.accountId, 'ExclusiveLock']);
    assert.equal(sameAccount.finished(), false);
    await held.release();
    assert.equal(await sameAccount.done, 'a ran');

    const heldAgain = await hold({ account: a.accountId });
    const global = await blocked(() => immediateTransaction(engine.db, async () => 'global ran'));
    assert.deepEqual([global.lock.classid, global.lock.objid, global.lock.mode], [GLOBAL.classid, GLOBAL.objid, 'ExclusiveLock']);
    await heldAgain.release();
    assert.equal(await global.done, 'global ran');
  });

  it('a global unit of work held open holds up every account', async () => {
    const held = await hold();
    const other = await blocked(() => immediateTransaction(engine.db, async () => 'b ran', { account: b.accountId }));
    assert.deepEqual([other.lock.classid, other.lock.objid, other.lock.mode], [GLOBAL.classid, GLOBAL.objid, 'ShareLock']);
    assert.equal(other.finished(), false);
    await held.release();
    assert.equal(await other.done, 'b ran');
  });

  it('two accounts\' uploads and terminal transitions proceed side by side; the same account\'s wait', async () => {
    const bDoc = (await acceptTestUpload(engine, b)).documentId;
    const aDoc = (await acceptTestUpload(engine, a)).documentId;
    const held = await hold({ account: a.accountId });
    // Account B: intake and a terminal transition run to their end while A is held.
    const bUpload = await acceptTestUpload(engine, b);
    assert.equal(bUpload.outcome, 'accepted');
    await completeDocument(engine.db, bDoc, null);
    // Account A: both wait for A's lock (the document scope finds the document's account).
    const aUpload = await blocked(() => acceptTestUpload(engine, a));
    assert.deepEqual([aUpload.lock.classid, aUpload.lock.objid], [ACCOUNT, a.accountId]);
    await held.release();
    assert.equal((await aUpload.done).outcome, 'accepted');
    const heldForTerminal = await hold({ account: a.accountId });
    const aTerminal = await blocked(() => completeDocument(engine.db, aDoc, null));
    assert.deepEqual([aTerminal.lock.classid, aTerminal.lock.objid], [ACCOUNT, a.accountId]);
    await heldForTerminal.release();
    await aTerminal.done;
    const statuses = await engine.db.selectFrom('documents').select(['id', 'status']).where('id', 'in', [aDoc, bDoc]).orderBy('id').execute();
    assert.deepEqual(statuses.map((d) => d.status), ['completed', 'completed']);
  });
});
