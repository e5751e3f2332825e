// The figures behind the job-engine decision (docs/decisions.md, "Team server: job engine").
// Runs pg-boss and Graphile Worker against the same throwaway PostgreSQL (Debian binaries,
// test/helpers/postgres.ts) and prints one table. Only pg-boss is a dependency; to rerun:
//   npm install --no-save graphile-worker@0.17.3 && npx tsc -p tsconfig.json && node scripts/compare-queue-engines.mjs
// Each enqueue happens inside a kysely transaction that also inserts a document row, as the
// upload does; "claim" is one engine call that takes a ready job (pg-boss: fetch; Graphile:
// pickup by its runner, measured from commit to handler start with an idle runner).
import { Kysely, PostgresDialect, CompiledQuery, sql } from 'kysely';
import pg from 'pg';
import { startPostgres } from '../dist/test/helpers/postgres.js';

const N = Number(process.env.N ?? 1000);
const PARALLEL = 8;

function stats(ms) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { p50: q(0.5).toFixed(2), p95: q(0.95).toFixed(2) };
}

async function kyselyFor(url) {
  const db = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: PARALLEL + 2 }) }) });
  await sql`CREATE TABLE documents (id serial PRIMARY KEY, account_id int NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`.execute(db);
  return db;
}

async function enqueueRun(db, enqueue) {
  const one = (i) => db.transaction().execute(async (tx) => {
    const doc = await tx.insertInto('documents').values({ account_id: 1 + (i % 5) }).returning('id').executeTakeFirstOrThrow();
    await enqueue(tx, { documentId: doc.id, accountId: 1 + (i % 5), lane: i % 3 === 0 ? 'batch' : 'standard' });
  });
  let t = performance.now();
  for (let i = 0; i < N; i++) await one(i);
  const sequential = N / ((performance.now() - t) / 1000);
  t = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: PARALLEL }, async () => { while (next < N) await one(next++); }));
  const parallel = N / ((performance.now() - t) / 1000);
  return { sequential, parallel };
}

async function rollbackLeavesNoJob(db, enqueue, count) {
  const before = await count();
  await db.transaction().execute(async (tx) => {
    const doc = await tx.insertInto('documents').values({ account_id: 1 }).returning('id').executeTakeFirstOrThrow();
    await enqueue(tx, { documentId: doc.id, accountId: 1, lane: 'standard' });
    throw new Error('rollback');
  }).catch(() => undefined);
  return (await count()) === before;
}

async function pgBoss(url) {
  const { default: PgBoss } = await import('pg-boss');
  const db = await kyselyFor(url);
  const boss = new PgBoss({ connectionString: url, max: PARALLEL + 2, supervise: false, schedule: false });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.createQueue('documents-dead');
  await boss.createQueue('documents', { retryLimit: 2, retryDelay: 2, retryBackoff: true, deadLetter: 'documents-dead', expireInSeconds: 900 });
  const adapter = (tx) => ({ executeSql: async (text, values) => ({ rows: (await tx.executeQuery(CompiledQuery.raw(text, values))).rows }) });
  const enqueue = (tx, job) => boss.send('documents', job, { priority: job.lane === 'standard' ? 1 : 0, db: adapter(tx) });
  const enq = await enqueueRun(db, enqueue);
  // Claim: one fetch round trip with 2N ready jobs, then complete.
  const lat = [];
  let first = null;
  for (let i = 0; i < 200; i++) {
    const t = performance.now();
    const [job] = await boss.fetch('documents');
    lat.push(performance.now() - t);
    first ??= job.data.lane;
    await boss.complete('documents', job.id);
  }
  // Drain: 4 claimers fetch + complete until empty.
  let t = performance.now();
  let drained = 0;
  await Promise.all(Array.from({ length: 4 }, async () => {
    for (;;) {
      const [job] = await boss.fetch('documents');
      if (!job) return;
      await boss.complete('documents', job.id);
      drained++;
    }
  }));
  const drain = drained / ((performance.now() - t) / 1000);
  const count = async () => Number((await sql`SELECT count(*) AS n FROM pgboss.job WHERE name = 'documents'`.execute(db)).rows[0].n);
  const atomic = await rollbackLeavesNoJob(db, enqueue, count);
  await boss.stop({ graceful: false, wait: true });
  await db.destroy();
  return { engine: 'pg-boss 10.4.2', ...enq, claim: stats(lat), drain, firstLane: first, atomic };
}

async function graphile(url) {
  const { run, runMigrations } = await import('graphile-worker');
  const db = await kyselyFor(url);
  await runMigrations({ connectionString: url, logger: quiet() });
  const enqueue = (tx, job) => sql`SELECT graphile_worker.add_job('document', ${JSON.stringify(job)}::json, priority => ${job.lane === 'standard' ? 0 : 1})`.execute(tx);
  const enq = await enqueueRun(db, enqueue);
  const count = async () => Number((await sql`SELECT count(*) AS n FROM graphile_worker.jobs`.execute(db)).rows[0].n);
  const atomic = await rollbackLeavesNoJob(db, enqueue, count);
  // Drain 2N ready jobs with a runner of concurrency 4.
  let done = 0;
  let first = null;
  let resolveDrained;
  const drained = new Promise((r) => (resolveDrained = r));
  const total = await count();
  let onJob = null;
  const runner = await run({
    connectionString: url, concurrency: 4, pollInterval: 1000, noHandleSignals: true, logger: quiet(),
    taskList: { document: async (payload) => { first ??= payload.lane; if (onJob) return onJob(); if (++done === total) resolveDrained(); } },
  });
  const t = performance.now();
  await drained;
  const drain = total / ((performance.now() - t) / 1000);
  // Claim latency: commit of one job to handler start, runner idle (LISTEN/NOTIFY wakes it).
  const lat = [];
  for (let i = 0; i < 200; i++) {
    const started = new Promise((r) => (onJob = () => r(performance.now())));
    const t0 = performance.now();
    await db.transaction().execute((tx) => enqueue(tx, { documentId: 0, accountId: 1, lane: 'standard' }));
    lat.push((await started) - t0);
  }
  await runner.stop();
  await db.destroy();
  return { engine: 'graphile-worker 0.17.3', ...enq, claim: stats(lat), drain, firstLane: first, atomic };
}

function quiet() {
  return { scope: () => quiet(), info() {}, debug() {}, warn() {}, error(m) { console.error(m); } };
}

const server = await startPostgres();
try {
  const rows = [];
  rows.push(await pgBoss(await server.createDatabase('boss')));
  let gw = null;
  try {
    gw = await graphile(await server.createDatabase('graphile'));
  } catch (err) {
    console.error('graphile-worker not measured:', err.message);
  }
  if (gw) rows.push(gw);
  console.log(`\n${N} enqueues each (sequential, then ${PARALLEL} in parallel), each in a kysely transaction with a document insert\n`);
  console.log('| engine | enqueue/s sequential | enqueue/s 8 parallel | claim p50 ms | claim p95 ms | drain jobs/s (4 claimers) | first claimed lane | rollback leaves no job |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.engine} | ${r.sequential.toFixed(0)} | ${r.parallel.toFixed(0)} | ${r.claim.p50} | ${r.claim.p95} | ${r.drain.toFixed(0)} | ${r.firstLane} | ${r.atomic} |`);
} finally {
  await server.stop();
}
