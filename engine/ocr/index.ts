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
//      sure about the axis (or a sideways first choice reads badly), all four are probed.
// Only the inked part of the prepared image is handed to tesseract (margins cost layout
// time); boxes are shifted back.
import type Tesseract from 'tesseract.js';
import type { BBox, Line, Word } from '../formats/model.js';
import {
  analyzePage,
  chooseScale,
  contentBox,
  crop,
  decodeGray,
  denoise,
  densestBand,
  halfTurn,
  isNoisy,
  normalizeContrast,
  transform,
  type Gray,
  type PageAnalysis,
  type QuarterTurn,
} from './preprocess.js';
import type { Recognizer } from './recognizer.js';
import { findDarkBands, mapDarkBands } from './dark-bands.js';
import { accentsFrom, pageLanguage, REREAD_LANGUAGES } from './language.js';
import { rereadFaintText } from './faint-text.js';
import { recoverDropped } from './recover.js';
import { rereadUncertain, type RereadRule } from './reread.js';
import { hasBestModel, hasFastModel, OcrError, terminateOcr, withWorkers, type OcrModel } from './tesseract.js';

export { OcrError, terminateOcr };

/**
 * How a page is recognized:
 * - `auto`: `best` for a poor scan (midToneShare ≥ POOR_SCAN_MID_TONES, decided before any
 *   recognition), else
 *   `two-stage`;
 * - `two-stage`: the page with the fast model, then the words it is unsure of (low
 *   confidence, digits below a higher confidence, unexpected characters) again with best_int
 *   (engine/ocr/reread.ts);
 * - `two-stage-digits`: the same, and every word with a digit is read again;
 * - `best`: the page with best_int only (the accurate, dear model);
 * - `fast`: the page with the fast model only.
 */
export type Recognition = 'auto' | 'two-stage' | 'two-stage-digits' | 'best' | 'fast';
const RECOGNITIONS: readonly Recognition[] = ['auto', 'two-stage', 'two-stage-digits', 'best', 'fast'];

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
  /** Tesseract language codes of the models that read the page: 'deu', or 'deu+fra' ('deu+spa', 'deu+ces' …) when the page took its accents from its own language's model (language.ts), or 'jpn' for a page in Japanese (cjk33). */
  languages: string;
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
  /**
   * Default: $DOCDESK_OCR_RECOGNITION when set (measurements), else `auto`. Languages
   * without a shipped fast model are always read with `best`.
   */
  recognition?: Recognition;
  /**
   * `image` is raw 8-bit gray pixels of this size, rows top to bottom, not an encoded image:
   * the pipeline hands over pixels it already has (no encode and decode in between). The
   * buffer is used in place (contrast normalization writes into it).
   */
  gray?: { width: number; height: number };
  /**
   * Whether small print the reading returned no words for (a return-address line, a footer
   * with VAT id and IBAN) is found and read again (engine/ocr/recover.ts). Default: on, unless
   * $DOCDESK_OCR_RECOVER is '0' (measurements; docs/decisions.md, "Generic extraction on scans
   * (issue 14, second pass)").
   */
  recover?: boolean;
  /**
   * Whether grey text the page reading failed on (fragments or nothing over faint ink) is read again with its
   * contrast lifted (engine/ocr/faint-text.ts). Default: on, unless $DOCDESK_OCR_FAINT is '0' (measurements).
   */
  faint?: boolean;
}

/** Measured in docs/decisions.md, "OCR: two-stage recognition". */
export const DEFAULT_RECOGNITION: Recognition = 'auto';

function recognitionFor(opts: OcrOptions, languages: string): Recognition {
  const fromEnv = process.env.DOCDESK_OCR_RECOGNITION as Recognition | undefined;
  const wanted = opts.recognition ?? (fromEnv && RECOGNITIONS.includes(fromEnv) ? fromEnv : DEFAULT_RECOGNITION);
  return wanted !== 'best' && !hasFastModel(languages) ? 'best' : wanted;
}

export const DEFAULT_LANGUAGES = 'deu';

/** Whole-page recognitions per model in this process (orientation probes and re-read crops not counted). */
export const pageReadings: Record<OcrModel, number> = { fast: 0, best: 0 };

/** The model a page is read with again when its default reading looks wrong (a page in Japanese). */
const JAPANESE = 'jpn';
/** Fewest Han and kana characters, in words read with confidence ≥ 70, that make a reading Japanese. */
const MIN_CJK_CHARACTERS = 10;
/** How much higher the Japanese reading's mean confidence must be than the default reading's. */
const JAPANESE_MARGIN = 15;

/** Pages of this process read again by the Japanese model, and those whose Japanese reading was kept. */
export const japaneseReadings = { pages: 0, kept: 0 };

function confidentCjk(r: Recognized): number {
  let n = 0;
  for (const w of r.words) if (w.confidence >= 70) for (const ch of w.text) if (CJK.test(ch)) n++;
  return n;
}

/** Pages of this process read again by their own language's model, by language code. */
export const languageRereads: Record<string, number> = {};

/** Recovery of dropped text in this process: pages checked, pages whose dropped ink was read again, words added. */
export const recoveries = { pages: 0, rereads: 0, words: 0 };

const recoverFor = (opts: OcrOptions) => opts.recover ?? process.env.DOCDESK_OCR_RECOVER !== '0';

/** Faint-text re-reads in this process: pages checked, faint bands found, bands whose reading was taken. */
export const faintReadings = { pages: 0, bands: 0, replaced: 0 };

const faintFor = (opts: OcrOptions) => opts.faint ?? process.env.DOCDESK_OCR_FAINT !== '0';

/**
 * Share of a page's pixels that are neither paper nor ink (grey levels 121-234 after contrast
 * normalization), sampled on every third row and column. Clean print keeps it low (only the
 * glyphs' edges); grain noise, blur and shaded table cells raise it — what makes the fast
 * model unsure of much of a page.
 */
export function midToneShare(img: Gray): number {
  let mid = 0;
  let all = 0;
  for (let y = 0; y < img.height; y += 3) {
    const row = y * img.width;
    for (let x = 0; x < img.width; x += 3) {
      const v = img.data[row + x]!;
      if (v > 120 && v < 235) mid++;
      all++;
    }
  }
  return all ? mid / all : 0;
}

/**
 * A page the fast model would be unsure of in more than REREAD.pageShare of its text, so
 * two-stage would pay the fast pass and a whole best_int pass: judged from the pixels before
 * any recognition. Measured on the scanned energy samples: docs/decisions.md, "OCR: two-stage
 * recognition", poor scans.
 */
export const POOR_SCAN_MID_TONES = 0.11;

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

/** Where the recognized image sits in the page: its top-left corner and pixels per page pixel. */
interface Placement {
  dx: number;
  dy: number;
  scale: number;
}

function toBBox(b: Tesseract.Bbox, at: Placement, width: number, height: number): BBox {
  const x0 = Math.max(0, Math.min(width, (b.x0 + at.dx) / at.scale));
  const y0 = Math.max(0, Math.min(height, (b.y0 + at.dy) / at.scale));
  const x1 = Math.max(0, Math.min(width, (b.x1 + at.dx) / at.scale));
  const y1 = Math.max(0, Math.min(height, (b.y1 + at.dy) / at.scale));
  return { x: round1(x0), y: round1(y0), w: round1(x1 - x0), h: round1(y1 - y0) };
}

function union(boxes: BBox[]): BBox {
  const x0 = Math.min(...boxes.map((b) => b.x));
  const y0 = Math.min(...boxes.map((b) => b.y));
  const x1 = Math.max(...boxes.map((b) => b.x + b.w));
  const y1 = Math.max(...boxes.map((b) => b.y + b.h));
  return { x: round1(x0), y: round1(y0), w: round1(x1 - x0), h: round1(y1 - y0) };
}

/** Han, kana and the CJK punctuation and full-width forms. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\u30fc\uff01-\uff0f\uff1a-\uff20]/u;
const CLOSING = /^[)\]:、。]/u;
const OPENING = /[(\[]$/u;

/**
 * Japanese is written without spaces between words, so the breaks tesseract puts between Han and kana ("請求 書 番号",
 * "株 式 会 社") are its own segmentation, not the page's: such words are one word ("請求書番号"), as a text layer
 * has them. Its word boxes are too rough to tell a printed space from a segmentation break, so a name printed with
 * a space ("田中 太郎") is read without it. Digits and Latin letters keep their spaces ("2025 年 12 月"), and so does a
 * gap wider than a character (two cells of one row: "株式会社 御中 … 日付:").
 */
export function joinsWithoutSpace(before: string, after: string): boolean {
  const last = before.slice(-1);
  const next = after.charAt(0);
  return (CJK.test(last) && (CJK.test(next) || CLOSING.test(after))) || (OPENING.test(before) && CJK.test(next));
}

/**
 * The yen sign as the Japanese model returns it: a backslash, two, or a "y" ("\442,200", "y\300,000", "y12,000"),
 * because Japanese encodings put ¥ where ASCII has the backslash and its training text has the one for the other.
 */
const YEN = /^(?:y\\*|\\+)(?=\d)/;
/** The Japanese model breaks an amount after its group separator ("¥300," "000"): one amount again. */
const DIGIT_GROUP_BEFORE = /\d[,.]$/;
const DIGIT_GROUP_AFTER = /^\d{3}(?!\d)/;

/** Tesseract's blocks → words and lines of the shared read model, in page coordinates (`languages`: the models that read them). */
export function fromBlocks(blocks: Tesseract.Block[] | null, at: Placement, width: number, height: number, languages = ''): Recognized {
  const japanese = languages === JAPANESE;
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
          const read = w.text.trim();
          if (!read) continue;
          if (w.confidence < NOISE_WORD_CONFIDENCE && !HAS_ALNUM.test(read)) continue;
          const text = japanese ? read.replace(YEN, '¥') : read;
          const confidence = round1(Math.max(0, Math.min(100, w.confidence)));
          const bbox = toBBox(w.bbox, at, width, height);
          confSum += confidence * text.length;
          confWeight += text.length;
          const prev = idx.length ? words[idx[idx.length - 1]!]! : null;
          const joins = joinsWithoutSpace(prev?.text ?? '', text) || (japanese && DIGIT_GROUP_BEFORE.test(prev?.text ?? '') && DIGIT_GROUP_AFTER.test(text));
          if (prev && joins && bbox.x - (prev.bbox.x + prev.bbox.w) < Math.max(prev.bbox.h, bbox.h)) {
            prev.confidence = round1((prev.confidence * prev.text.length + confidence * text.length) / (prev.text.length + text.length));
            prev.text += text;
            prev.bbox = union([prev.bbox, bbox]);
            continue;
          }
          idx.push(words.length);
          words.push({ text, bbox, confidence });
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

interface Candidate {
  quarter: QuarterTurn;
  image: Gray;
}

/** Recognizes the densest text band of each candidate and scores the readings. */
async function probe(worker: Recognizer, candidates: Candidate[], analysis: PageAnalysis, scale: number, dpi: number): Promise<Array<{ quarter: QuarterTurn; score: number }>> {
  const out: Array<{ quarter: QuarterTurn; score: number }> = [];
  for (const c of candidates) {
    // About ten text lines; at least a sixth of the page so sparse pages still get text.
    const rows = Math.round(Math.max((analysis.lineHeight ?? 40) * scale * 12, c.image.height / 6));
    const band = densestBand(c.image, rows, analysis.threshold);
    const r = fromBlocks(await worker.recognize(band, dpi), { dx: 0, dy: 0, scale: 1 }, band.width, band.height);
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
  let gray: Gray;
  try {
    gray = await decodeGray(image, opts.gray);
  } catch (err) {
    throw new OcrError(`image cannot be read for OCR: ${(err as Error).message}`);
  }
  const ink = normalizeContrast(gray);
  // Light text on dark bands ("Total" bars, heading rows) is dark on light from here on: every reading sees it so.
  mapDarkBands(gray, ink, findDarkBands(gray, ink));
  const analysis = await analyzePage(gray);
  const scale = chooseScale(analysis, gray.width, gray.height, opts.dpiHint);
  const source = isNoisy(analysis) ? await denoise(gray) : gray;
  const page: PreparedPage = { analysis, scale, dpi: (opts.dpiHint ?? 300) * scale, source, midTones: midToneShare(gray), images: new Map() };
  const first = await readPage(page, opts.languages ?? DEFAULT_LANGUAGES, opts);
  if (opts.languages) return first;
  // A page in Japanese: the default model has none of its letters and returns a few unsure fragments, so its
  // reading looks wrong. The Japanese model reads such a page again, and its reading is kept where it reads Han
  // and kana confidently and the page as a whole clearly better. Other pages that look wrong (a photo, a poor
  // scan) pay that one extra reading.
  if (!isBlank(analysis) && looksWrong(quality(first)) && hasBestModel(JAPANESE)) {
    japaneseReadings.pages++;
    const japanese = await readPage(page, JAPANESE, opts);
    if (confidentCjk(japanese) >= MIN_CJK_CHARACTERS && japanese.mean_confidence >= first.mean_confidence + JAPANESE_MARGIN) {
      japaneseReadings.kept++;
      return japanese;
    }
  }
  // A page in a language whose letters the default model lacks is read again by that language's model.
  const own = pageLanguage(first.words.map((w) => w.text));
  // The pass reads with the fast model only, so a shipped tessdata_fast file is all it needs.
  if (!own || !REREAD_LANGUAGES.includes(own) || !hasFastModel(own)) return first;
  languageRereads[own] = (languageRereads[own] ?? 0) + 1;
  // Only the accents are taken from it, so one fast pass is enough (no re-read of unsure words, no recovery).
  const second = await readPage(page, own, { ...opts, recognition: 'fast', recover: false, faint: false });
  return second.rotation_applied === first.rotation_applied ? withAccents(first, second, own) : first;
}

/** `first` with the accented letters `second` read in its words (language.ts, accentsFrom). */
function withAccents(first: OcrResult, second: OcrResult, languages: string): OcrResult {
  const changes = accentsFrom(first.words, second.words);
  if (!changes.length) return first;
  const words = first.words.map((w) => ({ ...w }));
  for (const c of changes) words[c.index]!.text = c.text;
  const lines = first.lines.map((l) => ({ ...l, text: l.words.map((i) => words[i]!.text).join(' ') }));
  // The page text is the lines joined, a blank line between paragraphs: the same breaks, the new lines.
  let next = 0;
  const text = first.text.split('\n').map((row) => (row ? lines[next++]!.text : row)).join('\n');
  return { ...first, words, lines, text, languages: `${first.languages}+${languages}` };
}

const isBlank = (analysis: PageAnalysis) => analysis.inkRatio < 0.0005;

/** A page image prepared once for every reading of it: contrast, analysis, scale, denoising, and its turned copies. */
interface PreparedPage {
  analysis: PageAnalysis;
  scale: number;
  dpi: number;
  source: Gray;
  midTones: number;
  images: Map<QuarterTurn, Gray>;
}

async function readPage(page: PreparedPage, languages: string, opts: OcrOptions): Promise<OcrResult> {
  const { analysis, scale, dpi, source, images } = page;
  const sureAxis = analysis.axisRatio >= 1.25;
  const blank = isBlank(analysis);

  let recognition = recognitionFor(opts, languages);
  // A poor scan would fail the re-read's page rule after the fast pass and pay both passes.
  if (recognition === 'auto') recognition = page.midTones >= POOR_SCAN_MID_TONES ? 'best' : 'two-stage';
  const firstModel: OcrModel = recognition === 'best' ? 'best' : 'fast';
  const rule: RereadRule | null = recognition === 'two-stage' ? 'uncertain' : recognition === 'two-stage-digits' ? 'digits' : null;
  const models: OcrModel[] = rule ? ['fast', 'best'] : [firstModel];
  const recover = recoverFor(opts);
  const faint = faintFor(opts);
  return withWorkers(languages, models, async (workers) => {
    const worker = workers[firstModel]!;
    const skewFor = (quarter: QuarterTurn) => (quarter === 90 || quarter === 270 ? analysis.skewVertical : analysis.skewHorizontal);
    const build = (quarter: QuarterTurn) => transform(source, quarter, skewFor(quarter), scale);
    const finish = (r: Recognized, quarter: QuarterTurn, img: Gray): OcrResult => ({
      ...r,
      languages,
      width: Math.round(img.width / scale),
      height: Math.round(img.height / scale),
      rotation_applied: quarter,
      skew_degrees: skewFor(quarter),
    });
    const read = async (img: Gray) => {
      const w = Math.round(img.width / scale);
      const h = Math.round(img.height / scale);
      // Only the inked part goes to tesseract (empty margins cost layout time, no text).
      const box = contentBox(img, analysis.threshold, Math.round(24 * Math.max(1, scale)));
      const useBox = box !== null && box.width * box.height < 0.9 * img.width * img.height;
      const part = useBox ? crop(img, box) : img;
      const at = { dx: useBox ? box.left : 0, dy: useBox ? box.top : 0, scale };
      let blocks = (await worker.recognize(part, dpi)) ?? [];
      pageReadings[firstModel]++;
      if (rule && (await rereadUncertain(workers.best!, part, blocks, rule, dpi)) === 'page') {
        blocks = (await workers.best!.recognize(part, dpi)) ?? [];
        pageReadings.best++;
      }
      if (faint) {
        const f = await rereadFaintText(workers.best ?? worker, part, blocks, analysis.threshold, dpi);
        faintReadings.pages++;
        faintReadings.bands += f.bands;
        faintReadings.replaced += f.replaced;
      }
      if (recover) {
        const r = await recoverDropped(workers.best ?? worker, part, blocks, analysis.threshold, dpi);
        recoveries.pages++;
        if (r.bands) recoveries.rereads++;
        recoveries.words += r.words;
      }
      return fromBlocks(blocks, at, w, h, languages);
    };

    // Images of each orientation, built on demand (a half turn of a built one is free).
    const imageFor = async (quarter: QuarterTurn): Promise<Gray> => {
      let img = images.get(quarter);
      if (img) return img;
      const opposite = ((quarter + 180) % 360) as QuarterTurn;
      const other = images.get(opposite);
      img = other ? halfTurn(other) : await build(quarter);
      images.set(quarter, img);
      return img;
    };
    const scores = new Map<QuarterTurn, number>();
    const probeAll = async (quarters: QuarterTurn[]) => {
      const todo = quarters.filter((q) => !scores.has(q));
      const candidates: Candidate[] = [];
      for (const q of todo) candidates.push({ quarter: q, image: await imageFor(q) });
      for (const r of await probe(worker, candidates, analysis, scale, dpi)) scores.set(r.quarter, r.score);
    };

    // First choice: as it is, or for clearly vertical text lines the better of 90° and 270°.
    let firstQuarter: QuarterTurn = 0;
    if (analysis.axis === 'vertical' && sureAxis) {
      await probeAll([90, 270]);
      firstQuarter = scores.get(270)! > scores.get(90)! ? 270 : 90;
    }
    const firstImage = await imageFor(firstQuarter);
    const first = await read(firstImage);
    if (blank || !looksWrong(quality(first))) return finish(first, firstQuarter, firstImage);

    // The reading looks wrong: probe the other orientations on a text band.
    const quarters: QuarterTurn[] = sureAxis && analysis.axis === 'horizontal' ? [0, 180] : [0, 90, 180, 270];
    await probeAll(quarters);
    let best: QuarterTurn = firstQuarter;
    for (const q of quarters) if (scores.get(q)! > scores.get(best)!) best = q;
    // Keep the first reading unless another orientation reads clearly better.
    if (best === firstQuarter || scores.get(best)! < scores.get(firstQuarter)! + 2) return finish(first, firstQuarter, firstImage);
    const secondImage = await imageFor(best);
    const second = await read(secondImage);
    const rank = (r: Recognized) => quality(r).good + r.mean_confidence / 1000;
    return rank(second) > rank(first) ? finish(second, best, secondImage) : finish(first, firstQuarter, firstImage);
  });
}
