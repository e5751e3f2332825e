// OCR speed: seconds per page of `ocrImage` (warm worker, in process) against the native
// `tesseract <img> - -l deu+eng` (whole process, OMP_THREAD_LIMIT=1), on the same 300 dpi
// page images of the scanned energy samples. Target: at most 1.5 × native.
// Run alone with `node dist/bench/ocr.js` (after a build); BENCH_OCR_MAX_PAGES caps the pages.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ocrImage, terminateOcr } from '../engine/ocr/index.js';
import { energySamples, pdfPageCount, renderPage, samplesDir, which } from './ocr-samples.js';
import { printTable } from './table.js';

const TARGET_RATIO = 1.5;

function nativeSeconds(tesseract: string, image: string): number | null {
  const t = performance.now();
  const r = spawnSync(tesseract, [image, '-', '-l', 'deu+eng'], { stdio: 'ignore', env: { ...process.env, OMP_THREAD_LIMIT: '1' } });
  if (r.status !== 0) return null;
  return (performance.now() - t) / 1000;
}

export async function benchOcr(): Promise<void> {
  const samples = samplesDir();
  if (!samples) {
    console.log('\nOCR benchmark skipped: the shared samples (shared/samples/energy) are not there.');
    return;
  }
  const docs = energySamples(samples).filter((d) => d.scanned);
  const maxPages = Number(process.env.BENCH_OCR_MAX_PAGES ?? Infinity);
  const dir = mkdtempSync(join(tmpdir(), 'docdesk-bench-ocr-'));
  const tesseract = which('tesseract');
  try {
    const pages: Array<{ label: string; image: string }> = [];
    for (const d of docs) {
      const count = pdfPageCount(d.pdf) || d.pages;
      for (let p = 1; p <= count && pages.length < maxPages; p++) pages.push({ label: `${d.id} p${p}`, image: await renderPage(d.pdf, p, 300, join(dir, `${d.id}-${p}`)) });
    }
    if (pages.length === 0) {
      console.log('\nOCR benchmark skipped: no scanned samples.');
      return;
    }
    // Warm: worker start, language data, WebAssembly tier-up.
    await ocrImage(readFileSync(pages[0]!.image));
    const rows: string[][] = [];
    let ours = 0;
    let native = 0;
    let nativeOk = tesseract !== null;
    for (const p of pages) {
      const data = readFileSync(p.image);
      const t = performance.now();
      const r = await ocrImage(data, { dpiHint: 300 });
      const s = (performance.now() - t) / 1000;
      ours += s;
      const n = tesseract ? nativeSeconds(tesseract, p.image) : null;
      if (n === null) nativeOk = false;
      else native += n;
      rows.push([p.label, s.toFixed(2), n === null ? (tesseract ? 'failed' : '-') : n.toFixed(2), n === null ? '-' : `${(s / n).toFixed(2)}×`, r.mean_confidence.toFixed(1), String(r.rotation_applied), r.skew_degrees.toFixed(1)]);
    }
    const perPage = ours / pages.length;
    const nativePerPage = native / pages.length;
    const ratio = nativeOk ? perPage / nativePerPage : null;
    rows.push([
      `mean of ${pages.length} pages`,
      perPage.toFixed(2),
      tesseract ? (nativeOk ? nativePerPage.toFixed(2) : 'failed') : 'native tesseract not installed',
      ratio === null ? '-' : `${ratio.toFixed(2)}× (target ≤ ${TARGET_RATIO}×: ${ratio <= TARGET_RATIO ? 'met' : 'MISSED'})`,
      '',
      '',
      '',
    ]);
    printTable(
      'OCR seconds per page (scanned energy samples at 300 dpi; Docdesk warm in-process vs native tesseract -l deu+eng, OMP_THREAD_LIMIT=1, whole process)',
      ['page', 'docdesk s', 'native s', 'ratio', 'mean conf', 'rotation', 'skew °'],
      rows,
    );
    if (!tesseract) console.log('\nnative tesseract not installed (Debian: apt-get install tesseract-ocr tesseract-ocr-deu)');
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await terminateOcr();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await benchOcr();
