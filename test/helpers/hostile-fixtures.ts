// Hostile but well-formed files for the robustness tests, built byte by byte.

export interface GreyPage {
  width: number;
  height: number;
  /** 8-bit grey samples, row by row (width x height bytes); 0 is black. */
  grey: Buffer;
}

const ONE_PIXEL: GreyPage = { width: 1, height: 1, grey: Buffer.from([0]) };

/**
 * A little-endian baseline TIFF with one uncompressed 8-bit grey page per entry. 5,000
 * one-pixel pages come to about 570 KB, the size of the scan from issue 15.
 */
export function buildGreyTiff(pages: GreyPage[]): Buffer {
  const ENTRIES = 9;
  const ifdSize = 2 + ENTRIES * 12 + 4;
  const size = 8 + pages.reduce((n, p) => n + ifdSize + p.grey.length + (p.grey.length % 2), 0);
  const buf = Buffer.alloc(size);
  buf.write('II', 0, 'latin1');
  buf.writeUInt16LE(42, 2);
  buf.writeUInt32LE(8, 4);
  let offset = 8;
  pages.forEach((page, i) => {
    const data = offset + ifdSize;
    const next = data + page.grey.length + (page.grey.length % 2);
    let p = offset;
    buf.writeUInt16LE(ENTRIES, p);
    p += 2;
    const entry = (tag: number, type: 3 | 4, value: number) => {
      buf.writeUInt16LE(tag, p);
      buf.writeUInt16LE(type, p + 2);
      buf.writeUInt32LE(1, p + 4);
      if (type === 3) buf.writeUInt16LE(value, p + 8);
      else buf.writeUInt32LE(value, p + 8);
      p += 12;
    };
    entry(256, 4, page.width); // ImageWidth
    entry(257, 4, page.height); // ImageLength
    entry(258, 3, 8); // BitsPerSample
    entry(259, 3, 1); // Compression: none
    entry(262, 3, 1); // PhotometricInterpretation: BlackIsZero
    entry(273, 4, data); // StripOffsets
    entry(277, 3, 1); // SamplesPerPixel
    entry(278, 4, page.height); // RowsPerStrip
    entry(279, 4, page.grey.length); // StripByteCounts
    buf.writeUInt32LE(i + 1 < pages.length ? next : 0, p);
    page.grey.copy(buf, data);
    offset = next;
  });
  return buf;
}

/** `count` one-pixel pages, optionally after some real pages. */
export function onePixelTiff(count: number, first: GreyPage[] = []): Buffer {
  return buildGreyTiff([...first, ...Array.from({ length: count }, () => ONE_PIXEL)]);
}

/** A minimal, inert PE header: what the scanner must recognise as a Windows program. */
export function fakeWindowsProgram(): Buffer {
  const b = Buffer.alloc(256);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(128, 60);
  b.write('PE\0\0', 128, 'latin1');
  return b;
}

/**
 * A one-page PDF whose catalog gets `catalogExtra` and which carries `extra` objects,
 * numbered from 6 on (1 catalog, 2 pages, 3 page, 4 content, 5 font). Streams are written
 * as given (pass `stream` objects with their own /Length).
 */
export function hostilePdf(catalogExtra: string, extra: Array<string | Buffer> = [], text = 'Rechnung 4711'): Buffer {
  const content = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects: Array<string | Buffer> = [
    `<< /Type /Catalog /Pages 2 0 R ${catalogExtra} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ...extra,
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let at = parts[0]!.length;
  objects.forEach((o, i) => {
    const b = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), typeof o === 'string' ? Buffer.from(o, 'latin1') : o, Buffer.from('\nendobj\n', 'latin1')]);
    offsets.push(at);
    parts.push(b);
    at += b.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}

/** A stream object with raw bytes. */
export function pdfStream(dict: string, data: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, 'latin1'), data, Buffer.from('\nendstream', 'latin1')]);
}

/** Marks every member of a ZIP as encrypted (general purpose flag bit 0), as a password tool would. */
export function markZipEncrypted(zip: Uint8Array): Buffer {
  const b = Buffer.from(zip);
  for (let i = 0; i + 4 <= b.length; i++) {
    const sig = b.readUInt32LE(i);
    if (sig === 0x04034b50) b.writeUInt16LE(b.readUInt16LE(i + 6) | 1, i + 6);
    else if (sig === 0x02014b50) b.writeUInt16LE(b.readUInt16LE(i + 8) | 1, i + 8);
  }
  return b;
}
