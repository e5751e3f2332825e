#!/usr/bin/env node
// Where a scanned page's CPU goes in the page work (issue 16 item 5): for each page given as
// PDF:PAGE (default: four pages of the TUNED scanned energy samples), CPU seconds of each stage
// of the pipeline's OCR path, for two ways of getting the page image, alternated page by page
// in one process so load bursts hit both:
//  - `drawn`: pdf.js text-layer pass, PDFium draws the page at 300 dpi in gray, PNG hand-over,
//    ocrImage, preview drawn again by PDFium at 150 dpi (the path of every page that is not
//    one scan);
//  - `scan`: PDFium's object check (readPageScan) instead of the text-layer pass, the same
//    300-dpi gray drawing handed over raw, ocrImage, a gray scan's preview made from that
//    drawing (the path of a page that is one scanned picture).
// Inside ocrImage: `prep` (decode/analysis/deskew/crop: ocrImage minus recognitions), `fast`
// (fast-model page passes), `best` (best_int: the re-read of stacked unsure runs, or the whole
// page for a poor scan). Also what the recognitions read: words, words with confidence < 30.
// Per fast pass: its words and characters by re-read rule (engine/ocr/reread.ts rereadReason).
// DOCDESK_OCR_REREAD="key=value,…" overrides the re-read numbers (REREAD) for a variant.
// The page work's totals come from the real functions too: processPdfPage + ocrPdfPage.
// Variants: OCR_STAGES_VARIANTS=drawn,scan (default both). Needs `npm run build`.
// CPU is process.cpuUsage (main thread + libvips threads + tesseract.js's worker threads).
import { existsSync, mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dist = new URL('../dist/', import.meta.url);
if (!existsSync(new URL('engine/ocr/index.js', dist))) {
  console.error('needs the compiled engine: run `npm run build` first.');
  process.exit(1);
}
const require = createRequire(import.meta.url);
// Count and time every recognition, by model: ocrImage's workers come from Tesseract.createWorker,
// one per model, each with its own language folder linking that model's file.
const Tesseract = require('tesseract.js');
const recognitions = [];
const create = Tesseract.createWorker;
Tesseract.createWorker = async (...args) => {
  const langPath = args[2]?.langPath ?? '';
  const model = readdirSync(langPath).some((f) => /fast/.test(realpathSync(join(langPath, f)))) ? 'fast' : 'best';
  const worker = await create(...args);
  const recognize = worker.recognize.bind(worker);
  worker.recognize = async (...a) => {
    const t = process.cpuUsage();
    const r = await recognize(...a);
    const words = (r.data.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words)));
    const c = process.cpuUsage(t);
    recognitions.push({ model, cpu: (c.user + c.system) / 1e6, words: words.length, low: words.filter((w) => w.confidence < 30).length, rules: model === 'fast' ? rereadRules((r.data.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines))) : null });
    return r;
  };
  return worker;
};
const { ocrImage, terminateOcr } = await import(new URL('engine/ocr/index.js', dist).href);
const { rereadReason } = await import(new URL('engine/ocr/reread.js', dist).href);
// Which re-read rule a fast-pass word falls under (reread.ts' `uncertain` rules, first that
// applies), words and characters per rule; `lineSure`: of the re-read words, those in a line
// whose length-weighted mean confidence is ≥ 90 (a candidate for skipping).
function rereadRules(lines) {
  const out = { all: [0, 0], low: [0, 0], digit: [0, 0], odd: [0, 0], lineSure: [0, 0] };
  for (const line of lines) {
    const lw = (line.words ?? []).filter((x) => x.text.trim());
    const len = lw.reduce((s, x) => s + x.text.length, 0);
    const mean = len ? lw.reduce((s, x) => s + x.confidence * x.text.length, 0) / len : 0;
    for (const w of lw) {
      const n = w.text.trim().length;
      out.all[0]++;
      out.all[1] += n;
      const rule = rereadReason(w);
      if (!rule) continue;
      out[rule][0]++;
      out[rule][1] += n;
      if (mean >= 90) {
        out.lineSure[0]++;
        out.lineSure[1] += n;
      }
    }
  }
  return out;
}
const { fitDpi, pixelSize, MAX_PAGE_PIXELS, rasterizePdfPage, readPageScan, readPdfPageText } = await import(new URL('engine/formats/pdf/index.js', dist).href);
const { processPdfPage, ocrPdfPage, OCR_DPI } = await import(new URL('engine/pipeline/page-work.js', dist).href);
const { samplesDir } = await import(new URL('bench/ocr-samples.js', dist).href);
const sharp = (await import('sharp')).default;

const samples = samplesDir();
if (!samples) {
  console.log('skipped: the shared samples are not there.');
  process.exit(0);
}
const pages = (process.argv.slice(2).length ? process.argv.slice(2) : ['energy-7-0010:1', 'energy-7-0010:2', 'energy-7-0014:2', 'energy-7-0021:2']).map((s) => {
  const [id, page] = s.split(':');
  return { id, pdf: id.endsWith('.pdf') ? id : join(samples, 'energy', `${id}.pdf`), page: Number(page ?? 1) };
});
const variants = (process.env.OCR_STAGES_VARIANTS ?? 'drawn,scan').split(',');
const cpu = async (fn) => {
  const t = process.cpuUsage();
  const value = await fn();
  const c = process.cpuUsage(t);
  return { value, s: (c.user + c.system) / 1e6 };
};
const f2 = (n) => n.toFixed(2);
const previews = mkdtempSync(join(tmpdir(), 'docdesk-stages-'));

/** A 150-dpi preview JPEG and the blank check, from raw pixels (as page-work's writePreview). */
async function preview(raw, size) {
  const img = () => sharp(raw.data, { raw: { width: raw.widthPx, height: raw.heightPx, channels: raw.channels } });
  const r = size ? { width: size.widthPx, height: size.heightPx, fit: 'fill' } : { width: 1240, withoutEnlargement: true };
  await img().flatten({ background: '#ffffff' }).resize(r).jpeg({ quality: 80, mozjpeg: false }).toBuffer();
  await img().greyscale().resize({ width: 200, withoutEnlargement: true }).stats();
}

async function drawn(p) {
  const text = await cpu(() => readPdfPageText(p.pdf, p.page));
  const draw = await cpu(() => rasterizePdfPage(p.pdf, p.page, { dpi: OCR_DPI, channels: 1 }));
  const r = draw.value;
  const hand = await cpu(() => sharp(r.data, { raw: { width: r.widthPx, height: r.heightPx, channels: 1 } }).toColourspace('b-w').png({ compressionLevel: 1, adaptiveFiltering: false }).toBuffer());
  const input = { image: hand.value, options: { dpiHint: r.dpi } };
  const prev = async () => preview(await rasterizePdfPage(p.pdf, p.page, { dpi: 150, channels: 4, maxWidthPx: 1240 }));
  return { text: text.s, image: draw.s, hand: hand.s, input, prev };
}

async function scan(p) {
  const check = await cpu(() => readPageScan(p.pdf, p.page));
  if (!check.value) return null;
  const s = check.value;
  const draw = await cpu(() => rasterizePdfPage(p.pdf, p.page, { dpi: OCR_DPI, channels: 1 }));
  const r = draw.value;
  const hand = await cpu(() => Buffer.from(r.data));
  const input = { image: hand.value, options: { dpiHint: r.dpi, gray: { width: r.widthPx, height: r.heightPx } } };
  const pdpi = fitDpi(s.widthPt, s.heightPt, Math.min(150, (1240 * 72) / s.widthPt), MAX_PAGE_PIXELS);
  // A gray scan's preview from the same drawing; an RGB scan's is drawn again.
  const prev = async () => (s.channels === 1 ? preview(r, pixelSize(s.widthPt, s.heightPt, pdpi)) : preview(await rasterizePdfPage(p.pdf, p.page, { dpi: 150, channels: 4, maxWidthPx: 1240 })));
  return { text: check.s, image: draw.s, hand: hand.s, input, prev };
}

// Warm the workers (model load is not page work): a tiny page, and one sample page per model.
await ocrImage(await sharp({ create: { width: 200, height: 100, channels: 3, background: '#ffffff' } }).png().toBuffer(), { recognition: 'best' });
await ocrImage(await sharp({ create: { width: 200, height: 100, channels: 3, background: '#ffffff' } }).png().toBuffer(), { recognition: 'fast' });

const sums = new Map();
const add = (variant, row) => {
  const s = sums.get(variant) ?? {};
  for (const [k, v] of Object.entries(row)) s[k] = (s[k] ?? 0) + v;
  sums.set(variant, s);
};
try {
  for (const p of pages) {
    for (const variant of variants) {
      const steps = variant === 'scan' ? await scan(p) : await drawn(p);
      if (!steps) {
        console.log(`${p.id} p${p.page} ${variant}: not one scanned image (drawn path applies)`);
        continue;
      }
      recognitions.length = 0;
      const ocr = await cpu(() => ocrImage(steps.input.image, steps.input.options));
      const fast = recognitions.filter((x) => x.model === 'fast').reduce((a, x) => a + x.cpu, 0);
      const best = recognitions.filter((x) => x.model === 'best').reduce((a, x) => a + x.cpu, 0);
      const prev = await cpu(steps.prev);
      const row = { text: steps.text, image: steps.image, hand: steps.hand, prep: ocr.s - fast - best, fast, best, preview: prev.s };
      for (const x of recognitions.filter((x) => x.rules)) {
        console.log(`  re-read rules (fast pass, words/chars): ${Object.entries(x.rules).map(([k, v]) => `${k} ${v[0]}/${v[1]}`).join(' ')}`);
        for (const [k, v] of Object.entries(x.rules)) add(`rules ${k} (words, chars)`, { words: v[0], chars: v[1] });
      }
      row.total = Object.values(row).reduce((a, b) => a + b, 0);
      add(variant, row);
      const r = ocr.value;
      console.log(
        `${p.id} p${p.page} ${variant}: ${Object.entries(row).map(([k, v]) => `${k} ${f2(v)}`).join(' ')} | ${recognitions.map((x) => `${x.model} ${x.words}w/${x.low}<30`).join(', ')} → ${r.words.length} words conf ${r.mean_confidence}`,
      );
    }
    // The real page work (phase 1 + phase 2), as analysis mode runs it on this build.
    recognitions.length = 0;
    const work = await cpu(async () => {
      const task = { path: p.pdf, page: p.page, physical_page: p.page, component_ref: 'main' };
      const native = await processPdfPage({ kind: 'pdf.page', ...task, visual: true, preview_path: null });
      return native.ocr_reason ? ocrPdfPage({ kind: 'pdf.ocr', ...task, native, preview_path: join(previews, `${p.id}-${p.page}.jpg`) }) : native;
    });
    add('page work (this build)', { total: work.s });
    console.log(`${p.id} p${p.page} page work (processPdfPage + ocrPdfPage): ${f2(work.s)} → ${work.value.page.words.length} words conf ${work.value.ocr_confidence}`);
  }
  console.log(`\nsums over ${pages.length} pages (CPU s):`);
  for (const [variant, s] of sums) console.log(`  ${variant}: ${Object.entries(s).map(([k, v]) => `${k} ${f2(v)}`).join(' ')}`);
} finally {
  rmSync(previews, { recursive: true, force: true });
  await terminateOcr();
}
