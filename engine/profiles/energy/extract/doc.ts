// The text view the energy rules work on: the evidence lines of some pages (segments split
// at wide gaps, with boxes), label/value look-ups and the evidence records they produce.
import type { Evidence, EvLine, Segment } from '../../../extract/evidence.js';
import { below, pageSizeOf, rightOf } from '../../../extract/evidence.js';
import type { EnergyEvidence, FieldQuality } from '../payload.js';

export interface Span {
  line: EvLine;
  /** The segment (cell) holding the value, when it is one; otherwise the whole line. */
  seg: Segment | null;
  text: string;
  label: string | null;
}

export interface Hit<T> extends Span {
  value: T;
  /** The label's cell holds the label alone or label and value (not "Datum alt" over a reading date). */
  bare?: boolean;
}

export interface LabelOpts {
  lines?: EvLine[];
  below?: boolean;
  sameLineOnly?: boolean;
}

export class DocView {
  readonly lines: EvLine[];

  constructor(
    readonly ev: Evidence,
    readonly pages: number[],
    readonly printedPages: Map<number, string | null>,
  ) {
    this.lines = pages.flatMap((p) => [...(ev.pages.get(p) ?? [])].sort((a, b) => a.bbox.y - b.bbox.y || a.bbox.x - b.bbox.x));
  }

  private repeated: Set<string> | null = null;

  /**
   * Page furniture: lines in the lower half that repeat on other pages of the document
   * (company footers), or the last sliver of the page.
   */
  isFooter(l: EvLine): boolean {
    if (!this.repeated) {
      const seen = new Map<string, Set<number>>();
      for (const x of this.ev.lines) {
        const k = furnitureKey(x);
        if (!seen.has(k)) seen.set(k, new Set());
        seen.get(k)!.add(x.page);
      }
      // Furniture repeats on most pages; a table row that happens to recur in a packet does not.
      const need = Math.max(2, Math.ceil(this.ev.pages.size / 2));
      this.repeated = new Set([...seen].filter(([, pages]) => pages.size >= need).map(([k]) => k));
    }
    if (l.bbox.y > l.pageHeight * 0.94) return true;
    return l.bbox.y > l.pageHeight * 0.6 && this.repeated.has(furnitureKey(l));
  }

  /**
   * A labelled value: the rest of the label's cell, the next cell on its row, or the cell
   * below (column headers). `parse` decides whether a candidate is a value of the field.
   */
  labelled<T>(label: RegExp, parse: (text: string) => T | null, opts: LabelOpts = {}): Hit<T> | null {
    for (const h of this.labelledHits(label, parse, opts)) return h;
    return null;
  }

  /**
   * The first labelled value and every other value the same label family gives elsewhere:
   * a second, different candidate means the label alone does not settle the field.
   */
  labelledWithRivals<T>(label: RegExp, parse: (text: string) => T | null, opts: LabelOpts = {}): { hit: Hit<T> | null; rival: string | null } {
    let hit: Hit<T> | null = null;
    for (const h of this.labelledHits(label, parse, opts)) {
      if (!hit) hit = h;
      else if (!h.bare) continue;
      else if (typeof h.value === 'string' && typeof hit.value === 'string' ? !sameId(h.value, hit.value) : JSON.stringify(h.value) !== JSON.stringify(hit.value)) return { hit, rival: `another ${JSON.stringify(h.label)} reads ${JSON.stringify(h.value)}` };
    }
    return { hit, rival: null };
  }

  /** Every labelled value, one per label occurrence, in reading order. */
  *labelledHits<T>(label: RegExp, parse: (text: string) => T | null, opts: LabelOpts = {}): Generator<Hit<T>> {
    for (const l of opts.lines ?? this.lines) {
      for (let i = 0; i < l.segments.length; i++) {
        const s = l.segments[i]!;
        const m = label.exec(s.text);
        if (!m) continue;
        const rest = s.text.slice(m.index + m[0].length).replace(/^\s*[:.]?\s*/, '');
        const bare = !rest.trim();
        if (rest) {
          const v = parse(rest);
          if (v !== null) {
            yield { value: v, line: l, seg: s, text: s.text, label: m[0], bare: true };
            continue;
          }
        }
        if (m.index + m[0].length < s.text.length - 1 && rest && opts.sameLineOnly) continue;
        const next = l.segments[i + 1];
        if (next) {
          const v = parse(next.text);
          if (v !== null) {
            yield { value: v, line: l, seg: next, text: next.text, label: m[0], bare };
            continue;
          }
        }
        if (!rest && i === l.segments.length - 1) {
          // OCR reads label and value columns as separate blocks: the value is on the same row.
          const r = rightOf(this.ev, s);
          if (r) {
            const v = parse(r.text);
            if (v !== null) {
              yield { value: v, line: this.ev.lines[r.line]!, seg: r, text: r.text, label: m[0], bare };
              continue;
            }
          }
        }
        if (opts.below !== false && !opts.sameLineOnly) {
          const b = below(this.ev, s, 1);
          if (b) {
            const v = parse(b.text);
            if (v !== null) yield { value: v, line: this.ev.lines[b.line]!, seg: b, text: b.text, label: m[0], bare };
          }
        }
      }
    }
  }

  /** Every line whose text matches, with the match. */
  grep(re: RegExp, lines: EvLine[] = this.lines): Array<{ line: EvLine; m: RegExpExecArray }> {
    const out: Array<{ line: EvLine; m: RegExpExecArray }> = [];
    for (const l of lines) {
      const m = re.exec(l.text);
      if (m) out.push({ line: l, m });
    }
    return out;
  }

  private flows = new WeakMap<EvLine[], { text: string; at: (offset: number) => EvLine }>();

  /** Running text of the lines with their offsets, for sentences that wrap (memoized per line list). */
  flow(lines: EvLine[] = this.lines): { text: string; at: (offset: number) => EvLine } {
    const cached = this.flows.get(lines);
    if (cached) return cached;
    let text = '';
    const starts: number[] = [];
    for (const l of lines) {
      starts.push(text.length);
      text += `${l.text}\n`;
    }
    const at = (offset: number) => {
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid]! <= offset) lo = mid;
        else hi = mid - 1;
      }
      return lines[lo]!;
    };
    const f = { text, at };
    this.flows.set(lines, f);
    return f;
  }
}

/** Collects evidence for every value the rules set (one record per entity field). */
export class EvidenceLog {
  readonly records: EnergyEvidence[] = [];

  constructor(
    private readonly view: DocView,
    private readonly invoiceRef: string,
  ) {}

  add(entityRef: string, field: string, span: Span | null, opts: { match?: EnergyEvidence['match']; status?: FieldQuality; unconfirmed?: string | null } = {}): void {
    if (!span) return;
    if (this.records.some((r) => r.entity_ref === entityRef && r.field === field)) return;
    const l = span.line;
    const box = span.seg?.bbox ?? l.bbox;
    const size = pageSizeOf(l);
    this.records.push({
      invoice_ref: this.invoiceRef,
      entity_ref: entityRef,
      field,
      field_status: opts.status ?? 'extracted',
      component_ref: l.component_ref,
      physical_page: l.page,
      printed_page: this.view.printedPages.get(l.page) ?? null,
      label: span.label,
      text: span.text,
      source: l.source === 'native' ? 'native_text' : l.source === 'ocr' ? 'tesseract_ocr' : l.source === 'combined' ? 'combined' : 'native_text',
      match: opts.match ?? 'normalized',
      bbox: { x: round(box.x), y: round(box.y), w: round(box.w), h: round(box.h) },
      page_size: size ? { width: round(size.width), height: round(size.height), unit: 'pt' } : null,
      ...(opts.unconfirmed ? { unconfirmed: opts.unconfirmed } : {}),
    });
  }

  /** Withdraws a doubt the rule that raised it has resolved (a cell's second line was joined). */
  settle(entityRef: string, field: string): void {
    const r = this.records.find((x) => x.entity_ref === entityRef && x.field === field);
    if (r) delete r.unconfirmed;
  }

  /** Marks a recorded field as not settled by its span (see EnergyEvidence.unconfirmed). */
  doubt(entityRef: string, field: string, why: string): void {
    const r = this.records.find((x) => x.entity_ref === entityRef && x.field === field);
    if (r && !r.unconfirmed) r.unconfirmed = why;
  }

  has(entityRef: string, field: string): boolean {
    return this.records.some((r) => r.entity_ref === entityRef && r.field === field);
  }
}

/**
 * The same identifier printed twice: equal once spaces and dots are gone, one reading may run
 * on into the words after it ("7157.359.147 auf unser Konto").
 */
export function sameId(a: string, b: string): boolean {
  const c = (t: string) => t.replace(/[\s./-]/g, '').toUpperCase();
  const x = c(a);
  const y = c(b);
  return x.startsWith(y) || y.startsWith(x);
}

/** Same text at about the same height (furniture is printed at a fixed position). */
const furnitureKey = (l: EvLine) => `${Math.round(l.bbox.y / 24)}|${l.text.replace(/\s+/g, ' ').trim().toLowerCase()}`;

const round = (n: number) => Math.round(n * 100) / 100;

export function spanOf(line: EvLine, label: string | null = null, text?: string): Span {
  return { line, seg: null, text: text ?? line.text, label };
}
