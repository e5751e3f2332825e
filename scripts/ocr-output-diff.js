#!/usr/bin/env node
// Proof that a change around recognition leaves OCR output alone (issue 16, twelfth pass):
// dumps everything the OCR of the scanned sample pages returns, from one build, and diffs two
// dumps. Zero differences means the same words, boxes, confidences, lines, text, rotation and
// skew — and, for the bench's 10 pages (bench/scanned.ts: the scanned energy samples' pages in
// order), the same page work result (scaled words, confidence, blank, limited) and the same
// preview JPEG bytes.
//
//   node scripts/ocr-output-diff.js dump [<repo root with dist/>] <out.json>
//   node scripts/ocr-output-diff.js diff <a.json> <b.json>     (exit 1 on any difference)
//
// The repo root defaults to this checkout; a copy of an older build's `dist/` placed inside a
// checkout (e.g. `.base/dist`) finds node_modules, the addon and the models by walking up.
// Native backend, OMP_THREAD_LIMIT=1, as the workers run.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [mode, ...args] = process.argv.slice(2);

async function dump(root, out) {
  process.env.OMP_THREAD_LIMIT ??= '1';
  process.env.DOCDESK_OCR_BACKEND ??= 'native';
  const dist = pathToFileURL(join(resolve(root), 'dist') + '/');
  const { ocrImage, terminateOcr } = await import(new URL('engine/ocr/index.js', dist).href);
  const { rasterizePdfPage } = await import(new URL('engine/formats/pdf/index.js', dist).href);
  const { processPdfPage, ocrPdfPage, OCR_DPI } = await import(new URL('engine/pipeline/page-work.js', dist).href);
  const { energySamples, samplesDir } = await import(new URL('bench/ocr-samples.js', dist).href);
  const samples = samplesDir();
  if (!samples) throw new Error('the shared samples are not there');
  const all = energySamples(samples).flatMap((d) => (d.scanned ? Array.from({ length: d.pages }, (_, i) => ({ id: d.id, pdf: d.pdf, page: i + 1 })) : []));
  const previews = mkdtempSync(join(tmpdir(), 'docdesk-ocr-dump-'));
  const pages = [];
  try {
    for (const [i, p] of all.entries()) {
      const r = await rasterizePdfPage(p.pdf, p.page, { dpi: OCR_DPI, channels: 1 });
      const ocr = await ocrImage(Buffer.from(r.data), { dpiHint: r.dpi, gray: { width: r.widthPx, height: r.heightPx } });
      const entry = { id: p.id, page: p.page, ocr };
      // The bench's 10 pages also go through the page work as analysis mode runs it.
      if (i < 10) {
        const task = { path: p.pdf, page: p.page, physical_page: p.page, component_ref: 'main' };
        const native = await processPdfPage({ kind: 'pdf.page', ...task, visual: true, preview_path: null });
        const preview = join(previews, `${i}.jpg`);
        const work = await ocrPdfPage({ kind: 'pdf.ocr', ...task, native, preview_path: preview });
        const jpeg = readFileSync(preview);
        entry.work = { ...work, preview: { ...work.preview, path: null, sha256: createHash('sha256').update(jpeg).digest('hex') } };
      }
      pages.push(entry);
      console.log(`${p.id} p${p.page}: ${ocr.words.length} words, conf ${ocr.mean_confidence}${entry.work ? ', page work' : ''}`);
    }
  } finally {
    rmSync(previews, { recursive: true, force: true });
    await terminateOcr();
  }
  writeFileSync(out, JSON.stringify({ root: resolve(root), pages }, null, 1));
}

/** Paths (a.b[3].c) where two JSON values differ. */
function differences(a, b, path = '', out = []) {
  if (out.length > 50) return out;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') {
    if (!Object.is(a, b)) out.push(`${path}: ${JSON.stringify(a)?.slice(0, 80)} ≠ ${JSON.stringify(b)?.slice(0, 80)}`);
    return out;
  }
  if (Array.isArray(a) !== Array.isArray(b)) return out.push(`${path}: array vs object`), out;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) differences(a[k], b[k], Array.isArray(a) ? `${path}[${k}]` : `${path}.${k}`, out);
  return out;
}

if (mode === 'dump' && args.length >= 1) {
  await dump(args.length > 1 ? args[0] : new URL('..', import.meta.url).pathname, args[args.length - 1]);
} else if (mode === 'diff' && args.length === 2) {
  const [a, b] = args.map((f) => JSON.parse(readFileSync(f, 'utf8')).pages);
  const diffs = differences(a, b);
  const words = (ps) => ps.reduce((n, p) => n + p.ocr.words.length, 0);
  console.log(`${a.length} / ${b.length} pages (${a.filter((p) => p.work).length} with page work), ${words(a)} / ${words(b)} words: ${diffs.length === 0 ? 'identical' : `${diffs.length}${diffs.length > 50 ? '+' : ''} differences`}`);
  for (const d of diffs) console.log(`  ${d}`);
  process.exit(diffs.length === 0 ? 0 : 1);
} else {
  console.error('usage: ocr-output-diff.js dump [<root>] <out.json> | diff <a.json> <b.json>');
  process.exit(2);
}
