// Word (.docx) thumbnails: a real, simplified rendering of the first page. The main part
// (word/document.xml) is read straight out of the zip, parsed safely, and turned into
// paragraphs (headings bigger and bold, bold/italic runs, lists), tables with their grid,
// and inline pictures, which the shared text-page renderer lays out on an A4 page.
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { withFileSource, type ByteSource } from '../formats/bytes.js';
import { parseXmlSafely, XmlSafetyError, type XmlElement } from '../formats/safe-xml.js';
import { listZipEntries, readZipEntry, type ZipEntry } from '../formats/zip.js';
import { ThumbnailError } from './errors.js';
import { MAX_DOCX_PART_BYTES, MAX_IMAGE_PIXELS } from './limits.js';
import { renderTextPage, type Block, type ParagraphBlock, type Run, type TableBlock, type TableCell } from './text-page.js';

export const DOCX_DAMAGED_MESSAGE = 'The Word document is damaged or incomplete and cannot be read.';

/** More than a page's worth; the renderer stops at the end of the page anyway. */
const MAX_BLOCKS = 150;
const MAX_CHARS = 12_000;
const MAX_TABLE_ROWS = 60;
const MAX_PICTURES = 4;
const MAX_PICTURE_BYTES = 20 * 1024 * 1024;
const EMU_PER_POINT = 12_700;
const REL_IMAGE = /\/image$/;

interface StyleInfo {
  name: string;
  basedOn: string | null;
  bold: boolean | null;
  italic: boolean | null;
  size: number | null;
  outlineLevel: number | null;
}

interface Styles {
  byId: Map<string, StyleInfo>;
  defaultParagraphStyle: string | null;
  defaultSize: number;
}

interface Picture {
  width: number;
  height: number;
  relId: string | null;
}

type Item = { kind: 'paragraph'; block: ParagraphBlock; pictures: Picture[] } | { kind: 'table'; block: TableBlock } | { kind: 'pagebreak' };

// ---- small helpers over libxmljs2 ----

const elements = (el: XmlElement): XmlElement[] =>
  el.childNodes().filter((n) => n.type() === 'element') as XmlElement[];
const child = (el: XmlElement | undefined | null, name: string): XmlElement | undefined =>
  el ? elements(el).find((c) => c.name() === name) : undefined;
const attr = (el: XmlElement | undefined | null, name: string): string | null => el?.attr(name)?.value() ?? null;

/** OOXML on/off properties: present means on unless val says otherwise. */
function onOff(el: XmlElement | undefined): boolean | null {
  if (!el) return null;
  const v = attr(el, 'val');
  return v === null || !['0', 'false', 'off', 'none'].includes(v.toLowerCase());
}

function halfPoints(el: XmlElement | undefined): number | null {
  const v = Number(attr(el, 'val'));
  return Number.isFinite(v) && v > 0 ? v / 2 : null;
}

// ---- styles ----

function parseStyles(xml: Uint8Array | null): Styles {
  const styles: Styles = { byId: new Map(), defaultParagraphStyle: null, defaultSize: 11 };
  if (!xml) return styles;
  const root = parseXmlSafely(xml).root()!;
  const rPrDefault = child(child(child(root, 'docDefaults'), 'rPrDefault'), 'rPr');
  styles.defaultSize = halfPoints(child(rPrDefault, 'sz')) ?? styles.defaultSize;
  for (const s of elements(root)) {
    if (s.name() !== 'style') continue;
    const id = attr(s, 'styleId');
    if (!id) continue;
    const rPr = child(s, 'rPr');
    const outline = attr(child(child(s, 'pPr'), 'outlineLvl'), 'val');
    styles.byId.set(id, {
      name: (attr(child(s, 'name'), 'val') ?? id).toLowerCase(),
      basedOn: attr(child(s, 'basedOn'), 'val'),
      bold: onOff(child(rPr, 'b')),
      italic: onOff(child(rPr, 'i')),
      size: halfPoints(child(rPr, 'sz')),
      outlineLevel: outline !== null && /^\d$/.test(outline) ? Number(outline) : null,
    });
    if (attr(s, 'type') === 'paragraph' && ['1', 'true', 'on'].includes(attr(s, 'default') ?? '')) {
      styles.defaultParagraphStyle = id;
    }
  }
  return styles;
}

interface ResolvedStyle {
  /** 0 = title, 1..9 = heading levels, null = body text. */
  heading: number | null;
  bold: boolean;
  italic: boolean;
  size: number;
}

const HEADING_SIZES = [24, 17, 14, 12.5, 12, 11.5, 11.5, 11.5, 11.5, 11.5];

function resolveStyle(styles: Styles, id: string | null): ResolvedStyle {
  const chain: StyleInfo[] = [];
  const seen = new Set<string>();
  for (let cur = id ?? styles.defaultParagraphStyle; cur && !seen.has(cur) && chain.length < 16; ) {
    seen.add(cur);
    const s = styles.byId.get(cur);
    if (!s) break;
    chain.push(s);
    cur = s.basedOn;
  }
  let heading: number | null = null;
  for (const s of chain) {
    const m = /^heading\s*(\d)$/.exec(s.name);
    if (m) heading = Number(m[1]);
    else if (s.name === 'title') heading = 0;
    else if (s.outlineLevel !== null && s.outlineLevel < 9) heading = s.outlineLevel + 1;
    if (heading !== null) break;
  }
  // Documents without styles.xml still name their heading styles by id.
  if (heading === null && id) {
    const m = /^(?:heading|berschrift|titre|titolo)\s*(\d)$/i.exec(id);
    if (m) heading = Number(m[1]);
    else if (/^title$/i.test(id)) heading = 0;
  }
  const pick = <K extends 'bold' | 'italic' | 'size'>(k: K): StyleInfo[K] | null => chain.find((s) => s[k] !== null)?.[k] ?? null;
  return {
    heading,
    bold: pick('bold') ?? heading !== null,
    italic: pick('italic') ?? false,
    size: pick('size') ?? (heading !== null ? HEADING_SIZES[heading]! : styles.defaultSize),
  };
}

// ---- document body ----

class BodyReader {
  items: Item[] = [];
  chars = 0;
  ended = false;
  /** Word records where it last broke pages; the first one ends page one. */
  private sawContent = false;

  constructor(private readonly styles: Styles) {}

  get full(): boolean {
    return this.ended || this.items.length >= MAX_BLOCKS || this.chars >= MAX_CHARS;
  }

  readBlocks(container: XmlElement): void {
    for (const el of elements(container)) {
      if (this.full) return;
      switch (el.name()) {
        case 'p':
          this.readParagraph(el);
          break;
        case 'tbl':
          this.items.push({ kind: 'table', block: this.readTable(el) });
          this.sawContent = true;
          break;
        case 'sdt':
          this.readBlocks(child(el, 'sdtContent') ?? el);
          break;
        case 'customXml':
          this.readBlocks(el);
          break;
        default:
          break;
      }
    }
  }

  private readParagraph(p: XmlElement): void {
    const pPr = child(p, 'pPr');
    if (this.sawContent && onOff(child(pPr, 'pageBreakBefore'))) {
      this.end();
      return;
    }
    const para = this.paragraphFrom(p);
    if (para.pageBreakBefore && this.sawContent) {
      this.end();
      return;
    }
    this.items.push({ kind: 'paragraph', block: para.block, pictures: para.pictures });
    this.chars += para.chars;
    if (para.chars > 0 || para.pictures.length > 0) this.sawContent = true;
    if (para.pageBreakAfter) this.end();
  }

  private end(): void {
    this.items.push({ kind: 'pagebreak' });
    this.ended = true;
  }

  /** Paragraph content; also used for table cells. */
  paragraphFrom(p: XmlElement): { block: ParagraphBlock; pictures: Picture[]; chars: number; pageBreakBefore: boolean; pageBreakAfter: boolean } {
    const pPr = child(p, 'pPr');
    const style = resolveStyle(this.styles, attr(child(pPr, 'pStyle'), 'val'));
    const runs: Run[] = [];
    const pictures: Picture[] = [];
    let sizeOverride: number | null = null;
    let pageBreakBefore = false;
    let pageBreakAfter = false;
    if (child(pPr, 'numPr')) runs.push({ text: '•  ' });
    const visitRun = (r: XmlElement) => {
      const rPr = child(r, 'rPr');
      if (onOff(child(rPr, 'vanish'))) return; // hidden text
      const charStyle = attr(child(rPr, 'rStyle'), 'val');
      const cs = charStyle ? this.styles.byId.get(charStyle) : undefined;
      const bold = onOff(child(rPr, 'b')) ?? cs?.bold ?? style.bold;
      const italic = onOff(child(rPr, 'i')) ?? cs?.italic ?? style.italic;
      sizeOverride ??= halfPoints(child(rPr, 'sz')) ?? cs?.size ?? null;
      let text = '';
      for (const c of elements(r)) {
        if (pageBreakAfter) break;
        switch (c.name()) {
          case 't':
            text += c.text();
            break;
          case 'tab':
            text += '\t';
            break;
          case 'br':
          case 'cr':
            if (attr(c, 'type') === 'page') {
              if (text || runs.some((x) => x.text.trim())) pageBreakAfter = true;
              else pageBreakBefore = true;
            } else text += '\n';
            break;
          case 'lastRenderedPageBreak':
            if (text || runs.some((x) => x.text.trim())) pageBreakAfter = true;
            else pageBreakBefore = true;
            break;
          case 'noBreakHyphen':
            text += '-';
            break;
          case 'drawing': {
            const pic = inlinePicture(c);
            if (pic) pictures.push(pic);
            break;
          }
          default:
            break;
        }
      }
      if (text) runs.push({ text, bold, italic });
    };
    const visitInline = (el: XmlElement) => {
      for (const c of elements(el)) {
        if (pageBreakAfter) return;
        switch (c.name()) {
          case 'r':
            visitRun(c);
            break;
          case 'hyperlink':
          case 'ins':
          case 'smartTag':
          case 'fldSimple':
          case 'customXml':
          case 'moveTo':
            visitInline(c);
            break;
          case 'sdt':
            visitInline(child(c, 'sdtContent') ?? c);
            break;
          default:
            break; // w:del, w:moveFrom (deleted text), bookmarks, proofing marks
        }
      }
    };
    visitInline(p);
    const jc = attr(child(pPr, 'jc'), 'val');
    const size = style.heading !== null ? style.size : (sizeOverride ?? style.size);
    const chars = runs.reduce((n, r) => n + r.text.length, 0);
    const block: ParagraphBlock = {
      kind: 'paragraph',
      runs: chars > 0 ? runs : [{ text: ' ' }],
      size,
      align: jc === 'center' ? 'center' : jc === 'right' || jc === 'end' ? 'right' : 'left',
      spaceBefore: style.heading !== null ? size * 0.6 : 0,
      spaceAfter: style.heading !== null ? size * 0.3 : size * 0.55,
      color: style.heading !== null && style.heading > 0 ? '#1f3763' : '#111111',
    };
    return { block, pictures, chars, pageBreakBefore, pageBreakAfter };
  }

  private readTable(tbl: XmlElement): TableBlock {
    const columns = elements(child(tbl, 'tblGrid') ?? tbl)
      .filter((c) => c.name() === 'gridCol')
      .map((c) => Number(attr(c, 'w')) || 0);
    const rows: TableCell[][] = [];
    for (const tr of elements(tbl)) {
      if (tr.name() !== 'tr') continue;
      if (rows.length >= MAX_TABLE_ROWS) break;
      const row: TableCell[] = [];
      for (const tc of elements(tr)) {
        if (tc.name() !== 'tc') continue;
        const tcPr = child(tc, 'tcPr');
        const span = Math.max(1, Number(attr(child(tcPr, 'gridSpan'), 'val')) || 1);
        const continued = attr(child(tcPr, 'vMerge'), 'val') === null && child(tcPr, 'vMerge') !== undefined;
        const paragraphs: ParagraphBlock[] = [];
        if (!continued) {
          for (const c of elements(tc)) {
            if (c.name() === 'p') paragraphs.push(this.paragraphFrom(c).block);
            // A nested table is flattened into its cells' paragraphs.
            else if (c.name() === 'tbl') for (const p of c.find('.//*[local-name()="p"]') as XmlElement[]) paragraphs.push(this.paragraphFrom(p).block);
          }
        }
        this.chars += paragraphs.reduce((n, p) => n + p.runs.reduce((m, r) => m + r.text.length, 0), 0);
        row.push({ paragraphs, span });
      }
      if (row.length > 0) rows.push(row);
    }
    return { kind: 'table', columns: columns.length > 0 ? columns : undefined, rows };
  }
}

function inlinePicture(drawing: XmlElement): Picture | null {
  // Floating (anchored) pictures are positioned freely, often in margins; only inline
  // pictures take part in the text flow.
  const inline = child(drawing, 'inline');
  if (!inline) return null;
  const extent = child(inline, 'extent');
  const cx = Number(attr(extent, 'cx'));
  const cy = Number(attr(extent, 'cy'));
  if (!(cx > 0 && cy > 0)) return null;
  const blip = inline.find('.//*[local-name()="blip"]')[0] as XmlElement | undefined;
  const embed = blip?.attrs().find((a) => a.name() === 'embed')?.value() ?? null;
  return { width: cx / EMU_PER_POINT, height: cy / EMU_PER_POINT, relId: embed };
}

// ---- pictures ----

/** Maps relationship ids of word/document.xml to zip entry names of images. */
function parseImageRels(xml: Uint8Array | null): Map<string, string> {
  const out = new Map<string, string>();
  if (!xml) return out;
  for (const rel of elements(parseXmlSafely(xml).root()!)) {
    const id = attr(rel, 'Id');
    const target = attr(rel, 'Target');
    const type = attr(rel, 'Type') ?? '';
    if (!id || !target || !REL_IMAGE.test(type) || attr(rel, 'TargetMode') === 'External') continue;
    out.set(id, target.startsWith('/') ? target.slice(1) : normalizePath(`word/${target}`));
  }
  return out;
}

function normalizePath(p: string): string {
  const parts: string[] = [];
  for (const seg of p.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg && seg !== '.') parts.push(seg);
  }
  return parts.join('/');
}

/** Decodes a picture through sharp (pixel-limited, shrunk on load) into a small canvas. */
async function loadPicture(bytes: Uint8Array, widthPt: number, heightPt: number): Promise<Canvas | null> {
  try {
    // Twice the thumbnail's pixel density is plenty for a picture on the page.
    const maxPx = Math.max(8, Math.ceil(Math.max(widthPt, heightPt) * 1.3));
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, pages: 1 })
      .rotate()
      .resize(maxPx, maxPx, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const canvas = createCanvas(info.width, info.height);
    const ctx = canvas.getContext('2d');
    const img = ctx.createImageData(info.width, info.height);
    img.data.set(data);
    ctx.putImageData(img, 0, 0);
    return canvas;
  } catch {
    return null; // EMF/WMF or damaged pictures stay grey placeholders
  }
}

// ---- entry point ----

async function readPart(src: ByteSource, entries: Map<string, ZipEntry>, name: string, limit: number): Promise<Uint8Array | null> {
  const entry = entries.get(name);
  return entry ? readZipEntry(src, entry, limit) : null;
}

export async function renderDocxThumbnail(path: string): Promise<Buffer> {
  const blocks = await withFileSource(path, async (src) => {
    let entries: Map<string, ZipEntry>;
    let documentXml: Uint8Array | null;
    let stylesXml: Uint8Array | null;
    let relsXml: Uint8Array | null;
    try {
      entries = new Map((await listZipEntries(src)).map((e) => [e.name, e]));
      const docEntry = entries.get('word/document.xml');
      if (docEntry && docEntry.uncompressedSize > MAX_DOCX_PART_BYTES) {
        throw new ThumbnailError('The Word document\'s text part is larger than 20 MiB, which Docdesk does not process for safety.');
      }
      documentXml = await readPart(src, entries, 'word/document.xml', MAX_DOCX_PART_BYTES);
      stylesXml = await readPart(src, entries, 'word/styles.xml', MAX_DOCX_PART_BYTES);
      relsXml = await readPart(src, entries, 'word/_rels/document.xml.rels', MAX_DOCX_PART_BYTES);
    } catch (err) {
      if (err instanceof ThumbnailError) throw err;
      throw new ThumbnailError(DOCX_DAMAGED_MESSAGE);
    }
    if (!documentXml) throw new ThumbnailError(DOCX_DAMAGED_MESSAGE);

    let reader: BodyReader;
    let rels: Map<string, string>;
    try {
      let styles: Styles;
      try {
        styles = parseStyles(stylesXml);
      } catch {
        styles = parseStyles(null); // broken styles only cost us heading detection
      }
      try {
        rels = parseImageRels(relsXml);
      } catch {
        rels = new Map();
      }
      const root = parseXmlSafely(documentXml).root()!;
      const body = child(root, 'body');
      if (!body) throw new ThumbnailError(DOCX_DAMAGED_MESSAGE);
      reader = new BodyReader(styles);
      reader.readBlocks(body);
    } catch (err) {
      if (err instanceof ThumbnailError) throw err;
      if (err instanceof XmlSafetyError && err.kind === 'dtd') {
        throw new ThumbnailError('The Word document declares a DTD or entities, which Docdesk does not process for safety.');
      }
      throw new ThumbnailError(DOCX_DAMAGED_MESSAGE);
    }
    return toBlocks(reader.items, src, entries, rels);
  });
  return renderTextPage(blocks);
}

async function toBlocks(items: Item[], src: ByteSource, entries: Map<string, ZipEntry>, rels: Map<string, string>): Promise<Block[]> {
  const blocks: Block[] = [];
  let picturesLoaded = 0;
  for (const item of items) {
    if (item.kind === 'pagebreak') break;
    if (item.kind === 'table') {
      blocks.push(item.block);
      continue;
    }
    const hasText = item.block.runs.some((r) => r.text.trim());
    if (hasText || item.pictures.length === 0) blocks.push(item.block);
    for (const pic of item.pictures) {
      let image: Canvas | null = null;
      const target = pic.relId ? rels.get(pic.relId) : undefined;
      const entry = target ? entries.get(target) : undefined;
      if (entry && picturesLoaded < MAX_PICTURES && entry.uncompressedSize <= MAX_PICTURE_BYTES) {
        picturesLoaded++;
        try {
          image = await loadPicture(await readZipEntry(src, entry, MAX_PICTURE_BYTES), pic.width, pic.height);
        } catch {
          image = null;
        }
      }
      blocks.push({ kind: 'box', width: pic.width, height: pic.height, image: image ?? undefined });
    }
  }
  return blocks;
}
