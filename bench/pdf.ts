// PDF reader speed on the real sample PDFs (DOCDESK_SAMPLES, else ../shared/samples), as markdown tables:
//  1. native text: pages per second of readPdfPageText (text, reading order, OCR decision)
//     against Debian's pdftotext, whole-process time, same files (target ≥ 0.5×);
//  2. rendering at 150 DPI: time per page of renderPdfPage against `pdftoppm -r 150`.
// Ours runs in this process with pdf.js loaded and the document cache as a worker uses
// them; the tools run as processes, one per file (text) or per page (rendering).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeAllPdfs, readPdfInfo, readPdfPageText, renderPdfPage } from '../engine/formats/pdf/index.js';
import { median, printTable } from './table.js';
import { samplesRoot } from '../test/helpers/samples.js';

const SAMPLES = samplesRoot();
const PDFTOTEXT = '/usr/bin/pdftotext';
const PDFTOPPM = '/usr/bin/pdftoppm';
const ROUNDS = Number(process.env.BENCH_PDF_ROUNDS ?? 3);


interface Sample {
  path: string;
  pages: number;
}

/** Invoices and the energy bills that are not scans, with their page counts. */
async function nativeSamples(): Promise<Sample[]> {
  const paths: string[] = [];
  const invoices = join(SAMPLES, 'invoices');
  if (existsSync(invoices)) paths.push(...readdirSync(invoices).filter((f) => f.endsWith('.pdf')).sort().map((f) => join(invoices, f)));
  const energyIndex = join(SAMPLES, 'energy', 'index.json');
  if (existsSync(energyIndex)) {
    const docs = (JSON.parse(readFileSync(energyIndex, 'utf8')) as { documents: Array<{ pdf: string; scanned: boolean }> }).documents;
    paths.push(...docs.filter((d) => !d.scanned).map((d) => join(SAMPLES, 'energy', d.pdf)));
  }
  const out: Sample[] = [];
  for (const path of paths) out.push({ path, pages: (await readPdfInfo(path)).pageCount });
  await closeAllPdfs();
  return out;
}

async function oursText(samples: Sample[]): Promise<number> {
  const t = performance.now();
  for (const s of samples) {
    await readPdfInfo(s.path);
    for (let p = 1; p <= s.pages; p++) await readPdfPageText(s.path, p);
  }
  const ms = performance.now() - t;
  await closeAllPdfs();
  return ms;
}

function pdftotextTime(samples: Sample[]): number | null {
  const t = performance.now();
  for (const s of samples) {
    const r = spawnSync(PDFTOTEXT, [s.path, '-'], { stdio: ['ignore', 'ignore', 'ignore'] });
    if (r.status !== 0) return null;
  }
  return performance.now() - t;
}

async function benchText(samples: Sample[]): Promise<void> {
  const pages = samples.reduce((n, s) => n + s.pages, 0);
  // Warm: pdf.js loaded and compiled, as in a running worker.
  await readPdfPageText(samples[0]!.path, 1);
  await closeAllPdfs();
  const ours: number[] = [];
  const tool: number[] = [];
  let toolMissing = !existsSync(PDFTOTEXT);
  for (let round = 0; round < ROUNDS; round++) {
    ours.push(await oursText(samples));
    if (!toolMissing) {
      const ms = pdftotextTime(samples);
      if (ms === null) toolMissing = true;
      else tool.push(ms);
    }
  }
  const oursPps = (pages * 1000) / median(ours);
  const rows = [['readPdfPageText (pdf.js, in process)', String(pages), median(ours).toFixed(0), (median(ours) / pages).toFixed(1), oursPps.toFixed(1), '', '']];
  if (!toolMissing) {
    const toolPps = (pages * 1000) / median(tool);
    const ratio = oursPps / toolPps;
    rows.push([`pdftotext (${samples.length} processes)`, String(pages), median(tool).toFixed(0), (median(tool) / pages).toFixed(1), toolPps.toFixed(1), '', '']);
    rows[0]![5] = `${ratio.toFixed(2)}×`;
    rows[0]![6] = ratio >= 0.5 ? 'met' : 'MISSED';
  } else rows.push(['pdftotext', '-', '-', '-', 'not installed', '', '']);
  printTable(
    `PDF native text: ${samples.length} sample PDFs (invoices + non-scanned energy bills), median of ${ROUNDS} rounds`,
    ['reader', 'pages', 'total ms', 'ms/page', 'pages/s', 'vs pdftotext', 'target ≥ 0.5×'],
    rows,
  );
}

async function benchRender(samples: Sample[]): Promise<void> {
  // Every page of the invoices, the first page of each energy bill (scans included: their
  // pages are the ones OCR renders).
  const targets: Array<{ path: string; page: number }> = [];
  for (const s of samples.filter((x) => x.path.includes('/invoices/'))) for (let p = 1; p <= s.pages; p++) targets.push({ path: s.path, page: p });
  const energyDir = join(SAMPLES, 'energy');
  if (existsSync(energyDir)) for (const f of readdirSync(energyDir).filter((x) => x.endsWith('.pdf')).sort()) targets.push({ path: join(energyDir, f), page: 1 });
  if (targets.length === 0) return;
  await renderPdfPage(targets[0]!.path, 1, { dpi: 150, format: 'png' }); // warm
  const png: number[] = [];
  const jpeg: number[] = [];
  const ppm: number[] = [];
  const ppmPng: number[] = [];
  const out = mkdtempSync(join(tmpdir(), 'docdesk-bench-pdf-'));
  const haveTool = existsSync(PDFTOPPM);
  try {
    for (const t of targets) {
      let start = performance.now();
      await renderPdfPage(t.path, t.page, { dpi: 150, format: 'png' });
      png.push(performance.now() - start);
      start = performance.now();
      await renderPdfPage(t.path, t.page, { dpi: 150, format: 'jpeg' });
      jpeg.push(performance.now() - start);
      if (haveTool) {
        const page = String(t.page);
        start = performance.now();
        spawnSync(PDFTOPPM, ['-r', '150', '-f', page, '-l', page, t.path, join(out, 'p')], { stdio: 'ignore' });
        ppm.push(performance.now() - start);
        start = performance.now();
        spawnSync(PDFTOPPM, ['-png', '-r', '150', '-f', page, '-l', page, t.path, join(out, 'q')], { stdio: 'ignore' });
        ppmPng.push(performance.now() - start);
      }
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
    await closeAllPdfs();
  }
  const ref = haveTool ? median(ppm) : NaN;
  const row = (name: string, xs: number[]) => [name, String(xs.length), median(xs).toFixed(1), Math.max(...xs).toFixed(1), haveTool ? `${(median(xs) / ref).toFixed(2)}×` : '-'];
  const rows = [row('renderPdfPage → PNG (sharp)', png), row('renderPdfPage → JPEG q85 (sharp)', jpeg)];
  if (haveTool) rows.push(row('pdftoppm -r 150 (PPM, 1 process/page)', ppm), row('pdftoppm -png -r 150 (1 process/page)', ppmPng));
  else rows.push(['pdftoppm', '-', '-', '-', 'not installed']);
  printTable('PDF page rendering at 150 DPI (ms per page; time relative to pdftoppm -r 150, lower is faster)', ['renderer', 'pages', 'median ms', 'max ms', 'vs pdftoppm'], rows);
}

export async function benchPdf(): Promise<void> {
  if (!existsSync(SAMPLES)) {
    console.log(`\nPDF benchmarks skipped: ${SAMPLES} is absent on this machine.`);
    return;
  }
  const samples = await nativeSamples();
  if (samples.length === 0) {
    console.log('\nPDF benchmarks skipped: no sample PDFs found.');
    return;
  }
  await benchText(samples);
  await benchRender(samples);
}
