// The visualization as data: sections of labelled values and tables built from the semantic
// model, already localized and formatted. The HTML page (html.ts) and the JPEG fallback
// (image.ts) draw this same structure, so they agree and both look the same for UBL and CII.
import type { AllowanceCharge, InvoiceLine, InvoiceModel, Party, PaymentInstructions, Period, PostalAddress } from '../model.js';
import { label, paymentMeansName, typeCodeName, unitName, vatCategoryName, type RenderLocale } from './labels.js';

/** Line rows (sub-lines included) shown at most; the rest is announced, never silently dropped. */
export const MAX_RENDERED_LINES = 500;
/** Entries of other repeatable sections (notes, attachments, allowances, payment means) shown at most. */
export const MAX_SECTION_ENTRIES = 50;
/** Sub-line nesting drawn at most this deep (deeper levels keep the indentation of this one). */
const MAX_INDENT_DEPTH = 6;

export type Pair = { label: string; value: string };

export interface PartyBox {
  heading: string;
  name: string;
  lines: string[];
  details: Pair[];
}

export interface LineRow {
  depth: number;
  position: string;
  item: string;
  details: string[];
  quantity: string;
  unit_price: string;
  vat: string;
  net_amount: string;
}

export interface Table {
  heading: string;
  columns: string[];
  /** Right-aligned columns (amounts). */
  numeric: boolean[];
  rows: string[][];
  notice?: string;
}

export interface InvoiceView {
  locale: RenderLocale;
  title: string;
  number: string;
  meta: Pair[];
  parties: PartyBox[];
  notes: string[];
  notes_notice?: string;
  lines: { heading: string; columns: string[]; rows: LineRow[]; notice?: string };
  allowances?: Table;
  vat: Table;
  totals: Array<Pair & { strong?: boolean }>;
  payment: Array<{ heading: string; pairs: Pair[] }>;
  attachments?: Table;
  footer: string;
}

// ---------------------------------------------------------------- formatting

/** A decimal string of the document, grouped for the locale, at least `minDecimals` places. No floats. */
export function formatDecimal(value: string | undefined, locale: RenderLocale, minDecimals = 2): string {
  if (value === undefined || value === '') return '';
  const m = /^\s*([+-]?)(\d*)(?:\.(\d*))?\s*$/.exec(value);
  if (!m) return value.trim();
  const [group, dec] = locale === 'de' ? ['.', ','] : [',', '.'];
  const int = (m[2] || '0').replace(/^0+(?=\d)/, '');
  let frac = m[3] ?? '';
  while (frac.length > minDecimals && frac.endsWith('0')) frac = frac.slice(0, -1);
  frac = frac.padEnd(minDecimals, '0');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${m[1] === '-' ? '−' : ''}${grouped}${frac ? dec + frac : ''}`;
}

export function formatAmount(value: string | undefined, currency: string | undefined, locale: RenderLocale): string {
  const n = formatDecimal(value, locale, 2);
  if (!n) return '';
  return currency ? `${n} ${currency}` : n;
}

export function formatDate(value: string | undefined, locale: RenderLocale): string {
  if (!value) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!m) return value.trim();
  return locale === 'de' ? `${m[3]}.${m[2]}.${m[1]}` : `${m[1]}-${m[2]}-${m[3]}`;
}

function formatPeriod(p: Period | undefined, locale: RenderLocale): string {
  if (!p || (!p.start && !p.end)) return '';
  return `${formatDate(p.start, locale) || '…'} – ${formatDate(p.end, locale) || '…'}`;
}

function formatRate(rate: string | undefined, locale: RenderLocale): string {
  return rate === undefined || rate === '' ? '' : `${formatDecimal(rate, locale, 0)} %`;
}

const present = (pairs: Array<Pair | null>): Pair[] => pairs.filter((p): p is Pair => p !== null && p.value.trim() !== '');
const pair = (l: string, v: string | undefined): Pair | null => (v ? { label: l, value: v } : null);

function addressLines(a: PostalAddress | undefined): string[] {
  if (!a) return [];
  const city = [a.postcode, a.city].filter(Boolean).join(' ');
  return [a.line1, a.line2, a.line3, [city, a.subdivision].filter(Boolean).join(', '), a.country_code].filter((s): s is string => Boolean(s && s.trim()));
}

function partyBox(heading: string, p: Party, locale: RenderLocale): PartyBox {
  const t = (k: Parameters<typeof label>[1]) => label(locale, k);
  const contact = p.contact ? [p.contact.name, p.contact.telephone, p.contact.email].filter(Boolean).join(' · ') : '';
  return {
    heading,
    name: [p.name, p.trading_name && p.trading_name !== p.name ? `(${p.trading_name})` : ''].filter(Boolean).join(' ') || '—',
    lines: addressLines(p.address),
    details: present([
      pair(t('vat_id'), p.vat_id),
      pair(t('tax_number'), p.tax_registration_id),
      pair(t('registration'), p.legal_registration_id?.value),
      ...p.identifiers.slice(0, 5).map((id) => pair(t('identifier'), id.scheme ? `${id.value} (${id.scheme})` : id.value)),
      pair(t('electronic_address'), p.electronic_address ? `${p.electronic_address.value}${p.electronic_address.scheme ? ` (${p.electronic_address.scheme})` : ''}` : undefined),
      pair(t('contact'), contact),
    ]),
  };
}

function allowanceText(a: AllowanceCharge, currency: string | undefined, locale: RenderLocale): string {
  const kind = label(locale, a.charge ? 'charge' : 'allowance');
  const reason = a.reason ?? a.reason_code;
  const pct = a.percentage ? ` (${formatRate(a.percentage, locale)}${a.base_amount ? ` ${label(locale, 'base').toLowerCase()} ${formatAmount(a.base_amount, currency, locale)}` : ''})` : '';
  return `${kind}${reason ? `: ${reason}` : ''}${pct} ${a.charge ? '' : '−'}${formatAmount(a.amount, currency, locale)}`.trim();
}

function vatText(category: string | undefined, rate: string | undefined, locale: RenderLocale): string {
  return [category, formatRate(rate, locale)].filter(Boolean).join(' ');
}

// ---------------------------------------------------------------- the view

export function buildInvoiceView(model: InvoiceModel, locale: RenderLocale): InvoiceView {
  const t = (k: Parameters<typeof label>[1], vars?: Record<string, string | number>) => label(locale, k, vars);
  const cur = model.currency;
  const typeName = typeCodeName(locale, model.type_code);
  const title = typeName ?? t(model.document_kind === 'credit_note' ? 'credit_note' : 'invoice');

  const meta = present([
    pair(t('issue_date'), formatDate(model.issue_date, locale)),
    pair(t('due_date'), formatDate(model.due_date, locale)),
    pair(t('type_code'), model.type_code ? `${model.type_code}${typeName ? ` – ${typeName}` : ''}` : undefined),
    pair(t('currency'), cur),
    pair(t('tax_currency'), model.tax_currency && model.tax_currency !== cur ? model.tax_currency : undefined),
    pair(t('tax_point_date'), formatDate(model.tax_point_date, locale)),
    pair(t('invoice_period'), formatPeriod(model.invoice_period, locale)),
    pair(t('delivery_date'), formatDate(model.delivery?.actual_delivery_date, locale)),
    pair(t('buyer_reference'), model.buyer_reference),
    pair(t('order_reference'), model.purchase_order_reference),
    pair(t('sales_order_reference'), model.sales_order_reference),
    pair(t('contract_reference'), model.contract_reference),
    pair(t('project_reference'), model.project_reference),
    pair(t('despatch_advice'), model.despatch_advice_reference),
    pair(t('receiving_advice'), model.receiving_advice_reference),
    pair(t('tender_reference'), model.tender_reference),
    pair(t('invoiced_object'), model.invoiced_object_id?.value),
    pair(t('accounting_reference'), model.buyer_accounting_reference),
    pair(t('preceding_invoices'), model.preceding_invoices.slice(0, MAX_SECTION_ENTRIES).map((p) => [p.id, p.issue_date ? formatDate(p.issue_date, locale) : ''].filter(Boolean).join(' / ')).join('; ')),
    pair(t('specification'), model.specification_id),
    pair(t('business_process'), model.business_process),
  ]);

  const parties: PartyBox[] = [partyBox(t('seller'), model.seller, locale), partyBox(t('buyer'), model.buyer, locale)];
  if (model.payee) parties.push(partyBox(t('payee'), model.payee, locale));
  if (model.tax_representative) parties.push(partyBox(t('tax_representative'), model.tax_representative, locale));
  if (model.delivery && (model.delivery.party_name || model.delivery.address || model.delivery.location_id)) {
    parties.push({
      heading: t('delivery'),
      name: model.delivery.party_name ?? '—',
      lines: addressLines(model.delivery.address),
      details: present([pair(t('delivery_location'), model.delivery.location_id?.value)]),
    });
  }

  const notes = model.notes.map((n) => [n.subject_code ? `[${n.subject_code}]` : '', n.text ?? ''].filter(Boolean).join(' ')).filter((s) => s.trim());

  // Lines, depth first, bounded to a prefix of MAX_RENDERED_LINES rows.
  const rows: LineRow[] = [];
  let total = 0;
  const walk = (lines: InvoiceLine[], depth: number, prefix: string) => {
    lines.forEach((line, i) => {
      total++;
      const position = line.id ?? `${prefix}${i + 1}`;
      if (rows.length < MAX_RENDERED_LINES) {
        const details = [
          line.item_description,
          line.seller_item_id ? `${t('item_id')} ${line.seller_item_id}` : '',
          line.buyer_item_id ? `${t('buyer_item_id')} ${line.buyer_item_id}` : '',
          line.standard_item_id ? `${line.standard_item_id.scheme ? `${line.standard_item_id.scheme}: ` : ''}${line.standard_item_id.value}` : '',
          line.period ? `${t('period')} ${formatPeriod(line.period, locale)}` : '',
          line.order_line_reference ? `${t('order_line')} ${line.order_line_reference}` : '',
          line.origin_country ? `${t('origin')} ${line.origin_country}` : '',
          line.attributes.length ? `${t('attributes')}: ${line.attributes.slice(0, 10).map((a) => `${a.name ?? ''} ${a.value ?? ''}`.trim()).join('; ')}` : '',
          line.note ?? '',
          ...line.allowances.map((a) => allowanceText(a, cur, locale)),
          ...line.charges.map((a) => allowanceText(a, cur, locale)),
        ].filter((s): s is string => Boolean(s && s.trim()));
        const base = line.price?.base_quantity && line.price.base_quantity !== '1' ? ` / ${formatDecimal(line.price.base_quantity, locale, 0)} ${unitName(locale, line.price.base_quantity_unit) ?? ''}`.trimEnd() : '';
        rows.push({
          depth: Math.min(depth, MAX_INDENT_DEPTH),
          position,
          item: line.item_name ?? '—',
          details,
          quantity: line.quantity ? `${formatDecimal(line.quantity, locale, 0)} ${unitName(locale, line.unit_code) ?? ''}`.trim() : '',
          unit_price: line.price?.net_price ? `${formatDecimal(line.price.net_price, locale, 2)}${base}` : '',
          vat: vatText(line.vat_category, line.vat_rate, locale),
          net_amount: formatDecimal(line.net_amount, locale, 2),
        });
      }
      if (line.sub_lines.length) walk(line.sub_lines, depth + 1, `${position}.`);
    });
  };
  walk(model.lines, 0, '');

  const docAllowances = [...model.allowances, ...model.charges];
  const allowances: Table | undefined = docAllowances.length
    ? {
        heading: t('allowances_charges'),
        columns: ['', t('reason'), t('base'), t('rate'), t('vat'), t('amount')],
        numeric: [false, false, true, true, false, true],
        rows: docAllowances.slice(0, MAX_SECTION_ENTRIES).map((a) => [
          t(a.charge ? 'charge' : 'allowance'),
          a.reason ?? a.reason_code ?? '',
          formatAmount(a.base_amount, cur, locale),
          formatRate(a.percentage, locale),
          vatText(a.vat_category, a.vat_rate, locale),
          `${a.charge ? '' : '−'}${formatAmount(a.amount, cur, locale)}`,
        ]),
        notice: docAllowances.length > MAX_SECTION_ENTRIES ? t('truncated_list', { shown: MAX_SECTION_ENTRIES, total: docAllowances.length }) : undefined,
      }
    : undefined;

  const vat: Table = {
    heading: t('vat_breakdown'),
    columns: [t('category'), t('rate'), t('taxable'), t('tax'), t('exemption')],
    numeric: [false, true, true, true, false],
    rows: model.vat_breakdown.slice(0, MAX_SECTION_ENTRIES).map((v) => [
      [v.category, vatCategoryName(locale, v.category)].filter(Boolean).join(' – ') + (v.type_code && v.type_code !== 'VAT' ? ` (${v.type_code})` : ''),
      formatRate(v.rate, locale),
      formatAmount(v.taxable_amount, cur, locale),
      formatAmount(v.tax_amount, cur, locale),
      [v.exemption_reason_code, v.exemption_reason].filter(Boolean).join(' '),
    ]),
    notice: model.vat_breakdown.length > MAX_SECTION_ENTRIES ? t('truncated_list', { shown: MAX_SECTION_ENTRIES, total: model.vat_breakdown.length }) : undefined,
  };

  const tt = model.totals;
  const totals = [
    pair(t('line_net_sum'), formatAmount(tt.line_net_sum, cur, locale)),
    pair(t('allowance_sum'), formatAmount(tt.allowance_sum, cur, locale)),
    pair(t('charge_sum'), formatAmount(tt.charge_sum, cur, locale)),
    pair(t('total_net'), formatAmount(tt.net_amount, cur, locale)),
    pair(t('total_vat'), formatAmount(tt.vat_amount, tt.vat_amount_currency ?? cur, locale)),
    pair(t('total_vat_accounting'), formatAmount(tt.vat_amount_accounting, tt.vat_amount_accounting_currency, locale)),
    pair(t('total_gross'), formatAmount(tt.gross_amount, cur, locale)),
    pair(t('prepaid'), formatAmount(tt.prepaid_amount, cur, locale)),
    pair(t('rounding'), formatAmount(tt.rounding_amount, cur, locale)),
  ].filter((p): p is Pair => p !== null && p.value !== '') as Array<Pair & { strong?: boolean }>;
  if (tt.payable_amount) totals.push({ label: t('payable'), value: formatAmount(tt.payable_amount, cur, locale), strong: true });

  const payment: InvoiceView['payment'] = [];
  const paymentGroup = (heading: string, p: PaymentInstructions) => {
    const pairs = present([
      pair(t('payment_means'), p.means_code ? `${paymentMeansName(locale, p.means_code) ?? p.means_code}${p.means_text ? ` (${p.means_text})` : ''}` : p.means_text),
      pair(t('remittance'), p.remittance_information),
      ...p.credit_transfers.slice(0, MAX_SECTION_ENTRIES).flatMap((ct) => [pair(t('account'), ct.account_id), pair(t('account_name'), ct.account_name), pair(t('bic'), ct.service_provider_id)]),
      pair(t('card'), p.card ? [p.card.pan, p.card.holder].filter(Boolean).join(' · ') : undefined),
      pair(t('mandate'), p.direct_debit?.mandate_id),
      pair(t('creditor_id'), p.direct_debit?.creditor_id),
      pair(t('debited_account'), p.direct_debit?.debited_account),
    ]);
    if (pairs.length) payment.push({ heading, pairs });
  };
  if (model.payment) paymentGroup(t('payment'), model.payment);
  model.payment_alternatives.slice(0, MAX_SECTION_ENTRIES).forEach((p) => paymentGroup(t('alternative_payment'), p));
  const terms = present([pair(t('payment_terms'), model.payment_terms), pair(t('due_date'), formatDate(model.due_date, locale))]);
  if (terms.length) {
    if (payment.length) payment[0]!.pairs.push(...terms);
    else payment.push({ heading: t('payment'), pairs: terms });
  }

  const docs = model.supporting_documents;
  const attachments: Table | undefined = docs.length
    ? {
        heading: t('attachments'),
        columns: [t('document_id'), t('description'), t('file')],
        numeric: [false, false, false],
        rows: docs.slice(0, MAX_SECTION_ENTRIES).map((d) => [
          d.id ?? '',
          d.description ?? '',
          [
            [d.attachment_filename, d.attachment_mime_code ? `(${d.attachment_mime_code})` : ''].filter(Boolean).join(' '),
            d.has_attachment ? t('embedded') : '',
            d.external_uri ? `${t('external')}: ${d.external_uri}` : '',
          ].filter(Boolean).join(' · '),
        ]),
        notice: docs.length > MAX_SECTION_ENTRIES ? t('truncated_list', { shown: MAX_SECTION_ENTRIES, total: docs.length }) : undefined,
      }
    : undefined;

  const syntaxName = model.syntax === 'ubl' ? 'UBL 2.1' : model.syntax === 'cii' ? 'UN/CEFACT CII' : 'ZUGFeRD 1.0';
  return {
    locale,
    title,
    number: model.id ?? '—',
    meta,
    parties,
    notes: notes.slice(0, MAX_SECTION_ENTRIES),
    notes_notice: notes.length > MAX_SECTION_ENTRIES ? t('truncated_list', { shown: MAX_SECTION_ENTRIES, total: notes.length }) : undefined,
    lines: {
      heading: t('lines'),
      columns: [t('pos'), t('item'), t('quantity'), t('unit_price'), t('vat'), t('net_amount')],
      rows,
      notice: total > rows.length ? t('truncated_lines', { shown: rows.length, total }) : undefined,
    },
    allowances,
    vat,
    totals,
    payment,
    attachments,
    footer: t('generated', { syntax: syntaxName }),
  };
}

/**
 * The document locale (spec 2.5): the upload's locale hint when given; otherwise German for
 * invoices between German-speaking parties or in German profiles, else English.
 */
export function documentLocale(model: InvoiceModel, hint: string | null | undefined): RenderLocale {
  if (hint) return hint.toLowerCase().startsWith('de') ? 'de' : 'en';
  const dach = ['DE', 'AT', 'CH', 'LI'];
  const country = model.seller.address?.country_code ?? model.buyer.address?.country_code;
  if (country && dach.includes(country.trim().toUpperCase())) return 'de';
  if (/xrechnung|zugferd|ferd/i.test(model.specification_id ?? '')) return 'de';
  return 'en';
}
