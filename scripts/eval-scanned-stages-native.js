#!/usr/bin/env node
// Where the scanned batch's CPU goes on the native recognizer (issue 16, tenth pass): the
// bench's 10-page file (bench/scanned.ts: the scanned energy samples' pages in order), page by
// page, CPU seconds of each stage of the page work, and the page work itself (processPdfPage +
// ocrPdfPage, as analysis mode runs it). scripts/eval-scanned-stages.js counts tesseract.js's
// recognitions; this one counts the addon's (build/native/docdesk_ocr.node), by model and
// page segmentation: `fast`/`best` page reads (PSM 3), `psm6` the stacked re-read of unsure
// words and the recovery of dropped small print. `prep` is ocrImage minus its recognitions
// (decode, contrast, analysis, deskew, crop, and the re-read's and recovery's JS).
// STAGES_CALLS=1 also lists each page's recognitions in order (model/psm, image size, CPU s):
// after a fast page read, a PSM 6 read is the re-read of unsure words, then (when dropped ink
// is found) the recovery's; after a best_int page read only the recovery's. That prices the
// re-read against a whole-page best_int read (docs/decisions.md, eleventh pass).
// Needs `npm run build` with the addon built. CPU is process.cpuUsage (all threads).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dist = new URL('../dist/', import.meta.url);
const addonFile = new URL('../build/native/docdesk_ocr.node', import.meta.url).pathname;
if (!existsSync(new URL('engine/ocr/index.js', dist)) || !existsSync(addonFile)) {
  console.error('needs the compiled engine and the native addon: run `npm run build` first.');
  process.exit(1);
}
// Wrap the addon before engine/ocr/native.ts requires it (same module cache); libgomp reads
// its thread limit when it loads, as native.ts arranges.
process.env.OMP_THREAD_LIMIT ??= '1';
process.env.DOCDESK_OCR_BACKEND = 'native';
const require = createRequire(import.meta.url);
const addon = require(addonFile);
let calls = [];
const handles = [];
require.cache[require.resolve(addonFile)].exports = {
  version: addon.version,
  end: addon.end,
  init(...args) {
    const handle = addon.init(...args);
    handles.push(handle);
    return handle;
  },
  async recognize(handle, pixels, width, height, dpi, psm) {
    const t = process.cpuUsage();
    const r = await addon.recognize(handle, pixels, width, height, dpi, psm);
    const c = process.cpuUsage(t);
    calls.push({ model: handles.indexOf(handle) === 0 ? 'best' : 'fast', psm, cpu: (c.user + c.system) / 1e6, size: `${width}x${height}` });
    return r;
  },
};
const { ocrImage, terminateOcr } = await import(new URL('engine/ocr/index.js', dist).href);
const { rasterizePdfPage, readPageScan } = await import(new URL('engine/formats/pdf/index.js', dist).href);
const { processPdfPage, ocrPdfPage, OCR_DPI } = await import(new URL('engine/pipeline/page-work.js', dist).href);
const { energySamples, samplesDir } = await import(new URL('bench/ocr-samples.js', dist).href);
const sharp = (await import('sharp')).default;

const samples = samplesDir();
if (!samples) {
  console.log('skipped: the shared samples are not there.');
  process.exit(0);
}
const cpu = async (fn) => {
  const t = process.cpuUsage();
  const value = await fn();
  const c = process.cpuUsage(t);
  return { value, s: (c.user + c.system) / 1e6 };
};
const all = energySamples(samples).flatMap((d) => (d.scanned ? Array.from({ length: d.pages }, (_, i) => ({ id: d.id, pdf: d.pdf, page: i + 1 })) : []));
const pages = Array.from({ length: 10 }, (_, i) => all[i % all.length]);
// Warm both engines (model load is not page work): best first, so handles[0] is best_int.
const tiny = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#ffffff' } }).png().toBuffer();
await ocrImage(tiny, { recognition: 'best' });
await ocrImage(tiny, { recognition: 'fast' });

const previews = mkdtempSync(join(tmpdir(), 'docdesk-stages-native-'));
const sum = {};
const f2 = (n) => n.toFixed(2);
try {
  for (const [i, p] of pages.entries()) {
    const scan = await cpu(() => readPageScan(p.pdf, p.page));
    const draw = await cpu(() => rasterizePdfPage(p.pdf, p.page, { dpi: OCR_DPI, channels: 1 }));
    const r = draw.value;
    calls = [];
    const ocr = await cpu(() => ocrImage(Buffer.from(r.data), { dpiHint: r.dpi, gray: { width: r.widthPx, height: r.heightPx } }));
    const pageCalls = calls.slice();
    const by = (pred) => pageCalls.filter(pred).reduce((a, x) => a + x.cpu, 0);
    const fast = by((x) => x.model === 'fast' && x.psm === 3);
    const best = by((x) => x.model === 'best' && x.psm === 3);
    const psm6 = by((x) => x.psm === 6);
    const task = { path: p.pdf, page: p.page, physical_page: p.page, component_ref: 'main' };
    const work = await cpu(async () => {
      const native = await processPdfPage({ kind: 'pdf.page', ...task, visual: true, preview_path: null });
      return native.ocr_reason ? ocrPdfPage({ kind: 'pdf.ocr', ...task, native, preview_path: join(previews, `${i}.jpg`) }) : native;
    });
    const row = { scan: scan.s, draw: draw.s, prep: ocr.s - fast - best - psm6, fast, best, psm6, ocrImage: ocr.s, 'page work': work.s };
    for (const [k, v] of Object.entries(row)) sum[k] = (sum[k] ?? 0) + v;
    console.log(`${p.id} p${p.page}: ${Object.entries(row).map(([k, v]) => `${k} ${f2(v)}`).join(' ')} → ${work.value.page.words.length} words, conf ${work.value.ocr_confidence}`);
    if (process.env.STAGES_CALLS) console.log(`  recognitions: ${pageCalls.map((x) => `${x.model}/psm${x.psm} ${x.size} ${f2(x.cpu)}`).join('; ')}`);
  }
  console.log(`\nsum over ${pages.length} pages (CPU s): ${Object.entries(sum).map(([k, v]) => `${k} ${f2(v)}`).join(' ')}`);
} finally {
  rmSync(previews, { recursive: true, force: true });
  await terminateOcr();
}
