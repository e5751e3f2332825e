// The text view the energy rules work on: the evidence lines of some pages (segments split
// at wide gaps, with boxes), label/value look-ups and the evidence records they produce.
import type { Evidence, EvLine, Segment } from '../../../extract/evidence.js';
import { below } from '../../../extract/evidence.js';
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

  /** Lines in the body of a page: not in the bottom band (footers repeat on every page). */
  isFooter(l: EvLine): boolean {
    return l.bbox.y > l.pageHeight * 0.86;
  }

  /**
   * A labelled value: the rest of the label's cell, the next cell on its row, or the cell
   * below (column headers). `parse` decides whether a candidate is a value of the field.
   */
  labelled<T>(label: RegExp, parse: (text: string) => T | null, opts: { lines?: EvLine[]; below?: boolean; sameLineOnly?: boolean } = {}): Hit<T> | null {
    for (const l of opts.lines ?? this.lines) {
      for (let i = 0; i < l.segments.length; i++) {
        const s = l.segments[i]!;
        const m = label.exec(s.text);
        if (!m) continue;
        const rest = s.text.slice(m.index + m[0].length).replace(/^\s*[:.]?\s*/, '');
        if (rest) {
          const v = parse(rest);
          if (v !== null) return { value: v, line: l, seg: s, text: s.text, label: m[0] };
        }
        if (m.index + m[0].length < s.text.length - 1 && rest && opts.sameLineOnly) continue;
        const next = l.segments[i + 1];
        if (next) {
          const v = parse(next.text);
          if (v !== null) return { value: v, line: l, seg: next, text: next.text, label: m[0] };
        }
        if (opts.below !== false && !opts.sameLineOnly) {
          const b = below(this.ev, s, 1);
          if (b) {
            const v = parse(b.text);
            if (v !== null) return { value: v, line: this.ev.lines[b.line]!, seg: b, text: b.text, label: m[0] };
          }
        }
      }
    }
    return null;
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

  /** Running text of the lines with their offsets, for sentences that wrap. */
  flow(lines: EvLine[] = this.lines): { text: string; at: (offset: number) => EvLine } {
    let text = '';
    const starts: Array<[number, EvLine]> = [];
    for (const l of lines) {
      starts.push([text.length, l]);
      text += `${l.text}\n`;
    }
    return {
      text,
      at: (offset) => {
        let best = starts[0]![1];
        for (const [at, l] of starts) {
          if (at > offset) break;
          best = l;
        }
        return best;
      },
    };
  }
}

/** Collects evidence for every value the rules set (one record per entity field). */
export class EvidenceLog {
  readonly records: EnergyEvidence[] = [];

  constructor(
    private readonly view: DocView,
    private readonly invoiceRef: string,
  ) {}

  add(entityRef: string, field: string, span: Span | null, opts: { match?: EnergyEvidence['match']; status?: FieldQuality } = {}): void {
    if (!span) return;
    if (this.records.some((r) => r.entity_ref === entityRef && r.field === field)) return;
    const l = span.line;
    const box = span.seg?.bbox ?? l.bbox;
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
    });
  }

  has(entityRef: string, field: string): boolean {
    return this.records.some((r) => r.entity_ref === entityRef && r.field === field);
  }
}

const round = (n: number) => Math.round(n * 100) / 100;

export function spanOf(line: EvLine, label: string | null = null, text?: string): Span {
  return { line, seg: null, text: text ?? line.text, label };
}
