// Native reading of PDFs: page count and embedded files, one page's text layer in reading
// order with the OCR decision, and embedded file bytes. Runs inside worker processes: path
// in, plain (structured-clone-able) data or Buffers out.
import type { AttachmentInfo, Line, OcrReason, PageText, Word } from '../model.js';
import { coverage, decideOcr, SIGNIFICANT_IMAGE_COVERAGE, textStats } from './analysis.js';
import { withPdf, withPdfPage } from './cache.js';
import { PdfReadError } from './errors.js';
import { layoutPage, unionBox, type LayoutWord } from './layout.js';
import { loadPdfJs, type PDFDocumentProxy } from './pdfjs.js';
import { readOperators, type FontMetrics } from './operators.js';

export interface PdfInfo {
  pageCount: number;
  /** Files of the EmbeddedFiles name tree; component_ref 'main'. */
  attachments: AttachmentInfo[];
}

export interface PdfPageText {
  /**
   * component_ref 'main', source 'native'; width/height in PDF points of the page as
   * displayed (rotation applied); word boxes top-left origin; lines in reading order;
   * text = lines joined by '\n' (table cells within a line joined by a TAB).
   */
  page: PageText;
  ocr_needed: OcrReason | null;
  /** Painted images cover a significant share of the page (SIGNIFICANT_IMAGE_COVERAGE). */
  has_images: boolean;
  /** 0..1 share of the page area covered by painted images. */
  image_coverage: number;
  /** The page's /Rotate (0, 90, 180 or 270). */
  rotation: number;
}

/** pdf.js does not expose an embedded file's /Subtype, so the type comes from the name. */
const MIME_BY_EXTENSION: Record<string, string> = {
  xml: 'application/xml',
  pdf: 'application/pdf',
  json: 'application/json',
  txt: 'text/plain',
  csv: 'text/csv',
  htm: 'text/html',
  html: 'text/html',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  gif: 'image/gif',
  zip: 'application/zip',
};

export function mimeFromFilename(filename: string): string | null {
  const ext = /\.([^./\\]+)$/.exec(filename)?.[1]?.toLowerCase();
  return (ext && MIME_BY_EXTENSION[ext]) || null;
}

interface RawAttachment {
  filename: string;
  rawFilename?: string;
  content: Uint8Array | null | undefined;
}

async function attachmentsOf(doc: PDFDocumentProxy): Promise<Array<{ key: string; att: RawAttachment }>> {
  let all: Record<string, RawAttachment> | null;
  try {
    all = (await doc.getAttachments()) as Record<string, RawAttachment> | null;
  } catch {
    throw new PdfReadError('The list of files embedded in the PDF is damaged and cannot be read.');
  }
  return Object.entries(all ?? {}).map(([key, att]) => ({ key, att }));
}

export async function readPdfInfo(path: string): Promise<PdfInfo> {
  return withPdf(path, async (doc) => {
    const attachments = (await attachmentsOf(doc)).map(({ key, att }): AttachmentInfo => {
      const filename = att.filename || key;
      return { filename, size: att.content?.byteLength ?? 0, mime: mimeFromFilename(filename), component_ref: 'main' };
    });
    return { pageCount: doc.numPages, attachments };
  });
}

/** The bytes of an embedded file, found by its file name (or its name-tree key). */
export async function extractPdfAttachment(path: string, filename: string): Promise<Buffer> {
  return withPdf(path, async (doc) => {
    const all = await attachmentsOf(doc);
    const found = all.find(({ att }) => att.filename === filename) ?? all.find(({ key, att }) => key === filename || att.rawFilename === filename);
    if (!found) throw new PdfReadError(`The PDF has no embedded file named "${filename}".`);
    const content = found.att.content;
    if (!content) throw new PdfReadError(`The embedded file "${filename}" is missing from the PDF or damaged.`);
    return Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  });
}

const round = (n: number) => Math.round(n * 100) / 100;

const roundBox = (b: { x: number; y: number; w: number; h: number }) => ({ x: round(b.x), y: round(b.y), w: round(b.w), h: round(b.h) });

/**
 * What readPdfPageText reads on a page that is one scanned picture (readPageScan): no text
 * layer, so OCR is needed; the whole page is the image. Built without pdf.js, whose operator
 * list would decode the whole scan.
 */
export function scanPageText(pageNumber: number, scan: { widthPt: number; heightPt: number }): PdfPageText {
  return {
    page: { page: pageNumber, component_ref: 'main', source: 'native', width: round(scan.widthPt), height: round(scan.heightPt), words: [], lines: [], text: '' },
    ocr_needed: 'no_text_layer',
    has_images: true,
    image_coverage: 1,
    rotation: 0,
  };
}

export async function readPdfPageText(path: string, pageNumber: number): Promise<PdfPageText> {
  const lib = await loadPdfJs();
  return withPdfPage(path, pageNumber, async (page) => {
    const viewport = page.getViewport({ scale: 1 });
    const { width, height } = viewport;
    let opList: Awaited<ReturnType<typeof page.getOperatorList>>;
    try {
      // One pass: the operator list carries every glyph with its Unicode value and width,
      // the text state, the render modes and the images (see operators.ts).
      opList = await page.getOperatorList();
    } catch {
      throw new PdfReadError(`Page ${pageNumber} of the PDF is damaged and its content cannot be read.`);
    }
    const fontCache = new Map<string, FontMetrics | undefined>();
    const fonts = (id: string) => {
      if (!fontCache.has(id)) {
        let metrics: FontMetrics | undefined;
        try {
          const f = page.commonObjs.get(id) as FontMetrics | null;
          if (f) metrics = { fontMatrix: f.fontMatrix, ascent: f.ascent, descent: f.descent, vertical: f.vertical };
        } catch {
          metrics = undefined; // not a loaded font: defaults apply
        }
        fontCache.set(id, metrics);
      }
      return fontCache.get(id);
    };
    const ops = readOperators(opList.fnArray, opList.argsArray, lib.OPS, viewport.transform, fonts, width, height);
    const layout = layoutPage(ops.words);

    const words: Word[] = [];
    const lines: Line[] = [];
    const toWord = (w: LayoutWord): Word => ({ text: w.text, bbox: roundBox(w.bbox), confidence: 100 });
    for (const line of layout.lines) {
      const first = words.length;
      for (const i of line.words) words.push(toWord(layout.words[i]!));
      lines.push({ text: line.text, bbox: roundBox(line.bbox), words: line.words.map((_, k) => first + k) });
    }
    // Rotated text (margin notes, stamps, vertical labels) after the page's flowing text,
    // laid out in its own frame; boxes are reported on the page.
    for (const angle of [...ops.rotated.keys()].sort((a, b) => a - b)) {
      const rotated = layoutPage(ops.rotated.get(angle)!);
      for (const line of rotated.lines) {
        const first = words.length;
        const lineWords = line.words.map((i) => rotated.words[i]!);
        for (const w of lineWords) words.push({ text: w.text, bbox: roundBox(w.pageBox ?? w.bbox), confidence: 100 });
        lines.push({ text: line.text, bbox: roundBox(unionBox(lineWords.map((w) => w.pageBox ?? w.bbox))), words: lineWords.map((_, k) => first + k) });
      }
    }

    const image_coverage = Math.round(coverage(ops.imageBoxes, width, height) * 1000) / 1000;
    const ocr_needed = decideOcr({
      text: textStats(ops.text),
      glyphs: ops.glyphs,
      invisibleGlyphs: ops.invisibleGlyphs,
      unmappedGlyphs: ops.unmappedGlyphs,
      imageCoverage: image_coverage,
    });
    const pageText: PageText = {
      page: pageNumber,
      component_ref: 'main',
      source: 'native',
      width: round(width),
      height: round(height),
      words,
      lines,
      text: lines.map((l) => l.text).join('\n'),
    };
    return {
      page: pageText,
      ocr_needed,
      has_images: image_coverage >= SIGNIFICANT_IMAGE_COVERAGE,
      image_coverage,
      rotation: ((page.rotate % 360) + 360) % 360,
    };
  });
}
