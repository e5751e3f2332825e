// Document type classification over the spec's list (2.6) plus the upload's custom_types.
import { CURRENCY_MARK } from './currency.js';

export const STANDARD_TYPES = ['invoice', 'credit-note', 'reminder', 'salary-statement', 'bank-statement', 'contract', 'balance-sheet', 'tax-assessment-note', 'timesheet', 'letter', 'other'] as const;

/**
 * A self-billing document (UStG § 14 (2) "Gutschrift", self-billing, autofacturation,
 * zelffacturering): an invoice the customer issues (TypeCode 389), often titled with a
 * credit-note word. Neither an invoice nor a credit note can be told from its title: no type.
 */
export const SELF_BILLING = /(§\s*14\s*abs(?:atz|\.)?\s*2\s*(?:s(?:atz|\.)\s*2\s*)?ustg|gutschrifts?verfahren|gutschrift im sinne|self[- ]billing|self[- ]billed|auto-?factur(?:ation|e)\b|zelffactur(?:ering|atie)|selbstfakturierung)/i;

/** A proforma is an offer in an invoice's form, not an invoice: type `other`, its amounts kept. */
export const PROFORMA = /\bpro[- ]?forma/i;

// The invoice's title words (one list, twins26: the type's titles and the title over a bare header number).
// "-rechnung" ends the word: "Rechnungsnummer", "Rechnungsempfänger" are labels, not titles.
// A corrected invoice (TypeCode 384) is an invoice.
// Portuguese (fold17): "Fatura", "Nota Fiscal" and the DANFE, the printed form of a Brazilian NF-e
// ("DANFE / Documento Auxiliar da Nota Fiscal Eletrônica"), its title on every DANFE.
// Japanese 請求書 (recall22), also after its subject ("印刷代一式御請求書"); "請求書番号" is a label.
const INVOICE_WORD = /(rechnungs-?korrektur|rechnung(?![\p{L}])|\binvoice\b|\bbill\b|\bfacture\b|\bfactuur\b|\bfattura\b|\bfactura\b|\bfaktura\b|\bfatura\b|\blasku\b|\bfakt[úu]ra\b|\bsz[áa]mla\b|\bfactur[ăa](?!\p{L})|\barve\b|\br[ēe][ķk]ins(?!\p{L})|\bs[ąa]skaita(?!\p{L})|\bra[čc]un\b|\bdanfe\b|\bnota fiscal\b|請求書(?!番号|\s?no\b|\s?#))/iu;

/** Title words per type in de, en, fr, nl, it, es (and "faktura", "fatura", "lasku"; credit notes in the Nordic languages, Finnish, Czech: vocab28). Order matters: more specific first. */
const TITLE_WORDS: Array<[string, RegExp]> = [
  ['other', PROFORMA],
  ['credit-note', /\b(gutschrift(s?anzeige|en)?|stornorechnung|rechnungsstorno|storno(?:beleg)?|credit[- ]?note|credit memo|credit invoice|facture d['’]avoir|avoir|note de crédit|creditnota|creditfactuur|nota di credito|nota de crédito|factura rectificativa|kreditnota|kreditfaktura|hyvityslasku|dobropis|kreeditarve|iade faturas[ıi])\b/i],
  ['reminder', /\b(mahnung|zahlungserinnerung|payment reminder|reminder|rappel|relance|aanmaning|betalingsherinnering|sollecito|recordatorio de pago)\b/i],
  ['salary-statement', /\b(gehaltsabrechnung|lohnabrechnung|entgeltabrechnung|payslip|pay slip|salary statement|bulletin de (paie|salaire)|loonstrook|busta paga|nómina)\b/i],
  ['bank-statement', /\b(kontoauszug|bank statement|account statement|relevé de compte|rekeningafschrift|estratto conto|extracto bancario)\b/i],
  ['tax-assessment-note', /\b(steuerbescheid|einkommensteuerbescheid|tax assessment|avis d'imposition|aanslag|avviso di accertamento)\b/i],
  ['balance-sheet', /\b(bilanz|balance sheet|bilan|balans|stato patrimoniale|balance general)\b/i],
  ['timesheet', /\b(stundenzettel|stundennachweis|timesheet|time sheet|feuille de temps|urenstaat)\b/i],
  ['contract', /\b(vertrag|contract|agreement|contrat|overeenkomst|contratto|contrato)\b/i],
  ['invoice', INVOICE_WORD],
];

/** A cell that opens with an invoice title word ("INVOICE", "Fatura", "請求書"; candidates.ts bareHeaderNumber, twins26). */
export const OPENS_WITH_INVOICE_WORD = new RegExp(`^(?:${INVOICE_WORD.source})`, INVOICE_WORD.flags);

/**
 * A document names its type in a title: a type word as the first or second word of a heading,
 * followed by nothing but its number, date or subject ("Rechnung Nr. 12 vom 3.4.2024",
 * "Deine Gutschrift Strom", "Avoir AV-2017-0005"). Not a title: a label ("Invoice date",
 * "Rechnungsnummer"), a party heading ("Invoice to", "Rechnung an"), a reference to another
 * document ("Facture liée", "zu Rechnung 12", "Original invoice") or a sentence
 * ("Gutschriften werden verrechnet").
 */
const REFERENCE_BEFORE = /^(zu|zur|zum|to|for|für|pour|voor|aan|betreft|betreff\w*|regarding|concerning|objet|original\w*|ursprüngliche\w*|ursprungs\w*|bezug\w*|re|ref|related|corrected|korrigierte\w*|d'origine|initiale?)\W*$/i;
const LABEL_AFTER = /^(date|dated|datum|period|zeitraum|p[ée]riode|address\w*|adress\w*|anschrift|empf[äa]nger|li[ée]e?s?|related|d'origine|referenc\w*|r[ée]f[ée]rence|total|summe|betrag|amount|montant|bedrag|werden|wird|sind|is|are|est|sont)(?=[\s:]|$)/i;
/** A party heading: "Invoice to:", "Rechnung an", "Facturé à", "Factuur aan". */
const PARTY_AFTER = /^(to|an|à|aan)(\s*:|\s*$)/i;
const CONNECTORS = /^(vom|von|du|from|of|van|de|del|der|des|die|das|den|dem|le|la|les|un|une|aux|avec|sur|pour|für|for|to|on|op|voor|het|een|with|nr|no|nummer|number|num[ée]ro|n°|issued|at|au|per|zum|zur|zu|im|in|über|et|and|und|en|y|e)$/i;

/** A cell that is a money amount, a currency mark (currency.ts) before or after it. */
const MONEY_CELL = new RegExp(String.raw`^[-−–]?\s*(?:${CURRENCY_MARK}\s*)?[-−–]?\d{1,3}(?:[.,' ]\d{3})*[.,]\d{2}(?:\s*${CURRENCY_MARK})?$`, 'iu');

/**
 * A sentence that names the document itself a credit note ("Diese Gutschrift wird …", "This
 * credit note …", "Le présent avoir …", "Deze creditnota …"): not a title, but it contradicts an
 * invoice read from labels or arithmetic alone.
 */
export const CREDIT_SENTENCE = /\b(diese|vorliegende|this|the present|ce(?:t)?|le présent|la présente|deze|onderhavige)\s+(gutschrift|credit[- ]?note|credit memo|avoir|note de crédit|creditnota|creditfactuur)\b/i;

export interface TitleLine {
  /** The line's cells, left to right. */
  segments: string[];
  /** Text height against the page's median. */
  scale: number;
  /** Top of the line as a share of the page height. */
  top: number;
}

export interface Title {
  text: string;
  /** big: set larger than the body; heading: a title-shaped line or cell in the upper half. */
  tier: 'big' | 'heading';
}

const customWords = (ct: string) => new RegExp(`(?<![\\p{L}])${ct.toLowerCase().replace(/[-_]+/g, ' ').trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '[-_ ]+')}(?![\\p{L}])`, 'iu');

function typeWordOf(text: string, customTypes: string[] = []): { type: string; index: number; length: number } | null {
  for (const ct of customTypes) {
    const m = ct.trim() ? customWords(ct).exec(text) : null;
    if (m) return { type: ct, index: m.index, length: m[0].length };
  }
  for (const [type, re] of TITLE_WORDS) {
    const m = re.exec(text);
    if (m) return { type, index: m.index, length: m[0].length };
  }
  return null;
}

/** Whether a text is shaped like a title naming a type (see above). */
export function titleShaped(text: string, customTypes: string[] = []): boolean {
  const t = text.trim();
  if (t.length > 90) return false;
  const hit = typeWordOf(t, customTypes);
  if (!hit) return false;
  // Words before the one holding the type word ("Jahresabrechnung", "E-Rechnung" hold it).
  const before = t.slice(0, hit.index).replace(/[\p{L}-]*$/u, '').trim().split(/\s+/).filter(Boolean);
  if (before.length > 1 || (before[0] && REFERENCE_BEFORE.test(before[0]))) return false;
  const after = t.slice(hit.index + hit.length).replace(/^[\p{L}]*/u, '').trim();
  if (LABEL_AFTER.test(after.replace(/^[\s:#.-]+/, '')) || PARTY_AFTER.test(after)) return false;
  const words = after.split(/\s+/).filter((w) => /^\p{Ll}[\p{L}'’-]{2,}[.,:]?$/u.test(w) && !CONNECTORS.test(w.replace(/[.,:]$/, '')));
  // A title carries few lower-case words ("Avoir relatif à la facture FA-12", "Facture de prestation de services").
  return words.length < 3;
}

/**
 * Titles of a first page, most prominent first: lines set larger than the body (largest
 * first), then title-shaped first cells (or all-capital cells) in the upper half, top down.
 */
export function documentTitles(lines: TitleLine[], customTypes: string[] = []): Title[] {
  // An item row (a cell holding a money amount beside it) names a position, not the document:
  // "Gutschrift GS-12 vom 3.4. | 1 | -50,00" is a credit deducted on an invoice.
  lines = lines.filter((l) => !l.segments.slice(1).some((seg) => MONEY_CELL.test(seg.trim())));
  const big = lines.filter((l) => l.scale >= 1.15).sort((a, b) => b.scale - a.scale);
  const out: Title[] = [];
  for (const l of big) {
    const text = l.segments.join(' ');
    if (titleShaped(text, customTypes)) out.push({ text, tier: 'big' });
    else if (l.segments.length > 1 && titleShaped(l.segments[0]!, customTypes)) out.push({ text: l.segments[0]!, tier: 'big' });
  }
  // A large line's first cell was judged above. Its later cells are judged as headings: OCR joins the letterhead's
  // large name and the "INVOICE" printed on its right into one line, as large as the name (fold28c).
  for (const l of lines.filter((x) => x.top < 0.5).sort((a, b) => a.top - b.top)) {
    const large = l.scale >= 1.15;
    l.segments.forEach((seg, i) => {
      const caps = /\p{Lu}{3}/u.test(seg) && !/\p{Ll}/u.test(seg);
      // A later cell only in capitals, and not in a row of column headings.
      const headingRow = l.segments.length >= 3 && !/\d/.test(l.segments.join(' '));
      if (((i === 0 && !large) || (i > 0 && caps && !headingRow)) && titleShaped(seg, customTypes)) out.push({ text: seg, tier: 'heading' });
    });
  }
  return out;
}

/**
 * Labels that name the document's type ("Gutschriftsnummer", "Credit note date", "N° d'avoir";
 * "Rechnungsdatum", "Invoice number", "Date de facture"): weaker than a title, they decide only
 * where no title does, and not when both kinds are printed (a credit note names the invoice it
 * corrects).
 */
const CREDIT_LABEL = /(gutschrifts?-?\s?(?:nummer|nr|datum)|credit[- ]?note\s*(?:number|no\b|nr|date|#)|num[ée]ro d['’]avoir|n[°º] d['’]avoir|date (?:de l['’])?avoir|avoir n[°º]|creditnota\s?(?:nummer|nr|datum))/i;
const INVOICE_LABEL = /(rechnungs-?\s?(?:nummer|nr|datum)|invoice\s*(?:number|no\b|nr|date|#)|num[ée]ro de facture|n[°º] de facture|date (?:de (?:la )?)?facture|facture n[°º]|factuur\s?(?:nummer|nr|datum))/i;

/** The types first-page labels name, with the first label of each. */
export function labelledTypes(texts: string[]): Array<{ type: 'invoice' | 'credit-note'; label: string }> {
  const out: Array<{ type: 'invoice' | 'credit-note'; label: string }> = [];
  for (const [type, re] of [['credit-note', CREDIT_LABEL], ['invoice', INVOICE_LABEL]] as const) {
    for (const t of texts) {
      const m = re.exec(t);
      if (m) {
        out.push({ type, label: m[0] });
        break;
      }
    }
  }
  return out;
}

export interface TypeEvidence {
  /** Heading-like lines (large or early on the first page), most prominent first. */
  titles: string[];
  /** Each title's tier (documentTitles); two titles of one tier naming invoice and credit note conflict. */
  tiers?: Array<Title['tier']>;
  /** Types named by first-page labels (labelledTypes). */
  labels?: ReturnType<typeof labelledTypes>;
  /** The chosen gross total is negative. */
  negativeTotal?: boolean;
  /** Whether money totals were found (an invoice without totals is unlikely). */
  hasTotals: boolean;
  hasSalutation: boolean;
  /** A labelled invoice number: with an invoice title, an invoice whose totals were not read (a garbled scan). */
  hasInvoiceNumber?: boolean;
  /** A sentence names the document a credit note (CREDIT_SENTENCE). */
  creditSentence?: boolean;
}

export interface TypeDecision {
  value: string;
  matched: string | null;
  candidates: string[];
  /** Why no type is output although `value` is the best guess (precision over recall). */
  abstain?: string;
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
  // Titles of one prominence naming an invoice and a credit note (a "Beispielrechnung" banner
  // over a "Gutschrift" heading, "Rechnung" and "Gutschrift" cells): neither is output.
  if (value === 'invoice' || value === 'credit-note') {
    const first = e.titles.findIndex((t) => typeWordOf(t)?.type === value);
    const tier = e.tiers?.[first];
    const other = value === 'invoice' ? 'credit-note' : 'invoice';
    // A bare "Abrechnung" (a statement: "Ihre Abrechnung im Überblick") names no side.
    const names = (t: string, type: string) => typeWordOf(t)?.type === type && !(type === 'invoice' && /(^|\s)abrechnung(?![\p{L}])/iu.test(t));
    if (tier && e.titles.some((t, i) => e.tiers?.[i] === tier && names(t, other)) && e.titles.some((t, i) => e.tiers?.[i] === tier && names(t, value))) return { value, matched: null, candidates, abstain: 'type_titles_conflict' };
    // A heading in body type is outweighed by labels naming only the other type.
    const labelTypes = new Set((e.labels ?? []).map((l) => l.type));
    if (tier === 'heading' && labelTypes.size === 1 && labelTypes.has(other)) return { value, matched: null, candidates, abstain: 'type_title_label_conflict' };
  }
  // Invoices carry totals; a priced letter (e.g. a price change notice) without totals is a letter.
  // A corrected invoice ("Rechnungskorrektur") is an invoice (TypeCode 384 family), not a credit note.
  if (value === 'invoice' && !e.hasTotals && !e.hasInvoiceNumber) value = e.hasSalutation ? 'letter' : 'other';
  if (value === 'credit-note' && !e.hasTotals) value = e.hasSalutation ? 'letter' : 'other';
  // No title: labels naming one type decide; labels naming both do not.
  const labels = e.labels ?? [];
  // Without a title, a sentence naming the document a credit note outweighs invoice labels and arithmetic.
  if (!value && e.creditSentence && e.hasTotals) return { value: 'invoice', matched: null, candidates: ['invoice', 'credit-note'], abstain: 'type_credit_sentence_without_title' };
  if (!value && labels.length > 1 && (e.hasTotals || e.hasInvoiceNumber)) return { value: 'invoice', matched: null, candidates: labels.map((l) => l.type), abstain: 'type_labels_conflict' };
  if (!value && labels.length === 1 && (e.hasTotals || e.hasInvoiceNumber)) return { value: labels[0]!.type, matched: labels[0]!.label, candidates: [labels[0]!.type] };
  // Without a title a negative total may be a credit note as well as a corrected invoice.
  if (!value && e.hasTotals && e.negativeTotal) return { value: 'invoice', matched: null, candidates: ['invoice'], abstain: 'type_negative_total_without_title' };
  if (!value) value = e.hasTotals ? 'invoice' : e.hasSalutation ? 'letter' : 'other';
  return { value, matched: e.titles.find((t) => TITLE_WORDS.some(([k, re]) => k === value && re.test(t))) ?? null, candidates: candidates.length ? candidates : [value] };
}
