// The PDF reader: page count and embedded files, per-page native text in reading order with
// the OCR decision, page rendering within the spec's limits, embedded file extraction.
// Everything takes a file path and returns plain data or Buffers (it runs in workers).
export { PdfReadError, PDF_DAMAGED_MESSAGE, PDF_NO_PAGES_MESSAGE, PDF_PASSWORD_MESSAGE } from './errors.js';
export { readPdfInfo, readPdfPageText, scanPageText, extractPdfAttachment, type PdfInfo, type PdfPageText } from './read.js';
export { fitDpi, pixelSize, rasterizePdfPage, renderPdfPage, MAX_PAGE_BYTES, MAX_PAGE_PIXELS, type RasterizedPage, type RenderedPage, type RenderOptions } from './render.js';
export { closeAllPdfs } from './cache.js';
export { readPageScan, type PageScan } from './pdfium.js';
