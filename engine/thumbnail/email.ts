// E-mail thumbnails (.eml via mailparser, .msg via msgreader). Clerks receive invoices as
// mail attachments, so when a message carries a supported document the thumbnail shows
// that document (PDF first, then image, Word, XML). Otherwise the message itself is drawn:
// subject, From/To/Date block and the start of the body.
import msgreaderPkg from '@kenjiuno/msgreader';
import { simpleParser, type AddressObject } from 'mailparser';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { detectFormatOfBuffer, type FileFormat, type FormatFamily } from '../formats/detect.js';
import { ThumbnailError } from './errors.js';
import {
  MAX_EMAIL_ATTACHMENTS, MAX_EMAIL_ATTACHMENTS_TOTAL, MAX_EMAIL_ATTACHMENT_BYTES, MAX_EMAIL_BYTES,
} from './limits.js';
import { renderTextPage, type Block } from './text-page.js';

// The package is CommonJS with `exports.default`; Node hands ESM the whole exports object.
const MsgReader = msgreaderPkg.default;

/** Renders a file of a known format; render.ts passes itself in (no import cycle). */
export type AttachmentRenderer = (path: string, format: FileFormat) => Promise<Buffer>;

interface MailAttachment {
  filename: string;
  size: number;
  load(): Uint8Array;
}

interface MailView {
  subject: string;
  from: string;
  to: string;
  cc: string;
  date: string;
  body: string;
  attachments: MailAttachment[];
}

export const EMAIL_TOO_LARGE_MESSAGE = 'The e-mail is larger than the 64 MiB limit.';
const ATTACHMENT_PRIORITY: FormatFamily[] = ['pdf', 'image', 'word', 'xml'];
const MAX_BODY_CHARS = 6000;

async function readBounded(path: string): Promise<Buffer> {
  const { size } = await stat(path);
  if (size > MAX_EMAIL_BYTES) throw new ThumbnailError(EMAIL_TOO_LARGE_MESSAGE);
  return readFile(path);
}

export async function renderEmlThumbnail(path: string, renderAttachment: AttachmentRenderer): Promise<Buffer> {
  const raw = await readBounded(path);
  let view: MailView;
  try {
    const mail = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true });
    const dateLine = mail.headerLines.find((h) => h.key === 'date')?.line.replace(/^date:\s*/i, '') ?? '';
    view = {
      subject: mail.subject ?? '',
      from: mail.from?.text ?? '',
      to: addressText(mail.to),
      cc: addressText(mail.cc),
      date: dateLine,
      body: mail.text ?? (typeof mail.html === 'string' ? htmlToText(mail.html) : ''),
      attachments: mail.attachments
        // Pictures referenced from the HTML body (logos, signatures) are not attachments.
        .filter((a) => !a.related)
        .map((a) => ({ filename: a.filename ?? '', size: a.content.length, load: () => a.content })),
    };
  } catch {
    throw new ThumbnailError('The e-mail file is damaged and cannot be read.');
  }
  return renderMail(view, renderAttachment);
}

export async function renderMsgThumbnail(path: string, renderAttachment: AttachmentRenderer): Promise<Buffer> {
  const raw = await readBounded(path);
  let view: MailView;
  try {
    const reader = new MsgReader(new DataView(raw.buffer, raw.byteOffset, raw.byteLength));
    const data = reader.getFileData();
    if (data.error) throw new Error(data.error);
    const recipients = (kind: string) =>
      (data.recipients ?? [])
        .filter((r) => (r.recipType ?? 'to') === kind)
        .map((r) => formatAddress(r.name, r.smtpAddress ?? r.email))
        .join(', ');
    let body = data.body ?? '';
    if (!body.trim() && data.bodyHtml) body = htmlToText(data.bodyHtml);
    if (!body.trim() && data.html) body = htmlToText(Buffer.from(data.html).toString('utf8'));
    view = {
      subject: data.subject ?? '',
      from: formatAddress(data.senderName, data.senderSmtpAddress ?? data.senderEmail),
      to: recipients('to'),
      cc: recipients('cc'),
      date: data.messageDeliveryTime ?? data.clientSubmitTime ?? '',
      body,
      attachments: (data.attachments ?? [])
        .filter((a) => !a.innerMsgContent && !a.attachmentHidden)
        .map((a) => ({
          filename: a.fileName ?? a.fileNameShort ?? a.name ?? '',
          size: a.contentLength ?? 0,
          load: () => reader.getAttachment(a).content,
        })),
    };
  } catch {
    throw new ThumbnailError('The Outlook message (.msg) is damaged and cannot be read.');
  }
  return renderMail(view, renderAttachment);
}

function addressText(a: AddressObject | AddressObject[] | undefined): string {
  if (!a) return '';
  return (Array.isArray(a) ? a : [a]).map((x) => x.text).join(', ');
}

function formatAddress(name: string | undefined, email: string | undefined): string {
  if (name && email && name !== email) return `${name} <${email}>`;
  return name || email || '';
}

interface Candidate {
  format: FileFormat;
  family: FormatFamily;
  data: Uint8Array;
}

/** The attachments within the spec's limits, by content type; over-limit ones are skipped. */
async function attachmentCandidates(attachments: MailAttachment[]): Promise<Candidate[]> {
  const out: Candidate[] = [];
  let total = 0;
  for (const att of attachments.slice(0, MAX_EMAIL_ATTACHMENTS)) {
    if (att.size > MAX_EMAIL_ATTACHMENT_BYTES || total + att.size > MAX_EMAIL_ATTACHMENTS_TOTAL) continue;
    let data: Uint8Array;
    try {
      data = att.load();
    } catch {
      continue;
    }
    if (data.length > MAX_EMAIL_ATTACHMENT_BYTES || total + data.length > MAX_EMAIL_ATTACHMENTS_TOTAL) continue;
    total += data.length;
    const d = await detectFormatOfBuffer(data);
    if (d.format && d.family && ATTACHMENT_PRIORITY.includes(d.family)) out.push({ format: d.format, family: d.family, data });
  }
  return out.sort((a, b) => ATTACHMENT_PRIORITY.indexOf(a.family) - ATTACHMENT_PRIORITY.indexOf(b.family));
}

async function renderMail(view: MailView, renderAttachment: AttachmentRenderer): Promise<Buffer> {
  const candidates = await attachmentCandidates(view.attachments);
  if (candidates.length > 0) {
    const dir = await mkdtemp(join(tmpdir(), 'docdesk-mail-'));
    try {
      for (const [i, c] of candidates.entries()) {
        const file = join(dir, `attachment-${i}`);
        await writeFile(file, c.data);
        try {
          return await renderAttachment(file, c.format);
        } catch (err) {
          // An unreadable attachment (e.g. a password-protected PDF) must not hide the
          // message: try the next one, then draw the message itself.
          if (!(err instanceof ThumbnailError)) throw err;
        }
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  return renderTextPage(messageBlocks(view));
}

function messageBlocks(view: MailView): Block[] {
  const header = (label: string, value: string): Block => ({
    kind: 'paragraph',
    runs: [{ text: `${label}: `, bold: true }, { text: value }],
    size: 9,
    spaceAfter: 1.5,
  });
  const blocks: Block[] = [
    { kind: 'paragraph', runs: [{ text: view.subject.trim() || '(no subject)', bold: true }], size: 15, spaceAfter: 8 },
    header('From', view.from),
    header('To', view.to),
  ];
  if (view.cc) blocks.push(header('Cc', view.cc));
  blocks.push(header('Date', view.date));
  const names = view.attachments.map((a) => a.filename).filter(Boolean);
  if (names.length > 0) blocks.push(header('Attachments', names.join(', ')));
  blocks.push({ kind: 'rule', spaceBefore: 6, spaceAfter: 10 });
  const body = view.body.replace(/\r\n?/g, '\n').slice(0, MAX_BODY_CHARS).replace(/\n{3,}/g, '\n\n');
  for (const line of body.split('\n')) {
    blocks.push({ kind: 'paragraph', runs: [{ text: line || ' ' }], size: 9.5, spaceAfter: 0.5 });
  }
  return blocks;
}

const ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', auml: 'ä', ouml: 'ö', uuml: 'ü',
  Auml: 'Ä', Ouml: 'Ö', Uuml: 'Ü', szlig: 'ß', euro: '€', eacute: 'é', egrave: 'è', copy: '©', ndash: '–', mdash: '—',
};

/** Readable text from an HTML body: block elements become line breaks, markup goes away. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style|head|title)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|tr|li|h[1-6]|table|blockquote)\s*>/gi, '\n')
    .replace(/<(td|th)\b[^>]*>/gi, '\t')
    .replace(/<li\b[^>]*>/gi, '• ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === '#') {
        const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : '';
      }
      return ENTITIES[e] ?? m;
    })
    .replace(/[ \t\u00a0]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
