// The team-server shape under faults, as real processes: 2 API processes (`serve
// --no-workers`) and 3 `docdesk worker` processes over one database, 200 mixed uploads
// through both APIs, one worker SIGKILLed while it holds a job and one API restarted midway.
// Every document must end terminal exactly once, credits and webhooks exactly once, and no
// blob may be left without its document.
// Databases: the SQLite file of the shared data folder (several processes on one machine,
// the desktop's own queue) and PostgreSQL (the team server: pg-boss holds the jobs).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { buildPdf, solidPng } from '../helpers/fixtures.js';
import { cli, createAccountWithToken, getJson, removeDir, startServerProcess, tempDataDir, upload, type ServerProcess } from '../helpers/server.js';
import { startWebhookReceiver, startWorkerProcess, type WebhookReceiver, type WorkerProcess } from '../helpers/team.js';
import { DEAD_LETTERS, DOCUMENT_QUEUE } from '../../engine/queue/pg-queue.js';
import { skipUnlessPostgres, startPostgres, type TestPostgres } from '../helpers/postgres.js';

const DOCUMENTS = 200;
const CREDITS = 10_000;
const ENV = {
  DOCDESK_WORKERS: '1',
  // Recovery and polling at test speed; the production defaults are 15 s.
  DOCDESK_JOB_HEARTBEAT_MS: '1000',
  DOCDESK_WEBHOOK_RETRY_BASE_MS: '500',
  DOCDESK_SHUTDOWN_GRACE_MS: '5000',
};

type Query = <T>(text: string) => Promise<T[]>;

function sqliteQuery(dataDir: string): Query {
  return async <T>(text: string) => {
    const db = new BetterSqlite3(join(dataDir, 'docdesk.sqlite'), { readonly: true, timeout: 10_000 });
    try {
      return db.prepare(text).all() as T[];
    } finally {
      db.close();
    }
  };
}

// Counts and sums come back as numbers, as from SQLite.
const pgTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') => (oid === 20 || oid === 1700 ? Number : pg.types.getTypeParser(oid, format as 'text')),
} as pg.CustomTypesConfig;

function postgresQuery(url: string): Query {
  return async <T>(text: string) => {
    const client = new pg.Client({ connectionString: url, types: pgTypes });
    await client.connect();
    try {
      return (await client.query(text)).rows as T[];
    } finally {
      await client.end();
    }
  };
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** Mixed work: thumbnails of images and PDFs, analysis of text PDFs; both lanes. */
function uploadFor(i: number): { file: { name: string; data: Buffer }; fields: Record<string, string> } {
  const lane = i % 5 === 0 ? 'batch' : 'standard';
  if (i % 4 === 0) return { file: { name: `letter-${i}.pdf`, data: buildPdf({ text: `Rechnung Nr. ${1000 + i}`, pages: 1 + (i % 3) }) }, fields: { processing_mode: 'analysis', processing_lane: lane } };
  if (i % 4 === 1) return { file: { name: `scan-${i}.pdf`, data: buildPdf({ text: `Beleg ${i}` }) }, fields: { processing_mode: 'thumbnail', processing_lane: lane } };
  return { file: { name: `photo-${i}.png`, data: solidPng(320 + i, 240, [i % 255, (i * 7) % 255, 90]) }, fields: { processing_mode: 'thumbnail', processing_lane: lane } };
}

for (const database of ['sqlite', 'postgres'] as const) {
  describe(`team server on ${database}: 2 API processes + 3 workers on one database, with a SIGKILLed worker and a restarted API`, { skip: database === 'postgres' && skipUnlessPostgres() }, () => {
    let dataDir: string;
    let apis: ServerProcess[] = [];
    let workers: WorkerProcess[] = [];
    let receiver: WebhookReceiver;
    let server: TestPostgres | null = null;
    let query: Query;
    // pg-boss finds a dead worker's job by its lapsed lease (no PID check across machines).
    const env = database === 'postgres' ? { ...ENV, DOCDESK_JOB_LEASE_SECONDS: '10' } : ENV;

    before(async () => {
      dataDir = tempDataDir(`docdesk-team-${database}-`);
      receiver = await startWebhookReceiver();
      if (database === 'postgres') {
        server = await startPostgres();
        const url = await server.createDatabase('docdesk_team');
        // Every process this test starts (APIs, workers, CLI commands) inherits it.
        process.env.DOCDESK_DATABASE_URL = url;
        query = postgresQuery(url);
      } else query = sqliteQuery(dataDir);
    });
    after(async () => {
      await Promise.all([...apis.map((a) => a.kill()), ...workers.map((w) => w.kill())]);
      await receiver.close();
      delete process.env.DOCDESK_DATABASE_URL;
      await server?.stop();
      removeDir(dataDir);
    });

    // Jobs held now, with the process holding each: the desktop's `jobs` rows, or pg-boss's
    // active jobs (the claim writes its owner into the job's output).
    const heldJobs = () =>
      database === 'sqlite'
        ? query<{ id: string; owner: string }>("SELECT CAST(id AS TEXT) AS id, owner FROM jobs WHERE status = 'running' AND owner IS NOT NULL")
        : query<{ id: string; owner: string }>(`SELECT id::text AS id, output->>'owner' AS owner FROM pgboss.job WHERE name = '${DOCUMENT_QUEUE}' AND state = 'active' AND output->>'owner' IS NOT NULL`);

    it('ends every document terminal exactly once, charges and notifies once, and leaves no orphan blob', async () => {
      apis.push(await startServerProcess({ dataDir, env, extraArgs: ['--no-workers'] }));
      const { accountId, token } = createAccountWithToken(dataDir, { credits: CREDITS, extra: ['--batch-lane', '--concurrency', '100', '--rate-profile', 'enterprise'] });
      cli(dataDir, ['webhook', 'add', '--account', String(accountId), '--url', receiver.url]);
      apis.push(await startServerProcess({ dataDir, env, extraArgs: ['--no-workers'] }));
      for (let i = 0; i < 3; i++) workers.push(await startWorkerProcess(dataDir, env));

      const ids: number[] = [];
      let next = 0;
      let restarting: Promise<void> | null = null;
      let killed: Promise<void> | null = null;
      // Jobs a SIGKILLed worker held at its death (the others must finish them).
      const orphaned: string[] = [];
      // When each SIGKILL was sent: a delivery that worker had on the wire may be sent again.
      const kills: number[] = [];
      const send = async (i: number) => {
        // While API 2 restarts, its share goes to API 1.
        const api = i % 2 === 1 && !restarting ? apis[1]! : apis[0]!;
        const { file, fields } = uploadFor(i);
        const res = await upload(api.url, { token, file, fields });
        assert.equal(res.status, 201, await res.clone().text());
        ids.push(((await res.json()) as { data: { id: number } }).data.id);
      };
      await Promise.all(
        Array.from({ length: 6 }, async () => {
          while (next < DOCUMENTS) {
            const i = next++;
            if (i === 60) killed ??= killWorkerMidJob();
            if (i === 120) restarting ??= restartApi();
            await send(i);
          }
        }),
      );
      await killed;
      await restarting;

      async function killWorkerMidJob(): Promise<void> {
        // A worker seen holding a running job dies without a word. Should its job have ended in
        // the instant before the signal, the next worker seen holding one is killed instead.
        for (let tries = 0; tries < 400 && orphaned.length === 0; tries++) {
          const running = await heldJobs();
          const victim = workers.find((w) => w.proc.exitCode === null && w.proc.signalCode === null && running.some((r) => Number(r.owner.split('@')[0]) === w.pid));
          if (victim) {
            kills.push(Date.now());
            await victim.kill();
            const held = await heldJobs();
            orphaned.push(...held.filter((r) => Number(r.owner.split('@')[0]) === victim.pid).map((r) => r.id));
          } else await new Promise((r) => setTimeout(r, 50));
        }
        assert.ok(orphaned.length > 0, 'no worker was killed while holding a job');
      }

      async function restartApi(): Promise<void> {
        await apis[1]!.stop();
        apis[1] = await startServerProcess({ dataDir, env, extraArgs: ['--no-workers'] });
        restarting = null;
      }

      assert.equal(ids.length, DOCUMENTS);
      assert.equal(new Set(ids).size, DOCUMENTS);

      // Every document terminal, and the APIs say so.
      const deadline = Date.now() + 150_000;
      const open = async () => (await query<{ n: number }>("SELECT COUNT(*) AS n FROM documents WHERE status NOT IN ('completed', 'error', 'blocked')"))[0]!.n;
      for (let n = await open(); n > 0; n = await open()) {
        assert.ok(Date.now() < deadline, `${n} documents still not terminal`);
        await new Promise((r) => setTimeout(r, 500));
      }
      for (const id of ids) {
        const { body } = await getJson(apis[id % 2]!.url, `/api/v1/documents/${id}`, token);
        assert.equal(body.data.status, 'completed', `document ${id}: ${body.data.processing_error}`);
      }

      // Exactly once: one job per document, done; one run per analysed document, completed.
      // On Postgres the job is pg-boss's: one per document, completed; none in the dead letters,
      // none left in the desktop's own table. A recovered job counts an interruption, on both
      // databases, and gives its attempt back (policy.ts).
      const jobs =
        database === 'sqlite'
          ? await query<{ document_id: number; n: number; done: number }>("SELECT document_id, COUNT(*) AS n, SUM(CASE WHEN status = 'done' THEN 1 ELSE 0 END) AS done FROM jobs GROUP BY document_id")
          : await query<{ document_id: number; n: number; done: number }>(`SELECT (data->>'document_id')::int AS document_id, COUNT(*) AS n, SUM(CASE WHEN state = 'completed' THEN 1 ELSE 0 END) AS done FROM pgboss.job WHERE name = '${DOCUMENT_QUEUE}' GROUP BY 1`);
      assert.equal(jobs.length, DOCUMENTS);
      assert.ok(jobs.every((j) => j.n === 1 && j.done === 1), JSON.stringify(jobs.filter((j) => j.n !== 1 || j.done !== 1)));
      const list = orphaned.map((id) => `'${id}'`).join(',');
      const recovered =
        database === 'sqlite'
          ? await query<{ id: number; interruptions: number; status: string; attempts: number }>(`SELECT id, interruptions, status, attempts FROM jobs WHERE CAST(id AS TEXT) IN (${list})`)
          : await query<{ id: string; interruptions: number; status: string; attempts: number }>(`SELECT id, (data->>'interruptions')::int AS interruptions, CASE WHEN state = 'completed' THEN 'done' ELSE state::text END AS status, retry_count + 1 AS attempts FROM pgboss.job WHERE id::text IN (${list})`);
      assert.ok(recovered.length > 0 && recovered.every((j) => j.interruptions >= 1 && j.status === 'done' && j.attempts === 1), `the SIGKILLed worker's jobs were recovered by another worker, their attempt given back: ${JSON.stringify(recovered)}`);
      if (database === 'postgres') {
        assert.equal((await query<{ n: number }>(`SELECT COUNT(*) AS n FROM pgboss.job WHERE name = '${DEAD_LETTERS}'`))[0]!.n, 0, 'no job in the dead letters');
        assert.equal((await query<{ n: number }>('SELECT COUNT(*) AS n FROM jobs'))[0]!.n, 0, 'no job in the desktop queue');
      }

      // Credits exactly once: one first-band charge per charged run, nothing returned, and the
      // balance is the grant minus what the runs say they cost.
      const charges = await query<{ document_id: number; n: number }>("SELECT document_id, COUNT(*) AS n FROM credit_ledger WHERE kind = 'apply_first_band' GROUP BY document_id");
      assert.ok(charges.length > 0 && charges.every((c) => c.n === 1), JSON.stringify(charges.filter((c) => c.n !== 1)));
      const returned = (await query<{ n: number }>("SELECT COUNT(*) AS n FROM credit_ledger WHERE kind = 'return'"))[0]!.n;
      assert.equal(returned, 0);
      const charged = (await query<{ total: number }>(`SELECT COALESCE(SUM(credits_charged), 0) AS total FROM extraction_runs WHERE account_id = ${accountId}`))[0]!.total;
      const shown = cli(dataDir, ['credits', 'show', '--account', String(accountId)]);
      assert.equal(shown.balance, CREDITS - charged);

      // Webhooks exactly once: one document.completed per document, no delivery twice.
      const webhookDeadline = Date.now() + 60_000;
      while (receiver.received.length < DOCUMENTS && Date.now() < webhookDeadline) await new Promise((r) => setTimeout(r, 200));
      await new Promise((r) => setTimeout(r, 2_000)); // a duplicate would arrive now
      // A graceful stop records what it sent. Only a process killed with a request on the wire
      // (sent, answer not yet recorded) can make a delivery arrive twice: with the same delivery
      // id, so receivers drop it (docs/webhooks.md). So a repeat is allowed only for a delivery
      // first received in the webhook timeout (10 s) before a SIGKILL.
      const first = new Map<string, (typeof receiver.received)[number]>();
      for (const w of receiver.received) {
        const earlier = first.get(w.delivery);
        if (!earlier) {
          first.set(w.delivery, w);
          continue;
        }
        assert.ok(kills.some((k) => earlier.at <= k && earlier.at >= k - 10_000), `delivery ${w.delivery} was sent twice, and not because its sender was killed mid-request`);
      }
      assert.deepEqual([...first.values()].map((w) => w.documentId).sort((a, b) => a - b), [...ids].sort((a, b) => a - b));
      assert.ok(receiver.received.every((w) => w.event === 'document.completed'));

      // SIGTERM: the workers finish or hand back their work and exit cleanly.
      for (const w of workers.filter((w) => w.proc.exitCode === null && w.proc.signalCode === null)) assert.equal(await w.stop(), 0, w.stderr());
      await Promise.all(apis.map((a) => a.stop()));
      workers = [];
      apis = [];

      // No orphan blobs once the folder's owner has swept at its start: every original belongs
      // to a document, every artefact folder to a document, nothing half-written remains.
      const sweeper = await startServerProcess({ dataDir, env: ENV });
      await sweeper.stop();
      const docs = await query<{ id: number; blob_path: string }>('SELECT id, blob_path FROM documents');
      const originals = new Set(docs.map((d) => d.blob_path.split('\\').join('/')));
      for (const file of filesUnder(join(dataDir, 'files', 'originals'))) assert.ok(originals.has(relative(dataDir, file).split('\\').join('/')), `orphan original ${file}`);
      const known = new Set(docs.map((d) => String(d.id)));
      for (const file of filesUnder(join(dataDir, 'files', 'artefacts'))) {
        assert.ok(known.has(relative(join(dataDir, 'files', 'artefacts'), file).split(/[\\/]/)[0]!), `orphan artefact ${file}`);
        assert.ok(!file.endsWith('.tmp'), `half-written ${file}`);
      }
      assert.deepEqual(filesUnder(join(dataDir, 'tmp')), []);
    });
  });
}
