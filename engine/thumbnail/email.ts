// E-mail thumbnails. Clerks receive invoices as mail attachments, so when a message carries
// a document the thumbnail shows that document (PDF first, then image, Word, XML). Otherwise
// the message itself is drawn: subject, From/To/Date block and the start of the body.
// Parsing, limits and the choice of attachments are the e-mail reader's (formats/email.ts),
// so the thumbnail shows one of the components analysis reads.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { familyOf, type FileFormat, type FormatFamily } from '../formats/detect.js';
import { readEmail, type EmailAttachment, type EmailRead } from '../formats/email.js';
import { FormatReadError } from '../formats/errors.js';
import { ThumbnailError } from './errors.js';
import { renderTextPage, type Block } from './text-page.js';

export { EMAIL_TOO_LARGE_MESSAGE, htmlToText } from '../formats/email.js';

/** Renders a file of a known format; render.ts passes itself in (no import cycle). */
export type AttachmentRenderer = (path: string, format: FileFormat) => Promise<Buffer>;

const ATTACHMENT_PRIORITY: FormatFamily[] = ['pdf', 'image', 'word', 'xml'];
const MAX_BODY_CHARS = 6000;

export async function renderEmlThumbnail(path: string, renderAttachment: AttachmentRenderer): Promise<Buffer> {
  return renderMail(await readEmail(path, 'eml'), renderAttachment);
}

export async function renderMsgThumbnail(path: string, renderAttachment: AttachmentRenderer): Promise<Buffer> {
  return renderMail(await readEmail(path, 'msg'), renderAttachment);
}

const priority = (a: EmailAttachment) => ATTACHMENT_PRIORITY.indexOf(familyOf(a.format!));

async function renderMail(mail: EmailRead, renderAttachment: AttachmentRenderer): Promise<Buffer> {
  const candidates = mail.attachments.filter((a) => a.status === 'component' && a.data && a.format).sort((a, b) => priority(a) - priority(b));
  if (candidates.length > 0) {
    const dir = await mkdtemp(join(tmpdir(), 'docdesk-mail-'));
    try {
      for (const [i, c] of candidates.entries()) {
        const file = join(dir, `attachment-${i}`);
        await writeFile(file, c.data!);
        try {
          return await renderAttachment(file, c.format!);
        } catch (err) {
          // An unreadable attachment (e.g. a password-protected PDF) must not hide the
          // message: try the next one, then draw the message itself.
          if (!(err instanceof ThumbnailError) && !(err instanceof FormatReadError)) throw err;
        }
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  return renderTextPage(messageBlocks(mail));
}

function messageBlocks(mail: EmailRead): Block[] {
  const h = mail.headers;
  const header = (label: string, value: string): Block => ({
    kind: 'paragraph',
    runs: [{ text: `${label}: `, bold: true }, { text: value }],
    size: 9,
    spaceAfter: 1.5,
  });
  const blocks: Block[] = [
    { kind: 'paragraph', runs: [{ text: h.subject ?? '(no subject)', bold: true }], size: 15, spaceAfter: 8 },
    header('From', h.from ?? ''),
    header('To', h.to ?? ''),
  ];
  if (h.cc) blocks.push(header('Cc', h.cc));
  blocks.push(header('Date', h.date_raw ?? h.date ?? ''));
  const names = mail.attachments.filter((a) => a.status !== 'ignored_decoration').map((a) => a.filename);
  if (names.length > 0) blocks.push(header('Attachments', names.join(', ')));
  blocks.push({ kind: 'rule', spaceBefore: 6, spaceAfter: 10 });
  const body = mail.body_text.slice(0, MAX_BODY_CHARS).replace(/\n{3,}/g, '\n\n');
  for (const line of body.split('\n')) {
    blocks.push({ kind: 'paragraph', runs: [{ text: line || ' ' }], size: 9.5, spaceAfter: 0.5 });
  }
  return blocks;
}
