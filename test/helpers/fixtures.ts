// Generators for real, deterministic test files of every supported format. Each writes one
// file into `dir` and returns its path. Nothing here is mocked: PDFs are written byte by
// byte (with correct xref offsets, optionally RC4-encrypted with the standard security
// handler), images come from sharp or from our own BMP writer, videos from the bundled
// ffmpeg, .msg files from the CFB writer.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import CFB from 'cfb';
import { strToU8, zipSync } from 'fflate';
import sharp from 'sharp';
import { ffmpegBinary } from '../../engine/thumbnail/ffmpeg.js';

// ---------------------------------------------------------------- PDF

export interface PdfOptions {
  pages?: number;
  /** Text of the first page's title; later pages get "Seite n". */
  text?: string;
  /** Encrypt with RC4 40-bit (standard security handler R2) and this user password. */
  encrypted?: boolean;
  userPassword?: string;
  name?: string;
}

/** PDF padding string from the standard security handler (ISO 32000-1, 7.6.3.3). */
const PDF_PAD = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');

export function rc4(key: Uint8Array, data: Uint8Array): Buffer {
  const s = new Uint8Array(256);
  for (let i = 0; i < 256; i++) s[i] = i;
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 0xff;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 0xff;
    j = (j + s[i]!) & 0xff;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[n] = data[n]! ^ s[(s[i]! + s[j]!) & 0xff]!;
  }
  return out;
}

const md5 = (...parts: Uint8Array[]) => {
  const h = createHash('md5');
  for (const p of parts) h.update(p);
  return h.digest();
};
const padPassword = (pw: string) => Buffer.concat([Buffer.from(pw, 'latin1'), PDF_PAD]).subarray(0, 32);

/** Escapes a string for a PDF literal in WinAnsiEncoding (Latin-1 covers äöüß). */
function pdfString(text: string): string {
  const latin1 = Array.from(text, (c) => (c.charCodeAt(0) < 256 ? c : '?')).join('');
  return `(${latin1.replace(/[\\()]/g, (m) => `\\${m}`)})`;
}

function pageContent(index: number, title: string): string {
  // A coloured band and dark text: visibly different pages, measurable pixels.
  const band = index === 0 ? '0.15 0.25 0.55' : '0.55 0.15 0.15';
  const lines = [
    'Rechnungsnummer: RE-2024-0042',
    'Datum: 05.03.2024',
    'Kunde: Müller & Söhne GmbH, Große Straße 1',
    'Betrag: 1.234,56 EUR',
  ];
  const body = lines.map((l, i) => `BT /F1 12 Tf 72 ${640 - i * 22} Td ${pdfString(l)} Tj ET`).join('\n');
  return [
    `${band} rg 56 740 483 50 re f`,
    `1 1 1 rg BT /F1 22 Tf 72 758 Td ${pdfString(index === 0 ? title : `Seite ${index + 1}`)} Tj ET`,
    '0 0 0 rg',
    body,
    '0.2 0.2 0.2 RG 1 w 72 520 m 523 520 l S',
    `0.85 0.85 0.85 rg 72 300 451 180 re f`,
  ].join('\n');
}

export function buildPdf(opts: PdfOptions = {}): Buffer {
  const pages = Math.max(0, opts.pages ?? 1); // 0: a structurally valid PDF without pages
  const title = opts.text ?? 'Rechnung Nr. 42';
  const encrypted = opts.encrypted ?? false;
  const fileId = md5(Buffer.from(`docdesk-fixture-${pages}-${title}`));
  let fileKey: Buffer | null = null;
  let encryptDict = '';
  if (encrypted) {
    const user = padPassword(opts.userPassword ?? 'geheim');
    const owner = padPassword('owner-secret');
    const o = rc4(md5(owner).subarray(0, 5), user);
    const p = -4; // all permissions; bits 1-2 clear as R2 requires
    const pBytes = Buffer.alloc(4);
    pBytes.writeInt32LE(p);
    fileKey = md5(user, o, pBytes, fileId).subarray(0, 5);
    const u = rc4(fileKey, PDF_PAD);
    encryptDict = `<< /Filter /Standard /V 1 /R 2 /O <${o.toString('hex')}> /U <${u.toString('hex')}> /P ${p} >>`;
  }
  const objectKey = (num: number) => {
    const k = Buffer.alloc(5);
    k.writeUIntLE(num, 0, 3);
    return md5(fileKey!, k).subarray(0, 10);
  };

  // Object numbers: 1 catalog, 2 pages, 3 font, then page/content pairs, then encrypt.
  const objects: Buffer[] = [];
  const kids: number[] = [];
  objects[1] = Buffer.from('<< /Type /Catalog /Pages 2 0 R >>');
  objects[3] = Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  for (let i = 0; i < pages; i++) {
    const pageNum = 4 + i * 2;
    const contentNum = pageNum + 1;
    kids.push(pageNum);
    objects[pageNum] = Buffer.from(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contentNum} 0 R >>`,
    );
    let stream: Buffer = Buffer.from(pageContent(i, title), 'latin1');
    if (fileKey) stream = rc4(objectKey(contentNum), stream);
    objects[contentNum] = Buffer.concat([
      Buffer.from(`<< /Length ${stream.length} >>\nstream\n`),
      stream,
      Buffer.from('\nendstream'),
    ]);
  }
  objects[2] = Buffer.from(`<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${pages} >>`);
  const encryptNum = objects.length;
  if (encrypted) objects[encryptNum] = Buffer.from(encryptDict);

  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  for (let n = 1; n < objects.length; n++) {
    const body = Buffer.concat([Buffer.from(`${n} 0 obj\n`), objects[n]!, Buffer.from('\nendobj\n')]);
    offsets[n] = offset;
    parts.push(body);
    offset += body.length;
  }
  const xref = [`xref\n0 ${objects.length}\n`, '0000000000 65535 f \n'];
  for (let n = 1; n < objects.length; n++) xref.push(`${String(offsets[n]).padStart(10, '0')} 00000 n \n`);
  const id = `<${fileId.toString('hex')}>`;
  const trailer =
    `trailer\n<< /Size ${objects.length} /Root 1 0 R /ID [${id} ${id}]${encrypted ? ` /Encrypt ${encryptNum} 0 R` : ''} >>\n` +
    `startxref\n${offset}\n%%EOF\n`;
  parts.push(Buffer.from(xref.join('') + trailer, 'latin1'));
  return Buffer.concat(parts);
}

async function put(dir: string, name: string, data: Uint8Array | string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, data);
  return path;
}

export async function makePdf(dir: string, opts: PdfOptions = {}): Promise<string> {
  const name = opts.name ?? `doc-${opts.pages ?? 1}p${opts.encrypted ? '-encrypted' : ''}.pdf`;
  return put(dir, name, buildPdf(opts));
}

/** A real PDF cut off before its page tree and xref: the tail of an interrupted download. */
export async function makeTruncatedPdf(dir: string, name = 'truncated.pdf'): Promise<string> {
  const pdf = buildPdf({ pages: 2 });
  const cut = pdf.indexOf('4 0 obj');
  return put(dir, name, pdf.subarray(0, cut + 20));
}

// ---------------------------------------------------------------- images

/** 300x150, left half red, right half blue: orientation and colour are checkable. */
function redBlueRaw(width = 300, height = 150): Buffer {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 3;
      if (x < width / 2) raw[o] = 220;
      else raw[o + 2] = 220;
    }
  }
  return raw;
}

const redBlue = (width = 300, height = 150) => sharp(redBlueRaw(width, height), { raw: { width, height, channels: 3 } });

export async function makeJpeg(dir: string, opts: { orientation?: number; name?: string } = {}): Promise<string> {
  let img = redBlue();
  if (opts.orientation) img = img.withMetadata({ orientation: opts.orientation });
  return put(dir, opts.name ?? `photo${opts.orientation ? `-o${opts.orientation}` : ''}.jpg`, await img.jpeg({ quality: 90 }).toBuffer());
}

/** With `transparent`, the right half is fully transparent instead of blue. */
export async function makePng(dir: string, opts: { name?: string; transparent?: boolean } = {}): Promise<string> {
  let data: Buffer;
  if (opts.transparent) {
    const raw = Buffer.alloc(300 * 150 * 4);
    for (let i = 0; i < 300 * 150; i++) if (i % 300 < 150) raw.set([220, 0, 0, 255], i * 4);
    data = await sharp(raw, { raw: { width: 300, height: 150, channels: 4 } }).png().toBuffer();
  } else data = await redBlue().png().toBuffer();
  return put(dir, opts.name ?? (opts.transparent ? 'alpha.png' : 'image.png'), data);
}

/** Page 1 red/blue (300x150), further pages solid green, so "first page" is checkable. */
export async function makeTiff(dir: string, opts: { pages?: number; name?: string } = {}): Promise<string> {
  const pages = Math.max(1, opts.pages ?? 2);
  const first = await redBlue().png().toBuffer();
  const rest = await sharp({ create: { width: 300, height: 150, channels: 3, background: '#00c000' } }).png().toBuffer();
  const frames = [first, ...Array.from({ length: pages - 1 }, () => rest)];
  const tiff = pages === 1 ? await sharp(first).tiff().toBuffer() : await sharp(frames, { join: { animated: true } }).tiff().toBuffer();
  return put(dir, opts.name ?? `scan-${pages}p.tiff`, tiff);
}

export async function makeWebp(dir: string, opts: { name?: string } = {}): Promise<string> {
  return put(dir, opts.name ?? 'image.webp', await redBlue().webp({ quality: 90 }).toBuffer());
}

/** Two frames: red/blue first, then solid green. */
export async function makeGif(dir: string, opts: { name?: string } = {}): Promise<string> {
  const first = await redBlue().png().toBuffer();
  const second = await sharp({ create: { width: 300, height: 150, channels: 3, background: '#00c000' } }).png().toBuffer();
  const gif = await sharp([first, second], { join: { animated: true } }).gif({ delay: [500, 500] }).toBuffer();
  return put(dir, opts.name ?? 'anim.gif', gif);
}

export interface BmpOptions {
  /** 24 (default), 32 (BI_BITFIELDS, V5 header), 8 or 4 (palette), 16 (5-5-5). */
  bits?: 4 | 8 | 16 | 24 | 32;
  topDown?: boolean;
  /** BI_RLE8, which our decoder refuses. */
  rle?: boolean;
  name?: string;
}

/**
 * A BMP written byte by byte, 300x150: a green band over the top 30 rows, below it the left
 * half red and the right half blue, so both axes are checkable.
 */
export function buildBmp(opts: BmpOptions = {}): Buffer {
  const width = 300;
  const height = 150;
  const bits = opts.bits ?? 24;
  const v5 = bits === 32;
  const dib = v5 ? 124 : 40;
  const paletteColors = bits <= 8 ? 1 << bits : 0;
  const stride = Math.floor((bits * width + 31) / 32) * 4;
  const dataOffset = 14 + dib + paletteColors * 4;
  const pixels = Buffer.alloc(stride * height);
  // Palette indexes 1 red, 2 blue, 3 green; the same colours in every other depth.
  const colour = (x: number, y: number) => (y < 30 ? 3 : x < width / 2 ? 1 : 2);
  const rgb: Record<number, [number, number, number]> = { 1: [220, 0, 0], 2: [0, 0, 220], 3: [0, 200, 0] };
  for (let y = 0; y < height; y++) {
    const fileRow = opts.topDown ? y : height - 1 - y;
    const row = pixels.subarray(fileRow * stride, fileRow * stride + stride);
    for (let x = 0; x < width; x++) {
      const c = colour(x, y);
      const [r, g, b] = rgb[c]!;
      if (bits === 24) row.set([b, g, r], x * 3);
      else if (bits === 32) row.writeUInt32LE(((0xff << 24) | (r << 16) | (g << 8) | b) >>> 0, x * 4); // A R G B masks below
      else if (bits === 16) row.writeUInt16LE(((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3), x * 2);
      else if (bits === 8) row[x] = c;
      else if (bits === 4) row[x >> 1] |= c << (x & 1 ? 0 : 4);
    }
  }
  const header = Buffer.alloc(dataOffset);
  header.write('BM', 0, 'latin1');
  header.writeUInt32LE(dataOffset + pixels.length, 2);
  header.writeUInt32LE(dataOffset, 10);
  header.writeUInt32LE(dib, 14);
  header.writeInt32LE(width, 18);
  header.writeInt32LE(opts.topDown ? -height : height, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(bits, 28);
  header.writeUInt32LE(opts.rle ? 1 : v5 ? 3 : 0, 30);
  header.writeUInt32LE(pixels.length, 34);
  header.writeInt32LE(2835, 38); // 72 dpi
  header.writeInt32LE(2835, 42);
  header.writeUInt32LE(paletteColors, 46);
  if (v5) {
    header.writeUInt32LE(0x00ff0000, 54);
    header.writeUInt32LE(0x0000ff00, 58);
    header.writeUInt32LE(0x000000ff, 62);
    header.writeUInt32LE(0xff000000, 66);
    header.write('BGRs', 70, 'latin1'); // LCS_sRGB, stored little-endian
  }
  for (const [index, [r, g, b]] of Object.entries(rgb)) {
    if (Number(index) < paletteColors) header.set([b, g, r, 0], 14 + dib + Number(index) * 4);
  }
  return Buffer.concat([header, pixels]);
}

export async function makeBmp(dir: string, opts: BmpOptions = {}): Promise<string> {
  return put(dir, opts.name ?? `image-${opts.bits ?? 24}${opts.topDown ? '-td' : ''}${opts.rle ? '-rle' : ''}.bmp`, buildBmp(opts));
}

/** A PNG signature and header followed by garbage: detected as PNG, not decodable. */
export async function makeCorruptImage(dir: string, name = 'corrupt.png'): Promise<string> {
  const png = await redBlue().png().toBuffer();
  const broken = Buffer.from(png.subarray(0, 60));
  return put(dir, name, Buffer.concat([broken, deterministicBytes(4000, 7)]));
}

function crc32(data: Uint8Array): number {
  let c = ~0;
  for (const byte of data) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A PNG declaring 20000x20000 pixels (400 megapixels) in a few KiB: a decompression bomb. */
export async function makeImageBomb(dir: string, name = 'bomb.png'): Promise<string> {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(20000, 0);
  ihdr.writeUInt32BE(20000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = deflateSync(Buffer.alloc((20000 * 3 + 1) * 16)); // white-ish start; the rest is never reached
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  return put(dir, name, png);
}

// ---------------------------------------------------------------- Word

export interface DocxOptions {
  heading: string;
  paragraphs: string[];
  /** First row is a header row (drawn bold). */
  table?: string[][];
  /** Bytes of whitespace added inside document.xml (it compresses to almost nothing). */
  padding?: number;
  /** An inline PNG picture (size in points, solid colour) after the heading. */
  picture?: { width: number; height: number; rgb: [number, number, number] };
  /** Tracked-deletion text inside the first paragraph (Word hides it). */
  deletedText?: string;
  /** Paragraphs after an explicit page break: not part of page one. */
  afterPageBreak?: string[];
  /** Raw WordprocessingML (w:, r:, wp: prefixes bound) appended to the body before its sectPr. */
  extraBodyXml?: string;
  name?: string;
}

/** A solid-colour RGB PNG, built synchronously so buildDocx can stay synchronous. */
export function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).fill(Buffer.from(rgb))]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const EMU_PER_POINT = 12_700;

const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

function xmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function buildDocx(opts: DocxOptions): Uint8Array {
  const para = (text: string, style?: string, bold = false) =>
    `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}<w:r>${bold ? '<w:rPr><w:b/></w:rPr>' : ''}<w:t xml:space="preserve">${xmlEscape(text)}</w:t></w:r></w:p>`;
  const body: string[] = [para(opts.heading, 'Heading1')];
  const media: Record<string, Uint8Array> = {};
  let pictureRel = '';
  if (opts.picture) {
    const { width, height, rgb } = opts.picture;
    media['word/media/image1.png'] = solidPng(Math.round(width * 2), Math.round(height * 2), rgb);
    pictureRel = '<Relationship Id="rId5" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/image1.png"/>';
    const cx = Math.round(width * EMU_PER_POINT);
    const cy = Math.round(height * EMU_PER_POINT);
    body.push(
      `<w:p><w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="${cx}" cy="${cy}"/><wp:docPr id="1" name="Bild 1"/>` +
        '<a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">' +
        '<pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="0" name="image1.png"/><pic:cNvPicPr/></pic:nvPicPr>' +
        '<pic:blipFill><a:blip r:embed="rId5"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>' +
        `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr>` +
        '</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>',
    );
  }
  for (const [i, p] of opts.paragraphs.entries()) {
    // The first word bold, the rest plain: runs with different weights in one paragraph.
    const [first, ...rest] = p.split(' ');
    const deleted = i === 0 && opts.deletedText
      ? `<w:del w:id="1" w:author="Prüfer" w:date="2024-03-05T10:00:00Z"><w:r><w:delText xml:space="preserve">${xmlEscape(opts.deletedText)}</w:delText></w:r></w:del>`
      : '';
    body.push(
      `<w:p w:rsidR="00A1B2C3"><w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">${xmlEscape(first ?? '')} </w:t></w:r>${deleted}` +
        `<w:proofErr w:type="spellStart"/><w:r><w:t xml:space="preserve">${xmlEscape(rest.join(' '))}</w:t></w:r><w:proofErr w:type="spellEnd"/></w:p>`,
    );
  }
  if (opts.table && opts.table.length > 0) {
    const cols = Math.max(...opts.table.map((r) => r.length));
    const grid = Array.from({ length: cols }, (_, i) => `<w:gridCol w:w="${i === 0 ? 4000 : 2000}"/>`).join('');
    const rows = opts.table
      .map((r, ri) => `<w:tr>${r.map((c) => `<w:tc><w:tcPr><w:tcW w:w="0" w:type="auto"/></w:tcPr>${para(c, undefined, ri === 0)}</w:tc>`).join('')}</w:tr>`)
      .join('');
    body.push(
      `<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/><w:tblW w:w="0" w:type="auto"/></w:tblPr><w:tblGrid>${grid}</w:tblGrid>${rows}</w:tbl>`,
    );
    body.push(para('Vielen Dank für Ihren Auftrag.'));
  }
  if (opts.afterPageBreak) {
    body.push('<w:p><w:r><w:br w:type="page"/></w:r></w:p>');
    for (const p of opts.afterPageBreak) body.push(para(p));
  }
  if (opts.extraBodyXml) body.push(opts.extraBodyXml);
  if (opts.padding) body.push(`<!--${' '.repeat(opts.padding)}-->`);
  const documentXml =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="${W_NS}" ` +
    `xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ` +
    `xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"><w:body>${body.join('')}` +
    '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1417" w:right="1417" w:bottom="1134" w:left="1417"/></w:sectPr></w:body></w:document>';
  const stylesXml =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:styles xmlns:w="${W_NS}">` +
    '<w:docDefaults><w:rPrDefault><w:rPr><w:sz w:val="22"/></w:rPr></w:rPrDefault></w:docDefaults>' +
    '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>' +
    '<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/>' +
    '<w:pPr><w:outlineLvl w:val="0"/></w:pPr><w:rPr><w:b/><w:sz w:val="36"/></w:rPr></w:style></w:styles>';
  const contentTypes =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/>' +
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
    '<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>';
  const rootRels =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';
  const docRels =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    `<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>${pictureRel}</Relationships>`;
  const mtime = new Date(Date.UTC(2024, 2, 5, 12, 0, 0));
  return zipSync(
    {
      '[Content_Types].xml': strToU8(contentTypes),
      '_rels/.rels': strToU8(rootRels),
      'word/document.xml': strToU8(documentXml),
      'word/styles.xml': strToU8(stylesXml),
      'word/_rels/document.xml.rels': strToU8(docRels),
      ...media,
    },
    { level: 6, mtime },
  );
}

export async function makeDocx(dir: string, opts: DocxOptions): Promise<string> {
  return put(dir, opts.name ?? 'letter.docx', buildDocx(opts));
}

/** A zip that is not a Word document. */
export async function makeZip(dir: string, name = 'archive.zip'): Promise<string> {
  return put(dir, name, zipSync({ 'readme.txt': strToU8('hello') }, { mtime: new Date(Date.UTC(2024, 0, 1)) }));
}

// ---------------------------------------------------------------- e-mail

export interface EmlOptions {
  attachPdf?: boolean;
  subject?: string;
  body?: string;
  name?: string;
}

function base64Lines(data: Uint8Array): string {
  return (Buffer.from(data).toString('base64').match(/.{1,76}/g) ?? []).join('\r\n');
}

export function buildEml(opts: EmlOptions = {}): Buffer {
  const subject = opts.subject ?? 'Rechnung RE-2024-0042';
  const body = opts.body ?? 'Sehr geehrte Damen und Herren,\n\nanbei erhalten Sie unsere Rechnung über 1.234,56 EUR.\n\nMit freundlichen Grüßen\nMüller & Söhne GmbH';
  const headers = [
    'Return-Path: <buchhaltung@mueller-soehne.example>',
    'Received: from mail.mueller-soehne.example (mail.mueller-soehne.example [192.0.2.10])',
    '\tby mx.docdesk.example with ESMTPS; Tue, 05 Mar 2024 10:15:00 +0100',
    'From: =?UTF-8?Q?M=C3=BCller_&_S=C3=B6hne?= <buchhaltung@mueller-soehne.example>',
    'To: Eingangsrechnungen <rechnungen@kunde.example>',
    `Subject: =?UTF-8?B?${Buffer.from(subject).toString('base64')}?=`,
    'Date: Tue, 05 Mar 2024 10:14:58 +0100',
    'Message-ID: <fixture-0042@mueller-soehne.example>',
    'MIME-Version: 1.0',
  ];
  const text = Buffer.from(body.replace(/\n/g, '\r\n'), 'utf8').toString('base64');
  if (!opts.attachPdf) {
    return Buffer.from(
      [...headers, 'Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: base64', '', text, ''].join('\r\n'),
    );
  }
  const boundary = '----=_Part_0042_fixture';
  return Buffer.from(
    [
      ...headers,
      `Content-Type: multipart/mixed; boundary="${boundary}"`,
      '',
      'This is a multi-part message in MIME format.',
      `--${boundary}`,
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      text,
      `--${boundary}`,
      'Content-Type: application/octet-stream; name="scan0042.dat"',
      'Content-Disposition: attachment; filename="scan0042.dat"',
      'Content-Transfer-Encoding: base64',
      '',
      base64Lines(buildPdf({ pages: 1 })),
      `--${boundary}--`,
      '',
    ].join('\r\n'),
  );
}

/** A well-formed e-mail just over the 64 MiB container limit (a huge plain-text body). */
export async function makeOversizedEml(dir: string, name = 'huge.eml'): Promise<string> {
  const line = 'Diese Zeile macht die Nachricht groß, damit sie das Limit überschreitet.\r\n';
  const head = buildEml({ body: 'x' }).toString('latin1').split('\r\n\r\n')[0]!.replace('base64', '8bit');
  return put(dir, name, Buffer.from(`${head}\r\n\r\n${line.repeat(Math.ceil((64 * 1024 * 1024 + 1024) / line.length))}`, 'utf8'));
}

export async function makeEml(dir: string, opts: EmlOptions = {}): Promise<string> {
  return put(dir, opts.name ?? (opts.attachPdf ? 'mail-with-pdf.eml' : 'mail.eml'), buildEml(opts));
}

/** One attachment of a generated e-mail. */
export interface MailAttachment {
  filename: string;
  data: Uint8Array;
  /** Declared type; default application/octet-stream (readers must look at the content). */
  contentType?: string;
  /** Content-ID: the part is placed in multipart/related next to the HTML body. */
  cid?: string;
}

export interface RichEmlOptions {
  subject?: string;
  /** text/plain body; leave it out for an HTML-only message. */
  text?: string;
  /** text/html body; show inline parts with <img src="cid:…">. */
  html?: string;
  attachments?: MailAttachment[];
  name?: string;
}

/**
 * A MIME message of the shape mail clients send: multipart/mixed holding the body
 * (text, HTML, or both as multipart/alternative; HTML with its cid: pictures inside
 * multipart/related) followed by the attachments, all base64.
 */
export function buildRichEml(opts: RichEmlOptions): Buffer {
  const subject = opts.subject ?? 'Rechnungen März 2024';
  const atts = opts.attachments ?? [];
  const inline = atts.filter((a) => a.cid);
  const attached = atts.filter((a) => !a.cid);
  let n = 0;
  const boundary = (kind: string) => `----=_${kind}_${++n}_fixture`;
  const b64 = (data: Uint8Array | string) => base64Lines(typeof data === 'string' ? Buffer.from(data, 'utf8') : data);
  const leaf = (type: string, body: Uint8Array | string, extra: string[] = []) =>
    [`Content-Type: ${type}`, 'Content-Transfer-Encoding: base64', ...extra, '', b64(body)].join('\r\n');
  const multipart = (type: string, parts: string[]) => {
    const b = boundary(type.replace(/\W/g, ''));
    return [`Content-Type: multipart/${type}; boundary="${b}"`, '', ...parts.map((p) => `--${b}\r\n${p}`), `--${b}--`, ''].join('\r\n');
  };
  const part = (a: MailAttachment, disposition: 'inline' | 'attachment') =>
    leaf(`${a.contentType ?? 'application/octet-stream'}; name="${a.filename}"`, a.data, [
      `Content-Disposition: ${disposition}; filename="${a.filename}"`,
      ...(a.cid ? [`Content-ID: <${a.cid}>`] : []),
    ]);
  let htmlPart = opts.html !== undefined ? leaf('text/html; charset=utf-8', opts.html) : null;
  if (htmlPart && inline.length > 0) htmlPart = multipart('related', [htmlPart, ...inline.map((a) => part(a, 'inline'))]);
  const textPart = opts.text !== undefined ? leaf('text/plain; charset=utf-8', opts.text.replace(/\n/g, '\r\n')) : null;
  const bodyPart = textPart && htmlPart ? multipart('alternative', [textPart, htmlPart]) : (htmlPart ?? textPart ?? leaf('text/plain; charset=utf-8', ''));
  const top = attached.length > 0 ? multipart('mixed', [bodyPart, ...attached.map((a) => part(a, 'attachment'))]) : bodyPart;
  const headers = [
    'From: Buchhaltung <buchhaltung@mueller-soehne.example>',
    'To: Eingangsrechnungen <rechnungen@kunde.example>',
    'Cc: Einkauf <einkauf@kunde.example>',
    `Subject: =?UTF-8?B?${Buffer.from(subject).toString('base64')}?=`,
    'Date: Tue, 05 Mar 2024 10:14:58 +0100',
    'Message-ID: <rich-fixture@mueller-soehne.example>',
    'MIME-Version: 1.0',
  ];
  return Buffer.from(`${headers.join('\r\n')}\r\n${top}`, 'utf8');
}

export async function makeRichEml(dir: string, opts: RichEmlOptions): Promise<string> {
  return put(dir, opts.name ?? 'rich.eml', buildRichEml(opts));
}

export interface MsgAttachment {
  filename: string;
  data: Uint8Array;
  mime?: string;
  /** PR_ATTACH_CONTENT_ID: the HTML body shows it with <img src="cid:…">. */
  cid?: string;
  /** PR_ATTACHMENT_HIDDEN, as Outlook marks pictures of the body. */
  hidden?: boolean;
}

export interface MsgOptions {
  subject?: string;
  /** Plain body (PR_BODY); '' with `html` for an HTML-only message. */
  body?: string;
  /** HTML body (PR_HTML, UTF-8 bytes). */
  html?: string;
  attachPdf?: boolean;
  /** Further attachments after the PDF. */
  attachments?: MsgAttachment[];
  /** An Outlook message attached to this one (an embedded message storage). */
  embeddedMessage?: { subject: string; body: string };
  name?: string;
}

/** A property stream entry: tag, flags (readable|writable), 8 value bytes. */
function propEntry(tag: number, value: Buffer): Buffer {
  const e = Buffer.alloc(16);
  e.writeUInt32LE(tag >>> 0, 0);
  e.writeUInt32LE(6, 4);
  value.copy(e, 8, 0, 8);
  return e;
}

const utf16z = (s: string) => Buffer.concat([Buffer.from(s, 'utf16le'), Buffer.alloc(2)]);
/** Variable-length properties list their byte size (including the terminator) in the entry. */
const sizeValue = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeUInt32LE(n, 0);
  return b;
};

/** An Outlook .msg ([MS-OXMSG]) with subject, sender, one recipient, body, optional PDF. */
export function buildMsg(opts: MsgOptions = {}): Buffer {
  const subject = opts.subject ?? 'Rechnung RE-2024-0043 (Outlook)';
  const body = opts.body ?? 'Guten Tag,\r\n\r\nim Anhang finden Sie die Rechnung.\r\n\r\nViele Grüße\r\nSchäfer Büroservice';
  const cfb = CFB.utils.cfb_new();
  const add = (path: string, data: Buffer) => CFB.utils.cfb_add(cfb, path, data);
  const strings: Array<[number, string]> = [
    [0x0037, subject],
    [0x1000, body],
    [0x0c1a, 'Schäfer Büroservice'],
    [0x0c1f, 'rechnung@schaefer-bueroservice.example'],
    [0x0e04, 'Eingangsrechnungen'],
    [0x001a, 'IPM.Note'],
  ];
  const rootProps: Buffer[] = [];
  for (const [id, value] of strings) {
    const data = utf16z(value);
    add(`/__substg1.0_${id.toString(16).toUpperCase().padStart(4, '0')}001F`, data);
    rootProps.push(propEntry((id << 16) | 0x001f, sizeValue(data.length)));
  }
  // PR_MESSAGE_DELIVERY_TIME as FILETIME: 2024-03-05 09:30:00 UTC.
  const filetime = Buffer.alloc(8);
  filetime.writeBigUInt64LE((BigInt(Date.UTC(2024, 2, 5, 9, 30, 0)) + 11644473600000n) * 10000n);
  rootProps.push(propEntry((0x0e06 << 16) | 0x0040, filetime));
  if (opts.html !== undefined) {
    const html = Buffer.from(opts.html, 'utf8');
    add('/__substg1.0_10130102', html);
    rootProps.push(propEntry((0x1013 << 16) | 0x0102, sizeValue(html.length)));
  }
  const files: MsgAttachment[] = [
    ...(opts.attachPdf ? [{ filename: 'rechnung.pdf', data: buildPdf({ pages: 1, text: 'Outlook-Anhang' }), mime: 'application/pdf' }] : []),
    ...(opts.attachments ?? []),
  ];
  const attachments = files.length + (opts.embeddedMessage ? 1 : 0);
  const rootHeader = Buffer.alloc(32);
  rootHeader.writeUInt32LE(1, 8); // next recipient id
  rootHeader.writeUInt32LE(attachments, 12); // next attachment id
  rootHeader.writeUInt32LE(1, 16); // recipient count
  rootHeader.writeUInt32LE(attachments, 20); // attachment count
  add('/__properties_version1.0', Buffer.concat([rootHeader, ...rootProps]));

  const recip = '/__recip_version1.0_#00000000';
  const recipName = utf16z('Eingangsrechnungen');
  const recipSmtp = utf16z('rechnungen@kunde.example');
  add(`${recip}/__substg1.0_3001001F`, recipName);
  add(`${recip}/__substg1.0_39FE001F`, recipSmtp);
  const recipType = Buffer.alloc(8);
  recipType.writeUInt32LE(1, 0); // MAPI_TO
  add(
    `${recip}/__properties_version1.0`,
    Buffer.concat([
      Buffer.alloc(8),
      propEntry((0x0c15 << 16) | 0x0003, recipType),
      propEntry((0x3001 << 16) | 0x001f, sizeValue(recipName.length)),
      propEntry((0x39fe << 16) | 0x001f, sizeValue(recipSmtp.length)),
    ]),
  );

  const attachPath = (i: number) => `/__attach_version1.0_#${i.toString(16).toUpperCase().padStart(8, '0')}`;
  for (const [i, file] of files.entries()) {
    const att = attachPath(i);
    const data = Buffer.from(file.data);
    const fileName = utf16z(file.filename);
    const mime = utf16z(file.mime ?? 'application/octet-stream');
    add(`${att}/__substg1.0_37010102`, data);
    add(`${att}/__substg1.0_3707001F`, fileName);
    add(`${att}/__substg1.0_370E001F`, mime);
    const method = Buffer.alloc(8);
    method.writeUInt32LE(1, 0); // ATTACH_BY_VALUE
    const props = [
      propEntry((0x3705 << 16) | 0x0003, method),
      propEntry((0x3701 << 16) | 0x0102, sizeValue(data.length)),
      propEntry((0x3707 << 16) | 0x001f, sizeValue(fileName.length)),
      propEntry((0x370e << 16) | 0x001f, sizeValue(mime.length)),
    ];
    if (file.cid) {
      const cid = utf16z(file.cid);
      add(`${att}/__substg1.0_3712001F`, cid);
      props.push(propEntry((0x3712 << 16) | 0x001f, sizeValue(cid.length)));
    }
    if (file.hidden) {
      const yes = Buffer.alloc(8);
      yes.writeUInt32LE(1, 0);
      props.push(propEntry((0x7ffe << 16) | 0x000b, yes));
    }
    add(`${att}/__properties_version1.0`, Buffer.concat([Buffer.alloc(8), ...props]));
  }
  if (opts.embeddedMessage) {
    const att = attachPath(files.length);
    const inner = `${att}/__substg1.0_3701000D`;
    const name = utf16z(`${opts.embeddedMessage.subject}.msg`);
    add(`${att}/__substg1.0_3001001F`, name);
    const method = Buffer.alloc(8);
    method.writeUInt32LE(5, 0); // ATTACH_EMBEDDED_MSG
    add(`${att}/__properties_version1.0`, Buffer.concat([Buffer.alloc(8), propEntry((0x3705 << 16) | 0x0003, method), propEntry((0x3001 << 16) | 0x001f, sizeValue(name.length))]));
    const innerSubject = utf16z(opts.embeddedMessage.subject);
    const innerBody = utf16z(opts.embeddedMessage.body);
    add(`${inner}/__substg1.0_0037001F`, innerSubject);
    add(`${inner}/__substg1.0_1000001F`, innerBody);
    add(`${inner}/__substg1.0_001A001F`, utf16z('IPM.Note'));
    add(
      `${inner}/__properties_version1.0`,
      Buffer.concat([
        Buffer.alloc(24), // embedded messages have a 24-byte header
        propEntry((0x0037 << 16) | 0x001f, sizeValue(innerSubject.length)),
        propEntry((0x1000 << 16) | 0x001f, sizeValue(innerBody.length)),
        propEntry((0x001a << 16) | 0x001f, sizeValue(utf16z('IPM.Note').length)),
      ]),
    );
  }
  // Named-property mapping streams; empty, but readers expect the storage.
  add('/__nameid_version1.0/__substg1.0_00020102', Buffer.alloc(0));
  add('/__nameid_version1.0/__substg1.0_00030102', Buffer.alloc(0));
  add('/__nameid_version1.0/__substg1.0_00040102', Buffer.alloc(0));
  return Buffer.from(CFB.write(cfb, { type: 'buffer' }) as Uint8Array);
}

export async function makeMsg(dir: string, opts: MsgOptions = {}): Promise<string> {
  return put(dir, opts.name ?? (opts.attachPdf ? 'outlook-with-pdf.msg' : 'outlook.msg'), buildMsg(opts));
}

/** A compound file that is a legacy Word document, not a message. */
export async function makeLegacyDoc(dir: string, name = 'legacy.doc'): Promise<string> {
  const cfb = CFB.utils.cfb_new();
  CFB.utils.cfb_add(cfb, '/WordDocument', Buffer.alloc(4096, 1));
  CFB.utils.cfb_add(cfb, '/1Table', Buffer.alloc(1024, 2));
  return put(dir, name, Buffer.from(CFB.write(cfb, { type: 'buffer' }) as Uint8Array));
}

// ---------------------------------------------------------------- XML

export function buildXml(kind: 'ubl' | 'plain'): string {
  if (kind === 'plain') {
    const items = Array.from({ length: 30 }, (_, i) =>
      `  <artikel nr="${1000 + i}">\n    <bezeichnung>Büroklammer Größe ${i + 1}</bezeichnung>\n    <preis waehrung="EUR">${(0.5 + i * 0.25).toFixed(2)}</preis>\n  </artikel>`,
    ).join('\n');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<!-- Lagerbestand -->\n<katalog stand="2024-03-05">\n${items}\n</katalog>\n`;
  }
  const lines = Array.from({ length: 12 }, (_, i) =>
    `  <cac:InvoiceLine><cbc:ID>${i + 1}</cbc:ID><cbc:InvoicedQuantity unitCode="H87">${i + 2}</cbc:InvoicedQuantity>` +
      `<cbc:LineExtensionAmount currencyID="EUR">${(10 * (i + 1)).toFixed(2)}</cbc:LineExtensionAmount>` +
      `<cac:Item><cbc:Name>Position ${i + 1} – Prüfdienst</cbc:Name></cac:Item></cac:InvoiceLine>`,
  ).join('\n');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" ' +
    'xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" ' +
    'xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">\n' +
    '  <cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0</cbc:CustomizationID>\n' +
    '  <cbc:ID>RE-2024-0042</cbc:ID>\n  <cbc:IssueDate>2024-03-05</cbc:IssueDate>\n' +
    '  <cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>\n  <cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>\n' +
    '  <cac:AccountingSupplierParty><cac:Party><cac:PartyName><cbc:Name>Müller &amp; Söhne GmbH</cbc:Name></cac:PartyName></cac:Party></cac:AccountingSupplierParty>\n' +
    `${lines}\n</Invoice>\n`
  );
}

export async function makeXml(dir: string, opts: { kind: 'ubl' | 'plain'; name?: string }): Promise<string> {
  return put(dir, opts.name ?? `${opts.kind}.xml`, buildXml(opts.kind));
}

/** Internal-subset entities (a "billion laughs" seed): must be refused, not expanded. */
export async function makeXmlWithDoctype(dir: string, name = 'doctype.xml'): Promise<string> {
  return put(
    dir,
    name,
    '<?xml version="1.0"?>\n<!DOCTYPE lolz [\n <!ENTITY lol "lol">\n <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">\n]>\n<lolz>&lol2;</lolz>\n',
  );
}

/** A well-formed XML file just over 5 MiB. */
export async function makeLargeXml(dir: string, name = 'large.xml'): Promise<string> {
  const row = '  <zeile>Dies ist eine Zeile mit etwas Text, um die Datei groß zu machen.</zeile>\n';
  const count = Math.ceil((5 * 1024 * 1024 + 1024) / Buffer.byteLength(row));
  return put(dir, name, `<?xml version="1.0" encoding="UTF-8"?>\n<gross>\n${row.repeat(count)}</gross>\n`);
}

export async function makeMalformedXml(dir: string, name = 'malformed.xml'): Promise<string> {
  return put(dir, name, '<?xml version="1.0"?>\n<rechnung>\n  <betrag>12,00</betrag>\n  <kunde>Offen\n</rechnung>\n');
}

// ---------------------------------------------------------------- video

export type VideoContainer = 'mp4' | 'mov' | 'webm' | 'mkv' | 'avi';

export interface VideoOptions {
  /** Seconds of pure black before the test pattern starts. */
  blackFirstSeconds?: number;
  /** Seconds of test pattern. */
  patternSeconds?: number;
  container?: VideoContainer;
  name?: string;
  /** Frames between key frames (default 25, one a second); when set, no extra key frame at scene cuts. */
  keyFrameInterval?: number;
}

async function ffmpeg(args: string[]): Promise<void> {
  const bin = await ffmpegBinary();
  await new Promise<void>((resolve, reject) => {
    // bitexact: no random Matroska segment UID, no dates or version strings in the output.
    const child = spawn(bin, ['-hide_banner', '-nostdin', '-v', 'error', '-y', ...args.slice(0, -1), '-fflags', '+bitexact', args[args.length - 1]!], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg failed (${code}): ${err}`))));
  });
}

/** Codec and muxer per container; the muxer is explicit so file names stay free. */
const VIDEO_CODEC: Record<VideoContainer, string[]> = {
  mp4: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-f', 'mp4'],
  mov: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-f', 'mov'],
  mkv: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-f', 'matroska'],
  webm: ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '400k', '-f', 'webm'],
  avi: ['-c:v', 'mpeg4', '-q:v', '5', '-f', 'avi'],
};

/** 320x240 at 25 fps: `blackFirstSeconds` of black, then the colourful ffmpeg test pattern. */
export async function makeVideo(dir: string, opts: VideoOptions = {}): Promise<string> {
  const container = opts.container ?? 'mp4';
  const black = opts.blackFirstSeconds ?? 1;
  const pattern = opts.patternSeconds ?? 2;
  const path = join(dir, opts.name ?? `clip-${black}s-black.${container}`);
  const inputs = ['-f', 'lavfi', '-i', `testsrc=size=320x240:rate=25:duration=${pattern}`];
  let graph = '[0:v]null[v]';
  if (black > 0) {
    inputs.unshift('-f', 'lavfi', '-i', `color=c=black:size=320x240:rate=25:duration=${black}`);
    graph = '[0:v][1:v]concat=n=2:v=1:a=0[v]';
  }
  await ffmpeg([...inputs, '-filter_complex', graph, '-map', '[v]', '-threads', '1', '-g', String(opts.keyFrameInterval ?? 25), ...(opts.keyFrameInterval ? ['-sc_threshold', '0'] : []), ...VIDEO_CODEC[container], path]);
  return path;
}

/** One 8000x4200 frame (33.6 megapixels): just over the spec's decoded-frame limit. */
export async function makeOversizedVideo(dir: string, name = 'over-8k.mp4'): Promise<string> {
  const path = join(dir, name);
  await ffmpeg(['-f', 'lavfi', '-i', 'color=c=gray:size=8000x4200:rate=25:duration=0.04', '-frames:v', '1', ...VIDEO_CODEC.mp4, path]);
  return path;
}

/** An MP4 with an audio track only: no picture to show. */
export async function makeAudioOnlyMp4(dir: string, name = 'audio-only.mp4'): Promise<string> {
  const path = join(dir, name);
  await ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-c:a', 'aac', '-threads', '1', '-f', 'mp4', path]);
  return path;
}

// ---------------------------------------------------------------- other

/** An ISO base media `ftyp` box (MP4, HEIC): major brand, minor version, compatible brands. */
export function ftypBox(major: string, compatible: string[], minorVersion = 0): Buffer {
  const box = Buffer.alloc(16 + 4 * compatible.length);
  box.writeUInt32BE(box.length, 0);
  box.write(`ftyp${major}`, 4, 'latin1');
  box.writeUInt32BE(minorVersion, 12);
  compatible.forEach((brand, i) => box.write(brand, 16 + 4 * i, 'latin1'));
  return box;
}

/** Deterministic pseudo-random bytes (xorshift), never a valid signature. */
export function deterministicBytes(length: number, seed = 1): Buffer {
  const out = Buffer.alloc(length);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    out[i] = x & 0xff;
  }
  // Make sure no magic number appears at the start by accident.
  out[0] = 0x07;
  return out;
}

/** Random bytes with a .pdf name: detection must not trust the name. */
export async function makeUnsupported(dir: string, name = 'random.pdf'): Promise<string> {
  return put(dir, name, deterministicBytes(8192, 42));
}

export async function makeEmpty(dir: string, name = 'empty.pdf'): Promise<string> {
  return put(dir, name, Buffer.alloc(0));
}
