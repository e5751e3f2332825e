#!/usr/bin/env node
// `npm run eval:text`: how well OCR reads, measured on the shared samples (compiled code
// from dist/, so run a build first).
//  1. Character error rate against native twins: every page of each energy sample with a text
//     layer and of each invoice sample is rendered at 300 dpi, recognized with ocrImage and
//     compared with the page's own text (pdftotext). Two rates: "rows" regroups both the
//     native and the OCR words into visual rows first (measures recognition alone), "layout"
//     compares ocrImage's reading-order text with `pdftotext -layout` (also counts reading
//     order differences). Both are Levenshtein distance / native text length after NFKC and
//     whitespace normalization.
//  2. The 7 scanned energy samples: how many printed truth values (invoice and customer
//     numbers, IBAN/BIC, names, addresses, meter numbers, charge texts …) occur in the OCR text.
// Environment: EVAL_TEXT_MAX_DOCS caps the documents per group (quick runs), DOCDESK_SAMPLES
// points to a samples folder other than shared/samples beside the repository.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dist = new URL('../dist/', import.meta.url);
if (!existsSync(new URL('engine/ocr/index.js', dist)) || !existsSync(new URL('bench/ocr-samples.js', dist))) {
  console.error('eval:text needs the compiled engine: run `npm run build` first.');
  process.exit(1);
}
const { ocrImage, terminateOcr } = await import(new URL('engine/ocr/index.js', dist).href);
const s = await import(new URL('bench/ocr-samples.js', dist).href);

const samples = s.samplesDir();
if (!samples) {
  console.log('eval:text skipped: the shared samples (shared/samples/energy) are not there.');
  process.exit(0);
}
if (!s.which('pdftotext') || !s.which('pdftoppm')) {
  console.log('eval:text skipped: needs pdftotext and pdftoppm (Debian package poppler-utils).');
  process.exit(0);
}

const maxDocs = Number(process.env.EVAL_TEXT_MAX_DOCS ?? Infinity);
const dir = mkdtempSync(join(tmpdir(), 'docdesk-eval-text-'));
const pct = (x) => `${(x * 100).toFixed(2)} %`;

async function ocrPage(pdf, page, tag) {
  const image = await s.renderPage(pdf, page, 300, join(dir, `${tag}-${page}`));
  const result = await ocrImage(readFileSync(image), { dpiHint: 300 });
  rmSync(image, { force: true });
  return result;
}

try {
  // ---------------------------------------------------------------- CER against native text
  const energy = s.energySamples(samples);
  const twins = [
    ...energy.filter((d) => !d.scanned).slice(0, maxDocs).map((d) => ({ id: d.id, pdf: d.pdf })),
    ...s.invoiceSamples(samples).slice(0, maxDocs),
  ];
  const rows = [];
  const total = { rowsDist: 0, layoutDist: 0, rowsLen: 0, layoutLen: 0, pages: 0, seconds: 0 };
  for (const doc of twins) {
    const pages = s.pdfPageCount(doc.pdf);
    const d = { rowsDist: 0, layoutDist: 0, rowsLen: 0, layoutLen: 0, conf: 0, seconds: 0 };
    for (let p = 1; p <= pages; p++) {
      const native = s.nativeWords(doc.pdf, p) ?? [];
      const layout = s.nativeLayoutText(doc.pdf, p) ?? '';
      const t = performance.now();
      const ocr = await ocrPage(doc.pdf, p, doc.id);
      d.seconds += (performance.now() - t) / 1000;
      const r = s.cer(s.rowText(native), s.rowText(s.ocrWordsPlaced(ocr.words)));
      const l = s.cer(layout, ocr.text);
      d.rowsDist += r.distance;
      d.rowsLen += r.length;
      d.layoutDist += l.distance;
      d.layoutLen += l.length;
      d.conf += ocr.mean_confidence;
    }
    rows.push([doc.id, String(pages), String(d.rowsLen), pct(d.rowsDist / Math.max(1, d.rowsLen)), pct(d.layoutDist / Math.max(1, d.layoutLen)), (d.conf / Math.max(1, pages)).toFixed(1), (d.seconds / Math.max(1, pages)).toFixed(2)]);
    for (const k of ['rowsDist', 'layoutDist', 'rowsLen', 'layoutLen', 'seconds']) total[k] += d[k];
    total.pages += pages;
    process.stderr.write(`  ${doc.id}: ${rows[rows.length - 1][3]}\n`);
  }
  rows.push([
    `overall (${twins.length} documents)`,
    String(total.pages),
    String(total.rowsLen),
    pct(total.rowsDist / Math.max(1, total.rowsLen)),
    pct(total.layoutDist / Math.max(1, total.layoutLen)),
    '',
    (total.seconds / Math.max(1, total.pages)).toFixed(2),
  ]);
  s.printTable(
    'OCR character error rate against the native text layer (300 dpi renders; Levenshtein / native length)',
    ['document', 'pages', 'native chars', 'CER (rows)', 'CER (layout order)', 'mean conf', 's/page'],
    rows,
  );

  // ---------------------------------------------------------------- truth values of scans
  const scanned = energy.filter((d) => d.scanned).slice(0, maxDocs);
  const truthRows = [];
  let found = 0;
  let all = 0;
  for (const doc of scanned) {
    const pages = s.pdfPageCount(doc.pdf) || doc.pages;
    const texts = [];
    let conf = 0;
    for (let p = 1; p <= pages; p++) {
      const ocr = await ocrPage(doc.pdf, p, doc.id);
      texts.push(ocr.text);
      conf += ocr.mean_confidence;
    }
    const text = texts.join('\n');
    const values = s.truthValues(doc.truth);
    const missing = values.filter((v) => !s.occursIn(v, text));
    found += values.length - missing.length;
    all += values.length;
    truthRows.push([doc.id, String(pages), `${values.length - missing.length} / ${values.length}`, (conf / pages).toFixed(1), missing.slice(0, 4).map((m) => JSON.stringify(m)).join(', ') + (missing.length > 4 ? ' …' : '')]);
    process.stderr.write(`  ${doc.id}: ${values.length - missing.length}/${values.length}\n`);
  }
  truthRows.push([`overall (${scanned.length} scans)`, '', `${found} / ${all} (${pct(found / Math.max(1, all))})`, '', '']);
  s.printTable('Scanned energy samples: printed truth values found in the OCR text', ['document', 'pages', 'found', 'mean conf', 'missing (first 4)'], truthRows);
} finally {
  rmSync(dir, { recursive: true, force: true });
  await terminateOcr();
}
