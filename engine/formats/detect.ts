// Content-based format detection. The file name is never consulted: uploads arrive with
// whatever name the sender chose, and a PNG called "invoice.pdf" must be treated as a PNG.
// Only the head of the file is read (plus, for zip and compound files, their directories).
import { type ByteSource, bufferSource, withFileSource } from './bytes.js';
import { CFB_MAGIC, listCfbTopLevelNames } from './cfb.js';
import { listZipEntries } from './zip.js';

export type FileFormat =
  | 'pdf' | 'jpg' | 'png' | 'tiff' | 'webp' | 'gif' | 'bmp'
  | 'docx' | 'eml' | 'msg' | 'xml'
  | 'mp4' | 'mov' | 'webm' | 'mkv' | 'avi';
export type FormatFamily = 'pdf' | 'image' | 'word' | 'email' | 'xml' | 'video';
export interface Detection {
  format: FileFormat | null;
  family: FormatFamily | null;
  reason: string | null;
}

const FAMILY: Record<FileFormat, FormatFamily> = {
  pdf: 'pdf',
  jpg: 'image', png: 'image', tiff: 'image', webp: 'image', gif: 'image', bmp: 'image',
  docx: 'word',
  eml: 'email', msg: 'email',
  xml: 'xml',
  mp4: 'video', mov: 'video', webm: 'video', mkv: 'video', avi: 'video',
};

export function familyOf(format: FileFormat): FormatFamily {
  return FAMILY[format];
}

export const UNSUPPORTED_REASON =
  'The file content is not a supported document format (PDF, image, Word .docx, e-mail, XML or video).';

/** Enough for every signature below, long e-mail header blocks and XML prologs. */
const HEAD_BYTES = 64 * 1024;

const found = (format: FileFormat): Detection => ({ format, family: FAMILY[format], reason: null });
const rejected = (reason: string): Detection => ({ format: null, family: null, reason });

export async function detectFormat(path: string): Promise<Detection> {
  return withFileSource(path, detectFromSource);
}

/** Same rules for bytes already in memory (e.g. an e-mail attachment). */
export async function detectFormatOfBuffer(data: Uint8Array): Promise<Detection> {
  return detectFromSource(bufferSource(data));
}

async function detectFromSource(src: ByteSource): Promise<Detection> {
  if (src.size === 0) return rejected('The file is empty.');
  const head = await src.read(0, HEAD_BYTES);
  const ascii = (from: number, to: number) => head.toString('latin1', from, to);

  if (ascii(0, 5) === '%PDF-') return found('pdf');
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return found('jpg');
  if (head.length >= 8 && head.subarray(0, 8).equals(PNG_MAGIC)) return found('png');
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return found('gif');
  if (isTiff(head)) return found('tiff');
  if (ascii(0, 4) === 'RIFF' && head.length >= 12) {
    const kind = ascii(8, 12);
    if (kind === 'WEBP') return found('webp');
    if (kind === 'AVI ') return found('avi');
    if (kind === 'WAVE') return rejected('The file is a WAV audio recording, not a document or video.');
    return rejected(UNSUPPORTED_REASON);
  }
  if (isBmp(head, src.size)) return found('bmp');
  const bmff = detectIsoBmff(head);
  if (bmff) return bmff;
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return detectEbml(head);
  if (ascii(0, 4) === 'PK\x03\x04' || ascii(0, 4) === 'PK\x05\x06') return detectZip(src);
  if (head.length >= 8 && head.subarray(0, 8).equals(CFB_MAGIC)) return detectCompoundFile(src);
  // Readers accept junk (mail gateways, print spoolers) before the PDF header.
  if (head.subarray(0, 1024).includes('%PDF-', 0, 'latin1')) return found('pdf');

  // Text formats last: their signatures are weaker than any binary magic above.
  if (looksLikeEmail(head)) return found('eml');
  const xml = detectXml(head);
  if (xml) return xml;
  return rejected(UNSUPPORTED_REASON);
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function isTiff(h: Buffer): boolean {
  if (h.length < 8) return false;
  const le = h[0] === 0x49 && h[1] === 0x49;
  const be = h[0] === 0x4d && h[1] === 0x4d;
  if (!le && !be) return false;
  const magic = le ? h.readUInt16LE(2) : h.readUInt16BE(2);
  if (magic === 42) return (le ? h.readUInt32LE(4) : h.readUInt32BE(4)) >= 8;
  return magic === 43; // BigTIFF
}

function isBmp(h: Buffer, fileSize: number): boolean {
  if (h.length < 26 || h[0] !== 0x42 || h[1] !== 0x4d) return false;
  const dataOffset = h.readUInt32LE(10);
  const dibSize = h.readUInt32LE(14);
  if (![12, 40, 52, 56, 64, 108, 124].includes(dibSize)) return false;
  if (dataOffset < 14 + dibSize || dataOffset > fileSize) return false;
  if (dibSize === 12) {
    return h.readUInt16LE(18) > 0 && h.readUInt16LE(20) > 0 && h.readUInt16LE(22) === 1 && [1, 4, 8, 24].includes(h.readUInt16LE(24));
  }
  if (h.length < 34) return false;
  const width = h.readInt32LE(18);
  const height = h.readInt32LE(22);
  const planes = h.readUInt16LE(26);
  const bpp = h.readUInt16LE(28);
  const compression = h.readUInt32LE(30);
  return width > 0 && height !== 0 && planes === 1 && [1, 2, 4, 8, 16, 24, 32].includes(bpp) && compression <= 6;
}

const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs', 'mif1', 'msf1', 'avif', 'avis']);
const AUDIO_BRANDS = new Set(['M4A ', 'M4B ', 'M4P ', 'F4A ', 'F4B ']);
const QT_TOP_LEVEL_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot', 'junk']);

function detectIsoBmff(h: Buffer): Detection | null {
  if (h.length < 12) return null;
  const type = h.toString('latin1', 4, 8);
  if (type === 'ftyp') {
    const major = h.toString('latin1', 8, 12);
    if (major === 'qt  ') return found('mov');
    if (HEIF_BRANDS.has(major)) return rejected('The file is a HEIC/AVIF image, which Docdesk does not support; please convert it to JPEG or PNG.');
    if (AUDIO_BRANDS.has(major)) return rejected('The file is an audio recording without a picture, not a document or video.');
    return found('mp4');
  }
  // Older QuickTime files start directly with top-level atoms and carry no ftyp box.
  let at = 0;
  let sawMedia = false;
  for (let i = 0; i < 4 && at + 8 <= h.length; i++) {
    const size = h.readUInt32BE(at);
    const atom = h.toString('latin1', at + 4, at + 8);
    if (!QT_TOP_LEVEL_ATOMS.has(atom) || (size !== 1 && size < 8)) return null;
    if (atom === 'moov' || atom === 'mdat') sawMedia = true;
    if (size === 1) break; // 64-bit size: cannot step further in the head, judge on what we saw
    at += size;
  }
  return sawMedia ? found('mov') : null;
}

/** Reads an EBML variable-length integer; `keepMarker` for element IDs. */
function readVint(h: Buffer, at: number, keepMarker: boolean): { value: number; length: number } | null {
  if (at >= h.length) return null;
  const first = h[at]!;
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8 || at + length > h.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + h[at + i]!;
  return { value, length };
}

function detectEbml(h: Buffer): Detection {
  const bad = rejected('The file starts like a Matroska/WebM video but its header is damaged.');
  const headerSize = readVint(h, 4, false);
  if (!headerSize) return bad;
  let at = 4 + headerSize.length;
  const end = Math.min(h.length, at + headerSize.value);
  let docType = 'matroska'; // the EBML default when DocType is absent
  while (at < end) {
    const id = readVint(h, at, true);
    if (!id) return bad;
    const size = readVint(h, at + id.length, false);
    if (!size) return bad;
    const dataAt = at + id.length + size.length;
    if (id.value === 0x4282) {
      docType = h.toString('latin1', dataAt, Math.min(end, dataAt + size.value)).replace(/\0+$/, '');
      break;
    }
    at = dataAt + size.value;
  }
  if (docType === 'webm') return found('webm');
  if (docType === 'matroska') return found('mkv');
  return rejected(UNSUPPORTED_REASON);
}

async function detectZip(src: ByteSource): Promise<Detection> {
  let names: Set<string>;
  try {
    names = new Set((await listZipEntries(src)).map((e) => e.name));
  } catch {
    return rejected('The file is a damaged or incomplete ZIP archive, so it cannot be read as a Word document.');
  }
  if (names.has('word/document.xml') && names.has('[Content_Types].xml')) return found('docx');
  if (names.has('xl/workbook.xml')) return rejected('The file is an Excel workbook (.xlsx), which Docdesk does not support.');
  if (names.has('ppt/presentation.xml')) return rejected('The file is a PowerPoint presentation (.pptx), which Docdesk does not support.');
  if (names.has('content.xml') && names.has('mimetype')) return rejected('The file is an OpenDocument file, which Docdesk does not support; please save it as PDF or .docx.');
  return rejected('The file is a ZIP archive, not a Word .docx document; please upload the documents inside it individually.');
}

async function detectCompoundFile(src: ByteSource): Promise<Detection> {
  let names: string[];
  try {
    names = await listCfbTopLevelNames(src);
  } catch {
    return rejected('The file is a damaged Microsoft Office/Outlook compound file and cannot be read.');
  }
  if (names.some((n) => n.startsWith('__substg1.0_') || n === '__properties_version1.0')) return found('msg');
  if (names.includes('WordDocument')) return rejected('The file is a legacy Word .doc document, which Docdesk does not support; please save it as .docx or PDF.');
  if (names.includes('Workbook') || names.includes('Book')) return rejected('The file is a legacy Excel .xls workbook, which Docdesk does not support.');
  if (names.includes('PowerPoint Document')) return rejected('The file is a legacy PowerPoint .ppt presentation, which Docdesk does not support.');
  return rejected('The file is a Microsoft compound (OLE) file but not an Outlook e-mail (.msg).');
}

/** Header fields that occur in e-mail; a block of these is how an RFC 822 message starts. */
const MAIL_FIELDS = new Set([
  'from', 'to', 'cc', 'bcc', 'subject', 'date', 'received', 'return-path', 'mime-version', 'message-id',
  'reply-to', 'sender', 'delivered-to', 'content-type', 'content-transfer-encoding', 'in-reply-to',
  'references', 'x-mailer', 'user-agent', 'dkim-signature', 'authentication-results', 'x-original-to',
  'envelope-to', 'thread-topic', 'thread-index', 'importance', 'x-priority', 'list-id', 'list-unsubscribe',
  'arc-seal', 'arc-message-signature', 'arc-authentication-results', 'received-spf', 'x-ms-has-attach',
  'content-language', 'accept-language', 'organization', 'x-originating-ip', 'precedence', 'auto-submitted',
]);
/** At least one of these must be present: Date plus Content-Type alone could be an HTTP dump. */
const STRONG_MAIL_FIELDS = new Set([
  'from', 'to', 'subject', 'received', 'return-path', 'message-id', 'mime-version', 'delivered-to', 'sender',
]);

function looksLikeEmail(head: Buffer): boolean {
  const text = head.toString('latin1');
  const lines = text.split(/\r?\n/);
  let i = 0;
  if (lines[0]?.startsWith('From ')) i = 1; // mbox envelope line
  let known = 0;
  let strong = 0;
  let fields = 0;
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === '') break;
    if (/^[ \t]/.test(line)) {
      if (fields === 0) return false; // a continuation needs a field before it
      continue;
    }
    const m = /^([\x21-\x39\x3b-\x7e]+)[ \t]*:/.exec(line);
    if (!m) break;
    if (line.includes('\0')) return false;
    fields++;
    const name = m[1]!.toLowerCase();
    if (MAIL_FIELDS.has(name)) known++;
    if (STRONG_MAIL_FIELDS.has(name)) strong++;
  }
  return known >= 2 && strong >= 1;
}

/** The first KiBs as text, by byte order mark or the zero bytes of UTF-16; else UTF-8. */
function decodeTextStart(h: Buffer): string {
  const b = h.subarray(0, Math.min(h.length, 4096) & ~1); // even length, for UTF-16
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return b.toString('utf8', 3);
  if (b[0] === 0xff && b[1] === 0xfe) return b.toString('utf16le', 2);
  if (b[0] === 0xfe && b[1] === 0xff) return Buffer.from(b.subarray(2)).swap16().toString('utf16le');
  if (b[0] === 0x3c && b[1] === 0x00) return b.toString('utf16le');
  if (b[0] === 0x00 && b[1] === 0x3c) return Buffer.from(b).swap16().toString('utf16le');
  return b.toString('utf8');
}

function detectXml(h: Buffer): Detection | null {
  let s = decodeTextStart(h).replace(/^\s+/, '');
  if (/^<\?xml[\s?]/.test(s)) return found('xml');
  // Comments and processing instructions may precede the first element.
  for (;;) {
    if (s.startsWith('<!--')) {
      const end = s.indexOf('-->');
      if (end < 0) return null;
      s = s.slice(end + 3).trimStart();
    } else if (s.startsWith('<?')) {
      const end = s.indexOf('?>');
      if (end < 0) return null;
      s = s.slice(end + 2).trimStart();
    } else break;
  }
  if (/^<!doctype\s+html/i.test(s) || /^<html[\s>]/i.test(s)) {
    return rejected('The file is an HTML web page, which Docdesk does not support; please print it to PDF.');
  }
  if (s.startsWith('<!DOCTYPE')) return found('xml'); // the thumbnailer refuses it with a clear reason
  if (/^<[A-Za-z_\u00c0-\uffff][\w.\-:\u00b7\u00c0-\uffff]*[\s/>]/.test(s)) return found('xml');
  return null;
}
