// Text-like thumbnails (Word, e-mail, XML): the first A4 page of the shared page layout
// (formats/page-layout.ts), drawn at thumbnail size and encoded as JPEG. Drawing at the
// final resolution instead of rendering large and shrinking keeps it fast.
import type { Canvas } from '@napi-rs/canvas';
import { drawPage, layoutPages, PAGE_HEIGHT, type Block, type PagePlan } from '../formats/page-layout.js';
import { JPEG_QUALITY, THUMBNAIL_MAX_EDGE } from './limits.js';

export {
  CONTENT_WIDTH, PAGE_HEIGHT, PAGE_WIDTH, cleanText,
  type Block, type BoxBlock, type ParagraphBlock, type RuleBlock, type Run, type TableBlock, type TableCell,
} from '../formats/page-layout.js';

/** Device pixels per point of a thumbnail: the A4 page is THUMBNAIL_MAX_EDGE pixels high. */
export const THUMBNAIL_SCALE = THUMBNAIL_MAX_EDGE / PAGE_HEIGHT;

/** Draws a laid-out page at thumbnail size. */
function drawThumbnailPage(page: PagePlan): Canvas {
  return drawPage(page, THUMBNAIL_SCALE);
}

/** The first page of `blocks`, laid out like a printout, at thumbnail size. */
function drawTextPage(blocks: Block[]): Canvas {
  return drawThumbnailPage(layoutPages(blocks, { maxPages: 1 }).pages[0]!);
}

export async function encodeCanvasJpeg(canvas: Canvas): Promise<Buffer> {
  return canvas.encode('jpeg', JPEG_QUALITY);
}

export async function renderTextPage(blocks: Block[]): Promise<Buffer> {
  return encodeCanvasJpeg(drawTextPage(blocks));
}
