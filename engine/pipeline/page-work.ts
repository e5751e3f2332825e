// Worker-side work for one page: read the text layer, OCR when the page needs it, write
// the page preview. Runs inside a worker process; file paths in, plain data out.
import sharp from 'sharp';
import type { Line, OcrReason, PageText, TextSource, Word } from '../formats/model.js';
import { fitDpi, MAX_PAGE_PIXELS, pixelSize, rasterizePdfPage, readPageScan, readPdfPageText, scanPageText, type RasterizedPage } from '../formats/pdf/index.js';
import { imagePageSize, renderImagePage } from '../formats/image.js';
import type { FileFormat } from '../formats/detect.js';
import { ocrImage, type OcrOptions } from '../ocr/index.js';
import { renderDocxPage } from '../formats/docx.js';
import { renderXmlThumbnail } from '../thumbnail/xml.js';
import { renderTextPage } from '../thumbnail/text-page.js';
import { writeFileAtomic } from '../store/blobs.js';

/** Page images for OCR: tesseract reads best around 300 DPI. */
export const OCR_DPI = 300;
/** Previews: wide enough to read and cite an A4 page on screen. */
export const PREVIEW_WIDTH = 1240;
/** Text pages are rendered for their preview only. */
const PREVIEW_DPI = 150;
const PREVIEW_QUALITY = 80;
/** Mean OCR confidence below which a page's text is reported unreliable. */
export const UNRELIABLE_CONFIDENCE = 60;

export interface PageWorkResult {
  page: PageText;
  ocr_reason: OcrReason | null;
  ocr_attempted: boolean;
  ocr_succeeded: boolean;
  ocr_confidence: number | null;
  /** The hidden text layer and OCR disagree. */
  conflict: boolean;
  limited: boolean;
  blank: boolean;
  preview: { path: string; bytes: number; width: number; height: number } | null;
  /** Bytes of rendered images produced for this page (the per-document 512 MiB budget). */
  rendered_bytes: number;
  /** Why the page could not be read (a technical failure of this page only). */
  failed: string | null;
  /** The page's OCR text was dropped: the document's 8 MiB OCR text budget was used up. */
  truncated: boolean;
}

export interface PdfPageTask {
  kind: 'pdf.page';
  path: string;
  page: number;
  physical_page: number;
  component_ref: string;
  /** Within the visual processing limit and budget: rendering and OCR allowed. */
  visual: boolean;
  preview_path: string | null;
}

export interface ImagePageTask {
  kind: 'image.page';
  path: string;
  format: FileFormat;
  index: number;
  physical_page: number;
  component_ref: string;
  visual: boolean;
  preview_path: string | null;
}

/** An encoded image, or raw pixels from the PDF rasterizer (no encode and decode in between). */
type PageImage = Buffer | RasterizedPage;

function open(image: PageImage): sharp.Sharp {
  return Buffer.isBuffer(image) ? sharp(image) : sharp(image.data, { raw: { width: image.widthPx, height: image.heightPx, channels: image.channels } });
}

/** `size`: exactly this preview size (from a larger drawing, as large as rasterizePreview draws it); else at most PREVIEW_WIDTH wide. */
async function writePreview(image: PageImage, path: string, size?: { widthPx: number; heightPx: number }): Promise<{ preview: PageWorkResult['preview']; blank: boolean }> {
  const pipeline = open(image)
    .flatten({ background: '#ffffff' })
    .resize(size ? { width: size.widthPx, height: size.heightPx, fit: 'fill' } : { width: PREVIEW_WIDTH, withoutEnlargement: true });
  const { data, info } = await pipeline.jpeg({ quality: PREVIEW_QUALITY, mozjpeg: false }).toBuffer({ resolveWithObject: true });
  await writeFileAtomic(path, data);
  return { preview: { path, bytes: data.length, width: info.width, height: info.height }, blank: await isBlank(image) };
}

/** A PDF page drawn at preview size (150 DPI, at most PREVIEW_WIDTH wide), straight from the rasterizer. */
function rasterizePreview(path: string, page: number): Promise<RasterizedPage> {
  return rasterizePdfPage(path, page, { dpi: PREVIEW_DPI, channels: 4, maxWidthPx: PREVIEW_WIDTH });
}

/** The preview's pixel size for a page of `widthPt` × `heightPt`, as rasterizePreview draws it. */
function previewSize(widthPt: number, heightPt: number): { widthPx: number; heightPx: number } {
  const dpi = fitDpi(widthPt, heightPt, Math.min(PREVIEW_DPI, (PREVIEW_WIDTH * 72) / widthPt), MAX_PAGE_PIXELS);
  return pixelSize(widthPt, heightPt, dpi);
}

/** Blank: the page's 200-px gray copy has a mean above BLANK_MEAN and a spread below BLANK_STDEV. */
const BLANK_MEAN = 250;
const BLANK_STDEV = 4;
/**
 * A gray drawing whose own mean is this far below BLANK_MEAN is not blank: a resize keeps the
 * mean (the 300-dpi scans of the samples: equal to 0.01), so its small copy cannot pass.
 */
const BLANK_MEAN_MARGIN = 5;

/**
 * Mean grey level of 8-bit pixels. Summed four at a time (two 16-bit lanes of a 32-bit word,
 * emptied every 64 words: they cannot carry, and the sum stays a small integer): the same integer sum as pixel by pixel, in
 * about a third of the time on a 300-dpi page.
 */
export function meanLevel(data: Uint8Array): number {
  if (data.length === 0) return 255;
  const head = Math.min(data.length, (4 - (data.byteOffset % 4)) % 4);
  const words = new Uint32Array(data.buffer, data.byteOffset + head, (data.length - head) >>> 2);
  let sum = 0;
  for (let i = 0; i < head; i++) sum += data[i]!;
  for (let i = head + words.length * 4; i < data.length; i++) sum += data[i]!;
  for (let i = 0; i < words.length; ) {
    const end = Math.min(words.length, i + 64);
    let lanes = 0;
    for (; i < end; i++) {
      const w = words[i]!;
      lanes += (w & 0x00ff00ff) + ((w >>> 8) & 0x00ff00ff);
    }
    sum += (lanes & 0xffff) + Math.floor(lanes / 0x10000);
  }
  return sum / data.length;
}

/** A page with (almost) no ink: every channel near white with tiny spread. */
export async function isBlank(image: PageImage): Promise<boolean> {
  // A gray page drawing (a scan's preview source) that is clearly darker than paper needs no
  // downscale to tell (~0.02 s of summing instead of ~0.17 s of resizing a 300-dpi page).
  if (!Buffer.isBuffer(image) && image.channels === 1 && meanLevel(image.data) < BLANK_MEAN - BLANK_MEAN_MARGIN) return false;
  const stats = await open(image).greyscale().resize({ width: 200, withoutEnlargement: true }).stats();
  const ch = stats.channels[0]!;
  return ch.mean > BLANK_MEAN && ch.stdev < BLANK_STDEV;
}

/** Maps OCR words from image pixels into the page's own units. */
function scaleWords(words: Word[], lines: Line[], factor: number): { words: Word[]; lines: Line[] } {
  const box = (b: Word['bbox']) => ({ x: b.x * factor, y: b.y * factor, w: b.w * factor, h: b.h * factor });
  return { words: words.map((w) => ({ ...w, bbox: box(w.bbox) })), lines: lines.map((l) => ({ ...l, bbox: box(l.bbox) })) };
}

function similarity(a: string, b: string): number {
  const norm = (s: string) => new Set(s.toLowerCase().split(/\s+/).filter((w) => w.length > 2));
  const A = norm(a);
  const B = norm(b);
  if (A.size === 0 && B.size === 0) return 1;
  let common = 0;
  for (const w of A) if (B.has(w)) common++;
  return common / Math.max(A.size, B.size);
}

/**
 * Phase 1 (`reading`): the text layer, the OCR decision, and the preview of a text page. A
 * page that is one scanned picture (readPageScan) has no text layer to read: pdf.js, whose
 * operator list would decode the whole scan, is not asked.
 */
export async function processPdfPage(task: PdfPageTask): Promise<PageWorkResult> {
  const scan = await readPageScan(task.path, task.page);
  const native = scan ? scanPageText(task.page, scan) : await readPdfPageText(task.path, task.page);
  const page: PageText = { ...native.page, page: task.physical_page, component_ref: task.component_ref };
  const result: PageWorkResult = { page, ocr_reason: native.ocr_needed, ocr_attempted: false, ocr_succeeded: false, ocr_confidence: null, conflict: false, limited: false, blank: false, preview: null, rendered_bytes: 0, failed: null, truncated: false };
  // Pages that need OCR get their preview in phase 2.
  if (!task.visual || native.ocr_needed || !task.preview_path) return result;
  const rendered = await rasterizePreview(task.path, task.page);
  result.limited = rendered.limited;
  const p = await writePreview(rendered, task.preview_path);
  Object.assign(result, p);
  result.rendered_bytes += p.preview!.bytes;
  return result;
}

export interface PdfOcrTask {
  kind: 'pdf.ocr';
  path: string;
  page: number;
  physical_page: number;
  component_ref: string;
  native: PageWorkResult;
  preview_path: string;
}

/** What OCR reads for a PDF page, and what the page's preview can be made from. */
interface OcrInput {
  image: Buffer;
  options: OcrOptions;
  limited: boolean;
  /** Counted against the rendered-data budget. */
  bytes: number;
  /** A page that is one gray scan: the 300-dpi drawing, from which its preview is made too. */
  previewSource: { raster: RasterizedPage; widthPt: number; heightPt: number } | null;
}

/**
 * The page as pixels at OCR resolution: what a person sees, whatever the text layer says,
 * drawn by PDFium in gray (OCR reads gray). A page that is one scan (readPageScan) hands the
 * raw pixels over (a copy: OCR normalizes contrast in place, and a gray scan's preview is
 * made from the same drawing); the budget counts the scan's encoded bytes, as a page image
 * does not grow by being drawn. Any other page is handed over as a fast, lightly compressed
 * PNG, whose size the budget counts (a default PNG costs ~0.3 s per 300-dpi page to write and
 * another 0.1 s to read).
 */
async function ocrInput(path: string, page: number): Promise<OcrInput> {
  const scan = await readPageScan(path, page);
  const raster = await rasterizePdfPage(path, page, { dpi: OCR_DPI, channels: 1 });
  const options: OcrOptions = { dpiHint: raster.dpi };
  if (scan) {
    const image = Buffer.from(raster.data);
    const previewSource = scan.channels === 1 ? { raster, widthPt: scan.widthPt, heightPt: scan.heightPt } : null;
    return { image, options: { ...options, gray: { width: raster.widthPx, height: raster.heightPx } }, limited: raster.limited, bytes: scan.bytes, previewSource };
  }
  const image = await open(raster).toColourspace('b-w').png({ compressionLevel: 1, adaptiveFiltering: false }).toBuffer();
  return { image, options, limited: raster.limited, bytes: image.length, previewSource: null };
}

async function renderAndRecognize(path: string, page: number) {
  const input = await ocrInput(path, page);
  const ocr = await ocrImage(input.image, input.options);
  return { rendered: { limited: input.limited, bytes: input.bytes }, ocr, previewSource: input.previewSource };
}

export interface VisibleTextTask {
  kind: 'pdf.visible_text';
  path: string;
  page: number;
}

export interface VisibleText {
  page: number;
  text: string;
  confidence: number | null;
  limited: boolean;
  rendered_bytes: number;
}

/** Validation-mode linkage (spec R5): rendered OCR text only; nothing is written to disk. */
export async function visiblePdfPageText(task: VisibleTextTask): Promise<VisibleText> {
  const { rendered, ocr } = await renderAndRecognize(task.path, task.page);
  return { page: task.page, text: ocr.text, confidence: ocr.words.length ? ocr.mean_confidence : null, limited: rendered.limited, rendered_bytes: rendered.bytes };
}

/** Phase 2 (`ocr`): render at OCR resolution, recognize, keep the better text. */
export async function ocrPdfPage(task: PdfOcrTask): Promise<PageWorkResult> {
  const result: PageWorkResult = structuredClone(task.native);
  const page = result.page;
  const { rendered, ocr, previewSource } = await renderAndRecognize(task.path, task.page);
  result.rendered_bytes += rendered.bytes;
  result.limited = rendered.limited;
  result.ocr_attempted = true;
  const scaled = scaleWords(ocr.words, ocr.lines, page.width / ocr.width);
  result.ocr_confidence = ocr.mean_confidence;
  result.ocr_succeeded = ocr.words.length > 0;
  // A hidden text layer (an earlier OCR) that reads differently is a conflict worth review.
  if (result.ocr_reason === 'hidden_text_layer') result.conflict = page.text.trim() !== '' && similarity(page.text, ocr.text) < 0.5;
  if (result.ocr_succeeded) {
    const source: TextSource = result.ocr_reason === 'hidden_text_layer' || result.ocr_reason === 'too_little_text' ? 'combined' : 'ocr';
    Object.assign(page, { source, words: scaled.words, lines: scaled.lines, text: ocr.text });
  }
  // A gray scan's preview comes from the drawing OCR read, not from a second drawing.
  const p = previewSource
    ? await writePreview(previewSource.raster, task.preview_path, previewSize(previewSource.widthPt, previewSource.heightPt))
    : await writePreview(await rasterizePreview(task.path, task.page), task.preview_path);
  Object.assign(result, p);
  result.rendered_bytes += p.preview!.bytes;
  return result;
}

/** A page that needs no OCR and has no preview (yet): the defaults of every result field. */
function textlessPage(page: PageText): PageWorkResult {
  return { page, ocr_reason: null, ocr_attempted: false, ocr_succeeded: false, ocr_confidence: null, conflict: false, limited: false, blank: false, preview: null, rendered_bytes: 0, failed: null, truncated: false };
}

/** A page narrower or lower than this many pixels cannot carry a legible line of text. */
export const MIN_TEXT_PAGE_EDGE = 16;

export async function processImagePage(task: ImagePageTask): Promise<PageWorkResult> {
  // Hostile many-page scans (thousands of one-pixel pages) cost no decode and no OCR.
  const size = await imagePageSize(task.path, task.format, task.index);
  if (size && Math.min(size.width, size.height) < MIN_TEXT_PAGE_EDGE) {
    return textlessPage({ page: task.physical_page, component_ref: task.component_ref, source: 'ocr', width: size.width, height: size.height, words: [], lines: [], text: '' });
  }
  const rendered = await renderImagePage(task.path, task.format, task.index, {});
  const result: PageWorkResult = {
    page: { page: task.physical_page, component_ref: task.component_ref, source: 'ocr', width: rendered.widthPx, height: rendered.heightPx, words: [], lines: [], text: '' },
    ocr_reason: 'no_text_layer',
    ocr_attempted: false,
    ocr_succeeded: false,
    ocr_confidence: null,
    conflict: false,
    limited: rendered.limited,
    blank: false,
    preview: null,
    rendered_bytes: rendered.data.length,
    failed: null,
    truncated: false,
  };
  if (!task.visual) return result;
  result.ocr_attempted = true;
  const ocr = await ocrImage(rendered.data);
  const scaled = scaleWords(ocr.words, ocr.lines, rendered.widthPx / ocr.width);
  Object.assign(result.page, { words: scaled.words, lines: scaled.lines, text: ocr.text });
  result.ocr_succeeded = ocr.words.length > 0;
  result.ocr_confidence = ocr.mean_confidence;
  if (task.preview_path) {
    const p = await writePreview(rendered.data, task.preview_path);
    Object.assign(result, p);
    result.rendered_bytes += p.preview!.bytes;
  }
  return result;
}

export interface StructuredPageTask {
  kind: 'structured.page';
  path: string;
  format: FileFormat;
  index: number;
  physical_page: number;
  component_ref: string;
  preview_path: string;
  /** The page's text when the preview is drawn from text (e-mail body). */
  text?: string;
}

/** Word, XML and e-mail body pages: text comes from the structure; only the preview is drawn. */
export async function processStructuredPage(task: StructuredPageTask): Promise<PageWorkResult> {
  let image: Buffer;
  if (task.format === 'docx') image = await renderDocxPage(task.path, task.index, PREVIEW_WIDTH);
  else if (task.format === 'xml') image = await renderXmlThumbnail(task.path);
  else image = await renderTextPage((task.text ?? '').split('\n').map((line) => ({ kind: 'paragraph' as const, runs: [{ text: line, bold: /^\[email (header|body)\]$/.test(line) }], size: 10 })));
  const p = await writePreview(image, task.preview_path);
  return {
    ...textlessPage({ page: task.physical_page, component_ref: task.component_ref, source: 'structured', width: 595.28, height: 841.89, words: [], lines: [], text: '' }),
    blank: p.blank,
    preview: p.preview,
    rendered_bytes: image.length + p.preview!.bytes,
  };
}
