// OCR pages as lines and cells, by geometry (used by buildEvidence for OCR pages only).
// A text layer keeps a printed row in one line and its word boxes all have the font's height,
// so a gap of 1.6 heights separates two cells reliably. OCR differs on both counts: tesseract
// returns a table's columns as separate blocks (one printed row, several lines), and its word
// boxes are the ink's box — specks, underlines and merged noise make some of them two or three
// times the text height, so that the median of a short line (a row of table headings) is so
// large that no gap between the headings counts as a cell break ("Skonto sofort Nettobetrag
// MwSt-Betrag" became one cell). Rows are rebuilt from the lines' text bands, and gaps are
// measured against the words tesseract read with confidence.

import { LABEL_WORDS, nearestLabelWord, repairOcrAmounts, repairOcrCell, type AmountCell } from './normalize/ocr-repair.js';

export interface OcrWordBox {
  bbox: { h: number };
  confidence: number;
  text: string;
}

/** Words read well enough for their box to be the glyphs' box. */
const CONFIDENT = 60;

const median = (xs: number[]): number => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

const isConfident = (w: OcrWordBox) => w.confidence >= CONFIDENT && /[\p{L}\p{N}]/u.test(w.text);

/** The page's text height: the median box height of its confidently read words (0 if none). */
export function ocrPageTextHeight(words: readonly OcrWordBox[]): number {
  return median(words.filter(isConfident).map((w) => w.bbox.h));
}

/**
 * The text height of one OCR line, for its cell gaps: the median of its confident words,
 * else of all its words, capped at 1.5× the page's text height (a line of larger type keeps
 * its own height up to that; a heading set much larger is rare in a table row).
 */
export function ocrLineTextHeight(words: readonly OcrWordBox[], pageTextHeight: number): number {
  const confident = words.filter(isConfident).map((w) => w.bbox.h);
  const h = median(confident.length ? confident : words.map((w) => w.bbox.h));
  return pageTextHeight > 0 ? Math.min(h, pageTextHeight * 1.5) : h;
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * The word boxes of one OCR line with noise trimmed: a badly read word whose box is more than
 * 1.6× the line's text height (a speck or a rule merged into it) takes the line's confident
 * vertical extent, so that it neither reaches into the next row (a heading "beside" the values
 * under it) nor inflates the cell it belongs to.
 */
export function ocrLineBoxes(words: ReadonlyArray<OcrWordBox & { bbox: Box }>, lineTextHeight: number): Box[] {
  const confident = words.filter((w) => isConfident(w) && w.bbox.h <= lineTextHeight * 1.6);
  if (!confident.length || !lineTextHeight) return words.map((w) => w.bbox);
  const top = median(confident.map((w) => w.bbox.y));
  const bottom = median(confident.map((w) => w.bbox.y + w.bbox.h));
  // A confident word keeps its box: a tesseract line can join two columns set at slightly
  // different heights, and its words are where they are.
  return words.map((w) => (w.bbox.h > lineTextHeight * 1.6 && !isConfident(w) ? { x: w.bbox.x, y: top, w: w.bbox.w, h: Math.max(1, bottom - top) } : w.bbox));
}

/** One OCR line's words with noise-trimmed boxes, and the height its cell gaps are measured by. */
export function tidyOcrLine<W extends OcrWordBox & { bbox: Box }>(words: readonly W[], pageTextHeight: number): { words: W[]; gapHeight: number } {
  const gapHeight = ocrLineTextHeight(words, pageTextHeight);
  const boxes = ocrLineBoxes(words, gapHeight);
  return { words: words.map((w, i) => (boxes[i] === w.bbox ? w : { ...w, bbox: boxes[i]! })), gapHeight };
}

/** Boxes of the cells repaired from a misreading (looked up like ocrConfidence's). */
const repaired = new WeakSet<object>();

/**
 * Rewrites the misread amount cells of one OCR page that arithmetic confirms
 * (normalize/ocr-repair.ts), and the texts of their lines. Returns how many were repaired.
 */
export function repairOcrPageAmounts(lines: Array<{ text: string; bbox: Box; segments: AmountCell[] }>, separator: string): number {
  const rows = [...lines].sort((a, b) => a.bbox.y - b.bbox.y).map((l) => l.segments);
  const fixes = repairOcrAmounts(rows);
  for (const f of fixes) {
    f.cell.text = f.text;
    repaired.add(f.cell.bbox);
  }
  if (fixes.length) for (const l of lines) l.text = l.segments.map((s) => s.text).join(separator);
  return fixes.length;
}

/** An OCR cell with a misread label, IBAN or VAT id repaired in place (normalize/ocr-repair.ts). */
export function repairOcrSegment(cell: AmountCell): void {
  const text = repairOcrCell(cell.text);
  if (text === cell.text) return;
  cell.text = text;
  repaired.add(cell.bbox);
}

/**
 * The weakest confidence of an OCR cell's words, leaving out the leading words the label repair
 * rewrote into a label word ("Ech6ance" read with confidence 30 is "Échéance"): the repair is
 * their check, and the value's own words still count.
 */
export function ocrCellConfidence(words: readonly OcrWordBox[], asRead: string, repairedText: string): number {
  const bare = (word: string) => word.replace(/^[^\p{L}\d]+|[^\p{L}\d]+$/gu, '');
  const read = asRead.split(' ');
  const now = repairedText.split(' ');
  const aligned = read.length === words.length && now.length === words.length;
  const kept = words.filter((w, i) => !(aligned && i < LABEL_WORDS && read[i] !== now[i] && nearestLabelWord(bare(read[i]!)) === bare(now[i]!).toLowerCase()));
  return Math.min(...(kept.length ? kept : words).map((w) => w.confidence));
}

/** True for a cell whose text was repaired from a misreading (by its box, as ocrConfidence). */
export function ocrRepaired(bbox: object | null | undefined): boolean {
  return Boolean(bbox && repaired.has(bbox));
}

/**
 * The page's residual skew (dy per dx) as tesseract's lines show it: the median slope of the
 * word centres along the lines with a few confident words spread over some width. A scan
 * turned by 0.8° puts two cells of one row 600 px apart 8 px apart vertically. The width is
 * counted in text heights, not in box units: an image page is read in pixels (150 dpi: 15 px
 * text), a scanned PDF page in points (7 pt text), and a table's description column of four
 * words spans about 130 pt.
 */
export function ocrSkew(words: ReadonlyArray<OcrWordBox & { bbox: Box }>, lines: ReadonlyArray<{ words: number[] }>): number {
  const minSpread = 8 * ocrPageTextHeight(words);
  const slopes: number[] = [];
  for (const l of lines) {
    const ws = l.words.map((i) => words[i]).filter((w): w is OcrWordBox & { bbox: Box } => Boolean(w) && isConfident(w!));
    if (ws.length < 3) continue;
    const xs = ws.map((w) => w.bbox.x + w.bbox.w / 2);
    const ys = ws.map((w) => w.bbox.y + w.bbox.h / 2);
    const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
    const my = ys.reduce((a, b) => a + b, 0) / ys.length;
    const sxx = xs.reduce((a, x) => a + (x - mx) ** 2, 0);
    if (Math.max(...xs) - Math.min(...xs) < minSpread || !sxx) continue;
    slopes.push(xs.reduce((a, x, i) => a + (x - mx) * (ys[i]! - my), 0) / sxx);
  }
  const m = median(slopes);
  return Math.abs(m) <= 0.05 ? m : 0;
}

/** The area two boxes share (0 when they do not meet). */
const intersection = (a: Box, b: Box): number => {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w <= 0 || h <= 0 ? 0 : w * h;
};
/** The share of the smaller box that the two share. */
const overlapShare = (a: Box, b: Box): number => intersection(a, b) / Math.max(1, Math.min(a.w * a.h, b.w * b.h));

/** Two readings of one ink: "06.08.2013" and "06.08.201", "Summe" and "Summe:" (at most a third of the longer differs). */
function sameReading(a: string, b: string): boolean {
  const [s, t] = a.length <= b.length ? [a, b] : [b, a];
  if (t.startsWith(s) || t.endsWith(s)) return s.length >= Math.ceil((2 * t.length) / 3);
  if (s.length !== t.length) return false;
  let d = 0;
  for (let i = 0; i < s.length; i++) if (s[i] !== t[i]) d++;
  return d <= Math.floor(t.length / 3);
}

/** A line's text band: the median top and bottom of its confidently read words (of all its words when none is), or null. */
function textBand(words: ReadonlyArray<OcrWordBox & { bbox: Box }>, line: { words: number[] }): { top: number; bottom: number } | null {
  const ws = line.words.map((i) => words[i]).filter((w): w is OcrWordBox & { bbox: Box } => Boolean(w));
  const sure = ws.filter(isConfident);
  const use = sure.length ? sure : ws;
  if (!use.length) return null;
  return { top: median(use.map((w) => w.bbox.y)), bottom: median(use.map((w) => w.bbox.y + w.bbox.h)) };
}

/**
 * Tesseract's lines with ink read twice left once: a word inside an over-tall line (two rows
 * merged, "Beleg-Nr R876… 06.08.2013") can also be read by the line of its own row ("Beleg-Datum
 * 06.08.201"), each reading in a different line. The word stays in the line whose text band
 * holds it best, with the more confident reading; the other copy is dropped. Lines are returned
 * with word indices, as given.
 */
export function dropDoubleReadings(words: ReadonlyArray<OcrWordBox & { bbox: Box }>, lines: ReadonlyArray<{ words: number[] }>): Array<{ words: number[] }> {
  const lineOf = new Map<number, number>();
  lines.forEach((l, k) => l.words.forEach((i) => lineOf.set(i, k)));
  const band = lines.map((l) => {
    const b = textBand(words, l);
    return b ? (b.top + b.bottom) / 2 : 0;
  });
  const out = lines.map((l) => ({ words: [...l.words] }));
  const order = [...lineOf.keys()].sort((a, b) => words[a]!.bbox.x - words[b]!.bbox.x);
  const gone = new Set<number>();
  for (let p = 0; p < order.length; p++) {
    const i = order[p]!;
    const a = words[i]!;
    if (gone.has(i) || !/[\p{L}\p{N}]/u.test(a.text)) continue;
    for (let q = p + 1; q < order.length; q++) {
      const j = order[q]!;
      const b = words[j]!;
      if (b.bbox.x > a.bbox.x + a.bbox.w) break;
      if (gone.has(j) || lineOf.get(i) === lineOf.get(j) || overlapShare(a.bbox, b.bbox) < 0.8 || !sameReading(a.text, b.text)) continue;
      const li = lineOf.get(i)!;
      const lj = lineOf.get(j)!;
      const fit = (w: OcrWordBox & { bbox: Box }, k: number) => Math.abs(w.bbox.y + w.bbox.h / 2 - band[k]!);
      // The better reading goes where the ink sits best; the other line loses its copy.
      const [keep, drop] = b.confidence > a.confidence ? [j, i] : [i, j];
      const fa = fit(a, li);
      const fb = fit(b, lj);
      // Both bands hold the ink alike: one row read twice, once whole ("Alpha cars - Haupstrasse
      // 35 - 12345 Himmel:") and once in part ("35 - 12345 Hii"). The word stays in the longer
      // reading, so that the row's text stays in one piece.
      const tie = Math.abs(fa - fb) < 0.25 * Math.max(1, Math.min(a.bbox.h, b.bbox.h));
      const [home, away] = tie ? (lines[li]!.words.length >= lines[lj]!.words.length ? [li, lj] : [lj, li]) : fa <= fb ? [li, lj] : [lj, li];
      out[away]!.words = out[away]!.words.filter((x) => x !== i && x !== j);
      out[home]!.words = out[home]!.words.map((x) => (x === i || x === j ? keep : x));
      gone.add(drop);
      if (drop === i) break;
    }
  }
  return out;
}

/** The share of box `a` that box `b` covers. */
const covered = (a: Box, b: Box): number => intersection(a, b) / Math.max(1, a.w * a.h);

/**
 * Pieces of one line's ink read once more inside another line (strays32): two close lines of small print on a turned
 * scan ("… York YO1 7HH" over "IBAN GB53 NWBK 6016 1331 9268 72") came back with "rk", "YOL" and "7HH" inside the IBAN's
 * line and the IBAN's "GB" inside the line above, which cut the IBAN. Such a word lies outside its own line's text band
 * (its centre more than 0.7 of the band's height away) and on ink that a confidently read word of another line covers
 * (60 % of the stray's box; strays32b: a speck inside a long word never takes it away) inside that line's band: it is
 * dropped from its line. A line of three words or fewer keeps its words (its band is no measure).
 */
export function dropStrayReadings(words: ReadonlyArray<OcrWordBox & { bbox: Box }>, lines: ReadonlyArray<{ words: number[] }>): Array<{ words: number[] }> {
  const bands = lines.map((l) => textBand(words, l));
  const fits = (i: number, k: number, share: number) => {
    const b = bands[k];
    const w = words[i];
    return Boolean(b && w) && Math.abs(w!.bbox.y + w!.bbox.h / 2 - (b!.top + b!.bottom) / 2) <= share * Math.max(1, b!.bottom - b!.top);
  };
  return lines.map((l, k) => {
    if (l.words.length <= 3 || !bands[k]) return { words: [...l.words] };
    return {
      words: l.words.filter((i) => {
        const w = words[i];
        if (!w || fits(i, k, 0.7)) return true;
        return !lines.some((o, m) => m !== k && o.words.some((j) => words[j] && isConfident(words[j]!) && covered(w.bbox, words[j]!.bbox) >= 0.6 && fits(j, m, 0.35)));
      }),
    };
  });
}

/**
 * Visual rows of an OCR page: tesseract reads a table or a two-column header as blocks, so
 * the cells of one printed row come back as several lines (a column of headings and its
 * values read as one block beside the others). A text layer keeps such a row in one line,
 * and the label rules read rows. Lines whose text bands agree once the page's skew is taken
 * out (centres within 0.3 text heights, heights within a factor 1.8) and that do not overlap
 * horizontally are joined, words ordered left to right; rows are returned top to bottom.
 * Cells set a little lower (a sidebar beside the address window) stay on rows of their own,
 * as a text layer has them.
 */
export function ocrRows(words: ReadonlyArray<OcrWordBox & { bbox: Box }>, read: ReadonlyArray<{ words: number[] }>): number[][] {
  const lines = dropStrayReadings(words, dropDoubleReadings(words, read));
  const skew = ocrSkew(words, lines);
  const bands = lines
    .map((l) => {
      const ws = l.words.map((i) => words[i]).filter((w): w is OcrWordBox & { bbox: Box } => Boolean(w));
      const band = textBand(words, l);
      if (!band) return null;
      const { top, bottom } = band;
      const x0 = Math.min(...ws.map((w) => w.bbox.x));
      const x1 = Math.max(...ws.map((w) => w.bbox.x + w.bbox.w));
      return { words: l.words.filter((i) => words[i]), top, bottom, x0, x1, level: (top + bottom) / 2 - skew * ((x0 + x1) / 2) };
    })
    .filter((b): b is NonNullable<typeof b> => b !== null);
  const rows: Array<{ members: typeof bands; level: number; height: number }> = [];
  for (const b of [...bands].sort((p, q) => p.level - q.level)) {
    const h = Math.max(1, b.bottom - b.top);
    let best: (typeof rows)[number] | null = null;
    for (const r of rows) {
      const d = Math.abs(r.level - b.level);
      if (d > 0.3 * Math.max(r.height, h) || Math.max(r.height, h) / Math.min(r.height, h) > 1.8) continue;
      if (!r.members.every((m) => b.x1 <= m.x0 || b.x0 >= m.x1)) continue;
      if (!best || d < Math.abs(best.level - b.level)) best = r;
    }
    if (best) best.members.push(b);
    else rows.push({ members: [b], level: b.level, height: h });
  }
  return rows
    .sort((p, q) => Math.min(...p.members.map((m) => m.top)) - Math.min(...q.members.map((m) => m.top)))
    .map((r) => r.members.sort((p, q) => p.x0 - q.x0).flatMap((m) => m.words));
}
