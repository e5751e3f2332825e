#!/usr/bin/env node
// Where a scanned page's OCR time goes (issue 16 item 5, fifth pass): for each page given as
// PDF:PAGE (default: three pages of the tuned scanned energy samples), CPU seconds of each
// step of the pipeline's OCR path, the tesseract recognitions ocrImage ran (orientation probes
// and retries count), and what they read: words, words with confidence < 30, one-character
// words. Variants: OCR_STAGES_VARIANTS=pipeline,own (`pipeline`: 300-dpi gray render as the pipeline
// does; `own`: the page drawn at the scan's own resolution, OCR_STAGES_SCAN_DPI, default 200,
// which PDFium draws pixel for pixel from the samples' 200-dpi JPEGs).
// Needs `npm run build`. CPU is process.cpuUsage (main thread + tesseract.js's worker thread).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const dist = new URL('../dist/', import.meta.url);
if (!existsSync(new URL('engine/ocr/index.js', dist))) {
  console.error('needs the compiled engine: run `npm run build` first.');
  process.exit(1);
}
const require = createRequire(import.meta.url);
// Count and time every recognition: ocrImage's worker comes from Tesseract.createWorker.
const Tesseract = require('tesseract.js');
const recognitions = [];
const create = Tesseract.createWorker;
Tesseract.createWorker = async (...args) => {
  const worker = await create(...args);
  const recognize = worker.recognize.bind(worker);
  worker.recognize = async (...a) => {
    const t = process.cpuUsage();
    const r = await recognize(...a);
    const words = (r.data.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words)));
    const c = process.cpuUsage(t);
    recognitions.push({ cpu: (c.user + c.system) / 1e6, words: words.length, low: words.filter((w) => w.confidence < 30).length, one: words.filter((w) => w.text.trim().length === 1).length });
    return r;
  };
  return worker;
};
const { ocrImage, terminateOcr } = await import(new URL('engine/ocr/index.js', dist).href);
const { rasterizePdfPage, readPdfPageText } = await import(new URL('engine/formats/pdf/index.js', dist).href);
const { samplesDir } = await import(new URL('bench/ocr-samples.js', dist).href);
const sharp = (await import('sharp')).default;

const samples = samplesDir();
if (!samples) {
  console.log('skipped: the shared samples are not there.');
  process.exit(0);
}
const pages = (process.argv.slice(2).length ? process.argv.slice(2) : ['energy-7-0010:1', 'energy-7-0014:2', 'energy-7-0021:2']).map((s) => {
  const [id, page] = s.split(':');
  return { id, pdf: id.endsWith('.pdf') ? id : join(samples, 'energy', `${id}.pdf`), page: Number(page ?? 1) };
});
const variants = (process.env.OCR_STAGES_VARIANTS ?? 'pipeline').split(',');
const cpu = async (fn) => {
  const t = process.cpuUsage();
  const value = await fn();
  const c = process.cpuUsage(t);
  return { value, s: (c.user + c.system) / 1e6 };
};
const f2 = (n) => n.toFixed(2);

// Warm the worker (model load is not page work).
await ocrImage(await sharp({ create: { width: 200, height: 100, channels: 3, background: '#ffffff' } }).png().toBuffer());
recognitions.length = 0;

for (const p of pages) {
  for (const variant of variants) {
    const text = await cpu(() => readPdfPageText(p.pdf, p.page));
    const dpi = variant === 'own' ? Number(process.env.OCR_STAGES_SCAN_DPI ?? 200) : 300;
    const raster = await cpu(() => rasterizePdfPage(p.pdf, p.page, { dpi, channels: 1 }));
    const png = await cpu(() => sharp(raster.value.data, { raw: { width: raster.value.widthPx, height: raster.value.heightPx, channels: 1 } }).toColourspace('b-w').png({ compressionLevel: 1, adaptiveFiltering: false }).toBuffer());
    recognitions.length = 0;
    const ocr = await cpu(() => ocrImage(png.value, { dpiHint: raster.value.dpi }));
    const rec = recognitions.reduce((a, r) => a + r.cpu, 0);
    const r = ocr.value;
    console.log(
      `${p.id} p${p.page} ${variant} ${raster.value.widthPx}x${raster.value.heightPx}@${raster.value.dpi}: text ${f2(text.s)} draw ${f2(raster.s)} png ${f2(png.s)} ocrImage ${f2(ocr.s)} (recognize ${f2(rec)} ×${recognitions.length}: ${recognitions.map((x) => `${x.words}w/${x.low}<30/${x.one}one`).join(', ')}; prep ${f2(ocr.s - rec)}) → ${r.words.length} words conf ${r.mean_confidence} rot ${r.rotation_applied} skew ${r.skew_degrees}`,
    );
  }
}
await terminateOcr();
