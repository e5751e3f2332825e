// PDFs for the PDF reader's tests, written object by object with correct cross-reference
// offsets (unless a test wants them broken): two-column text, a table, scans (JPEG image
// XObjects), an OCR-style invisible text layer, undecodable text, a huge page, many pages,
// rotated pages and embedded files. Page content is plain PDF operators, so what a page
// shows is visible in the test that builds it.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

export interface FixtureImage {
  /** Resource name, used as `/Name Do` in the content. */
  name: string;
  width: number;
  height: number;
  /** JPEG bytes (DCTDecode) or raw 8-bit gray/RGB samples (FlateDecode). */
  jpeg?: Buffer;
  raw?: Buffer;
  channels?: 1 | 3;
}

export interface FixturePage {
  /** Points; default A4 (595 × 842). */
  width?: number;
  height?: number;
  rotate?: number;
  /** The content stream (PDF operators). Fonts: /F1 Helvetica, /F2 Helvetica-Bold (WinAnsi), /F3 see `extraFont`. */
  content: string;
  images?: FixtureImage[];
}

export interface FixtureAttachment {
  filename: string;
  data: Buffer;
  /** MIME type written to the EmbeddedFile /Subtype. */
  mime?: string;
}

export interface FixtureOptions {
  pages: FixturePage[];
  attachments?: FixtureAttachment[];
  /** A font dictionary body for /F3 (e.g. a font without a Unicode mapping). Its streams go in `extraObjects`. */
  extraFont?: (ref: (index: number) => string) => string;
  /** Additional raw objects (stream objects included) referenced by `extraFont` as ref(0), ref(1), ... */
  extraObjects?: Buffer[];
  /** Compress content streams with FlateDecode (default true). */
  compress?: boolean;
  /** Write wrong offsets into the cross-reference table (pdf.js must rebuild it). */
  brokenXref?: boolean;
}

const latin1 = (s: string) => Buffer.from(s, 'latin1');

/** A PDF literal string in WinAnsiEncoding (Latin-1 covers äöüß). */
export function pdfText(text: string): string {
  const bytes = Array.from(text, (c) => (c.charCodeAt(0) < 256 ? c : '?')).join('');
  return `(${bytes.replace(/[\\()]/g, (m) => `\\${m}`)})`;
}

function stream(dict: string, data: Buffer, compress: boolean): Buffer {
  const body = compress ? deflateSync(data) : data;
  const filter = compress ? ' /Filter /FlateDecode' : '';
  return Buffer.concat([latin1(`<< ${dict}${filter} /Length ${body.length} >>\nstream\n`), body, latin1('\nendstream')]);
}

/** Writes a complete PDF. Objects: 1 catalog, 2 page tree, 3-4 fonts, then everything else. */
export function buildFixturePdf(opts: FixtureOptions): Buffer {
  const compress = opts.compress ?? true;
  const objects: Buffer[] = [];
  const add = (body: Buffer | string) => {
    objects.push(typeof body === 'string' ? latin1(body) : body);
    return objects.length; // object number
  };
  const catalogNum = add(''); // filled in below
  const pagesNum = add('');
  const f1 = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const f2 = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  let f3: number | null = null;
  if (opts.extraFont) {
    const extraNums = (opts.extraObjects ?? []).map((o) => add(o));
    f3 = add(opts.extraFont((i) => `${extraNums[i]} 0 R`));
  }
  const kids: number[] = [];
  for (const page of opts.pages) {
    const xobjects: string[] = [];
    for (const img of page.images ?? []) {
      const cs = (img.channels ?? 3) === 1 ? '/DeviceGray' : '/DeviceRGB';
      const dict = `/Type /XObject /Subtype /Image /Width ${img.width} /Height ${img.height} /ColorSpace ${cs} /BitsPerComponent 8`;
      const num = img.jpeg
        ? add(Buffer.concat([latin1(`<< ${dict} /Filter /DCTDecode /Length ${img.jpeg.length} >>\nstream\n`), img.jpeg, latin1('\nendstream')]))
        : add(stream(dict, img.raw!, true));
      xobjects.push(`/${img.name} ${num} 0 R`);
    }
    const contentNum = add(stream('', latin1(page.content), compress));
    const fonts = `/F1 ${f1} 0 R /F2 ${f2} 0 R${f3 ? ` /F3 ${f3} 0 R` : ''}`;
    const resources = `<< /Font << ${fonts} >>${xobjects.length ? ` /XObject << ${xobjects.join(' ')} >>` : ''} >>`;
    const rotate = page.rotate ? ` /Rotate ${page.rotate}` : '';
    kids.push(
      add(`<< /Type /Page /Parent ${pagesNum} 0 R /MediaBox [0 0 ${page.width ?? 595} ${page.height ?? 842}]${rotate} /Resources ${resources} /Contents ${contentNum} 0 R >>`),
    );
  }
  let names = '';
  const af: string[] = [];
  if (opts.attachments?.length) {
    const entries: string[] = [];
    for (const att of [...opts.attachments].sort((a, b) => (a.filename < b.filename ? -1 : 1))) {
      const subtype = att.mime ? ` /Subtype /${att.mime.replace('/', '#2F')}` : '';
      const ef = add(stream(`/Type /EmbeddedFile${subtype} /Params << /Size ${att.data.length} >>`, att.data, true));
      const spec = add(`<< /Type /Filespec /F ${pdfText(att.filename)} /UF ${pdfText(att.filename)} /EF << /F ${ef} 0 R /UF ${ef} 0 R >> /AFRelationship /Alternative /Desc (${att.filename}) >>`);
      entries.push(`${pdfText(att.filename)} ${spec} 0 R`);
      af.push(`${spec} 0 R`);
    }
    names = ` /Names << /EmbeddedFiles << /Names [${entries.join(' ')}] >> >> /AF [${af.join(' ')}]`;
  }
  objects[catalogNum - 1] = latin1(`<< /Type /Catalog /Pages ${pagesNum} 0 R${names} >>`);
  objects[pagesNum - 1] = latin1(`<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`);

  const parts: Buffer[] = [latin1('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    const obj = Buffer.concat([latin1(`${i + 1} 0 obj\n`), body, latin1('\nendobj\n')]);
    offsets.push(offset);
    parts.push(obj);
    offset += obj.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n`, '0000000000 65535 f \n'];
  // Broken: every offset points 37 bytes too far, into the middle of another object.
  for (const o of offsets) xref.push(`${String(opts.brokenXref ? o + 37 : o).padStart(10, '0')} 00000 n \n`);
  parts.push(latin1(`${xref.join('')}trailer\n<< /Size ${objects.length + 1} /Root ${catalogNum} 0 R >>\nstartxref\n${offset}\n%%EOF\n`));
  return Buffer.concat(parts);
}

async function put(dir: string, name: string, data: Buffer): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, data);
  return path;
}

/** One line of text at (x, y) in font /F1 (or `font`) at `size` points. */
export function textLine(x: number, y: number, text: string, size = 10, font = 'F1'): string {
  return `BT /${font} ${size} Tf ${x} ${y} Td ${pdfText(text)} Tj ET`;
}

// ---------------------------------------------------------------- ready-made documents

const PROSE = (
  'Die Abrechnung umfasst den gesamten Lieferzeitraum und berücksichtigt alle Zählerstände, ' +
  'die uns vom Netzbetreiber übermittelt wurden. Bitte prüfen Sie die Angaben sorgfältig und ' +
  'melden Sie sich bei Fragen zu Größe, Straße oder Gebühr gerne bei unserem Kundenservice. ' +
  'Ihre Abschläge werden mit dem Rechnungsbetrag verrechnet und ein Guthaben wird erstattet.'
).split(' ');

/** Wraps words into lines of at most `chars` characters. */
function wrap(words: string[], chars: number, lines: number): string[] {
  const out: string[] = [];
  let cur = '';
  let i = 0;
  while (out.length < lines) {
    const w = words[i++ % words.length]!;
    if (cur && cur.length + 1 + w.length > chars) {
      out.push(cur);
      cur = w;
    } else cur = cur ? `${cur} ${w}` : w;
  }
  return out;
}

/**
 * A heading across the page, then two columns of running text (left lines start with
 * "L01".."L18", right lines with "R01".."R18", on the same baselines), then a footer.
 */
export function twoColumnPdf(): Buffer {
  const left = wrap(PROSE, 40, 18).map((l, i) => `L${String(i + 1).padStart(2, '0')} ${l}`);
  const right = wrap([...PROSE].reverse(), 40, 18).map((l, i) => `R${String(i + 1).padStart(2, '0')} ${l}`);
  const ops = [textLine(56, 780, 'Kundeninformation zur Jahresabrechnung 2024', 16, 'F2')];
  left.forEach((l, i) => ops.push(textLine(56, 740 - i * 13, l, 9)));
  right.forEach((l, i) => ops.push(textLine(312, 740 - i * 13, l, 9)));
  ops.push(textLine(56, 60, 'Seite 1 von 1 - Stadtwerke Musterstadt GmbH - Hauptstraße 1 - 12345 Musterstadt', 8));
  return buildFixturePdf({ pages: [{ content: ops.join('\n') }] });
}

export const TABLE_ROWS: Array<[string, string, string, string, string]> = [
  ['1', 'Büroklammern Größe 3', '10', '1,25', '12,50'],
  ['2', 'Gebühr für Straßenreinigung', '1', '48,00', '48,00'],
  ['3', 'Ordner breit blau', '4', '2,99', '11,96'],
  ['4', 'Druckerpapier A4 500 Blatt', '5', '4,49', '22,45'],
  ['5', 'Versandkostenpauschale', '1', '5,90', '5,90'],
];

/** An invoice table: a header row and TABLE_ROWS in five columns, with a sender block above. */
export function tablePdf(): Buffer {
  const cols = [56, 90, 330, 400, 480];
  const ops = [
    textLine(56, 790, 'Müller & Söhne GmbH - Große Straße 1 - 80331 München', 8),
    textLine(56, 740, 'Rechnung Nr. RE-2024-0042', 14, 'F2'),
    textLine(56, 720, 'Rechnungsdatum: 05.03.2024', 10),
  ];
  ['Pos.', 'Beschreibung', 'Menge', 'Einzelpreis', 'Gesamt'].forEach((h, c) => ops.push(textLine(cols[c]!, 680, h, 10, 'F2')));
  TABLE_ROWS.forEach((row, r) => row.forEach((cell, c) => ops.push(textLine(cols[c]!, 660 - r * 16, cell, 10))));
  ops.push(textLine(330, 560, 'Summe netto', 10), textLine(480, 560, '100,81', 10));
  return buildFixturePdf({ pages: [{ content: ops.join('\n') }] });
}

/** A gray "scanned" page: light paper with dark bars where text lines would be. */
export async function scanJpeg(width = 620, height = 877): Promise<Buffer> {
  const raw = Buffer.alloc(width * height, 235);
  for (let line = 0; line < 30; line++) {
    const y0 = 80 + line * 24;
    if (y0 + 8 >= height - 40) break;
    const len = 200 + ((line * 97) % 280);
    for (let y = y0; y < y0 + 8; y++) raw.fill(40, y * width + 60, y * width + 60 + len);
  }
  return sharp(raw, { raw: { width, height, channels: 1 } }).toColourspace('b-w').jpeg({ quality: 80 }).toBuffer();
}

/** Paints image /Im1 over the whole A4 page. */
const FULL_PAGE_IMAGE = 'q 595 0 0 842 0 0 cm /Im1 Do Q';

export interface ScanOptions {
  /** Text drawn visibly on top (a page number, a stamp). */
  visibleText?: string;
  /** Text drawn invisibly (render mode 3) over the image, as OCR tools do. */
  hiddenText?: string[];
}

/** An image-only page (a scan), optionally with a little visible or an invisible text layer. */
export async function scanPdf(opts: ScanOptions = {}): Promise<Buffer> {
  const jpeg = await scanJpeg();
  const ops = [FULL_PAGE_IMAGE];
  if (opts.visibleText) ops.push(textLine(500, 30, opts.visibleText, 9));
  if (opts.hiddenText) {
    ops.push('BT 3 Tr /F1 11 Tf');
    opts.hiddenText.forEach((line, i) => ops.push(`1 0 0 1 60 ${760 - i * 20} Tm ${pdfText(line)} Tj`));
    ops.push('ET');
  }
  return buildFixturePdf({ pages: [{ content: ops.join('\n'), images: [{ name: 'Im1', width: 620, height: 877, jpeg, channels: 1 }] }] });
}

/**
 * Text in a font whose glyphs map to private-use code points (a ToUnicode CMap into the
 * PUA, as some generators write): what a clerk sees is not what the text layer says.
 */
export function garbageTextPdf(): Buffer {
  const cmap = [
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Garbage-UCS def /CMapType 2 def',
    '1 begincodespacerange <00> <FF> endcodespacerange',
    '1 beginbfrange <20> <7E> <E020> endbfrange',
    'endcmap CMapName currentdict /CMap defineresource pop end end',
  ].join('\n');
  const lines = ['Rechnung Nr. 2024-0815 vom 05.03.2024', 'Gesamtbetrag 1.234,56 EUR', 'Zahlbar bis 19.03.2024 ohne Abzug'];
  const ops = lines.map((l, i) => textLine(72, 760 - i * 18, l, 11, 'F3'));
  return buildFixturePdf({
    pages: [{ content: ops.join('\n') }],
    extraObjects: [stream('', latin1(cmap), false)],
    extraFont: (ref) => `<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding /ToUnicode ${ref(0)} >>`,
  });
}

/** Plain text pages ("Seite n von N"); `rotate` applies to every page. */
export function textPagesPdf(count: number, opts: { rotate?: number; width?: number; height?: number } = {}): Buffer {
  const pages: FixturePage[] = [];
  for (let i = 1; i <= count; i++) {
    pages.push({
      width: opts.width,
      height: opts.height,
      rotate: opts.rotate,
      content: [textLine(72, (opts.height ?? 842) - 100, `Seite ${i} von ${count}`, 14, 'F2'), textLine(72, (opts.height ?? 842) - 130, 'Größe, Straße, Gebühr: 1.234,56 EUR', 11)].join('\n'),
    });
  }
  return buildFixturePdf({ pages });
}

/** One page of 14,400 × 14,400 points (the largest PDF allows): 900 megapixels at 150 DPI. */
export function hugePagePdf(): Buffer {
  const content = ['0.2 0.4 0.8 rg 0 0 7200 7200 re f', textLine(7400, 7400, 'Lageplan Großformat', 400)].join('\n');
  return buildFixturePdf({ pages: [{ width: 14400, height: 14400, content }] });
}

export const FACTUR_X_XML = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100">\n' +
    '  <rsm:ExchangedDocument><ram:ID xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100">RE-2024-0042</ram:ID></rsm:ExchangedDocument>\n' +
    '  <!-- Größe, Straße, Gebühr -->\n' +
    '</rsm:CrossIndustryInvoice>\n',
  'utf8',
);

/** An invoice page with embedded files (by default factur-x.xml and a small binary). */
export function attachmentPdf(files?: FixtureAttachment[]): Buffer {
  const attachments = files ?? [
    { filename: 'factur-x.xml', data: FACTUR_X_XML, mime: 'text/xml' },
    { filename: 'anhang.bin', data: Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 31 + 7) & 0xff)) },
  ];
  return buildFixturePdf({ pages: [{ content: textLine(72, 760, 'Rechnung mit eingebetteter XML-Datei', 12) }], attachments });
}

export const writeFixture = put;
