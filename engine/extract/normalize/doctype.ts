// Document type classification over the spec's list (2.6) plus the upload's custom_types.

export const STANDARD_TYPES = ['invoice', 'credit-note', 'reminder', 'salary-statement', 'bank-statement', 'contract', 'balance-sheet', 'tax-assessment-note', 'timesheet', 'letter', 'other'] as const;

/** A proforma is an offer in an invoice's form, not an invoice: type `other`, its amounts kept. */
export const PROFORMA = /\bpro[- ]?forma/i;

/** Title words per type in de, en, fr, nl, it, es. Order matters: more specific first. */
const TITLE_WORDS: Array<[string, RegExp]> = [
  ['other', PROFORMA],
  ['credit-note', /\b(gutschrift(s?anzeige|en)?|stornorechnung|rechnungsstorno|credit[- ]?note|credit memo|credit invoice|avoir|facture d'avoir|note de crédit|creditnota|creditfactuur|nota di credito|nota de crédito|factura rectificativa)\b/i],
  ['reminder', /\b(mahnung|zahlungserinnerung|payment reminder|reminder|rappel|relance|aanmaning|betalingsherinnering|sollecito|recordatorio de pago)\b/i],
  ['salary-statement', /\b(gehaltsabrechnung|lohnabrechnung|entgeltabrechnung|payslip|pay slip|salary statement|bulletin de (paie|salaire)|loonstrook|busta paga|nómina)\b/i],
  ['bank-statement', /\b(kontoauszug|bank statement|account statement|relevé de compte|rekeningafschrift|estratto conto|extracto bancario)\b/i],
  ['tax-assessment-note', /\b(steuerbescheid|einkommensteuerbescheid|tax assessment|avis d'imposition|aanslag|avviso di accertamento)\b/i],
  ['balance-sheet', /\b(bilanz|balance sheet|bilan|balans|stato patrimoniale|balance general)\b/i],
  ['timesheet', /\b(stundenzettel|stundennachweis|timesheet|time sheet|feuille de temps|urenstaat)\b/i],
  ['contract', /\b(vertrag|contract|agreement|contrat|overeenkomst|contratto|contrato)\b/i],
  ['invoice', /(rechnung|abrechnung|\binvoice\b|\bbill\b|\bfacture\b|\bfactuur\b|\bfattura\b|\bfactura\b)/i],
];

export interface TypeEvidence {
  /** Heading-like lines (large or early on the first page), most prominent first. */
  titles: string[];
  /** Whether money totals were found (an invoice without totals is unlikely). */
  hasTotals: boolean;
  hasSalutation: boolean;
  /** A labelled invoice number: with an invoice title, an invoice whose totals were not read (a garbled scan). */
  hasInvoiceNumber?: boolean;
}

export interface TypeDecision {
  value: string;
  matched: string | null;
  candidates: string[];
}

export function classifyType(e: TypeEvidence, customTypes: string[] = []): TypeDecision {
  const candidates: string[] = [];
  // Custom types win when their words are a title (the caller defined them for a reason).
  for (const title of e.titles) {
    for (const ct of customTypes) {
      const words = ct.toLowerCase().replace(/[-_]+/g, ' ').trim();
      if (words && title.toLowerCase().replace(/[-_]+/g, ' ').includes(words)) return { value: ct, matched: title, candidates: [ct] };
    }
  }
  for (const title of e.titles) {
    for (const [type, re] of TITLE_WORDS) {
      if (!re.test(title)) continue;
      if (type === 'contract' && /rechnung|invoice|facture|factuur/i.test(title)) continue;
      if (!candidates.includes(type)) candidates.push(type);
    }
  }
  let value = candidates[0] ?? null;
  // Invoices carry totals; a priced letter (e.g. a price change notice) without totals is a letter.
  // A corrected invoice ("Rechnungskorrektur") is an invoice (TypeCode 384 family), not a credit note.
  if (value === 'invoice' && !e.hasTotals && !e.hasInvoiceNumber) value = e.hasSalutation ? 'letter' : 'other';
  if (value === 'credit-note' && !e.hasTotals) value = e.hasSalutation ? 'letter' : 'other';
  if (!value) value = e.hasTotals ? 'invoice' : e.hasSalutation ? 'letter' : 'other';
  return { value, matched: e.titles.find((t) => TITLE_WORDS.some(([k, re]) => k === value && re.test(t))) ?? null, candidates: candidates.length ? candidates : [value] };
}
