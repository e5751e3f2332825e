// `npm run soak` (not part of npm test): load and soak against a real `docdesk serve`.
//  1. Load: SOAK_UPLOADS (1,000) mixed uploads paced at the profile's per-token upload limit
//     (SOAK_PROFILE, default high_volume: 600/min), retrying 429s after Retry-After.
//  2. Soak: SOAK_MINUTES (30) of uploads at SOAK_RATE per second (1).
// Printed: uploads/s held, upload latency p50/p99, 429s, RSS (engine and workers) and open
// file descriptors at start and end, queue drain time, and documents lost (must be 0).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import * as fx from '../test/helpers/fixtures.js';
import { createAccountWithToken, removeDir, startServerProcess, tempDataDir, upload, type ServerProcess } from '../test/helpers/server.js';
import { printTable } from './table.js';

const UPLOADS = Number(process.env.SOAK_UPLOADS ?? 1000);
const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const SOAK_RATE = Number(process.env.SOAK_RATE ?? 1);
const PROFILE = process.env.SOAK_PROFILE ?? 'high_volume';
/** Spec 8: uploads per token and minute of each profile. */
const PER_TOKEN_PER_MINUTE: Record<string, number> = { restricted: 30, standard: 120, trusted: 240, high_volume: 600, enterprise: 1200 };
const DRAIN_TIMEOUT_MS = 30 * 60_000;

interface Sample {
  file: { name: string; data: Buffer };
  mode: string;
}

async function corpus(): Promise<Sample[]> {
  const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#446688' } }).png().toBuffer();
  const jpg = await sharp(png).jpeg().toBuffer();
  const tiff = await sharp(png).tiff().toBuffer();
  return [
    { file: { name: 'rechnung.pdf', data: fx.buildPdf({ pages: 2, text: 'Rechnung' }) }, mode: 'analysis' },
    { file: { name: 'brief.pdf', data: fx.buildPdf({ pages: 1, text: 'Brief' }) }, mode: 'extraction' },
    { file: { name: 'scan.png', data: png }, mode: 'thumbnail' },
    { file: { name: 'foto.jpg', data: jpg }, mode: 'thumbnail' },
    { file: { name: 'scan.tiff', data: tiff }, mode: 'thumbnail' },
    { file: { name: 'brief.docx', data: Buffer.from(fx.buildDocx({ heading: 'Rechnung', paragraphs: ['Betrag 12,00 EUR'] })) }, mode: 'analysis' },
    { file: { name: 'mail.eml', data: fx.buildEml() }, mode: 'analysis' },
    { file: { name: 'invoice.xml', data: Buffer.from(fx.buildXml('ubl')) }, mode: 'analysis' },
  ];
}

interface Resources {
  engineRssMb: number;
  workersRssMb: number;
  fds: number;
}

function rssMb(pid: number): number {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

function resources(pid: number): Resources {
  let children: number[] = [];
  try {
    children = readdirSync(`/proc/${pid}/task`).flatMap((t) => readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
  } catch {
    // not Linux: only what we can see
  }
  let fds = 0;
  try {
    fds = readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    fds = NaN;
  }
  return { engineRssMb: rssMb(pid), workersRssMb: children.reduce((n, c) => n + rssMb(c), 0), fds };
}

interface PhaseResult {
  name: string;
  attempted: number;
  accepted: number[];
  rejected429: number;
  failed: number;
  seconds: number;
  latencies: number[];
  drainSeconds: number;
  lost: number;
  start: Resources;
  end: Resources;
}

async function uploadWithRetry(server: ServerProcess, token: string, sample: Sample, onThrottle: () => void): Promise<number | null> {
  const key = `soak-${Math.random().toString(36).slice(2)}`;
  for (let attempt = 0; attempt < 20; attempt++) {
    const res = await upload(server.url, { token, file: sample.file, fields: { processing_mode: sample.mode }, key });
    if (res.status === 201) return ((await res.json()) as { data: { id: number } }).data.id;
    if (res.status === 429) {
      onThrottle();
      await res.arrayBuffer();
      await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? 1) * 1000));
      continue;
    }
    console.error(`upload answered ${res.status}: ${await res.text()}`);
    return null;
  }
  return null;
}

/** Uploads at `rate` per second until `count` are sent or `seconds` have passed. */
async function phase(name: string, server: ServerProcess, token: string, samples: Sample[], rate: number, limit: { count?: number; seconds?: number }): Promise<PhaseResult> {
  const start = resources(server.proc.pid!);
  const result: PhaseResult = { name, attempted: 0, accepted: [], rejected429: 0, failed: 0, seconds: 0, latencies: [], drainSeconds: 0, lost: 0, start, end: start };
  const t0 = performance.now();
  const inflight: Promise<void>[] = [];
  for (let i = 0; ; i++) {
    if (limit.count !== undefined && i >= limit.count) break;
    if (limit.seconds !== undefined && performance.now() - t0 >= limit.seconds * 1000) break;
    const due = t0 + (i / rate) * 1000;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const sample = samples[i % samples.length]!;
    result.attempted++;
    inflight.push(
      (async () => {
        const began = performance.now();
        const id = await uploadWithRetry(server, token, sample, () => result.rejected429++);
        result.latencies.push(performance.now() - began);
        if (id === null) result.failed++;
        else result.accepted.push(id);
      })(),
    );
  }
  await Promise.all(inflight);
  result.seconds = (performance.now() - t0) / 1000;
  result.drainSeconds = await drain(server.dataDir, result.accepted);
  result.lost = lost(server.dataDir, result.accepted);
  result.end = resources(server.proc.pid!);
  return result;
}

function statuses(dataDir: string, ids: number[]): Map<number, string> {
  const db = new Database(join(dataDir, 'docdesk.sqlite'), { readonly: true, timeout: 10_000 });
  try {
    const rows = db.prepare('SELECT id, status FROM documents').all() as Array<{ id: number; status: string }>;
    const wanted = new Set(ids);
    return new Map(rows.filter((r) => wanted.has(r.id)).map((r) => [r.id, r.status]));
  } finally {
    db.close();
  }
}

/** Seconds until every accepted document is terminal (or the drain timeout). */
async function drain(dataDir: string, ids: number[]): Promise<number> {
  const t0 = performance.now();
  while (performance.now() - t0 < DRAIN_TIMEOUT_MS) {
    const s = statuses(dataDir, ids);
    if ([...s.values()].every((v) => v !== 'pending') && s.size === ids.length) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  return (performance.now() - t0) / 1000;
}

/** Accepted documents that are missing or never reached a terminal state. */
function lost(dataDir: string, ids: number[]): number {
  const s = statuses(dataDir, ids);
  return ids.filter((id) => !s.has(id) || s.get(id) === 'pending').length;
}

const pct = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

async function main(): Promise<void> {
  const dataDir = tempDataDir('docdesk-soak-');
  const server = await startServerProcess({ dataDir });
  try {
    const { token } = createAccountWithToken(dataDir, { name: 'soak', credits: 10_000_000, extra: ['--rate-profile', PROFILE, '--concurrency', '1000'] });
    const samples = await corpus();
    const loadRate = (PER_TOKEN_PER_MINUTE[PROFILE] ?? 600) / 60;
    console.log(`load: ${UPLOADS} uploads at ${loadRate.toFixed(1)}/s (profile ${PROFILE}); soak: ${MINUTES} min at ${SOAK_RATE}/s`);
    const results = [await phase('load', server, token, samples, loadRate, { count: UPLOADS })];
    if (MINUTES > 0) results.push(await phase('soak', server, token, samples, SOAK_RATE, { seconds: MINUTES * 60 }));
    const statusCounts = [...statuses(dataDir, results.flatMap((r) => r.accepted)).values()].reduce((m, s) => m.set(s, (m.get(s) ?? 0) + 1), new Map<string, number>());
    printTable('Load and soak (uploads)', ['phase', 'uploads', 'accepted', 'uploads/s held', 'p50 ms', 'p99 ms', '429s', 'failed', 'drain s', 'documents lost'], results.map((r) => [r.name, String(r.attempted), String(r.accepted.length), (r.accepted.length / r.seconds).toFixed(2), pct(r.latencies, 50).toFixed(0), pct(r.latencies, 99).toFixed(0), String(r.rejected429), String(r.failed), r.drainSeconds.toFixed(0), String(r.lost)]));
    printTable('Resources (start → end of each phase)', ['phase', 'engine RSS MB', 'workers RSS MB', 'open fds'], results.map((r) => [r.name, `${r.start.engineRssMb.toFixed(0)} → ${r.end.engineRssMb.toFixed(0)}`, `${r.start.workersRssMb.toFixed(0)} → ${r.end.workersRssMb.toFixed(0)}`, `${r.start.fds} → ${r.end.fds}`]));
    console.log(`\nterminal states: ${[...statusCounts].map(([s, n]) => `${s} ${n}`).join(', ')}`);
    if (results.some((r) => r.lost > 0)) process.exitCode = 1;
  } finally {
    await server.stop();
    removeDir(dataDir);
  }
}

await main();
