// One page to an image at a requested resolution, within the spec's visual processing
// limits (section 8): at most 18,000,000 pixels and 32 MiB of encoded data per rendered
// page. When the requested DPI would exceed either, the DPI is lowered and the result says
// `limited: true`. Always on a white background (PDF pages are transparent).
import sharp from 'sharp';
import { PdfReadError } from './errors.js';
import { withRasterPage, type RasterPage } from './pdfium.js';

/** Spec: each rendered PDF page at most 18,000,000 pixels... */
export const MAX_PAGE_PIXELS = 18_000_000;
/** ...and 32 MiB. */
export const MAX_PAGE_BYTES = 32 * 1024 * 1024;
export const RENDER_JPEG_QUALITY = 85;

export interface RenderOptions {
  dpi: number;
  format: 'png' | 'jpeg';
  /** Default MAX_PAGE_PIXELS. */
  maxPixels?: number;
  /** Default MAX_PAGE_BYTES (encoded output). */
  maxBytes?: number;
}

export interface RenderedPage {
  data: Buffer;
  format: 'png' | 'jpeg';
  widthPx: number;
  heightPx: number;
  /** The DPI actually used. */
  dpi: number;
  /** The DPI was reduced to stay within the limits. */
  limited: boolean;
}

/** Pixel size of a page of `width` × `height` points at `dpi`. */
export function pixelSize(width: number, height: number, dpi: number): { widthPx: number; heightPx: number } {
  return { widthPx: Math.max(1, Math.round((width * dpi) / 72)), heightPx: Math.max(1, Math.round((height * dpi) / 72)) };
}

/** The highest DPI ≤ `dpi` (to 1/100) at which the page stays within `maxPixels`. */
export function fitDpi(width: number, height: number, dpi: number, maxPixels: number): number {
  const px = (d: number) => {
    const s = pixelSize(width, height, d);
    return s.widthPx * s.heightPx;
  };
  if (px(dpi) <= maxPixels) return dpi;
  let fitted = Math.floor(dpi * Math.sqrt(maxPixels / px(dpi)) * 100) / 100;
  while (fitted > 0.01 && px(fitted) > maxPixels) fitted = Math.floor(fitted * 99) / 100;
  return Math.max(0.01, fitted);
}

async function draw(page: RasterPage, dpi: number, format: 'png' | 'jpeg'): Promise<{ data: Buffer; widthPx: number; heightPx: number }> {
  const { widthPx, heightPx } = pixelSize(page.widthPt, page.heightPt, dpi);
  let raw: Uint8Array;
  try {
    raw = await page.rasterize(widthPx, heightPx, 4);
  } catch {
    throw new PdfReadError('The PDF page is damaged and cannot be rendered.');
  }
  // Raw RGBA out of PDFium, encoded by libvips; an opaque page needs no alpha channel.
  const img = sharp(raw, { raw: { width: widthPx, height: heightPx, channels: 4 } }).removeAlpha();
  const data =
    format === 'jpeg'
      ? await img.jpeg({ quality: RENDER_JPEG_QUALITY, chromaSubsampling: '4:2:0' }).toBuffer()
      : await img.png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer();
  return { data, widthPx, heightPx };
}

/** A page as raw pixels straight from the rasterizer, rows top to bottom, white background. */
export interface RasterizedPage {
  data: Buffer;
  /** 1: gray; 4: RGBA (opaque). */
  channels: 1 | 4;
  widthPx: number;
  heightPx: number;
  dpi: number;
  /** The DPI was reduced to stay within the pixel limit (or the width cap). */
  limited: boolean;
}

/**
 * The page at `dpi` as raw pixels: for a consumer in the same process (OCR, a preview), which
 * would only decode an encoded image again. The pixel limit applies as in renderPdfPage;
 * `maxWidthPx` caps the width (a preview), without counting as `limited`.
 */
export async function rasterizePdfPage(path: string, pageNumber: number, opts: { dpi: number; channels: 1 | 4; maxWidthPx?: number; maxPixels?: number }): Promise<RasterizedPage> {
  if (!(Number.isFinite(opts.dpi) && opts.dpi > 0)) throw new RangeError(`Invalid DPI: ${opts.dpi}`);
  return withRasterPage(path, pageNumber, async (page) => {
    if (!(page.widthPt > 0 && page.heightPt > 0) || !Number.isFinite(page.widthPt * page.heightPt)) {
      throw new PdfReadError(`Page ${pageNumber} of the PDF has an invalid size.`);
    }
    const wanted = opts.maxWidthPx ? Math.min(opts.dpi, (opts.maxWidthPx * 72) / page.widthPt) : opts.dpi;
    const dpi = fitDpi(page.widthPt, page.heightPt, wanted, opts.maxPixels ?? MAX_PAGE_PIXELS);
    const { widthPx, heightPx } = pixelSize(page.widthPt, page.heightPt, dpi);
    let raw: Uint8Array;
    try {
      raw = await page.rasterize(widthPx, heightPx, opts.channels);
    } catch {
      throw new PdfReadError('The PDF page is damaged and cannot be rendered.');
    }
    return { data: Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength), channels: opts.channels, widthPx, heightPx, dpi, limited: dpi < wanted };
  });
}

export async function renderPdfPage(path: string, pageNumber: number, opts: RenderOptions): Promise<RenderedPage> {
  if (!(Number.isFinite(opts.dpi) && opts.dpi > 0)) throw new RangeError(`Invalid DPI: ${opts.dpi}`);
  if (opts.format !== 'png' && opts.format !== 'jpeg') throw new RangeError(`Invalid format: ${String(opts.format)}`);
  const maxPixels = opts.maxPixels ?? MAX_PAGE_PIXELS;
  const maxBytes = opts.maxBytes ?? MAX_PAGE_BYTES;
  return withRasterPage(path, pageNumber, async (page) => {
    if (!(page.widthPt > 0 && page.heightPt > 0) || !Number.isFinite(page.widthPt * page.heightPt)) {
      throw new PdfReadError(`Page ${pageNumber} of the PDF has an invalid size.`);
    }
    let dpi = fitDpi(page.widthPt, page.heightPt, opts.dpi, maxPixels);
    let limited = dpi < opts.dpi;
    // An encoded page over the byte limit is drawn again smaller; a handful of tries suffice
    // because the size shrinks with the pixel count.
    for (let attempt = 0; attempt < 5; attempt++) {
      const out = await draw(page, dpi, opts.format);
      if (out.data.length <= maxBytes) return { ...out, format: opts.format, dpi, limited };
      dpi = Math.floor(dpi * Math.sqrt(maxBytes / out.data.length) * 0.9 * 100) / 100;
      limited = true;
      if (!(dpi > 1)) break;
    }
    throw new PdfReadError(`Page ${pageNumber} of the PDF cannot be rendered within the size limit.`);
  });
}
