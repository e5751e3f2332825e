// Helpers shared by the OCR benchmark (bench/ocr.ts) and the text evaluation
// (scripts/eval-text.js, which imports the compiled dist/bench/ocr-samples.js): where the
// shared samples are, rendering PDF pages to PNG, native tools, and text comparison.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Word } from '../engine/formats/model.js';
import { samplesRoot } from '../test/helpers/samples.js';

/** dist/bench → repository root. */
export const REPO_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** The shared samples folder: $DOCDESK_SAMPLES, or shared/samples beside the repository. */
export function samplesDir(): string | null {
  const root = samplesRoot();
  return existsSync(join(root, 'energy', 'index.json')) ? root : null;
}

export interface EnergySample {
  id: string;
  pdf: string;
  truth: string;
  scanned: boolean;
  pages: number;
}

export function energySamples(samples: string): EnergySample[] {
  const index = JSON.parse(readFileSync(join(samples, 'energy', 'index.json'), 'utf8')) as { documents: Array<{ id: string; pdf: string; truth: string; scanned: boolean; pages: number }> };
  return index.documents.map((d) => ({ id: d.id, pdf: join(samples, 'energy', d.pdf), truth: join(samples, 'energy', d.truth), scanned: d.scanned, pages: d.pages }));
}

export function invoiceSamples(samples: string): Array<{ id: string; pdf: string }> {
  const dir = join(samples, 'invoices');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.pdf'))
    .sort()
    .map((f) => ({ id: f.replace(/\.pdf$/, ''), pdf: join(dir, f) }));
}

export function which(cmd: string): string | null {
  for (const dir of ['/usr/bin', '/usr/local/bin', '/bin']) {
    const p = join(dir, cmd);
    if (existsSync(p)) return p;
  }
  return null;
}

export function pdfPageCount(pdf: string): number {
  const pdfinfo = which('pdfinfo');
  if (!pdfinfo) return 0;
  const out = spawnSync(pdfinfo, [pdf], { encoding: 'utf8' }).stdout;
  return Number(/^Pages:\s+(\d+)/m.exec(out)?.[1] ?? 0);
}

/** Renders one page (1-based) at `dpi` to PNG: pdftoppm when installed, else Docdesk's pdfjs renderer. */
export async function renderPage(pdf: string, page: number, dpi: number, outBase: string): Promise<string> {
  const pdftoppm = which('pdftoppm');
  const target = `${outBase}.png`;
  if (pdftoppm) {
    const r = spawnSync(pdftoppm, ['-r', String(dpi), '-png', '-f', String(page), '-l', String(page), '-singlefile', pdf, outBase]);
    if (r.status !== 0) throw new Error(`pdftoppm failed on ${pdf} page ${page}: ${r.stderr}`);
    return target;
  }
  const { renderPdfPage } = await import('../engine/formats/pdf/render.js');
  const { writeFile } = await import('node:fs/promises');
  const rendered = await renderPdfPage(pdf, page, { dpi, format: 'png' });
  await writeFile(target, rendered.data);
  return target;
}

// ------------------------------------------------------------------ text comparison

/** Unicode-compatible forms (ligatures, full-width digits), one space between words. */
export function normalizeText(s: string): string {
  return s.normalize('NFKC').replace(/\s+/g, ' ').trim();
}

/** Levenshtein distance, two rows. */
export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let prev = new Int32Array(b.length + 1);
  let cur = new Int32Array(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const sub = prev[j - 1]! + (ca === b.charCodeAt(j - 1) ? 0 : 1);
      const del = prev[j]! + 1;
      const ins = cur[j - 1]! + 1;
      cur[j] = sub < del ? (sub < ins ? sub : ins) : del < ins ? del : ins;
    }
    [prev, cur] = [cur, prev];
  }
  return prev[b.length]!;
}

/** Character error rate of `hypothesis` against `truth` (both normalized first). */
export function cer(truth: string, hypothesis: string): { distance: number; length: number; rate: number } {
  const t = normalizeText(truth);
  const h = normalizeText(hypothesis);
  const distance = levenshtein(t, h);
  return { distance, length: t.length, rate: t.length ? distance / t.length : h.length ? 1 : 0 };
}

interface PlacedWord {
  text: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Words regrouped into visual rows (top to bottom, left to right). Applied to both the native
 * text and the OCR words, it takes reading-order differences (two columns read side by side
 * or one after the other) out of the comparison, so the CER measures recognition.
 */
export function rowText(words: PlacedWord[]): string {
  const ws = words.filter((w) => w.text.trim()).map((w) => ({ ...w, cy: w.y + w.h / 2 }));
  if (ws.length === 0) return '';
  const heights = ws.map((w) => w.h).sort((a, b) => a - b);
  const tol = heights[Math.floor(heights.length / 2)]! * 0.5;
  ws.sort((a, b) => a.cy - b.cy);
  const rows: Array<{ cy: number; words: typeof ws }> = [];
  for (const w of ws) {
    const row = rows[rows.length - 1];
    if (row && Math.abs(w.cy - row.cy) <= tol) {
      row.words.push(w);
      row.cy = row.words.reduce((s, x) => s + x.cy, 0) / row.words.length;
    } else rows.push({ cy: w.cy, words: [w] });
  }
  return rows.map((r) => r.words.sort((a, b) => a.x - b.x).map((w) => w.text).join(' ')).join('\n');
}

export function ocrWordsPlaced(words: Word[]): PlacedWord[] {
  return words.map((w) => ({ text: w.text, ...w.bbox }));
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The native words of one page from `pdftotext -bbox` (PDF points, top-left origin). */
export function nativeWords(pdf: string, page: number): PlacedWord[] | null {
  const pdftotext = which('pdftotext');
  if (!pdftotext) return null;
  const r = spawnSync(pdftotext, ['-bbox', '-f', String(page), '-l', String(page), pdf, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) return null;
  const out: PlacedWord[] = [];
  const re = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g;
  for (let m = re.exec(r.stdout); m; m = re.exec(r.stdout)) {
    const text = m[5]!.replace(/&(#x?[0-9a-f]+|\w+);/gi, (all, e: string) => {
      if (e.startsWith('#x') || e.startsWith('#X')) return String.fromCodePoint(parseInt(e.slice(2), 16));
      if (e.startsWith('#')) return String.fromCodePoint(parseInt(e.slice(1), 10));
      return ENTITIES[e] ?? all;
    });
    out.push({ text, x: Number(m[1]), y: Number(m[2]), w: Number(m[3]) - Number(m[1]), h: Number(m[4]) - Number(m[2]) });
  }
  return out;
}

/** The page's native text in layout order (`pdftotext -layout`). */
export function nativeLayoutText(pdf: string, page: number): string | null {
  const pdftotext = which('pdftotext');
  if (!pdftotext) return null;
  const r = spawnSync(pdftotext, ['-layout', '-f', String(page), '-l', String(page), pdf, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return r.status === 0 ? r.stdout : null;
}

// ------------------------------------------------------------------ truth values

/** Keys of truth.json whose string values are printed verbatim on the document. */
const PRINTED_KEYS = new Set([
  'invoice_number', 'customer_number', 'contract_account', 'contract_number', 'name', 'supplier_name', 'vat_id', 'tax_number',
  'commercial_register', 'street', 'city', 'postal_code', 'iban', 'bic', 'creditor_id', 'mandate_reference', 'payment_reference',
  'malo_id', 'melo_id', 'legacy_metering_point_id', 'meter_number', 'network_operator_name', 'network_operator_code',
  'metering_operator_name', 'description',
]);

/** Distinct printed string values of a truth file (identifiers, names, addresses, charge texts). */
export function truthValues(truthPath: string): string[] {
  const values = new Set<string>();
  const walk = (o: unknown, key: string) => {
    if (Array.isArray(o)) for (const v of o) walk(v, key);
    else if (o && typeof o === 'object') for (const [k, v] of Object.entries(o)) walk(v, k);
    else if (typeof o === 'string' && PRINTED_KEYS.has(key) && o.trim().length >= 3) values.add(o.trim());
  };
  walk(JSON.parse(readFileSync(truthPath, 'utf8')), '');
  return [...values];
}

/** Whether a truth value occurs in the text (also with spaces ignored, for grouped IBANs). */
export function occursIn(value: string, text: string): boolean {
  const t = normalizeText(text);
  const v = normalizeText(value);
  if (t.includes(v)) return true;
  return t.replace(/\s/g, '').includes(v.replace(/\s/g, ''));
}

export { printTable } from './table.js';
