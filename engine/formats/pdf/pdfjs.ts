// The one place the engine loads pdf.js and opens PDF documents. pdf.js is imported once
// per process, lazily (loading it costs ~100 ms), from the legacy build, which is the one
// that runs in Node. Documents are opened with the same options everywhere, and opening
// failures become PdfReadError sentences a clerk can act on.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PDF_DAMAGED_MESSAGE, PDF_NO_PAGES_MESSAGE, PDF_PASSWORD_MESSAGE, PdfReadError } from './errors.js';

export type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
export type PDFDocumentProxy = import('pdfjs-dist/legacy/build/pdf.mjs').PDFDocumentProxy;
export type PDFPageProxy = import('pdfjs-dist/legacy/build/pdf.mjs').PDFPageProxy;

/** Decompression-bomb guard for images inside PDFs (pixels per decoded image). */
export const PDF_MAX_IMAGE_PIXELS = 100_000_000;

let pdfjs: Promise<PdfJs> | undefined;

/**
 * The legacy build bundles core-js, which on Node 20 replaces the native Array.prototype.push
 * and JSON.parse process-wide with spec-edge-case polyfills several times slower (push alone
 * cost ~10 % of a render). pdf.js needs neither edge case, so the natives are put back.
 * Polyfills that only add missing APIs (Promise.withResolvers, Uint8Array.toHex, ...) stay.
 */
async function importPdfJs(): Promise<PdfJs> {
  const push = Object.getOwnPropertyDescriptor(Array.prototype, 'push')!;
  const parse = Object.getOwnPropertyDescriptor(JSON, 'parse')!;
  try {
    const lib = await import('pdfjs-dist/legacy/build/pdf.mjs');
    // The fake worker would import this (it sets globalThis.pdfjsWorker) on the first
    // document; importing it here keeps the restoration below in one place. A variable
    // specifier because the package ships no typings for it.
    const workerModule = 'pdfjs-dist/legacy/build/pdf.worker.mjs';
    await import(workerModule);
    return lib;
  } finally {
    Object.defineProperty(Array.prototype, 'push', push);
    Object.defineProperty(JSON, 'parse', parse);
  }
}

export function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= importPdfJs().catch((err: unknown) => {
    pdfjs = undefined;
    throw err;
  });
  return pdfjs;
}

let assetDirs: { standardFonts: string; cMaps: string; wasm: string; iccs: string } | undefined;

/** pdf.js wants directory "URLs" ending in a slash; in Node they are plain file paths. */
export function pdfjsAssets() {
  if (!assetDirs) {
    const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
    assetDirs = {
      standardFonts: join(root, 'standard_fonts') + '/',
      cMaps: join(root, 'cmaps') + '/',
      wasm: join(root, 'wasm') + '/',
      iccs: join(root, 'iccs') + '/',
    };
  }
  return assetDirs;
}

/** An open document; `destroy()` frees everything pdf.js holds for it (idempotent). */
export interface OpenPdf {
  doc: PDFDocumentProxy;
  destroy(): Promise<void>;
}

/** Maps a pdf.js opening failure to the sentence shown to the clerk. */
export function pdfOpenError(err: unknown): PdfReadError {
  if (err instanceof PdfReadError) return err;
  if ((err as Error | undefined)?.name === 'PasswordException') return new PdfReadError(PDF_PASSWORD_MESSAGE);
  return new PdfReadError(PDF_DAMAGED_MESSAGE);
}

/**
 * Opens a PDF from its bytes (pdf.js takes ownership of `data`: its buffer is detached).
 * Encrypted (password) and damaged files and files without pages throw PdfReadError. A
 * broken cross-reference table is repaired by pdf.js itself (it rescans the objects); only
 * files it cannot make sense of count as damaged.
 */
export async function openPdf(data: Uint8Array): Promise<OpenPdf> {
  const lib = await loadPdfJs();
  const assets = pdfjsAssets();
  const task = lib.getDocument({
    data,
    standardFontDataUrl: assets.standardFonts,
    cMapUrl: assets.cMaps,
    cMapPacked: true,
    wasmUrl: assets.wasm,
    iccUrl: assets.iccs,
    isEvalSupported: false,
    // No DOM: glyphs are drawn as paths, images decoded by pdf.js itself.
    disableFontFace: true,
    useSystemFonts: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    enableXfa: false,
    maxImageSize: PDF_MAX_IMAGE_PIXELS,
    verbosity: lib.VerbosityLevel.ERRORS,
  });
  let destroyed: Promise<void> | undefined;
  const destroy = () => (destroyed ??= task.destroy().catch(() => undefined));
  let doc: PDFDocumentProxy;
  try {
    doc = await task.promise;
  } catch (err) {
    await destroy();
    throw pdfOpenError(err);
  }
  if (!(doc.numPages >= 1)) {
    await destroy();
    throw new PdfReadError(PDF_NO_PAGES_MESSAGE);
  }
  return { doc, destroy };
}
