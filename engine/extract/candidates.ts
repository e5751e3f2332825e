// Candidate generation from layout: label–value pairs (same segment, right of, below),
// self-validating patterns in their context, the sender line and address block, the legal
// footer, totals and tax rows, and payment sentences in running text.
import { findAmounts, findMoney, formatCents, moneyWithoutCents, parseRate, STANDARD_RATES, standardRate, toCents, type AmountHit } from './normalize/amount.js';
import { findBics } from './normalize/bic.js';
import { AMOUNT_CODES, findCurrencies, gluedToNumber, type CountryCues } from './normalize/currency.js';
import { findDates, type DayOrder } from './normalize/date.js';
import { OPENS_WITH_INVOICE_WORD } from './normalize/doctype.js';
import { findIbans, findLooseIbans } from './normalize/iban.js';
import { findPaymentReferences } from './normalize/reference.js';
import { findVatIds } from './normalize/vat.js';
import { AFTER_NUMBER, discountDate, documentInItemRow, inItemRow, moneyBesideCell, orderMarks, otherEventLead, relativeTerm } from './dates.js';
import { below, belowRight, lineAt, overlapX, rightOf, sourceOf as src, straddlingRight, type EvLine, type Evidence, type Segment } from './evidence.js';
import { ASSIGNED_CLAIM, BANK_NAME, BARE_NUMBER_LABEL, CUSTOMER_ACCOUNT_CUES, HEADING_ONLY_LABEL, ITEM_WORDS, itemColumnCells, LABELS, opensWithLabel, PAYEE_LABEL, PAYEE_PHRASE, PAYMENT_CUES, REFUND_CUES, type LabelField } from './labels.js';
import { columnSumNet, totalsBlockTaxLines } from './totals.js';
import { bareTotalsBlock, grossAfterCharges, grossAfterWithholding, grossClosingBlock, grossWithoutCents, gstTaxTotal, netAdjusted, unlabelledColumnTotal, unlabelledTotalsBlock, unreadLabelsBlock } from './totals-chain.js';
import { ocrDateColumn, ocrReturnLine } from './ocr-agreement.js';
import { CONTACT_ROW, COUNTRY_NAME, domainsOf, IDENTIFIER_LINE, idLineInBlock, keyedAsCompany, LETTER_KEYED_CONTACT, nameBeforeAddress, nameOverDepartment, PO_BOX, POSTCODE_IN_LINE, POSTCODE_TOWN, TOWN_LINE, twinBlockRight } from './party-shapes.js';
import { partyBlocks } from './parties.js';
import type { Candidate, GenericField, Method } from './types.js';
/** Document-number labels that are only a document's title word ("Gutschrift", "Avoir", "Credit note"), no number word. */
const TITLE_WORD_LABEL = /^(invoice|rechnung|gutschrift|rechnungskorrektur|factuur|facture|fattura|factura|faktura|avoir|credit note|creditnota|nota di credito|nota de cr[ée]dito|tax invoice|proforma)$/i;

export interface LabelHit {
  field: LabelField;
  label: string;
  seg: Segment;
  line: EvLine;
  rest: string;
  right: Segment[];
  /** A date label inside another label's value run ("Invoice Number: #123456 Invoice Date: 24/05/2030"; fold17): its value is only the rest of the run. */
  inner?: boolean;
}

function methodFor(line: EvLine, m: Method): Method {
  return line.source === 'text_field' ? 'text_field' : m;
}

/** The longest label at the start of each segment, over all fields. */
export function labelHits(ev: Evidence): LabelHit[] {
  const hits: LabelHit[] = [];
  for (const line of ev.lines) {
    // Every field whose label is longest at the segment start (ties: several fields, e.g. "BTW"
    // heads a VAT id or a tax amount; the value decides).
    const perSeg: Array<Array<{ field: LabelField; label: string }>> = line.segments.map((seg) => {
      const found: Array<{ field: LabelField; label: string }> = [];
      for (const [field, re] of Object.entries(LABELS) as Array<[LabelField, RegExp]>) {
        const m = re.exec(seg.text);
        if (m) found.push({ field, label: m[0] });
      }
      const max = Math.max(0, ...found.map((f) => f.label.trim().length));
      return found.filter((f) => f.label.trim().length === max);
    });
    line.segments.forEach((seg, i) => {
      const right: Segment[] = [];
      for (let k = i + 1; k < line.segments.length && !perSeg[k]!.length; k++) right.push(line.segments[k]!);
      for (const b of perSeg[i]!) hits.push({ field: b.field, label: b.label.trim(), seg, line, rest: seg.text.slice(b.label.length).trim(), right });
      const first = perSeg[i]![0];
      if (first) hits.push(...innerDateHits(seg, line, seg.text.slice(first.label.length)));
    });
  }
  return hits;
}

/**
 * A second "label: value" pair in a labelled run ("Invoice Number: #123456 Invoice Date: 24/05/2030", one
 * text run as some PDF libraries draw it; fold17): the first word after the first value where the
 * longest label of any field, ending in its colon, starts. Only a date field's label gives a hit (an
 * order's or a delivery's date label stops the search, as it would head its own cell).
 */
function innerDateHits(seg: Segment, line: EvLine, after: string): LabelHit[] {
  const words = [...after.matchAll(/(?<=\s)\S/g)].map((m) => m.index!);
  for (const at of words) {
    const text = after.slice(at);
    let best: { field: LabelField; label: string } | null = null;
    for (const [field, re] of Object.entries(LABELS) as Array<[LabelField, RegExp]>) {
      const m = re.exec(text);
      if (m && m[0].includes(':') && (!best || m[0].trim().length > best.label.length)) best = { field, label: m[0].trim() };
    }
    if (!best) continue;
    if (best.field !== 'issue_date' && best.field !== 'payment_due_date') return [];
    const rest = text.slice(text.indexOf(best.label) + best.label.length).trim();
    return rest ? [{ field: best.field, label: best.label, seg, line, rest, right: [], inner: true }] : [];
  }
  return [];
}

const EURO_IBAN = /^(AT|BE|CY|DE|EE|ES|FI|FR|GR|HR|IE|IT|LT|LU|LV|MT|NL|PT|SI|SK)/;

const DOC_NUMBER = /^#?\s*([A-Z0-9][A-Z0-9./_-]{1,34})/i;
const BARE_DATE_LABEL = /^(data|date|datum|fecha)\W*$/i;
/** A gross-amount label whose value is money printed without cents ("Total: $4000", "TOTAL (including taxes) | 50.4 €"; `moneyWithoutCents`): the page carries totals, though no amount is read from them. */
export function totalsWithoutCents(hits: LabelHit[]): boolean {
  return hits.some((h) => h.field === 'gross_amount' && [h.rest, h.right[0]?.text ?? ''].some((t) => moneyWithoutCents(t.replace(/^[:\s]+/, ''))));
}

/** A row of headings over their values ("Datum | Nr. | Kunden-Nr. | Seite"): three or more cells, no digit. */
const headingRow = (line: EvLine) => line.segments.length >= 3 && !/\d/.test(line.text);

/**
 * The row of headings a table row's cell stands under (recall19), or null: the row has three or
 * more cells and money in another cell (moneyBesideCell), and the rows above it, each of three or
 * more cells, lead up to a row of two or more cells without a digit with a cell over this one
 * ("Milestone | Date Completed Price" over "Design website | 09/14/18 | $800"; a generator may set
 * two headings in one cell). Such a row's date is the row's (a service or delivery day), not the letter's.
 */
function tableHeadingOver(ev: Evidence, line: EvLine, seg: Segment): EvLine | null {
  if (!moneyBesideCell(line, seg)) return null;
  const rows = ev.pages.get(line.page) ?? [];
  for (let i = line.pageLine - 1; i >= 0 && i >= line.pageLine - 30; i--) {
    const above = rows[i]!;
    if (above.segments.length >= 2 && !/\d/.test(above.text)) return above.segments.some((s) => overlapX(s.bbox, seg.bbox) > 0) ? above : null;
    if (above.segments.length < 3) return null;
  }
  return null;
}

/**
 * A series code of capitals set apart from the number ("FV 7/2021", "FT IXTEST-01/28"): printed
 * so, the space is part of the number. Not a number word or a currency before an amount.
 */
// The number after the code takes lower-case letters as DOC_NUMBER does (recall19: "INV 2024-03-10t172205" was cut to "INV 2024-03").
const SERIES_NUMBER = /^([A-Z]{1,4}) ([A-Za-z0-9][A-Za-z0-9./_-]{0,30}\d[A-Za-z0-9./_-]*)(?![\p{L}\p{N}])/u;
const NOT_A_SERIES = new RegExp(`^(?:NR|NO|NUM|${AMOUNT_CODES})$`);

/** Typographic hyphens and dashes a word processor or a PDF generator sets for "-" ("IOPOLE‐jdz7fEbj4Va", recall18). */
const TYPOGRAPHIC_HYPHEN = /[\u2010-\u2015\u2212]/g;
/**
 * An ISO 8601 date and time of day glued by "T" without separators ("2024-03-10t172205"): a
 * timestamp that names one document (a template program's id), not a date (recall18).
 */
const TIMESTAMP_NUMBER = /^\d{4}-\d{2}-\d{2}t\d{4,6}$/i;
/** A date (not a glued timestamp) is not a document number. */
const isDateNotNumber = (v: string) => findDates(v).length > 0 && !TIMESTAMP_NUMBER.test(v);

function docNumberFrom(text: string): string | null {
  const t = text.trim().replace(TYPOGRAPHIC_HYPHEN, '-');
  const series = SERIES_NUMBER.exec(t);
  if (series && !NOT_A_SERIES.test(series[1]!) && !isDateNotNumber(series[2]!) && !/^\d{1,3}([.,]\d{3})*[.,]\d{2}$/.test(series[2]!)) return `${series[1]} ${series[2]!.replace(/[./_-]+$/, '')}`;
  const m = DOC_NUMBER.exec(t);
  if (!m) return null;
  const v = m[1]!.replace(/[./_-]+$/, '');
  if (!/\d/.test(v) || v.length < 3) return null;
  // A date or an amount is not a document number.
  if (isDateNotNumber(v) || /^\d{1,3}([.,]\d{3})*[.,]\d{2}$/.test(v)) return null;
  return v;
}

/** A document-number label that names a number ("Invoice Number", "Rechnung Nr.", "Invoice: #"), not only a title word. */
const NUMBER_WORD_LABEL = /(?:number|nummer|nr|no|n[°º]|#)\W*$/i;
/**
 * A document number of one or two digits (recall19): template programs number their first invoices 1,
 * 17, 42. Only where the page marks it as a number: the whole value of a label that names a number or
 * ends in "#" ("Invoice: #42", "Invoice Number: | 1", "Rechnung Nr. 17"); never after a title word
 * alone ("Invoice: 42") or a bare "Nr." (the caller skips those).
 */
function shortNumber(text: string, label: string): string | null {
  const m = /^#?\s?(\d{1,2})$/.exec(text.trim());
  return m && (NUMBER_WORD_LABEL.test(label) || text.trim().startsWith('#')) ? m[1]! : null;
}

/**
 * A number box: the series printed straight under the number ("Nº 1 / SÉRIE 1", the DANFE's box; a series
 * and a number also on Spanish and Italian invoices): a bare "Nº" there numbers the document, so its
 * value may be one or two digits (fold17).
 */
function seriesBelow(ev: Evidence, seg: Segment): boolean {
  const b = below(ev, seg, 1);
  return Boolean(b && /^s[ée]rie\b/iu.test(b.text.trim()));
}

/** A cell of a table column: above it on its page, a row of column headings (three or more, no digit) has a cell starting where it starts. */
function underColumnHeading(ev: Evidence, seg: Segment): boolean {
  const line = ev.lines[seg.line]!;
  return (ev.pages.get(line.page) ?? []).some((l) => l.bbox.y < seg.bbox.y && headingRow(l) && l.segments.some((c) => Math.abs(c.bbox.x - seg.bbox.x) < 4));
}

/** Text values for a label: in its own segment, right of it, or below it. */
function labelValues(ev: Evidence, h: LabelHit): Array<{ text: string; seg: Segment | null; where: 'same' | 'right' | 'below'; penalty: number }> {
  const out: Array<{ text: string; seg: Segment | null; where: 'same' | 'right' | 'below'; penalty: number }> = [];
  const strip = (t: string) => t.replace(/^[:#\s.…_]+/, '');
  if (h.rest) out.push({ text: strip(h.rest), seg: h.seg, where: 'same', penalty: 0 });
  if (h.inner) return out;
  // A heading-only label ("Auftraggeber"): the next column's heading on its row is no value (raterows26).
  const headingOnly = HEADING_ONLY_LABEL.test(h.label);
  if (h.right[0] && !headingOnly) out.push({ text: strip(h.right[0].text), seg: h.right[0], where: 'right', penalty: 0 });
  else if (!h.rest && !headingOnly) {
    const r = rightOf(ev, h.seg);
    // A party heading beside an item table: the row of the table level with it is no party's name (fold28e).
    const tableCell = r && (h.field === 'sender_name' || h.field === 'recipient_name') && underColumnHeading(ev, r);
    if (r && !tableCell) out.push({ text: strip(r.text), seg: r, where: 'right', penalty: 0.1 });
  }
  const b = below(ev, h.seg, 2, true);
  if (b) out.push({ text: b.text, seg: b, where: 'below', penalty: 0.4 });
  const br = !h.rest && !h.right.length && !headingOnly ? belowRight(ev, h.seg) : null;
  if (br && br !== b) out.push({ text: br.text, seg: br, where: 'below', penalty: 0.7 });
  return out;
}

/** Document numbers printed with a number label on a page (packets: where a new invoice starts). */
export function labelledNumbers(ev: Evidence, hits: LabelHit[], page: number, maxY: number): string[] {
  const out: string[] = [];
  for (const h of hits) {
    if (h.field !== 'document_number' || h.line.page !== page || h.line.bbox.y >= h.line.pageHeight * maxY) continue;
    for (const v of labelValues(ev, h)) {
      const n = docNumberFrom(v.text);
      if (n && /\d{3,}/.test(n)) out.push(n);
    }
  }
  return out;
}

/**
 * On OCR, a bare date word ("Data", "Date") followed in its cell, or in the next cell of its row, by
 * words that make no label and hold no date ("Data | ıkonania Iuh zakarnr>7enin …": the delivery
 * date's "Data wykonania lub zakończenia …" garbled): the label may name any date, so the value
 * under it is not the labelled field's (scans15). A next cell that is a label, or has a value of its
 * own under it, heads a column of its own and qualifies nothing.
 */
function garbledQualifier(ev: Evidence, h: LabelHit, order: DayOrder | null): boolean {
  const next = h.rest ? undefined : h.right[0];
  const underNext = next ? below(ev, next) : null;
  const qualifier = h.rest || (next && !opensWithLabel(next.text) && (!underNext || underNext === below(ev, h.seg, 2, true)) ? next.text : '');
  return !findDates(qualifier, order).length && (qualifier.match(/\p{L}{2,}/gu) ?? []).length >= 2;
}

export interface GenerateOptions {
  /** Null: the page gives no day order (documentDayOrder); dates that read both ways are marked. */
  order: DayOrder | null;
  customTypes: string[];
  /** Where the page says it was written (pageCountries): reads a symbol several currencies share ("$", "kr"; currency16). */
  countries: CountryCues;
}

export function generate(ev: Evidence, hits: LabelHit[], opts: GenerateOptions): Candidate[] {
  const out: Candidate[] = [];
  // Pages read by OCR: a party name with a legal form glued to it there is a damaged reading (fold12b).
  const ocrPages = new Set(ev.lines.filter((l) => l.source === 'ocr' || l.source === 'combined').map((l) => `${l.component_ref}#${l.page}`));
  const push = (c: Candidate) => {
    if ((c.field === 'sender_name' || c.field === 'recipient_name') && c.source && ocrPages.has(`${c.source.component_ref}#${c.source.page}`) && GLUED_LEGAL_FORM.test(String(c.value ?? ''))) {
      // Where the lost space can only be the one before the form, the name is read with it (scans26).
      const spaced = String(c.value).replace(SPACE_BEFORE_FORM, '$1$2 $3');
      if (GLUED_LEGAL_FORM.test(spaced)) return;
      c = { ...c, value: spaced, transforms: [...c.transforms, 'ocr:legal-form-spaced'] };
    }
    out.push(c);
  };
  const { countries } = opts;

  // ---------------------------------------------------------------- label–value pairs
  for (const h of hits) {
    const base = h.line.source === 'text_field' ? 1 : 3;
    const method = methodFor(h.line, 'label_value');
    if (h.field === 'document_number') {
      // A bare "Nr." / "Number" / "Numéro" names many things: only a value on its own line, in the
      // upper half of the first page, weaker than a document's number label (issue 14 round 5).
      const bare = BARE_NUMBER_LABEL.test(h.label);
      if (bare && (h.line.page !== firstPageOf(ev) || h.line.bbox.y > h.line.pageHeight * 0.5)) continue;
      const labelWord = h.label.replace(/[\s:#.]+$/, '');
      // A title word and a number in an item row name a credit or an advance deducted (dates17).
      const titleInItemRow = TITLE_WORD_LABEL.test(labelWord) && documentInItemRow(h.line, h.seg);
      for (const v of labelValues(ev, h)) {
        // Under a bare number word only in a row of headings, straight below it (round 6).
        if (bare && v.where === 'below' && (h.rest || v.penalty > 0.4 || !headingRow(h.line))) continue;
        if (titleInItemRow && v.where !== 'below') continue;
        const num = docNumberFrom(v.text) ?? (bare ? (v.where === 'same' && seriesBelow(ev, h.seg) ? shortNumber(v.text, h.label) : null) : shortNumber(v.text, h.label));
        const dated = num ? /\b(?:vom|von|from|dated|du|van|del|de)\s+(.{6,20})/i.exec(v.text.slice(v.text.indexOf(num) + num.length, v.text.indexOf(num) + num.length + 30)) : null;
        const dd = dated ? findDates(dated[1]!, opts.order)[0] : undefined;
        if (dd && dd.index === 0) push({ field: 'issue_date', value: dd.value, raw: dated![0], score: base - 0.2 - v.penalty, method, source: src(h.line, v.seg), label: h.label, transforms: [AFTER_NUMBER, ...orderMarks(dd, opts.order)], meta: { number: num } });
        if (num) push({ field: 'document_number', value: num, raw: v.text, score: base - v.penalty - (bare ? 1 : TITLE_WORD_LABEL.test(labelWord) ? 0.5 : 0), method, source: src(h.line, v.seg), label: h.label, transforms: ['trim'] });
      }
    } else if (h.field === 'issue_date' || h.field === 'payment_due_date') {
      // A label repeated across a row is a table header (an advance-payment schedule).
      // (Only the same field's labels count: "Date de commande | Date de facture" is not one.)
      const repeated = hits.filter((x) => x.line === h.line && x.field === h.field).length > 1;
      if (repeated) continue;
      const column = itemColumnHeading(h);
      const garbled = h.line.source === 'ocr' && BARE_DATE_LABEL.test(h.label) && garbledQualifier(ev, h, opts.order);
      for (const v of labelValues(ev, h)) {
        const valueLine = ev.lines[v.seg?.line ?? h.line.index]!;
        if ((column || garbled || ocrDateColumn(ev, h.line, v.seg) || inItemRow(valueLine, v.seg)) && v.where === 'below') continue;
        // A bare date word heading a column of table rows ("Date Completed", "Datum" among headings
        // that name no item column, recall19): the rows' dates, the issue date only when nothing
        // else is (at the selection's minimum, below every other reading).
        const dateColumn = v.where === 'below' && v.seg !== null && BARE_DATE_LABEL.test(h.label) && tableHeadingOver(ev, valueLine, v.seg) === h.line;
        const found = findDates(v.text, opts.order);
        // A label with a qualifying clause before its colon ("Data wystawienia, z zastrzeżeniem art.
        // 106na ust. 1 ustawy: 31.10.2025", fold9): in the label's own cell, the one date right after the cell's last colon.
        const colon = v.where === 'same' && found.length === 1 && /^[,(]/.test(v.text) ? /:\s*$/.exec(v.text.slice(0, found[0]!.index)) : null;
        const d = found[0];
        if (d && (d.index <= 4 || (colon && v.text.lastIndexOf(':', d.index) === colon.index && d.index <= 90))) push({ field: h.field, value: d.value, raw: d.raw, score: Math.min(dateColumn ? 1 : Infinity, base - v.penalty - (h.label.toLowerCase().startsWith('dat') || h.label.toLowerCase() === 'date' ? 0.3 : 0)), method, source: src(h.line, v.seg), label: h.label, transforms: [`date:${d.raw.match(/[a-z]/i) ? 'month-name' : opts.order ?? 'dmy'}`, ...orderMarks(d, opts.order)] });
      }
    } else if (h.field === 'sender_vat_number' || h.field === 'recipient_vat') {
      for (const v of labelValues(ev, h)) {
        const vat = findVatIds(v.text.toUpperCase())[0];
        // A failed check digit under a VAT label: on a text layer the id is printed so (a sample
        // or test id), weaker but still the labelled id; on OCR it is likely misread.
        const failed = h.line.source === 'native' ? -1 : -2;
        const buyer = h.field === 'recipient_vat' || inBuyerColumn(ev, h.line, h.seg);
        if (vat && vat.index <= 2) push({ field: 'sender_vat_number', value: vat.check.value, raw: vat.raw, score: (buyer ? -5 : base) - v.penalty + (vat.check.checksum === 'valid' ? 1 : vat.check.checksum === 'invalid' ? failed : 0), method, source: src(h.line, v.seg), label: h.label, transforms: ['vat:compact'], meta: { recipient: buyer, buyerBlock: h.field !== 'recipient_vat' && buyer } });
      }
    } else if (h.field === 'payment_reference') {
      // A bare "Reference" / "Kenmerk" names a payment reference only among transfer instructions.
      if (/^(reference|r[ée]f[ée]rence|referenz|kenmerk)\W*$/i.test(h.label) && !inPaymentContext(ev, h.line)) continue;
      for (const v of labelValues(ev, h)) {
        const t = v.text.replace(/^[:\s]+/, '').trim();
        const m = /^([A-Z0-9][A-Z0-9./ _-]{2,40}?[A-Z0-9])(?:\s{2,}|$|\s+(?=[a-zäöü]))/i.exec(t);
        if (m && /\d/.test(m[1]!)) push({ field: 'payment_reference', value: m[1]!.trim(), raw: t, score: base - v.penalty, method, source: src(h.line, v.seg), label: h.label, transforms: ['trim'] });
      }
    } else if (h.field === 'customer_number') {
      for (const v of labelValues(ev, h)) {
        const num = docNumberFrom(v.text.replace(/(\d) (?=\d{3}\b)/g, '$1'));
        if (num) push({ field: 'customer_number', value: num, raw: v.text, score: base - v.penalty, method, source: src(h.line, v.seg), label: h.label, transforms: ['trim'] });
      }
    } else if (h.field === 'sender_name' || h.field === 'recipient_name') {
      // Party labels head a block ("Rechnungsempfänger", "Bill to:"); "Lieferant GmbH" is a name,
      // "Facture à régler par virement :" a sentence. Parties are named on the first page.
      if (h.rest && !/:\s*$/.test(h.label) && !(/:\s*$/.test(h.rest) && h.rest.split(/\s+/).length <= 3)) continue;
      if (h.line.page !== firstPageOf(ev)) continue;
      // A role word among an item table's headings ("Référence Client", "Kunden-Art.-Nr.") heads a
      // column of codes, not a party: the heading may take two rows (round 7).
      if (itemColumnHeading(h) || itemHeadingAbove(ev, h.line)) continue;
      // A bare "From" / "To" heads a party block only on a row of such headings ("FROM … TO"), never among a table's headings ("Service | From | To | Amount"; fold19).
      if (/^(?:from|to)$/i.test(h.label) && !h.line.segments.every((s) => /^(?:from|to)\s*:?$/i.test(s.text.trim()))) continue;
      // A payee heading names the sender, but not where the claim is assigned (factoring) or the payee is a bank (fold12b).
      const payee = h.field === 'sender_name' && PAYEE_LABEL.test(h.label);
      if (payee && ASSIGNED_CLAIM.test(ev.lines.filter((l) => l.page === h.line.page).map((l) => l.text).join('\n'))) continue;
      for (const v of labelValues(ev, h)) {
        // A cell across a third of the page on the heading's row is another block ("Bill To … Your Company Name"; fold16).
        if (v.where === 'right' && v.seg && v.seg.bbox.x - (h.seg.bbox.x + h.seg.bbox.w) > h.line.pageWidth * 0.35) continue;
        // Only a value below the label heads an address block worth walking down.
        const name = v.where === 'below' ? partyName(ev, v.seg, v.text) : (() => {
          const n = nameInCell(v.text);
          return n ? { text: n, seg: v.seg, line: v.seg ? ev.lines[v.seg.line]! : null } : null;
        })();
        // A text ending in a colon is a key of its own ("Nom du vendeur:" under "Vendeur"; fold11), never a name.
        if (name && /:\s*$/.test(name.seg?.text ?? v.text)) continue;
        if (name && payee && BANK_NAME.test(name.text)) continue;
        // A contact person over the company under the heading: the company is the party (fold18).
        const company = name && v.where === 'below' ? companyUnderContact(ev, name.seg) : null;
        if (company) push({ field: h.field, value: company.name, raw: company.seg.text, score: 2 - v.penalty, method, source: src(ev.lines[company.seg.line]!, company.seg), label: h.label, transforms: ['trim', 'block:company-under-contact'] });
        else if (name) push({ field: h.field, value: name.text, raw: v.text, score: 2 - v.penalty, method, source: src(name.line ?? h.line, name.seg ?? v.seg), label: h.label, transforms: ['trim'] });
      }
    } else if (h.field === 'currency') {
      for (const v of labelValues(ev, h)) {
        const c = findCurrencies(v.text, countries)[0];
        if (c && c.index <= 2) push({ field: 'currency', value: c.code, raw: c.raw, score: 4, method, source: src(h.line, v.seg), label: h.label, transforms: c.iso ? [] : ['currency:symbol→ISO'] });
      }
    } else if (h.field === 'net_amount' || h.field === 'gross_amount' || h.field === 'tax_amount') {
      amountFromLabel(ev, h, base, method, push);
    }
  }

  // ---------------------------------------------------------------- per-line patterns
  const firstPage = firstPageOf(ev);
  for (const line of ev.lines) {
    if (line.page === firstPage && line.bbox.y < line.pageHeight * 0.4) {
      for (const [i, seg] of line.segments.entries()) {
        const d = findDates(seg.text, opts.order);
        // A place may precede the letter's date ("Berlin, 12.03.2024"); a colon or a date's name
        // may not, in the cell or the cell before it: that date is a label's value, whatever the
        // label ("Lieferschein-Datum 05.08.2013", a garbled "tell-Dat: : 01.08.2013"; round 5).
        const before = `${i > 0 ? line.segments[i - 1]!.text : ''} ${d.length === 1 ? seg.text.slice(0, d[0]!.index) : ''}`;
        if (/(:|datum|date|\bdat\.?)\s*:?\s*$/i.test(before) || inItemRow(line, seg) || tableHeadingOver(ev, line, seg)) continue;
        // Nor a label of another date ("Échéance le 2 septembre 2026", "Fällig am 3. März 2024").
        const lead = d.length === 1 ? seg.text.slice(0, d[0]!.index) : '';
        if (lead && (LABELS.payment_due_date.test(lead) || LABELS.other_date.test(lead))) continue;
        // Nor an order's, a delivery's or a service's date ("Ihre Bestellung vom …", "Livraison du …"; dates17).
        if (otherEventLead(lead)) continue;
        if (d.length === 1 && seg.text.replace(d[0]!.raw, '').replace(/^[\p{L}\s,.-]{0,25},?\s*$/u, '').trim() === '') push({ field: 'issue_date', value: d[0]!.value, raw: seg.text, score: 1.2, method: 'pattern', source: src(line, seg), transforms: ['date:letter-date', ...orderMarks(d[0]!, opts.order)] });
      }
    }
    const text = line.segments.map((s) => s.text).join('   ');
    const footer = line.bbox.y > line.pageHeight * 0.82;
    for (const hit of findIbans(text)) {
      const seg = segAt(line, hit.index);
      push({ field: 'iban', value: hit.check.status === 'invalid' ? null : hit.check.iban, raw: hit.raw, score: 1 + (footer ? 1 : 0), method: methodFor(line, 'pattern'), source: src(line, seg, hit.raw), transforms: ['iban:compact', hit.check.status === 'valid' ? 'iban:mod97-ok' : 'iban:mod97-failed'], meta: { status: hit.check.status, line: line.index, offset: hit.index } });
    }
    looseIbans(ev, line, text, footer, push);
    const ibanSpans = findIbans(text).map((h) => [h.index, h.index + h.length] as const);
    for (const v of findVatIds(text)) {
      if (ibanSpans.some(([a, b]) => v.index < b && a <= v.index)) continue;
      const labelled = /(ust|vat|btw|tva|iva|mwst|umsatzsteuer|steuer-?id|tax)/i.test(text.slice(Math.max(0, v.index - 30), v.index));
      const spaced = /\s/.test(v.raw);
      if (spaced && !labelled && !/^[A-Z]{2} ?\d{3} \d{3} \d{3}$/.test(v.raw)) continue;
      const recipient = /(ihre|your|customer|kunde|votre|uw)\b[^\n]{0,20}$/i.test(text.slice(Math.max(0, v.index - 30), v.index)) || inBuyerColumn(ev, line, segAt(line, v.index));
      // A failed check digit beside a VAT or tax label on a text layer: printed so (a test id), as
      // under a VAT label (round 5); unlabelled or on OCR, likely something else or misread.
      const failed = labelled && line.source === 'native' ? -1 : -2;
      push({ field: 'sender_vat_number', value: v.check.value, raw: v.raw, score: (recipient ? -5 : 1) + (labelled ? 1 : 0) + (footer ? 0.5 : 0) + (v.check.checksum === 'valid' ? 1 : v.check.checksum === 'invalid' ? failed : 0), method: methodFor(line, 'pattern'), source: src(line, segAt(line, v.index), v.raw), transforms: ['vat:compact'], meta: { recipient } });
    }
    // Self-checking references (ISO 11649 "RF…", Belgian "+++…+++") are payment references wherever printed.
    for (const r of findPaymentReferences(text)) {
      push({ field: 'payment_reference', value: r.value, raw: r.raw, score: 4, method: methodFor(line, 'pattern'), source: src(line, segAt(line, r.index), r.raw), transforms: [`reference:${r.kind}`] });
    }
    for (const b of findBics(text)) {
      const before = text.slice(Math.max(0, b.index - 12), b.index);
      if (!/(bic|swift)\W*$/i.test(before) && !/\(bic\s*$/i.test(before) && !underHeading(ev, line, segAt(line, b.index), /^(bic|swift|bic\s?\/\s?swift|swift\s?\/\s?bic|swift-?code|bic-?code)\W*$/i)) continue;
      push({ field: 'bic', value: b.value, raw: b.raw, score: 1, method: methodFor(line, 'pattern'), source: src(line, segAt(line, b.index), b.raw), transforms: ['bic:format'], meta: { line: line.index } });
    }
    const lineAmounts = findAmounts(text);
    for (const c of findCurrencies(text, countries)) {
      // Near an amount on the line, or heading a column of amounts ("Amount (GBP)").
      const cell = c.iso ? segAt(line, c.index) : null;
      const under = cell ? below(ev, cell, 1, true) : null;
      // An ISO code glued to a number ("550000 USD", "8.6 EUR", "USD 43") prices it, with or without cents (recall18).
      // A sign glued so prices it too ("42 €", "$4000"; recall19).
      const nearAmount = gluedToNumber(text, c) || lineAmounts.some((a) => Math.abs(a.index - c.index) < 25) || Boolean(under && findAmounts(under.text).length);
      if (!nearAmount && !c.iso) continue;
      push({ field: 'currency', value: c.code, raw: c.raw, score: (nearAmount ? 1 : 0.3) * (c.iso ? 1.2 : 1) * (c.raw === '$' ? 0.9 : 1), method: methodFor(line, 'pattern'), source: src(line, segAt(line, c.index), c.raw), transforms: c.iso ? [] : ['currency:symbol→ISO'] });
    }
    taxRowsFromLine(ev, line, text, push);
    inTextAmounts(line, push);
  }

  // No currency printed at all: a euro-area IBAN of the sender implies EUR (weak, derived).
  for (const c of out.filter((x) => x.field === 'iban' && x.meta?.status === 'valid' && !x.meta?.customer)) {
    if (EURO_IBAN.test(c.value as string)) {
      push({ field: 'currency', value: 'EUR', raw: c.raw, score: 0.6, method: 'derived', source: c.source, transforms: ['currency:iban-country'], derived_from: ['iban'] });
      break;
    }
  }

  // ---------------------------------------------------------------- running text
  for (const page of ev.pages.keys()) sentences(ev, page, opts, push);
  parties(ev, push);
  letterheadOverAddress(ev, push);
  itemBases(ev, push);
  totalsBlockTaxLines(ev, push);
  dropItemTaxRows(out);
  taxTableTotals(ev, out, push);
  columnSumNet(ev, out, push);
  // Totals blocks that chain a discount or the GST components, and a grand total without cents (fold19).
  netAdjusted(ev, out, push);
  gstTaxTotal(ev, out, push);
  grossWithoutCents(ev, out, push);
  grossClosingBlock(ev, out, push);
  unlabelledTotalsBlock(ev, out, push);
  unreadLabelsBlock(ev, out, push);
  bareTotalsBlock(ev, out, push);
  unlabelledColumnTotal(ev, out, push);
  grossAfterWithholding(ev, out, push);
  grossAfterCharges(ev, out, push);
  if (!out.some((c) => c.field === 'document_number')) bareHeaderNumber(ev, push);
  return out;
}

/** An id with an invoice prefix and a year or a sequence after it ("RE-2025-00287", "RG-2025-0189", "INV-26-A0001"). */
const PREFIXED_ID = /^(?:INV|RE|RG|RN|FA|FAC|F|R)[-/][A-Z]?\d{2,}(?:[-/][A-Z]?\d{2,}){0,2}$/;
/** A year and a sequence with no prefix ("2025-042"; bare31): no prefix names another document. */
const YEAR_SEQUENCE_ID = /^20\d{2}[-/]\d{3,6}$/;
/** Any short prefix, a year and a sequence ("TC-2025-0847"): an invoice's only when the title stands right under it (bare31). */
const PREFIX_YEAR_ID = /^[A-Z]{1,5}[-/]20\d{2}[-/][A-Z]?\d{3,6}$/;
/** The first part of an id broken after its year ("EU-2025-" over "00142"; bare31), and the rest. */
const BROKEN_AFTER_YEAR = /^(?:[A-Z]{1,5}[-/])?20\d{2}[-/]$/;
const BROKEN_REST = /^[A-Z]?\d{3,6}$/;
/** Headings of the block of the invoice's particulars (bare31): its first line, an id alone, is the number. */
const DETAILS_HEADING = /^(?:rechnungs(?:details|daten|angaben|informationen)|invoice (?:details|information|data)|d[ée]tails? de (?:la )?facture|factuur(?:gegevens|details)|dettagli (?:della )?fattura|(?:detalles|datos) de (?:la )?factura)(?![\p{L}])/iu;
/** An id: letters and digits in parts, four digits at least, no space. */
const ID_SHAPE = /^(?=(?:[^\d]*\d){4})[A-Z0-9]+(?:[-/.][A-Z0-9]+)*$/i;

/**
 * A document number printed with no label, only when no label, title or sentence gave one; weak.
 * recall24: an id with an invoice prefix (or, bare31, a bare year and sequence) alone in its cell in the top quarter of
 * the first page, in its right half, nothing over it but the invoice title and no label to its left; an id with any
 * prefix when the title stands right under it; an id broken after its year is joined with the rest under it.
 * bare31: the first line under a heading of the invoice's particulars ("Rechnungsdetails"), an id alone.
 */
function bareHeaderNumber(ev: Evidence, push: (c: Candidate) => void) {
  const page = firstPageOf(ev);
  const pageLines = ev.pages.get(page) ?? [];
  /** Cells of the column of `seg` over it (dir -1) or under it (dir 1), at most `gap` apart. */
  const column = (seg: Segment, dir: -1 | 1, gap: number) =>
    pageLines
      .filter((l) => (dir < 0 ? l.bbox.y < seg.bbox.y && seg.bbox.y - (l.bbox.y + l.bbox.h) < gap : l.bbox.y > seg.bbox.y && l.bbox.y - (seg.bbox.y + seg.bbox.h) < gap))
      .flatMap((l) => l.segments)
      .filter((c) => c !== seg && c.bbox.x < seg.bbox.x + seg.bbox.w && c.bbox.x + c.bbox.w > seg.bbox.x)
      .sort((a, b) => dir * (a.bbox.y - b.bbox.y));
  const found: Array<{ line: EvLine; seg: Segment; value: string }> = [];
  for (const line of pageLines) {
    if (!line.positioned || line.bbox.y > line.pageHeight * 0.25) continue;
    for (const seg of line.segments) {
      if (seg.bbox.x < line.pageWidth * 0.5) continue;
      const h = Math.max(6, seg.bbox.h);
      let value = seg.text.trim();
      let under = column(seg, 1, h * 2.5);
      if (BROKEN_AFTER_YEAR.test(value)) {
        // Its rest is the next cell under it, set flush with it (right- or left-aligned).
        const rest = under[0];
        if (!rest || !BROKEN_REST.test(rest.text.trim()) || Math.min(Math.abs(rest.bbox.x + rest.bbox.w - seg.bbox.x - seg.bbox.w), Math.abs(rest.bbox.x - seg.bbox.x)) > 3) continue;
        value += rest.text.trim();
        under = column(rest, 1, h * 2.5);
      }
      const next = under[0]?.text.trim() ?? '';
      // Another bare id right under it: two references, neither told apart.
      if (ID_SHAPE.test(next) && !findDates(next).length) continue;
      const titled = OPENS_WITH_INVOICE_WORD.test(next);
      if (!(PREFIXED_ID.test(value) || YEAR_SEQUENCE_ID.test(value) || (titled && PREFIX_YEAR_ID.test(value))) || (value.match(/\d/g) ?? []).length < 5) continue;
      // Nothing over it in its column but the title (a "Kundennummer" heading names another id).
      const over = column(seg, -1, h * 2.5).filter((c) => c.bbox.y + c.bbox.h <= seg.bbox.y + h * 0.5);
      if (over.some((c) => !OPENS_WITH_INVOICE_WORD.test(c.text.trim()))) continue;
      // No label to its left on its row.
      const left = pageLines
        .filter((l) => Math.abs(l.bbox.y - seg.bbox.y) < h * 0.6)
        .flatMap((l) => l.segments)
        .filter((c) => c !== seg && c.bbox.x + c.bbox.w <= seg.bbox.x && seg.bbox.x - (c.bbox.x + c.bbox.w) < 150);
      if (left.some((c) => /[:#]\s*$|\b(nr|no|n°|nummer|number)\.?\s*$/i.test(c.text.trim()))) continue;
      found.push({ line, seg, value });
    }
  }
  for (const line of pageLines) {
    if (!line.positioned || line.segments.length !== 1 || !DETAILS_HEADING.test(line.text.trim())) continue;
    const heading = line.segments[0]!;
    const first = pageLines.filter((l) => l.bbox.y > line.bbox.y && l.bbox.y - (line.bbox.y + line.bbox.h) < line.bbox.h * 3).sort((a, b) => a.bbox.y - b.bbox.y)[0];
    const cell = first?.segments.length === 1 ? first.segments[0]! : null;
    const t = cell?.text.trim() ?? '';
    if (!first || !cell || Math.abs(cell.bbox.x - heading.bbox.x) > 15 || !ID_SHAPE.test(t) || findDates(t).length || findAmounts(t).length) continue;
    found.push({ line: first, seg: cell, value: t });
  }
  // One such id only: two are two references and neither is told apart.
  if (found.length !== 1) return;
  const { line, seg, value } = found[0]!;
  push({ field: 'document_number', value, raw: seg.text, score: 1.2, method: methodFor(line, 'pattern'), source: src(line, seg), transforms: ['trim', 'number:unlabelled-header'] });
}

/**
 * Item lines that print their tax rate in a cell of its own ("Installation | 19 % | 1.119,36"):
 * their amounts summed per rate, for tax rows whose base is not printed. Only a fact for the
 * selection, which uses it when the sums reconcile with the net and with every row's tax.
 */
function itemBases(ev: Evidence, push: (c: Candidate) => void) {
  const sums = new Map<string, bigint>();
  let lines = 0;
  for (const line of ev.lines) {
    if (line.source === 'text_field' || line.segments.length < 3) continue;
    const rateCells = line.segments.filter((s) => /^\d{1,2}(?:[.,]\d{1,2})?\s?%$/.test(s.text.trim()));
    if (rateCells.length !== 1) continue;
    const last = line.segments[line.segments.length - 1]!;
    const amounts = findAmounts(last.text);
    if (amounts.length !== 1 || last === rateCells[0] || last.bbox.x < rateCells[0]!.bbox.x) continue;
    // Totals and tax lines are not items.
    if (Object.entries(LABELS).some(([f, re]) => /amount/.test(f) && re.test(line.segments[0]!.text))) continue;
    const rate = parseRate(rateCells[0]!.text)!;
    sums.set(rate, (sums.get(rate) ?? 0n) + (lineNet(line, rate) ?? BigInt(Math.round(Number(amounts[0]!.value) * 100))));
    lines++;
  }
  if (sums.size < 2 || lines < 2) return;
  push({ field: 'tax_amount', value: null, raw: '', score: 0, method: 'totals_table', source: null, transforms: [], meta: { itemBases: Object.fromEntries([...sums].map(([r, c]) => [r, String(c)])) } });
}

/**
 * An item line that prints its net, its tax and its gross ("… 199,08 | 20 % | 39,82 | 238,90"):
 * the net, i.e. the amount whose rate gives another amount of the line, the two adding up to a
 * third. Null when the line does not print all three (round 8).
 */
function lineNet(line: EvLine, rate: string): bigint | null {
  const cents = line.segments.flatMap((s) => findAmounts(s.text).filter((a) => !/^\s?%/.test(s.text.slice(a.index + a.length)))).map((a) => a.cents);
  for (const b of cents) {
    const t = cents.find((x) => x !== b && Math.abs((Number(b) * Number(rate)) / 100 - Number(x)) <= 1);
    if (t !== undefined && b > 0n && cents.includes(b + t)) return b;
  }
  return null;
}

/**
 * A date label heading a column of the item table ("Date | Description | Qté | Prix | Total HT"):
 * the dates under it are the lines' dates, not the document's (round 6).
 */
function itemColumnHeading(h: LabelHit): boolean {
  return itemColumnCells(h.line.segments.filter((s) => s !== h.seg)) >= 2;
}

/** The row right above `line` on its page is an item table's heading row (two item-column cells or more). */
function itemHeadingAbove(ev: Evidence, line: EvLine): boolean {
  const above = (ev.pages.get(line.page) ?? [])[line.pageLine - 1];
  return Boolean(above && line.bbox.y - (above.bbox.y + above.bbox.h) < line.bbox.h && itemColumnCells(above.segments) >= 2);
}

/**
 * IBANs the group-of-four scan misses (issue 14 round 6): printed in other groups
 * ("BE 41 7360 0661 9710"), cut into two cells of the line, or wrapped after an "IBAN" label onto
 * the next line. Checksum-valid only (normalize/iban.ts findLooseIbans).
 */
function looseIbans(ev: Evidence, line: EvLine, text: string, footer: boolean, push: (c: Candidate) => void) {
  if (findIbans(text).some((h) => h.check.status === 'valid')) return;
  const joined = line.segments.map((s) => s.text).join(' ');
  let hits = findLooseIbans(joined);
  const next = ev.lines[line.index + 1];
  if (!hits.length && /\biban\b/i.test(joined) && next && next.page === line.page && next.bbox.y - line.bbox.y < line.bbox.h * 2.5) {
    hits = findLooseIbans(`${joined} ${next.segments[0]!.text}`).filter((h) => h.index + h.length > joined.length);
  }
  for (const hit of hits) {
    push({ field: 'iban', value: hit.check.status === 'valid' ? hit.check.iban : null, raw: hit.raw, score: 1 + (footer ? 1 : 0), method: methodFor(line, 'pattern'), source: src(line, null, hit.raw), transforms: ['iban:compact', 'iban:loose-groups', 'iban:mod97-ok'], meta: { status: 'valid', line: line.index } });
  }
}

/** The text is one label of the family and nothing more ("Rechnungsempfänger:", "Service Provider"). */
const wholeLabel = (re: RegExp, t: string): boolean => re.exec(t)?.[0].trim().length === t.length;

/**
 * The cell stands in a block headed by a buyer's heading ("Customer", "Kunde", "Nabywca"): the
 * nearest heading above it in its column, within eight rows and no wide gap, is a recipient label
 * (fold9: "Supplier" and "Customer" blocks each print a tax id under the same label).
 */
function underBuyerHeading(ev: Evidence, line: EvLine, seg: Segment | null, delivery = false): boolean {
  if (!seg) return false;
  return buyerHeadingAbove(ev, line, seg, (cell) => Math.abs(cell.bbox.x - seg.bbox.x) < 12, delivery);
}

/**
 * The same walk up a column set flush right in the right half of the page (fold19: a LaTeX invoice's "TO"
 * column, whose "VAT Registration No: IT…" line ends where "TO" and the buyer's address lines end): the
 * cells above share the segment's right edge.
 */
function underBuyerHeadingFlushRight(ev: Evidence, line: EvLine, seg: Segment | null): boolean {
  if (!seg || seg.bbox.x < line.pageWidth * 0.4) return false;
  const right = seg.bbox.x + seg.bbox.w;
  return buyerHeadingAbove(ev, line, seg, (cell) => cell.bbox.x > line.pageWidth * 0.4 && Math.abs(cell.bbox.x + cell.bbox.w - right) < 3);
}

/** A value in the buyer's column, its cells aligned left or flush right. */
function inBuyerColumn(ev: Evidence, line: EvLine, seg: Segment | null): boolean {
  return underBuyerHeading(ev, line, seg) || underBuyerHeadingFlushRight(ev, line, seg);
}

/**
 * Up the column (`inColumn` picks a row's cell in it) within eight rows and no wide gap: the first party heading decides.
 * With `delivery`, a delivery-address heading counts as the buyer's too (the goods' recipient is never the sender; buyer31).
 */
function buyerHeadingAbove(ev: Evidence, line: EvLine, seg: Segment, inColumn: (cell: Segment) => boolean, delivery = false): boolean {
  let bottom = seg.bbox.y;
  for (let k = line.index - 1; k >= 0 && k >= line.index - 8; k--) {
    const l = ev.lines[k]!;
    if (l.page !== line.page) return false;
    const cell = l.segments.find(inColumn);
    if (!cell) continue;
    if (bottom - (cell.bbox.y + cell.bbox.h) > cell.bbox.h * 3) return false;
    bottom = cell.bbox.y;
    const t = cell.text.trim();
    if (wholeLabel(LABELS.sender_name, t)) return false;
    if (wholeLabel(LABELS.recipient_name, t) || (delivery && wholeLabel(LABELS.delivery_address, t))) return true;
  }
  return false;
}

/** The sender's own address under its name, with its label ("Adres: Straat 123, 4567 AB Plaatsnaam"); "Adres klant" is the customer's. */
const OWN_ADDRESS_LINE = /^(?:adres|address|adresse|anschrift|direcci[óo]n|indirizzo|endere[çc]o)\s*:\s*\S.*\d/i;

/**
 * The letterhead's name over its own labelled address (fold19: "Bedrijf XYZ" over "Adres: Straat 123, 4567 AB
 * Plaatsnaam" on a Dutch fpdf2 page): the first line of page 1, one cell in the top eighth of the page, a
 * name (cleanName: no title, no label, no street), right over a line that is only "Adres:" / "Address:" …
 * with a number. Weaker than a labelled sender.
 */
function letterheadOverAddress(ev: Evidence, push: (c: Candidate) => void) {
  const page = firstPageOf(ev);
  const lines = ev.lines.filter((l) => l.page === page);
  const [top, next] = lines;
  if (!top || !next || top.segments.length !== 1 || top.bbox.y > top.pageHeight / 8) return;
  if (next.segments.length !== 1 || !OWN_ADDRESS_LINE.test(next.text.trim()) || next.bbox.y - (top.bbox.y + top.bbox.h) > top.bbox.h * 3) return;
  const name = cleanName(top.segments[0]!.text);
  if (name) push({ field: 'sender_name', value: name, raw: top.text, score: 2.5, method: 'address_block', source: src(top, top.segments[0]!), transforms: ['trim', 'block:letterhead-over-address'] });
}

/** The segment lies under a heading cell (the row above, overlapping it) that `heading` matches. */
function underHeading(ev: Evidence, line: EvLine, seg: Segment | null, heading: RegExp): boolean {
  const above = ev.lines[line.index - 1];
  return Boolean(seg && above && above.page === line.page && above.segments.some((h) => heading.test(h.text.trim()) && overlapX(h.bbox, seg.bbox) > 0));
}

/** The line or its neighbours (same page) carry an IBAN or a transfer instruction. */
function inPaymentContext(ev: Evidence, line: EvLine): boolean {
  for (let k = line.index - 2; k <= line.index + 2; k++) {
    const l = ev.lines[k];
    if (l && l.page === line.page && (PAYMENT_CUES.test(l.text) || findIbans(l.text).length)) return true;
  }
  return false;
}

function firstPageOf(ev: Evidence): number {
  return Math.min(...[...ev.pages.keys()].filter((p) => p > 0));
}

function segAt(line: EvLine, offset: number): Segment | null {
  let at = 0;
  for (const s of line.segments) {
    if (offset >= at && offset < at + s.text.length + 3) return s;
    at += s.text.length + 3;
  }
  return null;
}

/** An item table's description, quantity or position heading: see ITEM_COLUMN. */
export const ITEM_HEADING = new RegExp(`(?<![\\p{L}\\p{N}])(${ITEM_WORDS}|quantity|quantit[ée]|item|article|pos\\.?)(?![\\p{L}\\p{N}])`, 'iu');

const PARTIAL_AMOUNT = /(abzüglich|abschl[äa]g|zuschl[äa]g|allowance|charges total|bereits gezahlt|geleistet|guthaben|nachzahlung|restbetrag|paid|credits|anzahlung|skonto|rabatt|discount)/i;

/** Words after a total's label that make it the total without tax ("Montant Total HT", "Total amount excl. VAT", "Total without VAT"). */
const NET_QUALIFIER = /^(?:ht|h\.t\.|hors tax\p{L}*|hors tva|netto|net|excl\.?|exkl\.?|exclusief|exclusive|excluding|ohne|sans tva|before tax|without (?:vat|tax))(?![\p{L}])/iu;

/**
 * A bare "Total" whose next lines are only tax lines and then a "Grand Total" (fold17: "Total: 47.25 /
 * Tax: 5.5 / Grand Total: 52.75"): the total before tax, a net. Any other line between them (a discount,
 * shipping) leaves it a gross reading.
 */
function totalBeforeGrandTotal(ev: Evidence, h: LabelHit): { taxes: EvLine[]; grand: EvLine } | null {
  if (!/^total\W*$/i.test(h.label)) return null;
  const taxes: EvLine[] = [];
  for (const l of ev.lines.slice(h.line.index + 1, h.line.index + 4)) {
    const first = l.segments[0]?.text.trim() ?? '';
    if (l.page !== h.line.page) return null;
    if (/^grand total\b/i.test(first)) return taxes.length ? { taxes, grand: l } : null;
    if (!LABELS.tax_amount.test(first) || LABELS.gross_amount.test(first)) return null;
    taxes.push(l);
  }
  return null;
}

/**
 * The one tax line between such a "Total" and its "Grand Total", printed without cents ("Tax: 5.5"): read
 * as an amount only when Total + it = Grand Total to the cent (fold17); the arithmetic is its check.
 */
function taxWithoutCents(h: LabelHit, block: { taxes: EvLine[]; grand: EvLine }, net: AmountHit, method: Method, push: (c: Candidate) => void) {
  const grand = findAmounts(block.grand.text);
  const line = block.taxes.length === 1 ? block.taxes[0]! : null;
  const m = line ? /^[^\d]*?(?:[$€£]\s?)?(\d{1,6})(?:\.(\d))?\s*(?:[$€£])?$/.exec(line.text.replace(/\(\s*\d{1,2}(?:[.,]\d+)?\s?%\s*\)/, '').trim()) : null;
  if (!line || !m || grand.length !== 1 || findAmounts(line.text).length) return;
  const tax = BigInt(m[1]!) * 100n + BigInt((m[2] ?? '0') + '0');
  if (net.cents + tax !== grand[0]!.cents) return;
  push({ field: 'tax_amount', value: formatCents(tax), raw: line.text, score: 3, method, source: src(line, line.segments[0]!), label: h.label, transforms: ['amount:no-cents', 'confirm:net+tax=gross'], meta: { line: line.index, page: line.page } });
}

function amountFromLabel(ev: Evidence, h: LabelHit, base: number, method: Method, push: (c: Candidate) => void) {
  // A gross label's words qualified as "without tax" name the net (amounts14: "Montant Total HT"
  // was read as the gross, equal to the net, and passed as an invoice without tax).
  const beforeGrand = h.field === 'gross_amount' ? totalBeforeGrandTotal(ev, h) : null;
  const field = h.field === 'gross_amount' && (NET_QUALIFIER.test(h.rest) || beforeGrand) ? 'net_amount' : (h.field as 'net_amount' | 'gross_amount' | 'tax_amount');
  // Partial amounts (advance payments, balances, discounts) are not totals; judged on the
  // label's own cell, since a totals header row can hold such columns beside the totals.
  if (PARTIAL_AMOUNT.test(h.seg.text) && field !== 'tax_amount') return;
  // OCR may put the amount column in another block: the nearest cell on the same row.
  // A total label alone on its line (or with only its translation: "Rechnungsbetrag | Total") whose
  // value cell wraps over the lines beside it ("EUR" over, "102143.64" under; recall20).
  const translation = /^[|/]\s*\p{L}[\p{L}\s.]*:?$/u.test(h.rest.trim());
  const across = !h.right.length ? rightOf(ev, h.seg) ?? (!h.rest.trim() || translation ? straddlingRight(ev, h.seg) : null) : null;
  // Money without cents counts beside a currency mark or with the money dash ("Total: $ 1,100", "Celkem: Kč 12.100,-"; nocents26).
  const right = across && findMoney(across.text).length ? [across] : h.right;
  const region = [h.rest, ...right.map((s) => s.text)].join('   ');
  // A row of headings ("Tax | Base | Rate | Amount | Sum €126,00"): cells with no digit between
  // the label and the row's first amount, three or more, or one or more when the amount's cell
  // has a word of its own before it ("Sum", not a currency code): that amount is the last
  // heading's, not this label's (fold9: the tax table's "Tax" heading took the sum beside it).
  const firstAmount = right.findIndex((s) => findMoney(s.text).length > 0);
  const ownWord = firstAmount >= 0 && /^\p{L}{3,}(?![\p{L}])/u.test(right[firstAmount]!.text.trim()) && !/^[A-Z]{3}(?![\p{L}])/u.test(right[firstAmount]!.text.trim());
  const headings = !h.rest && (firstAmount >= 3 || (firstAmount >= 1 && ownWord)) && right.slice(0, firstAmount).every((s) => !/\d/.test(s.text));
  const amounts = headings ? [] : findMoney(region).filter((a) => !/^\s*(ct|cent)/i.test(region.slice(a.index + a.length)));
  const labelScore = base + Math.min(1, h.label.length / 20) - (h.label.length <= 5 ? 0.4 : 0);
  if (amounts.length) {
    const last = amounts[amounts.length - 1]!;
    const seg = right.length ? right[right.length - 1]! : h.seg;
    const meta: Record<string, unknown> = { line: h.line.index, page: h.line.page };
    if (field === 'tax_amount') {
      meta.rate = parseRate(region) ?? parseRate(h.label);
      const baseAmt = /(auf|on|sur|op|su|sobre|von|of)\s*(?:[€$£]\s*)?$/i;
      const b = amounts.slice(0, -1).find((a) => baseAmt.test(region.slice(Math.max(0, a.index - 8), a.index)));
      if (b) meta.base = b.value;
    }
    push({ field, value: last.value, raw: last.raw, score: labelScore, method, source: src(h.line, seg, `${h.seg.text} ${right.map((s) => s.text).join(' ')}`.trim()), label: h.label, transforms: transformsFor(last), meta });
    if (beforeGrand) taxWithoutCents(h, beforeGrand, last, method, push);
    return;
  }
  // A header cell: values in the same column below; the last row of a totals table is the total.
  const col: Array<{ a: AmountHit; seg: Segment; line: EvLine }> = [];
  let cur: Segment | null = h.seg;
  let endsAtTax = false;
  for (let k = 0; k < 6 && cur; k++) {
    const b = below(ev, cur, 1, true);
    if (!b) break;
    const a = findAmounts(b.text);
    if (a.length !== 1) break;
    // A cell with words of its own before the amount is another line's label and value ("Tax 15%
    // on $ 112.90" under a "Subtotal" whose amount is missing: the tax's base, amounts14).
    if (/\p{L}{2,}/u.test(b.text.slice(0, a[0]!.index).replace(/\b[A-Z]{3}\b/g, ''))) break;
    // Under a tax heading of an item table the column holds each line's rate; an amount after the
    // rate in the same cell ("5,5 % 105,00 €") is the next column's line total, not a tax (fold7).
    if (field === 'tax_amount' && ITEM_HEADING.test(h.line.text) && /\d\s?%/.test(b.text.slice(0, a[0]!.index))) break;
    // Under a net heading the column ends at a tax line: a row summing past it includes the tax, the gross
    // (closing27: "Subtotal" over "Rock 25,00 · River Pebble 25,00 · VAT 9,50 · TOTAL 59,50"); a summing row
    // above it must then sum two rows at least (two equal item rows are no item and its sum).
    if (field === 'net_amount' && ev.lines[b.line]!.segments.some((x) => x !== b && LABELS.tax_amount.test(x.text.trim()) && !LABELS.net_amount.test(x.text.trim()))) {
      endsAtTax = true;
      break;
    }
    col.push({ a: a[0]!, seg: b, line: ev.lines[b.line]! });
    cur = b;
  }
  // Three or more values under a heading are a table's column (item lines): only the row
  // that sums the rows above it is a total, else the last row (issue 14 round 4). Under an item
  // table's heading ("Item: | Qty: | Subtotal:") two values count too, and without a summing
  // row there is no total (round 6: the last item was taken as the net or the gross).
  // A tax table's heading row (it names a rate column, "Steuersatz", "Taux", "VAT rate") is read
  // like an item table's: its rows are per rate, only a summing row totals them (fold7: "Total"
  // over the bases per rate was taken for the gross).
  const perRate = field !== 'tax_amount' && h.line.segments.some((s) => s !== h.seg && RATE_HEADING.test(s.text.trim()));
  const items = ITEM_HEADING.test(h.line.text) || perRate;
  // One value under an item table's heading is one item's line total, no net (closing27b: a one-row item table
  // under "SUB TOTAL(£)", a second table under it, and the total of both below).
  if (col.length === 1 && items && field === 'net_amount') col.length = 0;
  if (col.length > 2 || (col.length === 2 && items)) {
    let run = 0n;
    const total = col.findIndex((c, i) => {
      const hit = i >= (col.length > 2 || endsAtTax ? 2 : 1) && c.a.cents === run;
      run += c.a.cents;
      return hit;
    });
    col.splice(0, col.length, ...(total >= 0 ? [col[total]!] : col.length > 2 && !items ? [col[col.length - 1]!] : []));
  }
  col.forEach((c, i) => push({ field, value: c.a.value, raw: c.a.raw, score: labelScore - 0.6 - (i === col.length - 1 ? 0 : 0.8), method, source: src(c.line, c.seg), label: h.label, transforms: transformsFor(c.a), meta: { line: c.line.index, page: c.line.page, rate: field === 'tax_amount' ? parseRate(h.seg.text) : null } }));
}

// Amount labels inside a longer description: "vierteljährlicher Beitrag inklusive 19 %
// Versicherungsteuer  220,00 €", "darin enthaltene Umsatzsteuer  35,13 €".
const GROSS_IN_TEXT = /\b(inkl(?:\.|usive)?|incl(?:\.|uding|usief)?|y compris|compreso|ttc)\b[^\d\n]{0,20}(\d{1,2}(?:[.,]\d+)?\s?%\s*)?(?:[\p{L}-]*steuer|mwst|ust|vat|tax|btw|tva|iva)/iu;
const TAX_IN_TEXT = /\b(enthaltene?|included|inbegriffen|darin|davon|dont|waarvan|di cui|incluido)\b[^\d\n]{0,30}(?:[\p{L}-]*steuer|mwst|ust|vat|tax|btw|tva|iva)/iu;
/** Tax added with its rate before the tax word: "zuzüglich 19% MwSt.", "plus 20 % VAT", "+ 21% btw". */
const ADDED_TAX_IN_TEXT = /(?:\b(?:zzgl\.?|zuz[üu]gl(?:\.|ich)|plus|en sus)|\+)\s*\d{1,2}(?:[.,]\d+)?\s?%\s*(?:[\p{L}-]*steuer|mwst|ust|vat|tax|btw|tva|iva)\b/iu;

function inTextAmounts(line: EvLine, push: (c: Candidate) => void) {
  if (line.segments.length < 2) return;
  const label = line.segments.slice(0, -1).map((s) => s.text).join(' ');
  const last = line.segments[line.segments.length - 1]!;
  const a = findAmounts(last.text);
  if (a.length !== 1 || PARTIAL_AMOUNT.test(label)) return;
  const amount = a[0]!;
  const tax = TAX_IN_TEXT.exec(label) ?? ADDED_TAX_IN_TEXT.exec(label);
  const gross = tax ? null : GROSS_IN_TEXT.exec(label);
  if (tax) push({ field: 'tax_amount', value: amount.value, raw: amount.raw, score: 2.2, method: methodFor(line, 'label_value'), source: src(line, last, line.text), label: tax[0], transforms: transformsFor(amount), meta: { line: line.index, page: line.page, rate: parseRate(label) } });
  else if (gross) push({ field: 'gross_amount', value: amount.value, raw: amount.raw, score: 2.2, method: methodFor(line, 'label_value'), source: src(line, last, line.text), label: gross[0], transforms: transformsFor(amount) });
  // The rate printed with an including-tax total applies to the tax found elsewhere.
  if (gross && gross[2]) push({ field: 'tax_amount', value: null, raw: gross[0], score: 0, method: 'label_value', source: src(line, last), transforms: [], meta: { rateHint: parseRate(gross[2]) } });
}

function transformsFor(a: AmountHit): string[] {
  const t = ['amount:normalize'];
  if (/,\d{2}\)?-?$/.test(a.raw.trim())) t.push('amount:decimal-comma');
  if (a.negative) t.push('amount:negative');
  return t;
}

/** A tax column header: a tax word or a percent sign in a row of several cells. */
const TAX_HEADER = /(%|\b(?:mwst|ust|vat|tax|tva|btw|iva|igic|steuer|taxe|taxes|satz|rate|taux|tarief)\b|steuer|mwst-|ust-)/i;
/** A bare rate cell ("19,0", "20.0", "5.5") beside the amounts of a tax table row. */
const BARE_RATE = /(?<![\d.,\p{L}-])(\d{1,2}(?:[.,]\d{1,2})?)(?![\d.,%]|\s?(?:\p{L}|[€$£]))/gu;

/**
 * Tax rows: a rate and two amounts where one is the rate applied to the other. The rate is
 * printed with a percent sign, or (tax tables laid out in columns) as a bare standard rate under
 * a header row that names a tax or percent column.
 */
function taxRowsFromLine(ev: Evidence, line: EvLine, text: string, push: (c: Candidate) => void) {
  const rates: Array<{ rate: string; index: number; length: number; bare: boolean }> = [];
  const pct = /(?<![\d.,])(\d{1,2}(?:[.,]\d{1,2})?)\s?%/.exec(text);
  const pr = pct ? parseRate(pct[0]) : null;
  const header = line.segments.length >= 2 ? taxHeaderAbove(ev, line) : null;
  if (pct && pr !== null) rates.push({ rate: pr, index: pct.index, length: pct[0].length, bare: false });
  else if (header !== null) {
    const amounts = findAmounts(text);
    for (const m of text.matchAll(BARE_RATE)) {
      const n = Number(m[1]!.replace(',', '.'));
      // Not inside an amount, a non-zero rate of the standard list.
      if (!n || !STANDARD_RATES.includes(n) || amounts.some((a) => m.index! >= a.index && m.index! < a.index + a.length)) continue;
      rates.push({ rate: n.toFixed(2), index: m.index!, length: m[0].length, bare: true });
    }
    if (!rates.length) rates.push(...rateColumnCells(ev, line));
  }
  for (const rm of rates) {
    const r = Number(rm.rate);
    const after = findAmounts(text.slice(rm.index + rm.length));
    const beforeRate = findAmounts(text.slice(0, rm.index));
    const amounts = after.concat(beforeRate);
    const cents = new Set(amounts.map((a) => a.cents));
    // Characters between an amount and the rate: the tie-break of a zero rate, where every amount
    // fits ("€10,00 | 0,0 % | €0,00 | Total €1.970,20": the base is the nearest, fold9).
    const gap = (a: AmountHit) => (after.includes(a) ? a.index : rm.index - (a.index + a.length));
    // Of several base/tax pairs that fit the rate, the one whose sum (the row's gross) is also
    // printed on the row, then the closest.
    let best: { b: AmountHit; t: AmountHit; rank: number } | null = null;
    for (const t of amounts) {
      for (const b of amounts) {
        if (t === b) continue;
        const bc = Number(b.cents);
        const tc = Number(t.cents);
        if (Math.abs(bc) < Math.abs(tc) || bc === 0 || (tc !== 0 && (tc < 0) !== (bc < 0))) continue;
        const err = Math.abs((bc * r) / 100 - tc);
        if (err > 1.01) continue;
        // A zero tax makes "base + tax printed" true of any base: no evidence there.
        const rank = (tc !== 0 && cents.has(b.cents + t.cents) ? 0 : 10) + err + gap(b) / 1e4;
        if (!best || rank < best.rank) best = { b, t, rank };
      }
    }
    if (best) {
      push({ field: 'tax_breakdowns', value: { taxable_amount: best.b.value, tax_amount: best.t.value, tax_rate: rm.rate }, raw: text, score: rm.bare ? 2.2 : 2, method: methodFor(line, 'totals_table'), source: src(line, null), transforms: ['amount:normalize', 'rate:percent'], meta: { line: line.index, page: line.page, table: rm.bare, header: rm.bare ? header : null } });
      return;
    }
  }
}

/** A heading naming a rate column: "%", "Satz", "Rate %", "Taux", "Tarief", the word joined or not ("Steuersatz"). */
const RATE_HEADING = /^(?:%|(?:[\p{L}-]+\s?)?(?:satz|rate|taux|tarief|tasa|aliquota)(?:\s?%)?|[\p{L}-]+\s?%)\W*$/iu;

/**
 * A rate printed like an amount ("19.00", "7,00") in the cell under a rate column's heading
 * (issue 14 round 6: "TAX: | % | Base amount: | …" over "VAT | 21.00 | 1341.32 | …"): the column
 * says it is a rate, the row's arithmetic still has to confirm it.
 */
function rateColumnCells(ev: Evidence, line: EvLine): Array<{ rate: string; index: number; length: number; bare: boolean }> {
  const heads = rateHeadings(ev, line);
  const out: Array<{ rate: string; index: number; length: number; bare: boolean }> = [];
  let at = 0;
  for (const seg of line.segments) {
    // The cell, or the last word of a cell that joined it to the tax's name ("VAT 21.00").
    const m = /(?:^|\s)(\d{1,2})[.,](\d{1,2})$/.exec(seg.text);
    const n = m ? Number(`${m[1]}.${m[2]}`) : NaN;
    const from = m ? m.index + m[0].length - `${m[1]}.${m[2]}`.length : 0;
    const box = { ...seg.bbox, x: seg.bbox.x + (seg.bbox.w * from) / seg.text.length, w: (seg.bbox.w * (seg.text.length - from)) / seg.text.length };
    // A "%" glued to the next heading ("% Base amount:") heads only the cell under its start.
    const under = (h: Segment) => overlapX(h.bbox, box) > 0 && (!/^%\s/.test(h.text.trim()) || box.x < h.bbox.x + h.bbox.w * 0.3);
    if (m && STANDARD_RATES.includes(n) && heads.some(under)) out.push({ rate: n.toFixed(2), index: at + from, length: seg.text.length - from, bare: true });
    at += seg.text.length + 3;
  }
  return out;
}

/** The rate column headings of the nearest row above (within six rows, same page) that has one. */
function rateHeadings(ev: Evidence, line: EvLine): Segment[] {
  for (let k = line.index - 1; k >= 0 && k >= line.index - 6 && ev.lines[k]!.page === line.page; k--) {
    const heads = ev.lines[k]!.segments.filter((h) => RATE_HEADING.test(h.text.trim()) || /^%\s+\p{L}/u.test(h.text.trim()));
    if (heads.length) return heads;
  }
  return [];
}

/**
 * The totals of a tax table that prints no labelled totals (issue 14 round 6): consecutive tax
 * rows with distinct rates, each printing its own gross (base + tax), add up to the net, the
 * tax and the gross. Several rows need the sum row under them printing all three sums; a lone
 * row needs a rate column's heading over it. Weaker than a labelled total (which wins where both
 * are printed); the selection still checks net + tax = gross.
 */
function taxTableTotals(ev: Evidence, out: Candidate[], push: (c: Candidate) => void) {
  for (const g of consecutiveTaxRows(out)) {
    const vals = g.map((c) => c.value as { taxable_amount: string; tax_amount: string; tax_rate: string });
    if (new Set(vals.map((v) => v.tax_rate)).size !== vals.length) continue;
    // Each row prints its gross.
    if (!g.every((c, i) => findAmounts(ev.lines[c.meta!.line as number]!.text).some((a) => a.cents === toCents(vals[i]!.taxable_amount) + toCents(vals[i]!.tax_amount)))) continue;
    const net = vals.reduce((a, v) => a + toCents(v.taxable_amount), 0n);
    const tax = vals.reduce((a, v) => a + toCents(v.tax_amount), 0n);
    const last = ev.lines[(g[g.length - 1]!.meta!.line as number) + 1];
    const sumRow = last && last.page === g[0]!.meta!.page ? findAmounts(last.text).map((a) => a.cents) : [];
    const summed = [net, tax, net + tax].every((x) => sumRow.includes(x));
    if (g.length > 1 ? !summed : !(g[0]!.meta!.table && rateHeadings(ev, ev.lines[g[0]!.meta!.line as number]!).length) && !summed) continue;
    // A lone row with a row under it whose own amounts close to another gross (a + b = c): that row is the table's
    // sum, and the reading lost the other rate rows (faint35b: "321, 40" split on a scan), so this row is no total.
    // The sum row's own net and gross are, when they exceed the row's and its tax is no standard rate of its net
    // (rates blended: 70.00 on 448.99; one rate would be a rate row whose rate cell was not read; sumrow36).
    let totals = { net, gross: net + tax };
    let line = summed ? last! : ev.lines[g[0]!.meta!.line as number]!;
    if (!summed && closesToOther(sumRow, net + tax)) {
      const sum = blendedSum(sumRow, net, tax);
      if (!sum) continue;
      totals = sum;
      line = last!;
    }
    for (const [field, cents] of [['net_amount', totals.net], ['gross_amount', totals.gross]] as const) {
      push({ field, value: formatCents(cents), raw: line.text, score: 2, method: methodFor(line, 'totals_table'), source: src(line, null), transforms: ['amount:normalize', 'table:tax-rows-sum'], meta: { line: line.index, page: line.page } });
    }
  }
}

/**
 * The one net + tax = gross of a sum row's `amounts` above a lone rate row (`net`, `tax`) whose tax is no standard
 * rate of its net, or null.
 */
function blendedSum(amounts: bigint[], net: bigint, tax: bigint): { net: bigint; gross: bigint } | null {
  const found: Array<{ net: bigint; gross: bigint }> = [];
  for (const n of amounts)
    for (const t of amounts) {
      if (n === t || n <= net || t <= tax || !amounts.includes(n + t) || standardRate(n, t) !== null) continue;
      if (!found.some((f) => f.net === n)) found.push({ net: n, gross: n + t });
    }
  return found.length === 1 ? found[0]! : null;
}

/** Whether two of `amounts` add up to a third that is not `gross`. */
function closesToOther(amounts: bigint[], gross: bigint): boolean {
  return amounts.some((c, k) => c !== gross && c > 0n && amounts.some((a, i) => i !== k && amounts.some((b, j) => j !== k && j !== i && a + b === c)));
}

/** The tax rows read so far, grouped by runs of consecutive lines. */
function consecutiveTaxRows(out: Candidate[]): Candidate[][] {
  const rows = out.filter((c) => c.field === 'tax_breakdowns' && typeof c.meta?.line === 'number').sort((a, b) => (a.meta!.line as number) - (b.meta!.line as number));
  const groups: Candidate[][] = [];
  for (const c of rows) {
    const g = groups[groups.length - 1];
    const prev = g?.[g.length - 1];
    if (g && prev && (c.meta!.line as number) === (prev.meta!.line as number) + 1) g.push(c);
    else groups.push([c]);
  }
  return groups;
}

/** A header row naming a tax or percent column within the few rows above (same page): its line index. */
function taxHeaderAbove(ev: Evidence, line: EvLine): number | null {
  for (let k = line.index - 1; k >= 0 && k >= line.index - 6; k--) {
    const l = ev.lines[k]!;
    if (l.page !== line.page) return null;
    // Header cells hold no amounts; a totals cell may share the row ("Taxe  Base  Montant  Total HT -218,48").
    const cells = l.segments.filter((s) => !findAmounts(s.text).length);
    if (cells.length >= 2 && TAX_HEADER.test(cells.map((s) => s.text).join(' '))) return k;
  }
  return null;
}

/**
 * A tax table has one row per rate; rows under one header that repeat a rate with other
 * amounts are item lines printing their own tax ("Netto | % | MwSt | Brutto" per item), not
 * the document's breakdown: none of that table's rows is a tax row (issue 14 round 4). So are
 * rows on consecutive lines that repeat a rate, whether or not a header ties them (fold15: an
 * ERP's item table, ten rows at 21 % under a header too far up, above the summary table).
 */
function dropItemTaxRows(out: Candidate[]) {
  const byHeader = new Map<number, Candidate[]>();
  for (const c of out) {
    const h = c.field === 'tax_breakdowns' ? (c.meta?.header as number | null | undefined) : null;
    if (h === null || h === undefined) continue;
    byHeader.set(h, [...(byHeader.get(h) ?? []), c]);
  }
  const drop = new Set<Candidate>();
  for (const rows of [...byHeader.values(), ...consecutiveTaxRows(out)]) {
    const perRate = new Map<string, Set<string>>();
    for (const c of rows) {
      const v = c.value as { tax_rate: string; taxable_amount: string; tax_amount: string };
      perRate.set(v.tax_rate, (perRate.get(v.tax_rate) ?? new Set()).add(`${v.taxable_amount}|${v.tax_amount}`));
    }
    if ([...perRate.values()].some((vals) => vals.size > 1)) for (const c of rows) drop.add(c);
  }
  if (drop.size) out.splice(0, out.length, ...out.filter((c) => !drop.has(c)));
}

const REF_CUE = /(angabe|verwendungszweck|quoting|reference|mentionnant|vermelding|indicando)/i;

// Sentences: payment instructions with due dates and references, amounts in prose.
const PAY_VERBS = /(überweis|zahlbar|zu zahlen|bezahl|zahlen sie|buchen|abbuch|abgebucht|einzieh|eingezogen|ziehen|\bremit\b|fällig|begleichen|zahlung (?:(?:von|über|in höhe von) [^.]{1,25}? )?(?:bis|vor|spätestens)|\bpay|\bdue\b|debit|\btransfer|payer|r[ée]gler|r[èée]glement (?:attendu|avant|au plus tard)|paiement (?:avant|au plus tard|jusqu)|pr[ée]lev|betalen|betaling v[óo]{1,2}r|over te maken|overmaken|voldoen|pagar|pagare|pago|addebit)/i;
/**
 * Payment terms relative to the issue date: "zahlbar innerhalb (von) 14 Tagen", "payable within
 * 30 days", "30 Tage netto", "net 30", "à 30 jours", "binnen 14 dagen". A discount period
 * ("innerhalb 10 Tagen 2 % Skonto") is not the due date: only the net term of such a sentence counts.
 */
// "Paiement à 30 jours": OCR reads the "à" as ä or â, and may join it to the number ("ä14").
const TERM_PATTERNS: RegExp[] = [
  /(?:zahlbar|zahlung|zu zahlen|fällig|payable|payment|due|pay|paiement|r[èe]glement|betalen|betaling|te voldoen)[^.\d]{0,30}?(?:(?:innerhalb|binnen|within|sous|dans un d[ée]lai de|in)\s+|(?<![A-Za-zÀ-ÿ])[àaäâ]\s*)(?:von\s+|of\s+)?(\d{1,3})\s*(?:tagen|tage|kalendertagen|days|jours|dagen)\b(?!\s*(?:\d|[,.]\d)*\s*%)/i,
  /(?:innerhalb|binnen|within)\s+(?:von\s+)?(\d{1,3})\s*(?:tagen|tage|days|dagen)\s+(?:netto|net|ohne abzug|without deduction|zonder aftrek)/i,
  /\b(\d{1,3})\s*(?:tage|tagen|days|jours|dagen)\s+(?:netto|net|ohne abzug|rein netto)\b/i,
  // Not an amount after a "net" label, thousands spaced ("Montant total net 1 577,14 €", round 7),
  // nor one rate's net ("Netto 19 %", round 8).
  /\bnet(?:to)?\s+(\d{1,3})\s*(?:tage|days|jours|dagen)?\b(?!\s*(?:[,.]?\d|%))/i,
];
const DISCOUNT = /(skonto|discount|escompte|korting|sconto|descuento)/i;

export function paymentTermDays(sentence: string): { days: number; index: number; raw: string } | null {
  for (const re of TERM_PATTERNS) {
    const m = re.exec(sentence);
    if (!m) continue;
    const days = Number(m[1]);
    // With a cash discount in the sentence, only an explicit net term counts.
    if (DISCOUNT.test(sentence) && re === TERM_PATTERNS[0] && !/netto|net\b|ohne abzug/i.test(m[0])) continue;
    if (days >= 1 && days <= 180) return { days, index: m.index, raw: m[0] };
  }
  return null;
}

const PLAN_CUES = /(abschlag|abschläge|monatlich|künftig|ab dem|vorauszahlung|advance|instalment|acompte|(?<!betalings)termijn|rata|cuota)/i;

/** Running-text units of a page: paragraphs end at line-final punctuation, at table rows and at gaps. */
function units(ev: Evidence, page: number): EvLine[][] {
  const out: EvLine[][] = [];
  let cur: EvLine[] = [];
  const lines = ev.pages.get(page) ?? [];
  lines.forEach((l, i) => {
    const prev = lines[i - 1];
    const tableRow = l.segments.length >= 2;
    if (cur.length && (tableRow || (prev && (l.bbox.y - (prev.bbox.y + prev.bbox.h) > prev.bbox.h * 1.2 || Math.abs(l.bbox.x - prev.bbox.x) > 25)))) {
      out.push(cur);
      cur = [];
    }
    cur.push(l);
    if (tableRow || /[.!?:]$/.test(l.text.trim())) {
      out.push(cur);
      cur = [];
    }
  });
  if (cur.length) out.push(cur);
  return out;
}

function sentences(ev: Evidence, page: number, opts: GenerateOptions, push: (c: Candidate) => void) {
  for (const unit of units(ev, page)) sentencesOf(ev, unit, opts, push);
  // Customer-account blocks laid out as label/value rows ("Dein Konto  DE68 …", "Auszahlung").
  for (const line of ev.pages.get(page) ?? []) {
    const prev = ev.lines[line.index - 1];
    const ctx = `${prev && prev.page === line.page ? prev.text : ''} ${line.text}`;
    for (const hit of findIbans(line.text)) {
      if (CUSTOMER_ACCOUNT_CUES.test(line.text.slice(0, hit.index)) || (/^(auszahlung|zahlung|erstattung|refund|payment)$/i.test((prev?.text ?? '').trim()) && CUSTOMER_ACCOUNT_CUES.test(ctx))) {
        push({ field: 'iban', value: hit.check.status === 'invalid' ? null : hit.check.iban, raw: hit.raw, score: -8, method: 'pattern', source: src(line, null), transforms: ['iban:compact'], meta: { status: hit.check.status, customer: true, line: line.index } });
      }
    }
  }
}

function sentencesOf(ev: Evidence, unit: EvLine[], opts: GenerateOptions, push: (c: Candidate) => void) {
  const starts: Array<{ at: number; line: number }> = [];
  let text = '';
  for (const l of unit) {
    starts.push({ at: text.length, line: l.index });
    text += `${l.text} `;
  }
  const flow = { text, starts };
  const page = unit[0]!.page;
  // Sentence ends: ". " before an upper-case letter, but not after a digit ("8. November").
  const bounds = [0];
  // Nor after the number words "Nr." / "No." ("unsere Rechnung Nr. RE-2024-17 vom …": the number
  // belongs to the same sentence; dates17).
  for (const m of text.matchAll(/(?<!\d)(?<!\b(?:[Nn][Rr]|[Nn][Oo]))[.!?](?=\s+[A-ZÄÖÜ])/g)) bounds.push(m.index! + 1);
  bounds.push(text.length);
  for (let i = 0; i + 1 < bounds.length; i++) {
    const s = text.slice(bounds[i], bounds[i + 1]);
    const at = bounds[i]!;
    const lineOf = (off: number) => ev.lines[lineAt(flow, at + off)]!;
    // Due date: a payment verb, then a date; refunds and advance plans are not due dates.
    const verb = PAY_VERBS.exec(s);
    if (verb && !REFUND_CUES.test(s) && !PLAN_CUES.test(s)) {
      // The two ends of a period ("vom 06.12.2013 bis zum 06.12.2014", "from … to …") are not due dates.
      const found = findDates(s, opts.order);
      const inPeriod = new Set<number>();
      found.forEach((a, i) => {
        const b = found[i + 1];
        if (b && /^\s*(bis(?: zum| einschlie(?:ß|ss)lich)?|to|until|through|au|jusqu'au|tot(?: en met)?|[-–])\s*$/i.test(s.slice(a.index + a.raw.length, b.index))) inPeriod.add(i).add(i + 1);
      });
      // A cash discount's date is not the due date (round 8).
      const dates = found.filter((x, i) => !inPeriod.has(i) && !discountDate(s, x.index, x.raw.length));
      // The date after a deadline word ("bis zum", "am", "by", "avant le" …) is the due date.
      const before = (x: { index: number }) => s.slice(Math.max(0, x.index - 14), x.index);
      // A document's own date ("Rechnung vom …", "invoice dated …") is never its due date.
      const own = (x: { index: number }) => /\b(vom|von|from|dated|of|du|van|del|de)\s*$/i.test(before(x));
      // Without a deadline word, not a date right after a colon: that is a label's value ("Created: 8/1/2022"), the
      // "sentence" only header rows run together up to a terms line (fold16).
      const d = dates.find((x) => /(bis|zum|am|spätestens|by|on|before|until|than|avant|le|uiterlijk|op|v[óo]{1,2}r|entro|il|antes|el)\s*:?\s*$/i.test(before(x)) && !own(x)) ?? dates.find((x) => !own(x) && !/:\s*$/.test(before(x)));
      if (d && s.length < 400) {
        const line = lineOf(d.index);
        push({ field: 'payment_due_date', value: d.value, raw: d.raw, score: 2.5, method: methodFor(line, 'sentence'), source: src(line, null, s.trim().slice(0, 200)), transforms: ['date:in-sentence', ...orderMarks(d, opts.order)] });
      }
    }
    // A relative term: resolved against the issue date at selection.
    const term = !REFUND_CUES.test(s) && !PLAN_CUES.test(s) && s.length < 400 ? (relativeTerm(s) ?? paymentTermDays(s)) : null;
    // A term without a payment verb (OCR cut "Zahlbar" to "hlbar"): the date printed right after
    // the net term ("30 Tagen netto bis 04.07.2013") is its due date (issue 14 round 5).
    const dated = term && !verb ? findDates(s.slice(term.index + term.raw.length, term.index + term.raw.length + 30), opts.order)[0] : undefined;
    if (term && dated && /^\s*(bis(?: zum| spätestens)?|by|until|avant le|au plus tard le|uiterlijk(?: op)?|v[óo]{1,2}r)\s*$/i.test(s.slice(term.index + term.raw.length, term.index + term.raw.length + dated.index))) {
      const line = lineOf(term.index);
      push({ field: 'payment_due_date', value: dated.value, raw: dated.raw, score: 2.5, method: methodFor(line, 'sentence'), source: src(line, null, s.trim().slice(0, 200)), transforms: ['date:in-sentence', ...orderMarks(dated, opts.order)] });
    }
    if (term) {
      const line = lineOf(term.index);
      push({ field: 'payment_due_date', value: null, raw: term.raw, score: 2.2, method: methodFor(line, 'sentence'), source: src(line, null, s.trim().slice(0, 200)), transforms: ['date:issue-date-plus-term'], meta: { termDays: term.days, endOfMonth: 'endOfMonth' in term && term.endOfMonth } });
    }
    // Numbers in prose: "anbei unsere Rechnung Nr. 2024-117 vom 12.03.2024".
    // Czech "Faktura č. 198900000001" (č. = číslo, number; fold10).
    const titled = /(nr|no|nummer|number|n°|#|č\.|číslo)/i.test(s) && /\b(rechnung|gutschrift|invoice|credit note|factuur|facture|fattura|factura|faktura)\s*(?:nr\.?|no\.?|nummer|number|n°|#|č\.|číslo)\s*:?\s*([A-Z0-9][A-Z0-9./-]{1,30}[A-Z0-9])(?:\s+(?:vom|from|dated|du|van|del)\s+)?/iu.exec(s);
    // A date, or a date cut at a time's colon ("Invoice number: 2024-03-10T17:22"), is not a number (recall18).
    if (titled && /\d/.test(titled[2]!) && !isDateNotNumber(titled[2]!)) {
      const line = lineOf(titled.index);
      push({ field: 'document_number', value: titled[2], raw: titled[0], score: 2.4, method: methodFor(line, 'sentence'), source: src(line, null, s.trim().slice(0, 200)), transforms: ['trim'] });
      const after = s.slice(titled.index + titled[0].length, titled.index + titled[0].length + 24);
      const dd = /(vom|from|dated|du|van|del)\s+$/i.test(titled[0]) ? findDates(after, opts.order)[0] : undefined;
      if (dd && dd.index === 0) push({ field: 'issue_date', value: dd.value, raw: dd.raw, score: 2.2, method: methodFor(line, 'sentence'), source: src(line, null, s.trim().slice(0, 200)), transforms: [AFTER_NUMBER, ...orderMarks(dd, opts.order)], meta: { number: titled[2] } });
    }
    // Payment reference: "unter Angabe der Belegnummer X", "quoting reference X", …
    const ref = REF_CUE.test(s) && /(unter angabe (?:der|des|ihrer|von)?\s*(?:[\p{L}-]+\s){0,2}?|verwendungszweck:?\s*|quoting (?:the )?(?:reference|invoice number)?\s*|with (?:the )?reference\s*|en mentionnant (?:la r[ée]f[ée]rence)?\s*|onder vermelding van\s*(?:[\p{L}-]+\s){0,2}?|indicando (?:il|el|la)?\s*(?:[\p{L}-]+\s){0,2}?)(?=[A-Z./-]*\d)([A-Z0-9][A-Z0-9./-]{3,30}[A-Z0-9])/iu.exec(s);
    if (ref && /\d/.test(ref[2]!)) {
      const line = lineOf(ref.index + ref[0].length - ref[2]!.length);
      push({ field: 'payment_reference', value: ref[2], raw: ref[0], score: 3, method: methodFor(line, 'sentence'), source: src(line, null, s.trim().slice(0, 200)), transforms: ['trim'] });
    }
    // Amounts in prose: "Rechnungsbetrag von 598,38 EUR (netto 502,84 EUR zuzüglich Umsatzsteuer 95,54 EUR)".
    for (const [field, re] of [
      ['gross_amount', /(rechnungsbetrag|gesamtbetrag|invoice total|total amount|montant total|factuurbedrag|importo totale|importe total)\s*(?:von|of|de|van|di|:)?\s*/gi],
      ['net_amount', /\b(netto|net|hors taxes|excl\.? btw|imponibile)\s*(?:von|of|:)?\s*/gi],
      // "excl. btw 7.255,82" is the net, not the tax.
      ['tax_amount', /(?<!\b(?:excl|exkl|incl|inkl|ohne|hors|sans|without|exclusief|inclusief)\.?\s{0,2})\b(umsatzsteuer|mehrwertsteuer|mwst|vat|tva|btw|iva)\s*(?:von|of|:)?\s*/gi],
    ] as Array<[GenericField, RegExp]>) {
      for (const m of s.matchAll(re)) {
        const after = s.slice(m.index! + m[0].length, m.index! + m[0].length + 24);
        const a = findAmounts(after)[0];
        if (!a || a.index > 3) continue;
        const line = lineOf(m.index!);
        push({ field, value: a.value, raw: `${m[0]}${a.raw}`, score: 1.2, method: methodFor(line, 'sentence'), source: src(line, null, s.trim().slice(0, 200)), transforms: transformsFor(a), meta: { page, rate: null, prose: true } });
      }
    }
    // IBAN context: a payment instruction to the sender, or the customer's own account.
    for (const hit of findIbans(s)) {
      const before = s.slice(Math.max(0, hit.index - 90), hit.index);
      const customer = CUSTOMER_ACCOUNT_CUES.test(before);
      const payment = PAYMENT_CUES.test(s);
      if (customer || payment) {
        const line = lineOf(hit.index);
        push({ field: 'iban', value: hit.check.status === 'invalid' ? null : hit.check.iban, raw: hit.raw, score: customer ? -8 : 3, method: methodFor(line, 'sentence'), source: src(line, null, s.trim().slice(0, 200)), transforms: ['iban:compact'], meta: { status: hit.check.status, customer, line: line.index } });
      }
    }
  }
}

// ---------------------------------------------------------------- parties
/** "… on behalf of <principal>" and its equivalents: the name after it is the one the invoice is issued for (fold12). */
const ON_BEHALF = /\b(?:on behalf of|for and on behalf of|im (?:auftrag|namen)(?: und für rechnung)? (?:von|der|des)|au nom et pour le compte de|pour le compte de|en nombre y por cuenta de|por cuenta de|per conto di|namens)\s+/i;
/**
 * A legal form glued to the end of a capitalised name ("XYZLLC", "AtelierSonnenbergGmbH", "FooLtd."):
 * on an OCR reading the space was lost, so the name's reading is damaged and "XYZ LLC" cannot be told
 * from a name printed glued. Such a name is left empty there (precision first; fold12b). Case-sensitive:
 * after a lower-case letter the forms GmbH, AG, KG, Ltd, Inc, LLC, LLP, PLC, SARL, BV; after two or more
 * capitals only the unambiguous LLC, LLP, GmbH, Ltd, Inc ("SimCorp" and "DIAG" stay names).
 */
const GLUED_LEGAL_FORM = /(?:^|\s)\p{Lu}[\p{L}&'-]*?(?:\p{Ll}(?:GmbH|AG|KG|Ltd\.?|Inc\.?|LLC|LLP|PLC|SARL|BV)|\p{Lu}{2}(?:LLC|LLP|GmbH|Ltd\.?|Inc\.?))(?=$|[\s,)])/u;
/**
 * A glued legal form whose lost space has one place (scans26): after one capitalised word with no
 * capital inside ("NordlichtGmbH" → "Nordlicht GmbH"), or after an initialism of two to five capitals
 * ("XYZLLC" → "XYZ LLC"). A capital inside the word or a longer run of capitals may hide another lost
 * space ("AtelierSonnenbergGmbH", "ACMETRADINGLLC"): those stay damaged (left empty).
 */
const SPACE_BEFORE_FORM = /(^|\s)(\p{Lu}\p{Ll}+(?=(?:GmbH|AG|KG|Ltd\.?|Inc\.?|LLC|LLP|PLC|SARL|BV)(?:$|[\s,)]))|\p{Lu}{2,5}(?=(?:LLC|LLP|GmbH|Ltd\.?|Inc\.?)(?:$|[\s,)])))(GmbH|AG|KG|Ltd\.?|Inc\.?|LLC|LLP|PLC|SARL|BV)(?=$|[\s,)])/gu;
const LEGAL_FORM = /\b(gmbh(?: & co\.? kg)?|mbh|ag|kg|ohg|e\.\s?k\.|e\.\s?v\.|a\.\s?g\.|ug(?: \(haftungsbeschränkt\))?|se|b\.\s?v\.|n\.\s?v\.|v\.\s?o\.\s?f\.|inc\.?|ltd\.?|llc|llp|plc|limited|corp\.?|corporation|co\.|s\.?a\.?r\.?l\.?|sarl|sas|s\.\s?a\.|s\.\s?p\.\s?a\.|spa|s\.\s?r\.\s?l\.|srl|s\.\s?l\.\s?[lu]\.?|s\.\s?a\.\s?[tlu]\.?|s\.\s?c\.\s?p\.?|s\.\s?coop\.?|s\.\s?l\.|bvba|sprl|oy|ab|as|a\/s|aps|kft|sp\. z o\.o\.|s\.r\.o\.)(?=$|[\s,.)·•|])/i;
const SALUTATION_ONLY = /^(herrn?|frau|firma|familie|eheleute|an|to|attn:?|z\.\s?hd\.?|mr\.?|mrs\.?|ms\.?|monsieur|madame|m\.|mme|dhr\.?|mevr\.?|de heer|mevrouw|sig\.?|sig\.ra|spett\.le|sr\.?|sra\.?|d\.|dña\.)$/i;
// A letter's salutation set as the address block's name line ("Sehr geehrte Familie Berger"; fold11) is stripped like "Herrn".
const SALUTATION_PREFIX = /^(sehr geehrter?(?:\s+(?:herrn?|frau|familie|eheleute))?|herrn?|frau|firma|familie|eheleute|attn:?|z\.\s?hd\.?|mr\.?|mrs\.?|ms\.?|monsieur|madame|mme|dhr\.?|mevr\.?|sig\.?|sig\.ra|spett\.le|sr\.?|sra\.?)\s+/i;
// Words no party's name contains: contact and identifier keys, title words, labels (an amount's in five languages, "Montant dû"; french29).
const NOT_A_NAME = /(\d{4,}|@|www\.|https?:|stra(ß|ss)e\b|str\.|\bpostfach\b|(?<![\wÀ-ÿ])tel\.?\b|\btelefon\b|\bfax\b|\bseite\b|\bpage\b|\biban\b|\bbic\b|\bust\b|rechnung|\binvoice\b|\b(?:facture|factuur|avoir|gutschrift|tva|btw|vat|mwst|siret|siren|gln|e-?mail|phone|t[ée]l[ée]phone|your order|ihre bestellung|votre commande|uw bestelling)\b|\bdatum\b|\bdate\b|\bkunden-?(?:nummer|nr)\b|-nr\b|\bnr\.?$|empf[äa]nger\b|\bship to\b|\bdelivery address\b|\b(?:betrag|montant|bedrag|importe|importo)\b|\bsumme\b|\btotal\b)/i;
/** A money amount (two decimals, not a dotted phone number's pair) or a currency sign: no address prints one. */
const MONEY_IN_TEXT = /(?<![\d.,])\d{1,3}(?:[.,' ]\d{3})*[.,]\d{2}(?![\d.,])|[€$£]/;
/** Closing phrases of letters: the name after them is a signature, not part of it. */
const CLOSING = /(grüße|grüßen|regards|sincerely|cordialement|salutations|groeten|saluti|saludos|atentamente)/i;
const SEPARATORS = /\s+[·•●|]\s+|\s+-\s+|\s*·\s*|\s*•\s*|\s*●\s*/;
/** A return line's bullet as OCR may read it: an asterisk or a plus sign standing alone. */
const OCR_BULLET = /\s+[*+]\s+/;

/** An attention line in an address window ("z. Hd. Frau Schulz", "Attn: Accounts Payable",
 * "À l'attention de …", "t.a.v. …") names a person or a department, never the party. */
const ATTENTION = /^(z\.\s?hd\.?|zu h[äa]nden|attn\b|fao\b|for the attention of|(?:à|a) l['’]attention d|att\.?\s|t\.\s?a\.\s?v\.?|ter attentie van|all['’]attenzione|a la atenci[oó]n)/i;

/** Headings of an invoice's sections, never a name (fold12). */
const SECTION_HEADING = /^(?:summary|details|overview|description|notes?|payment (?:details|instructions|information)|zusammenfassung|übersicht|r[ée]capitulatif|r[ée]sum[ée]|resumen|detalles|riepilogo|samenvatting|overzicht)$/iu;

/** The Polish legal form "sp. z o.o." with its letters O read as zeros ("SP. Z 0.0.", OCR; fold17): never printed so. */
const ZEROED_SP_ZOO = /(\bsp\.\s?z\s)0\.\s?0\.(?=$|[\s,)])/iu;

function cleanName(t: string): string | null {
  if (ATTENTION.test(t.trim())) return null;
  const v = t.replace(SALUTATION_PREFIX, '').replace(/^[\s:,-]+|[\s:,-]+$/g, '').trim().replace(ZEROED_SP_ZOO, (_, form: string) => `${form}${/\p{Lu}/u.test(form) ? 'O.O.' : 'o.o.'}`);
  // Street lines ("Kundenweg 88", "93B Sai Yu Chung") are address, not names.
  if (/^\d+[a-z]?\s|\s\d+\s?[a-z]?(?:[-/]\d+)?$/i.test(v)) return null;
  // Letters of any script (a Greek name is all `\W` to a plain regex: fold9).
  if (v.length < 2 || v.length > 80 || NOT_A_NAME.test(v) || !/\p{L}{3}/u.test(v) || (v.match(/\p{L}/gu) ?? []).length < 4) return null;
  // A heading alone ("Bill to", "Adresse de facturation") is a label, not the name under it.
  if (Object.values(LABELS).some((re) => re.exec(v)?.[0].trim().length === v.length)) return null;
  // A section heading alone ("Summary", "Details") is no party's name: set on a party label's row
  // as the next column's heading (fold12), it is not the label's value.
  if (SECTION_HEADING.test(v)) return null;
  // Running text ("régler par virement sur le compte suivant") is not a name.
  const words = v.split(/\s+/).filter(Boolean);
  if (!LEGAL_FORM.test(v) && words.length >= 4 && words.filter((w) => /^\p{Ll}/u.test(w)).length >= words.length * 0.6) return null;
  return v;
}

/** The name a party label's value cell holds: the part before its one-line address, or before the first separator. */
const nameInCell = (t: string): string | null => cleanName(nameBeforeAddress(t) ?? t.split(SEPARATORS)[0]!);

/** A name key before the name in the same cell ("Nazwa: Strzelczyk LLC", "Name: …", fold9). */
const NAME_KEY_PREFIX = /^(?:(?:firmen|company |legal )?name|nom|naam|nombre|nazwa(?: firmy)?|raison sociale|ragione sociale)\s*:\s*/iu;

/** A party name at a label's value: skipping GLN/ID lines and salutations. */
function partyName(ev: Evidence, seg: Segment | null, text: string): { text: string; seg: Segment | null; line: EvLine | null } | null {
  let cur: Segment | null = seg;
  let t = text.replace(NAME_KEY_PREFIX, '');
  for (let k = 0; k < 3; k++) {
    // A street line ("12 Orchard Avenue,") under the label: the block has no name line above its
    // address, and the lines after the street are its town and country, not a name (fold12).
    if (/^\d+[a-z]?\s+\p{L}/iu.test(t.trim()) && !LEGAL_FORM.test(t)) return null;
    if (t && !IDENTIFIER_LINE.test(t) && !/^(lief-nr|kunden-nr|\d)/i.test(t) && !SALUTATION_ONLY.test(t.trim())) {
      const name = nameInCell(t);
      if (name) return { text: name, seg: cur, line: cur ? ev.lines[cur.line]! : null };
    }
    if (!cur) return null;
    cur = below(ev, cur, 1, true);
    t = (cur?.text ?? '').replace(NAME_KEY_PREFIX, '');
  }
  return null;
}

/**
 * The line right above `cur` in its column (left edge within 10 pt of `x`), within `reach` (1.2)
 * line heights. The nearest one: with tight line spacing two lines fall within the gap, and taking
 * the upper one skipped a line of the block (a name under its "From:" heading, round 7).
 */
function nearestAbove(pageLines: EvLine[], cur: Segment, x: number, reach = 1.2): Segment | undefined {
  return pageLines
    .filter((l) => l.index !== cur.line && l.bbox.y < cur.bbox.y && cur.bbox.y - (l.bbox.y + l.bbox.h) < cur.bbox.h * reach)
    .flatMap((l) => l.segments)
    // The segment must end above the middle of `cur` (a watermark's tall box starts above it too).
    .filter((c) => Math.abs(c.bbox.x - x) < 10 && c.bbox.y + c.bbox.h < cur.bbox.y + cur.bbox.h * 0.5)
    .sort((a, b) => b.bbox.y - a.bbox.y)[0];
}

/** Party and address headings (the block walk's roles). */
const PARTY_HEADINGS = ['sender_name', 'recipient_name', 'delivery_address'] as const;
/**
 * A party heading standing up to two and a half line heights above a block's first line, in its
 * column: its role. Only a heading line (no digits, a few words), never a name or a "key: value" row.
 */
function partyHeadingAbove(pageLines: EvLine[], top: Segment, x: number): (typeof PARTY_HEADINGS)[number] | null {
  const up = nearestAbove(pageLines, top, x, 2.5);
  const t = up?.text.trim() ?? '';
  if (!up || /\d/.test(t) || t.split(/\s+/).length > 5) return null;
  return PARTY_HEADINGS.find((f) => LABELS[f].test(t)) ?? null;
}

/**
 * "Herr Test Monteur" under "Musterkunde GmbH & Co" (and its tax ids): the person is the company's
 * contact, the company is the addressee. A company (a name with a legal form) up to three lines
 * above the salutation line in its column, identifier lines skipped, a heading ending the walk.
 */
function companyAbove(pageLines: EvLine[], seg: Segment): { name: string; seg: Segment } | null {
  let cur: Segment | undefined = seg;
  for (let k = 0; k < 3; k++) {
    cur = nearestAbove(pageLines, cur, seg.bbox.x);
    if (!cur) return null;
    if (IDENTIFIER_LINE.test(cur.text)) continue;
    if (opensWithLabel(cur!.text)) return null;
    const name = LEGAL_FORM.test(cur.text) ? cleanName(cur.text) : null;
    if (name) return { name, seg: cur };
  }
  return null;
}

/** An attention line and the person it names ("Attn: Josh Martinez", "Attention: John Doe", "z. Hd. Herrn Dr. Weber"). */
const ATTENTION_PERSON = /^(?:attn\.?|attention|z\.\s?hd\.?|zu h[äa]nden(?:\s+von)?|fao|for the attention of|(?:à|a) l['’]attention d(?:e|u|['’]))\s*:?\s*(\S.*)$/iu;
/** A department or a function named by an attention line, not a person ("Accounts Payable", "Billing Team", "Einkauf"). */
const DEPARTMENT_WORD = /\b(?:accounts?|payables?|receivables?|billing|invoices?|finance|purchasing|procurement|team|department|dept|office|einkauf|buchhaltung|abteilung|rechnungs\p{L}*|comptabilit[ée]|service)\b/iu;

/**
 * An attention line in the upper half of page 1 is in the addressee's block (raterows26). The block's top line straight
 * above it in its column names the party, with or without a legal form (`companyAbove` needs one), when no heading or a
 * recipient heading is over the block. A block under a recipient heading that opens with its street ("Invoice To:" /
 * "1 Makebelieve Avenue," / … / "Attention: John Doe") names no party but the person of the attention line. A block
 * under any other heading (a sender's, a payee's "Remit payment to:") is not the addressee's.
 */
function attentionBlocks(pageLines: EvLine[], push: (c: Candidate) => void) {
  for (const line of pageLines) {
    if (line.bbox.y > line.pageHeight * 0.5) break;
    const seg = line.segments[0]!;
    const m = ATTENTION_PERSON.exec(seg.text.trim());
    if (!m) continue;
    // The block over the attention line in its column, up to its heading (a whole-cell label, or a line ending in a colon).
    const block: Segment[] = [];
    let heading: LabelField | 'other' | null = null;
    let cur: Segment = seg;
    for (let k = 0; k < 6; k++) {
      const up = nearestAbove(pageLines, cur, seg.bbox.x);
      if (!up) break;
      const t = up.text.trim();
      const label = (Object.entries(LABELS) as Array<[LabelField, RegExp]>).find(([, re]) => re.exec(t)?.[0].trim().length === t.length);
      if (label || /:\s*$/.test(t)) {
        heading = label ? label[0] : 'other';
        break;
      }
      block.unshift(up);
      cur = up;
    }
    heading ??= partyHeadingAbove(pageLines, cur, seg.bbox.x);
    if (heading === null && block.length === 1 && !IDENTIFIER_LINE.test(block[0]!.text) && !opensWithLabel(block[0]!.text)) {
      const name = cleanName(block[0]!.text);
      if (name) push({ field: 'recipient_name', value: name, raw: block[0]!.text, score: 2, method: 'address_block', source: src(line, block[0]!), transforms: ['trim', 'block:company-above-attention'] });
    } else if (heading === 'recipient_name' && block.length && /^(?:\d+[a-z]?\s+\p{L}|p\.?\s?o\.? box\b)/iu.test(block[0]!.text.trim())) {
      const person = cleanName(m[1]!);
      if (person && PERSON_LINE.test(person) && !DEPARTMENT_WORD.test(person)) push({ field: 'recipient_name', value: person, raw: seg.text, score: 2, method: 'address_block', source: src(line, seg), transforms: ['trim', 'strip:attention', 'block:attention-under-street'] });
    }
  }
}

/** A person's name line: two to four capitalised words, an academic title before them ("Dr. Petra Schmidt", "Jane Doe"). */
const PERSON_LINE = /^(?:(?:[Dd]r|[Pp]rof|[Mm]ag|[Ii]ng|[Dd]ipl\.-[Ii]ng)\.\s+)*\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}\.)?(?:\s+\p{Lu}[\p{L}'’-]+){1,2}$/u;

/** The compact letters of a name or domain, its legal form dropped ("Big Brain Industries LLC" → "bigbrainindustries"). */
const compactName = (t: string) => t.replace(LEGAL_FORM, '').toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * A contact person set above the company it works for ("Dr. Petra Schmidt" over "MedTech Solutions AG";
 * "Jane Doe" over "Big Brain Industries LLC" under "Recipient"; round 18, fold18): the company is the
 * party. The line right under the person, in its column, is a name of its own (no digit, no comma: not
 * "TechSolutions GmbH, Industriestraße 25", recall20's guard) and a company: the mail or web domain printed
 * in the block's next lines spells it and not the person, or the block prints no domain and it has a legal
 * form. A mailbox of another domain ("John Doe" / "Acme Corp" / "john.doe@gmail.com", round 10) keeps the person.
 */
function companyUnderContact(ev: Evidence, person: Segment | null): { name: string; seg: Segment } | null {
  if (!person || !PERSON_LINE.test(person.text.trim()) || LEGAL_FORM.test(person.text)) return null;
  const next = below(ev, person, 1);
  if (!next || Math.abs(next.bbox.x - person.bbox.x) > 10 || /[\d,:]/.test(next.text)) return null;
  const name = cleanName(next.text);
  if (!name || opensWithLabel(next.text)) return null;
  // The domains printed in the block's next three lines, in its column.
  const domains: string[] = [];
  let cur: Segment | null = next;
  for (let k = 0; k < 3 && cur; k++) {
    cur = below(ev, cur, 1);
    if (!cur || Math.abs(cur.bbox.x - person.bbox.x) > 10) break;
    for (const m of cur.text.matchAll(/(?:www\.|@|https?:\/\/(?:www\.)?)([a-z0-9-]+)\.[a-z]{2,}/gi)) domains.push(m[1]!.toLowerCase().replace(/-/g, ''));
  }
  const spells = (t: string) => {
    const n = compactName(t);
    return n.length >= 4 && domains.some((d) => d.length >= 4 && (n === d || n.startsWith(d) || d.startsWith(n)));
  };
  if (spells(person.text)) return null;
  // A mailbox of another domain (the person's own, "john.doe@gmail.com"; round 10's "Bill To" block) makes
  // the person the party; without any, the legal form names the company.
  return spells(name) || (!domains.length && LEGAL_FORM.test(name)) ? { name, seg: next } : null;
}

/** A name line of an address block: a clean name that opens with no label. */
const blockName = (text: string) => Boolean(cleanName(text)) && !opensWithLabel(text) && !IDENTIFIER_LINE.test(text.trim());

function parties(ev: Evidence, push: (c: Candidate) => void) {
  const firstPage = [...ev.pages.keys()].filter((p) => p > 0).sort((a, b) => a - b)[0];
  const pageLines = firstPage === undefined ? [] : ev.pages.get(firstPage)!;
  const domains = domainsOf(ev);
  const domainMatch = (name: string) => {
    const n = name.toLowerCase().replace(/[^a-z0-9]/g, '');
    // A name in another script keeps no Latin letters, and "" starts every domain (fold15: "東京都 出得太").
    if (n.length < 4) return false;
    return domains.some((d) => d.length >= 4 && (n.startsWith(d) || d.startsWith(n.slice(0, Math.max(4, Math.min(n.length, d.length))))));
  };

  // The return-address line (DIN 5008 and similar): "Company · Street · City" in small print
  // above the recipient's block; the block's first line is the recipient.
  const returnLines = new Set<Segment>();
  for (const line of pageLines.slice(0, 40)) {
    if (line.bbox.y > line.pageHeight * 0.45) break;
    const first = line.segments[0]!;
    let parts = first.text.split(SEPARATORS).filter((p) => p.trim());
    // OCR reads the small bullet between the parts as "*" or "+" ("Max MUSTERMANN * MUSTERSTRAßE
    // 37 12345 MUSTERSTADT"); the postcode test below still has to hold.
    if (parts.length < 2 && line.source !== 'native' && line.source !== 'text_field') parts = first.text.split(OCR_BULLET).filter((p) => p.trim());
    // Small-print return addresses written with commas ("Acme Ltd, 1 High Street, London").
    if (parts.length < 2 && line.scale < 0.9) parts = first.text.split(/\s*,\s*/).filter((p) => p.trim());
    // Small print whose separators did not come through (drawn as graphics, or lost by OCR):
    // "Acme GmbH Hafenweg 12 20457 Hamburg" splits after the company's legal form.
    if (parts.length < 2 && line.scale < 0.9) {
      const legal = LEGAL_FORM.exec(first.text);
      if (legal && legal.index > 0) {
        const end = legal.index + legal[0].length;
        parts = [first.text.slice(0, end), first.text.slice(end)].filter((p) => p.trim());
      }
    }
    // A labelled fact in small print ("Berufshaftpflichtversicherung: Uniqa, Polizze Nr. BH-2024-…";
    // fold11) is no return address: its name part is a label and a value, the year a "postcode".
    // "Tokyo, Japan, 100-1234": a country right after the first part makes that part a town — the
    // sender's own town line, not a name opening a return address ("Acme Ltd, 1 High Street, London"; fold12b).
    if (parts.length >= 2 && COUNTRY_NAME.test(parts[1]!.trim())) continue;
    const labelPart = /^([^:]{2,40}):\s*\S/.exec(parts[0] ?? '')?.[1]?.trim();
    if (labelPart && !SENDER_WORD.test(labelPart)) continue;
    // The rest holds a postcode or a post-office box (or, read by OCR, the line has the shape of
    // one: see ocrReturnLine); the name holds no digits.
    if (parts.length < 2 || /\d/.test(parts[0]!) || (!POSTCODE_IN_LINE.test(parts.slice(1).join(' ')) && !PO_BOX.test(parts.slice(1).join(' ')) && !ocrReturnLine(line, parts))) continue;
    // An address names a town or a street: a postcode-shaped number alone after the name is none
    // ("Canada - 90250", an item's "Software development - 2024 W25"; fold9).
    if (!/\p{L}{3}/u.test(parts.slice(1).join(' '))) continue;
    // An address prints no money: "Maintenance CVC - août 2026 | 1.00 | 2400.00 €" is an item row
    // whose year looks like a postcode, and the row under it was read as the recipient (wrong14).
    // The whole line: the amounts stand in columns of their own.
    if (MONEY_IN_TEXT.test(line.text)) continue;
    // The label is no part of the name ("Returns to: Acme B.V.").
    const name = cleanName(labelPart ? parts[0]!.slice(parts[0]!.indexOf(':') + 1) : parts[0]!);
    if (!name) continue;
    push({ field: 'sender_name', value: name, raw: first.text, score: 3 + (LEGAL_FORM.test(name) ? 1 : 0) + (domainMatch(name) ? 0.5 : 0), method: 'sender_line', source: src(line, first), transforms: ['split:return-address'] });
    returnLines.add(first);
    // Recipient: the next lines below, left-aligned with the return-address line.
    let k = line.pageLine + 1;
    for (let n = 0; n < 4 && k < pageLines.length; n++, k++) {
      const l = pageLines[k]!;
      if (l.bbox.y - line.bbox.y > line.pageHeight * 0.15) break;
      const seg = l.segments.find((s) => Math.abs(s.bbox.x - first.bbox.x) < 40 && s.bbox.x < line.pageWidth * 0.5);
      if (!seg) continue;
      if (SALUTATION_ONLY.test(seg.text.trim())) continue;
      const rn = cleanName(seg.text);
      // OCR specks and stray marks ("SD", ". . .") are skipped; the first real name wins.
      if (!rn) continue;
      // A contact person over the company: the company is the recipient (fold18).
      const company = companyUnderContact(ev, seg);
      if (company) push({ field: 'recipient_name', value: company.name, raw: company.seg.text, score: 3.5, method: 'address_block', source: src(ev.lines[company.seg.line]!, company.seg), transforms: ['trim', 'block:company-under-contact'] });
      else push({ field: 'recipient_name', value: rn, raw: seg.text, score: 3.5, method: 'address_block', source: src(l, seg), transforms: SALUTATION_PREFIX.test(seg.text) ? ['strip:salutation'] : ['trim'] });
      break;
    }
    break;
  }

  // Address blocks in the upper half of page 1: a postcode-and-town line (or a town line of the UK or US
  // shape, "Oxford OX1 4AA", "Springfield, IL 62704"; uktown30) and the lines above it in the same
  // column, up to a heading. The heading gives the block's role (bill-to, seller, delivery address); an
  // unlabelled block on the left is the address window (the recipient), one on the right is weaker
  // (often the sender's letterhead). The name is the block's first line.
  for (const line of pageLines) {
    if (line.bbox.y > line.pageHeight * 0.5) break;
    for (const seg of line.segments) {
      if (!POSTCODE_TOWN.test(seg.text) && !TOWN_LINE.test(seg.text.trim())) continue;
      const block: Segment[] = [seg];
      let cur = seg;
      let heading: LabelField | 'other' | null = null;
      for (let k = 0; k < 5; k++) {
        const up = nearestAbove(pageLines, cur, seg.bbox.x);
        // The sender's return-address line over the window is no line of the window's block (uktown30).
        if (!up || returnLines.has(up)) break;
        if (idLineInBlock(up, nearestAbove(pageLines, up, seg.bbox.x), blockName)) {
          cur = up;
          continue;
        }
        // A label ("Rechnungsempfänger", "Adresse de livraison"), an identifier line or any line ending
        // in a colon ("LIEU LIVRAISON :") ends the block; a role word with a bare number ("CLIENT 1")
        // is a name line, not a heading.
        const label = /^\p{L}+\s+\d{1,2}$/u.test(up.text.trim()) ? undefined : (Object.entries(LABELS) as Array<[LabelField, RegExp]>).find(([, re]) => re.test(up.text));
        if (label || IDENTIFIER_LINE.test(up.text) || /:\s*$/.test(up.text)) {
          heading = label ? label[0] : 'other';
          break;
        }
        block.unshift(up);
        cur = up;
      }
      // A department line opening the block: the addressee's name stands a blank line above it (fold18).
      const over = heading === null ? nameOverDepartment(block[0]!, nearestAbove(pageLines, block[0]!, seg.bbox.x, 2.5)) : null;
      if (over && cleanName(over.text) && !opensWithLabel(over.text)) {
        block.unshift(over);
        cur = over;
      }
      // A party heading is often set further above its block than the block's own line spacing
      // ("Rechnungsempfänger", a blank line, then the name; fold11): looked for once more, further up.
      if (heading === null) heading = partyHeadingAbove(pageLines, cur, seg.bbox.x);
      if (heading === 'delivery_address') continue;
      const role = heading === 'sender_name' ? 'sender_name' : 'recipient_name';
      const labelled = heading === 'sender_name' || heading === 'recipient_name';
      if (block.length < (labelled ? 2 : 3)) continue;
      // A salutation inside the block ("Herrn", "Mrs") starts the addressee: lines above it
      // belong to someone else (the sender's name set above the window).
      const salutation = block.findIndex((b) => !ATTENTION.test(b.text.trim()) && (SALUTATION_ONLY.test(b.text.trim()) || SALUTATION_PREFIX.test(b.text)));
      // Not under a party heading: there every line is the addressee's, the company over its contact person (fold11).
      const from = salutation > 0 && !labelled ? salutation : 0;
      // A block of keyed lines ("Name: …", "Firma: … GmbH", "Adresse: …"; round 11): the line keyed as
      // the company names the party, not the contact person above it (recall20).
      const keyedCompany = block.slice(from, -1).find((b) => keyedAsCompany(ev.lines[b.line], b) && cleanName(b.text));
      const firstName = keyedCompany ?? block.slice(from, -1).find((b) => !SALUTATION_ONLY.test(b.text.trim()) && !SEPARATORS.test(b.text) && !ATTENTION.test(b.text.trim()));
      const rn = firstName ? cleanName(firstName.text) : null;
      if (!rn) continue;
      const left = seg.bbox.x < line.pageWidth * 0.45;
      // A second unlabelled address block on the same rows to the right (its own name and postcode-and-town line):
      // one block is the sender's and one the recipient's, and nothing printed says which (fold28d).
      if (!labelled && twinBlockRight(line, seg, ev.lines[firstName!.line]!)) continue;
      const score = labelled ? 3.5 : left ? 2.2 : 1.2;
      // The block's column down to a few lines below its town line: identifiers printed there
      // (a VAT id) belong to the same party.
      const h = seg.bbox.h || 10;
      const region = { page: line.page, x0: seg.bbox.x - 10, x1: seg.bbox.x + line.pageWidth * 0.3, y0: block[0]!.bbox.y - h, y1: seg.bbox.y + h * 7 };
      // An unlabelled block at the top of the page whose rows print the sender's contact details
      // beside it (Tel, Fax, e-mail, VAT id on two rows or more) is the letterhead (round 7). So is
      // one whose contact rows follow its town line in its column (Tel, e-mail, "T:", "E:"; fold11;
      // parties.ts drops such a window for the same reason), but its name is the sender's only when
      // it opens the page: under a brand printed above the block, its first line is the owner's or
      // a tag line.
      if (!labelled && block[0]!.bbox.y < line.pageHeight * 0.15) {
        const beside = block.filter((b) => ev.lines[b.line]!.segments.some((o) => o !== b && o.bbox.x > b.bbox.x && CONTACT_ROW.test(o.text))).length >= 2;
        const under = pageLines.filter((l) => l.bbox.y > seg.bbox.y && l.bbox.y - seg.bbox.y < seg.bbox.h * 3.5).flatMap((l) => l.segments).some((o) => Math.abs(o.bbox.x - seg.bbox.x) < 10 && (CONTACT_ROW.test(o.text.trim()) || LETTER_KEYED_CONTACT.test(o.text.trim())));
        const opens = firstName === block[0] && !pageLines.some((l) => l.bbox.y < block[0]!.bbox.y - 1 && l.segments.some((o) => o.text.trim()));
        if (beside || (under && opens)) push({ field: 'sender_name', value: rn, raw: firstName!.text, score: 3, method: 'address_block', source: src(ev.lines[firstName!.line]!, firstName!), transforms: ['block:letterhead-contacts'] });
        // A block that opens the page with its name set large is the letterhead: a window's name is set in body type (uktown30).
        const brand = opens && ev.lines[firstName!.line]!.scale >= 1.3;
        if (beside || under || brand) continue;
      }
      push({ field: role, value: rn, raw: firstName!.text, score, method: 'address_block', source: src(ev.lines[firstName!.line]!, firstName!), transforms: ['block:postcode-town'], meta: { block: labelled ? 'labelled' : left ? 'window' : 'right', region } });
    }
  }

  // A salutation line in the upper part of page 1: "Herrn Thomas Brandt" or "Frau" + next line.
  for (const line of pageLines.slice(0, 40)) {
    if (line.bbox.y > line.pageHeight * 0.45) break;
    const seg = line.segments[0]!;
    if (SALUTATION_ONLY.test(seg.text.trim())) {
      const b = below(ev, seg, 1, true);
      const rn = b && cleanName(b.text);
      if (rn) push({ field: 'recipient_name', value: rn, raw: b!.text, score: 1.5, method: 'address_block', source: src(ev.lines[b!.line]!, b), transforms: ['trim'] });
    } else if (SALUTATION_PREFIX.test(seg.text) && !/[,:]$/.test(seg.text)) {
      const company = companyAbove(pageLines, seg);
      if (company) {
        push({ field: 'recipient_name', value: company.name, raw: company.seg.text, score: 1.5, method: 'address_block', source: src(ev.lines[company.seg.line]!, company.seg), transforms: ['trim', 'block:company-above-contact'] });
        continue;
      }
      const rn = cleanName(seg.text);
      if (rn && rn.split(' ').length <= 6) push({ field: 'recipient_name', value: rn, raw: seg.text, score: 1.5, method: 'address_block', source: src(line, seg), transforms: ['strip:salutation'] });
    }
  }

  attentionBlocks(pageLines, push);

  // Company names with a legal form: standalone segments, footer blocks, headings.
  const counts = new Map<string, number>();
  const seen: Array<{ name: string; line: EvLine; seg: Segment; footer: boolean; top: boolean; behalf: boolean }> = [];
  for (const line of ev.lines) {
    if (line.source === 'text_field') continue;
    for (const seg of line.segments) {
      // "Issued by Platform Inc. on behalf of ABC Inc." (fold12): an agent or platform prints the
      // invoice for its principal, whose invoice it is; the agent's name is never the sender's.
      const behalf = ON_BEHALF.exec(seg.text);
      const first = (behalf ? seg.text.slice(behalf.index + behalf[0].length) : seg.text).split(SEPARATORS)[0]!.trim();
      // "SA" / "NV" without dots only in capitals at the name's end ("Imprimerie du Nord SA").
      const m = LEGAL_FORM.exec(first) ?? /\s(?:SA|NV)$/.exec(first);
      // "1 kg", "5 AG" after a number: a unit or a count in an item line, not a legal form (round 7).
      if (!m || /\d\s?$/.test(first.slice(0, m.index))) continue;
      let name = first.slice(0, m.index + m[0].length).trim();
      // The seller or payee named in a sentence ("Sold by …", "Please make checks payable to …"; fold15): the name after the phrase.
      const sold = SOLD_OR_PAID_TO.exec(name);
      if (sold) name = sold[1]!;
      else if (m.index > 40 || /:\s/.test(name)) continue;
      let n = cleanName(name);
      if (!n || n.split(/\s+/).length > 7) continue;
      // A bank's name wrapped onto the line under its "Bank:" label ("Bank: Erste Bank der
      // oesterreichischen" / "Sparkassen AG"; fold11) is the payee's bank, not the sender.
      const above = nearestAbove(ev.pages.get(line.page) ?? [], seg, seg.bbox.x, 0.8);
      if (above && BANK_LABEL.test(above.text.trim())) continue;
      // A name set on two lines at the top ("MVM Musterhafter" / "Versicherungsverein … a.G."):
      // the line right above, same column and size, no digits, joins the name.
      // Not under a recipient's heading: there the line above is the company's contact person ("Recipient" / "Jane Doe" / "… LLC"; fold18).
      if (line.bbox.y < line.pageHeight * 0.25 && seg.col === 0 && first === seg.text.trim() && !underBuyerHeading(ev, line, seg)) {
        const above = (ev.pages.get(line.page) ?? []).find((l) => l !== line && l.segments.length === 1 && Math.abs(l.bbox.x - line.bbox.x) < 5 && line.bbox.y - (l.bbox.y + l.bbox.h) >= 0 && line.bbox.y - (l.bbox.y + l.bbox.h) < line.bbox.h * 0.8 && Math.abs(l.scale - line.scale) < 0.15);
        const a = above?.segments[0]!.text;
        if (a && !/\d|:$/.test(a) && !CLOSING.test(a) && a.split(/\s+/).length <= 4 && cleanName(a) === a && !LEGAL_FORM.test(a) && !opensWithLabel(a)) n = `${a} ${n}`;
      }
      counts.set(n.toLowerCase(), (counts.get(n.toLowerCase()) ?? 0) + 1);
      seen.push({ name: n, line, seg, footer: line.bbox.y > line.pageHeight * 0.8, top: line.bbox.y < line.pageHeight * 0.2, behalf: Boolean(behalf) });
    }
  }
  // Names the document also labels as someone else's (network operator, bank …) are not the sender.
  const foreign = /(netzbetreiber|messstellenbetreiber|bank|sparkasse|kreditbank|versicherung:|operator|carrier|spedition)/i;
  // A name printed anywhere in the buyer's or the delivery address's block is the buyer's (buyer31): however often it
  // is printed and whatever domain spells it, it names no sender.
  const buyers = new Set(seen.filter((s) => underBuyerHeading(ev, s.line, s.seg, true)).map((s) => s.name.toLowerCase()));
  for (const s of seen) {
    if (buyers.has(s.name.toLowerCase())) continue;
    const labelled = s.seg.col > 0 && LABELS.sender_name.test(s.line.segments[s.seg.col - 1]?.text ?? '') === false && /:$/.test(s.line.segments[s.seg.col - 1]?.text ?? '');
    if (labelled || foreign.test(s.line.text.slice(0, Math.max(0, s.line.text.indexOf(s.name))))) continue;
    const freq = counts.get(s.name.toLowerCase()) ?? 1;
    push({ field: 'sender_name', value: s.name, raw: s.seg.text, score: 1 + (s.footer ? 1 : 0) + (s.top ? 0.5 : 0) + Math.min(1.5, (freq - 1) * 0.3) + (domainMatch(s.name) ? 1 : 0) + (s.behalf ? 1 : 0), method: s.footer ? 'legal_footer' : 'pattern', source: src(s.line, s.seg), transforms: s.behalf ? ['trim', 'on-behalf-of'] : ['trim'] });
  }
  // The first prominent text on page 1, confirmed by the sender's web or mail domain.
  for (const line of pageLines.slice(0, 8)) {
    const seg = line.segments[0]!;
    const n = cleanName(seg.text);
    if (n && domainMatch(n) && n.split(/\s+/).length <= 5) push({ field: 'sender_name', value: n, raw: seg.text, score: 2.5, method: 'pattern', source: src(line, seg), transforms: ['trim', 'confirm:web-domain'] });
  }
  footerLetterhead(pageLines, push);
  partySections(ev, push);
  danfeParties(ev, push);
  honorificRecipients(ev, push);
  japaneseIssuer(ev, push);
  partyBlocks(ev, pageLines, push, { cleanName, blockName, src, nearestAbove, partyHeadingAbove, salutationOnly: (t) => SALUTATION_ONLY.test(t), separators: SEPARATORS });
}

/** The seller or the payee named in a sentence, the name after the phrase ("Sold by …", "Please make checks payable to …", "… an den Zahlungsempfänger …"; fold15, recall22). */
const SOLD_OR_PAID_TO = new RegExp(String.raw`(?:sold by|provided by|verkauft von|geliefert von|${PAYEE_PHRASE})\s+(.+)$`, 'iu');
/** A bank's label, its name after it ("Bank: Raiffeisen Landesbank", "Kreditinstitut:", "Bank name:"). */
const BANK_LABEL = /^(?:bank(?:verbindung|name| name)?|kreditinstitut|geldinstitut|name der bank|banque)\s*:/i;
/**
 * Labels that introduce the sender on a return-address line ("Abs.: Acme GmbH · …"), and the postal words that
 * say where undeliverable mail goes ("Returns to: Acme B.V., …", "Rücksendeadresse:", "Retouradres:"; fold28b).
 */
const SENDER_WORD = /^(?:abs(?:ender(?:in)?)?\.?|von|from|exp[ée]diteur|afzender|mittente|remitente|(?:if undeliverable,?\s+)?returns?(?: to| address)|r[üu]ck(?:sende(?:adresse|anschrift)|sendung an)|adresse de retour|retouradres|retour aan)$/i;
const SELLER_WORD = /\b(verk[äa]ufers?|lieferanten?|leistungserbringers?|sellers?|suppliers?|vendors?|vendeur|fournisseur|verkoper|leverancier|fornitore|proveedor)\b/iu;
const BUYER_WORD = /(?<![\p{L}])(k[äa]ufers?|leistungsempf[äa]ngers?|rechnungsempf[äa]ngers?|buyers?|customers?|acheteur|client|koper|klant|afnemer|acquirente|comprador)\b/iu;
/** A buyer section heading that is no recipient label elsewhere: "Invoice for:" (a title "Invoice for <client>" too; fold16). */
const SECTION_BUYER = /^invoice for$/i;
// The key may name the role too ("Nom du vendeur", "Nom de l'acheteur", "Name of the seller"; fold11).
const NAME_KEY = /^(?:(?:firmen|company |trading |legal )?name|raison sociale|nom|naam|bedrijfsnaam|ragione sociale|denominaci[óo]n|nombre)(?:\s+(?:du|de\s+la|de\s+l['’]\s*|de|des|of\s+the|of|der|van\s+de|del|della)\s*\p{L}+)?\s*:?$/iu;

/**
 * The recipient addressed with a Japanese honorific (recall22): "山田商事株式会社 御中" (a company or
 * department), "佐藤 花子 様" (a person), in the upper half of the first page (not the text field). "お客様", "皆様",
 * "各位" address no one; "ご担当者様" after a company names the company.
 */
const HONORIFIC = /^(.+?)\s*(?:御中|様)$/u;
/** A party's name as cleanName reads it, or a Japanese one: a personal name is often two and two characters ("佐藤 花子"), shorter than cleanName's words. */
const japaneseOrCleanName = (t: string): string | null => cleanName(t) ?? (/^[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}ー・ ]{2,20}$/u.test(t) ? t : null);
const NO_ONE = /^(?:お客|皆|各位|ご?担当者?)$/u;
function honorificRecipients(ev: Evidence, push: (c: Candidate) => void) {
  for (const line of ev.pages.get(firstPageOf(ev)) ?? []) {
    if (line.bbox.y > line.pageHeight * 0.5) break;
    for (const seg of line.segments) {
      const m = HONORIFIC.exec(seg.text.trim());
      // A sentence that ends in a name ("先日はありがとうございました。山田様") addresses no block.
      if (!m || NO_ONE.test(m[1]!.trim()) || /[。、！？!?]/u.test(m[1]!)) continue;
      const raw = m[1]!.replace(/\s*ご?担当者?$/u, '').trim();
      const name = japaneseOrCleanName(raw);
      if (name) push({ field: 'recipient_name', value: name, raw: seg.text, score: 3, method: 'address_block', source: src(line, seg), transforms: ['trim', 'strip:honorific'] });
    }
  }
}

/**
 * The issuer's block of a Japanese invoice (fold28d): the name over a "〒 123-4567" postcode line, in the upper half of
 * page 1, on a page that addresses its recipient with an honorific (御中, 様); the block under the honorific is the
 * recipient's own.
 */
const POSTCODE_MARK = /^〒\s?\d{3}-\d{4}$/u;
function japaneseIssuer(ev: Evidence, push: (c: Candidate) => void) {
  const lines = ev.pages.get(firstPageOf(ev)) ?? [];
  const upper = lines.filter((l) => l.bbox.y <= l.pageHeight * 0.5 && l.source !== 'text_field');
  if (!upper.some((l) => l.segments.some((s) => HONORIFIC.test(s.text.trim())))) return;
  for (const line of upper) {
    for (const seg of line.segments) {
      if (!POSTCODE_MARK.test(seg.text.trim())) continue;
      const up = nearestAbove(lines, seg, seg.bbox.x);
      const t = up?.text.trim() ?? '';
      if (!up || HONORIFIC.test(t) || /[\d:：]/u.test(t)) continue;
      const name = japaneseOrCleanName(t);
      if (name) push({ field: 'sender_name', value: name, raw: up.text, score: 2.5, method: 'address_block', source: src(ev.lines[up.line]!, up), transforms: ['trim', 'block:postcode-mark'] });
    }
  }
}

/**
 * Key–value party sections, as e-invoice viewers print them (the XRechnung visualisation:
 * "Informationen zum Käufer" / "Name: …", "Informationen zum Verkäufer" / "Firmenname: …"): a short
 * heading naming one role, then a "Name:" row within the next few lines, before the next heading.
 */
function partySections(ev: Evidence, push: (c: Candidate) => void) {
  for (const lines of ev.pages.values()) {
    lines.forEach((line, i) => {
      // The heading row: one heading, or one per column ("Service Provider | Client"; fold16), each a few
      // words with no colon but a closing one ("Invoice for:").
      const cells = line.segments.map((s) => ({ seg: s, text: s.text.trim().replace(/:$/, '') }));
      if (cells.some((c) => !c.text || c.text.includes(':') || c.text.split(/\s+/).length > 5)) return;
      cells.forEach((cell, k) => {
        const t = cell.seg.text.trim();
        const seller = SELLER_WORD.test(cell.text) || PAYEE_LABEL.test(cell.text) || wholeLabel(LABELS.sender_name, t);
        if (seller === (BUYER_WORD.test(cell.text) || SECTION_BUYER.test(cell.text) || wholeLabel(LABELS.recipient_name, t))) return;
        // The heading's column: from its left edge to the next heading's.
        const from = cell.seg.bbox.x - 12;
        const to = cells[k + 1]?.seg.bbox.x ?? Infinity;
        for (const row of lines.slice(i + 1, i + 5)) {
          const inColumn = row.segments.filter((s) => s.bbox.x >= from && s.bbox.x < to);
          const key = inColumn[0];
          if (!key) continue;
          const sameCell = /^((?:firmen|company )?name)\s*:\s*(\S.*)$/i.exec(key.text.trim());
          if (!sameCell && row.segments.length === 1 && row !== lines[i + 1]) break; // the next heading
          const valueSeg = sameCell ? key : NAME_KEY.test(key.text.trim()) ? inColumn[1] : undefined;
          const value = sameCell ? sameCell[2]! : valueSeg?.text ?? '';
          const name = value && cleanName(value);
          if (!name) continue;
          push({ field: seller ? 'sender_name' : 'recipient_name', value: name, raw: value, score: 3.5, method: methodFor(row, 'label_value'), source: src(row, valueSeg ?? key), label: cell.seg.text.trim(), transforms: ['trim', 'block:party-section'] });
          break;
        }
      });
    });
  }
}

/** The DANFE's receipt stub, its fixed wording: "RECEBEMOS DE <issuer> OS PRODUTOS E/OU SERVIÇOS CONSTANTES DA NOTA FISCAL …". */
const DANFE_RECEIPT = /^\W*recebemos de\s+(.{2,80}?)\s+os\s+(?:produtos|servi[çc]os)\b/iu;
/** The DANFE's recipient box title and its name column ("DESTINATÁRIO / REMETENTE", "NOME / RAZÃO SOCIAL"); OCR reads Á, Ã as Ä. */
const DANFE_RECIPIENT_BOX = /^destinat[áaä]rio\s*\/\s*remetente$/iu;
const DANFE_NAME_COLUMN = /^(?:nome\s*\/\s*raz[ãaä]o social|raz[ãaä]o social(?:\s*\/\s*nome)?)$/iu;
/** In the test environment an NF-e's recipient name is by law this notice, no party. */
const HOMOLOGATION_NOTICE = /(sem valor fiscal|homologa[çc][ãa]o)/iu;

/**
 * The parties of a DANFE (the printed form of a Brazilian NF-e; fold17), from the form's fixed wording
 * that every program printing it keeps: the issuer named in the receipt stub and in its box beside the
 * "DANFE" title, the recipient under the
 * "NOME / RAZÃO SOCIAL" column of the "DESTINATÁRIO / REMETENTE" box (the carrier's box has the same
 * column: only the recipient box's counts).
 */
function danfeParties(ev: Evidence, push: (c: Candidate) => void) {
  const first = firstPageOf(ev);
  for (const line of ev.lines) {
    if (line.page !== first) continue;
    const seg = line.segments[0];
    const stub = seg && line.bbox.y < line.pageHeight * 0.3 ? DANFE_RECEIPT.exec(seg.text) : null;
    const issuer = stub && cleanName(stub[1]!);
    if (issuer) push({ field: 'sender_name', value: issuer, raw: stub![0], score: 3.5, method: methodFor(line, 'label_value'), source: src(line, seg!, stub![1]), label: 'RECEBEMOS DE', transforms: ['trim', 'block:danfe-receipt'] });
    // The issuer's box stands left of the "DANFE" title box, the name on the title's row.
    const box = line.segments.length === 2 && /^danfe$/i.test(line.segments[1]!.text.trim()) ? cleanName(line.segments[0]!.text) : null;
    if (box && !/\d/.test(box)) push({ field: 'sender_name', value: box, raw: line.segments[0]!.text, score: 3, method: methodFor(line, 'label_value'), source: src(line, line.segments[0]!), label: 'DANFE', transforms: ['trim', 'block:danfe-issuer'] });
    if (line.segments.length !== 1 || !DANFE_RECIPIENT_BOX.test(line.segments[0]!.text.trim())) continue;
    for (const row of ev.lines.slice(line.index + 1, line.index + 3)) {
      const column = row.page === line.page ? row.segments.find((s) => DANFE_NAME_COLUMN.test(s.text.trim())) : undefined;
      if (!column) continue;
      const value = below(ev, column, 1, true);
      const name = value && !HOMOLOGATION_NOTICE.test(value.text) ? cleanName(value.text) : null;
      if (name) push({ field: 'recipient_name', value: name, raw: value!.text, score: 3.5, method: methodFor(ev.lines[value!.line]!, 'label_value'), source: src(ev.lines[value!.line]!, value), label: column.text.trim(), transforms: ['trim', 'block:danfe-recipient'] });
      break;
    }
  }
}

const LEGAL_DETAILS = /\b(capital|SIRE[TN]|R\.?C\.?S|HR[AB]|Handelsregister|Amtsgericht|Registergericht|KvK|Gesch[äa]ftsf[üu]hrer|USt-?Id|TVA|VAT|BTW|company (?:no|number|reg))/i;

/**
 * The letterhead repeated in the footer: a name alone on a footer line, with the company's legal
 * details (capital, register, SIRET, VAT id) within the two lines under it, that page 1 also prints
 * in its upper third is the sender's — with or without a legal form in the name.
 */
function footerLetterhead(pageLines: EvLine[], push: (c: Candidate) => void) {
  const key = (t: string) => t.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  const top = new Set(pageLines.filter((l) => l.bbox.y < l.pageHeight / 3).flatMap((l) => l.segments.map((sg) => key(sg.text))));
  pageLines.forEach((line, i) => {
    if (line.bbox.y < line.pageHeight * 0.8 || line.segments.length !== 1) return;
    const n = cleanName(line.segments[0]!.text);
    if (!n || /\d/.test(n) || n.split(/\s+/).length > 6 || !top.has(key(n))) return;
    const under = pageLines.slice(i + 1, i + 3).filter((l) => l.bbox.y - (line.bbox.y + line.bbox.h) < line.bbox.h * 3);
    if (under.some((l) => LEGAL_DETAILS.test(l.text))) push({ field: 'sender_name', value: n, raw: line.segments[0]!.text, score: 3, method: 'legal_footer', source: src(line, line.segments[0]!), transforms: ['trim', 'confirm:footer-repeat'] });
  });
  // "Name - Street - Postcode Town" as a footer line, the name also printed in the upper third:
  // that name is the sender's (round 7). Not scored as a sender (the footer may print a trade
  // line, not the legal name); it only marks the name so the selection gives it no other role.
  for (const line of pageLines) {
    if (line.bbox.y < line.pageHeight * 0.8) continue;
    const text = line.segments.map((sg) => sg.text).join(' ');
    const parts = text.split(/\s+[-–—·•|]\s+/);
    const n = parts.length > 1 ? cleanName(parts[0]!) : null;
    if (!n || !top.has(key(n)) || !POSTCODE_IN_LINE.test(parts.slice(1).join(' '))) continue;
    push({ field: 'sender_name', value: n, raw: text, score: 0, method: 'legal_footer', source: src(line, line.segments[0]!), transforms: ['trim', 'footer:party-line'], meta: { footerParty: true } });
  }
}
