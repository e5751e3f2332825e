// Processing limits shared by the format readers and the thumbnailer. Limits quoted from
// the spec (section 8, "Format-specific processing limits") are marked; the rest are
// engineering bounds against hostile or absurd files.

/** Spec: each rendered page at most 18,000,000 pixels. Also the default for image pages. */
export const MAX_PAGE_PIXELS = 18_000_000;
/** Decompression-bomb guard: raster images larger than this are refused, not decoded. */
export const MAX_IMAGE_PIXELS = 100_000_000;

/** Spec: XML source 5 MiB. */
export const MAX_XML_BYTES = 5 * 1024 * 1024;
/** Pretty-printed XML keeps at most this many lines, then a marker line. */
export const MAX_XML_PRETTY_LINES = 20_000;
/** A single pretty-printed line (long base64 attachments) is cut after this many characters. */
export const MAX_XML_PRETTY_LINE_CHARS = 2_000;

/** Uncompressed word/document.xml (and styles.xml) of a .docx. */
export const MAX_DOCX_PART_BYTES = 20 * 1024 * 1024;
/** A .docx is read up to this many pages (the spec's visual processing bound for PDFs). */
export const MAX_DOCX_PAGES = 200;
/** …and up to this many characters of text; the rest is reported as truncated. */
export const MAX_DOCX_CHARS = 4_000_000;
/** Rows read per Word table. */
export const MAX_DOCX_TABLE_ROWS = 5_000;
/** Pictures drawn per rendered Word page, each at most this large. */
export const MAX_DOCX_PICTURES_PER_PAGE = 8;
export const MAX_DOCX_PICTURE_BYTES = 20 * 1024 * 1024;

/** Spec: EML and MSG containers 64 MiB; up to 8 attachments, 20 MiB each, 32 MiB combined. */
export const MAX_EMAIL_BYTES = 64 * 1024 * 1024;
export const MAX_EMAIL_ATTACHMENTS = 8;
export const MAX_EMAIL_ATTACHMENT_BYTES = 20 * 1024 * 1024;
export const MAX_EMAIL_ATTACHMENTS_TOTAL = 32 * 1024 * 1024;
/** Spec: 100 pages per attached PDF; further pages are not read (quality.email.attachment_pages_limited). */
export const MAX_EMAIL_ATTACHMENT_PDF_PAGES = 100;
/** Body text kept from an e-mail; longer bodies are cut and reported (body_truncated). */
export const MAX_EMAIL_BODY_CHARS = 1_000_000;
/** MIME parts looked at in one message at all (decoration included); the rest are over limit. */
export const MAX_EMAIL_PARTS_EXAMINED = 64;
