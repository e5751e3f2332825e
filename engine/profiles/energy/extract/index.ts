// Deterministic extractor of `de.energy.supply-invoice`: read document in, payload plus
// evidence out (pure, no I/O). Packet analysis first (which pages are one invoice, which are
// not invoices at all), then the field rules per invoice. The validation policy
// (../policy.ts, owned by the profile) judges the result; this module never sets outcomes
// beyond `needs_review` placeholders.
import { buildEvidence } from '../../../extract/evidence.js';
import type { Component, Line, PageText, Word } from '../../../formats/model.js';
import type { Commodity, EnergyEvidence, EnergyExtraction, EnergyInvoice } from '../payload.js';
import { DocView, EvidenceLog } from './doc.js';
import { extractInvoice } from './invoice.js';
import { isInvoice, splitPages } from './packet.js';

export const ENERGY_EXTRACTOR_VERSION = 'docdesk-energy:2026-11-26.7';

/** What the reading layer produced for a document: components and their pages of positioned words. */
export interface ReadDocument {
  components?: Component[];
  pages: PageText[];
}

/**
 * OCR reads table rules and box edges as `|`, `[`, `‘`…: strip them from word edges so
 * labels and values start where the printed text does. Native text is left alone.
 */
function cleanOcr(page: PageText): PageText {
  if (page.source === 'native') return page;
  const words = page.words.map((w) => ({ ...w, text: repairOcrWord(w.text.replace(/^[|[\]{}‘’‚„“”"'_=~`´¦]+|[|[\]{}‘’‚„“”"_=~`´¦]+$/g, '')) }));
  return { ...page, words, lines: joinRows(words, page.lines) };
}

const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[xs.length >> 1]! : 0);

/**
 * OCR reads a table column by column: one row's description, period, quantity and amount come
 * back as separate lines. Lines side by side on the same baseline (after the page's skew,
 * measured on the OCR's own multi-word lines) become one row again, cells in x order, as the
 * native text layer gives them.
 */
export function joinRows(words: Word[], lines: Line[]): Line[] {
  const cy = (w: Word) => w.bbox.y + w.bbox.h / 2;
  const cx = (w: Word) => w.bbox.x + w.bbox.w / 2;
  const slopes: number[] = [];
  for (const l of lines) {
    const ws = l.words.map((i) => words[i]!).filter(Boolean);
    if (ws.length < 3) continue;
    const a = ws[0]!;
    const b = ws[ws.length - 1]!;
    if (cx(b) - cx(a) > 80) slopes.push((cy(b) - cy(a)) / (cx(b) - cx(a)));
  }
  const skew = slopes.length >= 3 ? median(slopes) : 0;
  const units = lines
    .map((l) => {
      const ws = l.words.filter((i) => words[i]);
      if (!ws.length) return null;
      const x0 = Math.min(...ws.map((i) => words[i]!.bbox.x));
      const x1 = Math.max(...ws.map((i) => words[i]!.bbox.x + words[i]!.bbox.w));
      return { line: l, ws, x0, x1, y: median(ws.map((i) => cy(words[i]!) - skew * cx(words[i]!))), h: median(ws.map((i) => words[i]!.bbox.h)) };
    })
    .filter((u): u is NonNullable<typeof u> => u !== null)
    .sort((a, b) => a.y - b.y);
  const rows: Array<{ units: typeof units; y: number; h: number }> = [];
  for (const u of units) {
    const row = rows.find((r) => Math.abs(r.y - u.y) < 0.5 * Math.min(r.h, u.h) && r.units.every((o) => u.x0 >= o.x1 - 2 || u.x1 <= o.x0 + 2));
    if (row) row.units.push(u);
    else rows.push({ units: [u], y: u.y, h: u.h });
  }
  return rows.map((r) => {
    if (r.units.length === 1) return r.units[0]!.line;
    const parts = [...r.units].sort((a, b) => a.x0 - b.x0);
    const ws = parts.flatMap((p) => p.ws);
    const boxes = ws.map((i) => words[i]!.bbox);
    const x = Math.min(...boxes.map((b) => b.x));
    const y = Math.min(...boxes.map((b) => b.y));
    return {
      text: parts.map((p) => p.line.text).join(' '),
      bbox: { x, y, w: Math.max(...boxes.map((b) => b.x + b.w)) - x, h: Math.max(...boxes.map((b) => b.y + b.h)) - y },
      words: ws,
    };
  });
}

/**
 * Repairs OCR's usual slips inside one word where the reading is not in doubt: the slash of a
 * unit read as `!`, `U`, `'` or lost ("ct!kWh", "cUkWh" → "ct/kWh"; "€!Jahr" → "€/Jahr"), the
 * superscript of m³ read as `?`, and O/o, l/I inside a number ("1O,5l" → "10,51"). Anything
 * else (an identifier's letters, a lost decimal comma) is left to the checks.
 */
export function repairOcrWord(t: string): string {
  if (/^c[tUVIl1!'’|/\\]{0,3}k[wW]h$/.test(t)) return 'ct/kWh';
  const per = /^(€|EUR)[!'’|/\\lI1]{0,2}(Jahr|Monat|Tag|kWh)$/i.exec(t);
  if (per) return `${per[1]}/${per[2]}`;
  if (/^(?:kWh\/)?m\?$/.test(t)) return t.replace('m?', 'm³');
  if (/^-?[\dOolI]{1,3}(?:[.,][\dOolI]{2,3})*(?:€)?$/.test(t) && /[.,]/.test(t) && (t.match(/\d/g) ?? []).length >= 2 && /[OolI]/.test(t)) return t.replace(/[Oo]/g, '0').replace(/[lI]/g, '1');
  return t;
}

export function extractEnergy(read: ReadDocument): EnergyExtraction {
  const pdfPages = new Set((read.components ?? []).filter((c) => c.kind === 'pdf').flatMap((c) => c.pages));
  const pages = read.pages.filter((p) => !pdfPages.size || pdfPages.has(p.page)).sort((a, b) => a.page - b.page);
  const ev = buildEvidence(pages.map(cleanOcr));
  const pageNumbers = pages.map((p) => p.page);
  const groups = splitPages(ev, pageNumbers);
  const printed = new Map<number, string | null>();
  for (const g of groups) for (const f of g.facts) printed.set(f.page, f.counter ? String(f.counter.n) : null);

  const invoices: EnergyInvoice[] = [];
  const evidence: EnergyEvidence[] = [];
  const commodities = new Set<Commodity>();
  let supplierName: string | null = null;
  const warnings: string[] = [];
  for (const g of groups) {
    if (!isInvoice(g)) {
      if (groups.length > 1) warnings.push(`pages ${g.pages[0]}-${g.pages[g.pages.length - 1]} are not an invoice and were left out`);
      continue;
    }
    const ref = `inv-${invoices.length + 1}`;
    const view = new DocView(ev, g.pages, printed);
    const log = new EvidenceLog(view, ref);
    const { data, commodities: cs } = extractInvoice(view, log);
    cs.forEach((c) => commodities.add(c));
    supplierName ??= data.supplier.name;
    invoices.push({ invoice_ref: ref, page_range: { first: g.pages[0]!, last: g.pages[g.pages.length - 1]! }, outcome: 'needs_review', review_reasons: [], data });
    evidence.push(...log.records);
  }
  const packet_reasons: string[] = [];
  if (!invoices.length) packet_reasons.push('unsupported_document');
  const components = read.components?.filter((c) => c.kind === 'pdf') ?? [];
  const source_components = components.length
    ? components.map((c) => ({ component_ref: c.ref, kind: c.kind, pages: c.pages }))
    : [{ component_ref: pages[0]?.component_ref ?? 'main', kind: 'pdf', pages: pageNumbers }];
  return {
    payload: {
      packet: { page_count: pages.length, invoice_count: invoices.length, commodities: [...commodities], supplier_name: supplierName, source_components },
      invoices,
    },
    evidence,
    packet_reasons,
    warnings,
  };
}
