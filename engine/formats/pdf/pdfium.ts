// Page rasterization with PDFium (Chromium's PDF engine, compiled to WebAssembly by the
// @hyzyla/pdfium package). pdf.js stays the reader of text, structure and attachments;
// PDFium only draws pages: on real invoices it renders a thumbnail several times faster than
// pdf.js on a canvas and as fast as poppler's pdftoppm (figures in docs/decisions.md,
// "PDF page rendering"). Running inside WebAssembly also keeps a hostile PDF's rendering
// inside a memory sandbox.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PDFiumLibrary, type PDFiumDocument, type PDFiumPage } from '@hyzyla/pdfium';
import { createDocumentCache, pageDamaged, pageMissing, registerPdfCache } from './cache.js';
import { PDF_DAMAGED_MESSAGE, PDF_NO_PAGES_MESSAGE, PDF_PASSWORD_MESSAGE, PdfReadError } from './errors.js';

let library: Promise<PDFiumLibrary> | undefined;

function pdfium(): Promise<PDFiumLibrary> {
  // The WebAssembly binary is read by us, not fetched by the package, so it loads the same
  // way from node_modules and from a packaged app.
  library ??= PDFiumLibrary.init({ wasmBinary: toArrayBuffer(readFileSync(createRequire(import.meta.url).resolve('@hyzyla/pdfium/pdfium.wasm'))) });
  return library;
}

function toArrayBuffer(b: Buffer): ArrayBuffer {
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
}

async function openPdfium(data: Uint8Array): Promise<PDFiumDocument> {
  const lib = await pdfium();
  let doc: PDFiumDocument;
  try {
    doc = await lib.loadDocument(data);
  } catch (err) {
    throw new PdfReadError(/password|security/i.test((err as Error).message) ? PDF_PASSWORD_MESSAGE : PDF_DAMAGED_MESSAGE);
  }
  if (!(doc.getPageCount() >= 1)) {
    doc.destroy();
    throw new PdfReadError(PDF_NO_PAGES_MESSAGE);
  }
  return doc;
}

const documents = createDocumentCache<PDFiumDocument>(openPdfium, (d) => d.destroy());
registerPdfCache(documents);

/** One loaded page: its size in points (rotation applied) and its rasterizer. */
export interface RasterPage {
  widthPt: number;
  heightPt: number;
  /** Draws the page at exactly `widthPx` × `heightPx` on white; RGBA (4 channels) or gray (1). */
  rasterize(widthPx: number, heightPx: number, channels: 1 | 4): Promise<Uint8Array>;
}

// The package closes a page after each render; a page that is not rendered must be closed by
// us through the same module handle.
interface PageInternals {
  module: { _FPDF_ClosePage(page: number): void };
  pageIdx: number;
}

function loadPage(doc: PDFiumDocument, pageNumber: number): PDFiumPage {
  const page = doc.getPage(pageNumber - 1);
  if (!(page as unknown as PageInternals).pageIdx) throw pageDamaged(pageNumber);
  return page;
}

async function withPage<T>(doc: PDFiumDocument, pageNumber: number, fn: (page: RasterPage) => Promise<T>): Promise<T> {
  const count = doc.getPageCount();
  if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > count) throw pageMissing(pageNumber, count);
  let open: PDFiumPage | null = loadPage(doc, pageNumber);
  const { originalWidth, originalHeight } = open.getOriginalSize();
  try {
    return await fn({
      widthPt: originalWidth,
      heightPt: originalHeight,
      async rasterize(widthPx, heightPx, channels) {
        const page = open ?? loadPage(doc, pageNumber); // a second drawing (smaller) loads it again
        open = null;
        const r = await page.render({ scale: 1, width: widthPx, height: heightPx, render: 'bitmap', colorSpace: channels === 1 ? 'Gray' : 'BGRA', renderFormFields: false });
        return r.data;
      },
    });
  } finally {
    if (open) {
      const internals = open as unknown as PageInternals;
      internals.module._FPDF_ClosePage(internals.pageIdx);
    }
  }
}

/** Runs `fn` with page `pageNumber` (one-based) of the PDF at `path`. */
export function withRasterPage<T>(path: string, pageNumber: number, fn: (page: RasterPage) => Promise<T>): Promise<T> {
  return documents.use(path, (doc) => withPage(doc, pageNumber, fn));
}
