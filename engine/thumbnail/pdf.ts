// PDF thumbnails: the first page drawn by PDFium at exactly the scale that makes its long
// edge THUMBNAIL_MAX_EDGE, so no large bitmap is ever made and shrunk, and encoded once by
// libvips. Document opening lives in formats/pdf (one loader per PDF engine); a document
// opened from a path stays in that module's per-process cache, so the page renders that
// follow the thumbnail do not parse it again.
import sharp from 'sharp';
import { PdfReadError } from '../formats/pdf/errors.js';
import { withRasterPage, type RasterPage } from '../formats/pdf/pdfium.js';
import { ThumbnailError } from './errors.js';
import { JPEG_QUALITY, MAX_PDF_PAGE_PIXELS, THUMBNAIL_MAX_EDGE } from './limits.js';

export { PDF_DAMAGED_MESSAGE, PDF_PASSWORD_MESSAGE } from '../formats/pdf/errors.js';

async function renderFirstPage(page: RasterPage): Promise<Buffer> {
  try {
    if (!(page.widthPt > 0 && page.heightPt > 0) || !Number.isFinite(page.widthPt * page.heightPt)) {
      throw new ThumbnailError('The first page of the PDF has an invalid size.');
    }
    const scale = THUMBNAIL_MAX_EDGE / Math.max(page.widthPt, page.heightPt);
    const width = Math.max(1, Math.round(page.widthPt * scale));
    const height = Math.max(1, Math.round(page.heightPt * scale));
    // Cannot trigger at thumbnail scale; kept so the spec's per-page bound holds by construction.
    if (width * height > MAX_PDF_PAGE_PIXELS) throw new ThumbnailError('The first page of the PDF is too large to render.');
    const raw = await page.rasterize(width, height, 4);
    return await sharp(raw, { raw: { width, height, channels: 4 } }).removeAlpha().jpeg({ quality: JPEG_QUALITY }).toBuffer();
  } catch (err) {
    if (err instanceof ThumbnailError) throw err;
    throw new ThumbnailError('The PDF is damaged or incomplete: its first page could not be rendered.');
  }
}

/** PdfReadError (encrypted, damaged, no pages) carries the clerk's sentence over. */
function asThumbnailError(err: unknown): unknown {
  return err instanceof PdfReadError ? new ThumbnailError(err.message) : err;
}

export async function renderPdfThumbnail(path: string): Promise<Buffer> {
  try {
    return await withRasterPage(path, 1, renderFirstPage);
  } catch (err) {
    throw asThumbnailError(err);
  }
}
