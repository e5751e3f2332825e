// Word (.docx) thumbnails: the first page as the Word reader (formats/docx.ts) lays it out,
// drawn at thumbnail size. Reading, page previews and the thumbnail share that one parser.
import { drawDocxFirstPage } from '../formats/docx.js';
import { encodeCanvasJpeg, THUMBNAIL_SCALE } from './text-page.js';

export { DOCX_DAMAGED_MESSAGE } from '../formats/docx.js';

export async function renderDocxThumbnail(path: string): Promise<Buffer> {
  return encodeCanvasJpeg(await drawDocxFirstPage(path, THUMBNAIL_SCALE));
}
