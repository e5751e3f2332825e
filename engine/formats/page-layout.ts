// Lays text-like content (Word paragraphs, tables and pictures, e-mail headers and bodies,
// XML source) out on A4 pages and draws any page at any resolution. Layout happens once,
// in points, with the bundled fonts; drawing scales the canvas, so a thumbnail and a
// 300-DPI page show the same line breaks. The Word reader takes its page texts from the same
// layout, so the text of page n is exactly what the picture of page n shows.
import { createCanvas, GlobalFonts, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PAGE_WIDTH = 595.28; // A4 in points
export const PAGE_HEIGHT = 841.89;
const MARGIN = 56;
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const CONTENT_TOP = MARGIN;
const CONTENT_BOTTOM = PAGE_HEIGHT - MARGIN;
/** An overflowing page (kept whole, see LayoutOptions.overflow) is shrunk at most this far. */
const MIN_SHRINK = 0.4;

export interface Run {
  text: string;
  bold?: boolean;
  italic?: boolean;
}

export interface ParagraphBlock {
  kind: 'paragraph';
  runs: Run[];
  /** Font size in points. */
  size?: number;
  mono?: boolean;
  align?: 'left' | 'center' | 'right';
  spaceBefore?: number;
  spaceAfter?: number;
  indent?: number;
  /** false: one line, cut with an ellipsis (source code views). */
  wrap?: boolean;
  color?: string;
}

export interface TableCell {
  paragraphs: ParagraphBlock[];
  /** Number of grid columns the cell covers. */
  span?: number;
}

export interface TableBlock {
  kind: 'table';
  /** Relative grid column widths; equal columns when absent. */
  columns?: number[];
  rows: TableCell[][];
}

export interface RuleBlock {
  kind: 'rule';
  spaceBefore?: number;
  spaceAfter?: number;
}

/** A picture, or a grey placeholder of its size when it cannot be shown. */
export interface BoxBlock {
  kind: 'box';
  /** Size in points. */
  width: number;
  height: number;
  image?: Canvas;
}

export type Block = ParagraphBlock | TableBlock | RuleBlock | BoxBlock;

const SANS = 'Docdesk Sans';
const MONO = 'Docdesk Mono';
const DEFAULT_SIZE = 10.5;
const CELL_PADDING = 3;
const TABLE_SPACE_AFTER = 6;
const BOX_SPACE_AFTER = 6;

// ---------------------------------------------------------------- fonts

let fontsReady = false;

/**
 * Registers the bundled DejaVu fonts once per process. @napi-rs/canvas ships no fonts and a
 * clerk's machine may have none that covers umlauts, so we never rely on system fonts.
 */
function ensureFonts(): void {
  if (fontsReady) return;
  const dir = findFontDir();
  const ok =
    GlobalFonts.registerFromPath(join(dir, 'DejaVuSans.ttf'), SANS) &&
    GlobalFonts.registerFromPath(join(dir, 'DejaVuSans-Bold.ttf'), SANS) &&
    GlobalFonts.registerFromPath(join(dir, 'DejaVuSansMono.ttf'), MONO);
  if (!ok) throw new Error(`Docdesk could not load its bundled fonts from ${dir}.`);
  fontsReady = true;
}

function findFontDir(): string {
  // Source (engine/formats) and build output (dist/engine/formats) sit at different depths
  // below the repository's resources/ folder, so look upwards.
  const candidates: string[] = [];
  const electronResources = (process as { resourcesPath?: string }).resourcesPath;
  if (electronResources) candidates.push(join(electronResources, 'fonts'), join(electronResources, 'resources', 'fonts'));
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    candidates.push(join(dir, 'resources', 'fonts'));
    dir = dirname(dir);
  }
  const found = candidates.find((c) => existsSync(join(c, 'DejaVuSans.ttf')));
  if (!found) throw new Error('Docdesk\'s bundled fonts (resources/fonts) are missing; please reinstall the application.');
  return found;
}

function fontString(run: Run, size: number, mono: boolean): string {
  return `${run.italic ? 'italic ' : ''}${run.bold ? 'bold ' : ''}${size}px "${mono ? MONO : SANS}"`;
}

/** Removes control characters that fonts draw as boxes; tabs become spaces. */
export function cleanText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\t/g, '    ').replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b\ufeff]/g, '');
}

/** Owns the context's font so that measuring and drawing never re-parse an unchanged font. */
class Pen {
  private font = '';
  /** Line width (points) that maps to one device pixel: hairlines stay visible. */
  readonly pixel: number;
  constructor(readonly ctx: SKRSContext2D, scale: number) {
    this.pixel = 1 / scale;
  }
  setFont(font: string): void {
    if (font !== this.font) {
      this.ctx.font = font;
      this.font = font;
    }
  }
  width(text: string, font: string): number {
    this.setFont(font);
    return this.ctx.measureText(text).width;
  }
}

/** Measuring dominates layout time and documents repeat their words: widths are cached. */
class CachingPen extends Pen {
  private readonly cache = new Map<string, number>();
  override width(text: string, font: string): number {
    const key = `${font}\u0001${text}`;
    let w = this.cache.get(key);
    if (w === undefined) {
      if (this.cache.size >= 200_000) this.cache.clear();
      w = super.width(text, font);
      this.cache.set(key, w);
    }
    return w;
  }
}

let measurePen: CachingPen | null = null;

/** Text widths do not depend on the canvas size or transform: one small canvas measures all. */
function measurer(): Pen {
  ensureFonts();
  measurePen ??= new CachingPen(createCanvas(4, 4).getContext('2d'), 1);
  return measurePen;
}

// ---------------------------------------------------------------- paragraphs

interface Segment {
  /** Text as drawn (control characters removed, tabs widened). */
  text: string;
  run: Run;
  width: number;
  /** Offsets into the paragraph's raw text (its runs joined). */
  start: number;
  end: number;
}

export interface LaidLine {
  segments: Segment[];
  width: number;
  /** Raw-text offsets covered by the line. */
  start: number;
  end: number;
}

export interface LaidParagraph {
  block: ParagraphBlock;
  lines: LaidLine[];
  lineHeight: number;
  size: number;
}

/** The paragraph's text exactly as its runs hold it (tabs and line breaks included). */
function paragraphText(block: ParagraphBlock): string {
  return block.runs.map((r) => r.text).join('');
}

/** Greedy word wrap over runs of different weights; a `\n` in a run forces a break. */
function wrapRuns(m: Pen, runs: Run[], maxWidth: number, size: number, mono: boolean): LaidLine[] {
  const lines: LaidLine[] = [];
  let line: LaidLine = { segments: [], width: 0, start: 0, end: 0 };
  let pendingSpace: Segment | null = null;
  const push = (nextStart: number) => {
    lines.push(line);
    line = { segments: [], width: 0, start: nextStart, end: nextStart };
    pendingSpace = null;
  };
  const place = (seg: Segment) => {
    if (line.segments.length === 0) line.start = seg.start;
    line.segments.push(seg);
    line.width += seg.width;
    line.end = seg.end;
  };
  let base = 0;
  for (const run of runs) {
    const font = fontString(run, size, mono);
    let pos = base;
    for (const part of run.text.split(/(\n|[ \u00a0\t]+)/)) {
      const start = pos;
      pos += part.length;
      if (part === '') continue;
      if (part === '\n') {
        push(pos);
        continue;
      }
      if (/^[ \u00a0\t]+$/.test(part)) {
        if (line.segments.length > 0) {
          const text = cleanText(part);
          pendingSpace = { text, run, width: m.width(text, font), start, end: pos };
        }
        continue;
      }
      let word = cleanText(part);
      if (!word) continue;
      // Offsets stay exact unless control characters were dropped from the word.
      const exact = word.length === part.length;
      let wordStart = start;
      let w = m.width(word, font);
      const space: Segment | null = pendingSpace;
      const spaceW = space ? space.width : 0;
      if (line.segments.length > 0 && line.width + spaceW + w > maxWidth) push(start);
      if (pendingSpace) {
        place(pendingSpace);
        pendingSpace = null;
      }
      // A word longer than the line (URLs, IBANs in tables) is split by characters.
      while (line.width + w > maxWidth && word.length > 1) {
        let fit = 1;
        while (fit < word.length && line.width + m.width(word.slice(0, fit + 1), font) <= maxWidth) fit++;
        const head = word.slice(0, fit);
        const headEnd = exact ? wordStart + fit : pos;
        place({ text: head, run, width: m.width(head, font), start: wordStart, end: headEnd });
        push(headEnd);
        word = word.slice(fit);
        wordStart = headEnd;
        w = m.width(word, font);
      }
      place({ text: word, run, width: w, start: wordStart, end: pos });
    }
    base = pos;
  }
  if (line.segments.length > 0 || lines.length === 0) lines.push(line);
  return lines;
}

/** One line, cut with an ellipsis when too wide. */
function clipRuns(m: Pen, runs: Run[], maxWidth: number, size: number, mono: boolean): LaidLine {
  const total = runs.reduce((n, r) => n + r.text.length, 0);
  const line: LaidLine = { segments: [], width: 0, start: 0, end: total };
  for (const run of runs) {
    const font = fontString(run, size, mono);
    const text = cleanText(run.text).replace(/\n/g, ' ');
    const w = m.width(text, font);
    if (line.width + w <= maxWidth) {
      line.segments.push({ text, run, width: w, start: 0, end: total });
      line.width += w;
      continue;
    }
    const ell = m.width('…', font);
    let lo = 0;
    let hi = text.length;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (line.width + m.width(text.slice(0, mid), font) + ell <= maxWidth) lo = mid;
      else hi = mid - 1;
    }
    const cut = text.slice(0, lo) + '…';
    line.segments.push({ text: cut, run, width: m.width(cut, font), start: 0, end: total });
    break;
  }
  return line;
}

function layoutParagraph(m: Pen, p: ParagraphBlock, width: number): LaidParagraph {
  const size = p.size ?? DEFAULT_SIZE;
  const mono = p.mono ?? false;
  const avail = Math.max(10, width - (p.indent ?? 0));
  const lines = p.wrap === false ? [clipRuns(m, p.runs, avail, size, mono)] : wrapRuns(m, p.runs, avail, size, mono);
  return { block: p, lines, lineHeight: size * 1.28, size };
}

function paragraphHeight(lp: LaidParagraph): number {
  return (lp.block.spaceBefore ?? 0) + lp.lines.length * lp.lineHeight + (lp.block.spaceAfter ?? 0);
}

// ---------------------------------------------------------------- tables

interface LaidCell {
  x: number;
  width: number;
  paragraphs: LaidParagraph[];
}

export interface LaidRow {
  cells: LaidCell[];
  height: number;
}

export interface LaidTable {
  block: TableBlock;
  rows: LaidRow[];
}

function layoutTable(m: Pen, t: TableBlock): LaidTable {
  const gridCount = Math.max(1, t.columns?.length ?? Math.max(1, ...t.rows.map((r) => r.reduce((n, c) => n + (c.span ?? 1), 0))));
  const rel = t.columns && t.columns.length > 0 ? t.columns.map((c) => (c > 0 ? c : 1)) : new Array<number>(gridCount).fill(1);
  const total = rel.reduce((a, b) => a + b, 0);
  const colWidths = rel.map((c) => (c / total) * CONTENT_WIDTH);
  const rows = t.rows.map((row) => {
    let col = 0;
    const cells = row.map((cell) => {
      const span = Math.max(1, cell.span ?? 1);
      const x = colWidths.slice(0, col).reduce((a, b) => a + b, 0);
      const width = colWidths.slice(col, col + span).reduce((a, b) => a + b, 0) || CONTENT_WIDTH / gridCount;
      col += span;
      const paragraphs = cell.paragraphs.map((p) => layoutParagraph(m, { ...p, spaceBefore: 0, spaceAfter: 1 }, width - 2 * CELL_PADDING));
      return { x, width, paragraphs };
    });
    const content = Math.max(10, ...cells.map((c) => c.paragraphs.reduce((h, lp) => h + paragraphHeight(lp), 0)));
    return { cells, height: content + 2 * CELL_PADDING };
  });
  return { block: t, rows };
}

// ---------------------------------------------------------------- pagination

/** One block, or the part of it, that sits on a page; `y` is its top in points. */
export type Placed =
  | { kind: 'paragraph'; blockIndex: number; laid: LaidParagraph; from: number; to: number; y: number; complete: boolean }
  | { kind: 'table'; blockIndex: number; laid: LaidTable; from: number; to: number; y: number; complete: boolean }
  | { kind: 'rule'; blockIndex: number; y: number }
  | { kind: 'box'; blockIndex: number; block: BoxBlock; y: number; width: number; height: number; clipped: boolean };

export interface PagePlan {
  items: Placed[];
  /** Where the content ends (points); beyond the bottom margin only for pages kept whole. */
  contentBottom: number;
}

export interface LayoutOptions {
  /** Indexes of blocks that start a new page (explicit page breaks); ignored on an empty page. */
  breaksBefore?: ReadonlySet<number>;
  /**
   * 'split' (default): content that does not fit flows onto the next page, like a printout.
   * 'keep': pages end only at `breaksBefore`, because the document knows its own pages; a
   * page that runs long in our layout is drawn shrunk to fit.
   */
  overflow?: 'split' | 'keep';
  /** Stop after this many pages. */
  maxPages?: number;
}

export interface Layout {
  pages: PagePlan[];
  /** False when `maxPages` stopped the layout before the last block. */
  complete: boolean;
}

export function layoutPages(blocks: readonly Block[], opts: LayoutOptions = {}): Layout {
  const m = measurer();
  const split = (opts.overflow ?? 'split') === 'split';
  const maxPages = opts.maxPages ?? Infinity;
  const breaks = opts.breaksBefore ?? new Set<number>();
  const pages: PagePlan[] = [];
  let page: PagePlan = { items: [], contentBottom: CONTENT_TOP };
  let y = CONTENT_TOP;
  let stopped = false;
  const newPage = () => {
    pages.push(page);
    if (pages.length >= maxPages) stopped = true;
    page = { items: [], contentBottom: CONTENT_TOP };
    y = CONTENT_TOP;
  };
  const fits = (h: number) => !split || y + h <= CONTENT_BOTTOM;

  for (let i = 0; i < blocks.length && !stopped; i++) {
    const block = blocks[i]!;
    let ink = CONTENT_TOP;
    if (breaks.has(i) && page.items.length > 0) {
      newPage();
      if (stopped) break;
    }
    switch (block.kind) {
      case 'paragraph': {
        const laid = layoutParagraph(m, block, CONTENT_WIDTH);
        y += block.spaceBefore ?? 0;
        let from = 0;
        let top = y;
        for (let li = 0; li < laid.lines.length; li++) {
          if (!fits(laid.lineHeight) && (page.items.length > 0 || li > from)) {
            if (li > from) page.items.push({ kind: 'paragraph', blockIndex: i, laid, from, to: li, y: top, complete: false });
            newPage();
            if (stopped) break;
            from = li;
            top = y;
          }
          y += laid.lineHeight;
        }
        if (stopped) break;
        page.items.push({ kind: 'paragraph', blockIndex: i, laid, from, to: laid.lines.length, y: top, complete: from === 0 });
        ink = y;
        y += block.spaceAfter ?? 0;
        break;
      }
      case 'table': {
        const laid = layoutTable(m, block);
        let from = 0;
        let top = y;
        for (let r = 0; r < laid.rows.length; r++) {
          const h = laid.rows[r]!.height;
          if (!fits(h) && (page.items.length > 0 || r > from)) {
            if (r > from) page.items.push({ kind: 'table', blockIndex: i, laid, from, to: r, y: top, complete: false });
            newPage();
            if (stopped) break;
            from = r;
            top = y;
          }
          y += h;
        }
        if (stopped) break;
        page.items.push({ kind: 'table', blockIndex: i, laid, from, to: laid.rows.length, y: top, complete: from === 0 });
        ink = y;
        y += TABLE_SPACE_AFTER;
        break;
      }
      case 'rule': {
        const before = block.spaceBefore ?? 4;
        if (!fits(before) && page.items.length > 0) {
          newPage();
          if (stopped) break;
        }
        page.items.push({ kind: 'rule', blockIndex: i, y: y + before });
        ink = y + before;
        y += before + (block.spaceAfter ?? 8);
        break;
      }
      case 'box': {
        const k = Math.min(1, CONTENT_WIDTH / Math.max(1, block.width));
        const width = block.width * k;
        let height = block.height * k;
        if (!fits(height) && page.items.length > 0) {
          newPage();
          if (stopped) break;
        }
        // Taller than a whole page: cut at the bottom margin rather than squash it.
        const clipped = split && y + height > CONTENT_BOTTOM;
        if (clipped) height = CONTENT_BOTTOM - y;
        page.items.push({ kind: 'box', blockIndex: i, block, y, width, height, clipped });
        ink = y + height;
        y += height + BOX_SPACE_AFTER;
        break;
      }
    }
    // Trailing space after the last block is not content: only ink makes a page run long.
    page.contentBottom = Math.max(page.contentBottom, ink);
  }
  if (!stopped && (page.items.length > 0 || pages.length === 0)) pages.push(page);
  return { pages, complete: !stopped };
}

// ---------------------------------------------------------------- text of a page

/** The raw text of the lines of a paragraph that sit on one page. */
export function placedParagraphText(item: Extract<Placed, { kind: 'paragraph' }>): string {
  const raw = paragraphText(item.laid.block);
  if (item.complete) return raw;
  const first = item.laid.lines[item.from];
  const last = item.laid.lines[item.to - 1];
  if (!first || !last) return '';
  return raw.slice(first.start, last.end);
}

// ---------------------------------------------------------------- drawing

/** Scale (device pixels per point) for a page `widthPx` wide. */
export function scaleForWidth(widthPx: number): number {
  return widthPx / PAGE_WIDTH;
}

/** Device size of a page drawn at `scale`. */
function pageSizeAt(scale: number): { width: number; height: number } {
  return { width: Math.max(1, Math.round(PAGE_WIDTH * scale)), height: Math.max(1, Math.round(PAGE_HEIGHT * scale)) };
}

function drawLines(pen: Pen, lp: LaidParagraph, from: number, to: number, x: number, width: number, y: number): void {
  const { ctx } = pen;
  const p = lp.block;
  const mono = p.mono ?? false;
  for (let i = from; i < to; i++) {
    const line = lp.lines[i]!;
    let lx = x + (p.indent ?? 0);
    if (p.align === 'center') lx = x + (width - line.width) / 2;
    else if (p.align === 'right') lx = x + width - line.width;
    const baseline = y + lp.size;
    ctx.fillStyle = p.color ?? '#111111';
    for (const seg of line.segments) {
      pen.setFont(fontString(seg.run, lp.size, mono));
      ctx.fillText(seg.text, lx, baseline);
      lx += seg.width;
    }
    y += lp.lineHeight;
  }
}

function drawTableRows(pen: Pen, t: LaidTable, from: number, to: number, y: number): void {
  const { ctx } = pen;
  for (let r = from; r < to; r++) {
    const row = t.rows[r]!;
    for (const cell of row.cells) {
      let cy = y + CELL_PADDING;
      for (const lp of cell.paragraphs) {
        drawLines(pen, lp, 0, lp.lines.length, MARGIN + cell.x + CELL_PADDING, cell.width - 2 * CELL_PADDING, cy);
        cy += paragraphHeight(lp);
      }
      ctx.strokeStyle = '#444444';
      ctx.lineWidth = Math.max(0.6, pen.pixel);
      ctx.strokeRect(MARGIN + cell.x, y, cell.width, row.height);
    }
    y += row.height;
  }
}

/** Draws one laid-out page on a white canvas, `scale` device pixels per point. */
export function drawPage(page: PagePlan, scale: number): Canvas {
  ensureFonts();
  const size = pageSizeAt(scale);
  const canvas = createCanvas(size.width, size.height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.scale(scale, scale);
  let pen = new Pen(ctx, scale);
  if (page.contentBottom > CONTENT_BOTTOM) {
    // A page kept whole that runs long in our layout: shrink it onto the paper.
    const k = Math.max(MIN_SHRINK, (CONTENT_BOTTOM - CONTENT_TOP) / (page.contentBottom - CONTENT_TOP));
    ctx.translate(MARGIN, CONTENT_TOP);
    ctx.scale(k, k);
    ctx.translate(-MARGIN, -CONTENT_TOP);
    pen = new Pen(ctx, scale * k);
  }
  for (const item of page.items) {
    switch (item.kind) {
      case 'paragraph':
        drawLines(pen, item.laid, item.from, item.to, MARGIN, CONTENT_WIDTH, item.y);
        break;
      case 'table':
        drawTableRows(pen, item.laid, item.from, item.to, item.y);
        break;
      case 'rule':
        ctx.strokeStyle = '#888888';
        ctx.lineWidth = Math.max(0.8, pen.pixel);
        ctx.beginPath();
        ctx.moveTo(MARGIN, item.y);
        ctx.lineTo(PAGE_WIDTH - MARGIN, item.y);
        ctx.stroke();
        break;
      case 'box': {
        const { block } = item;
        if (block.image) {
          // A clipped picture shows its top part rather than a squashed whole.
          const fullHeight = block.height * Math.min(1, CONTENT_WIDTH / Math.max(1, block.width));
          const srcH = block.image.height * Math.min(1, item.height / fullHeight);
          ctx.drawImage(block.image, 0, 0, block.image.width, srcH, MARGIN, item.y, item.width, item.height);
        } else {
          ctx.fillStyle = '#e4e4e4';
          ctx.fillRect(MARGIN, item.y, item.width, item.height);
        }
        break;
      }
    }
  }
  return canvas;
}
