// OCR of one page image: preprocessing (sharp), orientation and skew correction, and
// recognition with the process's warm tesseract.js worker (LSTM, installed language data).
//
// Coordinates: words and lines are in pixels of the page as it stands upright after the
// correction, at the scale of the input image. For a page that needed no quarter turn (or a
// half turn) this is the input's own size; a quarter turn swaps width and height. Deskewing
// keeps the page size (the turned image is cropped to the centred page rectangle), so boxes
// of a slightly skewed scan stay close to where the text is on the original.
//
// Orientation, decided here rather than with tesseract's OSD: OSD (`worker.detect`) needs
// the legacy engine build and the legacy `osd` model, i.e. a second, larger WebAssembly
// instance per process for a check that is rarely needed. Instead:
//   1. the projection profile of a small binarized copy tells whether text lines run
//      horizontally or vertically (and their skew) — milliseconds, and reliable for text;
//   2. vertical lines: a band of densest text is recognized both ways (90° and 270°) and the
//      reading with more confidently recognized words wins;
//   3. horizontal lines: the page is recognized as it is; only when that result looks wrong
//      (low confidence or few real words) are 0° and 180° probed on a text band, and the
//      page is recognized again when 180° reads clearly better. When the profile was not
//      sure about the axis, 90° and 270° are probed as well.
import type Tesseract from 'tesseract.js';
import type { BBox, Line, Word } from '../formats/model.js';
import {
  analyzePage,
  chooseScale,
  decodeGray,
  denoise,
  densestBand,
  halfTurn,
  isNoisy,
  normalizeContrast,
  toPgm,
  transform,
  type Gray,
  type PageAnalysis,
  type QuarterTurn,
} from './preprocess.js';
import { OcrError, terminateOcr, withWorker } from './tesseract.js';

export { OcrError, terminateOcr };

export interface OcrResult {
  words: Word[];
  /** Reading order (tesseract's block → paragraph → line order). */
  lines: Line[];
  /** Lines joined by '\n', paragraphs separated by a blank line. */
  text: string;
  /** Size of the coordinate space: the upright page at the input's scale. */
  width: number;
  height: number;
  /** Mean word confidence (0-100), weighted by word length; 0 without words. */
  mean_confidence: number;
  /** Clockwise quarter turns applied to make the page upright. */
  rotation_applied: QuarterTurn;
  /** Clockwise rotation (degrees) applied after the quarter turn to straighten text lines. */
  skew_degrees: number;
}

export interface OcrOptions {
  /**
   * Tesseract language codes joined by '+'. Default 'deu': the German model reads English
   * and numbers well, whereas 'deu+eng' with the packaged best_int models lets the English
   * model win many German words with umlauts ("für" → "fiir", "Höhe" → "Hohe").
   */
  languages?: string;
  /** Resolution the image was rendered or scanned at, when known. */
  dpiHint?: number;
}

export const DEFAULT_LANGUAGES = 'deu';

/** Words this unsure and without a letter or digit are specks, rules or logo fragments. */
const NOISE_WORD_CONFIDENCE = 40;
const HAS_ALNUM = /[\p{L}\p{N}]/u;

interface Recognized {
  words: Word[];
  lines: Line[];
  text: string;
  mean_confidence: number;
}

interface Quality {
  words: number;
  /** Words of ≥ 2 letters/digits read with confidence ≥ 70. */
  good: number;
  mean: number;
}

function quality(r: Recognized): Quality {
  let good = 0;
  for (const w of r.words) if (w.confidence >= 70 && (w.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= 2) good++;
  return { words: r.words.length, good, mean: r.mean_confidence };
}

/** A first reading that suggests the page is upside down or sideways. */
function looksWrong(q: Quality): boolean {
  if (q.words === 0) return true;
  return q.mean < 60 || q.good < Math.max(2, 0.4 * q.words);
}

const round1 = (n: number) => Math.round(n * 10) / 10;

function toBBox(b: Tesseract.Bbox, scale: number, width: number, height: number): BBox {
  const x0 = Math.max(0, Math.min(width, b.x0 / scale));
  const y0 = Math.max(0, Math.min(height, b.y0 / scale));
  const x1 = Math.max(0, Math.min(width, b.x1 / scale));
  const y1 = Math.max(0, Math.min(height, b.y1 / scale));
  return { x: round1(x0), y: round1(y0), w: round1(x1 - x0), h: round1(y1 - y0) };
}

function union(boxes: BBox[]): BBox {
  const x0 = Math.min(...boxes.map((b) => b.x));
  const y0 = Math.min(...boxes.map((b) => b.y));
  const x1 = Math.max(...boxes.map((b) => b.x + b.w));
  const y1 = Math.max(...boxes.map((b) => b.y + b.h));
  return { x: round1(x0), y: round1(y0), w: round1(x1 - x0), h: round1(y1 - y0) };
}

/** Tesseract's blocks → words and lines of the shared read model, in page coordinates. */
export function fromBlocks(blocks: Tesseract.Block[] | null, scale: number, width: number, height: number): Recognized {
  const words: Word[] = [];
  const lines: Line[] = [];
  const paragraphs: string[] = [];
  let confSum = 0;
  let confWeight = 0;
  for (const block of blocks ?? []) {
    for (const para of block.paragraphs ?? []) {
      const paraLines: string[] = [];
      for (const line of para.lines ?? []) {
        const idx: number[] = [];
        for (const w of line.words ?? []) {
          const text = w.text.trim();
          if (!text) continue;
          if (w.confidence < NOISE_WORD_CONFIDENCE && !HAS_ALNUM.test(text)) continue;
          idx.push(words.length);
          const confidence = round1(Math.max(0, Math.min(100, w.confidence)));
          words.push({ text, bbox: toBBox(w.bbox, scale, width, height), confidence });
          confSum += confidence * text.length;
          confWeight += text.length;
        }
        if (idx.length === 0) continue;
        const text = idx.map((i) => words[i]!.text).join(' ');
        lines.push({ text, bbox: union(idx.map((i) => words[i]!.bbox)), words: idx });
        paraLines.push(text);
      }
      if (paraLines.length) paragraphs.push(paraLines.join('\n'));
    }
  }
  return { words, lines, text: paragraphs.join('\n\n'), mean_confidence: confWeight ? round1(confSum / confWeight) : 0 };
}

async function recognize(worker: Tesseract.Worker, img: Gray, dpi: number): Promise<Tesseract.Block[] | null> {
  const { data } = await worker.recognize(toPgm(img), { user_defined_dpi: String(Math.round(Math.max(70, Math.min(1200, dpi)))) } as Partial<Tesseract.RecognizeOptions>, {
    text: false,
    blocks: true,
  });
  return data.blocks;
}

interface Candidate {
  quarter: QuarterTurn;
  image: Gray;
}

/** Recognizes the densest text band of each candidate and scores the readings. */
async function probe(worker: Tesseract.Worker, candidates: Candidate[], analysis: PageAnalysis, scale: number, dpi: number): Promise<Array<{ quarter: QuarterTurn; score: number }>> {
  const out: Array<{ quarter: QuarterTurn; score: number }> = [];
  for (const c of candidates) {
    // About ten text lines; at least a sixth of the page so sparse pages still get text.
    const rows = Math.round(Math.max((analysis.lineHeight ?? 40) * scale * 12, c.image.height / 6));
    const band = densestBand(c.image, rows, analysis.threshold);
    const r = fromBlocks(await recognize(worker, band, dpi), 1, band.width, band.height);
    const q = quality(r);
    out.push({ quarter: c.quarter, score: q.good + q.mean / 1000 });
  }
  return out;
}

/**
 * Reads the text of one page image (any format sharp decodes; the first page of a
 * multi-page file). Runs in the engine's worker processes.
 */
export async function ocrImage(image: Buffer, opts: OcrOptions = {}): Promise<OcrResult> {
  const languages = opts.languages ?? DEFAULT_LANGUAGES;
  let gray: Gray;
  try {
    gray = await decodeGray(image);
  } catch (err) {
    throw new OcrError(`image cannot be read for OCR: ${(err as Error).message}`);
  }
  normalizeContrast(gray);
  const analysis = await analyzePage(gray);
  const scale = chooseScale(analysis, gray.width, gray.height, opts.dpiHint);
  const dpi = (opts.dpiHint ?? 300) * scale;
  const source = isNoisy(analysis) ? await denoise(gray) : gray;
  const sureAxis = analysis.axisRatio >= 1.25;
  const blank = analysis.inkRatio < 0.0005;

  return withWorker(languages, async (worker) => {
    const skewFor = (quarter: QuarterTurn) => (quarter === 90 || quarter === 270 ? analysis.skewVertical : analysis.skewHorizontal);
    const build = (quarter: QuarterTurn) => transform(source, quarter, skewFor(quarter), scale);
    const finish = (r: Recognized, quarter: QuarterTurn, img: Gray): OcrResult => ({
      ...r,
      width: Math.round(img.width / scale),
      height: Math.round(img.height / scale),
      rotation_applied: quarter,
      skew_degrees: skewFor(quarter),
    });
    const read = async (img: Gray) => {
      const w = Math.round(img.width / scale);
      const h = Math.round(img.height / scale);
      return fromBlocks(await recognize(worker, img, dpi), scale, w, h);
    };

    if (analysis.axis === 'vertical' && sureAxis) {
      const turned = await build(90);
      const results = await probe(worker, [{ quarter: 90, image: turned }, { quarter: 270, image: halfTurn(turned) }], analysis, scale, dpi);
      const img = results[1]!.score > results[0]!.score ? halfTurn(turned) : turned;
      const quarter: QuarterTurn = img === turned ? 90 : 270;
      return finish(await read(img), quarter, img);
    }

    const upright = await build(0);
    const first = await read(upright);
    if (blank || !looksWrong(quality(first))) return finish(first, 0, upright);

    const candidates: Candidate[] = [
      { quarter: 0, image: upright },
      { quarter: 180, image: halfTurn(upright) },
    ];
    if (!sureAxis) {
      const turned = await build(90);
      candidates.push({ quarter: 90, image: turned }, { quarter: 270, image: halfTurn(turned) });
    }
    const scores = await probe(worker, candidates, analysis, scale, dpi);
    const best = scores.reduce((a, b) => (b.score > a.score ? b : a));
    // Keep the first reading unless another orientation reads clearly better.
    if (best.quarter === 0 || best.score < scores[0]!.score + 2) return finish(first, 0, upright);
    const img = candidates.find((c) => c.quarter === best.quarter)!.image;
    return finish(await read(img), best.quarter, img);
  });
}
