// Word (.docx): the one parser for reading, page previews and the thumbnail. The main part
// (word/document.xml) is read straight out of the zip, parsed safely, and turned into
// layout blocks: paragraphs (headings bigger and bold, bold/italic runs, lists), tables with
// their grid, text boxes in the flow, and inline pictures. The shared page layout
// (page-layout.ts) puts them on A4 pages; each page's text is taken from the same layout,
// so text and picture of a page always agree.
//
// Pages: Word saves where it last broke pages (w:lastRenderedPageBreak). When a document has
// those marks, they (with explicit page breaks, page-break-before and section breaks) are the
// pages, and a page that runs long in our layout is drawn slightly shrunk. Documents without
// them (written by other tools) break at their explicit breaks and wherever our layout fills
// a page.
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { stat } from 'node:fs/promises';
import sharp from 'sharp';
import { withFileSource, type ByteSource } from './bytes.js';
import { DocxReadError } from './errors.js';
import {
  MAX_DOCX_CHARS, MAX_DOCX_PAGES, MAX_DOCX_PART_BYTES, MAX_DOCX_PICTURE_BYTES, MAX_DOCX_PICTURES_PER_PAGE, MAX_DOCX_TABLE_ROWS,
  MAX_IMAGE_PIXELS, MAX_PAGE_PIXELS,
} from './limits.js';
import {
  drawPage, layoutPages, PAGE_HEIGHT, PAGE_WIDTH, placedParagraphText, scaleForWidth,
  type Block, type BoxBlock, type Layout, type PagePlan, type ParagraphBlock, type Run, type TableBlock, type TableCell,
} from './page-layout.js';
import {
  attribute as attr, childElement as child, childElements as elements, parseXmlSafely, textContent, XmlSafetyError, type XmlElement,
} from './safe-xml.js';
import { listZipEntries, readZipEntry, type ZipEntry } from './zip.js';


export { DocxReadError } from './errors.js';
export const DOCX_DAMAGED_MESSAGE = 'The Word document is damaged or incomplete and cannot be read.';
const DOCX_TOO_LARGE_MESSAGE = 'The Word document\'s text part is larger than 20 MiB, which Docdesk does not process for safety.';
const DOCX_DTD_MESSAGE = 'The Word document declares a DTD or entities, which Docdesk does not process for safety.';

export interface DocxPage {
  /** The page's lines joined by "\n". */
  text: string;
  /**
   * Reading order: one line per paragraph (a paragraph's own line breaks split it), one per
   * table row with the cells separated by a tab. Headings start with "[heading n] " (a Title
   * paragraph with "[title] "), the bracketed structure marker of extracted_text.
   */
  lines: string[];
}

export interface DocxHeading {
  /** 0 for a Title paragraph, 1-9 for heading levels. */
  level: number;
  text: string;
  /** Zero-based page the heading starts on. */
  pageIndex: number;
}

export interface DocxTable {
  /** Zero-based pages the table starts and ends on. */
  pageIndex: number;
  lastPageIndex: number;
  /** Cell texts, row by row (merged-away cells are empty strings). */
  rows: string[][];
}

export interface DocxRead {
  pages: DocxPage[];
  headings: DocxHeading[];
  tables: DocxTable[];
  /** 'word': pages as Word last laid them out; 'layout': explicit breaks plus our own layout. */
  pagination: 'word' | 'layout';
  /** The document was longer than the read bounds (200 pages, 4,000,000 characters). */
  truncated: boolean;
}

/** The bracketed marker that starts a heading's line. */
function headingMarker(level: number): string {
  return level === 0 ? '[title] ' : `[heading ${level}] `;
}

const EMU_PER_POINT = 12_700;
const REL_IMAGE = /\/image$/;
/** Nesting of text boxes inside text boxes that we follow. */
const MAX_TEXTBOX_DEPTH = 2;

interface ReadBounds {
  maxBlocks: number;
  maxChars: number;
  maxTableRows: number;
  /** Stop at the end of the first page (thumbnails). */
  firstPageOnly: boolean;
}

const FULL_BOUNDS: ReadBounds = { maxBlocks: 400_000, maxChars: MAX_DOCX_CHARS, maxTableRows: MAX_DOCX_TABLE_ROWS, firstPageOnly: false };
/** More than a page's worth; the layout stops at the end of the page anyway. */
const FIRST_PAGE_BOUNDS: ReadBounds = { maxBlocks: 150, maxChars: 12_000, maxTableRows: 60, firstPageOnly: true };

// ---------------------------------------------------------------- small helpers

/** Descendant elements with this local name, in document order. */
function descendants(el: XmlElement, local: string, out: XmlElement[] = []): XmlElement[] {
  for (const c of elements(el)) {
    if (c.local === local) out.push(c);
    else descendants(c, local, out);
  }
  return out;
}

function hasDescendant(el: XmlElement, local: string): boolean {
  for (const c of elements(el)) if (c.local === local || hasDescendant(c, local)) return true;
  return false;
}

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

// ---------------------------------------------------------------- styles

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

function parseStyles(xml: Uint8Array | null): Styles {
  const styles: Styles = { byId: new Map(), defaultParagraphStyle: null, defaultSize: 11 };
  if (!xml) return styles;
  const root = parseXmlSafely(xml).root;
  const rPrDefault = child(child(child(root, 'docDefaults'), 'rPrDefault'), 'rPr');
  styles.defaultSize = halfPoints(child(rPrDefault, 'sz')) ?? styles.defaultSize;
  for (const s of elements(root)) {
    if (s.local !== 'style') continue;
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

// ---------------------------------------------------------------- document body

interface Picture {
  width: number;
  height: number;
  relId: string | null;
}

/** What the reader knows about each layout block beyond its looks. */
type BlockMeta =
  | { kind: 'paragraph'; heading: number | null; headingId: number | null }
  | { kind: 'table'; tableId: number; rows: string[][] }
  | { kind: 'picture'; relId: string | null };

/** A run as read, with its own font size when it sets one. */
interface DocRun extends Run {
  size?: number;
}

/** A paragraph cut at its page breaks; a break between pieces starts a new page. */
interface Piece {
  runs: DocRun[];
  pictures: Picture[];
}

interface ParagraphContent {
  pieces: Piece[];
  /** Text boxes anchored in the paragraph, read after it. */
  textboxes: XmlElement[];
  style: ResolvedStyle;
  pPr: XmlElement | undefined;
}

const CONTINUOUS_SECTION = new Set(['continuous', 'nextColumn']);

class BodyReader {
  readonly blocks: Block[] = [];
  readonly meta: BlockMeta[] = [];
  readonly breaksBefore = new Set<number>();
  truncated = false;
  private chars = 0;
  private pendingBreak = false;
  private contentSinceBreak = false;
  private ended = false;
  private sectionIndex = 0;
  private nextTableId = 0;
  private nextHeadingId = 0;
  private textboxDepth = 0;

  constructor(
    private readonly styles: Styles,
    private readonly bounds: ReadBounds,
    /** The sectPr elements in document order, the body's own last. */
    private readonly sections: XmlElement[],
    /** Word's saved page layout is trusted (lastRenderedPageBreak present). */
    private readonly renderedBreaks: boolean,
  ) {}

  private get full(): boolean {
    return this.ended || this.blocks.length >= this.bounds.maxBlocks || this.chars >= this.bounds.maxChars;
  }

  /** A page break; breaks before any content (or right after another break) are dropped. */
  private pageBreak(): void {
    if (!this.contentSinceBreak) return;
    this.contentSinceBreak = false;
    this.pendingBreak = true;
    if (this.bounds.firstPageOnly) this.ended = true;
  }

  private push(block: Block, meta: BlockMeta, content: boolean): void {
    if (this.pendingBreak) {
      this.breaksBefore.add(this.blocks.length);
      this.pendingBreak = false;
    }
    this.blocks.push(block);
    this.meta.push(meta);
    if (content) this.contentSinceBreak = true;
  }

  readBlocks(container: XmlElement): void {
    for (const el of elements(container)) {
      if (this.full) {
        if (!this.ended && ['p', 'tbl', 'sdt', 'customXml'].includes(el.local)) this.truncated = true;
        return;
      }
      switch (el.local) {
        case 'p':
          this.readParagraph(el);
          break;
        case 'tbl':
          this.readTable(el);
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
    const para = this.paragraphContent(p, true);
    if (onOff(child(para.pPr, 'pageBreakBefore'))) this.pageBreak();
    const headingId = para.style.heading !== null ? this.nextHeadingId++ : null;
    for (const [i, piece] of para.pieces.entries()) {
      if (i > 0) this.pageBreak();
      if (this.ended) return;
      const chars = piece.runs.reduce((n, r) => n + r.text.length, 0);
      const last = i === para.pieces.length - 1;
      // An empty piece before a break (the paragraph starts with the break) is no line.
      if (chars === 0 && piece.pictures.length === 0 && !last) continue;
      const hasText = piece.runs.some((r) => r.text.trim());
      if (hasText || piece.pictures.length === 0) {
        this.push(this.paragraphBlock(para, piece.runs, i === 0), { kind: 'paragraph', heading: para.style.heading, headingId }, hasText);
      }
      for (const pic of piece.pictures) {
        this.push({ kind: 'box', width: pic.width, height: pic.height }, { kind: 'picture', relId: pic.relId }, true);
      }
      this.chars += chars;
    }
    if (this.textboxDepth < MAX_TEXTBOX_DEPTH) {
      this.textboxDepth++;
      for (const box of para.textboxes) this.readBlocks(box);
      this.textboxDepth--;
    }
    // The paragraph that carries a sectPr ends its section; the next section's type says
    // whether it starts on a new page (the default) or continues on this one.
    if (child(para.pPr, 'sectPr')) {
      this.sectionIndex++;
      const next = this.sections[this.sectionIndex];
      const type = next ? (attr(child(next, 'type'), 'val') ?? 'nextPage') : 'nextPage';
      if (next && !CONTINUOUS_SECTION.has(type)) this.pageBreak();
    }
  }

  private paragraphBlock(para: ParagraphContent, runs: DocRun[], first: boolean): ParagraphBlock {
    const { style, pPr } = para;
    const out: DocRun[] = first && child(pPr, 'numPr') ? [{ text: '•  ' }, ...runs] : runs;
    const chars = out.reduce((n, r) => n + r.text.length, 0);
    const jc = attr(child(pPr, 'jc'), 'val');
    const size = style.heading !== null ? style.size : (para.pieces[0]?.runs.find((r) => r.size !== undefined)?.size ?? style.size);
    return {
      kind: 'paragraph',
      runs: chars > 0 ? out.map(({ text, bold, italic }) => ({ text, bold, italic })) : [{ text: ' ' }],
      size,
      align: jc === 'center' ? 'center' : jc === 'right' || jc === 'end' ? 'right' : 'left',
      spaceBefore: style.heading !== null ? size * 0.6 : 0,
      spaceAfter: style.heading !== null ? size * 0.3 : size * 0.55,
      color: style.heading !== null && style.heading > 0 ? '#1f3763' : '#111111',
    };
  }

  /** Runs of a paragraph, cut into pieces at page breaks (only when `breaks`). */
  private paragraphContent(p: XmlElement, breaks: boolean): ParagraphContent {
    const pPr = child(p, 'pPr');
    const style = resolveStyle(this.styles, attr(child(pPr, 'pStyle'), 'val'));
    const pieces: Piece[] = [{ runs: [], pictures: [] }];
    const textboxes: XmlElement[] = [];
    let piece = pieces[0]!;
    const cut = () => {
      piece = { runs: [], pictures: [] };
      pieces.push(piece);
    };
    const visitRun = (r: XmlElement) => {
      const rPr = child(r, 'rPr');
      if (onOff(child(rPr, 'vanish'))) return; // hidden text
      const charStyle = attr(child(rPr, 'rStyle'), 'val');
      const cs = charStyle ? this.styles.byId.get(charStyle) : undefined;
      const bold = onOff(child(rPr, 'b')) ?? cs?.bold ?? style.bold;
      const italic = onOff(child(rPr, 'i')) ?? cs?.italic ?? style.italic;
      const size = halfPoints(child(rPr, 'sz')) ?? cs?.size ?? undefined;
      let text = '';
      const flush = () => {
        if (text) piece.runs.push({ text, bold, italic, size });
        text = '';
      };
      for (const c of elements(r)) {
        switch (c.local) {
          case 't':
            text += textContent(c);
            break;
          case 'tab':
            text += '\t';
            break;
          case 'br':
          case 'cr':
            if (attr(c, 'type') === 'page' && breaks) {
              flush();
              cut();
            } else text += '\n';
            break;
          case 'lastRenderedPageBreak':
            if (breaks && this.renderedBreaks) {
              flush();
              cut();
            }
            break;
          case 'noBreakHyphen':
            text += '-';
            break;
          case 'drawing': {
            const pic = inlinePicture(c);
            if (pic) piece.pictures.push(pic);
            textboxes.push(...textboxContents(c));
            break;
          }
          case 'pict':
            textboxes.push(...textboxContents(c));
            break;
          case 'AlternateContent': {
            // Choice (DrawingML) and Fallback (VML) hold the same text box: read one of them.
            const choice = elements(c).find((x) => x.local === 'Choice' && hasDescendant(x, 'txbxContent'));
            const fallback = elements(c).find((x) => x.local === 'Fallback');
            const from = choice ?? fallback;
            if (from) textboxes.push(...textboxContents(from));
            break;
          }
          default:
            break;
        }
      }
      flush();
    };
    const visitInline = (el: XmlElement) => {
      for (const c of elements(el)) {
        switch (c.local) {
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
    return { pieces, textboxes, style, pPr };
  }

  private readTable(tbl: XmlElement): void {
    const columns = elements(child(tbl, 'tblGrid') ?? tbl)
      .filter((c) => c.local === 'gridCol')
      .map((c) => Number(attr(c, 'w')) || 0);
    const tableId = this.nextTableId++;
    let rows: TableCell[][] = [];
    let texts: string[][] = [];
    const flush = () => {
      if (rows.length === 0) return;
      const block: TableBlock = { kind: 'table', columns: columns.length > 0 ? columns : undefined, rows };
      this.push(block, { kind: 'table', tableId, rows: texts }, true);
      rows = [];
      texts = [];
    };
    let total = 0;
    for (const tr of elements(tbl)) {
      if (tr.local !== 'tr') continue;
      if (total >= this.bounds.maxTableRows || this.chars >= this.bounds.maxChars) {
        if (!this.bounds.firstPageOnly) this.truncated = true;
        break;
      }
      // Word marks the row a table starts or continues with on a new page.
      if (this.renderedBreaks && hasDescendant(tr, 'lastRenderedPageBreak')) {
        flush();
        this.pageBreak();
        if (this.ended) return;
      }
      const row: TableCell[] = [];
      const rowText: string[] = [];
      for (const tc of elements(tr)) {
        if (tc.local !== 'tc') continue;
        const tcPr = child(tc, 'tcPr');
        const span = Math.max(1, Number(attr(child(tcPr, 'gridSpan'), 'val')) || 1);
        const continued = attr(child(tcPr, 'vMerge'), 'val') === null && child(tcPr, 'vMerge') !== undefined;
        const paragraphs: ParagraphBlock[] = [];
        const cellText: string[] = [];
        if (!continued) {
          // A nested table is flattened into its cells' paragraphs.
          const ps = elements(tc).flatMap((c) => (c.local === 'p' ? [c] : c.local === 'tbl' || c.local === 'sdt' ? descendants(c, 'p') : []));
          for (const p of ps) {
            const content = this.paragraphContent(p, false);
            const runs = content.pieces.flatMap((x) => x.runs);
            paragraphs.push(this.paragraphBlock({ ...content, pieces: [{ runs, pictures: [] }] }, runs, true));
            const t = runs.map((r) => r.text).join('').replace(/\s+/g, ' ').trim();
            if (t) cellText.push(t);
          }
        }
        const text = cellText.join(' ');
        this.chars += text.length;
        row.push({ paragraphs, span });
        rowText.push(text);
      }
      if (row.length > 0) {
        rows.push(row);
        texts.push(rowText);
        total++;
      }
    }
    flush();
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
  const blip = descendants(inline, 'blip')[0];
  return { width: cx / EMU_PER_POINT, height: cy / EMU_PER_POINT, relId: attr(blip, 'embed') };
}

/** The txbxContent elements of a drawing or VML shape (not those nested in them). */
function textboxContents(el: XmlElement): XmlElement[] {
  return descendants(el, 'txbxContent');
}

/** The sectPr elements in document order: those ending sections in paragraphs, then the body's. */
function collectSections(body: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (el: XmlElement) => {
    for (const c of elements(el)) {
      if (c.local === 'p') {
        const s = child(child(c, 'pPr'), 'sectPr');
        if (s) out.push(s);
      } else if (c.local === 'sdt' || c.local === 'sdtContent' || c.local === 'customXml') walk(c);
    }
  };
  walk(body);
  const last = child(body, 'sectPr');
  if (last) out.push(last);
  return out;
}

// ---------------------------------------------------------------- package

/** Maps relationship ids of word/document.xml to zip entry names of images. */
function parseImageRels(xml: Uint8Array | null): Map<string, string> {
  const out = new Map<string, string>();
  if (!xml) return out;
  for (const rel of elements(parseXmlSafely(xml).root)) {
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

/** A parsed document: its blocks for the layout and what is needed to draw its pictures. */
interface DocxContent {
  entries: Map<string, ZipEntry>;
  rels: Map<string, string>;
  blocks: Block[];
  meta: BlockMeta[];
  breaksBefore: Set<number>;
  pagination: 'word' | 'layout';
  truncated: boolean;
  /** The layout of up to MAX_DOCX_PAGES pages, made on first use. */
  layout?: Layout;
}

async function readPart(src: ByteSource, entries: Map<string, ZipEntry>, name: string): Promise<Uint8Array | null> {
  const entry = entries.get(name);
  return entry ? readZipEntry(src, entry, MAX_DOCX_PART_BYTES) : null;
}

/** Reads the package's parts and parses the body into blocks. */
async function parseDocx(src: ByteSource, bounds: ReadBounds): Promise<DocxContent> {
  let entries: Map<string, ZipEntry>;
  let documentXml: Uint8Array | null;
  let stylesXml: Uint8Array | null;
  let relsXml: Uint8Array | null;
  try {
    entries = new Map((await listZipEntries(src)).map((e) => [e.name, e]));
    const docEntry = entries.get('word/document.xml');
    if (docEntry && docEntry.uncompressedSize > MAX_DOCX_PART_BYTES) throw new DocxReadError(DOCX_TOO_LARGE_MESSAGE);
    documentXml = await readPart(src, entries, 'word/document.xml');
    stylesXml = await readPart(src, entries, 'word/styles.xml').catch(() => null);
    relsXml = await readPart(src, entries, 'word/_rels/document.xml.rels').catch(() => null);
  } catch (err) {
    if (err instanceof DocxReadError) throw err;
    throw new DocxReadError(DOCX_DAMAGED_MESSAGE);
  }
  if (!documentXml) throw new DocxReadError(DOCX_DAMAGED_MESSAGE);
  try {
    let styles: Styles;
    try {
      styles = parseStyles(stylesXml);
    } catch {
      styles = parseStyles(null); // broken styles only cost us heading detection
    }
    let rels: Map<string, string>;
    try {
      rels = parseImageRels(relsXml);
    } catch {
      rels = new Map();
    }
    const body = child(parseXmlSafely(documentXml).root, 'body');
    if (!body) throw new DocxReadError(DOCX_DAMAGED_MESSAGE);
    const renderedBreaks = hasDescendant(body, 'lastRenderedPageBreak');
    const reader = new BodyReader(styles, bounds, collectSections(body), renderedBreaks);
    reader.readBlocks(body);
    return {
      entries,
      rels,
      blocks: reader.blocks,
      meta: reader.meta,
      breaksBefore: reader.breaksBefore,
      pagination: renderedBreaks ? 'word' : 'layout',
      truncated: reader.truncated,
    };
  } catch (err) {
    if (err instanceof DocxReadError) throw err;
    if (err instanceof XmlSafetyError && err.kind === 'dtd') throw new DocxReadError(DOCX_DTD_MESSAGE);
    if (err instanceof XmlSafetyError) throw new DocxReadError(DOCX_DAMAGED_MESSAGE);
    throw err;
  }
}

/**
 * The last fully read document of this process. The pipeline reads a document and then asks
 * for its pages one task at a time; without this every page would parse and lay out the
 * whole document again. Keyed by path, size and modification time.
 */
let lastRead: { key: string; content: DocxContent } | null = null;

async function loadDocx(path: string, bounds: ReadBounds): Promise<DocxContent> {
  if (bounds !== FULL_BOUNDS) return withFileSource(path, (src) => parseDocx(src, bounds));
  const { size, mtimeMs } = await stat(path);
  const key = `${path}\u0000${size}\u0000${mtimeMs}`;
  if (lastRead?.key === key) return lastRead.content;
  lastRead = null; // never keep two documents in memory
  const content = await withFileSource(path, (src) => parseDocx(src, bounds));
  lastRead = { key, content };
  return content;
}

function layoutDocx(doc: DocxContent, maxPages: number): Layout {
  if (doc.layout && (doc.layout.pages.length >= maxPages || doc.layout.complete)) return doc.layout;
  const layout = layoutPages(doc.blocks, { breaksBefore: doc.breaksBefore, overflow: doc.pagination === 'word' ? 'keep' : 'split', maxPages });
  if (maxPages >= MAX_DOCX_PAGES) doc.layout = layout;
  return layout;
}

// ---------------------------------------------------------------- text

/** Trims line ends, keeps at most one blank line in a row and none at the page's ends. */
function tidyLines(lines: string[]): string[] {
  const out: string[] = [];
  for (const raw of lines) {
    const line = raw.replace(/[ \t\u00a0]+$/, '');
    if (line === '' && (out.length === 0 || out[out.length - 1] === '')) continue;
    out.push(line);
  }
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out;
}

export async function readDocx(path: string): Promise<DocxRead> {
  const doc = await loadDocx(path, FULL_BOUNDS);
  const layout = layoutDocx(doc, MAX_DOCX_PAGES);
  const headings: DocxHeading[] = [];
  const headingById = new Map<number, DocxHeading>();
  const tables = new Map<number, DocxTable>();
  const pages = layout.pages.map((plan, pageIndex): DocxPage => {
    const lines: string[] = [];
    for (const item of plan.items) {
      const meta = doc.meta[item.blockIndex]!;
      if (item.kind === 'paragraph' && meta.kind === 'paragraph') {
        const text = placedParagraphText(item);
        const parts = text.split('\n');
        if (meta.heading !== null && meta.headingId !== null) {
          const plain = text.replace(/\s+/g, ' ').trim();
          const known = headingById.get(meta.headingId);
          if (known) known.text = `${known.text} ${plain}`.trim();
          else if (plain) {
            const h = { level: meta.heading, text: plain, pageIndex };
            headingById.set(meta.headingId, h);
            headings.push(h);
            parts[0] = headingMarker(meta.heading) + parts[0]!.trimStart();
          }
        }
        lines.push(...parts);
      } else if (item.kind === 'table' && meta.kind === 'table') {
        for (let r = item.from; r < item.to; r++) lines.push(meta.rows[r]!.join('\t'));
        const rows = meta.rows.slice(item.from, item.to);
        const t = tables.get(meta.tableId);
        if (t) {
          // A table continued on a later page (split by Word or by our layout).
          t.rows.push(...rows);
          t.lastPageIndex = pageIndex;
        } else tables.set(meta.tableId, { pageIndex, lastPageIndex: pageIndex, rows: [...rows] });
      }
    }
    const tidy = tidyLines(lines);
    return { text: tidy.join('\n'), lines: tidy };
  });
  return {
    pages,
    headings,
    tables: [...tables.values()],
    pagination: doc.pagination,
    truncated: doc.truncated || !layout.complete,
  };
}

// ---------------------------------------------------------------- pictures and drawing

/** Decodes a picture through sharp (pixel-limited, shrunk on load) into a small canvas. */
async function loadPicture(bytes: Uint8Array, widthPt: number, heightPt: number, scale: number): Promise<Canvas | null> {
  try {
    // Twice the page's pixel density is plenty for a picture on the page.
    const maxPx = Math.min(4096, Math.max(8, Math.ceil(Math.max(widthPt, heightPt) * scale * 2)));
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

/** Draws page `plan` at `scale`, with the page's pictures loaded for the occasion. */
async function drawDocxPage(doc: DocxContent, src: ByteSource, plan: PagePlan, scale: number): Promise<Canvas> {
  const boxes: BoxBlock[] = [];
  let loaded = 0;
  for (const item of plan.items) {
    if (item.kind !== 'box') continue;
    const meta = doc.meta[item.blockIndex];
    const target = meta?.kind === 'picture' && meta.relId ? doc.rels.get(meta.relId) : undefined;
    const entry = target ? doc.entries.get(target) : undefined;
    if (!entry || loaded >= MAX_DOCX_PICTURES_PER_PAGE || entry.uncompressedSize > MAX_DOCX_PICTURE_BYTES) continue;
    loaded++;
    try {
      const bytes = await readZipEntry(src, entry, MAX_DOCX_PICTURE_BYTES);
      const image = await loadPicture(bytes, item.block.width, item.block.height, scale);
      if (image) {
        item.block.image = image;
        boxes.push(item.block);
      }
    } catch {
      // a damaged picture stays a grey placeholder
    }
  }
  try {
    return drawPage(plan, scale);
  } finally {
    for (const b of boxes) delete b.image; // pictures are decoded per page, not kept
  }
}

/** Widest page (pixels) that stays within the spec's 18,000,000 pixels per rendered page. */
const MAX_PAGE_WIDTH_PX = Math.floor(Math.sqrt((MAX_PAGE_PIXELS * PAGE_WIDTH) / PAGE_HEIGHT));

/** Renders the given pages (zero-based) as PNGs `widthPx` wide (A4 proportions). */
export async function renderDocxPages(path: string, indexes: number[], widthPx: number): Promise<Buffer[]> {
  for (const i of indexes) if (!Number.isInteger(i) || i < 0) throw new RangeError(`page index ${i} is not a valid page`);
  const width = Math.min(MAX_PAGE_WIDTH_PX, Math.max(16, Math.round(widthPx)));
  const doc = await loadDocx(path, FULL_BOUNDS);
  const layout = layoutDocx(doc, Math.min(MAX_DOCX_PAGES, Math.max(0, ...indexes) + 1));
  for (const i of indexes) {
    if (!layout.pages[i]) throw new RangeError(`page index ${i} is beyond the document's ${layout.pages.length} page(s)`);
  }
  return withFileSource(path, async (src) => {
    const out: Buffer[] = [];
    for (const i of indexes) out.push(await (await drawDocxPage(doc, src, layout.pages[i]!, scaleForWidth(width))).encode('png'));
    return out;
  });
}

/** Renders page `index` (zero-based) as a PNG `widthPx` wide. */
export async function renderDocxPage(path: string, index: number, widthPx: number): Promise<Buffer> {
  return (await renderDocxPages(path, [index], widthPx))[0]!;
}

/** The first page drawn at `scale` (the thumbnail); reads only about a page of the body. */
export async function drawDocxFirstPage(path: string, scale: number): Promise<Canvas> {
  return withFileSource(path, async (src) => {
    const doc = await parseDocx(src, FIRST_PAGE_BOUNDS);
    return drawDocxPage(doc, src, layoutDocx(doc, 1).pages[0]!, scale);
  });
}
