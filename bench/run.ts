// `npm run bench`: speed targets of the foundation, printed as tables.
//  1. GET /api/v1/documents/{id} requests/s and p99 against a bare Fastify route (target ≥ 50 %).
//  2. Median thumbnail time per format against the native tool doing the same job
//     (target: not slower than the native tool's whole-process time).
//  Renderer (BENCH_ONLY=renderer): inbox time to interactive with 5,000 documents, scroll frame time.
//  BENCH_ONLY=extraction: generic extraction time per page on top of reading (< 50 ms/page).
//  BENCH_ONLY=energy: energy profile extraction time per page on top of reading, native and scanned (< 50 ms/page native).
//  BENCH_ONLY=review: energy review decision latency p50/p99 and batch export of 100 documents.
//  BENCH_ONLY=import: `docdesk import` throughput of 200 files in thumbnail mode, with its progress output.
//  BENCH_ONLY=blobs: blob store put/get and end-to-end documents/min, data folder vs an S3 bucket (s3rver).
//  BENCH_ONLY=team: documents per minute with 1, 2 and 4 `docdesk worker` processes against the single-process desktop.
//  BENCH_ONLY=locks: upload intakes per second on PostgreSQL, the global write lock against per-account locks.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { renderThumbnail } from '../engine/thumbnail/render.js';
import { detectFormat } from '../engine/formats/detect.js';
import * as fx from '../test/helpers/fixtures.js';
import { REPO_ROOT, startServerProcess, upload, waitTerminal } from '../test/helpers/server.js';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { benchAnalysisMemory } from './analysis.js';
import { benchPdf } from './pdf.js';
import { benchAccentOcr, benchOcr } from './ocr.js';
import { benchIdle } from './idle.js';
import { benchScanned } from './scanned.js';
import { benchRenderer } from './renderer.js';
import { benchExtraction } from './extraction.js';
import { benchEnergy } from './energy.js';
import { benchValidation } from './validation.js';
import { benchEinvoice } from './einvoice.js';
import { benchReview } from './review.js';
import { benchEnergyReview } from './energy-review.js';
import { benchImport } from './import.js';
import { benchBlobs } from './blobs.js';
import { benchTeam } from './team.js';
import { benchLocks } from './locks.js';
import { closeAllPdfs } from '../engine/formats/pdf/index.js';
import { median, printTable } from './table.js';
import { samplesRoot } from '../test/helpers/samples.js';


function which(cmd: string): string | null {
  for (const dir of ['/usr/bin', '/usr/local/bin', '/bin']) {
    const p = join(dir, cmd);
    // /usr/local/bin/convert on some sandboxes is a shim; the Debian binary lives in /usr/bin.
    if (existsSync(p) && !(cmd === 'convert' && dir === '/usr/local/bin')) return p;
  }
  return null;
}

interface LoadResult {
  rps: number;
  p99: number;
  errors: number;
  /** Requests answered in the run. */
  requests: number;
}

/** CPU time (user + system, ms) a process has used so far; null where /proc is missing. */
function cpuMs(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in USER_HZ (100)
  } catch {
    return null;
  }
}

/** One load run and the server's CPU time per answered request (µs): contention on a shared machine barely moves it. */
async function loadWithCpu(url: string, auth: string | null, seconds: number, pid: number | undefined): Promise<LoadResult & { cpuUs: number | null }> {
  const before = cpuMs(pid);
  const result = await load(url, auth, seconds);
  const after = cpuMs(pid);
  return { ...result, cpuUs: before === null || after === null || result.requests === 0 ? null : ((after - before) * 1000) / result.requests };
}

async function load(url: string, auth: string | null, seconds: number): Promise<LoadResult> {
  const wrk = which('wrk');
  if (wrk) {
    const args = ['-t1', '-c16', `-d${seconds}s`, '--latency', ...(auth ? ['-H', `Authorization: ${auth}`] : []), url];
    const out = spawnSync(wrk, args, { encoding: 'utf8' }).stdout;
    const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
    const p99m = /99%\s+([\d.]+)(us|ms|s)/.exec(out);
    const p99 = p99m ? Number(p99m[1]) * (p99m[2] === 'us' ? 0.001 : p99m[2] === 's' ? 1000 : 1) : NaN;
    const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
    const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
    return { rps, p99, errors: non2xx, requests };
  }
  const res = spawnSync(process.execPath, [join(REPO_ROOT, 'dist', 'bench', 'load.js'), url, '16', String(seconds), auth ?? ''], { encoding: 'utf8' });
  return JSON.parse(res.stdout) as LoadResult;
}

async function benchApi(): Promise<void> {
  // Raw route performance: the rate limiter would (correctly) answer 429 to this load.
  const server = await startServerProcess({ env: { DOCDESK_RATE_LIMITS: 'off' } });
  const bare = spawn(process.execPath, [join(REPO_ROOT, 'dist', 'bench', 'bare-server.js'), '{}'], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const dir = mkdtempSync(join(tmpdir(), 'docdesk-bench-'));
    const pdf = await fx.makePdf(dir, { pages: 1, text: 'Rechnung 2026-001' });
    const { readFile } = await import('node:fs/promises');
    const res = await upload(server.url, { token: server.appToken, file: { name: 'invoice.pdf', data: await readFile(pdf) }, fields: { processing_mode: 'thumbnail' } });
    const id = ((await res.json()) as any).data.id as number;
    await waitTerminal(server.url, server.appToken, id);
    const docUrl = `${server.url}/api/v1/documents/${id}`;
    const body = await (await fetch(docUrl, { headers: { Authorization: `Bearer ${server.appToken}` } })).text();
    bare.kill();
    const bare2 = spawn(process.execPath, [join(REPO_ROOT, 'dist', 'bench', 'bare-server.js'), body], { stdio: ['ignore', 'pipe', 'inherit'] });
    const port = await new Promise<string>((r) => createInterface({ input: bare2.stdout! }).once('line', r));
    const seconds = Number(process.env.BENCH_SECONDS ?? 5);
    const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
    // Warm both, then alternate so that both see the same machine load; medians of the runs.
    await load(`http://127.0.0.1:${port}/bare`, null, 1);
    await load(docUrl, `Bearer ${server.appToken}`, 1);
    const bareRuns: Array<LoadResult & { cpuUs: number | null }> = [];
    const realRuns: Array<LoadResult & { cpuUs: number | null }> = [];
    for (let i = 0; i < runs; i++) {
      bareRuns.push(await loadWithCpu(`http://127.0.0.1:${port}/bare`, null, seconds, bare2.pid));
      realRuns.push(await loadWithCpu(docUrl, `Bearer ${server.appToken}`, seconds, server.proc.pid));
    }
    bare2.kill();
    rmSync(dir, { recursive: true, force: true });
    const cpu = (rs: typeof bareRuns) => (rs.every((r) => r.cpuUs !== null) ? median(rs.map((r) => r.cpuUs!)) : null);
    const med = (rs: typeof bareRuns) => ({ rps: median(rs.map((r) => r.rps)), p99: median(rs.map((r) => r.p99)), errors: rs.reduce((a, r) => a + r.errors, 0), cpuUs: cpu(rs) });
    const bareResult = med(bareRuns);
    const real = med(realRuns);
    const ratio = real.rps / bareResult.rps;
    const p99Ratio = bareResult.p99 / real.p99;
    // Requests/s on a shared machine follow the scheduler; CPU per request barely does.
    const cpuRatio = bareResult.cpuUs && real.cpuUs ? `${((bareResult.cpuUs / real.cpuUs) * 100).toFixed(0)} %` : '-';
    printTable(
      `API read throughput (${which('wrk') ? 'wrk' : 'node load generator'}, 16 connections, median of ${runs} × ${seconds} s, same payload of ${body.length} bytes)`,
      ['endpoint', 'requests/s', 'p99 ms', 'errors', 'server CPU µs/request', '% of bare (CPU)', '% of bare (req/s)', '% of bare (p99)', 'target ≥ 50 %'],
      [
        ['bare Fastify route', bareResult.rps.toFixed(0), bareResult.p99.toFixed(2), String(bareResult.errors), bareResult.cpuUs?.toFixed(0) ?? '-', '100 %', '100 %', '100 %', ''],
        ['GET /api/v1/documents/{id}', real.rps.toFixed(0), real.p99.toFixed(2), String(real.errors), real.cpuUs?.toFixed(0) ?? '-', cpuRatio, `${(ratio * 100).toFixed(0)} %`, `${(p99Ratio * 100).toFixed(0)} %`, ratio >= 0.5 && p99Ratio >= 0.5 ? 'met' : 'MISSED'],
      ],
    );
    console.log(`Per run (bare / docdesk requests/s): ${bareRuns.map((b, i) => `${b.rps.toFixed(0)} / ${realRuns[i]!.rps.toFixed(0)}`).join(', ')}`);
  } finally {
    bare.kill();
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

async function sequentialP50(n: number, fn: () => Promise<Response>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const res = await fn();
    await res.arrayBuffer();
    if (res.status >= 300) throw new Error(`unexpected ${res.status} during the latency run`);
    times.push(performance.now() - t);
  }
  return median(times);
}

/** What the account layer (rate limits, their counters, credit checks) adds per request. */
async function benchAccountLayer(): Promise<void> {
  const off = await startServerProcess({ env: { DOCDESK_RATE_LIMITS: 'off' } });
  const on = await startServerProcess();
  const bare = spawn(process.execPath, [join(REPO_ROOT, 'dist', 'bench', 'bare-server.js'), '{}'], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const port = await new Promise<string>((r) => createInterface({ input: bare.stdout! }).once('line', r));
    const image = await fx.makePng(mkdtempSync(join(tmpdir(), 'docdesk-bench-acc-')));
    const { readFile } = await import('node:fs/promises');
    const data = await readFile(image);
    const rows: string[][] = [];
    const measure = async (s: typeof on) => {
      const res = await upload(s.url, { token: s.appToken, file: { name: 'a.png', data }, fields: { processing_mode: 'thumbnail' } });
      const id = ((await res.json()) as any).data.id as number;
      await waitTerminal(s.url, s.appToken, id);
      const read = await sequentialP50(400, () => fetch(`${s.url}/api/v1/documents/${id}`, { headers: { Authorization: `Bearer ${s.appToken}` } }));
      const up = await sequentialP50(60, () => upload(s.url, { token: s.appToken, file: { name: 'a.png', data }, fields: { processing_mode: 'thumbnail' } }));
      return { read, up };
    };
    const bareRead = await sequentialP50(400, () => fetch(`http://127.0.0.1:${port}/bare`));
    const a = await measure(off);
    const b = await measure(on);
    rows.push(['GET /api/v1/documents/{id}', bareRead.toFixed(2), a.read.toFixed(2), b.read.toFixed(2), (b.read - a.read).toFixed(2), b.read - a.read < 1 ? 'met' : 'MISSED']);
    rows.push(['POST /api/v1/documents (thumbnail)', '-', a.up.toFixed(2), b.up.toFixed(2), (b.up - a.up).toFixed(2), b.up - a.up < 1 ? 'met' : 'MISSED']);
    printTable('Account layer overhead (sequential requests, p50 ms)', ['request', 'bare route', 'limits off', 'limits on', 'added', 'target < 1 ms'], rows);
  } finally {
    bare.kill();
    await off.stop();
    await on.stop();
    rmSync(off.dataDir, { recursive: true, force: true });
    rmSync(on.dataDir, { recursive: true, force: true });
  }
}

function timeProcess(cmd: string, args: string[], runs: number): number | null {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const r = spawnSync(cmd, args, { stdio: 'ignore', env: { ...process.env, OMP_THREAD_LIMIT: '1' } });
    if (r.status !== 0) return null;
    times.push(performance.now() - t);
  }
  return median(times);
}

async function benchThumbnails(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'docdesk-bench-thumb-'));
  const runs = Number(process.env.BENCH_RUNS ?? 9);
  const convert = which('convert') ?? which('magick');
  const pdftoppm = which('pdftoppm');
  const out = join(dir, 'out');
  const im = (input: string) => (convert ? { tool: 'ImageMagick convert', cmd: convert, args: [`${input}[0]`, '-auto-orient', '-thumbnail', '512x512', '-background', 'white', '-flatten', '-quality', '80', `${out}.jpg`] } : null);
  // The issue's targets: as fast as the native peer, video within 2× of one ffmpeg seek.
  const cases: Array<{ label: string; file: string; native: { tool: string; cmd: string; args: string[] } | null; maxRatio?: number }> = [];
  const pdf = await fx.makePdf(dir, { pages: 1, text: 'Rechnung Nr. 2026-001 über Lieferungen' });
  cases.push({ label: 'pdf (1 page)', file: pdf, native: pdftoppm ? { tool: 'pdftoppm', cmd: pdftoppm, args: ['-jpeg', '-jpegopt', 'quality=80', '-scale-to', '512', '-f', '1', '-l', '1', '-singlefile', pdf, out] } : null });
  // Real invoices (embedded fonts, images) when the shared samples are present.
  for (const sample of ['invoices/AmazonWebServices.pdf', 'energy/energy-7-0001.pdf']) {
    const file = join(samplesRoot(), sample);
    if (existsSync(file)) cases.push({ label: `pdf (sample ${sample.split('/')[1]})`, file, native: pdftoppm ? { tool: 'pdftoppm', cmd: pdftoppm, args: ['-jpeg', '-jpegopt', 'quality=80', '-scale-to', '512', '-f', '1', '-l', '1', '-singlefile', file, out] } : null });
  }
  const pdf20 = await fx.makePdf(dir, { pages: 20, text: 'Zwanzig Seiten', name: 'twenty.pdf' });
  cases.push({ label: 'pdf (20 pages)', file: pdf20, native: pdftoppm ? { tool: 'pdftoppm', cmd: pdftoppm, args: ['-jpeg', '-jpegopt', 'quality=80', '-scale-to', '512', '-f', '1', '-l', '1', '-singlefile', pdf20, out] } : null });
  for (const [label, file] of [
    ['jpg (EXIF 6)', await fx.makeJpeg(dir, { orientation: 6 })],
    ['png', await fx.makePng(dir)],
    ['tiff (3 pages)', await fx.makeTiff(dir, { pages: 3 })],
    ['webp', await fx.makeWebp(dir)],
    ['gif', await fx.makeGif(dir)],
    ['bmp', await fx.makeBmp(dir)],
  ] as const) cases.push({ label, file, native: im(file) });
  const docx = await fx.makeDocx(dir, { heading: 'Angebot', paragraphs: ['Sehr geehrte Damen und Herren, anbei unser Angebot über 12 Positionen.', 'Mit freundlichen Grüßen'], table: [['Pos', 'Artikel', 'Preis'], ['1', 'Wartung', '120,00 €']] });
  cases.push({ label: 'docx', file: docx, native: null });
  cases.push({ label: 'eml (PDF attached)', file: await fx.makeEml(dir, { attachPdf: true }), native: null });
  cases.push({ label: 'msg', file: await fx.makeMsg(dir), native: null });
  const xml = await fx.makeXml(dir, { kind: 'ubl' });
  cases.push({ label: 'xml', file: xml, native: null });
  const video = await fx.makeVideo(dir, { blackFirstSeconds: 1 });
  cases.push({ label: 'video (mp4)', file: video, native: { tool: 'ffmpeg (npm binary)', cmd: ffmpeg.path, args: ['-v', 'error', '-y', '-ss', '1.5', '-i', video, '-frames:v', '1', '-vf', 'scale=512:-2', `${out}.jpg`] }, maxRatio: 2 });

  const rows: string[][] = [];
  for (const c of cases) {
    const detection = await detectFormat(c.file);
    const format = detection.format!;
    await renderThumbnail(c.file, format); // warm (module loads, fonts)
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      // Parse every time, as a native tool does: the engine's open-document cache would
      // otherwise skip the parsing on repeated runs of one file.
      await closeAllPdfs();
      const t = performance.now();
      await renderThumbnail(c.file, format);
      times.push(performance.now() - t);
    }
    const ours = median(times);
    const native = c.native ? timeProcess(c.native.cmd, c.native.args, runs) : null;
    rows.push([
      c.label,
      ours.toFixed(1),
      c.native ? c.native.tool : 'no native peer',
      native === null ? (c.native ? 'failed' : '-') : native.toFixed(1),
      native === null ? '-' : `${(ours / native).toFixed(2)}×`,
      native === null ? '-' : `≤ ${(c.maxRatio ?? 1).toFixed(1)}×: ${ours <= native * (c.maxRatio ?? 1) ? 'met' : 'MISSED'}`,
    ]);
  }
  rmSync(dir, { recursive: true, force: true });
  printTable(`Thumbnail median time per format (ms; ${runs} runs; Docdesk warm in-process vs native whole process)`, ['format', 'docdesk ms', 'native peer', 'native ms', 'ratio', 'target'], rows);
  if (!pdftoppm || !convert) console.log('\nMissing peers: install poppler-utils and imagemagick from Debian to compare every format.');
}

const only = process.env.BENCH_ONLY;
if (!only || only === 'api') await benchApi();
if (!only || only === 'account') await benchAccountLayer();
if (!only || only === 'thumbnails') await benchThumbnails();
if (!only || only === 'pdf') await benchPdf();
if (!only || only === 'ocr') {
  await benchOcr();
  await benchAccentOcr();
}
if (!only || only === 'renderer') await benchRenderer();
if (!only || only === 'extraction') await benchExtraction();
if (!only || only === 'energy') await benchEnergy();
if (!only || only === 'validation') await benchValidation();
if (!only || only === 'einvoice') await benchEinvoice();
if (!only || only === 'idle') await benchIdle();
if (!only || only === 'scanned') await benchScanned();
if (!only || only === 'review') await benchReview();
if (!only || only === 'energy-review') await benchEnergyReview();
if (!only || only === 'import') await benchImport();
if (!only || only === 'blobs') await benchBlobs();
if (!only || only === 'team') await benchTeam();
if (!only || only === 'locks') await benchLocks();
if (!only || only === 'memory') {
  const m = await benchAnalysisMemory();
  const gib = m.peakBytes / 1024 ** 3;
  printTable(`Analysis of a ${m.pages}-page scanned PDF (engine + worker processes)`, ['pages', 'status', 'seconds', 's/page', 'peak RSS GiB', 'target < 1.5 GiB'], [
    [String(m.pages), m.status, m.seconds.toFixed(1), (m.seconds / m.pages).toFixed(2), gib.toFixed(2), gib < 1.5 ? 'met' : 'MISSED'],
  ]);
}
process.exit(0);
