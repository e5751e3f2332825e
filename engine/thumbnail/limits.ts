// Every numeric limit of thumbnailing in one place. The spec's format-specific processing
// limits (section 8) live in formats/limits.ts, shared with the readers, and are re-exported
// here under the names the thumbnailers use.
import { MAX_PAGE_PIXELS } from '../formats/limits.js';

export {
  MAX_DOCX_PART_BYTES, MAX_EMAIL_ATTACHMENTS, MAX_EMAIL_ATTACHMENTS_TOTAL, MAX_EMAIL_ATTACHMENT_BYTES, MAX_EMAIL_BYTES,
  MAX_IMAGE_PIXELS, MAX_XML_BYTES,
} from '../formats/limits.js';

/** The JPEG fits inside this square, keeping the aspect ratio. */
export const THUMBNAIL_MAX_EDGE = 512;
export const JPEG_QUALITY = 80;

/** Spec: each rendered PDF page at most 18,000,000 pixels. */
export const MAX_PDF_PAGE_PIXELS = MAX_PAGE_PIXELS;
/** Spec: decoded video frame at most 33,177,600 pixels (8K UHD). */
export const MAX_VIDEO_FRAME_PIXELS = 33_177_600;
export const FFMPEG_TIMEOUT_MS = 60_000;
