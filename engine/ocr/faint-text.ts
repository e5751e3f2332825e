// Grey text the page reading failed on: a letterhead address, the invoice number block of a modern template printed
// in #555–#777 on a page whose other ink is black. Tesseract binarizes the whole page with one Otsu threshold; the
// black ink pulls it below the grey of thin, blurred letters, so such lines come back as fragments ("jate" for
// "Issue date: 18 Jun 2026") or not at all.
//
// Lifting grey text on the whole page before it is read (faint35) read more words but moved tesseract's layout
// analysis on pages that read well, and fields followed the layout. So this runs after the page reading and touches
// only where it failed:
// 1. Faint ink: pixels darker than a second threshold between the page's and its paper, outside the boxes of the
//    page reading's confident words, grouped into text-line bands as for dropped small print (recover.ts). A band is
//    faint when little of its ink survives the page threshold: black text the page reading was unsure of is the
//    re-read's (reread.ts), not this.
// 2. Each band is cut out alone (white around its rows and columns), its own ink stretched to black and its paper to
//    white, scaled like recovered small print and read with best_int in one stacked call.
// 3. A band is taken only when every word read in it has confidence ≥ 80. Its words (centred in it, over no sure
//    word) replace the unsure words of the page reading within their span when those are less sure: joining their
//    line when they all came from one line that keeps other words (the rest of a row read in part), else as a line
//    of their own.
import type Tesseract from 'tesseract.js';
import { applyLut, histogram, percentile, type Gray } from './preprocess.js';
import { centreIn, findDroppedBands, insertLine, ownArea, RECOVER, scaledForReading, stackedToPage, type Band } from './recover.js';
import type { Recognizer } from './recognizer.js';
import { recognizeBlock, stackCrops } from './reread.js';

export const FAINT_TEXT = {
  /** The faint-ink threshold: this share of the way from the page threshold to its paper. */
  towardsPaper: 0.6,
  /** Ink and paper closer than this are a tint or noise, not text. */
  minContrast: 48,
  /** A band is faint when at most this share of its faint ink is also ink at the page threshold. */
  maxDarkShare: 0.35,
  /** Page words at least this sure cover their ink (the re-read's bar for words with digits is 93; a wrong grey word reads 82); a band's reading must beat the words it replaces. */
  sureWord: 90,
  /** A word box taller than this many of the page's text heights is not sure, however confident. */
  maxWordLines: 1.8,
  /** Nor is one lower than this share of it. */
  minWordLines: 0.4,
};

const HAS_ALNUM = /[\p{L}\p{N}]/u;

export interface FaintReading {
  /** Faint bands found, and bands whose reading was taken. */
  bands: number;
  replaced: number;
}

function allWords(blocks: Tesseract.Block[]): Array<{ word: Tesseract.Word; line: Tesseract.Line }> {
  const out: Array<{ word: Tesseract.Word; line: Tesseract.Line }> = [];
  for (const b of blocks) for (const p of b.paragraphs ?? []) for (const l of p.lines ?? []) for (const w of l.words ?? []) out.push({ word: w, line: l });
  return out;
}

/** Grey level below which `share` of the pixels of `img` no lighter than `below` lie. */
const quantile = (img: Gray, share: number, below = 255): number => percentile(histogram(img.data), 0, below, share);

/** Share of the pixels of `b` at most `faint` that are also at most `dark`. */
function darkShare(img: Gray, b: Band, dark: number, faint: number): number {
  let nFaint = 0;
  let nDark = 0;
  for (let y = b.top; y < b.top + b.height; y++)
    for (let i = y * img.width + b.left, end = i + b.width; i < end; i++) {
      const v = img.data[i]!;
      if (v <= faint) nFaint++;
      if (v <= dark) nDark++;
    }
  return nFaint ? nDark / nFaint : 1;
}

/** The band cut out of `img` (sure words left in: the line reads better whole, and their second reading is dropped), its ink stretched to black and its paper to white, scaled for the LSTM. */
async function liftBand(img: Gray, band: Band, faint: number): Promise<{ crop: Gray; left: number; top: number; scale: number }> {
  const pad = Math.max(2, Math.round(band.height * 0.3));
  const left = Math.max(0, band.left - pad);
  const top = Math.max(0, band.top - pad);
  const width = Math.min(img.width, band.left + band.width + pad) - left;
  const height = Math.min(img.height, band.top + band.height + pad) - top;
  // Only the band's own rows and columns: a neighbouring line's ascenders in the margin are read as noise.
  const data = Buffer.alloc(width * height, 255);
  for (let y = band.top; y < band.top + band.height; y++) img.data.copy(data, (y - top) * width + (band.left - left), y * img.width + band.left, y * img.width + band.left + band.width);
  const crop: Gray = { data, width, height };
  // Ink: the darkest tenth of the band's faint ink; paper: the crop's light majority.
  const ink = quantile(crop, 0.1, faint);
  const paper = Math.max(ink + 1, quantile(crop, 0.6));
  const lut = new Uint8Array(256);
  for (let v = 0; v < 256; v++) lut[v] = Math.max(0, Math.min(255, Math.round(((v - ink) / (paper - ink)) * 255)));
  applyLut(data, lut);
  return { ...(await scaledForReading(crop, band.height)), left, top };
}

/** Mean confidence of `words` weighted by their letters and digits. */
function sureness(words: Array<{ text: string; confidence: number }>): number {
  let n = 0;
  let s = 0;
  for (const w of words) {
    const k = (w.text.match(/[\p{L}\p{N}]/gu) ?? []).length;
    n += k;
    s += k * w.confidence;
  }
  return n ? s / n : 0;
}

/**
 * Reads the faint text of `img` that `blocks` (a reading of `img` with page threshold `threshold`) has no sure word
 * for, and puts what is read in place of the unsure words there (`blocks` edited in place).
 */
export async function rereadFaintText(worker: Recognizer, img: Gray, blocks: Tesseract.Block[], threshold: number, dpi: number): Promise<FaintReading> {
  const none = { bands: 0, replaced: 0 };
  const paper = quantile(img, 0.5);
  if (paper - threshold < FAINT_TEXT.minContrast) return none;
  const faint = Math.round(threshold + FAINT_TEXT.towardsPaper * (paper - threshold));
  const words = allWords(blocks);
  const confident = words.filter(({ word: w }) => w.confidence >= FAINT_TEXT.sureWord && HAS_ALNUM.test(w.text));
  const heights = confident.map(({ word: w }) => w.bbox.y1 - w.bbox.y0).sort((a, b) => a - b);
  const textHeight = heights.length ? heights[Math.floor(heights.length / 2)]! : 30;
  // A confident word whose box is much taller than the page's text took in ink of the lines around it (faint lines
  // under a grey heading read as one): it covers nothing.
  // One far lower is a speck of a letter ("N" of a grey "No:"), however confident.
  const isSure = (w: Tesseract.Word) => {
    const h = w.bbox.y1 - w.bbox.y0;
    return w.confidence >= FAINT_TEXT.sureWord && HAS_ALNUM.test(w.text) && h <= FAINT_TEXT.maxWordLines * textHeight && h >= FAINT_TEXT.minWordLines * textHeight;
  };
  const sureWords = confident.filter(({ word }) => isSure(word));
  const pad = Math.max(2, Math.round(textHeight * 0.15));
  const sure = sureWords.map(({ word: w }) => ({ x0: w.bbox.x0 - pad, y0: w.bbox.y0 - pad, x1: w.bbox.x1 + pad, y1: w.bbox.y1 + pad }));
  const bands = findDroppedBands(img, faint, sure, textHeight).filter((b) => darkShare(img, b, threshold, faint) <= FAINT_TEXT.maxDarkShare);
  if (bands.length === 0) return none;

  const cuts = await Promise.all(bands.map((b) => liftBand(img, b, faint)));
  const stacked = stackCrops(cuts.map((c) => c.crop));
  const read = await recognizeBlock(worker, stacked.image, dpi);
  const found: Tesseract.Word[][] = bands.map(() => []);
  const unsureIn: boolean[] = bands.map(() => false);
  for (const b of read ?? [])
    for (const p of b.paragraphs ?? [])
      for (const l of p.lines ?? [])
        for (const w of l.words ?? []) {
          const text = w.text.trim();
          if (!text || !HAS_ALNUM.test(text)) continue;
          const cy = (w.bbox.y0 + w.bbox.y1) / 2;
          const k = cuts.findIndex((c, i) => cy >= stacked.tops[i]! && cy < stacked.tops[i]! + c.crop.height);
          if (k < 0) continue;
          // A band read in part is not taken: the words left out could be any of its date or number.
          if (w.confidence < RECOVER.minConfidence) {
            unsureIn[k] = true;
            continue;
          }
          const bbox = stackedToPage(w.bbox, stacked.margin, stacked.tops[k]!, cuts[k]!);
          if (!centreIn(bbox, ownArea(bands[k]!))) continue;
          if (sure.some((r) => centreIn(bbox, r))) continue;
          found[k]!.push({ text, confidence: w.confidence, bbox } as unknown as Tesseract.Word);
        }

  const out = { ...none, bands: bands.length };
  found.forEach((got, k) => {
    if (got.length === 0 || unsureIn[k]) return;
    // Unsure page words centred in the band and within the span of its reading: what the band's reading left out
    // (a "€" after "TOTAL:") stays.
    const area = ownArea(bands[k]!);
    const h = bands[k]!.height / 2;
    const span = { x0: Math.min(...got.map((w) => w.bbox.x0)) - h, x1: Math.max(...got.map((w) => w.bbox.x1)) + h, y0: area.y0, y1: area.y1 };
    const unsure = words.filter(({ word: w }) => !isSure(w) && centreIn(w.bbox, span));
    // What the page reading made of the band must be less sure than the band's own reading.
    if (unsure.length && sureness(unsure.map((u) => u.word)) >= sureness(got)) return;
    for (const { word, line } of unsure) line.words = line.words.filter((w) => w !== word);
    got.sort((a, b) => a.bbox.x0 - b.bbox.x0);
    out.replaced++;
    // The rest of a line the page reading read in part ("Invoice" before a grey number): the words join it.
    const lines = new Set(unsure.map((u) => u.line));
    const [only] = lines;
    if (lines.size === 1 && only!.words.length > 0) {
      only!.words = [...only!.words, ...got].sort((a, b) => a.bbox.x0 - b.bbox.x0);
      return;
    }
    insertLine(blocks, got);
  });
  return out;
}
