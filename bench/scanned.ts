// A scanned batch end to end: a 10-page image-only PDF (the scanned energy samples' pages,
// repeated) through analysis mode — upload to `completed`, OCR of every page on both worker
// processes — against `ocrmypdf --skip-text --jobs 2 -l deu` on the same file, both with all
// cores. Median of BENCH_RUNS (default 5) runs each. Target: Docdesk ≤ 1.0× OCRmyPDF.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess, upload, waitTerminal } from '../test/helpers/server.js';
import { energySamples, samplesDir, which } from './ocr-samples.js';
import { printTable } from './table.js';

const PAGES = 10;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Ten scanned pages: the image-only sample PDFs' pages in order, repeated (qpdf-free: pdfseparate/pdfunite). */
function tenScannedPages(dir: string, samples: string): string | null {
  const sep = which('pdfseparate');
  const unite = which('pdfunite');
  if (!sep || !unite) return null;
  const pages: string[] = [];
  for (const d of energySamples(samples).filter((s) => s.scanned)) {
    const pattern = join(dir, `${d.id}-%d.pdf`);
    if (spawnSync(sep, [d.pdf, pattern]).status !== 0) continue;
    for (let p = 1; p <= d.pages; p++) pages.push(join(dir, `${d.id}-${p}.pdf`));
  }
  if (pages.length === 0) return null;
  const picked = Array.from({ length: PAGES }, (_, i) => pages[i % pages.length]!);
  const out = join(dir, 'scanned-10.pdf');
  return spawnSync(unite, [...picked, out]).status === 0 ? out : null;
}

export async function benchScanned(): Promise<void> {
  const samples = samplesDir();
  if (!samples) return void console.log('\nScanned batch benchmark skipped: the shared samples are not there.');
  const dir = mkdtempSync(join(tmpdir(), 'docdesk-bench-scan-'));
  const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
  try {
    const pdf = tenScannedPages(dir, samples);
    if (!pdf) return void console.log('\nScanned batch benchmark skipped: needs pdfseparate/pdfunite (poppler-utils).');
    const data = readFileSync(pdf);
    const server = await startServerProcess({ concurrency: 2 });
    const ours: number[] = [];
    try {
      for (let i = 0; i < runs + 1; i++) {
        const t = performance.now();
        const res = await upload(server.url, { token: server.appToken, file: { name: 'scanned-10.pdf', data }, fields: { processing_mode: 'analysis' } });
        const id = ((await res.json()) as { data: { id: number } }).data.id;
        const doc = await waitTerminal(server.url, server.appToken, id, 30 * 60_000);
        if (doc.status !== 'completed') throw new Error(`analysis ended ${doc.status}`);
        if (i > 0) ours.push((performance.now() - t) / 1000); // the first run starts the workers
      }
    } finally {
      await server.stop();
      rmSync(server.dataDir, { recursive: true, force: true });
    }
    const ocrmypdf = which('ocrmypdf');
    const theirs: number[] = [];
    if (ocrmypdf) {
      for (let i = 0; i < runs; i++) {
        const t = performance.now();
        const r = spawnSync(ocrmypdf, ['--skip-text', '--jobs', '2', '-l', 'deu', '--output-type', 'pdf', '-q', pdf, join(dir, 'out.pdf')]);
        if (r.status !== 0) {
          writeFileSync(join(dir, 'ocrmypdf.log'), r.stderr);
          break;
        }
        theirs.push((performance.now() - t) / 1000);
      }
    }
    const a = median(ours);
    const b = theirs.length === runs ? median(theirs) : null;
    printTable(`Scanned ${PAGES}-page PDF, upload to completed in analysis mode vs OCRmyPDF (median of ${runs} runs, both with 2 cores)`, ['tool', 'seconds', 's/page', 'ratio', 'target'], [
      ['Docdesk analysis (2 workers, warm)', a.toFixed(1), (a / PAGES).toFixed(2), b ? `${(a / b).toFixed(2)}×` : '-', b ? `≤ 1.0×: ${a <= b ? 'met' : 'MISSED'}` : ''],
      ['ocrmypdf --skip-text --jobs 2 -l deu', b === null ? (ocrmypdf ? 'failed' : 'not installed') : b.toFixed(1), b === null ? '-' : (b / PAGES).toFixed(2), '', ''],
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
