// The evidence the extractor works on: the read document's pages as lines split into
// segments (cells) by wide gaps, with page, component and box for provenance. Pages
// without word boxes (e-mail body, Word, XML, the upload's `text` field) get synthetic
// line boxes so the same label rules apply.
import type { BBox, PageText } from '../formats/model.js';
import type { SourceRef } from './types.js';
import { joinLetterSpaced } from './labels.js';
import { ocrCellConfidence, ocrPageTextHeight, ocrRows, repairOcrPageAmounts, repairOcrSegment, tidyOcrLine } from './ocr-lines.js';

export interface Segment {
  text: string;
  bbox: BBox;
  /** Index of the line in Evidence.lines. */
  line: number;
  /** Position of the segment in its line. */
  col: number;
}

export interface EvLine {
  index: number;
  page: number;
  component_ref: string;
  text: string;
  bbox: BBox;
  segments: Segment[];
  /** Text height relative to the page's median line height. */
  scale: number;
  /** Line index within its page. */
  pageLine: number;
  /** Page height, for "top of page" and "footer" rules. */
  pageHeight: number;
  pageWidth: number;
  source: PageText['source'] | 'text_field';
  /** False for lines laid out on a virtual page (no word boxes): their boxes are not page geometry. */
  positioned: boolean;
}

export interface Evidence {
  lines: EvLine[];
  /** Lines grouped by physical page. */
  pages: Map<number, EvLine[]>;
}

const median = (xs: number[]) => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

/** The page size in the line's box units, or null when its boxes are not page geometry. */
export function pageSizeOf(line: EvLine): { width: number; height: number } | null {
  return line.positioned ? { width: line.pageWidth, height: line.pageHeight } : null;
}

/** Where a reading was printed: the segment's box on its line's page (the line's when no segment), and the text shown. */
export function sourceOf(line: EvLine, seg: Segment | null, text?: string): SourceRef {
  return { component_ref: line.component_ref, page: line.page, bbox: seg ? seg.bbox : line.bbox, page_size: pageSizeOf(line), text: text ?? (seg ? seg.text : line.text) };
}

function union(boxes: BBox[]): BBox {
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  const r = Math.max(...boxes.map((b) => b.x + b.w));
  const bt = Math.max(...boxes.map((b) => b.y + b.h));
  return { x, y, w: r - x, h: bt - y };
}

// Zero-width spaces (U+200B, U+2060, U+FEFF; not the joiners U+200C/D, which shape some scripts) print nothing: a label split by one
// ("Rechnung\u200b Nr. 17", recall27) reads as its words.
function clean(s: string): string {
  return s.replace(/[\u200b\u2060\ufeff]/g, '').replace(/[\u00a0\u2009\u202f]/g, ' ').replace(/\s+/g, ' ').trim();
}

const ocrConf = new WeakMap<BBox, number>();

/** The lowest OCR word confidence (0–100) of the cell whose box this is; undefined for text layers. */
export function ocrConfidence(bbox: BBox | null | undefined): number | undefined {
  return bbox ? ocrConf.get(bbox) : undefined;
}

export function buildEvidence(pages: PageText[], extraText: string | null = null): Evidence {
  const lines: EvLine[] = [];
  const byPage = new Map<number, EvLine[]>();
  for (const page of pages) {
    const pageLines: EvLine[] = [];
    if (page.lines.length && page.words.length) {
      const hMed = median(page.lines.map((l) => l.bbox.h)) || 10;
      const ocr = page.source !== 'native';
      const ocrTextH = ocr ? ocrPageTextHeight(page.words) : 0;
      // OCR: tesseract's lines joined into the page's visual rows, as a text layer has them.
      for (const lineWords of ocr ? ocrRows(page.words, page.lines) : page.lines.map((l) => l.words)) {
        const read = lineWords.map((i) => page.words[i]!).filter(Boolean);
        if (!read.length) continue;
        // OCR boxes include specks and noise: trimmed, and gaps measured against the glyphs' height.
        const tidy = ocr ? tidyOcrLine(read, ocrTextH) : null;
        const words = tidy ? tidy.words : read;
        const wh = median(words.map((w) => w.bbox.h)) || hMed;
        const gapH = tidy?.gapHeight || wh;
        const segs: Array<{ words: typeof words }> = [];
        let cur: typeof words = [];
        let prev: (typeof words)[number] | null = null;
        for (const w of words) {
          // A gap much wider than a space starts a new cell (column layouts, label/value tables).
          if (prev && w.bbox.x - (prev.bbox.x + prev.bbox.w) > Math.max(gapH * 1.6, 9)) {
            segs.push({ words: cur });
            cur = [];
          }
          cur.push(w);
          prev = w;
        }
        if (cur.length) segs.push({ words: cur });
        const index = lines.length + pageLines.length;
        const segments = segs.map((s, col) => ({ text: joinLetterSpaced(clean(s.words.map((w) => w.text).join(' '))), bbox: union(s.words.map((w) => w.bbox)), line: index, col })).filter((s) => s.text);
        // OCR: misread labels, IBANs and VAT ids repaired where a check confirms the reading.
        const asRead = segments.map((s) => s.text);
        if (ocr) segments.forEach(repairOcrSegment);
        // OCR: the weakest word of each cell, looked up by the cell's box (see ocrConfidence); label
        // words the repair rewrote do not count (their misreading is what was repaired).
        if (page.source !== 'native') segs.forEach((s, col) => segments[col] && ocrConf.set(segments[col]!.bbox, ocrCellConfidence(s.words, asRead[col]!, segments[col]!.text)));
        if (!segments.length) continue;
        pageLines.push({ index, page: page.page, component_ref: page.component_ref, text: segments.map((s) => s.text).join('   '), bbox: union(segments.map((s) => s.bbox)), segments, scale: wh / hMed, pageLine: pageLines.length, pageHeight: page.height, pageWidth: page.width, source: page.source, positioned: true });
      }
    } else {
      pageLines.push(...synthetic(page.text, page.page, page.component_ref, page.source, lines.length));
    }
    if (page.source !== 'native' && page.words.length) repairOcrPageAmounts(pageLines, '   ');
    pageLines.forEach((l, i) => (l.pageLine = i));
    lines.push(...pageLines);
    byPage.set(page.page, pageLines);
  }
  if (extraText && extraText.trim()) {
    const extra = synthetic(extraText, 0, 'text', 'text_field', lines.length);
    lines.push(...extra);
    byPage.set(0, extra);
  }
  return { lines, pages: byPage };
}

/** Lines of plain text laid out on a virtual page: 12 units per line, 5 per character. */
function synthetic(text: string, page: number, ref: string, source: EvLine['source'], start: number): EvLine[] {
  const out: EvLine[] = [];
  const raw = text.split('\n');
  const height = Math.max(841.89, raw.length * 12 + 24);
  for (const rawLine of raw) {
    if (!rawLine.trim()) continue;
    const y = 12 + out.length * 12;
    const index = start + out.length;
    const segments: Segment[] = [];
    let x = 0;
    for (const part of rawLine.split(/(\t+| {3,})/)) {
      if (/^(\t+| {3,})$/.test(part)) {
        x += part.length * 5;
        continue;
      }
      const t = clean(part);
      if (t) segments.push({ text: t, bbox: { x, y, w: part.length * 5, h: 10 }, line: index, col: segments.length });
      x += part.length * 5;
    }
    if (!segments.length) continue;
    out.push({ index, page, component_ref: ref, text: segments.map((s) => s.text).join('   '), bbox: union(segments.map((s) => s.bbox)), segments, scale: 1, pageLine: out.length, pageHeight: height, pageWidth: 595.28, source, positioned: false });
  }
  return out;
}

/** Lines of a page sorted top to bottom (OCR may list columns as separate blocks). */
function byY(ev: Evidence, page: number): EvLine[] {
  const cached = sortedCache.get(ev)?.get(page);
  if (cached) return cached;
  const sorted = [...(ev.pages.get(page) ?? [])].sort((a, b) => a.bbox.y - b.bbox.y);
  if (!sortedCache.has(ev)) sortedCache.set(ev, new Map());
  sortedCache.get(ev)!.set(page, sorted);
  return sorted;
}
const sortedCache = new WeakMap<Evidence, Map<number, EvLine[]>>();

/** The segment right below `s` (same column, the next rows), if any. */
export function below(ev: Evidence, s: Segment, maxLines = 2, headerColumns = false): Segment | null {
  const line = ev.lines[s.line]!;
  const h = Math.max(6, s.bbox.h);
  // With `headerColumns` (generic extraction), a label in a header row of several labels owns
  // the column up to the next label, the last one the rest of the row: a value right-aligned
  // under a left-aligned heading ("Net | VAT | Total" over their amounts) is its.
  const next = line.segments.filter((c) => c.bbox.x > s.bbox.x + s.bbox.w).sort((a, b) => a.bbox.x - b.bbox.x)[0];
  const header = headerColumns && line.segments.length > 1;
  const inColumn = (c: Segment) => header && c.bbox.x >= s.bbox.x - 2 && c.bbox.x + c.bbox.w <= (next ? next.bbox.x - 2 : line.pageWidth);
  for (const l of byY(ev, line.page)) {
    if (l === line) continue;
    if (l.bbox.y - (s.bbox.y + s.bbox.h) > h * 2.2 * maxLines) break;
    // A cell under the label by its own top: OCR joins a value's row with a taller cell beside it, and the row's top
    // is that cell's (below34b). The reach stays the row's: a cell set lower in a row within reach still counts.
    const cells = l.segments.filter((c) => c.bbox.y >= s.bbox.y + h * 0.5);
    const hit = cells.find((c) => overlapX(c.bbox, s.bbox) > 0.3 * Math.min(c.bbox.w, s.bbox.w) || Math.abs(c.bbox.x + c.bbox.w - (s.bbox.x + s.bbox.w)) < 6) ?? cells.find(inColumn);
    if (hit) return hit;
  }
  return null;
}

/** The nearest segment right of `s` on the same visual row, in another line (OCR blocks). */
export function rightOf(ev: Evidence, s: Segment): Segment | null {
  const line = ev.lines[s.line]!;
  let best: Segment | null = null;
  for (const l of byY(ev, line.page)) {
    if (l === line) continue;
    if (l.bbox.y > s.bbox.y + s.bbox.h) break;
    for (const c of l.segments) {
      const overlapY = Math.min(c.bbox.y + c.bbox.h, s.bbox.y + s.bbox.h) - Math.max(c.bbox.y, s.bbox.y);
      if (overlapY < 0.5 * Math.min(c.bbox.h, s.bbox.h) || c.bbox.x < s.bbox.x + s.bbox.w) continue;
      if (c.bbox.x - (s.bbox.x + s.bbox.w) > line.pageWidth * 0.35) continue;
      if (!best || c.bbox.x < best.bbox.x) best = c;
    }
  }
  return best;
}

/**
 * A label whose value is printed on the next row, further right (forms with right-aligned
 * values): the only segment of the next row right of the label, when the label ends its row.
 */
export function belowRight(ev: Evidence, s: Segment): Segment | null {
  const line = ev.lines[s.line]!;
  if (line.segments[line.segments.length - 1] !== s) return null;
  const h = Math.max(6, s.bbox.h);
  const next = byY(ev, line.page).find((l) => l !== line && l.bbox.y >= s.bbox.y + h * 0.5);
  if (!next || next.bbox.y - (s.bbox.y + s.bbox.h) > h * 1.5) return null;
  const cand = next.segments.filter((c) => c.bbox.x > s.bbox.x + s.bbox.w * 0.5 && c.bbox.x < s.bbox.x + s.bbox.w + line.pageWidth * 0.4);
  return cand.length === 1 ? cand[0]! : null;
}

/**
 * The value cell beside a label that is alone on its line, set on the neighbouring lines because the
 * cell wraps ("EUR" over, "102143.64" under a vertically centred "Summe brutto"; recall20): a segment
 * right of the label on another line whose height overlaps the label's by a quarter of its height or more,
 * holding a digit; only when exactly one such segment exists.
 */
export function straddlingRight(ev: Evidence, s: Segment): Segment | null {
  const line = ev.lines[s.line]!;
  if (line.segments[line.segments.length - 1] !== s) return null;
  const h = Math.max(6, s.bbox.h);
  const overlapY = (b: BBox) => Math.max(0, Math.min(s.bbox.y + s.bbox.h, b.y + b.h) - Math.max(s.bbox.y, b.y));
  const cand = byY(ev, line.page)
    .filter((l) => l !== line && Math.abs(l.bbox.y - s.bbox.y) < h * 1.5)
    .flatMap((l) => l.segments)
    .filter((c) => c.bbox.x > s.bbox.x + s.bbox.w && /\d/.test(c.text) && overlapY(c.bbox) >= h * 0.25);
  return cand.length === 1 ? cand[0]! : null;
}

export function overlapX(a: BBox, b: BBox): number {
  return Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x));
}

/** Page text with offsets back to lines, for sentence rules that run across line breaks. */
export interface Flow {
  text: string;
  /** Start offset of every line in `text`, with its line index. */
  starts: Array<{ at: number; line: number }>;
}

export function pageFlow(ev: Evidence, page: number): Flow {
  const starts: Flow['starts'] = [];
  let text = '';
  for (const l of ev.pages.get(page) ?? []) {
    starts.push({ at: text.length, line: l.index });
    text += `${l.text}\n`;
  }
  return { text, starts };
}

export function lineAt(flow: Flow, offset: number): number {
  let lo = 0;
  let hi = flow.starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (flow.starts[mid]!.at <= offset) lo = mid;
    else hi = mid - 1;
  }
  return flow.starts[lo]?.line ?? 0;
}
