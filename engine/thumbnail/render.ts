// Thumbnail entry point: one JPEG (long edge at most THUMBNAIL_MAX_EDGE) for every
// supported format. The format comes from content detection (formats/detect.ts), never
// from the file name. Every failure a clerk can act on is a ThumbnailError whose message
// becomes the document's processing_error; the format readers' refusals (FormatReadError)
// become ThumbnailErrors with the same sentence.
import type { FileFormat } from '../formats/detect.js';
import { FormatReadError } from '../formats/errors.js';
import { renderDocxThumbnail } from './docx.js';
import { renderEmlThumbnail, renderMsgThumbnail } from './email.js';
import { ThumbnailError } from './errors.js';
import { renderBmpThumbnail, renderImageThumbnail } from './image.js';
import { renderPdfThumbnail } from './pdf.js';
import { renderVideoThumbnail } from './video.js';
import { renderXmlThumbnail } from './xml.js';

export { ThumbnailError } from './errors.js';
export { THUMBNAIL_MAX_EDGE } from './limits.js';

export async function renderThumbnail(path: string, format: FileFormat): Promise<Buffer> {
  try {
    return await renderByFormat(path, format);
  } catch (err) {
    if (err instanceof FormatReadError) throw new ThumbnailError(err.message);
    throw err;
  }
}

async function renderByFormat(path: string, format: FileFormat): Promise<Buffer> {
  switch (format) {
    case 'pdf':
      return renderPdfThumbnail(path);
    case 'jpg':
    case 'png':
    case 'tiff':
    case 'webp':
    case 'gif':
      return renderImageThumbnail(path);
    case 'bmp':
      return renderBmpThumbnail(path);
    case 'docx':
      return renderDocxThumbnail(path);
    case 'eml':
      return renderEmlThumbnail(path, renderThumbnail);
    case 'msg':
      return renderMsgThumbnail(path, renderThumbnail);
    case 'xml':
      return renderXmlThumbnail(path);
    case 'mp4':
    case 'mov':
    case 'webm':
    case 'mkv':
    case 'avi':
      return renderVideoThumbnail(path);
    default: {
      const never: never = format;
      throw new ThumbnailError(`Docdesk cannot make a thumbnail for files of type ${String(never)}.`);
    }
  }
}
