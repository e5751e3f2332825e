// Deterministic extractor of `de.energy.supply-invoice`: read document in, payload plus
// evidence out (pure, no I/O). Packet analysis first (which pages are one invoice, which are
// not invoices at all), then the field rules per invoice. The validation policy
// (../policy.ts, owned by the profile) judges the result; this module never sets outcomes
// beyond `needs_review` placeholders.
import { buildEvidence } from '../../../extract/evidence.js';
import type { Component, PageText } from '../../../formats/model.js';
import type { Commodity, EnergyEvidence, EnergyExtraction, EnergyInvoice } from '../payload.js';
import { DocView, EvidenceLog } from './doc.js';
import { extractInvoice } from './invoice.js';
import { isInvoice, splitPages } from './packet.js';

export const ENERGY_EXTRACTOR_VERSION = 'docdesk-energy:2026-11-29.1';

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
  const words = repairOcrSectionSigns(page.words.map((w) => ({ ...w, text: repairOcrWord(w.text.replace(/^[|[\]{}‘’‚„“”"'_=~`´¦]+|[|[\]{}‘’‚„“”"_=~`´¦]+$/g, '')) })));
  // Rows OCR returns column by column are joined by buildEvidence (extract/ocr-lines.ts, ocrRows).
  return { ...page, words };
}

/**
 * Repairs OCR's usual slips inside one word where the reading is not in doubt: the slash of a
 * unit read as `!`, `U`, `Y`, `ı`, `'` or lost ("ct!kWh", "cUkWh", "cıkWh" → "ct/kWh", a period or
 * comma after it kept; "€!Jahr" → "€/Jahr"), the superscript of m³ read as `?`, and O/o, l/I
 * inside a number ("1O,5l" → "10,51"). Anything else (an identifier's letters, a lost decimal
 * comma) is left to the checks.
 */
export function repairOcrWord(t: string): string {
  const ct = /^c[tUVYIl1ıi!'’|/\\]{0,3}k[wW]h([.,]?)$/.exec(t);
  if (ct) return `ct/kWh${ct[1]}`;
  const per = /^(€|EUR)[!'’|/\\lI1]{0,2}(Jahr|Monat|Tag|kWh)$/i.exec(t);
  if (per) return `${per[1]}/${per[2]}`;
  if (/^(?:kWh\/)?m\?$/.test(t)) return t.replace('m?', 'm³');
  if (/^-?[\dOolI]{1,3}(?:[.,][\dOolI]{2,3})*(?:€)?$/.test(t) && /[.,]/.test(t) && (t.match(/\d/g) ?? []).length >= 2 && /[OolI]/.test(t)) return t.replace(/[Oo]/g, '0').replace(/[lI]/g, '1');
  return t;
}

/** A German statute's abbreviation (EnWG, StromNEV, UStG, KWKG, BGB, MsbG …: a law ends in G, an ordinance in V or VO) or "Abs.". */
const STATUTE = /^(?:Abs\.|[A-Z][A-Za-z]{1,10}(?:G|V|VO|B)(?:[-.,;:)]|$))/;
/** German words that cite a section ("nach § 17f", "gemäß § 42"): the statute may stand on the next line. */
const CITING = /^(?:nach|gemäß|gem\.|laut|lt\.)$/i;

/**
 * The section sign of a legal reference read as "$" ("Offshore-Netzumlage nach $ 17f EnWG", "$ 19 Abs. 2 StromNEV";
 * the shared sample 7-0010's scan): a "$" before a section number ("17f", "19") that a statute or "Abs." follows, or
 * that a citing word ("nach", "gemäß") precedes (the statute may wrap to the next line), is "§".
 * A dollar amount has no statute after it; its number may have decimals, a section number has none.
 */
export function repairOcrSectionSigns<W extends { text: string }>(words: W[]): W[] {
  return words.map((w, i) => {
    const glued = /^\$(\d{1,3}[a-z]?)$/.exec(w.text);
    const number = glued ? glued[1]! : w.text === '$' ? words[i + 1]?.text : undefined;
    const next = words[i + (glued ? 1 : 2)]?.text;
    const cited = (next && STATUTE.test(next)) || CITING.test(words[i - 1]?.text ?? '');
    if (!number || !/^\d{1,3}[a-z]?$/.test(number) || !cited) return w;
    return { ...w, text: w.text.replace('$', '§') };
  });
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
