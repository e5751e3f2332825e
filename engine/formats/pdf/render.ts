// One page to an image at a requested resolution, within the spec's visual processing
// limits (section 8): at most 18,000,000 pixels and 32 MiB of encoded data per rendered
// page. When the requested DPI would exceed either, the DPI is lowered and the result says
// `limited: true`. Always on a white background (PDF pages are transparent).
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { withPdfPage } from './cache.js';
import { PdfReadError } from './errors.js';
import type { PDFPageProxy } from './pdfjs.js';

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

/** Draws a page onto a new white canvas of exactly `width` × `height` pixels (pdf.js errors propagate). */
export async function paintPage(page: PDFPageProxy, viewport: ReturnType<PDFPageProxy['getViewport']>, width: number, height: number): Promise<Canvas> {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  await page.render({
    canvasContext: ctx as unknown as CanvasRenderingContext2D,
    canvas: canvas as unknown as HTMLCanvasElement,
    viewport,
    background: '#ffffff',
  }).promise;
  return canvas;
}

async function draw(page: PDFPageProxy, dpi: number, format: 'png' | 'jpeg'): Promise<{ data: Buffer; widthPx: number; heightPx: number }> {
  const base = page.getViewport({ scale: 1 });
  const { widthPx, heightPx } = pixelSize(base.width, base.height, dpi);
  // The viewport scaled to exactly the canvas size, so no edge row or column stays empty.
  const viewport = page.getViewport({ scale: dpi / 72 });
  let canvas: Canvas;
  try {
    canvas = await paintPage(page, viewport, widthPx, heightPx);
  } catch {
    throw new PdfReadError('The PDF page is damaged and cannot be rendered.');
  }
  // Raw RGBA out of Skia, encoded by libvips: faster than Skia's own encoders (measured in
  // bench/pdf.ts), and an opaque page needs no alpha channel.
  const raw = canvas.data();
  const img = sharp(raw, { raw: { width: widthPx, height: heightPx, channels: 4 } }).removeAlpha();
  const data =
    format === 'jpeg'
      ? await img.jpeg({ quality: RENDER_JPEG_QUALITY, chromaSubsampling: '4:2:0' }).toBuffer()
      : await img.png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer();
  // Free the (up to 72 MB) native surface now rather than whenever the GC gets to it.
  canvas.width = 1;
  canvas.height = 1;
  return { data, widthPx, heightPx };
}

export async function renderPdfPage(path: string, pageNumber: number, opts: RenderOptions): Promise<RenderedPage> {
  if (!(Number.isFinite(opts.dpi) && opts.dpi > 0)) throw new RangeError(`Invalid DPI: ${opts.dpi}`);
  if (opts.format !== 'png' && opts.format !== 'jpeg') throw new RangeError(`Invalid format: ${String(opts.format)}`);
  const maxPixels = opts.maxPixels ?? MAX_PAGE_PIXELS;
  const maxBytes = opts.maxBytes ?? MAX_PAGE_BYTES;
  return withPdfPage(path, pageNumber, async (page) => {
    const base = page.getViewport({ scale: 1 });
    if (!(base.width > 0 && base.height > 0) || !Number.isFinite(base.width * base.height)) {
      throw new PdfReadError(`Page ${pageNumber} of the PDF has an invalid size.`);
    }
    let dpi = fitDpi(base.width, base.height, opts.dpi, maxPixels);
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
