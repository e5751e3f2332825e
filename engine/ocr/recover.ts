// Recovery of text the page reading dropped: small-print lines (a return address above the
// address window, a footer with VAT id, IBAN and register). Tesseract returns nothing for
// such lines (or only specks without a letter or digit), so no re-read of its words can bring
// them back; the pixels still hold them.
//
// 1. Ink no word covers is found on the image tesseract read: ink pixels outside the
//    (padded) boxes of the words with a letter or digit, however unsure, long horizontal and vertical
//    runs (table rules, frames) removed, counted on a coarse grid, smeared along the rows by
//    a word gap and grouped into connected regions; a region is split into text-line bands by
//    its row profile. Bands that do not look like a line of text (too flat, too tall, too
//    narrow, too little or too much ink) are dropped. Only small print is kept (x-height below
//    the page's body text, or below what the LSTM reads well), and nothing inside a ruled
//    table (column lines on both sides, or row lines above and below): body-size ink the page
//    reading skipped is a logo, a stamp or a table cell more often than a dropped line.
//    Milliseconds on a page; nothing else runs when every ink stroke is covered.
// 2. The bands are cut out (word boxes painted white, so no neighbour is read twice), scaled
//    so that their text is as tall as the LSTM reads well (small print is upscaled up to 4×),
//    stacked into one image like the two-stage re-read and recognized in one call with
//    best_int as a uniform block.
// 3. Words read there with confidence ≥ 80, centred in their own band (a neighbouring line
//    reaching into a crop is read by its own band) and overlapping no word of the page
//    reading (however unsure) nor an already recovered word, are added at their page
//    coordinates, each band's words as a new line. Lines the page reading returned are never
//    touched: a band at the height of a line with words, within four word heights of it, is
//    not re-read (the rest of a row read in part, a cell left out).
import sharp from 'sharp';
import type Tesseract from 'tesseract.js';
import { gridRegions } from './grid.js';
import { applyLut, type Gray } from './preprocess.js';
import type { Recognizer } from './recognizer.js';
import { recognizeBlock, stackCrops } from './reread.js';

export const RECOVER = {
  /** Words this confident set the page's text height. */
  coverConfidence: 50,
  /**
   * A recovered word needs this confidence (and a letter or digit). 65 let misread specks and
   * table ink into the tuned energy scans; see docs/decisions.md, "Generic extraction on scans
   * (issue 14, second pass)".
   */
  minConfidence: 80,
  /**
   * Only small print is re-read: a band's x-height below this share of the page's (the body
   * text the LSTM already read at this scale) or below `smallXHeight` px. Ink of body size that
   * the page reading skipped is a logo, a stamp or a table cell the layout analysis dropped on
   * purpose more often than text it failed to read.
   */
  smallShare: 0.8,
  smallXHeight: 8,
  /** Bands are scaled up to this height (px, ink top to bottom) before the re-read. */
  targetHeight: 40,
  maxUpscale: 4,
  /** Bands lower than this (px in the read image) are specks or rules, not text. */
  minHeight: 5,
  /** At most this many bands per page (the ones with most ink): a noisy page must not cost a page read. */
  maxBands: 40,
};

const HAS_ALNUM = /[\p{L}\p{N}]/u;

export interface Band {
  left: number;
  top: number;
  width: number;
  height: number;
  ink: number;
}

interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

function allWords(blocks: Tesseract.Block[] | null): Tesseract.Word[] {
  const out: Tesseract.Word[] = [];
  for (const b of blocks ?? []) for (const p of b.paragraphs ?? []) for (const l of p.lines ?? []) for (const w of l.words ?? []) out.push(w);
  return out;
}

/** Boxes of the page reading's lines that have a word with a letter or digit. */
function lineRects(blocks: Tesseract.Block[]): Rect[] {
  const out: Rect[] = [];
  for (const b of blocks) for (const p of b.paragraphs ?? []) for (const l of p.lines ?? []) if (l.bbox && (l.words ?? []).some((w) => HAS_ALNUM.test(w.text))) out.push(l.bbox);
  return out;
}

const isConfident = (w: { text: string; confidence: number }) => w.confidence >= RECOVER.coverConfidence && HAS_ALNUM.test(w.text);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Calls `visit(start, end)` for each run of 1s of `mask` (rows of `W`; a run ends at its row's
 * end), in row order. The paper between runs is skipped by indexOf (native, several times
 * faster than a loop over every pixel): after the word boxes are cleared, the dropped ink is a
 * few per cent of the page.
 */
function eachRun(mask: Uint8Array, W: number, visit: (start: number, end: number) => void): void {
  let p = mask.indexOf(1);
  while (p >= 0) {
    const rowEnd = p - (p % W) + W;
    let q = p + 1;
    while (q < rowEnd && mask[q] === 1) q++;
    visit(p, q);
    p = mask.indexOf(1, q);
  }
}

/**
 * The ink (grey ≤ `threshold`) of `img` outside the `covered` boxes, without table rules and
 * frames (runs of ink longer than any glyph: horizontal over `6 × textHeight`, vertical over
 * `3 × textHeight`, both at least 40 / 30 px), as a 0/1 mask. `ink`: the image's inkMask when
 * the caller has it (copied, not changed).
 */
export function droppedInk(img: Gray, threshold: number, covered: Rect[], textHeight: number, ink?: Uint8Array): Uint8Array {
  const { width: W, height: H } = img;
  const mask = ink ? ink.slice() : inkMask(img, threshold);
  for (const r of covered) {
    const x0 = Math.max(0, Math.floor(r.x0));
    const x1 = Math.min(W, Math.ceil(r.x1));
    for (let y = Math.max(0, Math.floor(r.y0)); y < Math.min(H, Math.ceil(r.y1)); y++) mask.fill(0, y * W + x0, y * W + Math.max(x0, x1));
  }
  const maxRunX = Math.max(40, Math.round(6 * textHeight));
  const maxRunY = Math.max(30, Math.round(3 * textHeight));
  eachRun(mask, W, (start, end) => {
    if (end - start > maxRunX) mask.fill(0, start, end);
  });
  // Clearing a column's run touches rows already passed only.
  eachColumnRun(mask, W, (x, from, to) => {
    if (to - from > maxRunY) for (let k = from; k < to; k++) mask[k * W + x] = 0;
  });
  return mask;
}

/** 1 where `img` has ink (grey ≤ `threshold`), else 0. */
export function inkMask(img: Gray, threshold: number): Uint8Array {
  const mask = new Uint8Array(img.width * img.height);
  mask.set(img.data.subarray(0, mask.length));
  const ink = new Uint8Array(256);
  for (let v = 0; v <= Math.min(255, threshold); v++) ink[v] = 1;
  applyLut(mask, ink);
  return mask;
}

/**
 * Calls `visit(x, from, to)` for each vertical run of 1s of `mask` (rows `from` to `to`
 * exclusive in column `x`), each column's runs top to bottom, a run as soon as the row below
 * its end has been passed. Each column keeps its last inked row and the length of the run
 * ending there, so the mask is read row by row (eachRun), never down a column.
 */
function eachColumnRun(mask: Uint8Array, W: number, visit: (x: number, from: number, to: number) => void): void {
  const last = new Int32Array(W).fill(-2);
  const run = new Int32Array(W);
  eachRun(mask, W, (start, end) => {
    const y = (start - (start % W)) / W;
    for (let i = start; i < end; i++) {
      const x = i - y * W;
      if (last[x] === y - 1) run[x]!++;
      else {
        if (run[x]! > 0) visit(x, last[x]! - run[x]! + 1, last[x]! + 1);
        run[x] = 1;
      }
      last[x] = y;
    }
  });
  for (let x = 0; x < W; x++) if (run[x]! > 0) visit(x, last[x]! - run[x]! + 1, last[x]! + 1);
}

/** Ink pixels of `mask` (rows of `W`) per cell of a grid of `c` × `c` px, row by row. */
export function inkPerCell(mask: Uint8Array, W: number, c: number): Uint16Array {
  const gw = Math.ceil(W / c);
  const count = new Uint16Array(gw * Math.ceil(mask.length / W / c));
  eachRun(mask, W, (start, end) => {
    const y = (start - (start % W)) / W;
    const grow = Math.floor(y / c) * gw;
    for (let x = start - y * W, to = end - y * W; x < to; x++) count[grow + Math.floor(x / c)]!++;
  });
  return count;
}

/**
 * Text-line bands of `img` (ink: grey ≤ `threshold`) that no confident word of `blocks`
 * covers. `textHeight` is the page's typical word height (px), used for word gaps and rule
 * lengths.
 */
export function findDroppedBands(img: Gray, threshold: number, covered: Rect[], textHeight: number, ink?: Uint8Array): Band[] {
  const { width: W, height: H } = img;
  const mask = droppedInk(img, threshold, covered, textHeight, ink);

  // Coarse grid: cells with at least two ink pixels, closed along rows by a word gap.
  const c = Math.max(2, Math.round(textHeight / 8));
  const gw = Math.ceil(W / c);
  const gh = Math.ceil(H / c);
  const count = inkPerCell(mask, W, c);
  const on = new Uint8Array(gw * gh);
  let any = false;
  for (let i = 0; i < on.length; i++) if (count[i]! >= 2) (on[i] = 1), (any = true);
  if (!any) return [];
  const gap = Math.max(1, Math.round((0.8 * textHeight) / c));
  for (let gy = 0; gy < gh; gy++) {
    let last = -1;
    for (let gx = 0; gx < gw; gx++) {
      if (on[gy * gw + gx] !== 1) continue;
      if (last >= 0 && gx - last > 1 && gx - last <= gap + 1) on.fill(2, gy * gw + last + 1, gy * gw + gx);
      last = gx;
    }
  }

  // Connected regions of the grid (4-neighbours), then text-line bands inside each.
  const bands: Band[] = [];
  for (const g of gridRegions(on, gw, gh)) {
    const region = { x0: g.x0 * c, y0: g.y0 * c, x1: Math.min(W, (g.x1 + 1) * c), y1: Math.min(H, (g.y1 + 1) * c) };
    for (const b of lineBands(mask, W, region)) if (looksLikeText(b, textHeight)) bands.push(b);
  }
  bands.sort((a, b) => b.ink - a.ink);
  return bands.slice(0, RECOVER.maxBands).sort((a, b) => a.top - b.top || a.left - b.left);
}

/** Splits a region into bands of inked rows; a band much lower than the tallest (an umlaut's dots) joins its neighbour. */
function lineBands(mask: Uint8Array, W: number, r: Rect): Band[] {
  const rows: number[] = [];
  for (let y = r.y0; y < r.y1; y++) {
    let n = 0;
    const row = y * W;
    for (let x = r.x0; x < r.x1; x++) n += mask[row + x]!;
    rows.push(n);
  }
  let spans: Array<{ y0: number; y1: number }> = [];
  for (let k = 0; k < rows.length; k++) {
    if (!rows[k]) continue;
    const last = spans[spans.length - 1];
    if (last && last.y1 === k) last.y1 = k + 1;
    else spans.push({ y0: k, y1: k + 1 });
  }
  const tallest = Math.max(0, ...spans.map((s) => s.y1 - s.y0));
  let merged = true;
  while (merged && spans.length > 1) {
    merged = false;
    for (let k = 0; k < spans.length; k++) {
      const s = spans[k]!;
      if (s.y1 - s.y0 >= 0.4 * tallest) continue;
      const prev = spans[k - 1];
      const next = spans[k + 1];
      const gapPrev = prev ? s.y0 - prev.y1 : Infinity;
      const gapNext = next ? next.y0 - s.y1 : Infinity;
      if (Math.min(gapPrev, gapNext) > s.y1 - s.y0 + 2) continue;
      if (gapPrev <= gapNext) prev!.y1 = s.y1;
      else next!.y0 = s.y0;
      spans.splice(k, 1);
      merged = true;
      break;
    }
  }
  spans = spans.filter((s) => s.y1 > s.y0);
  const out: Band[] = [];
  for (const s of spans) {
    const y0 = r.y0 + s.y0;
    const y1 = r.y0 + s.y1;
    let x0 = r.x1;
    let x1 = r.x0;
    let ink = 0;
    for (let y = y0; y < y1; y++) {
      const row = y * W;
      for (let x = r.x0; x < r.x1; x++) {
        if (!mask[row + x]) continue;
        ink++;
        if (x < x0) x0 = x;
        if (x >= x1) x1 = x + 1;
      }
    }
    if (ink > 0) out.push({ left: x0, top: y0, width: x1 - x0, height: y1 - y0, ink });
  }
  return out;
}

/** A line of text: not a speck, rule or picture. */
function looksLikeText(b: Band, textHeight: number): boolean {
  if (b.height < RECOVER.minHeight || b.height > 2.5 * textHeight) return false;
  if (b.width < Math.max(8, 1.5 * b.height)) return false;
  const density = b.ink / (b.width * b.height);
  return density >= 0.06 && density <= 0.6;
}

/**
 * The x-height of the ink in `r` (px): the rows holding at least half the busiest row's ink
 * (ascenders and descenders are thinner than the x-zone; digits and capitals count whole).
 */
export function xHeightOf(img: Gray, threshold: number, r: Rect): number {
  const x0 = Math.max(0, Math.floor(r.x0));
  const x1 = Math.min(img.width, Math.ceil(r.x1));
  const counts: number[] = [];
  for (let y = Math.max(0, Math.floor(r.y0)); y < Math.min(img.height, Math.ceil(r.y1)); y++) {
    let n = 0;
    const row = y * img.width;
    for (let x = x0; x < x1; x++) if (img.data[row + x]! <= threshold) n++;
    counts.push(n);
  }
  const peak = Math.max(0, ...counts);
  return peak === 0 ? 0 : counts.filter((n) => n >= peak / 2).length;
}

interface Rule {
  /** A horizontal rule: y and its x span; a vertical one: x and its y span. */
  at: number;
  from: number;
  to: number;
}

/**
 * Table rules of `img`: ink runs longer than `minLength` px, horizontal and vertical, on the
 * raw ink (word boxes not masked: a rule passes under padded word boxes). `ink`: the image's
 * inkMask when the caller has it (read only).
 */
export function findRules(img: Gray, threshold: number, minLength: number, ink?: Uint8Array): { horizontal: Rule[]; vertical: Rule[] } {
  const W = img.width;
  // Runs of the ink mask, row by row (paper skipped by eachRun); the rules come out in the
  // order of the definition: every row, then every column top to bottom.
  const mask = ink ?? inkMask(img, threshold);
  const horizontal: Rule[] = [];
  eachRun(mask, W, (start, end) => {
    if (end - start < minLength) return;
    const y = (start - (start % W)) / W;
    horizontal.push({ at: y, from: start - y * W, to: end - y * W });
  });
  const columns: Rule[][] = Array.from({ length: W }, () => []);
  eachColumnRun(mask, W, (x, from, to) => {
    if (to - from >= minLength) columns[x]!.push({ at: x, from, to });
  });
  return { horizontal, vertical: columns.flat() };
}

/**
 * A band inside a ruled table: column lines on both sides of it at its height, or row lines
 * right above and below it across its middle. Dropped ink in a table is a cell the row already
 * has words for or a cell of a table the page reading read; re-reading it split table rows on
 * the tuned energy scans.
 */
export function inRuledTable(b: Band, rules: { horizontal: Rule[]; vertical: Rule[] }, textHeight: number): boolean {
  const cy = b.top + b.height / 2;
  const cx = b.left + b.width / 2;
  const crosses = (r: Rule, at: number) => r.from <= at && r.to >= at;
  const near = 3 * textHeight;
  const left = rules.vertical.some((r) => crosses(r, cy) && r.at < b.left + 2 && r.at > b.left - 4 * near);
  const right = rules.vertical.some((r) => crosses(r, cy) && r.at > b.left + b.width - 2 && r.at < b.left + b.width + 4 * near);
  if (left && right) return true;
  const above = rules.horizontal.some((r) => crosses(r, cx) && r.at < b.top + 1 && r.at > b.top - near);
  const below = rules.horizontal.some((r) => crosses(r, cx) && r.at > b.top + b.height - 1 && r.at < b.top + b.height + near);
  return above && below;
}

/**
 * A line of the page reading at the band's height within a few word heights of it: the band
 * is part of a row the page reading has words for (a cell it left out, the rest of a line it
 * read in part), and lines that have words are not touched.
 */
function besideReadLine(b: Band, lines: Rect[], textHeight: number): boolean {
  return lines.some((l) => {
    const overlap = Math.min(l.y1, b.top + b.height) - Math.max(l.y0, b.top);
    if (overlap < 0.5 * b.height) return false;
    return Math.max(0, l.x0 - (b.left + b.width), b.left - l.x1) < 4 * textHeight;
  });
}

/** Where a band's crop went in the stacked image: stacked = (page - left + pad) * scale + top. */
interface Placed {
  band: Band;
  left: number;
  top: number;
  scale: number;
  stackTop: number;
  stackHeight: number;
}

async function cutBand(img: Gray, band: Band, covered: Rect[]): Promise<{ crop: Gray; left: number; top: number; scale: number }> {
  const pad = Math.max(2, Math.round(band.height * 0.3));
  const left = Math.max(0, band.left - pad);
  const top = Math.max(0, band.top - pad);
  const width = Math.min(img.width, band.left + band.width + pad) - left;
  const height = Math.min(img.height, band.top + band.height + pad) - top;
  const data = Buffer.allocUnsafe(width * height);
  for (let y = 0; y < height; y++) img.data.copy(data, y * width, (top + y) * img.width + left, (top + y) * img.width + left + width);
  for (const r of covered) {
    const x0 = Math.max(left, Math.floor(r.x0));
    const x1 = Math.min(left + width, Math.ceil(r.x1));
    if (x1 <= x0) continue;
    for (let y = Math.max(top, Math.floor(r.y0)); y < Math.min(top + height, Math.ceil(r.y1)); y++) data.fill(255, (y - top) * width + (x0 - left), (y - top) * width + (x1 - left));
  }
  return { ...(await scaledForReading({ data, width, height }, band.height)), left, top };
}

/** A band's crop scaled so that its text (`bandHeight` px) is as tall as the LSTM reads well; `scale`: the factor used. */
export async function scaledForReading(crop: Gray, bandHeight: number): Promise<{ crop: Gray; scale: number }> {
  const scale = bandHeight < RECOVER.targetHeight ? Math.min(RECOVER.maxUpscale, RECOVER.targetHeight / bandHeight) : 1;
  if (scale === 1) return { crop, scale };
  const { data, width, height } = crop;
  const resized = await sharp(data, { raw: { width, height, channels: 1 } }).resize(Math.round(width * scale), Math.round(height * scale), { fit: 'fill', kernel: 'cubic' }).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { crop: { data: resized.data, width: resized.info.width, height: resized.info.height }, scale: resized.info.width / width };
}

/** A word's box in the stacked image of `stackCrops` → page coordinates, for the crop cut at (`left`, `top`) and scaled by `scale`, placed at `stackTop`. */
export function stackedToPage(b: Tesseract.Bbox, margin: number, stackTop: number, cut: { left: number; top: number; scale: number }): Tesseract.Bbox {
  const x = (v: number) => Math.round((v - margin) / cut.scale + cut.left);
  const y = (v: number) => Math.round((v - stackTop) / cut.scale + cut.top);
  return { x0: x(b.x0), y0: y(b.y0), x1: x(b.x1), y1: y(b.y1) };
}

/** `words` (left to right) as a line of their own in a new block, put in reading order by its top. */
export function insertLine(blocks: Tesseract.Block[], words: Tesseract.Word[]): void {
  const bbox = { x0: Math.min(...words.map((w) => w.bbox.x0)), y0: Math.min(...words.map((w) => w.bbox.y0)), x1: Math.max(...words.map((w) => w.bbox.x1)), y1: Math.max(...words.map((w) => w.bbox.y1)) };
  const line = { words, bbox, text: words.map((w) => w.text).join(' '), confidence: words.reduce((s, w) => s + w.confidence, 0) / words.length };
  const block = { paragraphs: [{ lines: [line], bbox, text: line.text }], bbox, text: line.text, confidence: line.confidence } as unknown as Tesseract.Block;
  const at = blocks.findIndex((b) => b.bbox && b.bbox.y0 > bbox.y0);
  blocks.splice(at < 0 ? blocks.length : at, 0, block);
}

export interface Recovery {
  /** Bands of uncovered ink found, and bands that gave words. */
  bands: number;
  recovered: number;
  /** Words added to the page. */
  words: number;
}

/** Two boxes share at least a third of the smaller one. */
function overlaps(a: Rect, b: Rect): boolean {
  const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  if (w <= 0 || h <= 0) return false;
  const smaller = Math.min((a.x1 - a.x0) * (a.y1 - a.y0), (b.x1 - b.x0) * (b.y1 - b.y0));
  return w * h >= smaller / 3;
}
/** The band's own area: a neighbouring line that reached into its crop is that line's band's to read, not this one's. */
export const ownArea = (b: Band): Rect => ({ x0: b.left - b.height / 2, y0: b.top - b.height * 0.3, x1: b.left + b.width + b.height / 2, y1: b.top + b.height * 1.3 });

export const centreIn = (b: Tesseract.Bbox, r: Rect) => {
  const cx = (b.x0 + b.x1) / 2;
  const cy = (b.y0 + b.y1) / 2;
  return cx >= r.x0 && cx <= r.x1 && cy >= r.y0 && cy <= r.y1;
};

/**
 * Finds ink of `img` that `blocks` (a reading of `img`) has no confident word for, reads it
 * again with `worker` (best_int) and adds what is read to `blocks` in place, a new block per
 * band placed in reading order by its top, or joining the line at its height. Words of the
 * page reading are never replaced.
 */
export async function recoverDropped(worker: Recognizer, img: Gray, blocks: Tesseract.Block[], threshold: number, dpi: number): Promise<Recovery> {
  const words = allWords(blocks);
  const confident = words.filter(isConfident);
  const textHeight = confident.length ? median(confident.map((w) => w.bbox.y1 - w.bbox.y0)) : 30;
  const pad = Math.max(2, Math.round(textHeight * 0.15));
  // Every word with a letter or digit covers its ink, however unsure (see below).
  const read0 = words.filter((w) => HAS_ALNUM.test(w.text));
  const covered = read0.map((w) => ({ x0: w.bbox.x0 - pad, y0: w.bbox.y0 - pad, x1: w.bbox.x1 + pad, y1: w.bbox.y1 + pad }));
  // One ink mask for the dropped ink (a copy it clears) and the rules (read as it is): a copy
  // costs a fraction of a second lookup pass over the page.
  const ink = inkMask(img, threshold);
  const dropped = findDroppedBands(img, threshold, covered, textHeight, ink);
  if (dropped.length === 0) return { bands: 0, recovered: 0, words: 0 };
  // Only small print, outside ruled tables and off the lines already read: elsewhere the page
  // reading left the ink out for a reason (a logo, a stamp, a cell of a table it read) more
  // often than it failed to read it.
  const pageXHeight = confident.length ? median(confident.map((w) => xHeightOf(img, threshold, w.bbox))) : 0;
  const rules = findRules(img, threshold, Math.max(40, Math.round(10 * textHeight)), ink);
  const readLines = lineRects(blocks);
  const bands = dropped.filter((b) => {
    const xh = xHeightOf(img, threshold, { x0: b.left, y0: b.top, x1: b.left + b.width, y1: b.top + b.height });
    const small = xh < RECOVER.smallXHeight || (pageXHeight > 0 && xh < RECOVER.smallShare * pageXHeight);
    return small && !inRuledTable(b, rules, textHeight) && !besideReadLine(b, readLines, textHeight);
  });
  if (bands.length === 0) return { bands: 0, recovered: 0, words: 0 };

  const cuts = await Promise.all(bands.map((b) => cutBand(img, b, covered)));
  const stacked = stackCrops(cuts.map((c) => c.crop));
  const placed: Placed[] = cuts.map((c, k) => ({ band: bands[k]!, left: c.left, top: c.top, scale: c.scale, stackTop: stacked.tops[k]!, stackHeight: c.crop.height }));
  const read = await recognizeBlock(worker, stacked.image, dpi);

  const found: Tesseract.Word[][] = placed.map(() => []);
  const accepted: Rect[] = [];
  for (const w of allWords(read)) {
    const text = w.text.trim();
    if (!text || w.confidence < RECOVER.minConfidence || !HAS_ALNUM.test(text)) continue;
    const cy = (w.bbox.y0 + w.bbox.y1) / 2;
    const k = placed.findIndex((p) => cy >= p.stackTop && cy < p.stackTop + p.stackHeight);
    if (k < 0) continue;
    const p = placed[k]!;
    const bbox = stackedToPage(w.bbox, stacked.margin, p.stackTop, p);
    if (!centreIn(bbox, ownArea(p.band))) continue;
    // Only where the page reading has no word: a second reading of a word it has (even an
    // unsure one — tesseract's confidence is 0 on some right words of ruled tables) split
    // table rows on the tuned energy scans. Nor a word another band gave.
    if (read0.some((c) => overlaps(bbox, c.bbox)) || accepted.some((a) => overlaps(bbox, a))) continue;
    accepted.push(bbox);
    found[k]!.push({ text, confidence: w.confidence, bbox } as unknown as Tesseract.Word);
  }
  if (accepted.length === 0) return { bands: bands.length, recovered: 0, words: 0 };

  // Each band's words become a new line: lines the page reading returned are never touched.
  let recovered = 0;
  let added = 0;
  found.forEach((alone) => {
    if (alone.length === 0) return;
    recovered++;
    added += alone.length;
    alone.sort((a, b) => a.bbox.x0 - b.bbox.x0);
    insertLine(blocks, alone);
  });
  return { bands: bands.length, recovered, words: added };
}
