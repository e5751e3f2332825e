// Reading order for one page of positioned words: pure functions, no pdf.js. The input is
// words with boxes (top-left origin), baselines and font sizes; the output is the same words
// in reading order, grouped into lines.
//
// 1. Rows: words whose baselines lie within half a font size of each other form a row.
//    Within a row, fragments that touch (an item boundary inside a word, e.g. a change of
//    font) are glued back together and text drawn twice on the same spot (fake bold) is
//    dropped.
// 2. Columns: a run of at least MIN_REGION_ROWS consecutive rows that all leave the same
//    vertical strip (at least MIN_GUTTER_EM wide) free is a column candidate. It is read as
//    columns (left column's lines before the right column's) only when every column looks
//    like running text: enough rows, several words per row, lines that fill the column,
//    few numbers and no cell gaps. Anything else (tables, key/value blocks, an address next
//    to invoice data) stays row by row, so a table row is one line. Columns are searched
//    again inside each column and above/below the region (nested layouts).
// 3. Lines: one per row, or per row of a column. Words are joined by a space; where the gap
//    between two words is wider than CELL_GAP_EM (table cells, tab stops) they are joined
//    by CELL_SEPARATOR instead, a TAB: unambiguous for downstream parsers (a PDF cannot
//    produce a TAB inside a word) and still matched by /\s+/.
import type { BBox } from '../model.js';

export interface LayoutWord {
  text: string;
  /** Top-left origin, page units. */
  bbox: BBox;
  /** y of the baseline, top-left origin. */
  baseline: number;
  /** Font size in page units (the height of an em). */
  size: number;
  /** The word may continue the word to its left without a space (it began a text run). */
  glueLeft?: boolean;
  /** The word may be continued by the word to its right (it ended a text run). */
  glueRight?: boolean;
  /**
   * For rotated text laid out in its own rotated frame (where `bbox` lives): the word's
   * axis-aligned box on the page.
   */
  pageBox?: BBox;
}

export interface LayoutLine {
  text: string;
  bbox: BBox;
  /** Indexes into PageLayout.words. */
  words: number[];
}

export interface PageLayout {
  /** The words after gluing and de-duplication, in reading order. */
  words: LayoutWord[];
  /** In reading order. */
  lines: LayoutLine[];
  /** Lines joined by \n. */
  text: string;
}

/** Words in one row have baselines within this share of the smaller font size. */
export const ROW_BASELINE_TOLERANCE = 0.5;
/** Fragments closer than this (in ems) are one word when no whitespace separated them (as WORD_GAP_EM). */
export const GLUE_GAP_EM = 0.1;
/** A gap wider than this (in ems) between two words of a row separates table cells. */
export const CELL_GAP_EM = 1.0;
export const CELL_SEPARATOR = '\t';
/** The free strip between columns is at least this wide (in ems of the median font size). */
export const MIN_GUTTER_EM = 1.0;
/** A column layout spans at least this many rows... */
export const MIN_REGION_ROWS = 4;
/** ...and each of its columns has text in at least this many rows. */
export const MIN_COLUMN_ROWS = 3;
/** Running text averages at least this many words per line... */
export const PROSE_MIN_WORDS_PER_ROW = 2.5;
/** ...its lines fill at least this share of the column width on average... */
export const PROSE_MIN_FILL = 0.45;
/** ...at most this share of its words are numbers... */
export const PROSE_MAX_NUMERIC_SHARE = 0.35;
/** ...and at most this share of its lines contain a cell gap. */
export const PROSE_MAX_CELL_ROWS = 0.25;
/** Lines further apart than this (in ems) start a new block of a column. */
export const BLOCK_GAP_EM = 2.5;
/** Blocks checked as prose must hold at least this share of a column's lines. */
export const PROSE_MIN_BLOCK_ROWS = 0.75;
/** Side-by-side blocks: at most this share of a column's lines share a row with another column... */
export const BLOCK_MAX_ALIGNED_SHARE = 0.5;
/** ...and less than this share of its words are numbers (else it is a table column). */
export const BLOCK_MAX_NUMERIC_SHARE = 0.5;
const MAX_COLUMN_DEPTH = 4;

const right = (w: LayoutWord) => w.bbox.x + w.bbox.w;

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

export function unionBox(boxes: BBox[]): BBox {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const b of boxes) {
    x0 = Math.min(x0, b.x);
    y0 = Math.min(y0, b.y);
    x1 = Math.max(x1, b.x + b.w);
    y1 = Math.max(y1, b.y + b.h);
  }
  if (!Number.isFinite(x0)) return { x: 0, y: 0, w: 0, h: 0 };
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/** A row of small text (at most this share of its neighbour's size) may be a sub- or superscript of it. */
const SCRIPT_SIZE_SHARE = 0.8;

interface RowDraft {
  ref: LayoutWord;
  words: LayoutWord[];
}

/** A row of small words whose baseline lies within the neighbour row's text (m³, H₂O, footnote¹). */
function isScriptOf(small: RowDraft, row: RowDraft): boolean {
  if (small.words.some((w) => w.size > SCRIPT_SIZE_SHARE * row.ref.size)) return false;
  const top = row.ref.baseline - row.ref.size;
  const bottom = row.ref.baseline + 0.3 * row.ref.size;
  if (small.ref.baseline < top || small.ref.baseline > bottom) return false;
  // Beside the row's words, not on top of them, and touching one of them (m³ or Fußnote¹,
  // not a small-print block next to a big title).
  const near = 0.5 * row.ref.size;
  return small.words.every(
    (s) =>
      row.words.every((w) => s.bbox.x >= right(w) - 0.1 || right(s) <= w.bbox.x + 0.1) &&
      row.words.some((w) => Math.abs(s.bbox.x - right(w)) <= near || Math.abs(w.bbox.x - right(s)) <= near),
  );
}

/** Groups words into rows (top to bottom), each sorted left to right. */
export function groupRows(words: LayoutWord[]): LayoutWord[][] {
  const sorted = [...words].sort((a, b) => a.baseline - b.baseline || a.bbox.x - b.bbox.x);
  const rows: RowDraft[] = [];
  for (const w of sorted) {
    const row = rows[rows.length - 1];
    if (row && Math.abs(w.baseline - row.ref.baseline) <= ROW_BASELINE_TOLERANCE * Math.min(w.size, row.ref.size)) {
      row.words.push(w);
      // The largest word defines the row's baseline (a superscript must not drag it).
      if (w.size > row.ref.size) row.ref = w;
    } else {
      rows.push({ ref: w, words: [w] });
    }
  }
  // Sub- and superscripts raised or lowered by more than the tolerance join their line.
  for (let i = 0; i < rows.length; i++) {
    const small = rows[i]!;
    const target = [rows[i + 1], rows[i - 1]].find((r) => r && isScriptOf(small, r));
    if (target) {
      target.words.push(...small.words);
      rows.splice(i--, 1);
    }
  }
  return rows.map((r) => r.words.sort((a, b) => a.bbox.x - b.bbox.x));
}

function overlapShare(a: BBox, b: BBox): number {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  const smaller = Math.min(a.w * a.h, b.w * b.h);
  return smaller > 0 ? (w * h) / smaller : 0;
}

/**
 * Within one row (sorted by x): drops words drawn twice on the same spot and glues
 * fragments that touch and were not separated by whitespace in the content stream.
 */
export function mergeFragments(row: LayoutWord[]): LayoutWord[] {
  const out: LayoutWord[] = [];
  for (const w of row) {
    const prev = out[out.length - 1];
    if (prev) {
      if (prev.text === w.text && overlapShare(prev.bbox, w.bbox) >= 0.7) continue;
      const gap = w.bbox.x - right(prev);
      const em = Math.min(prev.size, w.size);
      if (prev.glueRight && w.glueLeft && gap < GLUE_GAP_EM * em && gap > -0.5 * em) {
        out[out.length - 1] = {
          text: prev.text + w.text,
          bbox: unionBox([prev.bbox, w.bbox]),
          baseline: prev.size >= w.size ? prev.baseline : w.baseline,
          size: Math.max(prev.size, w.size),
          glueLeft: prev.glueLeft,
          glueRight: w.glueRight,
          ...(prev.pageBox && w.pageBox ? { pageBox: unionBox([prev.pageBox, w.pageBox]) } : {}),
        };
        continue;
      }
    }
    out.push(w);
  }
  return out;
}

const isCellGap = (a: LayoutWord, b: LayoutWord) => b.bbox.x - right(a) > CELL_GAP_EM * Math.max(a.size, b.size);

/** Splits a row (sorted by x) where the gap between words is a cell gap. */
export function splitCells(row: LayoutWord[]): LayoutWord[][] {
  const cells: LayoutWord[][] = [];
  for (const [i, w] of row.entries()) {
    if (i === 0 || isCellGap(row[i - 1]!, w)) cells.push([w]);
    else cells[cells.length - 1]!.push(w);
  }
  return cells;
}

type Interval = [number, number];

/** The parts of [x0, x1] no word of the row covers, at least `min` wide. */
function freeIntervals(row: LayoutWord[], x0: number, x1: number, min: number): Interval[] {
  const out: Interval[] = [];
  let cursor = x0;
  for (const w of row) {
    // Rows are sorted by x; a word may still end before an earlier, longer one.
    if (w.bbox.x - cursor >= min) out.push([cursor, w.bbox.x]);
    cursor = Math.max(cursor, right(w));
  }
  if (x1 - cursor >= min) out.push([cursor, x1]);
  return out;
}

function intersect(a: Interval[], b: Interval[], min: number): Interval[] {
  const out: Interval[] = [];
  for (const [a0, a1] of a) {
    for (const [b0, b1] of b) {
      const lo = Math.max(a0, b0);
      const hi = Math.min(a1, b1);
      if (hi - lo >= min) out.push([lo, hi]);
    }
  }
  return out;
}

const NUMERIC = /\d/;
const isNumeric = (text: string) => {
  if (!NUMERIC.test(text)) return false;
  const digits = text.replace(/\D/g, '').length;
  const letters = text.replace(/[^\p{L}]/gu, '').length;
  return digits >= letters;
};

/** Does this block of consecutive lines read like running text? */
function isProseBlock(filled: LayoutWord[][]): boolean {
  const words = filled.flat();
  if (words.length / filled.length < PROSE_MIN_WORDS_PER_ROW) return false;
  if (words.filter((w) => isNumeric(w.text)).length / words.length > PROSE_MAX_NUMERIC_SHARE) return false;
  // Fill against a robust column width (the 90th percentile of line extents), so one
  // overlong line does not decide.
  const extents = filled.map((r) => Math.max(...r.map(right)) - r[0]!.bbox.x);
  const width = [...extents].sort((a, b) => a - b)[Math.floor((extents.length - 1) * 0.9)]!;
  if (!(width > 0)) return false;
  const fill = extents.reduce((sum, e) => sum + Math.min(1, e / width), 0) / extents.length;
  if (fill < PROSE_MIN_FILL) return false;
  const cellRows = filled.filter((r) => r.some((w, i) => i > 0 && isCellGap(r[i - 1]!, w))).length;
  return cellRows / filled.length <= PROSE_MAX_CELL_ROWS;
}

/**
 * Does this column (its words, per row of the region) read like running text? The column
 * is cut into blocks at vertical gaps wider than BLOCK_GAP_EM; blocks of MIN_COLUMN_ROWS
 * lines or more must each be prose, and they must hold PROSE_MIN_BLOCK_ROWS of the column's
 * lines, so a table's last rows or a key/value list caught at a block's edge reject it while
 * a page number or a two-line heading does not.
 */
function isProse(rows: LayoutWord[][]): boolean {
  const filled = rows.filter((r) => r.length > 0);
  if (filled.length < MIN_COLUMN_ROWS) return false;
  const blocks: LayoutWord[][][] = [];
  let prevBaseline = -Infinity;
  for (const r of filled) {
    const baseline = Math.max(...r.map((w) => w.baseline));
    const size = median(r.map((w) => w.size));
    if (baseline - prevBaseline > BLOCK_GAP_EM * size || blocks.length === 0) blocks.push([r]);
    else blocks[blocks.length - 1]!.push(r);
    prevBaseline = baseline;
  }
  let proseRows = 0;
  for (const block of blocks) {
    if (block.length < MIN_COLUMN_ROWS) continue;
    if (!isProseBlock(block)) return false;
    proseRows += block.length;
  }
  return proseRows / filled.length >= PROSE_MIN_BLOCK_ROWS;
}

/**
 * Independent blocks side by side (an address next to invoice data, a letterhead next to a
 * title): their lines rarely share a baseline with the other column's lines. Table cells
 * do (every amount sits on its description's row), and so do the numbers of a table whose
 * cells are vertically centred, which the numeric limit catches.
 */
function isIndependentBlock(column: LayoutWord[][], others: LayoutWord[][][]): boolean {
  let rows = 0;
  let aligned = 0;
  const words: LayoutWord[] = [];
  const baselines: number[] = [];
  column.forEach((r, i) => {
    if (r.length === 0) return;
    rows++;
    words.push(...r);
    baselines.push(Math.max(...r.map((w) => w.baseline)));
    if (others.some((o) => o[i]!.length > 0)) aligned++;
  });
  if (rows < MIN_COLUMN_ROWS || aligned / rows > BLOCK_MAX_ALIGNED_SHARE) return false;
  if (words.filter((w) => isNumeric(w.text)).length / words.length >= BLOCK_MAX_NUMERIC_SHARE) return false;
  // A block is compact: its lines follow each other at ordinary line spacing. Lines of a
  // table column that only look independent (subtotals) sit far apart.
  const pitches = baselines.slice(1).map((b, k) => b - baselines[k]!);
  return median(pitches) <= BLOCK_GAP_EM * median(words.map((w) => w.size));
}

export interface ColumnRegion {
  /** First and last row (inclusive) of the region. */
  start: number;
  end: number;
  /** Free strips between columns, left to right. */
  gutters: Interval[];
}

/** Splits the words of some rows into columns at the gutters (by each word's centre). */
function splitByGutters(rows: LayoutWord[][], gutters: Interval[]): LayoutWord[][][] {
  const columns: LayoutWord[][][] = gutters.map(() => []).concat([[]]);
  for (const row of rows) {
    const parts: LayoutWord[][] = columns.map(() => []);
    for (const w of row) {
      const centre = w.bbox.x + w.bbox.w / 2;
      let c = 0;
      while (c < gutters.length && centre > (gutters[c]![0] + gutters[c]![1]) / 2) c++;
      parts[c]!.push(w);
    }
    parts.forEach((p, c) => columns[c]!.push(p));
  }
  return columns;
}

/** Strips with text on both sides in enough rows to be columns (a page number in the margin does not make a column). */
function interiorGutters(region: LayoutWord[][], free: Interval[]): Interval[] {
  const sideRows = (test: (w: LayoutWord) => boolean) => region.filter((r) => r.some(test)).length;
  return free
    .filter(([g0, g1]) => sideRows((w) => right(w) <= g0 + 1e-6) >= MIN_COLUMN_ROWS && sideRows((w) => w.bbox.x >= g1 - 1e-6) >= MIN_COLUMN_ROWS)
    .sort((a, b) => a[0] - b[0]);
}

/**
 * Side-by-side blocks end where the columns start sharing rows: before the first two
 * consecutive rows with text in more than one column (the head of a table). Returns the
 * number of rows before that point.
 */
function blocksEnd(region: LayoutWord[][], gutters: Interval[]): number {
  const columns = splitByGutters(region, gutters);
  const spans = region.map((_, i) => columns.filter((c) => c[i]!.length > 0).length > 1);
  for (let i = 0; i + 1 < spans.length; i++) if (spans[i] && spans[i + 1]) return i;
  return region.length;
}

/**
 * The longest run of rows that reads as columns, if any: running text in every column, or
 * independent blocks side by side (see isProse and isIndependentBlock).
 */
export function findColumnRegion(rows: LayoutWord[][]): ColumnRegion | null {
  if (rows.length < MIN_REGION_ROWS) return null;
  const all = rows.flat();
  const x0 = Math.min(...all.map((w) => w.bbox.x));
  const x1 = Math.max(...all.map(right));
  const minGutter = Math.max(MIN_GUTTER_EM * median(all.map((w) => w.size)), 2);
  const free = rows.map((r) => freeIntervals(r, x0, x1, minGutter));
  let best: ColumnRegion | null = null;
  const bestRows = () => (best ? best.end - best.start + 1 : MIN_REGION_ROWS - 1);
  for (let i = 0; i + MIN_REGION_ROWS <= rows.length; i++) {
    let cur = free[i]!;
    if (cur.length === 0) continue;
    let j = i;
    while (j + 1 < rows.length) {
      const next = intersect(cur, free[j + 1]!, minGutter);
      if (next.length === 0) break;
      cur = next;
      j++;
    }
    if (j - i + 1 <= bestRows()) continue;
    const region = rows.slice(i, j + 1);
    const gutters = interiorGutters(region, cur);
    if (gutters.length === 0) continue;
    const columns = splitByGutters(region, gutters);
    if (columns.every(isProse)) {
      best = { start: i, end: j, gutters };
      continue;
    }
    const count = blocksEnd(region, gutters);
    if (count <= bestRows()) continue;
    const blocks = region.slice(0, count);
    const blockGutters = interiorGutters(blocks, cur);
    if (blockGutters.length === 0) continue;
    const blockColumns = splitByGutters(blocks, blockGutters);
    if (blockColumns.every((c, k) => isIndependentBlock(c, blockColumns.filter((_, m) => m !== k)))) {
      best = { start: i, end: i + count - 1, gutters: blockGutters };
    }
  }
  return best;
}

/** Rows (top to bottom) into lines in reading order; each line is a row or part of one. */
function orderRows(rows: LayoutWord[][], depth: number): LayoutWord[][] {
  if (depth >= MAX_COLUMN_DEPTH) return rows;
  const region = findColumnRegion(rows);
  if (!region) return rows;
  const lines = orderRows(rows.slice(0, region.start), depth + 1);
  for (const column of splitByGutters(rows.slice(region.start, region.end + 1), region.gutters)) {
    lines.push(...orderRows(groupRows(column.flat()), depth + 1));
  }
  lines.push(...orderRows(rows.slice(region.end + 1), depth + 1));
  return lines;
}

function lineText(line: LayoutWord[]): string {
  return splitCells(line)
    .map((cell) => cell.map((w) => w.text).join(' '))
    .join(CELL_SEPARATOR);
}

/** The page's words in reading order, grouped into lines. */
export function layoutPage(input: LayoutWord[]): PageLayout {
  const rows = groupRows(input.filter((w) => w.text.length > 0)).map(mergeFragments);
  const ordered = orderRows(rows, 0);
  const words: LayoutWord[] = [];
  const lines: LayoutLine[] = [];
  for (const line of ordered) {
    if (line.length === 0) continue;
    const indexes = line.map((w) => words.push(w) - 1);
    lines.push({ text: lineText(line), bbox: unionBox(line.map((w) => w.bbox)), words: indexes });
  }
  return { words, lines, text: lines.map((l) => l.text).join('\n') };
}
