// Hybrid-PDF linkage (spec 1 R5, 2.3): a valid embedded invoice XML is only accepted when the
// visible PDF shows the same invoice. "Visible" means rendered pixels read by OCR, never the
// text layer: a native or hidden text layer can say anything the eye does not see. Pure:
// facts from the XML and OCR text of the rendered pages in, a field-name-only report out
// (no values or document text are ever reported). Rules and bounds: docs/decisions.md,
// "Validation mode".
import type { InvoiceModel } from './model.js';

/** Key values of the XML that the visible invoice must show. Amounts dot-decimal, dates YYYY-MM-DD. */
export interface LinkageFacts {
  document_number: string | null;
  issue_date: string | null;
  /** BT-112 invoice total with VAT. */
  gross_amount: string | null;
  /** BT-115 amount due for payment. */
  amount_due: string | null;
  /** BT-109 total without VAT. */
  net_amount: string | null;
  /** BT-110 total VAT amount. */
  tax_amount: string | null;
  seller_name: string | null;
  seller_vat_id: string | null;
  /** BT-84 payment account identifiers. */
  ibans: string[];
}

export type LinkageField = 'document_number' | 'issue_date' | 'gross_amount' | 'amount_due' | 'net_amount' | 'tax_amount' | 'sender_name' | 'sender_vat_number' | 'iban';

/** Fields that must be visible for a pass (when the XML carries them). */
const REQUIRED_LINKAGE_FIELDS: LinkageField[] = ['document_number', 'issue_date', 'gross_amount', 'sender_name'];
/** Pages rendered and OCR'd at most: the first three and the last (where totals usually are). */
const LINKAGE_OCR_FIRST_PAGES = 3;
export const LINKAGE_OCR_PAGE_LIMIT = LINKAGE_OCR_FIRST_PAGES + 1;
/** A document number is also linked by its leading segment (before "-" or "/") when that segment is at least this long. */
const NUMBER_PREFIX_MIN_CHARS = 8;
/** Share of the seller name's words that must be visible. */
const NAME_WORD_SHARE = 0.7;

export interface LinkageReport {
  /** linked: every required field visible, no conflict; conflict: a visible value contradicts the XML; not_linked: required fields not visible; indeterminate: no readable visible text. */
  status: 'linked' | 'conflict' | 'not_linked' | 'indeterminate';
  text_source: 'rendered_ocr';
  ocr_pages: number[];
  ocr_page_limit: number;
  pages_beyond_ocr_limit: number;
  checked_fields: LinkageField[];
  matched_fields: LinkageField[];
  /** Matched only in part (a document number shown without its trailing year/sequence segments). */
  partial_fields: LinkageField[];
  missing_fields: LinkageField[];
  conflict_fields: LinkageField[];
}

/** The linkage facts of an accepted invoice. */
export function linkageFacts(model: InvoiceModel): LinkageFacts {
  const ibans = [...(model.payment ? [model.payment] : []), ...model.payment_alternatives]
    .flatMap((p) => p.credit_transfers.map((c) => c.account_id))
    .filter((a): a is string => Boolean(a && /^[A-Z]{2}\d{2}/i.test(a.replace(/\s+/g, ''))));
  return {
    document_number: model.id?.trim() || null,
    issue_date: model.issue_date ?? null,
    gross_amount: model.totals.gross_amount ?? null,
    amount_due: model.totals.payable_amount ?? null,
    net_amount: model.totals.net_amount ?? null,
    tax_amount: model.totals.vat_amount ?? null,
    seller_name: model.seller.name?.trim() || model.seller.trading_name?.trim() || null,
    seller_vat_id: model.seller.vat_id?.trim() || null,
    ibans: [...new Set(ibans)],
  };
}

/** Which physical pages (one-based) are rendered for linkage. */
export function linkagePages(pageCount: number): number[] {
  const pages = new Set<number>();
  for (let p = 1; p <= Math.min(pageCount, LINKAGE_OCR_FIRST_PAGES); p++) pages.add(p);
  if (pageCount > 0) pages.add(pageCount);
  return [...pages].sort((a, b) => a - b);
}

// ---------------------------------------------------------------- normalization

const DASHES = /[\u2010-\u2015\u2212]/g;

/** Characters OCR confuses in codes; both sides are folded the same way. */
function foldCode(s: string): string {
  return s
    .toUpperCase()
    .replace(DASHES, '-')
    .replace(/\s+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL|]/g, '1')
    .replace(/S/g, '5')
    .replace(/B/g, '8')
    .replace(/Z/g, '2');
}

function foldWord(s: string): string {
  return s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss');
}

function words(s: string): string[] {
  return foldWord(s).split(/[^a-z0-9]+/).filter((w) => w.length >= 2);
}

/** Amount in cents from dot-decimal XML text. */
function xmlCents(v: string | null): bigint | null {
  if (v === null) return null;
  const m = /^\s*([+-]?)(\d+)(?:\.(\d+))?\s*$/.exec(v);
  if (!m) return null;
  const frac = (m[3] ?? '').padEnd(2, '0');
  // More than two decimals: round half away from zero, as printed amounts are.
  let cents = BigInt(m[2]!) * 100n + BigInt(frac.slice(0, 2));
  if (frac.length > 2 && Number(frac[2]) >= 5) cents += 1n;
  return cents < 0n ? -cents : cents;
}

/**
 * Every amount written on the page, in cents (sign dropped): 1.234,56 · 1,234.56 · 1 234,56 ·
 * 1234.56 · 1234,5 · 1234 (whole units count as ,00 only with a currency next to them).
 */
export function visibleAmounts(text: string): Set<bigint> {
  const out = new Set<bigint>();
  const re = /(?<![\d.,])(\d{1,3}(?:[.,'\u00a0 ]\d{3})+|\d+)(?:([.,])(\d{1,2}))?(?![\d])(\s*(?:€|EUR|USD|CHF|GBP|\$))?/g;
  for (const m of text.matchAll(re)) {
    const intPart = m[1]!.replace(/[.,'\u00a0 ]/g, '');
    if (intPart.length > 15) continue;
    if (m[3] !== undefined) out.add(BigInt(intPart) * 100n + BigInt(m[3].padEnd(2, '0')));
    else if (m[4]) out.add(BigInt(intPart) * 100n);
    // "1.234" is ambiguous (1234 or 1,234): both readings count.
    const grouped = /^(\d{1,3})[.,](\d{3})$/.exec(m[1]!);
    if (grouped && m[3] === undefined) out.add(BigInt(grouped[1]!) * 100n + BigInt(grouped[2]!.slice(0, 2)));
  }
  return out;
}

const MONTHS: Record<string, number> = {
  jan: 1, januar: 1, january: 1, jän: 1, jaen: 1, feb: 2, februar: 2, february: 2, mär: 3, maerz: 3, märz: 3, mar: 3, march: 3, apr: 4, april: 4, mai: 5, may: 5, jun: 6, juni: 6, june: 6,
  jul: 7, juli: 7, july: 7, aug: 8, august: 8, sep: 9, sept: 9, september: 9, okt: 10, oct: 10, oktober: 10, october: 10, nov: 11, november: 11, dez: 12, dec: 12, dezember: 12, december: 12,
};

const iso = (y: number, m: number, d: number) => (m >= 1 && m <= 12 && d >= 1 && d <= 31 ? `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}` : null);
const year = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));

/** Every date written on the page as YYYY-MM-DD (day-first and ISO; month-first as an extra reading). */
export function visibleDates(text: string): Set<string> {
  const out = new Set<string>();
  const add = (v: string | null) => v && out.add(v);
  for (const m of text.matchAll(/(?<!\d)(\d{1,2})\s?[./-]\s?(\d{1,2})\s?[./-]\s?(\d{4}|\d{2})(?!\d)/g)) {
    add(iso(year(m[3]!), Number(m[2]), Number(m[1])));
    if (m[0].includes('/')) add(iso(year(m[3]!), Number(m[1]), Number(m[2])));
  }
  for (const m of text.matchAll(/(?<!\d)(\d{4})[-./](\d{1,2})[-./](\d{1,2})(?!\d)/g)) add(iso(Number(m[1]), Number(m[2]), Number(m[3])));
  for (const m of text.matchAll(/(?<!\d)(\d{1,2})\.?\s+([A-Za-zÄÖÜäöü]{3,9})\.?\s+(\d{4})/g)) {
    const month = MONTHS[m[2]!.toLowerCase()];
    if (month) add(iso(Number(m[3]), month, Number(m[1])));
  }
  for (const m of text.matchAll(/([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})/g)) {
    const month = MONTHS[m[1]!.toLowerCase()];
    if (month) add(iso(Number(m[3]), month, Number(m[2])));
  }
  return out;
}

function codeVisible(code: string, text: string): boolean {
  const want = foldCode(code);
  if (want.length === 0) return false;
  if (want.length < 5) {
    // Short numbers would match inside anything: they must stand as a token of their own.
    return text.split(/[\s:;,#]+/).some((t) => foldCode(t.replace(/[.)]+$/, '')) === want);
  }
  return foldCode(text).includes(want);
}

/** The number's leading segment, e.g. "00.123.456.7" of "00.123.456.7-2014-1" (printed as contract number plus period). */
function numberPrefix(code: string): string | null {
  const head = code.trim().split(/[-/]/)[0]!;
  return head.length >= NUMBER_PREFIX_MIN_CHARS && head.length < code.trim().length ? head : null;
}

function nameVisible(name: string, text: string): boolean {
  const want = words(name);
  if (want.length === 0) return false;
  const have = new Set(words(text));
  const seen = want.filter((w) => have.has(w) || (w.length >= 5 && [...have].some((h) => Math.abs(h.length - w.length) <= 1 && editDistanceAtMost1(h, w))));
  return seen.length / want.length >= NAME_WORD_SHARE;
}

function editDistanceAtMost1(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length === b.length) {
    let diff = 0;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i] && ++diff > 1) return false;
    return true;
  }
  const [s, l] = a.length < b.length ? [a, b] : [b, a];
  let i = 0;
  let j = 0;
  let skipped = false;
  while (i < s.length && j < l.length) {
    if (s[i] === l[j]) {
      i++;
      j++;
    } else if (skipped) return false;
    else {
      skipped = true;
      j++;
    }
  }
  return true;
}

// ---------------------------------------------------------------- labelled values (conflicts)

const NUMBER_LABEL = /(?:rechnungs?[- ]?(?:nummer|nr\.?)|rechnung\s+nr\.?|beleg(?:nummer|nr\.?)|invoice\s+(?:number|no\.?|#))\s*[:#]?\s*([A-Z0-9][A-Z0-9/_.-]{2,})/gi;
// "Datum:" alone counts, but not as the tail of Leistungsdatum/Lieferdatum (other dates).
const DATE_LABEL = /(?:rechnungsdatum|invoice\s+date|belegdatum|(?<![a-zäöüß])datum\s*:|rechnung\s*(?:nr\.?|#|nummer)?\s*:?\s*\S+\s+vo[nm])\s*:?\s*([^\n]{6,20})/gi;
const TOTAL_LABEL = /(?:gesamtbetrag|rechnungsbetrag|bruttobetrag|endbetrag|gesamtsumme|zahlbetrag|zu\s+zahlen(?:der\s+betrag)?|amount\s+due|grand\s+total|total\s+amount|invoice\s+total)[^\n\d-]{0,30}(-?[\d.,' ]+\d)/gi;
const IBAN_TOKEN = /\b([A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){2,7}(?:\s?[A-Z0-9]{1,4})?)\b/g;

/** ISO 13616 mod-97 check with big integers. */
export function ibanValid(iban: string): boolean {
  const s = iban.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(s)) return false;
  const digits = (s.slice(4) + s.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  return BigInt(digits) % 97n === 1n;
}

// ---------------------------------------------------------------- the check

export function checkLinkage(facts: LinkageFacts, pages: Array<{ page: number; text: string }>, pageCount: number): LinkageReport {
  const ocrPages = pages.map((p) => p.page);
  const base = {
    text_source: 'rendered_ocr' as const,
    ocr_pages: ocrPages,
    ocr_page_limit: LINKAGE_OCR_PAGE_LIMIT,
    pages_beyond_ocr_limit: Math.max(0, pageCount - ocrPages.length),
  };
  const text = pages.map((p) => p.text).join('\n');
  const checks: Array<[LinkageField, string | null | string[]]> = [
    ['document_number', facts.document_number],
    ['issue_date', facts.issue_date],
    ['gross_amount', facts.gross_amount],
    ['amount_due', facts.amount_due],
    ['net_amount', facts.net_amount],
    ['tax_amount', facts.tax_amount],
    ['sender_name', facts.seller_name],
    ['sender_vat_number', facts.seller_vat_id],
    ['iban', facts.ibans.length ? facts.ibans : null],
  ];
  const checked = checks.filter(([, v]) => v !== null && v !== '').map(([f]) => f);
  if (words(text).length < 5) {
    return { status: 'indeterminate', ...base, checked_fields: checked, matched_fields: [], partial_fields: [], missing_fields: [], conflict_fields: [] };
  }

  const amounts = visibleAmounts(text);
  const dates = visibleDates(text);
  const visible = (field: LinkageField, v: string | string[]): boolean => {
    switch (field) {
      case 'document_number':
        return codeVisible(v as string, text);
      case 'issue_date':
        return dates.has(v as string);
      case 'gross_amount':
      case 'amount_due':
      case 'net_amount':
      case 'tax_amount': {
        const cents = xmlCents(v as string);
        return cents !== null && amounts.has(cents);
      }
      case 'sender_name':
        return nameVisible(v as string, text);
      case 'sender_vat_number':
        return codeVisible(v as string, text);
      case 'iban':
        return (v as string[]).some((iban) => codeVisible(iban, text));
    }
  };
  const matched: LinkageField[] = [];
  const partial: LinkageField[] = [];
  const missing: LinkageField[] = [];
  for (const [field, v] of checks) {
    if (v === null || v === '') continue;
    if (visible(field, v)) matched.push(field);
    else if (field === 'document_number' && numberPrefix(v as string) && codeVisible(numberPrefix(v as string)!, text)) {
      matched.push(field);
      partial.push(field);
    } else missing.push(field);
  }

  // A conflict is a labelled visible value that contradicts the XML where the XML's own value is not visible.
  const conflicts = new Set<LinkageField>();
  if (missing.includes('document_number')) {
    for (const m of text.matchAll(NUMBER_LABEL)) if (foldCode(m[1]!) !== foldCode(facts.document_number!)) conflicts.add('document_number');
  }
  if (missing.includes('issue_date')) {
    for (const m of text.matchAll(DATE_LABEL)) {
      const found = visibleDates(m[1]!);
      if (found.size && !found.has(facts.issue_date!)) conflicts.add('issue_date');
    }
  }
  for (const field of ['gross_amount', 'amount_due'] as const) {
    if (!missing.includes(field)) continue;
    const want = xmlCents(facts[field]);
    if (want === null) continue;
    for (const m of text.matchAll(TOTAL_LABEL)) {
      const found = visibleAmounts(m[1]!);
      if (found.size && !found.has(want)) conflicts.add(field);
    }
  }
  if (missing.includes('iban')) {
    const own = new Set(facts.ibans.map(foldCode));
    for (const m of text.toUpperCase().matchAll(IBAN_TOKEN)) {
      if (ibanValid(m[1]!) && !own.has(foldCode(m[1]!))) conflicts.add('iban');
    }
  }

  const requiredMissing = missing.filter((f) => REQUIRED_LINKAGE_FIELDS.includes(f));
  const status: LinkageReport['status'] = conflicts.size ? 'conflict' : requiredMissing.length ? 'not_linked' : 'linked';
  return { status, ...base, checked_fields: checked, matched_fields: matched, partial_fields: partial, missing_fields: missing, conflict_fields: [...conflicts] };
}
