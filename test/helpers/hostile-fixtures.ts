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
