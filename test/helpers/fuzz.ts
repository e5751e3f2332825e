// A bounded, seeded mutation fuzzer for the format readers (issue 15 item 7). Inputs are
// mutated seed files; each run goes through the real worker pool, so a native crash kills
// one worker process and a hang hits the task timeout, exactly as in production.
// Budget: DOCDESK_FUZZ_SECONDS per reader (default 2); DOCDESK_FUZZ_SEED picks the run.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { TaskError, type WorkerPool } from '../../engine/jobs/worker-pool.js';

export function fuzzSeconds(): number {
  const s = Number(process.env.DOCDESK_FUZZ_SECONDS);
  return Number.isFinite(s) && s > 0 ? s : 2;
}

export function fuzzSeed(): number {
  const s = Number(process.env.DOCDESK_FUZZ_SEED);
  return Number.isInteger(s) ? s : 0x0d0cde5c;
}

/** mulberry32: small, fast, and the same sequence on every machine. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const INTERESTING = [0x00, 0xff, 0x7f, 0x80, 0x01, 0x20, 0x0a, 0x3c, 0x3e, 0x28, 0x29, 0x2f];
const INTERESTING_TEXT = ['0', '-1', '4294967295', '99999999999', '1e308', 'NaN', '<<', '>>', '(', ')', '<!--', ']]>', '&#0;', '\0', 'obj', 'endobj', 'stream', 'R'];

/** One to four stacked mutations: bit flips, magic bytes, inserts, deletes, duplicates, truncation, splices, numbers. */
export function mutate(rng: () => number, input: Buffer, others: Buffer[]): Buffer {
  let b = Buffer.from(input);
  const pick = (n: number) => Math.floor(rng() * n);
  const rounds = 1 + pick(4);
  for (let r = 0; r < rounds && b.length > 0; r++) {
    const at = pick(b.length);
    switch (pick(8)) {
      case 0:
        for (let i = 0, n = 1 + pick(8); i < n; i++) {
          const p = pick(b.length);
          b[p] = b[p]! ^ (1 << pick(8));
        }
        break;
      case 1:
        b[at] = INTERESTING[pick(INTERESTING.length)]!;
        break;
      case 2: {
        const ins = Buffer.from(Array.from({ length: 1 + pick(64) }, () => pick(256)));
        b = Buffer.concat([b.subarray(0, at), ins, b.subarray(at)]);
        break;
      }
      case 3:
        b = Buffer.concat([b.subarray(0, at), b.subarray(Math.min(b.length, at + 1 + pick(256)))]);
        break;
      case 4: {
        const len = 1 + pick(Math.min(4096, b.length - at));
        const chunk = b.subarray(at, at + len);
        b = Buffer.concat([b.subarray(0, at), chunk, chunk, b.subarray(at)]);
        break;
      }
      case 5:
        b = b.subarray(0, Math.max(1, at));
        break;
      case 6: {
        const other = others[pick(others.length)];
        if (!other || other.length === 0) break;
        const from = pick(other.length);
        b = Buffer.concat([b.subarray(0, at), other.subarray(from, from + 1 + pick(2048)), b.subarray(at)]);
        break;
      }
      default: {
        // Text formats: swap a number or a token for a hostile one.
        const text = b.toString('latin1');
        const m = /\d+/g;
        m.lastIndex = at;
        const hit = m.exec(text);
        const token = INTERESTING_TEXT[pick(INTERESTING_TEXT.length)]!;
        b = hit ? Buffer.concat([b.subarray(0, hit.index), Buffer.from(token, 'latin1'), b.subarray(hit.index + hit[0].length)]) : Buffer.concat([b.subarray(0, at), Buffer.from(token, 'latin1'), b.subarray(at)]);
      }
    }
  }
  return b;
}

export interface FuzzFinding {
  kind: 'crash' | 'hang' | 'internal';
  message: string;
  /** The input, saved for a regression test. */
  file: string;
}

export interface FuzzTarget {
  name: string;
  seeds: Buffer[];
  /** The worker tasks one input goes through (path of the input file in). */
  tasks: (path: string) => object[];
}

export interface FuzzReport {
  runs: number;
  rejected: number;
  findings: FuzzFinding[];
}

/**
 * Runs mutated inputs through the worker pool for `seconds`. A worker that dies is a crash,
 * a task past `timeoutMs` a hang; a failure that is not a clerk-facing reader error is
 * `internal` (it would be retried as technical, then reported generically).
 */
export async function fuzz(pool: WorkerPool, target: FuzzTarget, opts: { dir: string; seconds: number; seed: number; timeoutMs: number }): Promise<FuzzReport> {
  const nameHash = [...target.name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);
  mkdirSync(opts.dir, { recursive: true });
  const report: FuzzReport = { runs: 0, rejected: 0, findings: [] };
  // Warm-up, off the clock: the unmutated seeds (workers start, libraries load).
  for (const [i, seedInput] of target.seeds.entries()) {
    const file = join(opts.dir, `${target.name}-seed-${i}`);
    writeFileSync(file, seedInput);
    for (const task of target.tasks(file)) await pool.run(task, opts.timeoutMs).catch(() => undefined);
  }
  const until = Date.now() + opts.seconds * 1000;
  // One generator per lane: a lane's inputs depend on the seed only, not on timing.
  const lane = async (laneNo: number) => {
    const rng = prng(opts.seed ^ nameHash ^ (laneNo * 0x9e3779b9));
    while (Date.now() < until) {
      const input = mutate(rng, target.seeds[Math.floor(rng() * target.seeds.length)]!, target.seeds);
      const file = join(opts.dir, `${target.name}-${laneNo}-${report.runs}.bin`);
      writeFileSync(file, input);
      report.runs++;
      for (const task of target.tasks(file)) {
        try {
          await pool.run(task, opts.timeoutMs);
        } catch (err) {
          if (err instanceof TaskError) {
            if (err.failure.userFacing) report.rejected++;
            else report.findings.push({ kind: 'internal', message: `${err.failure.name}: ${err.message}`, file });
          } else {
            const message = (err as Error).message;
            // Kept beyond the test's temporary folder, for the regression test it becomes.
            const kept = join(tmpdir(), 'docdesk-fuzz-findings', basename(file));
            mkdirSync(dirname(kept), { recursive: true });
            copyFileSync(file, kept);
            report.findings.push({ kind: /timed out/.test(message) ? 'hang' : 'crash', message, file: kept });
          }
          break;
        }
      }
    }
  };
  await Promise.all(Array.from({ length: pool.size }, (_, i) => lane(i)));
  return report;
}
