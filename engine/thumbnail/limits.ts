// Every numeric limit of thumbnailing in one place. The spec's format-specific processing
// limits (section 8) are marked; the rest are engineering bounds.

/** The JPEG fits inside this square, keeping the aspect ratio. */
export const THUMBNAIL_MAX_EDGE = 512;
export const JPEG_QUALITY = 80;

/** Spec: each rendered PDF page at most 18,000,000 pixels. */
export const MAX_PDF_PAGE_PIXELS = 18_000_000;
/** Decompression-bomb guard for raster images. */
export const MAX_IMAGE_PIXELS = 100_000_000;
/** Spec: decoded video frame at most 33,177,600 pixels (8K UHD). */
export const MAX_VIDEO_FRAME_PIXELS = 33_177_600;
export const FFMPEG_TIMEOUT_MS = 60_000;

/** Spec: XML source 5 MiB. */
export const MAX_XML_BYTES = 5 * 1024 * 1024;
/** Uncompressed word/document.xml (and styles.xml) of a .docx. */
export const MAX_DOCX_PART_BYTES = 20 * 1024 * 1024;

/** Spec: EML and MSG containers 64 MiB; up to 8 attachments, 20 MiB each, 32 MiB combined. */
export const MAX_EMAIL_BYTES = 64 * 1024 * 1024;
export const MAX_EMAIL_ATTACHMENTS = 8;
export const MAX_EMAIL_ATTACHMENT_BYTES = 20 * 1024 * 1024;
export const MAX_EMAIL_ATTACHMENTS_TOTAL = 32 * 1024 * 1024;
