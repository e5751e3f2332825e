// Docdesk's own active-content rules (the "Upload scanner" section of docs/security.md).
// They run on the raw bytes before any reader does, and look for what a document needs not
// contain and an attacker needs: actions that start programs, scripts, macros, executables
// hidden in containers, files that are two formats at once, and archives we cannot look into.
// Each finding carries a rule id and one sentence a clerk can act on.
import { readFile, stat } from 'node:fs/promises';
import msgreaderPkg from '@kenjiuno/msgreader';
import { simpleParser } from 'mailparser';
import { Inflate } from 'fflate';
import { assertCfbChainsEnd } from '../formats/cfb.js';
import { bufferSource, withFileSource, type ByteSource } from '../formats/bytes.js';
import type { FileFormat } from '../formats/detect.js';
import { MAX_EMAIL_BYTES } from '../formats/limits.js';
import { listZipEntries, readZipEntry, type ZipEntry } from '../formats/zip.js';

const MsgReader = msgreaderPkg.default;

export interface ScanFinding {
  /** Stable rule id, e.g. `pdf.launch_action` (listed in docs/security.md). */
  rule: string;
  /** One sentence for the clerk. */
  message: string;
}

export interface ContentRuleOptions {
  /** The account allows document JavaScript in PDFs (forms that calculate); off by default. */
  allowPdfJavaScript: boolean;
}

/** PDFs up to this size are inspected with their streams inflated; larger ones by raw tokens. */
const PDF_DEEP_BYTES = 256 * 1024 * 1024;
const PDF_CHUNK_BYTES = 16 * 1024 * 1024;
/** Inflated bytes per stream and per file looked at (bounds a deflate bomb). */
const MAX_INFLATED_STREAM = 32 * 1024 * 1024;
const MAX_INFLATED_TOTAL = 256 * 1024 * 1024;
/** Archive members and Office embeddings read for their content. */
const MAX_MEMBER_BYTES = 32 * 1024 * 1024;
const MAX_MEMBERS_READ = 64;

/** File name endings that run code when opened on Windows, macOS or Linux desktops. */
const EXECUTABLE_EXTENSIONS = new Set([
  'exe', 'dll', 'scr', 'com', 'pif', 'cpl', 'msi', 'msp', 'msc', 'bat', 'cmd', 'ps1', 'psm1', 'vbs', 'vbe', 'js', 'jse',
  'wsf', 'wsh', 'hta', 'jar', 'lnk', 'reg', 'sh', 'app', 'apk', 'iso', 'img', 'vhd', 'vhdx', 'xll', 'appx', 'msix', 'scf', 'url', 'inf',
]);

const extensionOf = (name: string) => /\.([A-Za-z0-9]{1,6})\s*$/.exec(name)?.[1]?.toLowerCase() ?? '';

/** What kind of program the bytes are, or null. */
function executableKind(data: Uint8Array): string | null {
  const b = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (b.length >= 64 && b[0] === 0x4d && b[1] === 0x5a) {
    const pe = b.readUInt32LE(60);
    if ((pe + 4 <= b.length && b.readUInt32BE(pe) === 0x50450000) || b.subarray(0, 512).includes('This program cannot be run in DOS mode', 0, 'latin1')) return 'a Windows program';
  }
  if (b.length >= 4 && b.readUInt32BE(0) === 0x7f454c46) return 'a Linux program';
  if (b.length >= 4 && [0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe].includes(b.readUInt32BE(0))) return 'a macOS program';
  if (b.length >= 3 && b[0] === 0x23 && b[1] === 0x21 && b[2] === 0x2f) return 'a script';
  return null;
}

/** Finds a program or script among named files (attachments, archive members, embedded files). */
function executableFinding(rule: string, where: string, name: string, data: Uint8Array | null): ScanFinding | null {
  const kind = data ? executableKind(data) : null;
  if (kind) return { rule, message: `${where} "${name}" is ${kind}; Docdesk does not accept files that carry programs.` };
  const ext = extensionOf(name);
  if (EXECUTABLE_EXTENSIONS.has(ext)) return { rule, message: `${where} "${name}" is a .${ext} file that runs code when opened; Docdesk does not accept files that carry programs or scripts.` };
  return null;
}

export async function checkActiveContent(path: string, format: FileFormat, opts: ContentRuleOptions): Promise<ScanFinding | null> {
  const polyglot = await withFileSource(path, (src) => checkPolyglot(src, format));
  if (polyglot) return polyglot;
  switch (format) {
    case 'pdf':
      return checkPdfFile(path, opts);
    case 'docx':
      return withFileSource(path, (src) => checkOfficeZip(src, 'The Word document'));
    case 'eml':
    case 'msg': {
      if ((await stat(path)).size > MAX_EMAIL_BYTES) return null; // the reader refuses it, unread
      return checkEmail(await readFile(path), format, opts);
    }
    default:
      return null;
  }
}

// ---- polyglots ------------------------------------------------------------------------

const PROGRAM_OR_ARCHIVE_HEADS: Array<[string, string]> = [
  ['MZ', 'a Windows program'],
  ['\x7fELF', 'a Linux program'],
  ['PK\x03\x04', 'a ZIP archive'],
  ['#!/', 'a script'],
];

/**
 * A file that is two formats at once: a reader sees a document, another program a ZIP
 * archive or an executable (PDF or JPEG with an appended archive, "MZ…%PDF", HTML before %PDF).
 */
async function checkPolyglot(src: ByteSource, format: FileFormat): Promise<ScanFinding | null> {
  const head = await src.read(0, 1024);
  const text = head.toString('latin1');
  const startsPdfLate = format === 'pdf' && !text.startsWith('%PDF-');
  if (startsPdfLate) {
    const junk = text.slice(0, text.indexOf('%PDF-'));
    for (const [magic, kind] of PROGRAM_OR_ARCHIVE_HEADS) {
      if (junk.startsWith(magic)) return polyglot(`starts as ${kind} and contains a PDF after it`);
    }
    if (/<\s*(script|html|svg|iframe)\b/i.test(junk)) return polyglot('starts with web page markup before the PDF');
  }
  // A .docx is a ZIP by design; a .msg may store a ZIP attachment contiguously at its end
  // (its attachments get the archive rules instead).
  if (format === 'docx' || format === 'msg') return null;
  const members = await appendedZipMembers(src);
  if (members > 0) return polyglot(`is also a ZIP archive with ${members} member${members === 1 ? '' : 's'}`);
  return null;
}

/**
 * Members of a ZIP archive at the end of the file. Like unzip, this finds the central
 * directory right before the end record, whatever the offsets say (an archive appended to
 * another file keeps the offsets of its own start).
 */
async function appendedZipMembers(src: ByteSource): Promise<number> {
  const tailLength = Math.min(src.size, 22 + 0xffff);
  const tail = await src.read(src.size - tailLength, tailLength);
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) !== 0x06054b50) continue;
    const entries = tail.readUInt16LE(i + 10);
    const cdSize = tail.readUInt32LE(i + 12);
    const cdAt = src.size - tailLength + i - cdSize;
    if (entries === 0 || cdAt < 0) continue;
    const sig = await src.read(cdAt, 4);
    if (sig.length === 4 && sig.readUInt32LE(0) === 0x02014b50) return entries;
  }
  return 0;
}

function polyglot(what: string): ScanFinding {
  return { rule: 'polyglot', message: `The file ${what}: a file that is two formats at once is a known way to smuggle content past checks, so Docdesk does not accept it.` };
}

// ---- PDF ------------------------------------------------------------------------------

/** PDF names may spell letters as #xx escapes (/J#61vaScript); undo them before matching. */
function decodePdfNames(text: string): string {
  if (!text.includes('#')) return text;
  return text.replace(/\/[^\s/[\]<>(){}%]*#[0-9A-Fa-f]{2}[^\s/[\]<>(){}%]*/g, (name) => name.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))));
}

const NAME_END = '(?![A-Za-z0-9#._-])';
const LAUNCH = new RegExp(`/Launch${NAME_END}`);
const JAVASCRIPT = new RegExp(`/(JavaScript|JS)${NAME_END}`);
const EMBEDDED_NAME = /\/(?:UF|F)\s*\(([^()\\]{1,200})\)/g;
const LAUNCH_TARGET = /\/(?:F|Win\s*<<\s*\/F)\s*\(([^()\\]{1,200})\)/;

interface PdfTokens {
  launch: string | null;
  javascript: boolean;
  embeddedNames: string[];
}

function scanPdfText(raw: string, into: PdfTokens): void {
  const text = decodePdfNames(raw);
  const launch = LAUNCH.exec(text);
  if (launch && into.launch === null) into.launch = LAUNCH_TARGET.exec(text.slice(launch.index, launch.index + 600))?.[1] ?? '';
  if (JAVASCRIPT.test(text)) into.javascript = true;
  if (text.includes('/EmbeddedFile') || text.includes('/Filespec')) for (const m of text.matchAll(EMBEDDED_NAME)) into.embeddedNames.push(m[1]!);
}

async function checkPdfFile(path: string, opts: ContentRuleOptions): Promise<ScanFinding | null> {
  const size = (await stat(path)).size;
  if (size <= PDF_DEEP_BYTES) return checkPdfBytes(await readFile(path), opts);
  // Very large PDFs: the raw tokens, chunk by chunk (overlapping, so no token is cut).
  const tokens: PdfTokens = { launch: null, javascript: false, embeddedNames: [] };
  await withFileSource(path, async (src) => {
    for (let at = 0; at < size; at += PDF_CHUNK_BYTES) scanPdfText((await src.read(Math.max(0, at - 1024), PDF_CHUNK_BYTES + 1024)).toString('latin1'), tokens);
  });
  return pdfFinding(tokens, [], opts);
}

/** The PDF rules over the whole file in memory: raw tokens, then every stream inflated. */
function checkPdfBytes(data: Buffer, opts: ContentRuleOptions): ScanFinding | null {
  const tokens: PdfTokens = { launch: null, javascript: false, embeddedNames: [] };
  const raw = data.toString('latin1');
  scanPdfText(raw, tokens);
  // Object streams hide dictionaries and embedded files are stream data: look inside them.
  const programs: string[] = [];
  let inflatedTotal = 0;
  for (const m of raw.matchAll(/(?<!end)stream\r?\n/g)) {
    if (inflatedTotal > MAX_INFLATED_TOTAL) break;
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    const body = data.subarray(start, end);
    let content: Uint8Array = body;
    if (body[0] === 0x78) {
      content = inflateHead(body, MAX_INFLATED_STREAM);
      inflatedTotal += content.length;
    }
    const kind = executableKind(content);
    if (kind) programs.push(kind);
    if (content !== body) scanPdfText(Buffer.from(content.buffer, content.byteOffset, Math.min(content.length, 4 * 1024 * 1024)).toString('latin1'), tokens);
  }
  return pdfFinding(tokens, programs, opts);
}

/** The first `limit` inflated bytes of a zlib stream (damaged tails tolerated, bombs cut off). */
function inflateHead(body: Uint8Array, limit: number): Uint8Array {
  const parts: Uint8Array[] = [];
  let got = 0;
  const STOP = new Error('enough');
  const inflater = new Inflate((chunk) => {
    parts.push(chunk.slice(0, limit - got));
    got += chunk.length;
    if (got >= limit) throw STOP;
  });
  try {
    inflater.push(body.subarray(2), true); // past the zlib header: fflate's Inflate is raw DEFLATE
  } catch {
    // enough read, or damaged data: judge what was inflated
  }
  return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
}

function pdfFinding(tokens: PdfTokens, programs: string[], opts: ContentRuleOptions): ScanFinding | null {
  if (tokens.launch !== null) {
    const target = tokens.launch ? ` (${tokens.launch})` : '';
    return { rule: 'pdf.launch_action', message: `The PDF contains a Launch action that starts a program${target} when it is opened or clicked; Docdesk does not accept it.` };
  }
  if (programs.length) return { rule: 'pdf.embedded_executable', message: `The PDF carries ${programs[0]} inside it; Docdesk does not accept files that carry programs.` };
  for (const name of tokens.embeddedNames) {
    const found = executableFinding('pdf.embedded_executable', 'The PDF has an embedded file', name, null);
    if (found) return found;
  }
  if (tokens.javascript && !opts.allowPdfJavaScript) {
    return { rule: 'pdf.javascript', message: 'The PDF contains JavaScript, which Docdesk does not accept by default; an administrator can allow PDF JavaScript for this account (docdesk account set ID --allow-pdf-javascript on).' };
  }
  return null;
}

// ---- Office (.docx) and ZIP archives --------------------------------------------------

const MACRO_CONTENT_TYPE = /macroEnabled|vbaProject|ms-office\.vbaProject|activeX/i;

async function checkOfficeZip(src: ByteSource, what: string): Promise<ScanFinding | null> {
  let entries: ZipEntry[];
  try {
    entries = await listZipEntries(src);
  } catch {
    return null; // damaged: the reader says so
  }
  if (entries.some((e) => e.encrypted)) return { rule: 'archive.encrypted', message: `${what} contains encrypted parts that cannot be checked; please upload it without a password.` };
  for (const e of entries) {
    const base = e.name.split('/').pop()!.toLowerCase();
    if (base === 'vbaproject.bin' || base === 'vbadata.xml') return { rule: 'office.macro', message: `${what} contains macros (${e.name}); Docdesk does not accept documents with macros. Please save it as a plain .docx or PDF.` };
    if (/(^|\/)activex\//i.test(e.name)) return { rule: 'office.activex', message: `${what} contains ActiveX controls (${e.name}), which can run code; please save it without them.` };
  }
  const types = entries.find((e) => e.name === '[Content_Types].xml');
  if (types) {
    const xml = Buffer.from(await readZipEntry(src, types, MAX_MEMBER_BYTES).catch(() => new Uint8Array())).toString('utf8');
    if (MACRO_CONTENT_TYPE.test(xml)) return { rule: 'office.macro', message: `${what} is declared macro-enabled; Docdesk does not accept documents with macros. Please save it as a plain .docx or PDF.` };
  }
  return checkArchiveMembers(src, entries, `${what} contains the file`, (e) => /(^|\/)embeddings\//i.test(e.name) || EXECUTABLE_EXTENSIONS.has(extensionOf(e.name)));
}

/** Members that are programs by name or by content (embedded OLE packages carry whole files). */
async function checkArchiveMembers(src: ByteSource, entries: ZipEntry[], where: string, readContent: (e: ZipEntry) => boolean): Promise<ScanFinding | null> {
  let read = 0;
  for (const e of entries) {
    if (e.name.endsWith('/')) continue;
    const byName = executableFinding('archive.executable', where, e.name, null);
    if (byName) return byName;
    if (!readContent(e) || read >= MAX_MEMBERS_READ || e.uncompressedSize > MAX_MEMBER_BYTES) continue;
    read++;
    const data = await readZipEntry(src, e, MAX_MEMBER_BYTES).catch(() => null);
    if (!data) continue;
    const kind = executableKind(data) ?? (Buffer.from(data.buffer, data.byteOffset, data.byteLength).includes('This program cannot be run in DOS mode', 0, 'latin1') ? 'a Windows program' : null);
    if (kind) return { rule: 'archive.executable', message: `${where} "${e.name}", which is ${kind}; Docdesk does not accept files that carry programs.` };
  }
  return null;
}

// ---- e-mail ---------------------------------------------------------------------------

interface MailFile {
  name: string;
  data: Buffer;
}

async function emailAttachments(raw: Buffer, format: 'eml' | 'msg'): Promise<MailFile[]> {
  if (format === 'eml') {
    const mail = await simpleParser(raw, { skipHtmlToText: true, skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true });
    return mail.attachments.map((a) => ({ name: a.filename ?? '(unnamed)', data: a.content }));
  }
  assertCfbChainsEnd(raw); // msgreader would loop on a damaged file
  const reader = new MsgReader(new DataView(raw.buffer, raw.byteOffset, raw.byteLength));
  const info = reader.getFileData();
  return (info.attachments ?? []).map((a) => {
    const content = reader.getAttachment(a).content;
    return { name: a.fileName ?? a.name ?? '(unnamed)', data: Buffer.from(content.buffer, content.byteOffset, content.byteLength) };
  });
}

async function checkEmail(raw: Buffer, format: 'eml' | 'msg', opts: ContentRuleOptions): Promise<ScanFinding | null> {
  const files = await emailAttachments(raw, format).catch(() => [] as MailFile[]); // unreadable: the reader says so
  for (const f of files) {
    const where = 'The e-mail has the attachment';
    const found = executableFinding('email.executable_attachment', where, f.name, f.data);
    if (found) return found;
    const head = f.data.subarray(0, 5).toString('latin1');
    if (head.startsWith('PK\x03\x04') || head.startsWith('PK\x05\x06')) {
      const src = bufferSource(f.data);
      const entries = await listZipEntries(src).catch(() => null);
      if (!entries) continue;
      if (entries.some((e) => e.encrypted)) return { rule: 'archive.encrypted', message: `The e-mail's attachment "${f.name}" is a password-protected archive that cannot be checked; please send its documents without a password.` };
      const isOffice = entries.some((e) => e.name === '[Content_Types].xml');
      const inner = isOffice ? await checkOfficeZip(src, `The e-mail's attachment "${f.name}"`) : await checkArchiveMembers(src, entries, `The e-mail's archive "${f.name}" contains the file`, () => true);
      if (inner) return inner;
    }
    if (head === '%PDF-') {
      const inner = checkPdfBytes(f.data, opts);
      if (inner) return { rule: inner.rule, message: `The e-mail's attachment "${f.name}": ${inner.message}` };
    }
  }
  return null;
}
