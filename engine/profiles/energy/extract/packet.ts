// Packet analysis: which pages form one independently issued invoice, and whether a page
// group is an invoice at all. Signals, strongest first: a printed page counter that restarts
// ("Seite 1 von 3", "1/3", "- 1 -"), an invoice number that changes, a first page with a
// new address block and title. A group without invoice number and totals (price-change
// letters, contracts, welcome letters) is not an invoice.
import type { Evidence, EvLine, Segment } from '../../../extract/evidence.js';
import { below } from '../../../extract/evidence.js';

export interface PageFacts {
  page: number;
  /** Printed page counter, e.g. {n: 1, of: 3, raw: "Seite 1 von 3"}. */
  counter: { n: number; of: number | null; raw: string } | null;
  invoiceNumbers: string[];
  /** Title words of an invoice / a non-invoice in the upper half of the page. */
  invoiceTitle: boolean;
  letterTitle: boolean;
  hasTotals: boolean;
}

export const INVOICE_NUMBER_LABEL = /\b(?:rechnungs?[- ]?(?:nummer|nr\.?)|\p{L}*(?:rechnung|gutschrift)(?:\s+\p{L}+)?\s+(?:nr\.?|nummer)|beleg[- ]?(?:nummer|nr\.?)|gutschrift(?:s)?[- ]?(?:nummer|nr\.?)|abrechnungs?[- ]?(?:nummer|nr\.?)|dokumenten?[- ]?(?:nummer|nr\.?))(?=[\s:.]|$)/iu;
export const INVOICE_TITLE = /(rechnung|abrechnung|gutschrift)/i;
export const LETTER_TITLE = /(preisanpassung|preisänderung|preiserhöhung|preissenkung|änderung (?:ihrer|deiner|der) preise|neue preise|vertragsbestätigung|auftragsbestätigung|lieferbestätigung|willkommen|kündigungsbestätigung|vertragsänderung|informationsschreiben)/i;
const TOTALS = /(rechnungsbetrag|gesamtbetrag|bruttobetrag|summe brutto|gesamt brutto|zu zahlen|nachzahlung|guthaben|gutschriftsbetrag|endbetrag|abschlagsbetrag)/i;

const COUNTER = [
  /^(?:seite|blatt|page)\s*(\d{1,2})\s*(?:von|\/|of)\s*(\d{1,2})$/i,
  /^(\d{1,2})\s*\/\s*(\d{1,2})$/,
  /^[-–]\s?(\d{1,2})\s?[-–]$/,
  /^(?:seite|blatt)\s*(\d{1,2})$/i,
];

export function pageCounter(lines: EvLine[]): PageFacts['counter'] {
  for (const l of lines) {
    // Counters sit in the top or bottom band.
    if (l.bbox.y > l.pageHeight * 0.12 && l.bbox.y < l.pageHeight * 0.75) continue;
    for (const s of l.segments) {
      for (const re of COUNTER) {
        const m = re.exec(s.text.trim());
        if (m) return { n: Number(m[1]), of: m[2] ? Number(m[2]) : null, raw: s.text.trim() };
      }
    }
  }
  return null;
}

export function invoiceNumberOf(text: string): string | null {
  const m = /^[:.#]?\s*([A-Z0-9][A-Z0-9./\- ]{3,30}[A-Z0-9])/i.exec(text.trim());
  if (!m) return null;
  const v = m[1]!.trim();
  if (!/\d{3}/.test(v)) return null;
  if (/^\d{1,2}\.\d{1,2}\.\d{2,4}$/.test(v)) return null;
  // Another label or a date after the number is not part of it.
  return v.replace(/\s+(?:vom|datum|date)\b.*$/i, '').replace(/\s\d{1,2}\.\d{1,2}\.\d{4}$/, '');
}

export interface NumberHit {
  value: string;
  line: EvLine;
  seg: Segment;
  label: string;
}

/** Invoice numbers printed after their label: in the label's cell, the next cell, or below it. */
const OTHER_BILL = /(?:letzte[nr]?|vorherige[nr]?|vorige[nr]?|ursprüngliche[nr]?|bisherige[nr]?|frühere[nr]?|ersetzt(?: die| unsere)?|storniert(?: die)?|korrigiert(?: die)?|zu (?:ihrer|deiner|der|unserer))\s+(?:\p{L}+\s+)?$/iu;

export function invoiceNumbersIn(ev: Evidence, lines: EvLine[]): NumberHit[] {
  const out: NumberHit[] = [];
  for (const l of lines) {
    for (let i = 0; i < l.segments.length; i++) {
      const s = l.segments[i]!;
      const m = INVOICE_NUMBER_LABEL.exec(s.text);
      if (!m) continue;
      // "Ihre letzte Rechnung Nr. …", "ersetzt die Rechnung Nr. …": another bill's number.
      if (OTHER_BILL.test(s.text.slice(Math.max(0, m.index - 40), m.index))) continue;
      const rest = s.text.slice(m.index + m[0].length);
      let v = invoiceNumberOf(rest);
      let seg = s;
      if (!v && !rest.trim() && l.segments[i + 1]) {
        seg = l.segments[i + 1]!;
        v = invoiceNumberOf(seg.text);
      }
      if (!v && !rest.trim()) {
        const b = below(ev, s, 1);
        if (b) {
          seg = b;
          v = invoiceNumberOf(b.text);
        }
      }
      if (v) out.push({ value: v, line: ev.lines[seg.line]!, seg, label: m[0] });
    }
  }
  return out;
}

export function pageFacts(ev: Evidence, page: number): PageFacts {
  const lines = ev.pages.get(page) ?? [];
  const invoiceNumbers = new Set(invoiceNumbersIn(ev, lines).map((h) => h.value.replace(/\s/g, '')));
  const upper = lines.filter((l) => l.bbox.y < l.pageHeight * 0.5);
  return {
    page,
    counter: pageCounter(lines),
    invoiceNumbers: [...invoiceNumbers],
    invoiceTitle: upper.some((l) => INVOICE_TITLE.test(l.text) && l.text.length < 90),
    letterTitle: upper.some((l) => LETTER_TITLE.test(l.text) && l.text.length < 110),
    // The amount may sit in another OCR block on the same row.
    hasTotals: lines.some((l) => TOTALS.test(l.text) && lines.some((o) => Math.abs(o.bbox.y - l.bbox.y) < Math.max(4, l.bbox.h * 0.6) && /\d,\d{2}/.test(o.text))),
  };
}

export interface PageGroup {
  pages: number[];
  facts: PageFacts[];
}

/** Split the pages into independently issued documents. */
export function splitPages(ev: Evidence, pages: number[]): PageGroup[] {
  const facts = pages.map((p) => pageFacts(ev, p));
  const groups: PageGroup[] = [];
  let cur: PageGroup | null = null;
  let curNumbers = new Set<string>();
  for (const f of facts) {
    let start = !cur;
    if (cur) {
      const prev = cur.facts[cur.facts.length - 1]!;
      if (f.counter && f.counter.n === 1 && prev.counter) start = true;
      else if (f.counter && prev.counter && prev.counter.of !== null && prev.counter.n === prev.counter.of && f.counter.n === 1) start = true;
      else if (f.invoiceNumbers.length && curNumbers.size && !f.invoiceNumbers.some((n) => curNumbers.has(n)) && !(f.counter && f.counter.n > 1)) start = true;
    }
    if (start) {
      cur = { pages: [], facts: [] };
      curNumbers = new Set();
      groups.push(cur);
    }
    cur!.pages.push(f.page);
    cur!.facts.push(f);
    f.invoiceNumbers.forEach((n) => curNumbers.add(n));
  }
  return groups;
}

/** An invoice carries a number and totals; a letter announcing prices carries neither (or says what it is). */
export function isInvoice(g: PageGroup): boolean {
  const numbered = g.facts.some((f) => f.invoiceNumbers.length > 0);
  const totals = g.facts.some((f) => f.hasTotals);
  const titled = g.facts.some((f) => f.invoiceTitle);
  const letter = g.facts[0]!.letterTitle && !g.facts[0]!.invoiceTitle;
  return (numbered || titled) && totals && !letter;
}
