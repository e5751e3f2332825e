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

/**
 * A page that is one scanned picture: a single JPEG image (DCTDecode, 8-bit gray or RGB)
 * drawn upright over the whole page, with nothing else on it — no text, paths, forms,
 * annotations, transparency or /Rotate. Such a page has no text layer to read, and its
 * drawing is all there is to see of it.
 */
export interface PageScan {
  /** The page in points (as RasterPage). */
  widthPt: number;
  heightPt: number;
  /** The embedded image's own pixel size. */
  widthPx: number;
  heightPx: number;
  /** 1: gray, 3: RGB. */
  channels: 1 | 3;
  /** Size of the JPEG stream as stored in the PDF. */
  bytes: number;
}

// The parts of the Emscripten module used here beyond the package's typings (PDFium's C API).
interface ScanModule {
  _FPDFPage_CountObjects(page: number): number;
  _FPDFPage_GetObject(page: number, i: number): number;
  _FPDFPage_GetAnnotCount(page: number): number;
  _FPDFPage_GetRotation(page: number): number;
  _FPDF_GetPageBoundingBox(page: number, rect: number): number;
  _FPDFPageObj_GetType(obj: number): number;
  _FPDFPageObj_GetMatrix(obj: number, matrix: number): number;
  _FPDFPageObj_GetBounds(obj: number, left: number, bottom: number, right: number, top: number): number;
  _FPDFPageObj_HasTransparency(obj: number): number;
  _FPDFImageObj_GetImageFilterCount(obj: number): number;
  _FPDFImageObj_GetImageFilter(obj: number, index: number, buffer: number, length: number): number;
  _FPDFImageObj_GetImageMetadata(obj: number, page: number, metadata: number): number;
  _FPDFImageObj_GetImageDataRaw(obj: number, buffer: number, length: number): number;
  _FPDF_ClosePage(page: number): void;
  wasmExports: { malloc(size: number): number; free(ptr: number): void };
  HEAPU8: Uint8Array;
}

const FPDF_PAGEOBJ_IMAGE = 3;
const FPDF_COLORSPACE_DEVICEGRAY = 1;
const FPDF_COLORSPACE_DEVICERGB = 2;
const FPDF_COLORSPACE_CALGRAY = 4;
const FPDF_COLORSPACE_CALRGB = 5;
const FPDF_COLORSPACE_ICCBASED = 7;
/** How far (points) the image's edges may lie from the page's: scanners place it exactly. */
const SCAN_EDGE_TOLERANCE_PT = 1.5;

function inspectScan(module: ScanModule, pageIdx: number, widthPt: number, heightPt: number): PageScan | null {
  if (module._FPDFPage_GetRotation(pageIdx) !== 0 || module._FPDFPage_GetAnnotCount(pageIdx) !== 0) return null;
  if (module._FPDFPage_CountObjects(pageIdx) !== 1) return null;
  const obj = module._FPDFPage_GetObject(pageIdx, 0);
  if (!obj || module._FPDFPageObj_GetType(obj) !== FPDF_PAGEOBJ_IMAGE || module._FPDFPageObj_HasTransparency(obj)) return null;
  const mem = module.wasmExports.malloc(64);
  try {
    const f32 = (offset: number) => new DataView(module.HEAPU8.buffer).getFloat32(mem + offset, true);
    const u32 = (offset: number) => new DataView(module.HEAPU8.buffer).getUint32(mem + offset, true);
    // Upright, not mirrored or sheared: [a 0 0 d e f] with a, d > 0.
    if (!module._FPDFPageObj_GetMatrix(obj, mem)) return null;
    const [a, b, c, d] = [f32(0), f32(4), f32(8), f32(12)];
    if (!(a > 0 && d > 0) || Math.abs(b) > 1e-3 * a || Math.abs(c) > 1e-3 * d) return null;
    // The image covers the page box (left, top, right, bottom) edge to edge.
    if (!module._FPDF_GetPageBoundingBox(pageIdx, mem)) return null;
    const page = [f32(0), f32(12), f32(8), f32(4)]; // left, bottom, right, top
    if (!module._FPDFPageObj_GetBounds(obj, mem + 16, mem + 20, mem + 24, mem + 28)) return null;
    const image = [f32(16), f32(20), f32(24), f32(28)];
    if (image.some((v, i) => !(Math.abs(v - page[i]!) <= SCAN_EDGE_TOLERANCE_PT))) return null;
    // One filter, DCTDecode: the stream is a JPEG file.
    if (module._FPDFImageObj_GetImageFilterCount(obj) !== 1) return null;
    const n = module._FPDFImageObj_GetImageFilter(obj, 0, mem + 32, 32);
    if (!(n > 1 && n <= 32) || Buffer.from(module.HEAPU8.subarray(mem + 32, mem + 32 + n - 1)).toString('latin1') !== 'DCTDecode') return null;
    // width, height, horizontal dpi, vertical dpi, bits per pixel, colour space, marked content id.
    if (!module._FPDFImageObj_GetImageMetadata(obj, pageIdx, mem)) return null;
    const [widthPx, heightPx, bpp, space] = [u32(0), u32(4), u32(16), u32(20)];
    const gray = bpp === 8 && [FPDF_COLORSPACE_DEVICEGRAY, FPDF_COLORSPACE_CALGRAY, FPDF_COLORSPACE_ICCBASED].includes(space);
    const rgb = bpp === 24 && [FPDF_COLORSPACE_DEVICERGB, FPDF_COLORSPACE_CALRGB, FPDF_COLORSPACE_ICCBASED].includes(space);
    if (!(gray || rgb) || !(widthPx > 0 && heightPx > 0)) return null;
    const bytes = module._FPDFImageObj_GetImageDataRaw(obj, 0, 0);
    if (!(bytes > 0)) return null;
    return { widthPt, heightPt, widthPx, heightPx, channels: gray ? 1 : 3, bytes };
  } finally {
    module.wasmExports.free(mem);
  }
}

/**
 * Page `pageNumber` of the PDF at `path` as a PageScan, or null when anything else is drawn
 * on it (then its text layer must be read).
 */
export function readPageScan(path: string, pageNumber: number): Promise<PageScan | null> {
  return documents.use(path, async (doc) => {
    const count = doc.getPageCount();
    if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > count) throw pageMissing(pageNumber, count);
    const page = loadPage(doc, pageNumber);
    const internals = page as unknown as { module: ScanModule; pageIdx: number };
    try {
      const { originalWidth, originalHeight } = page.getOriginalSize();
      return inspectScan(internals.module, internals.pageIdx, originalWidth, originalHeight);
    } finally {
      internals.module._FPDF_ClosePage(internals.pageIdx);
    }
  });
}
