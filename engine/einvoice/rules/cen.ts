// EN 16931 business rules (BR-*, BR-CO-*, BR-DEC-*) over the semantic model, as the CEN
// validation artefacts 1.3.16 state them for UBL and CII. Where the two syntax bindings
// compute a rule differently (tolerances, which lines count) the check follows the syntax.
import type { XmlElement } from '../../formats/safe-xml.js';
import type { AllowanceCharge, InvoiceModel, Party } from '../model.js';
import { all, attr, kids, val } from '../nav.js';
import type { Rule } from '../rule.js';
import { CENT, ONE } from '../decimal.js';
import { cenLines, count, d, has, isDate, moreThan2Decimals, num, round2, rule } from './util.js';

const CEN = ['cen'] as const;
const R = (id: string, about: string, check: Rule['check']) => rule(id, 'error', [...CEN], about, check);

const amountsOf = (acs: AllowanceCharge[]) => acs.map((a) => a.amount);

function sumAmounts(values: Array<string | undefined>): bigint {
  let s = 0n;
  for (const v of values) s += num(v);
  return s;
}

function partyHasAddressCountry(p: Party | undefined): boolean {
  return has(p?.address?.country_code);
}

export const CEN_RULES: Rule[] = [
  // ---- mandatory header terms
  R('BR-01', 'BT-24', ({ model: m }) => !has(m.specification_id)),
  R('BR-02', 'BT-1', ({ model: m }) => !has(m.id)),
  R('BR-03', 'BT-2', ({ model: m }) => !has(m.issue_date)),
  R('BR-04', 'BT-3', ({ model: m }) => !has(m.type_code)),
  R('BR-05', 'BT-5', ({ model: m }) => !has(m.currency)),
  R('BR-06', 'BT-27', ({ model: m }) => !has(m.seller.name)),
  R('BR-07', 'BT-44', ({ model: m }) => !has(m.buyer.name)),
  R('BR-08', 'BG-5', ({ model: m }) => m.seller.address === undefined),
  R('BR-09', 'BT-40', ({ model: m }) => m.seller.address !== undefined && !partyHasAddressCountry(m.seller)),
  R('BR-10', 'BG-8', ({ model: m }) => m.buyer.address === undefined),
  R('BR-11', 'BT-55', ({ model: m }) => m.buyer.address !== undefined && !partyHasAddressCountry(m.buyer)),
  R('BR-12', 'BT-106', ({ model: m }) => m.totals.line_net_sum === undefined),
  R('BR-13', 'BT-109', ({ model: m }) => m.totals.net_amount === undefined),
  R('BR-14', 'BT-112', ({ model: m }) => m.totals.gross_amount === undefined),
  R('BR-15', 'BT-115', ({ model: m }) => m.totals.payable_amount === undefined),
  R('BR-16', 'BG-25', ({ model: m }) => m.lines.length === 0),
  R('BR-17', 'BT-59', ({ model: m }) => m.payee !== undefined && (!has(m.payee.name) || (m.syntax === 'ubl' && has(m.seller.trading_name) && m.payee.name === m.seller.trading_name))),
  R('BR-18', 'BT-62', ({ model: m }) => m.tax_representative !== undefined && !has(m.tax_representative.name)),
  R('BR-19', 'BG-12', ({ model: m }) => m.tax_representative !== undefined && m.tax_representative.address === undefined),
  R('BR-20', 'BT-69', ({ model: m }) => m.tax_representative?.address !== undefined && !has(m.tax_representative.address.country_code)),
  R('BR-21', 'BT-126', ({ model: m }) => count(cenLines(m), (l) => !has(l.id))),
  R('BR-22', 'BT-129', ({ model: m }) => count(cenLines(m), (l) => l.quantity === undefined)),
  R('BR-23', 'BT-130', ({ model: m }) => count(cenLines(m), (l) => !has(l.unit_code))),
  R('BR-24', 'BT-131', ({ model: m }) => count(cenLines(m), (l) => l.net_amount === undefined)),
  R('BR-25', 'BT-153', ({ model: m }) => count(cenLines(m), (l) => !has(l.item_name))),
  R('BR-26', 'BT-146', ({ model: m }) => count(cenLines(m), (l) => l.price?.net_price === undefined)),
  R('BR-27', 'BT-146', ({ model: m }) => count(cenLines(m), (l) => l.price?.net_price !== undefined && num(l.price.net_price) < 0n)),
  R('BR-28', 'BT-148', ({ model: m }) => count(cenLines(m), (l) => l.price?.gross_price !== undefined && num(l.price.gross_price) < 0n)),
  R('BR-29', 'BG-14', ({ model: m }) => isDate(m.invoice_period?.start) && isDate(m.invoice_period?.end) && m.invoice_period!.end! < m.invoice_period!.start!),
  R('BR-30', 'BG-26', ({ model: m }) => count(cenLines(m), (l) => isDate(l.period?.start) && isDate(l.period?.end) && l.period!.end! < l.period!.start!)),
  R('BR-31', 'BT-92', ({ model: m }) => count(m.allowances, (a) => a.amount === undefined)),
  R('BR-32', 'BT-95', ({ model: m }) => count(m.allowances, (a) => !has(a.vat_category))),
  R('BR-33', 'BT-97/98', ({ model: m }) => count(m.allowances, (a) => !has(a.reason) && !has(a.reason_code))),
  R('BR-36', 'BT-99', ({ model: m }) => count(m.charges, (a) => a.amount === undefined)),
  R('BR-37', 'BT-102', ({ model: m }) => count(m.charges, (a) => !has(a.vat_category))),
  R('BR-38', 'BT-104/105', ({ model: m }) => count(m.charges, (a) => !has(a.reason) && !has(a.reason_code))),
  R('BR-41', 'BT-136', ({ model: m }) => count(cenLines(m).flatMap((l) => l.allowances), (a) => a.amount === undefined)),
  R('BR-42', 'BT-139/140', ({ model: m }) => count(cenLines(m).flatMap((l) => l.allowances), (a) => !has(a.reason) && !has(a.reason_code))),
  R('BR-43', 'BT-141', ({ model: m }) => count(cenLines(m).flatMap((l) => l.charges), (a) => a.amount === undefined)),
  R('BR-44', 'BT-144/145', ({ model: m }) => count(cenLines(m).flatMap((l) => l.charges), (a) => !has(a.reason) && !has(a.reason_code))),
  R('BR-45', 'BT-116', ({ model: m }) => count(m.vat_breakdown, (b) => b.taxable_amount === undefined)),
  R('BR-46', 'BT-117', ({ model: m }) => count(m.vat_breakdown, (b) => b.tax_amount === undefined)),
  R('BR-47', 'BT-118', ({ model: m }) => count(m.vat_breakdown, (b) => !has(b.category))),
  R('BR-48', 'BT-119', ({ model: m }) => count(m.vat_breakdown, (b) => !has(b.rate) && b.category !== 'O')),
  R('BR-49', 'BT-81', ({ model: m }) => count(allPayments(m), (p) => !has(p.means_code))),
  R('BR-50', 'BT-84', ({ model: m }) => count(allPayments(m).filter((p) => p.means_code === '30' || p.means_code === '58').flatMap((p) => p.credit_transfers), (a) => !has(a.account_id))),
  R('BR-52', 'BT-122', ({ model: m }) => count(m.supporting_documents, (s) => !has(s.id))),
  R('BR-53', 'BT-111', ({ model: m, root }) => {
    if (m.syntax === 'ubl') {
      // Every tax currency needs a tax total in that currency (the document currency may be it).
      const currencies = kids(root, 'TaxCurrencyCode').map((c) => val(c));
      const totals = kids(root, 'TaxTotal').flatMap((t) => kids(t, 'TaxAmount')).map((a) => attr(a, 'currencyID'));
      return currencies.some((c) => !totals.includes(c));
    }
    if (!has(m.tax_currency)) return false;
    return !(ciiTaxTotals(root).some((t) => attr(t, 'currencyID') === m.tax_currency) && m.tax_currency !== m.currency);
  }),
  R('BR-54', 'BG-32', ({ model: m }) => count(cenLines(m).flatMap((l) => l.attributes), (a) => !has(a.name) || !has(a.value))),
  R('BR-55', 'BT-25', ({ model: m, root }) =>
    m.syntax === 'ubl' ? count(kids(root, 'BillingReference'), (b) => all(b, 'InvoiceDocumentReference/ID').length === 0) : count(m.preceding_invoices, (p) => !has(p.id)),
  ),
  R('BR-56', 'BT-63', ({ model: m }) => m.tax_representative !== undefined && !has(m.tax_representative.vat_id)),
  R('BR-57', 'BT-80', ({ model: m }) => m.delivery?.address !== undefined && !has(m.delivery.address.country_code)),
  R('BR-61', 'BT-84', ({ model: m, root }) => {
    const credit = (code: string | undefined) => code === '30' || code === '58';
    if (m.syntax === 'ubl') return count(kids(root, 'PaymentMeans'), (pm) => credit(val(pm, 'PaymentMeansCode')) && all(pm, 'PayeeFinancialAccount/ID').length === 0);
    const means = all(root, 'SupplyChainTradeTransaction/ApplicableHeaderTradeSettlement/SpecifiedTradeSettlementPaymentMeans').filter((pm) => credit(val(pm, 'TypeCode')));
    return count(means.flatMap((pm) => kids(pm, 'PayeePartyCreditorFinancialAccount')), (a) => kids(a, 'IBANID').length === 0 && kids(a, 'ProprietaryID').length === 0);
  }),
  // UBL asks for the scheme attribute to exist; CII for a non-blank value.
  R('BR-62', 'BT-34-1', ({ model: m }) => has(m.seller.electronic_address?.value) && schemeMissing(m, m.seller.electronic_address!.scheme)),
  R('BR-63', 'BT-49-1', ({ model: m }) => has(m.buyer.electronic_address?.value) && schemeMissing(m, m.buyer.electronic_address!.scheme)),
  R('BR-64', 'BT-157-1', ({ model: m }) => count(cenLines(m), (l) => l.standard_item_id !== undefined && schemeMissing(m, l.standard_item_id.scheme))),
  R('BR-65', 'BT-158-1', ({ model: m }) => count(cenLines(m).flatMap((l) => l.classifications), (c) => schemeMissing(m, c.scheme))),

  // ---- conditions and calculations (BR-CO)
  R('BR-CO-03', 'BT-7/BT-8', ({ model: m }) => has(m.tax_point_date) && has(m.tax_point_date_code)),
  R('BR-CO-04', 'BT-151', ({ model: m }) => count(cenLines(m), (l) => !has(l.vat_category))),
  R('BR-CO-10', 'BT-106', ({ model: m }) => has(m.totals.line_net_sum) && d(m.totals.line_net_sum) !== round2(sumAmounts(cenLines(m).map((l) => l.net_amount)))),
  R('BR-CO-11', 'BT-107', ({ model: m }) => {
    if (m.totals.allowance_sum === undefined) return m.allowances.length > 0;
    return d(m.totals.allowance_sum) !== round2(sumAmounts(amountsOf(m.allowances)));
  }),
  R('BR-CO-12', 'BT-108', ({ model: m }) => {
    if (m.totals.charge_sum === undefined) return m.charges.length > 0;
    return d(m.totals.charge_sum) !== round2(sumAmounts(amountsOf(m.charges)));
  }),
  R('BR-CO-13', 'BT-109', ({ model: m }) => {
    const t = m.totals;
    if (!has(t.net_amount) || !has(t.line_net_sum)) return false;
    return d(t.net_amount) !== round2(num(t.line_net_sum) - num(t.allowance_sum) + num(t.charge_sum));
  }),
  R('BR-CO-14', 'BT-110', ({ model: m }) => {
    if (m.vat_breakdown.length === 0 || !has(m.totals.vat_amount)) return false;
    return d(m.totals.vat_amount) !== round2(sumAmounts(m.vat_breakdown.map((b) => b.tax_amount)));
  }),
  R('BR-CO-15', 'BT-112', ({ model: m, root }) => {
    const t = m.totals;
    if (m.syntax === 'ubl') {
      if (ublTaxAmountsInCurrency(root, m.currency) !== 1) return true;
      if (!has(t.gross_amount) || !has(t.net_amount)) return false;
      return d(t.gross_amount) !== round2(num(t.net_amount) + num(t.vat_amount));
    }
    // CII: one tax total in the invoice currency adding up, or no tax at all (grand = basis).
    const inCurrency = all(root, 'SupplyChainTradeTransaction/ApplicableHeaderTradeSettlement/SpecifiedTradeSettlementHeaderMonetarySummation/TaxTotalAmount').filter((a) => attr(a, 'currencyID') === m.currency);
    const grand = num(t.gross_amount);
    const basis = num(t.net_amount);
    const adds = inCurrency.length === 1 && grand === round2(basis + num(val(inCurrency[0])));
    return !(adds || grand === basis);
  }),
  R('BR-CO-16', 'BT-115', ({ model: m }) => {
    const t = m.totals;
    if (!has(t.payable_amount) || !has(t.gross_amount)) return false;
    if (m.syntax === 'ubl') return round2(num(t.payable_amount) - num(t.rounding_amount)) !== round2(num(t.gross_amount) - num(t.prepaid_amount));
    return num(t.payable_amount) !== num(t.gross_amount) - num(t.prepaid_amount) + num(t.rounding_amount);
  }),
  R('BR-CO-17', 'BT-117', ({ model: m }) =>
    count(m.vat_breakdown, (b) => {
      const tax = num(b.tax_amount);
      if (!has(b.rate)) return roundToInt(tax) !== 0n;
      if (!has(b.tax_amount) || !has(b.taxable_amount)) return false;
      const rate = num(b.rate);
      if (roundToInt(rate) === 0n) return roundToInt(tax) !== 0n;
      const expected = round2((abs(num(b.taxable_amount)) * rate) / 100n / ONE);
      const a = abs(tax);
      const one = ONE;
      const strict = m.syntax === 'ubl';
      return strict ? !(a - one < expected && a + one > expected) : !(a - one <= expected && a + one >= expected);
    }),
  ),
  R('BR-CO-18', 'BG-23', ({ model: m }) => m.vat_breakdown.length === 0),
  R('BR-CO-19', 'BG-14', ({ model: m }) => m.invoice_period !== undefined && !has(m.invoice_period.start) && !has(m.invoice_period.end) && !has(m.tax_point_date_code)),
  R('BR-CO-20', 'BG-26', ({ model: m }) => count(cenLines(m), (l) => l.period !== undefined && !has(l.period.start) && !has(l.period.end))),
  R('BR-CO-21', 'BT-97/98', ({ model: m }) => count(m.allowances, (a) => !has(a.reason) && !has(a.reason_code))),
  R('BR-CO-22', 'BT-104/105', ({ model: m }) => count(m.charges, (a) => !has(a.reason) && !has(a.reason_code))),
  R('BR-CO-23', 'BT-139/140', ({ model: m }) => count(cenLines(m).flatMap((l) => l.allowances), (a) => !has(a.reason) && !has(a.reason_code))),
  R('BR-CO-24', 'BT-144/145', ({ model: m }) => count(cenLines(m).flatMap((l) => l.charges), (a) => !has(a.reason) && !has(a.reason_code))),
  R('BR-CO-26', 'BT-29/30/31', ({ model: m }) => !has(m.seller.vat_id) && !m.seller.identifiers.some((i) => i.scheme !== 'SEPA') && !has(m.seller.legal_registration_id?.value)),

  // ---- decimals (BR-DEC)
  R('BR-DEC-01', 'BT-92', ({ model: m }) => count(m.allowances, (a) => moreThan2Decimals(a.amount))),
  R('BR-DEC-02', 'BT-93', ({ model: m }) => count(m.allowances, (a) => moreThan2Decimals(a.base_amount))),
  R('BR-DEC-05', 'BT-99', ({ model: m }) => count(m.charges, (a) => moreThan2Decimals(a.amount))),
  R('BR-DEC-06', 'BT-100', ({ model: m }) => count(m.charges, (a) => moreThan2Decimals(a.base_amount))),
  R('BR-DEC-09', 'BT-106', ({ model: m }) => moreThan2Decimals(m.totals.line_net_sum)),
  R('BR-DEC-10', 'BT-107', ({ model: m }) => moreThan2Decimals(m.totals.allowance_sum)),
  R('BR-DEC-11', 'BT-108', ({ model: m }) => moreThan2Decimals(m.totals.charge_sum)),
  R('BR-DEC-12', 'BT-109', ({ model: m }) => moreThan2Decimals(m.totals.net_amount)),
  R('BR-DEC-13', 'BT-110', ({ model: m, root }) => {
    if (m.syntax === 'ubl') return moreThan2Decimals(m.totals.vat_amount);
    // CII: some tax total must be either in another currency or a whole number of cents.
    const totals = ciiTaxTotals(root);
    return totals.length > 0 && !totals.some((t) => attr(t, 'currencyID') !== m.currency || wholeCents(val(t)));
  }),
  R('BR-DEC-14', 'BT-112', ({ model: m }) => moreThan2Decimals(m.totals.gross_amount)),
  R('BR-DEC-15', 'BT-111', ({ model: m, root }) => {
    if (m.syntax === 'ubl') return moreThan2Decimals(m.totals.vat_amount_accounting);
    // CII: with a tax currency, some tax total must be in it and a whole number of cents.
    const totals = ciiTaxTotals(root);
    return totals.length > 0 && has(m.tax_currency) && !totals.some((t) => attr(t, 'currencyID') === m.tax_currency && wholeCents(val(t)));
  }),
  R('BR-DEC-16', 'BT-113', ({ model: m }) => moreThan2Decimals(m.totals.prepaid_amount)),
  R('BR-DEC-17', 'BT-114', ({ model: m }) => moreThan2Decimals(m.totals.rounding_amount)),
  R('BR-DEC-18', 'BT-115', ({ model: m }) => moreThan2Decimals(m.totals.payable_amount)),
  R('BR-DEC-19', 'BT-116', ({ model: m }) => count(m.vat_breakdown, (b) => moreThan2Decimals(b.taxable_amount))),
  R('BR-DEC-20', 'BT-117', ({ model: m }) => count(m.vat_breakdown, (b) => moreThan2Decimals(b.tax_amount))),
  R('BR-DEC-23', 'BT-131', ({ model: m }) => count(cenLines(m), (l) => moreThan2Decimals(l.net_amount))),
  R('BR-DEC-24', 'BT-136', ({ model: m }) => count(cenLines(m).flatMap((l) => l.allowances), (a) => moreThan2Decimals(a.amount))),
  R('BR-DEC-25', 'BT-137', ({ model: m }) => count(cenLines(m).flatMap((l) => l.allowances), (a) => moreThan2Decimals(a.base_amount))),
  R('BR-DEC-27', 'BT-141', ({ model: m }) => count(cenLines(m).flatMap((l) => l.charges), (a) => moreThan2Decimals(a.amount))),
  R('BR-DEC-28', 'BT-142', ({ model: m }) => count(cenLines(m).flatMap((l) => l.charges), (a) => moreThan2Decimals(a.base_amount))),
];

function abs(v: bigint): bigint {
  return v < 0n ? -v : v;
}

function roundToInt(v: bigint): bigint {
  const one = ONE;
  const shifted = v + one / 2n;
  const q = shifted / one;
  return shifted < 0n && shifted % one !== 0n ? q - 1n : q;
}

function allPayments(m: InvoiceModel) {
  return [...(m.payment ? [m.payment] : []), ...m.payment_alternatives];
}


/** UBL: how many TaxTotal/TaxAmount carry the document currency (BR-CO-15 wants exactly one). */
function ublTaxAmountsInCurrency(root: XmlElement, currency: string | undefined): number {
  let n = 0;
  for (const t of kids(root, 'TaxTotal')) for (const a of kids(t, 'TaxAmount')) if (attr(a, 'currencyID') === currency) n++;
  return n;
}

function ciiTaxTotals(root: XmlElement): XmlElement[] {
  return all(root, 'SupplyChainTradeTransaction/ApplicableHeaderTradeSettlement/SpecifiedTradeSettlementHeaderMonetarySummation/TaxTotalAmount');
}

/** The value (not the lexical form) has at most two fraction digits. */
function wholeCents(v: string | undefined): boolean {
  const x = d(v);
  return x !== null && x % CENT === 0n;
}

function schemeMissing(m: InvoiceModel, scheme: string | undefined): boolean {
  return m.syntax === 'ubl' ? scheme === undefined : (scheme ?? '').trim() === '';
}
