// The team server's job queue (pg-boss) against a real PostgreSQL server: enqueue inside the
// caller's transaction, lane priority, retries with backoff, dead letters, crash recovery
// when the claiming process dies (SIGKILL), the heartbeat, what counts as an attempt (the
// desktop queue's rules, policy.ts), and the per-account caps.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../../../engine/store/db.js';
import { PgBossJobQueue, DEAD_LETTERS, DOCUMENT_QUEUE } from '../../../engine/queue/pg-queue.js';
import { registerServerQueue, enqueueDocumentJob, type ClaimedJob } from '../../../engine/queue/queue.js';
import { admitWaiting, WAITING_FOR_CAPACITY } from '../../../engine/documents/capacity.js';
import { skipUnlessPostgres, startPostgres, type TestPostgres } from '../../helpers/postgres.js';
import { REPO_ROOT } from '../../helpers/server.js';

const skip = skipUnlessPostgres();

// Only the columns the queue and the admission read (the full schema is the store's).
const SCHEMA = `
CREATE TABLE accounts (id serial PRIMARY KEY, concurrent_standard_limit int NOT NULL);
CREATE TABLE documents (id serial PRIMARY KEY, account_id int NOT NULL REFERENCES accounts(id), status text NOT NULL DEFAULT 'pending',
  processing_lane text NOT NULL DEFAULT 'standard', processing_stage text, deleted_at text, updated_at text);`;

describe('pg-boss job queue on PostgreSQL', { skip }, () => {
  let server: TestPostgres;
  let url: string;
  let db: Db;
  let queue: PgBossJobQueue;
  let account: number;
  const owner = `${process.pid}@test`;

  before(async () => {
    server = await startPostgres();
    url = await server.createDatabase();
    db = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 4 }) }) }) as unknown as Db;
    await sql.raw(SCHEMA).execute(db);
    queue = new PgBossJobQueue(db, { connectionString: url, leaseSeconds: 2, retryBackoffMs: [0, 1000, 1000], maxAttempts: 2, maintenanceSeconds: 60 });
    await queue.start();
    registerServerQueue(queue);
    account = (await sql<{ id: number }>`INSERT INTO accounts (concurrent_standard_limit) VALUES (2) RETURNING id`.execute(db)).rows[0]!.id;
  });
  after(async () => {
    registerServerQueue(null);
    await queue?.stop();
    await db?.destroy();
    await server?.stop();
  });

  async function upload(lane: 'standard' | 'batch' = 'standard', opts: { admitted?: boolean; rollback?: boolean } = {}): Promise<number> {
    let id = 0;
    await db
      .transaction()
      .execute(async (tx) => {
        const doc = await sql<{ id: number }>`INSERT INTO documents (account_id, processing_lane, processing_stage) VALUES (${account}, ${lane}, ${opts.admitted === false ? WAITING_FOR_CAPACITY : 'queued'}) RETURNING id`.execute(tx);
        id = doc.rows[0]!.id;
        await enqueueDocumentJob(tx, { document_id: id, account_id: account, lane, admitted: opts.admitted ?? true });
        if (opts.rollback) throw new Error('rolled back');
      })
      .catch((err: Error) => {
        if (!opts.rollback) throw err;
      });
    return id;
  }

  async function drain(): Promise<void> {
    for (let job = await queue.claim({ owner, perAccount: 99 }); job; job = await queue.claim({ owner, perAccount: 99 })) await queue.complete(job);
  }

  async function jobCount(documentId: number, name = DOCUMENT_QUEUE): Promise<number> {
    const r = await sql<{ n: string }>`SELECT count(*) AS n FROM pgboss.job WHERE name = ${name} AND (data->>'document_id')::int = ${documentId}`.execute(db);
    return Number(r.rows[0]!.n);
  }

  it('enqueues inside the caller\'s transaction: a rolled-back upload leaves no job, a committed one exactly one', async () => {
    const rolledBack = await upload('standard', { rollback: true });
    const committed = await upload();
    assert.equal(await jobCount(rolledBack), 0);
    assert.equal(await jobCount(committed), 1);
    const job = await queue.claim({ owner, perAccount: 99, onClaim: async (tx, j) => void (await sql`UPDATE documents SET processing_stage = 'started' WHERE id = ${j.document_id}`.execute(tx)) });
    assert.equal(job?.document_id, committed);
    const stage = await sql<{ processing_stage: string }>`SELECT processing_stage FROM documents WHERE id = ${committed}`.execute(db);
    assert.equal(stage.rows[0]!.processing_stage, 'started', 'the claim and the document mark commit together');
    await queue.complete(job!);
    assert.equal(await queue.claim({ owner, perAccount: 99 }), null);
  });

  it('claims standard-lane jobs before batch-lane jobs, oldest first within a lane', async () => {
    const b1 = await upload('batch');
    const s1 = await upload('standard');
    const b2 = await upload('batch');
    const s2 = await upload('standard');
    const order: number[] = [];
    for (let i = 0; i < 4; i++) {
      const job = (await queue.claim({ owner, perAccount: 99 }))!;
      order.push(job.document_id);
      await queue.complete(job);
    }
    assert.deepEqual(order, [s1, s2, b1, b2]);
  });

  it('retries a failed attempt after a backoff, then moves the job to the dead letters', async () => {
    const id = await upload();
    const first = (await queue.claim({ owner, perAccount: 99 }))!;
    assert.deepEqual([first.document_id, first.attempts, first.max_attempts], [id, 1, 2]);
    assert.equal(await queue.fail(first, 'step failed'), 'retry');
    assert.equal(await queue.claim({ owner, perAccount: 99 }), null, 'not before the backoff');
    let second: ClaimedJob | null = null;
    for (let i = 0; i < 40 && !second; i++) {
      await new Promise((r) => setTimeout(r, 250));
      second = await queue.claim({ owner, perAccount: 99 });
    }
    assert.equal(second?.document_id, id);
    assert.equal(second!.attempts, 2);
    assert.equal(await queue.fail(second!, 'step failed again'), 'dead');
    assert.equal(await jobCount(id, DEAD_LETTERS), 1);
    // The scheduler ended this document itself; recovery only files the dead letter.
    await sql`UPDATE documents SET status = 'error' WHERE id = ${id}`.execute(db);
    const recovered = await queue.recover();
    assert.deepEqual(recovered.givenUp, []);
    const dead = await sql<{ state: string }>`SELECT state FROM pgboss.job WHERE name = ${DEAD_LETTERS} AND (data->>'document_id')::int = ${id}`.execute(db);
    assert.equal(dead.rows[0]!.state, 'completed');
  });

  it('reclaims the job of a process killed with SIGKILL once its lease lapses; a job whose lease is renewed stays with its owner', async () => {
    await drain();
    const orphan = await upload();
    const kept = await upload();
    // Another process claims the first job, reports, and dies without a word.
    const child = spawn(process.execPath, ['--input-type=module', '-e', claimAndHang(url)], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    const claimedByChild = await new Promise<number>((resolve, reject) => {
      child.stdout!.once('data', (d) => resolve(Number(String(d).trim())));
      child.once('exit', (code) => reject(new Error(`child exited early (${code})`)));
    });
    assert.equal(claimedByChild, orphan);
    const mine = (await queue.claim({ owner, perAccount: 99 }))!;
    assert.equal(mine.document_id, kept);
    child.kill('SIGKILL');
    // Three lease lengths: the child's job lapses, ours is renewed by its heartbeat.
    let reclaimed: ClaimedJob | null = null;
    for (let i = 0; i < 30 && !reclaimed; i++) {
      await new Promise((r) => setTimeout(r, 250));
      await queue.heartbeat(owner, [mine]);
      await queue.recover();
      reclaimed = await queue.claim({ owner, perAccount: 99 });
    }
    assert.equal(reclaimed?.document_id, orphan, 'the dead process\'s job came back');
    assert.equal(reclaimed!.attempts, 1, 'the interruption gave the attempt back');
    assert.equal(await interruptions(reclaimed!), 1);
    for (let i = 0; i < 8; i++) {
      await new Promise((r) => setTimeout(r, 250));
      await queue.heartbeat(owner, [mine, reclaimed!]);
      await queue.recover();
    }
    assert.equal(await queue.claim({ owner, perAccount: 99 }), null, 'renewed leases are not taken away');
    const states = await sql<{ state: string }>`SELECT state FROM pgboss.job WHERE name = ${DOCUMENT_QUEUE} AND id = ANY(${[mine.id, reclaimed!.id]}::uuid[])`.execute(db);
    assert.deepEqual(states.rows.map((r) => r.state), ['active', 'active']);
    await queue.complete(mine);
    await queue.complete(reclaimed!);
  });

  async function interruptions(job: ClaimedJob): Promise<number> {
    const r = await sql<{ n: number | null }>`SELECT (data->>'interruptions')::int AS n FROM pgboss.job WHERE name = ${DOCUMENT_QUEUE} AND id = ${job.id}::uuid`.execute(db);
    return r.rows[0]?.n ?? 0;
  }

  async function claimWithin(tries = 40): Promise<ClaimedJob | null> {
    let job: ClaimedJob | null = null;
    for (let i = 0; i < tries && !job; i++) {
      job = await queue.claim({ owner, perAccount: 99 });
      if (!job) await new Promise((r) => setTimeout(r, 250));
    }
    return job;
  }

  it('gives the attempt back on a release at shutdown: the next claim is the same attempt, and a later failure still counts', async () => {
    await drain();
    const id = await upload();
    const first = (await queue.claim({ owner, perAccount: 99 }))!;
    assert.deepEqual([first.document_id, first.attempts], [id, 1]);
    await queue.release([first], 'shutting down');
    const again = (await queue.claim({ owner, perAccount: 99 }))!;
    assert.deepEqual([again.id, again.attempts], [first.id, 1], 'released at once, attempt not used up');
    assert.equal(await queue.fail(again, 'step failed'), 'retry');
    const second = (await claimWithin())!;
    assert.equal(second.attempts, 2);
    await queue.release([second], 'shutting down');
    const secondAgain = (await queue.claim({ owner, perAccount: 99 }))!;
    assert.equal(secondAgain.attempts, 2, 'the released second attempt runs again as the second');
    assert.equal(await interruptions(secondAgain), 0, 'a release is not an interruption');
    await queue.complete(secondAgain);
    assert.equal(await jobCount(id, DEAD_LETTERS), 0);
  });

  it('counts a lapsed lease as an interruption, not an attempt; the fifth interruption gives the waiting document up', async () => {
    await drain();
    const id = await upload();
    for (let n = 1; n <= 5; n++) {
      // Claimed and never renewed: the lease (2 s) lapses as if the process had died.
      const job = (await claimWithin())!;
      assert.deepEqual([job.document_id, job.attempts], [id, 1], `claim ${n} is still the first attempt`);
      assert.equal(await interruptions(job), n - 1);
      let recovered = { requeued: 0, givenUp: [] as Array<ClaimedJob & { interruptions: number }> };
      for (let i = 0; i < 40 && recovered.requeued === 0 && recovered.givenUp.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 250));
        recovered = await queue.recover();
      }
      if (n < 5) assert.deepEqual([recovered.requeued, recovered.givenUp.length], [1, 0]);
      else {
        assert.deepEqual(recovered.givenUp.map((j) => [j.document_id, j.interruptions]), [[id, 5]]);
        await queue.complete(recovered.givenUp[0]!);
      }
    }
    assert.equal(await queue.claim({ owner, perAccount: 99 }), null);
    assert.deepEqual((await queue.recover()).givenUp, []);
  });

  it('holds each account to its share of the running documents: a flooding account leaves a slot to another account (any process)', async () => {
    await drain();
    const flood = account;
    const other = (await sql<{ id: number }>`INSERT INTO accounts (concurrent_standard_limit) VALUES (10) RETURNING id`.execute(db)).rows[0]!.id;
    const backlog = [await upload(), await upload(), await upload(), await upload()];
    account = other;
    const late = await upload();
    account = flood;
    const claims: Array<ClaimedJob | null> = [];
    // Two "processes" (different owners) share the per-account count.
    for (let i = 0; i < 4; i++) claims.push(await queue.claim({ owner: i % 2 ? owner : 'another-process', perAccount: 2 }));
    assert.deepEqual(claims.map((j) => j?.document_id ?? null), [backlog[0], late, backlog[1], null], 'flood holds 2 slots; the other account started second');
    await queue.complete(claims[0]!);
    const freed = await queue.claim({ owner, perAccount: 2 });
    assert.equal(freed?.document_id, backlog[2], 'a finished job frees the account\'s slot');
    for (const job of [claims[1]!, claims[2]!, freed!]) await queue.complete(job);
  });

  it('holds an account to its concurrent standard limit: waiting documents get their job when admitted', async () => {
    await drain();
    account = (await sql<{ id: number }>`INSERT INTO accounts (concurrent_standard_limit) VALUES (2) RETURNING id`.execute(db)).rows[0]!.id;
    const docs = [await upload(), await upload(), await upload('standard', { admitted: false }), await upload('standard', { admitted: false })];
    const claimed = [];
    for (let job = await queue.claim({ owner, perAccount: 99 }); job; job = await queue.claim({ owner, perAccount: 99 })) claimed.push(job);
    assert.deepEqual(claimed.map((j) => j.document_id), docs.slice(0, 2), 'only admitted documents are in the queue');
    await sql`UPDATE documents SET status = 'completed', processing_stage = 'completed' WHERE id = ${docs[0]!}`.execute(db);
    const admitted = await db.transaction().execute((tx) => admitWaiting(tx, account));
    assert.deepEqual(admitted, [docs[2]]);
    const next = await queue.claim({ owner, perAccount: 99 });
    assert.equal(next?.document_id, docs[2]);
    assert.equal(await queue.claim({ owner, perAccount: 99 }), null);
  });
});

/** A process that claims one job, prints its document id, and waits to be killed. */
function claimAndHang(url: string): string {
  const queueModule = new URL('../../../engine/queue/pg-queue.js', import.meta.url).href;
  return `
    import { Kysely, PostgresDialect } from 'kysely';
    import pg from 'pg';
    import { PgBossJobQueue } from ${JSON.stringify(queueModule)};
    const db = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: ${JSON.stringify(url)}, max: 2 }) }) });
    const queue = new PgBossJobQueue(db, { connectionString: ${JSON.stringify(url)}, leaseSeconds: 2, retryBackoffMs: [0, 1000, 1000], maxAttempts: 2, maintenanceSeconds: 60 });
    await queue.start();
    const job = await queue.claim({ owner: 'child', perAccount: 99 });
    process.stdout.write(String(job.document_id) + '\\n');
    setInterval(() => {}, 1000);
  `;
}
