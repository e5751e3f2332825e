// Page writer for generated bills: text at top-left coordinates in points, fonts
// F1 Helvetica, F2 Helvetica-Bold, F3 Courier (WinAnsi), automatic page breaks with a
// running header and footer per page. Produces the page list for buildFixturePdf.
import type { FixturePage } from '../pdf-fixtures.js';
import { pdfText } from '../pdf-fixtures.js';

/** WinAnsi has € and the dashes at 0x80/0x96/0x97; pdfText covers Latin-1. */
const winAnsi = (s: string) => pdfText(s.replace(/€/g, '\x80').replace(/–/g, '\x96').replace(/—/g, '\x97').replace(/→/g, '->'));

export type Font = 'F1' | 'F2' | 'F3';

/** Approximate advance widths (per 1 pt of font size) — good enough to right-align numbers. */
function width(text: string, size: number, font: Font): number {
  if (font === 'F3') return text.length * 0.6 * size;
  let w = 0;
  for (const ch of text) w += /[il.,:;'|!]/.test(ch) ? 0.28 : /[mwMW@]/.test(ch) ? 0.85 : /[A-ZÄÖÜ]/.test(ch) ? 0.68 : /\d/.test(ch) ? 0.556 : /\s/.test(ch) ? 0.278 : 0.52;
  return w * size * (font === 'F2' ? 1.05 : 1);
}

export interface PageDecor {
  /** Drawn on every page after its content: page counter, footer, running header. */
  (w: PageWriter, pageIndex: number, pageCount: number): void;
}

export class PageWriter {
  private pages: string[][] = [[]];
  y = 60;
  readonly height = 842;
  readonly width = 595;
  bottom = 760;
  top = 60;

  get page(): number {
    return this.pages.length - 1;
  }

  text(x: number, y: number, s: string, size = 9, font: Font = 'F1', page = this.page): void {
    if (!s) return;
    this.pages[page]!.push(`BT /${font} ${size} Tf ${x.toFixed(2)} ${(this.height - y - size).toFixed(2)} Td ${winAnsi(s)} Tj ET`);
  }

  right(xRight: number, y: number, s: string, size = 9, font: Font = 'F1', page = this.page): void {
    this.text(xRight - width(s, size, font), y, s, size, font, page);
  }

  rule(x1: number, y: number, x2: number, page = this.page): void {
    this.pages[page]!.push(`0.5 w ${x1} ${this.height - y} m ${x2} ${this.height - y} l S`);
  }

  box(x: number, y: number, w: number, h: number, gray = 0.93, page = this.page): void {
    this.pages[page]!.push(`q ${gray} g ${x} ${this.height - y - h} ${w} ${h} re f Q`);
  }

  /** Advance the cursor by `h`; break the page first when the block would not fit. */
  need(h: number, onBreak?: () => void): void {
    if (this.y + h > this.bottom) {
      this.newPage();
      onBreak?.();
    }
  }

  newPage(): void {
    this.pages.push([]);
    this.y = this.top;
  }

  /** Wrapped paragraph in the given column. */
  para(x: number, maxWidth: number, s: string, size = 9, font: Font = 'F1', lead = 1.35): void {
    const words = s.split(' ');
    let cur = '';
    const flush = () => {
      this.need(size * lead);
      this.text(x, this.y, cur, size, font);
      this.y += size * lead;
      cur = '';
    };
    for (const wd of words) {
      const next = cur ? `${cur} ${wd}` : wd;
      if (width(next, size, font) > maxWidth && cur) {
        flush();
        cur = wd;
      } else cur = next;
    }
    if (cur) flush();
  }

  finish(decor?: PageDecor): FixturePage[] {
    const n = this.pages.length;
    if (decor) for (let i = 0; i < n; i++) decor(this, i, n);
    return this.pages.map((ops) => ({ content: ops.join('\n') }));
  }
}

// ------------------------------------------------------------------ German formatting

export function de(n: number | string, decimals = 2): string {
  const v = typeof n === 'string' ? Number(n) : n;
  const neg = v < 0;
  const [i, d] = Math.abs(v).toFixed(decimals).split('.');
  const grouped = i!.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${neg ? '-' : ''}${grouped}${decimals ? `,${d}` : ''}`;
}

/** Cents → "1.234,56". */
export const money = (cents: number) => de(cents / 100, 2);

/** A printed decimal with its own number of decimals: "0.277" → "0,277". */
export const dec = (v: string) => {
  const [i, d] = v.split('.');
  return `${de(Number(i), 0)}${d ? `,${d}` : ''}`;
};

export const dmy = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
const MONTHS = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];
export const longDate = (iso: string) => `${Number(iso.slice(8, 10))}. ${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;
