// Image preparation for OCR: decode once with sharp into 8-bit grayscale, measure the page on
// a small binarized copy (text axis, skew, text-line height, noise), then build the image
// tesseract reads: contrast-stretched, optionally median-filtered, turned upright, deskewed
// and scaled so that text lines have a size the LSTM recognizer handles well.
//
// All analysis works on plain pixel arrays in JavaScript: the small copy has about a million
// pixels and the expensive steps (median, arbitrary-angle rotation, resize) stay in libvips.
import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from '../formats/limits.js';

export type QuarterTurn = 0 | 90 | 180 | 270;

/** An 8-bit, one-channel image, rows top to bottom. */
export interface Gray {
  data: Buffer;
  width: number;
  height: number;
}

export interface PageAnalysis {
  /** Otsu threshold of the small copy (ink is darker). */
  threshold: number;
  /** Share of ink pixels in the small copy. */
  inkRatio: number;
  /** Which way the text lines run before any rotation. */
  axis: 'horizontal' | 'vertical';
  /** Profile sharpness of the better axis over the other one (1 = no preference). */
  axisRatio: number;
  /** Degrees to rotate clockwise (after the quarter turn) so text lines become horizontal. */
  skew: number;
  /** The same for a page kept at 0°/180° and for a page turned by 90°/270°. */
  skewHorizontal: number;
  skewVertical: number;
  /** Median height of a text line band in original pixels, null when none was found. */
  lineHeight: number | null;
  /** Median absolute difference of horizontally neighbouring pixels (0 for clean renders). */
  noise: number;
}

/** Longest side of the analysis copy. */
const SMALL_SIDE = 1000;
/** Skew search range and steps, degrees. */
const MAX_SKEW = 15;
/**
 * Skews below this are left to tesseract, whose line finder copes with them (measured: no
 * confidence gain from straightening a 1.1° scan), which saves a ~0.3 s rotation per page.
 */
const MIN_SKEW_TO_FIX = 1.5;
/**
 * Text line bands (ascender to descender, as measured on the small copy). Upscaling pays off
 * only for really small text: on an energy bill rendered at 100 dpi (bands ≈ 9 px) doubling
 * raised tesseract's word recall from 0.74 to 0.95, at 150 dpi (≈ 14 px) it gained nothing
 * and cost 65 % more time. Very large text (big phone photos) is brought down for speed.
 */
const UPSCALE_BELOW = 12;
const UPSCALE_TARGET = 22;
const DOWNSCALE_ABOVE = 110;
const DOWNSCALE_TARGET = 60;
const MAX_UPSCALE = 2;
const MIN_DOWNSCALE = 0.4;
/** Noise (see PageAnalysis.noise) from which a median filter is applied. */
const NOISY = 5;

/**
 * Decodes any image sharp reads into upright (EXIF applied) 8-bit grayscale on white; with
 * `raw`, `image` already holds 8-bit gray pixels of that size (no decode, no copy).
 */
export async function decodeGray(image: Buffer, raw?: { width: number; height: number }): Promise<Gray> {
  if (raw) {
    if (!(Number.isInteger(raw.width) && Number.isInteger(raw.height) && raw.width > 0 && raw.height > 0) || image.length !== raw.width * raw.height) {
      throw new RangeError(`raw gray image of ${image.length} bytes is not ${raw.width} × ${raw.height}`);
    }
    return { data: image, width: raw.width, height: raw.height };
  }
  const { data, info } = await sharp(image, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', pages: 1 })
    .autoOrient()
    .flatten({ background: '#ffffff' })
    .grayscale()
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Counts of each grey level of `data` (every `step`th pixel). */
export function histogram(data: Uint8Array, step = 1): Float64Array {
  const hist = new Float64Array(256);
  for (let i = 0; i < data.length; i += step) hist[data[i]!]++;
  return hist;
}

export function otsu(hist: Float64Array): number {
  let total = 0;
  let sum = 0;
  for (let i = 0; i < 256; i++) {
    total += hist[i]!;
    sum += i * hist[i]!;
  }
  let wB = 0;
  let sB = 0;
  let best = -1;
  let threshold = 127;
  for (let i = 0; i < 256; i++) {
    wB += hist[i]!;
    if (wB === 0) continue;
    const wF = total - wB;
    if (wF === 0) break;
    sB += i * hist[i]!;
    const between = wB * wF * (sB / wB - (sum - sB) / wF) ** 2;
    if (between > best) {
      best = between;
      threshold = i;
    }
  }
  return threshold;
}

/** The grey level below which a share `q` of the histogram's pixels between `from` and `to` lie (the middle when none). */
export function percentile(hist: Float64Array, from: number, to: number, q: number): number {
  let total = 0;
  for (let i = from; i <= to; i++) total += hist[i]!;
  if (total === 0) return Math.round((from + to) / 2);
  let acc = 0;
  for (let i = from; i <= to; i++) {
    acc += hist[i]!;
    if (acc >= q * total) return i;
  }
  return to;
}

/**
 * Stretches contrast in place: the paper level (median of the light pixels) becomes white and
 * the darkest ink black. Unlike a percentile stretch of the whole histogram this leaves
 * nearly empty pages alone instead of turning their paper grain into ink. Returns the Otsu
 * threshold of the image as it leaves it (every third pixel; ink is at or below it), from the
 * histogram it already has, mapped as the pixels were.
 */
export function normalizeContrast(img: Gray): number {
  const hist = histogram(img.data, 3);
  const t = otsu(hist);
  let darkCount = 0;
  let total = 0;
  for (let i = 0; i < 256; i++) {
    total += hist[i]!;
    if (i <= t) darkCount += hist[i]!;
  }
  // A uniform image has no ink class (Otsu then splits off nothing): leave it.
  if (darkCount === 0 || darkCount === total) return t;
  const paper = percentile(hist, t + 1, 255, 0.5);
  const ink = Math.min(percentile(hist, 0, 255, 0.002), percentile(hist, 0, t, 0.1));
  if (paper - ink < 32) return t;
  const hi = Math.max(ink + 32, paper - 4);
  const lut = new Uint8Array(256);
  for (let v = 0; v < 256; v++) lut[v] = Math.max(0, Math.min(255, Math.round(((v - ink) * 255) / (hi - ink))));
  applyLut(img.data, lut);
  const stretched = new Float64Array(256);
  for (let v = 0; v < 256; v++) stretched[lut[v]!]! += hist[v]!;
  return otsu(stretched);
}

/**
 * `data[i] = lut[data[i]]` for every pixel, two pixels per lookup: a table of all 65,536 byte
 * pairs (built through byte views, so it holds on either byte order) costs well under a
 * millisecond and halves the lookups of a 300-dpi page (about 3× faster than byte by byte).
 */
export function applyLut(data: Uint8Array, lut: Uint8Array): void {
  const head = Math.min(data.length, data.byteOffset % 2);
  const pairs = new Uint16Array(data.buffer, data.byteOffset + head, (data.length - head) >>> 1);
  if (pairs.length < 65_536) {
    for (let i = 0; i < data.length; i++) data[i] = lut[data[i]!]!;
    return;
  }
  const from = new Uint8Array(2 * 65_536);
  const to = new Uint8Array(2 * 65_536);
  for (let k = 0; k < 65_536; k++) {
    from[2 * k] = k & 0xff;
    from[2 * k + 1] = k >>> 8;
    to[2 * k] = lut[k & 0xff]!;
    to[2 * k + 1] = lut[k >>> 8]!;
  }
  const keys = new Uint16Array(from.buffer);
  const values = new Uint16Array(to.buffer);
  const table = new Uint16Array(65_536);
  for (let k = 0; k < 65_536; k++) table[keys[k]!] = values[k]!;
  for (let i = 0; i < head; i++) data[i] = lut[data[i]!]!;
  for (let i = 0; i < pairs.length; i++) pairs[i] = table[pairs[i]!]!;
  for (let i = head + 2 * pairs.length; i < data.length; i++) data[i] = lut[data[i]!]!;
}

/** Median |p(x) - p(x+1)| over every 4th row: about 0.95 σ for Gaussian noise, 0-2 for clean scans. */
export function estimateNoise(img: Gray): number {
  const counts = new Float64Array(256);
  const { data, width, height } = img;
  for (let y = 0; y < height; y += 4) {
    const row = y * width;
    for (let x = 0; x + 1 < width; x += 2) counts[Math.abs(data[row + x]! - data[row + x + 1]!)]++;
  }
  return percentile(counts, 0, 255, 0.5);
}

async function shrink(img: Gray, maxSide: number): Promise<{ small: Gray; factor: number }> {
  const factor = Math.min(1, maxSide / Math.max(img.width, img.height));
  if (factor === 1) return { small: img, factor };
  const width = Math.max(1, Math.round(img.width * factor));
  const height = Math.max(1, Math.round(img.height * factor));
  const { data, info } = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 1 } })
    .resize(width, height, { fit: 'fill', kernel: 'linear' })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { small: { data, width: info.width, height: info.height }, factor: info.width / img.width };
}

/**
 * Ink pixels of the small copy, centred on the image, grouped by row: `xs[i]` (x − width/2) for
 * the points of row `rowY[r]` (y − height/2) at `i` in `rowStart[r]` … `rowStart[r + 1]`.
 * Grouping by row lets the profiles multiply a row's y once, not once per point.
 */
export interface InkPoints {
  xs: Float64Array;
  rowY: Float64Array;
  rowStart: Int32Array;
}

/** The small copy's ink pixels (grey ≤ `threshold`), rows top to bottom; very dense pages sampled. */
export function inkPoints(small: Gray, threshold: number): InkPoints {
  const { data, width, height } = small;
  let n = 0;
  for (let i = 0; i < data.length; i++) if (data[i]! <= threshold) n++;
  // Very dense pages are sampled: the profile shape does not need every pixel.
  const step = Math.max(1, Math.floor(n / 150_000));
  const xs = new Float64Array(Math.ceil(n / step));
  const rowY = new Float64Array(height);
  const rowStart = new Int32Array(height + 1);
  let k = 0;
  let rows = 0;
  let seen = 0;
  const cx = width / 2;
  const cy = height / 2;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const first = k;
    for (let x = 0; x < width; x++) {
      if (data[row + x]! > threshold) continue;
      if (seen++ % step !== 0) continue;
      xs[k++] = x - cx;
    }
    if (k === first) continue;
    rowY[rows] = y - cy;
    rowStart[rows++] = first;
  }
  rowStart[rows] = k;
  return { xs: xs.subarray(0, k), rowY: rowY.subarray(0, rows), rowStart: rowStart.subarray(0, rows + 1) };
}

/**
 * Projection profile of the points onto the axis perpendicular to lines running at `deg`
 * (0 = horizontal lines, so the profile is over rows). Returns the bins. Each point's
 * position is y·cos + x·sin rounded, the very same doubles as point by point (the row's
 * y·cos is one product whichever point it is computed for).
 */
export function profile(points: InkPoints, deg: number, extent: number): Float64Array {
  const a = (deg * Math.PI) / 180;
  const s = Math.sin(a);
  const c = Math.cos(a);
  const bins = new Float64Array(2 * extent + 1);
  const { xs, rowY, rowStart } = points;
  const size = bins.length;
  for (let r = 0; r < rowY.length; r++) {
    // Lines that rise to the right by `deg` have constant y·cos + x·sin.
    const yc = rowY[r]! * c;
    for (let i = rowStart[r]!, end = rowStart[r + 1]!; i < end; i++) {
      const p = Math.round(yc + xs[i]! * s) + extent;
      if (p >= 0 && p < size) bins[p]++;
    }
  }
  return bins;
}

/**
 * Sharpness of a profile: Σ bin² relative to the same ink spread evenly over `span` bins
 * (the image's extent across the lines), so horizontal and vertical profiles compare.
 */
function sharpness(bins: Float64Array, span: number): number {
  let sum = 0;
  let sq = 0;
  for (let i = 0; i < bins.length; i++) {
    const b = bins[i]!;
    sum += b;
    sq += b * b;
  }
  return sum === 0 ? 0 : (sq * span) / (sum * sum);
}

/**
 * Best line angle for lines around `base` degrees (0 horizontal, 90 vertical): every half
 * degree, then tenths around the best. An angle the fine steps meet again (the coarse best
 * itself) is not projected twice: its score is the same, and only a higher one wins.
 */
export function bestAngle(points: InkPoints, base: 0 | 90, extent: number, span: number): { angle: number; score: number } {
  let best = { angle: 0, score: -1 };
  const tried = new Set<number>();
  const tryAngle = (angle: number) => {
    if (tried.has(angle)) return;
    tried.add(angle);
    const score = sharpness(profile(points, base + angle, extent), span);
    if (score > best.score) best = { angle, score };
  };
  for (let a = -MAX_SKEW; a <= MAX_SKEW + 1e-9; a += 0.5) tryAngle(a);
  const coarse = best.angle;
  for (let a = Math.max(-MAX_SKEW, coarse - 0.4); a <= Math.min(MAX_SKEW, coarse + 0.4) + 1e-9; a += 0.1) tryAngle(Math.round(a * 10) / 10);
  return best;
}

/** Heights of the text line bands of a horizontal profile (bins of small-copy pixels). */
function bandHeights(bins: Float64Array): number[] {
  const nonzero = Array.from(bins).filter((b) => b > 0).sort((a, b) => a - b);
  if (nonzero.length === 0) return [];
  const level = Math.max(1, 0.08 * nonzero[Math.floor(nonzero.length * 0.9)]!);
  const heights: number[] = [];
  let run = 0;
  for (let i = 0; i <= bins.length; i++) {
    if (i < bins.length && bins[i]! >= level) run++;
    else {
      if (run >= 2) heights.push(run);
      run = 0;
    }
  }
  return heights;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Measures the page on a small binarized copy. */
export async function analyzePage(img: Gray): Promise<PageAnalysis> {
  const { small, factor } = await shrink(img, SMALL_SIDE);
  const hist = histogram(small.data);
  const threshold = otsu(hist);
  let ink = 0;
  for (let i = 0; i <= threshold; i++) ink += hist[i]!;
  const inkRatio = ink / small.data.length;
  const noise = estimateNoise(img);
  const result: PageAnalysis = { threshold, inkRatio, axis: 'horizontal', axisRatio: 1, skew: 0, skewHorizontal: 0, skewVertical: 0, lineHeight: null, noise };
  // Blank pages, and photos where "ink" is most of the picture, give no usable profile.
  if (inkRatio < 0.0005 || inkRatio > 0.5) return result;
  const points = inkPoints(small, threshold);
  if (points.xs.length < 200) return result;
  const extent = Math.ceil(Math.hypot(small.width, small.height) / 2) + 2;
  const h = bestAngle(points, 0, extent, small.height);
  const v = bestAngle(points, 90, extent, small.width);
  const vertical = v.score > h.score;
  result.axis = vertical ? 'vertical' : 'horizontal';
  result.axisRatio = vertical ? v.score / Math.max(h.score, 1e-9) : h.score / Math.max(v.score, 1e-9);
  // For vertical lines the caller first turns the image a quarter clockwise: lines at 90 + a
  // degrees then run at a degrees.
  const angle = vertical ? v.angle : h.angle;
  const fix = (a: number) => (Math.abs(a) < MIN_SKEW_TO_FIX ? 0 : a);
  result.skewHorizontal = fix(h.angle);
  result.skewVertical = fix(v.angle);
  result.skew = vertical ? result.skewVertical : result.skewHorizontal;
  const bands = bandHeights(profile(points, (vertical ? 90 : 0) + angle, extent));
  if (bands.length >= 3) result.lineHeight = median(bands) / factor;
  return result;
}

/** Scale factor that brings text lines to a size tesseract reads well. */
export function chooseScale(analysis: PageAnalysis, width: number, height: number, dpiHint?: number): number {
  let scale = 1;
  if (analysis.lineHeight !== null) {
    if (analysis.lineHeight < UPSCALE_BELOW) scale = Math.min(MAX_UPSCALE, UPSCALE_TARGET / analysis.lineHeight);
    else if (analysis.lineHeight > DOWNSCALE_ABOVE) scale = Math.max(MIN_DOWNSCALE, DOWNSCALE_TARGET / analysis.lineHeight);
  } else if (dpiHint !== undefined && dpiHint > 0 && dpiHint < 200) {
    scale = Math.min(MAX_UPSCALE, 300 / dpiHint);
  } else if (Math.max(width, height) < 1500) {
    // No text lines measured (sparse page): a small full page most likely has small text.
    scale = Math.min(MAX_UPSCALE, 2000 / Math.max(width, height));
  }
  // Never beyond the page pixel budget of the pipeline.
  const maxScale = Math.sqrt(40_000_000 / (width * height));
  return Math.round(Math.min(scale, maxScale) * 100) / 100;
}

export function isNoisy(analysis: PageAnalysis): boolean {
  return analysis.noise >= NOISY;
}

/** Median filter (libvips), for speckled phone scans. */
export async function denoise(img: Gray): Promise<Gray> {
  const { data, info } = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 1 } })
    .median(3)
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * Turns the image by a quarter turn plus `skew` degrees (clockwise) on white, and keeps the
 * centred rectangle of the upright size, so a deskewed page keeps its page dimensions.
 * Then scales by `scale`.
 */
export async function transform(img: Gray, quarter: QuarterTurn, skew: number, scale: number): Promise<Gray> {
  let cur = img;
  const raw = (g: Gray) => sharp(g.data, { raw: { width: g.width, height: g.height, channels: 1 } });
  if (quarter !== 0 || skew !== 0) {
    const uprightW = quarter === 90 || quarter === 270 ? img.height : img.width;
    const uprightH = quarter === 90 || quarter === 270 ? img.width : img.height;
    const rotated = await raw(cur)
      .rotate(quarter + skew, { background: '#ffffff' })
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true });
    cur = { data: rotated.data, width: rotated.info.width, height: rotated.info.height };
    if (cur.width !== uprightW || cur.height !== uprightH) {
      const left = Math.max(0, Math.floor((cur.width - uprightW) / 2));
      const top = Math.max(0, Math.floor((cur.height - uprightH) / 2));
      const cropped = await raw(cur)
        .extract({ left, top, width: Math.min(uprightW, cur.width), height: Math.min(uprightH, cur.height) })
        .extractChannel(0)
        .raw()
        .toBuffer({ resolveWithObject: true });
      cur = { data: cropped.data, width: cropped.info.width, height: cropped.info.height };
    }
  }
  if (scale !== 1) {
    const width = Math.max(1, Math.round(cur.width * scale));
    const height = Math.max(1, Math.round(cur.height * scale));
    const resized = await raw(cur)
      .resize(width, height, { fit: 'fill', kernel: scale > 1 ? 'cubic' : 'lanczos3' })
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true });
    cur = { data: resized.data, width: resized.info.width, height: resized.info.height };
  }
  return cur;
}

/** A half turn: the pixels in reverse order. */
export function halfTurn(img: Gray): Gray {
  const data = Buffer.from(img.data);
  data.reverse();
  return { data, width: img.width, height: img.height };
}

/** Binary PGM: leptonica inside tesseract reads it without any decoding cost. */
export function toPgm(img: Gray): Buffer {
  return Buffer.concat([Buffer.from(`P5\n${img.width} ${img.height}\n255\n`, 'latin1'), img.data]);
}

/**
 * The horizontal band of `rows` rows with the most ink, for cheap orientation probes.
 * `threshold` separates ink from paper.
 */
export function densestBand(img: Gray, rows: number, threshold: number): Gray {
  const { data, width, height } = img;
  const n = Math.min(rows, height);
  const inkPerRow = new Float64Array(height);
  for (let y = 0; y < height; y++) {
    let c = 0;
    const row = y * width;
    for (let x = 0; x < width; x += 2) if (data[row + x]! <= threshold) c++;
    inkPerRow[y] = c;
  }
  let acc = 0;
  for (let y = 0; y < n; y++) acc += inkPerRow[y]!;
  let best = acc;
  let bestTop = 0;
  for (let y = n; y < height; y++) {
    acc += inkPerRow[y]! - inkPerRow[y - n]!;
    if (acc > best) {
      best = acc;
      bestTop = y - n + 1;
    }
  }
  return { data: Buffer.from(data.subarray(bestTop * width, (bestTop + n) * width)), width, height: n };
}

/**
 * Four copies of the smallest top-bits byte (0x80, 0xC0 … 0xFF) above `threshold`, as a 32-bit
 * word: a word of pixels that has all those bits set in every byte holds no ink (each byte is
 * at least that byte, so above the threshold), whatever the byte order. 0 when there is none
 * (threshold 255: every pixel is ink).
 */
export function paperWord(threshold: number): number {
  let m = 0;
  for (let bit = 0x80; bit >= 1; bit >>= 1) {
    m |= bit;
    if (m > threshold) return Math.imul(m, 0x01010101);
  }
  return 0;
}

/**
 * The part of the image holding ink (rows and columns with at least two ink pixels), with
 * `pad` pixels of margin. Tesseract's binarization and layout analysis cost grows with the
 * pixel count, and a page's empty margins are a quarter of it or more. Paper is passed four
 * pixels at a time (paperWord); a word that may hold ink is looked at pixel by pixel, so the
 * counts are the same as pixel by pixel.
 */
export function contentBox(img: Gray, threshold: number, pad: number): { left: number; top: number; width: number; height: number } | null {
  const { data, width, height } = img;
  const colInk = new Uint32Array(width);
  const paper = paperWord(threshold);
  // Whole words of the buffer: pixel i is byte (i - head) % 4 of word (i - head) >> 2.
  const head = Math.min(data.length, (4 - (data.byteOffset % 4)) % 4);
  const words = new Uint32Array(data.buffer, data.byteOffset + head, (data.length - head) >>> 2);
  let top = -1;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const rowEnd = row + width;
    let c = 0;
    let i = row;
    if (paper !== 0) {
      for (; i < rowEnd && (i - head) % 4 !== 0; i++) {
        if (data[i]! <= threshold) {
          c++;
          colInk[i - row]!++;
        }
      }
      for (; i + 4 <= rowEnd; i += 4) {
        if ((words[(i - head) >> 2]! & paper) === paper) continue;
        for (let j = i; j < i + 4; j++) {
          if (data[j]! <= threshold) {
            c++;
            colInk[j - row]!++;
          }
        }
      }
    }
    for (; i < rowEnd; i++) {
      if (data[i]! <= threshold) {
        c++;
        colInk[i - row]!++;
      }
    }
    if (c >= 2) {
      if (top < 0) top = y;
      bottom = y;
    }
  }
  if (top < 0) return null;
  let left = 0;
  while (left < width && colInk[left]! < 2) left++;
  let right = width - 1;
  while (right > left && colInk[right]! < 2) right--;
  const x0 = Math.max(0, left - pad);
  const y0 = Math.max(0, top - pad);
  const x1 = Math.min(width, right + 1 + pad);
  const y1 = Math.min(height, bottom + 1 + pad);
  return { left: x0, top: y0, width: x1 - x0, height: y1 - y0 };
}

/** Copies a rectangle out of the image. */
export function crop(img: Gray, box: { left: number; top: number; width: number; height: number }): Gray {
  const out = Buffer.allocUnsafe(box.width * box.height);
  for (let y = 0; y < box.height; y++) {
    const src = (box.top + y) * img.width + box.left;
    img.data.copy(out, y * box.width, src, src + box.width);
  }
  return { data: out, width: box.width, height: box.height };
}
