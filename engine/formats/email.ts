// E-mail containers (.eml through mailparser, .msg through msgreader): headers, body text,
// and every attachment classified under the spec's limits (section 8: container 64 MiB; up
// to 8 attachments, 20 MiB each, 32 MiB combined). Attachments that are documents Docdesk
// reads (PDF, image, Word, XML; recognized by content, never by name) become components;
// pictures that only decorate the message (logos and signatures referenced from the HTML
// body, tracking pixels) are ignored and do not count against the limits. What happened to
// each attachment is recorded in `quality` (the keys of quality.email, see
// docs/quality-email.md). The thumbnailer reads mail through this module too.
import msgreaderPkg from '@kenjiuno/msgreader';
import { simpleParser, type AddressObject, type EmailAddress } from 'mailparser';
import { readFile, stat } from 'node:fs/promises';
import { bufferSource } from './bytes.js';
import { assertCfbChainsEnd, listCfbTopLevelNames } from './cfb.js';
import { detectFormatOfBuffer, type FileFormat, type FormatFamily } from './detect.js';
import { EmailReadError, FormatReadError } from './errors.js';
import { imageDimensions } from './image.js';
import {
  MAX_EMAIL_ATTACHMENTS, MAX_EMAIL_ATTACHMENTS_TOTAL, MAX_EMAIL_ATTACHMENT_BYTES, MAX_EMAIL_BODY_CHARS, MAX_EMAIL_BYTES,
  MAX_EMAIL_PARTS_EXAMINED, MAX_XML_BYTES,
} from './limits.js';
import { readXmlBuffer } from './xml.js';

// The package is CommonJS with `exports.default`; Node hands ESM the whole exports object.
const MsgReader = msgreaderPkg.default;


export { EmailReadError } from './errors.js';
export const EMAIL_TOO_LARGE_MESSAGE = 'The e-mail is larger than the 64 MiB limit.';
const EML_DAMAGED_MESSAGE = 'The e-mail file is damaged and cannot be read.';
const MSG_DAMAGED_MESSAGE = 'The Outlook message (.msg) is damaged and cannot be read.';

/** Below this many pixels (or this short on one side) a picture cannot be a document. */
const TINY_IMAGE_PIXELS = 100_000;
const TINY_IMAGE_EDGE = 48;
/** A picture shown inside the HTML body is decoration unless it is photo- or scan-sized. */
const INLINE_DOCUMENT_PIXELS = 1_000_000;

export interface EmailHeaders {
  from: string | null;
  to: string | null;
  cc: string | null;
  /** ISO 8601 (UTC) when the date can be read. */
  date: string | null;
  /** The Date header (or Outlook's delivery time) as written. */
  date_raw: string | null;
  subject: string | null;
}

export type AttachmentStatus = 'component' | 'ignored_decoration' | 'unsupported' | 'too_large' | 'over_limit' | 'failed';

/**
 * Machine-readable reasons (snake_case), one per status:
 * - ignored_decoration: `inline_body_image` (shown in the HTML body, not photo- or scan-sized), `tiny_image`
 * - unsupported: `unsupported_format` (detail: why), `embedded_message`, `video`
 * - too_large: `attachment_over_20_mib`, `xml_over_5_mib`
 * - over_limit: `more_than_8_attachments`, `combined_size_over_32_mib`, `too_many_parts`
 * - failed: `unreadable`, `damaged_image`, `unsafe_or_malformed_xml` (detail: the sentence)
 */
export type AttachmentReason =
  | 'inline_body_image' | 'tiny_image'
  | 'unsupported_format' | 'embedded_message' | 'video'
  | 'attachment_over_20_mib' | 'xml_over_5_mib'
  | 'more_than_8_attachments' | 'combined_size_over_32_mib' | 'too_many_parts'
  | 'unreadable' | 'damaged_image' | 'unsafe_or_malformed_xml';

export interface EmailAttachment {
  /** One-based position among the message's attachments (inline parts included). */
  index: number;
  filename: string;
  /** Bytes (decoded). */
  size: number;
  /** Declared content type, informational only. */
  mime: string | null;
  /** Detected by content; null when not recognized or not examined. */
  format: FileFormat | null;
  status: AttachmentStatus;
  reason: AttachmentReason | null;
  /** A sentence for people (e.g. why a format is not supported), when there is one. */
  detail: string | null;
  /** Component reference ("att-1", "att-2" … in order) for status 'component'. */
  ref: string | null;
  /** The bytes, only for status 'component'. */
  data?: Buffer;
}

/** The keys of quality.email (docs/quality-email.md). */
export interface EmailQuality {
  container_format: 'eml' | 'msg';
  container_bytes: number;
  /** A limit cut something: attachments over a limit, or the body text. */
  bounded: boolean;
  /** Attachment parts in the message, decoration included. */
  attachments_total: number;
  /** Attachments counted against the limit of 8 (decoration is not). */
  attachments_considered: number;
  components: Array<{ ref: string; filename: string; format: FileFormat }>;
  ignored_decoration: string[];
  unsupported_attachments: Array<{ filename: string; reason: AttachmentReason }>;
  failed_attachments: Array<{ filename: string; reason: AttachmentReason }>;
  /** Not processed because of a size or count limit (status too_large or over_limit). */
  over_limit_attachments: Array<{ filename: string; reason: AttachmentReason }>;
  body_source: 'text' | 'html' | 'none';
  body_truncated: boolean;
  /** More than one attachment is a document candidate (Q5: one is selected, none merged). */
  several_document_candidates: boolean;
}

export interface EmailRead {
  headers: EmailHeaders;
  body_text: string;
  attachments: EmailAttachment[];
  quality: EmailQuality;
}

// ---------------------------------------------------------------- parsing

interface RawAttachment {
  filename: string;
  size: number;
  mime: string | null;
  /** Content-ID without angle brackets, lower-cased. */
  contentId: string | null;
  /** Marked as part of the body: multipart/related, or hidden in Outlook. */
  inline: boolean;
  embeddedMessage: boolean;
  load(): Uint8Array;
}

interface ParsedMail {
  headers: EmailHeaders;
  text: string | null;
  html: string | null;
  attachments: RawAttachment[];
}

async function readBounded(path: string): Promise<Buffer> {
  const { size } = await stat(path);
  if (size > MAX_EMAIL_BYTES) throw new EmailReadError(EMAIL_TOO_LARGE_MESSAGE);
  return readFile(path);
}

const orNull = (s: string | null | undefined): string | null => (s && s.trim() ? s.trim() : null);

function isoDate(value: Date | string | null | undefined): string | null {
  if (!value) return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** "Name <address>" for every mailbox (groups flattened), the same shape as for .msg. */
function addressText(a: AddressObject | AddressObject[] | undefined): string | null {
  if (!a) return null;
  const out: string[] = [];
  const visit = (list: EmailAddress[]) => {
    for (const m of list) {
      if (m.group) visit(m.group);
      else {
        const text = formatAddress(m.name || undefined, m.address || undefined);
        if (text) out.push(text);
      }
    }
  };
  for (const obj of Array.isArray(a) ? a : [a]) visit(obj.value);
  return orNull(out.join(', '));
}

function formatAddress(name: string | undefined, email: string | undefined): string {
  if (name && email && name !== email) return `${name} <${email}>`;
  return name || email || '';
}

const bareCid = (cid: string | null | undefined): string | null => orNull(cid?.replace(/^<|>$/g, ''))?.toLowerCase() ?? null;

async function parseEml(raw: Buffer): Promise<ParsedMail> {
  try {
    // skipHtmlToText: HTML bodies become text through htmlToText below, the same for .eml and .msg.
    const mail = await simpleParser(raw, { skipHtmlToText: true, skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true });
    const dateRaw = mail.headerLines.find((h) => h.key === 'date')?.line.replace(/^date:\s*/i, '') ?? null;
    return {
      headers: {
        from: addressText(mail.from),
        to: addressText(mail.to),
        cc: addressText(mail.cc),
        date: isoDate(mail.date),
        date_raw: orNull(dateRaw),
        subject: orNull(mail.subject),
      },
      text: mail.text ?? null,
      html: typeof mail.html === 'string' ? mail.html : null,
      attachments: mail.attachments.map((a) => ({
        filename: a.filename ?? '',
        size: a.content.length,
        mime: a.contentType ?? null,
        contentId: bareCid(a.cid ?? a.contentId),
        inline: a.related === true,
        embeddedMessage: /^message\/(rfc822|global)$/i.test(a.contentType ?? ''),
        load: () => a.content,
      })),
    };
  } catch {
    throw new EmailReadError(EML_DAMAGED_MESSAGE);
  }
}

/** PR_HTML holds bytes in the message's code page, usually named in a meta tag. */
function decodeHtmlBytes(bytes: Uint8Array): string {
  const declared = /charset=["']?([\w-]+)/i.exec(Buffer.from(bytes.subarray(0, 2048)).toString('latin1'))?.[1];
  for (const label of [declared, 'utf-8']) {
    if (!label) continue;
    try {
      return new TextDecoder(label, { fatal: true }).decode(bytes);
    } catch {
      // unknown label or bytes invalid in it: try the next guess
    }
  }
  return new TextDecoder('windows-1252').decode(bytes);
}

async function parseMsg(raw: Buffer): Promise<ParsedMail> {
  // msgreader reads a broken compound file as an empty message; our directory reader notices.
  let names: string[];
  try {
    names = await listCfbTopLevelNames(bufferSource(raw));
    assertCfbChainsEnd(raw);
  } catch {
    throw new EmailReadError(MSG_DAMAGED_MESSAGE);
  }
  if (!names.some((n) => n.startsWith('__substg1.0_') || n === '__properties_version1.0')) throw new EmailReadError(MSG_DAMAGED_MESSAGE);
  try {
    const reader = new MsgReader(new DataView(raw.buffer, raw.byteOffset, raw.byteLength));
    const data = reader.getFileData();
    if (data.error) throw new Error(data.error);
    const recipients = (kind: string) =>
      orNull((data.recipients ?? [])
        .filter((r) => (r.recipType ?? 'to') === kind)
        .map((r) => formatAddress(r.name, r.smtpAddress ?? r.email))
        .join(', '));
    const dateRaw = data.messageDeliveryTime ?? data.clientSubmitTime ?? null;
    let html: string | null = data.bodyHtml ?? null;
    if (!html && data.html) html = decodeHtmlBytes(data.html);
    return {
      headers: {
        from: orNull(formatAddress(data.senderName, data.senderSmtpAddress ?? data.senderEmail)),
        to: recipients('to'),
        cc: recipients('cc'),
        date: isoDate(dateRaw),
        date_raw: orNull(dateRaw),
        subject: orNull(data.subject),
      },
      text: data.body ?? null,
      html,
      attachments: (data.attachments ?? []).map((a) => ({
        filename: a.fileName ?? a.fileNameShort ?? a.name ?? '',
        size: a.contentLength ?? 0,
        mime: a.attachMimeTag ?? null,
        contentId: bareCid(a.pidContentId),
        inline: a.attachmentHidden === true,
        embeddedMessage: a.innerMsgContent === true,
        load: () => reader.getAttachment(a).content,
      })),
    };
  } catch {
    throw new EmailReadError(MSG_DAMAGED_MESSAGE);
  }
}

/** Parses the container (size-checked first) without classifying its attachments. */
async function parseEmailFile(path: string, format: 'eml' | 'msg'): Promise<{ mail: ParsedMail; bytes: number }> {
  const raw = await readBounded(path);
  return { mail: format === 'eml' ? await parseEml(raw) : await parseMsg(raw), bytes: raw.length };
}

// ---------------------------------------------------------------- HTML bodies

const LATIN1_ENTITIES =
  'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute micro para ' +
  'middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute ' +
  'Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute ' +
  'THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ' +
  'ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml';

const ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", euro: '€', ndash: '–', mdash: '—', lsquo: '‘', rsquo: '’', sbquo: '‚',
  ldquo: '“', rdquo: '”', bdquo: '„', hellip: '…', bull: '•', trade: '™', ensp: ' ', emsp: ' ', thinsp: ' ', zwnj: '', zwj: '',
  lrm: '', rlm: '', dagger: '†', permil: '‰', OElig: 'Œ', oelig: 'œ', Scaron: 'Š', scaron: 'š', Yuml: 'Ÿ', circ: 'ˆ', tilde: '˜',
};
LATIN1_ENTITIES.split(' ').forEach((name, i) => {
  ENTITIES[name] = String.fromCharCode(160 + i);
});
ENTITIES.nbsp = ' '; // a non-breaking space is a space in text
ENTITIES.shy = '';

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+;?|#\d+;?|[a-z][a-z0-9]*;)/gi, (m, ref: string) => {
    const e = ref.replace(/;$/, '');
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      if (code === 160) return ' ';
      if (code === 9 || code === 10) return String.fromCharCode(code);
      const ok = Number.isFinite(code) && code >= 0x20 && code < 0x110000 && !(code >= 0xd800 && code < 0xe000) && !(code >= 0x7f && code < 0xa0);
      return ok ? String.fromCodePoint(code) : '';
    }
    return Object.hasOwn(ENTITIES, e) ? ENTITIES[e]! : m;
  });
}

/**
 * Readable text from an HTML body: whitespace collapses as a browser does; <br> is a line
 * break, block elements (divs, table rows, list items, headings) start new lines and
 * paragraphs are separated by a blank line; table cells are separated by tabs; markup goes
 * away and entities are decoded.
 */
export function htmlToText(html: string): string {
  const PARAGRAPH = '\u0001';
  const LINE = '\u0002';
  const BLOCK = 'div|tr|li|h[1-6]|table|thead|tbody|tfoot|blockquote|ul|ol|dl|dt|dd|section|article|header|footer|address|center|form|hr|pre|caption';
  return decodeEntities(
    html
      .replace(/<(script|style|head|title|template)\b[\s\S]*?<\/\1\s*>/gi, '')
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/[\u0001\u0002]/g, '')
      .replace(/\s+/g, ' ')
      .replace(/<br\b[^>]*>/gi, '\n')
      .replace(/<\/?p\b[^>]*>/gi, PARAGRAPH)
      .replace(/<li\b[^>]*>/gi, `${LINE}• `)
      .replace(new RegExp(`</?(?:${BLOCK})\\b[^>]*>`, 'gi'), LINE)
      .replace(/<(td|th)\b[^>]*>/gi, '\t')
      .replace(/<[^>]*>/g, ''),
  )
    .replace(/ *\t */g, '\t')
    // A run of breaks and block boundaries becomes one line break, or a blank line when a
    // paragraph ends or begins in it (or <br>s ask for it).
    .replace(/[ \t]*(?:[\n\u0001\u0002][ \t]*)+/g, (run) => {
      const br = run.split('\n').length - 1;
      const n = Math.max(br, run.includes(PARAGRAPH) ? 2 : run.includes(LINE) ? 1 : 0);
      return '\n'.repeat(Math.min(2, n));
    })
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** The content ids the HTML body shows as pictures (src="cid:…"), lower-cased. */
function referencedCids(html: string | null): Set<string> {
  const out = new Set<string>();
  if (!html) return out;
  for (const m of html.matchAll(/cid:([^"'\s)>]+)/gi)) {
    let cid = m[1]!;
    try {
      cid = decodeURIComponent(cid);
    } catch {
      // keep it as written
    }
    out.add(cid.toLowerCase());
  }
  return out;
}

// ---------------------------------------------------------------- reading

const DOCUMENT_FAMILIES = new Set<FormatFamily>(['pdf', 'image', 'word', 'xml']);

export async function readEmail(path: string, format: 'eml' | 'msg'): Promise<EmailRead> {
  if (format !== 'eml' && format !== 'msg') throw new TypeError(`${String(format)} is not an e-mail format`);
  const { mail, bytes } = await parseEmailFile(path, format);

  let body = mail.text ?? '';
  let bodySource: EmailQuality['body_source'] = body.trim() ? 'text' : 'none';
  if (!body.trim() && mail.html) {
    body = htmlToText(mail.html);
    bodySource = body ? 'html' : 'none';
  }
  body = body.replace(/\r\n?/g, '\n');
  const bodyTruncated = body.length > MAX_EMAIL_BODY_CHARS;
  if (bodyTruncated) body = body.slice(0, MAX_EMAIL_BODY_CHARS);

  const cids = referencedCids(mail.html);
  const attachments: EmailAttachment[] = [];
  let considered = 0;
  let combined = 0;
  let components = 0;
  for (const [i, raw] of mail.attachments.entries()) {
    const att: EmailAttachment = {
      index: i + 1,
      filename: raw.filename || `attachment-${i + 1}`,
      size: raw.size,
      mime: raw.mime,
      format: null,
      status: 'failed',
      reason: null,
      detail: null,
      ref: null,
    };
    attachments.push(att);
    const set = (status: AttachmentStatus, reason: AttachmentReason | null, detail: string | null = null) => {
      att.status = status;
      att.reason = reason;
      att.detail = detail;
    };
    if (i >= MAX_EMAIL_PARTS_EXAMINED) {
      set('over_limit', 'too_many_parts');
      continue;
    }

    // Decoration first: it does not count against the limits.
    let data: Uint8Array | null = null;
    let family: FormatFamily | null = null;
    let detectReason: string | null = null;
    let dims: { width: number; height: number } | null = null;
    let unreadable = false;
    if (!raw.embeddedMessage && raw.size <= MAX_EMAIL_ATTACHMENT_BYTES) {
      try {
        data = raw.load();
        att.size = data.length;
        const d = await detectFormatOfBuffer(data);
        att.format = d.format;
        family = d.family;
        detectReason = d.reason;
      } catch {
        unreadable = true;
      }
      if (family === 'image' && data && att.format) {
        dims = await imageDimensions(data, att.format);
        const inBody = raw.inline || (raw.contentId !== null && cids.has(raw.contentId));
        const pixels = dims ? dims.width * dims.height : 0;
        if (dims && (pixels < TINY_IMAGE_PIXELS || Math.min(dims.width, dims.height) < TINY_IMAGE_EDGE)) {
          set('ignored_decoration', 'tiny_image');
          continue;
        }
        if (inBody && (!dims || pixels < INLINE_DOCUMENT_PIXELS)) {
          set('ignored_decoration', 'inline_body_image');
          continue;
        }
      }
    }

    considered++;
    if (considered > MAX_EMAIL_ATTACHMENTS) {
      set('over_limit', 'more_than_8_attachments');
      continue;
    }
    if (raw.size > MAX_EMAIL_ATTACHMENT_BYTES || att.size > MAX_EMAIL_ATTACHMENT_BYTES) {
      set('too_large', 'attachment_over_20_mib');
      continue;
    }
    if (raw.embeddedMessage || family === 'email') {
      set('unsupported', 'embedded_message', 'Forwarded or attached e-mails are not opened; please upload them separately.');
      continue;
    }
    if (unreadable || !data) {
      set('failed', 'unreadable');
      continue;
    }
    if (!att.format || !family) {
      set('unsupported', 'unsupported_format', detectReason);
      continue;
    }
    if (family === 'video') {
      set('unsupported', 'video', 'Videos attached to e-mails are not processed.');
      continue;
    }
    if (!DOCUMENT_FAMILIES.has(family)) {
      set('unsupported', 'unsupported_format', detectReason);
      continue;
    }
    if (combined + data.length > MAX_EMAIL_ATTACHMENTS_TOTAL) {
      set('over_limit', 'combined_size_over_32_mib');
      continue;
    }
    if (family === 'image' && !dims) {
      set('failed', 'damaged_image');
      continue;
    }
    if (family === 'xml') {
      if (data.length > MAX_XML_BYTES) {
        set('too_large', 'xml_over_5_mib');
        continue;
      }
      try {
        readXmlBuffer(data);
      } catch (err) {
        if (!(err instanceof FormatReadError)) throw err;
        set('failed', 'unsafe_or_malformed_xml', err.message);
        continue;
      }
    }
    combined += data.length;
    set('component', null);
    att.ref = `att-${++components}`;
    att.data = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  }

  const pick = (...statuses: AttachmentStatus[]) => attachments.filter((a) => statuses.includes(a.status));
  const withReason = (list: EmailAttachment[]) => list.map((a) => ({ filename: a.filename, reason: a.reason! }));
  const componentList = pick('component').map((a) => ({ ref: a.ref!, filename: a.filename, format: a.format! }));
  const overLimit = withReason(pick('too_large', 'over_limit'));
  const quality: EmailQuality = {
    container_format: format,
    container_bytes: bytes,
    bounded: overLimit.length > 0 || bodyTruncated,
    attachments_total: attachments.length,
    attachments_considered: Math.min(considered, MAX_EMAIL_ATTACHMENTS),
    components: componentList,
    ignored_decoration: pick('ignored_decoration').map((a) => a.filename),
    unsupported_attachments: withReason(pick('unsupported')),
    failed_attachments: withReason(pick('failed')),
    over_limit_attachments: overLimit,
    body_source: bodySource,
    body_truncated: bodyTruncated,
    several_document_candidates: componentList.length > 1,
  };
  return { headers: mail.headers, body_text: body, attachments, quality };
}
