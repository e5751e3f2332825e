// A BMP decoder, because sharp (libvips) does not read BMP; used by the image reader and the
// thumbnailer. Covers what scanners and Windows tools write: BITMAPCOREHEADER and
// BITMAPINFOHEADER up to V5, 1/2/4/8-bit palettes, 16/24/32-bit pixels, BI_RGB and
// BI_(ALPHA)BITFIELDS, bottom-up and top-down.
// RLE and embedded JPEG/PNG are refused with a clear message. Huge images are sampled
// row by row while reading, so a 100-megapixel BMP never becomes a 400 MB RGBA buffer.
import { open } from 'node:fs/promises';
import { IMAGE_TOO_LARGE_MESSAGE, ImageReadError } from './errors.js';

export interface DecodedBmp {
  /** Size of the decoded pixels: the source size, or less when sampled. */
  width: number;
  height: number;
  /** Size of the image in the file. */
  sourceWidth: number;
  sourceHeight: number;
  /** width * height * 4 bytes, top row first. */
  rgba: Buffer;
}

export interface BmpOptions {
  maxPixels: number;
  /** Long edge the caller will shrink to; sampling keeps at least twice this. */
  targetEdge: number;
}

const DAMAGED = 'The BMP image is damaged or incomplete and cannot be decoded.';
/** Up to this many source pixels are decoded at full resolution. */
const FULL_DECODE_PIXELS = 24_000_000;

interface Channel {
  mask: number;
  shift: number;
  max: number;
}

function channel(mask: number): Channel | null {
  if (!mask) return null;
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift++;
  return { mask, shift, max: mask >>> shift };
}

function read(ch: Channel | null, px: number, fallback: number): number {
  if (!ch) return fallback;
  const v = (px & ch.mask) >>> ch.shift;
  return ch.max === 255 ? v : Math.round((v * 255) / ch.max);
}

export async function decodeBmp(path: string, opts: BmpOptions): Promise<DecodedBmp> {
  const fh = await open(path, 'r');
  try {
    const { size: fileSize } = await fh.stat();
    const head = Buffer.alloc(Math.min(fileSize, 14 + 124 + 16 + 1024));
    await fh.read(head, 0, head.length, 0);
    if (head.length < 26 || head.toString('latin1', 0, 2) !== 'BM') throw new ImageReadError(DAMAGED);
    const dataOffset = head.readUInt32LE(10);
    const dib = head.readUInt32LE(14);
    let width: number;
    let height: number;
    let bpp: number;
    let compression = 0;
    let colorsUsed = 0;
    let paletteEntrySize = 4;
    let masks: [number, number, number, number] | null = null;
    if (dib === 12) {
      width = head.readUInt16LE(18);
      height = head.readUInt16LE(20);
      bpp = head.readUInt16LE(24);
      paletteEntrySize = 3;
    } else if (dib >= 40 && head.length >= 54) {
      width = head.readInt32LE(18);
      height = head.readInt32LE(22);
      bpp = head.readUInt16LE(28);
      compression = head.readUInt32LE(30);
      colorsUsed = head.readUInt32LE(46);
      if (compression === 3 || compression === 6) {
        // With the plain 40-byte header the masks follow it; later versions hold them inside.
        const n = compression === 6 || dib >= 56 ? 4 : 3;
        if (head.length < 54 + n * 4) throw new ImageReadError(DAMAGED);
        masks = [head.readUInt32LE(54), head.readUInt32LE(58), head.readUInt32LE(62), n === 4 ? head.readUInt32LE(66) : 0];
      }
    } else {
      throw new ImageReadError(DAMAGED);
    }
    if (compression === 1 || compression === 2) {
      throw new ImageReadError('The BMP image uses RLE compression, which Docdesk does not support; please convert it to PNG or JPEG.');
    }
    if (compression === 4 || compression === 5) {
      throw new ImageReadError('The BMP image wraps a JPEG or PNG stream, which Docdesk does not support; please upload the image itself.');
    }
    if (compression !== 0 && compression !== 3 && compression !== 6) throw new ImageReadError(DAMAGED);
    const topDown = height < 0;
    height = Math.abs(height);
    if (width <= 0 || height <= 0 || ![1, 2, 4, 8, 16, 24, 32].includes(bpp)) throw new ImageReadError(DAMAGED);
    if (width * height > opts.maxPixels) {
      throw new ImageReadError(IMAGE_TOO_LARGE_MESSAGE);
    }

    let palette: Uint8Array | null = null; // RGB triples
    if (bpp <= 8) {
      const count = Math.min(colorsUsed || 1 << bpp, 256);
      const at = 14 + dib + (masks && dib === 40 ? (compression === 6 ? 16 : 12) : 0);
      if (at + count * paletteEntrySize > head.length) throw new ImageReadError(DAMAGED);
      palette = new Uint8Array(256 * 3); // indexes past the palette read black, like Windows does
      for (let i = 0; i < count; i++) {
        const p = at + i * paletteEntrySize;
        palette[i * 3] = head[p + 2]!;
        palette[i * 3 + 1] = head[p + 1]!;
        palette[i * 3 + 2] = head[p]!;
      }
    }
    if (bpp === 16 && !masks) masks = [0x7c00, 0x03e0, 0x001f, 0];
    const [rc, gc, bc, ac] = masks ? masks.map(channel) : [null, null, null, null];

    const stride = Math.floor((bpp * width + 31) / 32) * 4;
    const rowBytes = Math.ceil((bpp * width) / 8);
    if (dataOffset + stride * (height - 1) + rowBytes > fileSize) throw new ImageReadError(DAMAGED);

    // Sample every step-th row and column of very large images; sharp does the fine resize.
    const step = width * height <= FULL_DECODE_PIXELS ? 1 : Math.max(1, Math.min(
      Math.floor(Math.max(width, height) / (opts.targetEdge * 2)),
      Math.ceil(Math.sqrt((width * height) / FULL_DECODE_PIXELS)),
    ));
    const outW = Math.ceil(width / step);
    const outH = Math.ceil(height / step);
    const rgba = Buffer.alloc(outW * outH * 4);
    let all: Buffer | null = null;
    if (step === 1) {
      all = Buffer.alloc(stride * height);
      await fh.read(all, 0, Math.min(all.length, fileSize - dataOffset), dataOffset);
    }
    const row = Buffer.alloc(stride);
    let alphaSeen = false;
    for (let oy = 0; oy < outH; oy++) {
      const sy = oy * step;
      const fileRow = topDown ? sy : height - 1 - sy;
      let src: Buffer;
      if (all) src = all.subarray(fileRow * stride, fileRow * stride + stride);
      else {
        row.fill(0);
        await fh.read(row, 0, Math.min(stride, fileSize - (dataOffset + fileRow * stride)), dataOffset + fileRow * stride);
        src = row;
      }
      let o = oy * outW * 4;
      for (let ox = 0; ox < outW; ox++, o += 4) {
        const sx = ox * step;
        if (palette) {
          const bit = sx * bpp;
          const byte = src[bit >> 3]!;
          const idx = (byte >> (8 - bpp - (bit & 7))) & ((1 << bpp) - 1);
          rgba[o] = palette[idx * 3]!;
          rgba[o + 1] = palette[idx * 3 + 1]!;
          rgba[o + 2] = palette[idx * 3 + 2]!;
          rgba[o + 3] = 255;
        } else if (bpp === 24 || (bpp === 32 && !masks)) {
          const p = sx * (bpp / 8);
          rgba[o] = src[p + 2]!;
          rgba[o + 1] = src[p + 1]!;
          rgba[o + 2] = src[p]!;
          rgba[o + 3] = 255;
        } else {
          const px = bpp === 16 ? src.readUInt16LE(sx * 2) : src.readUInt32LE(sx * 4);
          rgba[o] = read(rc, px, 0);
          rgba[o + 1] = read(gc, px, 0);
          rgba[o + 2] = read(bc, px, 0);
          const a = read(ac, px, 255);
          rgba[o + 3] = a;
          if (a !== 0) alphaSeen = true;
        }
      }
    }
    // Many writers declare an alpha mask but leave it zero; that means opaque, not invisible.
    if (ac && !alphaSeen) for (let i = 3; i < rgba.length; i += 4) rgba[i] = 255;
    return { width: outW, height: outH, sourceWidth: width, sourceHeight: height, rgba };
  } finally {
    await fh.close();
  }
}
