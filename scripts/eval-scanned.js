#!/usr/bin/env node
// `npm run eval:scanned`: how well the pipeline reads scans, page by page, the way analysis
// mode does (processPdfPage, then ocrPdfPage: page image, OCR, preview). Generated bills
// (test/helpers/energy-bills, seed EVAL_SCANNED_SEED, default 303 — never tuned on) are
// degraded into image-only scans at 200 dpi; each scanned page is compared with the text
// layer of its native twin:
//  - CER: Levenshtein distance / native length after both texts are regrouped into visual
//    rows (recognition, not reading order);
//  - word precision / recall / F1 over the bags of words (NFKC, case kept).
// Also prints the CPU seconds of the page work per page (this process and its OCR thread).
// Environment: EVAL_SCANNED_DOCS (default 4 documents), EVAL_SCANNED_SEED.
import { existsSync, mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dist = new URL('../dist/', import.meta.url);
if (!existsSync(new URL('engine/pipeline/page-work.js', dist))) {
  console.error('eval:scanned needs the compiled engine: run `npm run build` first.');
  process.exit(1);
}
const { processPdfPage, ocrPdfPage } = await import(new URL('engine/pipeline/page-work.js', dist).href);
const { terminateOcr } = await import(new URL('engine/ocr/index.js', dist).href);
const { generateSet } = await import(new URL('test/helpers/energy-bills/index.js', dist).href);
const s = await import(new URL('bench/ocr-samples.js', dist).href);
if (!s.which('pdftotext')) {
  console.log('eval:scanned skipped: needs pdftotext (Debian package poppler-utils).');
  process.exit(0);
}

const seed = Number(process.env.EVAL_SCANNED_SEED ?? 303);
const count = Number(process.env.EVAL_SCANNED_DOCS ?? 4);
const genDir = join(tmpdir(), 'docdesk-eval-scanned', `gen-${seed}-${count}`);
mkdirSync(genDir, { recursive: true });
const docs = await generateSet(genDir, { seed, count, scannedRatio: 1 });
const previews = mkdtempSync(join(tmpdir(), 'docdesk-eval-scanned-'));
const pct = (x) => `${(x * 100).toFixed(2)} %`;

function bag(text) {
  const m = new Map();
  for (const w of s.normalizeText(text).split(' ').filter(Boolean)) m.set(w, (m.get(w) ?? 0) + 1);
  return m;
}
function overlap(a, b) {
  let n = 0;
  for (const [w, c] of a) n += Math.min(c, b.get(w) ?? 0);
  return n;
}

const rows = [];
const total = { dist: 0, len: 0, tp: 0, truthWords: 0, ocrWords: 0, cpu: 0, pages: 0 };
try {
  for (const doc of docs) {
    const native = doc.pdf.replace(/\.pdf$/, '.native.pdf');
    const pages = s.pdfPageCount(doc.pdf);
    const d = { dist: 0, len: 0, tp: 0, truthWords: 0, ocrWords: 0, cpu: 0 };
    for (let p = 1; p <= pages; p++) {
      const before = process.cpuUsage();
      let r = await processPdfPage({ kind: 'pdf.page', path: doc.pdf, page: p, physical_page: p, component_ref: 'main', visual: true, preview_path: null });
      if (r.ocr_reason) r = await ocrPdfPage({ kind: 'pdf.ocr', path: doc.pdf, page: p, physical_page: p, component_ref: 'main', native: r, preview_path: join(previews, `${doc.id}-${p}.jpg`) });
      const used = process.cpuUsage(before);
      d.cpu += (used.user + used.system) / 1e6;
      const truthWords = s.nativeWords(native, p) ?? [];
      const c = s.cer(s.rowText(truthWords), s.rowText(r.page.words.map((w) => ({ text: w.text, ...w.bbox }))));
      d.dist += c.distance;
      d.len += c.length;
      const t = bag(truthWords.map((w) => w.text).join(' '));
      const o = bag(r.page.words.map((w) => w.text).join(' '));
      d.tp += overlap(t, o);
      d.truthWords += [...t.values()].reduce((a, b) => a + b, 0);
      d.ocrWords += [...o.values()].reduce((a, b) => a + b, 0);
    }
    const prec = d.tp / Math.max(1, d.ocrWords);
    const rec = d.tp / Math.max(1, d.truthWords);
    rows.push([doc.id, String(pages), pct(d.dist / Math.max(1, d.len)), prec.toFixed(3), rec.toFixed(3), ((2 * prec * rec) / Math.max(1e-9, prec + rec)).toFixed(3), (d.cpu / pages).toFixed(2)]);
    for (const k of Object.keys(d)) total[k] += d[k];
    total.pages += pages;
    process.stderr.write(`  ${doc.id}: CER ${rows[rows.length - 1][2]}\n`);
  }
  const prec = total.tp / Math.max(1, total.ocrWords);
  const rec = total.tp / Math.max(1, total.truthWords);
  rows.push([`overall (${docs.length} scans, seed ${seed})`, String(total.pages), pct(total.dist / Math.max(1, total.len)), prec.toFixed(3), rec.toFixed(3), ((2 * prec * rec) / Math.max(1e-9, prec + rec)).toFixed(3), (total.cpu / Math.max(1, total.pages)).toFixed(2)]);
  s.printTable('Scanned pages through the page work (200 dpi degraded twins) against their native text layer', ['document', 'pages', 'CER (rows)', 'word precision', 'word recall', 'word F1', 'CPU s/page'], rows);
} finally {
  rmSync(previews, { recursive: true, force: true });
  await terminateOcr();
}
