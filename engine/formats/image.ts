// Raster images as pages. A multi-page TIFF has one page per directory; every other image
// (animated GIF and WebP included: their first frame) is one page. A page comes out as a PNG
// the way a person sees it: EXIF orientation applied, transparency on white, and shrunk to
// the page pixel limit when larger (reported as `limited`). BMP goes through our own
// decoder because sharp (libvips) cannot read it.
import { open } from 'node:fs/promises';
import sharp from 'sharp';
import { decodeBmp } from './bmp.js';
import type { FileFormat } from './detect.js';
import { IMAGE_DAMAGED_MESSAGE, IMAGE_TOO_LARGE_MESSAGE, ImageReadError } from './errors.js';
import { MAX_IMAGE_PIXELS, MAX_PAGE_PIXELS } from './limits.js';


export { ImageReadError } from './errors.js';
export type ImageFormat = 'jpg' | 'png' | 'tiff' | 'webp' | 'gif' | 'bmp';

export interface ImagePageOptions {
  /** The rendered page has at most this many pixels (default 18,000,000, the spec's page limit). */
  maxPixels?: number;
}

export interface ImagePage {
  /** PNG. */
  data: Buffer;
  widthPx: number;
  heightPx: number;
  /** The image was larger than `maxPixels` and has been shrunk to fit. */
  limited: boolean;
}

const IMAGE_FORMATS = new Set<string>(['jpg', 'png', 'tiff', 'webp', 'gif', 'bmp']);

function assertImageFormat(format: FileFormat): asserts format is ImageFormat {
  if (!IMAGE_FORMATS.has(format)) throw new TypeError(`${format} is not a raster image format`);
}

/** sharp's options for one page (frame) of a file. */
export function sharpPageOptions(page: number): sharp.SharpOptions {
  return { limitInputPixels: MAX_IMAGE_PIXELS, page, pages: 1, failOn: 'error' };
}

/** Turns sharp/libvips failures into sentences; lets our own errors through. */
export function imageError(err: unknown): Error {
  if (err instanceof ImageReadError) return err;
  const message = (err as Error | undefined)?.message ?? '';
  if (/pixel limit/i.test(message)) return new ImageReadError(IMAGE_TOO_LARGE_MESSAGE);
  return new ImageReadError(IMAGE_DAMAGED_MESSAGE);
}

async function metadata(path: string, page: number): Promise<sharp.Metadata> {
  try {
    return await sharp(path, sharpPageOptions(page)).metadata();
  } catch (err) {
    throw imageError(err);
  }
}

/** Pages of the image: every page of a TIFF, one for everything else (first frame of animations). */
export async function imagePageCount(path: string, format: FileFormat): Promise<number> {
  assertImageFormat(format);
  if (format === 'bmp') return 1;
  const meta = await metadata(path, 0);
  if (!meta.width || !meta.height) throw new ImageReadError(IMAGE_DAMAGED_MESSAGE);
  return format === 'tiff' ? Math.max(1, meta.pages ?? 1) : 1;
}

/** The largest size with the same aspect ratio and at most `maxPixels` pixels. */
export function fitToPixels(width: number, height: number, maxPixels: number): { width: number; height: number; limited: boolean } {
  if (width * height <= maxPixels) return { width, height, limited: false };
  const k = Math.sqrt(maxPixels / (width * height));
  let w = Math.max(1, Math.floor(width * k));
  let h = Math.max(1, Math.floor(height * k));
  while (w * h > maxPixels && w > 1 && h > 1) {
    if (w >= h) w--;
    else h--;
  }
  return { width: w, height: h, limited: true };
}

/** Renders page `index` (zero-based) as a PNG. */
export async function renderImagePage(path: string, format: FileFormat, index: number, opts: ImagePageOptions = {}): Promise<ImagePage> {
  assertImageFormat(format);
  const maxPixels = Math.max(1, Math.floor(opts.maxPixels ?? MAX_PAGE_PIXELS));
  if (!Number.isInteger(index) || index < 0) throw new RangeError(`page index ${index} is not a valid page`);
  if (format === 'bmp') {
    if (index !== 0) throw new RangeError(`page index ${index} is beyond the image's single page`);
    return renderBmp(path, maxPixels);
  }
  if (index > 0) {
    const pages = format === 'tiff' ? await imagePageCount(path, format) : 1;
    if (index >= pages) throw new RangeError(`page index ${index} is beyond the image's ${pages} page(s)`);
  }
  const meta = await metadata(path, index);
  if (!meta.width || !meta.height) throw new ImageReadError(IMAGE_DAMAGED_MESSAGE);
  // TIFF pages may differ in size; for animations `height` can be the whole strip of frames.
  const height = meta.pageHeight && meta.pages && meta.pages > 1 && format !== 'tiff' ? meta.pageHeight : meta.height;
  const swap = (meta.orientation ?? 1) >= 5;
  const upright = swap ? { width: height, height: meta.width } : { width: meta.width, height };
  const target = fitToPixels(upright.width, upright.height, maxPixels);
  try {
    let img = sharp(path, sharpPageOptions(index)).rotate(); // no angle: apply the EXIF orientation
    if (target.limited) img = img.resize(target.width, target.height, { fit: 'inside' });
    return await finish(img, meta, target.limited);
  } catch (err) {
    throw imageError(err);
  }
}

async function renderBmp(path: string, maxPixels: number): Promise<ImagePage> {
  // Sample very large BMPs while reading, but never below the resolution we output.
  const size = await bmpSize(path);
  const target = fitToPixels(size.width, size.height, maxPixels);
  const bmp = await decodeBmp(path, { maxPixels: MAX_IMAGE_PIXELS, targetEdge: Math.ceil(Math.max(target.width, target.height) / 2) });
  const limited = bmp.sourceWidth * bmp.sourceHeight > maxPixels;
  try {
    let img = sharp(bmp.rgba, { raw: { width: bmp.width, height: bmp.height, channels: 4 } });
    if (limited || bmp.width * bmp.height > maxPixels) {
      const t = fitToPixels(bmp.width, bmp.height, maxPixels);
      img = img.resize(Math.min(t.width, target.width), Math.min(t.height, target.height), { fit: 'inside' });
    }
    return await finish(img, { channels: 4, depth: 'uchar' } as sharp.Metadata, limited);
  } catch (err) {
    throw imageError(err);
  }
}

/** Width and height from a BMP header, for planning the decode. */
async function bmpSize(path: string): Promise<{ width: number; height: number }> {
  const fh = await open(path, 'r');
  try {
    const head = Buffer.alloc(26);
    const { bytesRead } = await fh.read(head, 0, 26, 0);
    if (bytesRead < 26 || head.toString('latin1', 0, 2) !== 'BM') throw new ImageReadError('The BMP image is damaged or incomplete and cannot be decoded.');
    const dib = head.readUInt32LE(14);
    if (dib === 12) return { width: head.readUInt16LE(18), height: head.readUInt16LE(20) };
    return { width: Math.abs(head.readInt32LE(18)), height: Math.abs(head.readInt32LE(22)) };
  } finally {
    await fh.close();
  }
}

/** White background, 8-bit, PNG; grey stays grey (a third of the bytes for OCR). */
async function finish(img: sharp.Sharp, meta: Pick<sharp.Metadata, 'channels' | 'depth' | 'space'>, limited: boolean): Promise<ImagePage> {
  img = img.flatten({ background: '#ffffff' });
  const grey = meta.space === 'b-w' || meta.space === 'grey16' || (meta.channels ?? 3) <= 2;
  if (grey) img = img.toColourspace('b-w');
  else if (meta.depth && meta.depth !== 'uchar' && meta.depth !== 'char') img = img.toColourspace('srgb');
  const { data, info } = await img.png({ compressionLevel: 4 }).toBuffer({ resolveWithObject: true });
  return { data, widthPx: info.width, heightPx: info.height, limited };
}

/** Pixel size of an image in memory (first page/frame), or null when it cannot be read. */
export async function imageDimensions(data: Uint8Array, format: FileFormat): Promise<{ width: number; height: number } | null> {
  try {
    if (format === 'bmp') {
      const b = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
      if (b.length < 26 || b.toString('latin1', 0, 2) !== 'BM') return null;
      const dib = b.readUInt32LE(14);
      const size = dib === 12 ? { width: b.readUInt16LE(18), height: b.readUInt16LE(20) } : { width: Math.abs(b.readInt32LE(18)), height: Math.abs(b.readInt32LE(22)) };
      return size.width > 0 && size.height > 0 ? size : null;
    }
    const meta = await sharp(data, sharpPageOptions(0)).metadata();
    if (!meta.width || !meta.height) return null;
    return { width: meta.width, height: meta.pageHeight && format !== 'tiff' ? meta.pageHeight : meta.height };
  } catch {
    return null;
  }
}

/** Directories followed in a TIFF before the chain is treated as hostile (a loop or an absurd count). */
const MAX_TIFF_DIRECTORIES = 100_000;
const TIFF_IN_MEMORY_BYTES = 32 * 1024 * 1024;

/**
 * Width and height of TIFF page `index` read from its directory (IFD) chain, without
 * decoding: libvips walks every directory of a file on each page it opens, which makes a
 * many-page TIFF quadratic to inspect page by page. Null when the chain is damaged.
 */
async function tiffPageSize(path: string, index: number): Promise<{ width: number; height: number } | null> {
  const fh = await open(path, 'r');
  try {
    // Small files (many tiny pages) are walked in memory; large ones read directory by directory.
    const whole = (await fh.stat()).size <= TIFF_IN_MEMORY_BYTES ? await fh.readFile() : null;
    const readAt = async (position: number, length: number): Promise<Buffer | null> => {
      if (whole) return position + length <= whole.length ? whole.subarray(position, position + length) : null;
      const b = Buffer.alloc(length);
      return (await fh.read(b, 0, length, position)).bytesRead === length ? b : null;
    };
    const head = await readAt(0, 8);
    if (!head) return null;
    const le = head.toString('latin1', 0, 2) === 'II';
    if (!le && head.toString('latin1', 0, 2) !== 'MM') return null;
    const u16 = (b: Buffer, o: number) => (le ? b.readUInt16LE(o) : b.readUInt16BE(o));
    const u32 = (b: Buffer, o: number) => (le ? b.readUInt32LE(o) : b.readUInt32BE(o));
    if (u16(head, 2) !== 42) return null; // BigTIFF: left to libvips
    let offset = u32(head, 4);
    const seen = new Set<number>();
    for (let page = 0; offset !== 0 && page < MAX_TIFF_DIRECTORIES; page++) {
      if (seen.has(offset)) return null;
      seen.add(offset);
      const count = await readAt(offset, 2);
      const entries = count && (await readAt(offset + 2, u16(count, 0) * 12 + 4));
      if (!entries) return null;
      if (page === index) {
        let width = 0;
        let height = 0;
        for (let e = 0; e + 12 <= entries.length - 4; e += 12) {
          const tag = u16(entries, e);
          const value = u16(entries, e + 2) === 3 ? u16(entries, e + 8) : u32(entries, e + 8);
          if (tag === 256) width = value;
          else if (tag === 257) height = value;
        }
        return width > 0 && height > 0 ? { width, height } : null;
      }
      offset = u32(entries, entries.length - 4);
    }
    return null;
  } finally {
    await fh.close();
  }
}

/** Pixel size of page `index` (zero-based) without decoding it, or null when unknown. */
export async function imagePageSize(path: string, format: FileFormat, index: number): Promise<{ width: number; height: number } | null> {
  assertImageFormat(format);
  if (format === 'tiff') return tiffPageSize(path, index);
  if (format === 'bmp') return bmpSize(path).catch(() => null);
  const meta = await metadata(path, index).catch(() => null);
  if (!meta?.width || !meta.height) return null;
  return { width: meta.width, height: meta.pageHeight ? meta.pageHeight : meta.height };
}
