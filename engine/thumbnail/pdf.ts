// PDF thumbnails: the first page rendered by pdf.js onto a @napi-rs/canvas at exactly the
// scale that makes its long edge THUMBNAIL_MAX_EDGE, so no large bitmap is ever made and
// shrunk. pdf.js loading and document opening live in formats/pdf (one loader for the
// engine); a document opened from a path stays in that module's per-process cache, so the
// page tasks that follow the thumbnail do not parse it again.
import { withPdfPage } from '../formats/pdf/cache.js';
import { PdfReadError } from '../formats/pdf/errors.js';
import { openPdf, type PDFPageProxy } from '../formats/pdf/pdfjs.js';
import { paintPage } from '../formats/pdf/render.js';
import { ThumbnailError } from './errors.js';
import { JPEG_QUALITY, MAX_PDF_PAGE_PIXELS, THUMBNAIL_MAX_EDGE } from './limits.js';

export { PDF_DAMAGED_MESSAGE, PDF_PASSWORD_MESSAGE } from '../formats/pdf/errors.js';

async function renderFirstPage(page: PDFPageProxy): Promise<Buffer> {
  try {
    const base = page.getViewport({ scale: 1 });
    if (!(base.width > 0 && base.height > 0) || !Number.isFinite(base.width * base.height)) {
      throw new ThumbnailError('The first page of the PDF has an invalid size.');
    }
    const viewport = page.getViewport({ scale: THUMBNAIL_MAX_EDGE / Math.max(base.width, base.height) });
    const width = Math.max(1, Math.round(viewport.width));
    const height = Math.max(1, Math.round(viewport.height));
    // Cannot trigger at thumbnail scale; kept so the spec's per-page bound holds by construction.
    if (width * height > MAX_PDF_PAGE_PIXELS) throw new ThumbnailError('The first page of the PDF is too large to render.');
    const canvas = await paintPage(page, viewport, width, height);
    return await canvas.encode('jpeg', JPEG_QUALITY);
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
    return await withPdfPage(path, 1, renderFirstPage);
  } catch (err) {
    throw asThumbnailError(err);
  }
}

/** For PDFs that are not files of their own (e-mail attachments): opened, rendered, closed. */
export async function renderPdfDataThumbnail(data: Uint8Array): Promise<Buffer> {
  let opened;
  try {
    opened = await openPdf(data);
  } catch (err) {
    throw asThumbnailError(err);
  }
  try {
    let page: PDFPageProxy;
    try {
      page = await opened.doc.getPage(1);
    } catch {
      throw new ThumbnailError('The PDF is damaged or incomplete: its first page could not be rendered.');
    }
    try {
      return await renderFirstPage(page);
    } finally {
      page.cleanup();
    }
  } finally {
    await opened.destroy();
  }
}
