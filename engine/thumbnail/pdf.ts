// PDF thumbnails: the first page rendered by pdf.js onto a @napi-rs/canvas at exactly the
// scale that makes its long edge THUMBNAIL_MAX_EDGE, so no large bitmap is ever made and
// shrunk. pdf.js is imported once per process, lazily, because loading it costs ~100 ms.
import { createCanvas } from '@napi-rs/canvas';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ThumbnailError } from './errors.js';
import { JPEG_QUALITY, MAX_IMAGE_PIXELS, MAX_PDF_PAGE_PIXELS, THUMBNAIL_MAX_EDGE } from './limits.js';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

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

function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= importPdfJs();
  return pdfjs;
}

let assetDirs: { standardFonts: string; cMaps: string; wasm: string; iccs: string } | undefined;

/** pdf.js wants directory "URLs" ending in a slash; in Node they are plain file paths. */
function pdfjsAssets() {
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

export const PDF_PASSWORD_MESSAGE =
  'The PDF is password-protected, so Docdesk cannot open it. Please upload a copy without a password.';
export const PDF_DAMAGED_MESSAGE = 'The PDF is damaged or incomplete and cannot be opened.';

export async function renderPdfThumbnail(path: string): Promise<Buffer> {
  return renderPdfDataThumbnail(new Uint8Array(await readFile(path)));
}

export async function renderPdfDataThumbnail(data: Uint8Array): Promise<Buffer> {
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
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    maxImageSize: MAX_IMAGE_PIXELS,
    verbosity: lib.VerbosityLevel.ERRORS,
  });
  try {
    let doc;
    try {
      doc = await task.promise;
    } catch (err) {
      if ((err as Error | undefined)?.name === 'PasswordException') throw new ThumbnailError(PDF_PASSWORD_MESSAGE);
      throw new ThumbnailError(PDF_DAMAGED_MESSAGE);
    }
    if (doc.numPages < 1) throw new ThumbnailError('The PDF contains no pages.');
    try {
      const page = await doc.getPage(1);
      const base = page.getViewport({ scale: 1 });
      if (!(base.width > 0 && base.height > 0) || !Number.isFinite(base.width * base.height)) {
        throw new ThumbnailError('The first page of the PDF has an invalid size.');
      }
      const viewport = page.getViewport({ scale: THUMBNAIL_MAX_EDGE / Math.max(base.width, base.height) });
      const width = Math.max(1, Math.round(viewport.width));
      const height = Math.max(1, Math.round(viewport.height));
      // Cannot trigger at thumbnail scale; kept so the spec's per-page bound holds by construction.
      if (width * height > MAX_PDF_PAGE_PIXELS) throw new ThumbnailError('The first page of the PDF is too large to render.');
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
      page.cleanup();
      return await canvas.encode('jpeg', JPEG_QUALITY);
    } catch (err) {
      if (err instanceof ThumbnailError) throw err;
      throw new ThumbnailError('The PDF is damaged or incomplete: its first page could not be rendered.');
    }
  } finally {
    await task.destroy();
  }
}
