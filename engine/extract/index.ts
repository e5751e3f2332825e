// Generic extraction (spec 1, 2.6): from a read document to the v1 field map with
// candidates and provenance. Deterministic: layout evidence → candidates → normalizers →
// selection by consistency. AI (./ai) is an optional second opinion on the same evidence.
import type { PageText } from '../formats/model.js';
import { generate, labelHits, labelledNumbers, totalsWithoutCents } from './candidates.js';
import { buildEvidence, ocrConfidence, pageSizeOf, type Evidence } from './evidence.js';
import { ocrRepaired } from './ocr-lines.js';
import { dropDoubtfulOcrNames } from './ocr-agreement.js';
import { documentDayOrder } from './dates.js';
import { classifyType, CREDIT_SENTENCE, documentTitles, labelledTypes, PROFORMA, SELF_BILLING } from './normalize/doctype.js';
import { pageCountries } from './normalize/currency.js';
import { select } from './select.js';
import { applyAgreement, pageFactsOf } from './field-agreement.js';
import { GENERIC_FIELDS, type Candidate, type DeterministicResult, type ExtractionInput, type FieldResult, type GenericField, type Provenance } from './types.js';

export * from './types.js';
export { buildEvidence } from './evidence.js';

export const EXTRACTOR_VERSION = 'docdesk-generic:2026-11-30.1';
export const NORMALIZATION_VERSION = 'normalize:2026-11-26.1';
export const EXTRACTION_SCHEMA_VERSION = 'generic:2026-11-26.1';

const LOW_OCR_CONFIDENCE = 70;
const OCR_SENSITIVE = new Set<GenericField>(['document_number', 'issue_date', 'payment_due_date', 'sender_name', 'recipient_name', 'sender_vat_number', 'bic', 'payment_reference', 'customer_number']);

const FINANCIAL = /(rechnung|invoice|factuur|facture|fattura|factura|gutschrift|credit note|iban|total|summe|betrag|amount|btw|mwst|ust|vat|tva|iva)/gi;

/** Q5: one financial component of a container; never a merge of several invoices. */
export function selectComponent(input: ExtractionInput): { ref: string | null; pages: PageText[]; candidates: number; reason: string } {
  const withPages = input.components.filter((c) => c.pages.length);
  if (withPages.length <= 1) return { ref: withPages[0]?.ref ?? null, pages: input.pages, candidates: withPages.length, reason: 'single_component' };
  const scoreOf = (ref: string) => {
    const text = input.pages.filter((p) => p.component_ref === ref).map((p) => p.text).join('\n');
    return (text.match(FINANCIAL) ?? []).length + (/\d+[.,]\d{2}/.test(text) ? 2 : 0);
  };
  const atts = withPages.filter((c) => c.kind !== 'email-body').map((c) => ({ c, s: scoreOf(c.ref) })).sort((a, b) => b.s - a.s || input.components.indexOf(a.c) - input.components.indexOf(b.c));
  const financial = atts.filter((a) => a.s >= 3);
  if (financial.length) {
    const ref = financial[0]!.c.ref;
    return { ref, pages: input.pages.filter((p) => p.component_ref === ref), candidates: financial.length, reason: financial.length > 1 ? 'first_of_several_financial_attachments' : 'financial_attachment' };
  }
  const body = withPages.find((c) => c.kind === 'email-body') ?? withPages[0]!;
  return { ref: body.ref, pages: input.pages.filter((p) => p.component_ref === body.ref), candidates: 0, reason: 'no_financial_attachment_body_used' };
}

/** Packets: pages of the first independently issued invoice (a new number starts the next). */
function firstInvoicePages(ev: Evidence, hits: ReturnType<typeof labelHits>): number[] {
  const pages = [...ev.pages.keys()].filter((p) => p > 0).sort((a, b) => a - b);
  if (pages.length < 2) return pages;
  const numbersOn = (p: number) => labelledNumbers(ev, hits, p, 0.45);
  const first = new Set(numbersOn(pages[0]!));
  if (!first.size) return pages;
  for (const p of pages.slice(1)) {
    const nums = numbersOn(p);
    if (nums.length && nums.every((n) => !first.has(n))) return pages.filter((x) => x < p);
  }
  return pages;
}

export function extractGeneric(input: ExtractionInput): DeterministicResult {
  const component = selectComponent(input);
  const fullEv = buildEvidence(component.pages);
  const hits0 = labelHits(fullEv);
  const invoicePages = firstInvoicePages(fullEv, hits0);
  const pages = component.pages.filter((p) => invoicePages.includes(p.page));
  // The evidence of the whole component is reused when it is all one invoice.
  const reuse = pages.length === component.pages.length && !(input.text ?? '').trim();
  const ev = reuse ? fullEv : buildEvidence(pages, input.text ?? null);
  const hits = reuse ? hits0 : labelHits(ev);
  const text = ev.lines.map((l) => l.text).join('\n');
  // The document decides ambiguous slash dates, then its currency, the upload's locale, a page that
  // shows a day-first country; none of them: null, and such dates give no value (select).
  // Read once: the day order and the shared currency symbols both take the page's country.
  const countries = pageCountries(text);
  const order = documentDayOrder(text, input.locale, countries);
  const customTypes = input.custom_types ?? [];
  // OCR: party names their page contradicts (garbage, attention lines, lost accents) go.
  const all = dropDoubtfulOcrNames(generate(ev, hits, { order, customTypes, countries }), ev);
  // Values read by OCR from a cell with a doubtful word are weaker (a misread name or code is
  // worse than none); amounts are checked by arithmetic and IBANs by checksum instead.
  for (const c of all) {
    const conf = ocrConfidence(c.source?.bbox);
    if (conf !== undefined && conf < LOW_OCR_CONFIDENCE && OCR_SENSITIVE.has(c.field)) {
      c.score -= 1.5;
      c.transforms = [...c.transforms, 'ocr:low-confidence'];
    }
    if (ocrRepaired(c.source?.bbox)) c.transforms = [...c.transforms, 'ocr:repaired'];
  }
  const sel = select(all, text);

  // Type: the most prominent heading words; invoices carry totals.
  const firstPage = invoicePages[0];
  const titleLines = ev.lines.filter((l) => l.page === firstPage && l.source !== 'text_field');
  const found = documentTitles(titleLines.map((l) => ({ segments: l.segments.map((s) => s.text), scale: l.scale, top: l.bbox.y / l.pageHeight })), customTypes);
  const titles = found.map((t) => t.text);
  // Totals read anywhere count (a scan whose totals block OCR garbled is still an invoice).
  // Totals printed without cents ("Total: $4000", "50.4 €") count too, though no amount is read from them (recall19).
  const hasTotals = Boolean(sel.chosen.gross_amount) || all.some((c) => MONEY_FIELDS.has(c.field) && c.value !== null && c.method !== 'pattern') || totalsWithoutCents(hits);
  // A labelled number, or a title that carries the number itself ("Invoice No. 4711"; fold10):
  // an invoice even when its totals were not read (printed without cents, "Total: $ 900").
  const number = sel.chosen.document_number;
  const hasInvoiceNumber = number?.winner?.method === 'label_value' || (number?.value !== undefined && number.value !== null && titles.some((t) => t.includes(String(number.value))));
  const type = classifyType({ titles, tiers: found.map((t) => t.tier), negativeTotal: String(sel.chosen.gross_amount?.value ?? '').startsWith('-'), hasTotals, labels: labelledTypes(titleLines.map((l) => l.text)), hasInvoiceNumber, hasSalutation: /(sehr geehrte|hallo|liebe|dear|madame|monsieur|geachte|gentile|estimad)/i.test(text), creditSentence: CREDIT_SENTENCE.test(text) }, customTypes);
  const typeLine = titleLines.find((l) => type.matched && (l.segments.map((s) => s.text).join(' ') === type.matched || l.segments.some((s) => s.text === type.matched)));
  const typeCand: Candidate = { field: 'type', value: type.value, raw: type.matched ?? '', score: type.matched ? 3 : 1, method: 'title', source: typeLine ? { component_ref: typeLine.component_ref, page: typeLine.page, bbox: typeLine.bbox, page_size: pageSizeOf(typeLine), text: type.matched! } : null, transforms: ['classify:type', type.matched ? 'confirm:title-word' : 'confirm:none'] };
  all.push(typeCand);
  sel.chosen.type = { value: type.value, winner: typeCand };
  // Without a type word the type is a guess: an invoice only when arithmetic confirms its
  // total (net + tax = total, a rate, a printed net), never "other" (issue 14 round 4).
  const reconciled = (sel.chosen.gross_amount?.transforms ?? []).some((t) => /^confirm:(?!none)/.test(t));
  if (type.abstain) {
    delete sel.chosen.type;
    sel.reasons.add(type.abstain);
  } else if ((type.value === 'invoice' || type.value === 'credit-note') && SELF_BILLING.test(text)) {
    delete sel.chosen.type;
    sel.reasons.add('type_self_billing');
  } else if (!type.matched && (type.value === 'other' || (type.value === 'invoice' && !reconciled))) {
    delete sel.chosen.type;
    sel.reasons.add('type_not_confirmed');
  }

  // A non-invoice (a letter) has no invoice money fields: keep what is printed, no totals
  // (a proforma prints them as an invoice does).
  if (type.value === 'letter' || (type.value === 'other' && !(type.matched && PROFORMA.test(type.matched)))) {
    for (const f of ['net_amount', 'gross_amount', 'tax_breakdowns', 'tax_amount', 'currency', 'payment_due_date'] as GenericField[]) delete sel.chosen[f];
  }

  // Precision by agreement: every chosen field is judged by its agreeing cues; adopted fields
  // are left empty on a conflict (or a lone cue) rather than output (field-agreement.ts).
  applyAgreement(sel, all, { title: Boolean(type.matched), otherType: new Set(type.candidates).size > 1, reconciled, labelledNumber: sel.chosen.document_number?.winner?.method === 'label_value', negativeTotal: String(sel.chosen.gross_amount?.value ?? '').startsWith('-') }, undefined, pageFactsOf(ev));

  // Q1: money, tax, payment, identity and date fields that are missing on an invoice.
  if (type.value === 'invoice' || type.value === 'credit-note') {
    if (!sel.chosen.gross_amount) sel.reasons.add('gross_amount_not_found');
    if (!sel.chosen.issue_date) sel.reasons.add('issue_date_not_found');
  }
  if (ev.lines.some((l) => l.source === 'text_field')) sel.reasons.add('text_field_used_as_evidence');

  const candidates = new Map<GenericField, Candidate[]>();
  for (const c of all) {
    const list = candidates.get(c.field) ?? [];
    list.push(c);
    candidates.set(c.field, list);
  }
  const fields = {} as Record<GenericField, FieldResult>;
  for (const f of GENERIC_FIELDS) fields[f] = fieldResult(f, sel.chosen[f], candidates.get(f) ?? []);
  if (fields.tax_breakdowns.value === null) fields.tax_breakdowns.value = [];

  const strategies = ['layout_labels', 'patterns', 'sentences', 'consistency'];
  if (component.candidates > 1 || component.reason !== 'single_component') strategies.push('component_selection');
  if (invoicePages.length < component.pages.length) strategies.push('packet_first_invoice');
  return {
    fields,
    candidates,
    conflict_fields: [...sel.conflict_fields],
    rejected_fields: [...sel.rejected_fields],
    recovered_fields: [...sel.recovered_fields],
    reasons: [...sel.reasons],
    selection: { component_ref: component.ref, pages: invoicePages, document_candidates: component.candidates, reason: component.reason },
    strategies,
  };
}

function fieldResult(field: GenericField, chosen: { value: unknown; winner: Candidate | null; derived_from?: string[]; transforms?: string[] } | undefined, cands: Candidate[]): FieldResult {
  const seen = new Set<string>();
  const list = [...cands]
    .filter((c) => c.value !== null && c.value !== undefined)
    .sort((a, b) => b.score - a.score)
    .filter((c) => {
      const k = JSON.stringify(c.value);
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    })
    .slice(0, 5)
    .map((c) => ({ value: c.value, raw: c.raw.slice(0, 200), method: c.method, score: Math.round(c.score * 100) / 100, page: c.source?.page ?? null }));
  if (!chosen || chosen.value === null || chosen.value === undefined) return { value: null, candidates: list.length ? list : null, provenance: null };
  if (Array.isArray(chosen.value) && chosen.value.length === 0) return { value: [], candidates: list.length ? list : null, provenance: null };
  const w = chosen.winner;
  const provenance: Provenance = {
    method: w ? w.method : 'derived',
    source: w?.source ? { ...w.source, bbox: w.source.bbox ? roundBox(w.source.bbox) : null, text: w.source.text.slice(0, 300) } : null,
    derived_from: chosen.derived_from ?? w?.derived_from ?? [],
    transforms: [...(w?.transforms ?? []), ...(chosen.transforms ?? [])],
  };
  if (!w) provenance.method = 'derived';
  return { value: chosen.value, candidates: list.length ? list : null, provenance };
}

const MONEY_FIELDS = new Set<GenericField>(['gross_amount', 'net_amount', 'tax_amount', 'tax_breakdowns']);

function roundBox(b: { x: number; y: number; w: number; h: number }) {
  const r = (n: number) => Math.round(n * 10) / 10;
  return { x: r(b.x), y: r(b.y), w: r(b.w), h: r(b.h) };
}

/** spec 2.2 provenance_summary: winning-value methods for non-null fields. */
export function provenanceSummary(fields: Record<string, FieldResult>) {
  const field_counts: Record<string, number> = {};
  for (const f of Object.values(fields)) {
    if (f.value === null || (Array.isArray(f.value) && f.value.length === 0) || !f.provenance) continue;
    field_counts[f.provenance.method] = (field_counts[f.provenance.method] ?? 0) + 1;
  }
  const methods_used = Object.keys(field_counts).sort();
  const classification = methods_used.includes('ai') ? (methods_used.length > 1 ? 'mixed' : 'ai') : methods_used.includes('structured_invoice') ? 'structured' : methods_used.length ? 'deterministic' : 'empty';
  return { classification, methods_used, field_counts };
}
