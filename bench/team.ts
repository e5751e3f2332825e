// Team-server throughput (`BENCH_ONLY=team npm run bench`): documents per minute in
// thumbnail and analysis modes, from the first upload to the last terminal document, with
// 1, 2 and 4 `docdesk worker` processes behind one `docdesk serve --no-workers`, against the
// single-process desktop (`docdesk serve` with its own workers) on the same machine.
// Databases: the shared SQLite file of one data folder (the desktop's own queue), and
// PostgreSQL with pg-boss (a throwaway server from Debian's binaries, a fresh database per run).
import sharp from 'sharp';
import { buildPdf } from '../test/helpers/fixtures.js';
import { createAccountWithToken, removeDir, startServerProcess, tempDataDir, upload, waitTerminal, type ServerProcess } from '../test/helpers/server.js';
import { startWorkerProcess, type WorkerProcess } from '../test/helpers/team.js';
import { skipUnlessPostgres, startPostgres, type TestPostgres } from '../test/helpers/postgres.js';
import { printTable } from './table.js';

type Mode = 'thumbnail' | 'analysis';

async function documentFor(mode: Mode, i: number): Promise<{ name: string; data: Buffer }> {
  if (mode === 'analysis') return { name: `letter-${i}.pdf`, data: buildPdf({ text: `Rechnung Nr. ${5000 + i}`, pages: 2 }) };
  const data = await sharp({ create: { width: 1240 + i, height: 1754, channels: 3, background: { r: 250, g: 248, b: 240 - (i % 40) } } }).png().toBuffer();
  return { name: `scan-${i}.png`, data };
}

interface Setup {
  label: string;
  /** Runs on a fresh PostgreSQL database instead of the data folder's SQLite file. */
  postgres?: boolean;
  /** Starts the processes on a fresh data folder; returns the API and a stop function. */
  start(dataDir: string): Promise<{ api: ServerProcess; stop(): Promise<void> }>;
}

const ENV = { DOCDESK_JOB_HEARTBEAT_MS: '1000' };

function desktop(poolSize: number): Setup {
  return {
    label: `desktop: one serve, ${poolSize} worker processes inside`,
    async start(dataDir) {
      const api = await startServerProcess({ dataDir, env: { ...ENV, DOCDESK_WORKERS: String(poolSize) } });
      return { api, stop: () => api.stop() };
    },
  };
}

function team(workers: number, postgres = false): Setup {
  return {
    label: `team${postgres ? ' on PostgreSQL' : ''}: serve --no-workers + ${workers} docdesk worker`,
    postgres,
    async start(dataDir) {
      const api = await startServerProcess({ dataDir, env: ENV, extraArgs: ['--no-workers'] });
      const procs: WorkerProcess[] = [];
      for (let i = 0; i < workers; i++) procs.push(await startWorkerProcess(dataDir, ENV, 1));
      return {
        api,
        async stop() {
          await Promise.all(procs.map((w) => w.stop()));
          await api.stop();
        },
      };
    },
  };
}

let databases = 0;

async function measure(setup: Setup, mode: Mode, count: number, server: TestPostgres | null): Promise<number> {
  const dataDir = tempDataDir('docdesk-bench-team-');
  // Every process of the run (API, workers, the CLI creating the account) inherits it.
  if (setup.postgres) process.env.DOCDESK_DATABASE_URL = await server!.createDatabase(`bench_team_${++databases}`);
  const { api, stop } = await setup.start(dataDir).catch((err) => {
    delete process.env.DOCDESK_DATABASE_URL;
    throw err;
  });
  try {
    const { token } = createAccountWithToken(dataDir, { credits: 100_000, extra: ['--concurrency', '100', '--rate-profile', 'enterprise'] });
    const files = await Promise.all(Array.from({ length: count }, (_, i) => documentFor(mode, i)));
    const started = performance.now();
    const ids: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < count) {
          const res = await upload(api.url, { token, file: files[next++]!, fields: { processing_mode: mode } });
          if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
          ids.push(((await res.json()) as { data: { id: number } }).data.id);
        }
      }),
    );
    for (const id of ids) {
      const doc = await waitTerminal(api.url, token, id, 600_000);
      if (doc.status !== 'completed') throw new Error(`document ${id} ended ${doc.status}: ${doc.processing_error}`);
    }
    return count / ((performance.now() - started) / 60_000);
  } finally {
    await stop();
    delete process.env.DOCDESK_DATABASE_URL;
    removeDir(dataDir);
  }
}

export async function benchTeam(count = Number(process.env.BENCH_TEAM_DOCS ?? 40)): Promise<void> {
  const noPostgres = skipUnlessPostgres();
  const server = noPostgres ? null : await startPostgres();
  const setups = [desktop(2), team(1), team(2), team(4), ...(server ? [team(1, true), team(2, true), team(4, true)] : [])];
  const rows: string[][] = [];
  const baseline: Record<Mode, number> = { thumbnail: 0, analysis: 0 };
  for (const setup of setups) {
    const row = [setup.label];
    for (const mode of ['thumbnail', 'analysis'] as Mode[]) {
      const perMinute = await measure(setup, mode, count, server);
      if (!baseline[mode]) baseline[mode] = perMinute;
      row.push(perMinute.toFixed(0), (perMinute / baseline[mode]).toFixed(2));
    }
    rows.push(row);
  }
  await server?.stop();
  if (noPostgres) console.log(`PostgreSQL rows skipped: ${noPostgres}`);
  printTable(`Documents per minute, ${count} documents per run, upload to last terminal (SQLite file shared by the processes, or PostgreSQL + pg-boss; ratio against the SQLite desktop)`, ['setup', 'thumbnail docs/min', 'ratio', 'analysis docs/min', 'ratio'], rows);
}
