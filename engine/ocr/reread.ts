// Second stage of two-stage recognition: the page was read with the fast model; the words it
// is unsure of are read again with best_int and the better reading is kept.
//
// Which words: low confidence, digits (amounts, meter readings, dates — what extraction
// lives on) below a higher confidence, or characters outside what German and English
// business documents print. Consecutive such words of one line are read together (the LSTM
// reads better with context and each run costs one row). All runs of a page are cut out of
// the page image and stacked into one image, one run per row with white space between, and
// recognized in one call as a uniform block: one call instead of one per word (tesseract.js's
// per-call cost — image transfer, layout, result JSON — would otherwise add up), and the
// recognizer's cost grows with the stacked text, not with the page.
import type Tesseract from 'tesseract.js';
import type { Gray } from './preprocess.js';
import { crop } from './preprocess.js';
import type { Recognizer } from './recognizer.js';

/**
 * `uncertain`: the rule above. `digits`: additionally every word with a digit, whatever its
 * confidence (the safer, dearer variant).
 */
export type RereadRule = 'uncertain' | 'digits';

export const REREAD = {
  /** Any word below this confidence is read again. */
  lowConfidence: 80,
  /** A word with a digit below this confidence is read again. */
  digitConfidence: 93,
  /** best_int's reading wins unless its confidence is this much lower than fast's. */
  margin: 10,
  /**
   * When more than this share of the page's characters is unsure, the page is a poor scan
   * on which the fast model's layout and words are not worth mending: it is read again
   * whole with best_int.
   */
  pageShare: 0.3,
  /**
   * A line whose length-weighted mean confidence reaches this is not re-read at all
   * (Infinity: off). Measured in docs/decisions.md, "OCR: cheaper re-read".
   */
  sureLine: Infinity,
  /** Crop margin around a run's words, as a share of their height. */
  pad: 1 / 3,
};

// Measurement only (scripts/eval-*): `DOCDESK_OCR_REREAD="sureLine=90,digitConfidence=88"`
// overrides the numbers above in this process and the worker processes it starts.
for (const part of (process.env.DOCDESK_OCR_REREAD ?? '').split(',')) {
  const [key, value] = part.split('=').map((x) => x.trim());
  if (key && key in REREAD && value !== undefined && Number.isFinite(Number(value))) (REREAD as Record<string, number>)[key] = Number(value);
}

/** What the documents print: Latin letters, digits, usual punctuation and symbols. */
const EXPECTED = /^[\p{Script=Latin}\p{N}.,:;!?€$£%&§/\\()[\]'"„“”‚‘’«»+\-–—*#@=_°²³·]+$/u;
const DIGIT = /\p{N}/u;

/** Which rule of the `uncertain` set sends a word to the re-read, if any (first that applies). */
export function rereadReason(word: { text: string; confidence: number }): 'low' | 'digit' | 'odd' | null {
  if (word.confidence < REREAD.lowConfidence) return 'low';
  if (DIGIT.test(word.text) && word.confidence < REREAD.digitConfidence) return 'digit';
  return EXPECTED.test(word.text.trim()) ? null : 'odd';
}

export function needsReread(word: { text: string; confidence: number }, rule: RereadRule): boolean {
  return (rule === 'digits' && DIGIT.test(word.text)) || rereadReason(word) !== null;
}

/** Mean confidence weighted by length. */
function confidence(words: Tesseract.Word[]): number {
  const len = words.reduce((s, w) => s + w.text.length, 0);
  return len ? words.reduce((s, w) => s + w.confidence * w.text.length, 0) / len : 0;
}

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Consecutive words of one line to read again, and where to cut them out of the image. */
export interface Run {
  line: Tesseract.Line;
  /** Index of the first word in `line.words` and how many. */
  start: number;
  count: number;
  /** Where to cut (the words' own box with margins). */
  box: Box;
  /** The words' own box: readings centred outside it belong to a neighbour. */
  words: Tesseract.Bbox;
}

/**
 * The runs to read again in `blocks` (a reading of `img`). A run's box spans its words with
 * a margin of a third of their height, and sideways reaches at most halfway to the
 * neighbouring words, so no neighbour's glyph is cut in half.
 */
export function selectRuns(blocks: Tesseract.Block[] | null, img: Gray, rule: RereadRule): Run[] {
  const runs: Run[] = [];
  for (const block of blocks ?? [])
    for (const para of block.paragraphs ?? [])
      for (const line of para.lines ?? []) {
        const words = (line.words ?? []).filter((w) => w.text.trim());
        if (words.length !== (line.words ?? []).length) line.words = words;
        if (confidence(words) >= REREAD.sureLine) continue;
        let i = 0;
        while (i < words.length) {
          if (!needsReread(words[i]!, rule)) {
            i++;
            continue;
          }
          let j = i + 1;
          while (j < words.length && needsReread(words[j]!, rule)) j++;
          const own = words.slice(i, j).map((w) => w.bbox);
          const wb = { x0: own[0]!.x0, x1: own[own.length - 1]!.x1, y0: Math.min(...own.map((b) => b.y0)), y1: Math.max(...own.map((b) => b.y1)) };
          const pad = Math.max(2, Math.round((wb.y1 - wb.y0) * REREAD.pad));
          const prev = i > 0 ? words[i - 1]!.bbox.x1 : -Infinity;
          const next = j < words.length ? words[j]!.bbox.x0 : Infinity;
          const x0 = Math.max(0, Math.round(Math.max(wb.x0 - pad, (prev + wb.x0) / 2)));
          const x1 = Math.min(img.width, Math.round(Math.min(wb.x1 + pad, (wb.x1 + next) / 2)));
          const y0 = Math.max(0, wb.y0 - pad);
          const y1 = Math.min(img.height, wb.y1 + pad);
          if (x1 - x0 >= 4 && y1 - y0 >= 6) runs.push({ line, start: i, count: j - i, box: { left: x0, top: y0, width: x1 - x0, height: y1 - y0 }, words: wb });
          i = j;
        }
      }
  return runs;
}

/** Where each run's crop sits in the stacked image. */
export interface Stack {
  image: Gray;
  rows: Array<{ top: number; height: number; dx: number; dy: number }>;
}

/** Crops stacked one per row on white, left-aligned, with white space between; `tops[k]` is crop k's first row. */
export function stackCrops(crops: Gray[]): { image: Gray; tops: number[]; margin: number } {
  const heights = crops.map((c) => c.height).sort((a, b) => a - b);
  const typical = heights[Math.floor(heights.length / 2)] ?? 0;
  const margin = Math.max(8, Math.round(typical * 0.6));
  const width = Math.max(...crops.map((c) => c.width)) + 2 * margin;
  let y = margin;
  const tops: number[] = [];
  for (const c of crops) {
    tops.push(y);
    y += c.height + margin;
  }
  const data = Buffer.alloc(width * y, 255);
  crops.forEach((c, k) => {
    for (let yy = 0; yy < c.height; yy++) c.data.copy(data, (tops[k]! + yy) * width + margin, yy * c.width, (yy + 1) * c.width);
  });
  return { image: { data, width, height: y }, tops, margin };
}

/** The runs' crops of `img`, one per row on white, left-aligned, with white space between. */
export function stackRuns(img: Gray, runs: Run[]): Stack {
  const { image, tops, margin } = stackCrops(runs.map((r) => crop(img, r.box)));
  const rows = runs.map((r, k) => ({ top: tops[k]!, height: r.box.height, dx: r.box.left - margin, dy: r.box.top - tops[k]! }));
  return { image, rows };
}

/** Recognizes a stacked image as one uniform block (PSM 6) with `worker`. */
export function recognizeBlock(worker: Recognizer, img: Gray, dpi: number): Promise<Tesseract.Block[] | null> {
  return worker.recognize(img, dpi, { psm: 'block' });
}

const shift = (b: Tesseract.Bbox, dx: number, dy: number): Tesseract.Bbox => ({ x0: b.x0 + dx, y0: b.y0 + dy, x1: b.x1 + dx, y1: b.y1 + dy });

/** The words of a reading of the stacked image, grouped by the row they fall in, in image coordinates. */
export function wordsByRow(blocks: Tesseract.Block[] | null, stack: Stack): Tesseract.Word[][] {
  const out: Tesseract.Word[][] = stack.rows.map(() => []);
  const words: Tesseract.Word[] = [];
  for (const block of blocks ?? []) for (const para of block.paragraphs ?? []) for (const line of para.lines ?? []) for (const w of line.words ?? []) if (w.text.trim()) words.push(w);
  for (const w of words) {
    const cy = (w.bbox.y0 + w.bbox.y1) / 2;
    const k = stack.rows.findIndex((r) => cy >= r.top && cy < r.top + r.height);
    if (k < 0) continue;
    const row = stack.rows[k]!;
    out[k]!.push({ ...w, text: w.text.trim(), bbox: shift(w.bbox, row.dx, row.dy) });
  }
  for (const row of out) row.sort((a, b) => a.bbox.x0 - b.bbox.x0);
  return out;
}

/**
 * Replaces each run's words by best_int's reading unless that reading is empty or clearly
 * less confident. Where both read the same text, the higher confidence stands. Returns how
 * many runs changed. Runs must come from `selectRuns` on the same blocks (edited in place,
 * from the last run of a line backwards so indices stay valid).
 */
export function mergeRereads(runs: Run[], rereads: Tesseract.Word[][]): number {
  let changed = 0;
  for (let k = runs.length - 1; k >= 0; k--) {
    const run = runs[k]!;
    let best = rereads[k] ?? [];
    // Text of a neighbouring line or word that reached into the crop is not this run's.
    const tol = (run.words.y1 - run.words.y0) / 3;
    best = best.filter((w) => {
      const cx = (w.bbox.x0 + w.bbox.x1) / 2;
      const cy = (w.bbox.y0 + w.bbox.y1) / 2;
      return cx >= run.words.x0 - tol && cx <= run.words.x1 + tol && cy >= run.words.y0 - tol && cy <= run.words.y1 + tol;
    });
    if (best.length === 0) continue;
    const fast = run.line.words.slice(run.start, run.start + run.count);
    const fastConf = confidence(fast);
    const bestConf = confidence(best);
    const same = best.map((w) => w.text).join(' ') === fast.map((w) => w.text).join(' ');
    if (same) {
      if (bestConf > fastConf) fast.forEach((w, i) => (w.confidence = Math.max(w.confidence, best[i]!.confidence)));
      continue;
    }
    if (bestConf < fastConf - REREAD.margin) continue;
    run.line.words.splice(run.start, run.count, ...best);
    changed++;
  }
  return changed;
}

/** Share of the characters of `blocks` that `runs` cover. */
export function unsureShare(blocks: Tesseract.Block[] | null, runs: Run[]): number {
  let all = 0;
  for (const block of blocks ?? []) for (const para of block.paragraphs ?? []) for (const line of para.lines ?? []) for (const w of line.words ?? []) all += w.text.trim().length;
  let unsure = 0;
  for (const r of runs) for (const w of r.line.words.slice(r.start, r.start + r.count)) unsure += w.text.trim().length;
  return all ? unsure / all : 0;
}

/**
 * Reads the uncertain words of `blocks` (a fast reading of `img`) again with `best` and
 * merges in place. `dpi` as for the page. Returns 'page' without touching `blocks` when so
 * much is unsure that the whole page should be read again (REREAD.pageShare).
 */
export async function rereadUncertain(best: Recognizer, img: Gray, blocks: Tesseract.Block[] | null, rule: RereadRule, dpi: number): Promise<{ runs: number; changed: number } | 'page'> {
  const runs = selectRuns(blocks, img, rule);
  if (runs.length === 0) return { runs: 0, changed: 0 };
  if (rule === 'uncertain' && unsureShare(blocks, runs) > REREAD.pageShare) return 'page';
  const stack = stackRuns(img, runs);
  const read = await recognizeBlock(best, stack.image, dpi);
  return { runs: runs.length, changed: mergeRereads(runs, wordsByRow(read, stack)) };
}
