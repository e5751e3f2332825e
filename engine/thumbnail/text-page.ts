// Draws text-like content (Word paragraphs and tables, e-mail headers and bodies, XML
// source) onto a white A4 page and encodes it as the thumbnail JPEG. Layout happens in
// points on the A4 page; the canvas is created at thumbnail size and scaled, so the page is
// rendered once at its final resolution instead of rendered large and shrunk.
import { createCanvas, GlobalFonts, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { JPEG_QUALITY, THUMBNAIL_MAX_EDGE } from './limits.js';

export const PAGE_WIDTH = 595.28; // A4 in points
export const PAGE_HEIGHT = 841.89;
const MARGIN = 56;
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;

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
  width: number;
  height: number;
  image?: Canvas;
}

export type Block = ParagraphBlock | TableBlock | RuleBlock | BoxBlock;

const SANS = 'Docdesk Sans';
const MONO = 'Docdesk Mono';
const DEFAULT_SIZE = 10.5;
const CELL_PADDING = 3;

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
  // Source (engine/thumbnail) and build output (dist/engine/thumbnail) sit at different
  // depths below the repository's resources/ folder, so look upwards.
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

interface Segment {
  text: string;
  run: Run;
  width: number;
}

interface Line {
  segments: Segment[];
  width: number;
}

/** Removes control characters that fonts draw as boxes; tabs become spaces. */
export function cleanText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\t/g, '    ').replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b\ufeff]/g, '');
}

/** Owns the context's font so that measuring and drawing never re-parse an unchanged font. */
class Pen {
  private font = '';
  constructor(readonly ctx: SKRSContext2D) {}
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

/** Greedy word wrap over runs of different weights; a `\n` in a run forces a break. */
function wrapRuns(m: Pen, runs: Run[], maxWidth: number, size: number, mono: boolean): Line[] {
  const lines: Line[] = [];
  let line: Line = { segments: [], width: 0 };
  let pendingSpace: Segment | null = null;
  const push = () => {
    lines.push(line);
    line = { segments: [], width: 0 };
    pendingSpace = null;
  };
  for (const run of runs) {
    const font = fontString(run, size, mono);
    const parts = cleanText(run.text).split(/(\n|[ \u00a0]+)/);
    for (const part of parts) {
      if (part === '') continue;
      if (part === '\n') {
        push();
        continue;
      }
      if (/^[ \u00a0]+$/.test(part)) {
        if (line.segments.length > 0) pendingSpace = { text: part, run, width: m.width(part, font) };
        continue;
      }
      let word = part;
      let w = m.width(word, font);
      const spaceW: number = pendingSpace ? (pendingSpace as Segment).width : 0;
      if (line.segments.length > 0 && line.width + spaceW + w > maxWidth) push();
      if (pendingSpace) {
        line.segments.push(pendingSpace);
        line.width += spaceW;
        pendingSpace = null;
      }
      // A word longer than the line (URLs, IBANs in tables) is split by characters.
      while (line.width + w > maxWidth && word.length > 1) {
        let fit = 1;
        while (fit < word.length && line.width + m.width(word.slice(0, fit + 1), font) <= maxWidth) fit++;
        const head = word.slice(0, fit);
        const hw = m.width(head, font);
        line.segments.push({ text: head, run, width: hw });
        line.width += hw;
        push();
        word = word.slice(fit);
        w = m.width(word, font);
      }
      line.segments.push({ text: word, run, width: w });
      line.width += w;
    }
  }
  if (line.segments.length > 0 || lines.length === 0) lines.push(line);
  return lines;
}

/** One line, cut with an ellipsis when too wide. */
function clipRuns(m: Pen, runs: Run[], maxWidth: number, size: number, mono: boolean): Line {
  const line: Line = { segments: [], width: 0 };
  for (const run of runs) {
    const font = fontString(run, size, mono);
    const text = cleanText(run.text).replace(/\n/g, ' ');
    const w = m.width(text, font);
    if (line.width + w <= maxWidth) {
      line.segments.push({ text, run, width: w });
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
    line.segments.push({ text: cut, run, width: m.width(cut, font) });
    break;
  }
  return line;
}

interface LaidParagraph {
  block: ParagraphBlock;
  lines: Line[];
  lineHeight: number;
  size: number;
}

function layoutParagraph(m: Pen, p: ParagraphBlock, width: number): LaidParagraph {
  const size = p.size ?? DEFAULT_SIZE;
  const mono = p.mono ?? false;
  const avail = Math.max(10, width - (p.indent ?? 0));
  const lines = p.wrap === false ? [clipRuns(m, p.runs, avail, size, mono)] : wrapRuns(m, p.runs, avail, size, mono);
  return { block: p, lines, lineHeight: size * 1.28, size };
}

/** Draws a laid-out paragraph from `y` down; returns the new y, or null once the page is full. */
function drawParagraph(pen: Pen, lp: LaidParagraph, x: number, width: number, y: number, bottom: number): number | null {
  const { ctx } = pen;
  const p = lp.block;
  const mono = p.mono ?? false;
  y += p.spaceBefore ?? 0;
  for (const line of lp.lines) {
    if (y + lp.lineHeight > bottom) return null;
    const indent = p.indent ?? 0;
    let lx = x + indent;
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
  return y + (p.spaceAfter ?? 0);
}

function paragraphHeight(lp: LaidParagraph): number {
  return (lp.block.spaceBefore ?? 0) + lp.lines.length * lp.lineHeight + (lp.block.spaceAfter ?? 0);
}

function drawTable(m: Pen, t: TableBlock, x: number, y: number, bottom: number): number | null {
  const gridCount = Math.max(1, t.columns?.length ?? Math.max(...t.rows.map((r) => r.reduce((n, c) => n + (c.span ?? 1), 0))));
  const rel = t.columns && t.columns.length > 0 ? t.columns.map((c) => (c > 0 ? c : 1)) : new Array<number>(gridCount).fill(1);
  const total = rel.reduce((a, b) => a + b, 0);
  const colWidths = rel.map((c) => (c / total) * CONTENT_WIDTH);
  const { ctx } = m;
  ctx.strokeStyle = '#444444';
  ctx.lineWidth = 0.6;
  for (const row of t.rows) {
    let col = 0;
    const cells = row.map((cell) => {
      const span = Math.max(1, cell.span ?? 1);
      const cx = x + colWidths.slice(0, col).reduce((a, b) => a + b, 0);
      const cw = colWidths.slice(col, col + span).reduce((a, b) => a + b, 0) || CONTENT_WIDTH / gridCount;
      col += span;
      const laid = cell.paragraphs.map((p) => layoutParagraph(m, { ...p, spaceBefore: 0, spaceAfter: 1 }, cw - 2 * CELL_PADDING));
      const height = laid.reduce((h, lp) => h + paragraphHeight(lp), 0);
      return { cx, cw, laid, height };
    });
    const rowHeight = Math.max(10, ...cells.map((c) => c.height)) + 2 * CELL_PADDING;
    if (y + rowHeight > bottom) return null;
    for (const c of cells) {
      let cy = y + CELL_PADDING;
      for (const lp of c.laid) cy = drawParagraph(m, lp, c.cx + CELL_PADDING, c.cw - 2 * CELL_PADDING, cy, Infinity) ?? cy;
      ctx.strokeRect(c.cx, y, c.cw, rowHeight);
    }
    y += rowHeight;
  }
  return y + 6;
}

/**
 * Lays the blocks out top to bottom on a white A4 page at thumbnail resolution and stops
 * where the page is full, like the first page of a printout.
 */
export function drawTextPage(blocks: Block[]): Canvas {
  ensureFonts();
  const scale = THUMBNAIL_MAX_EDGE / PAGE_HEIGHT;
  const canvas = createCanvas(Math.round(PAGE_WIDTH * scale), THUMBNAIL_MAX_EDGE);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.scale(scale, scale);
  const pen = new Pen(ctx);
  const bottom = PAGE_HEIGHT - MARGIN;
  let y: number | null = MARGIN;
  for (const block of blocks) {
    if (y === null) break;
    switch (block.kind) {
      case 'paragraph':
        y = drawParagraph(pen, layoutParagraph(pen, block, CONTENT_WIDTH), MARGIN, CONTENT_WIDTH, y, bottom);
        break;
      case 'table':
        y = drawTable(pen, block, MARGIN, y, bottom);
        break;
      case 'rule': {
        const ry: number = y + (block.spaceBefore ?? 4);
        ctx.strokeStyle = '#888888';
        ctx.lineWidth = 0.8;
        ctx.beginPath();
        ctx.moveTo(MARGIN, ry);
        ctx.lineTo(PAGE_WIDTH - MARGIN, ry);
        ctx.stroke();
        y = ry + (block.spaceAfter ?? 8);
        break;
      }
      case 'box': {
        const k = Math.min(1, CONTENT_WIDTH / block.width);
        const w = block.width * k;
        const h = Math.min(block.height * k, bottom - y);
        if (block.image) {
          // Clip rather than squash a picture that runs past the bottom margin.
          const srcH = block.image.height * (h / (block.height * k));
          ctx.drawImage(block.image, 0, 0, block.image.width, srcH, MARGIN, y, w, h);
        } else {
          ctx.fillStyle = '#e4e4e4';
          ctx.fillRect(MARGIN, y, w, h);
        }
        y = y + h + 6 >= bottom ? null : y + h + 6;
        break;
      }
    }
  }
  return canvas;
}

export async function encodeCanvasJpeg(canvas: Canvas): Promise<Buffer> {
  return canvas.encode('jpeg', JPEG_QUALITY);
}

export async function renderTextPage(blocks: Block[]): Promise<Buffer> {
  return encodeCanvasJpeg(drawTextPage(blocks));
}
