// Write locks on PostgreSQL (`BENCH_ONLY=locks npm run bench`): upload intakes per second
// (acceptUpload in one engine process, thumbnail mode, 8 in flight) under the single global
// write lock (DOCDESK_WRITE_LOCKS=global, the behaviour before per-account locks) against
// per-account locks, with the 8 intakes spread over two accounts and all in one account.
// Rounds alternate the two so the machine's load hits both alike; the ratio is what counts.
import type { AuthenticatedToken } from '../engine/accounts/accounts.js';
import { acceptTestUpload, testAccount } from '../test/helpers/intake.js';
import { engineOnPostgres } from '../test/helpers/engine.js';
import { skipUnlessPostgres } from '../test/helpers/postgres.js';
import { median, printTable } from './table.js';

const IN_FLIGHT = 8;

export async function benchLocks(count = Number(process.env.BENCH_LOCKS_UPLOADS ?? 200), rounds = 3): Promise<void> {
  const noPostgres = skipUnlessPostgres();
  if (noPostgres) {
    console.log(`Write-lock benchmark skipped: ${noPostgres}`);
    return;
  }
  const opened = await engineOnPostgres({ prefix: 'docdesk-bench-locks-', database: 'bench_locks' });
  const engine = opened.engine;
  const previous = process.env.DOCDESK_WRITE_LOCKS;
  try {
    const a = await testAccount(engine, { concurrency: 1_000_000, batch: false });
    const b = await testAccount(engine, { concurrency: 1_000_000, batch: false });
    await acceptTestUpload(engine, a); // starts pg-boss

    async function perSecond(accounts: AuthenticatedToken[]): Promise<number> {
      let next = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async (_, lane) => {
          while (next++ < count) await acceptTestUpload(engine, accounts[lane % accounts.length]!);
        }),
      );
      return count / ((performance.now() - started) / 1000);
    }

    const cases = [
      { label: 'two accounts, 4 in flight each', accounts: [a, b] },
      { label: 'one account, 8 in flight', accounts: [a] },
    ];
    const rows: string[][] = [];
    for (const c of cases) {
      const results = { global: [] as number[], account: [] as number[] };
      for (let r = 0; r < rounds; r++) {
        for (const locks of ['global', 'account'] as const) {
          process.env.DOCDESK_WRITE_LOCKS = locks === 'global' ? 'global' : '';
          results[locks].push(await perSecond(c.accounts));
        }
      }
      const g = median(results.global);
      const p = median(results.account);
      rows.push([c.label, g.toFixed(0), p.toFixed(0), (p / g).toFixed(2), results.global.map((x) => x.toFixed(0)).join(' / '), results.account.map((x) => x.toFixed(0)).join(' / ')]);
    }
    printTable(`Upload intakes per second on PostgreSQL, ${count} per run, ${IN_FLIGHT} in flight, median of ${rounds} alternating rounds`, ['uploads', 'global lock /s', 'per-account locks /s', 'ratio', 'global runs', 'per-account runs'], rows);
  } finally {
    if (previous === undefined) delete process.env.DOCDESK_WRITE_LOCKS;
    else process.env.DOCDESK_WRITE_LOCKS = previous;
    await opened.close();
  }
}
