// The Peppol BIS 3 rules that the XRechnung build merges into its CIUS (its whitelist), with
// the changes it applies: the HUF slack of 0.5, R120 lowered to a warning, R053/R054/R055
// reworded for CII, and R043/R044/R046 given CII contexts (R043 twice in CII: -1, -2).
import type { XmlElement } from '../../formats/safe-xml.js';
import { dec } from '../decimal.js';
import type { AllowanceCharge } from '../model.js';
import { all, at, attr, kids, rawText, val } from '../nav.js';
import type { Rule, RuleContext } from '../rule.js';
import { cenLines, count, has, num, ONE, round2, rule } from './util.js';

const P = (id: string, about: string, check: Rule['check'], severity: 'error' | 'warning' = 'error') => rule(`PEPPOL-EN16931-${id}`, severity, ['xr'], about, check);

const slackOf = (currency: string | undefined) => (currency === 'HUF' ? ONE / 2n : ONE / 50n);
const within = (a: bigint, b: bigint, slack: bigint) => a + slack >= b && a - slack <= b;

/** Document and line level allowance/charge elements (not the price level). */
function acElements(ctx: RuleContext): XmlElement[] {
  const { root, model } = ctx;
  if (model.syntax === 'ubl') {
    const lines = [...kids(root, 'InvoiceLine'), ...kids(root, 'CreditNoteLine')];
    return [...kids(root, 'AllowanceCharge'), ...lines.flatMap((l) => kids(l, 'AllowanceCharge'))];
  }
  const tx = at(root, 'SupplyChainTradeTransaction');
  return [...all(tx, 'ApplicableHeaderTradeSettlement/SpecifiedTradeAllowanceCharge'), ...all(tx, 'IncludedSupplyChainTradeLineItem/SpecifiedLineTradeSettlement/SpecifiedTradeAllowanceCharge')];
}

function acFields(ctx: RuleContext, el: XmlElement) {
  const ubl = ctx.model.syntax === 'ubl';
  return {
    pct: at(el, ubl ? 'MultiplierFactorNumeric' : 'CalculationPercent'),
    base: at(el, ubl ? 'BaseAmount' : 'BasisAmount'),
    amount: at(el, ubl ? 'Amount' : 'ActualAmount'),
    indicator: at(el, ubl ? 'ChargeIndicator' : 'ChargeIndicator/Indicator'),
  };
}

const emptyLeaf = (el: XmlElement) => !el.children.some((c) => c.kind === 'element') && rawText(el).trim() === '';

function countEmpty(el: XmlElement, skip: (e: XmlElement) => boolean): number {
  let n = !skip(el) && emptyLeaf(el) ? 1 : 0;
  for (const c of el.children) if (c.kind === 'element') n += countEmpty(c, skip);
  return n;
}

const lineSum = (acs: AllowanceCharge[]) => round2(acs.reduce((t, a) => t + num(a.amount), 0n));

export const PEPPOL_RULES: Rule[] = [
  P('R001', 'BT-23', ({ model: m, root }) => (m.syntax === 'ubl' ? at(root, 'ProfileID') === undefined : at(root, 'ExchangedDocumentContext/BusinessProcessSpecifiedDocumentContextParameter/ID') === undefined)),
  P('R005', 'BT-6', ({ model: m }) => has(m.tax_currency) && m.tax_currency === m.currency),
  P('R008', 'empty elements', ({ model: m, root }) => countEmpty(root, (e) => m.syntax === 'cii' && e.local === 'ApplicableHeaderTradeDelivery')),
  P('R010', 'BT-49', ({ model: m, root }) => (m.syntax === 'ubl' ? at(root, 'AccountingCustomerParty/Party') !== undefined && at(root, 'AccountingCustomerParty/Party/EndpointID') === undefined : at(root, 'SupplyChainTradeTransaction/ApplicableHeaderTradeAgreement/BuyerTradeParty/URIUniversalCommunication/URIID') === undefined)),
  P('R020', 'BT-34', ({ model: m, root }) => (m.syntax === 'ubl' ? at(root, 'AccountingSupplierParty/Party') !== undefined && at(root, 'AccountingSupplierParty/Party/EndpointID') === undefined : at(root, 'SupplyChainTradeTransaction/ApplicableHeaderTradeAgreement/SellerTradeParty/URIUniversalCommunication/URIID') === undefined)),
  P('R040', 'BT-92/93/94', (ctx) =>
    count(acElements(ctx), (el) => {
      const f = acFields(ctx, el);
      if (!f.pct || !f.base) return false;
      const expected = (num(val(f.base)) * num(val(f.pct))) / 100n / ONE;
      return !within(f.amount ? num(val(f.amount)) : 0n, expected, slackOf(ctx.model.currency));
    }),
  ),
  P('R041', 'BT-93', (ctx) => count(acElements(ctx), (el) => { const f = acFields(ctx, el); return !!f.pct && !f.base; })),
  P('R042', 'BT-94', (ctx) => count(acElements(ctx), (el) => { const f = acFields(ctx, el); return !f.pct && !!f.base; })),
  rule('PEPPOL-EN16931-R043', 'error', ['xr-ubl'], 'ChargeIndicator', (ctx) => count(acElements(ctx), (el) => badIndicator(val(acFields(ctx, el).indicator)))),
  rule('PEPPOL-EN16931-R043-1', 'error', ['xr-cii'], 'ChargeIndicator', (ctx) => count(acElements(ctx), (el) => badIndicator(val(acFields(ctx, el).indicator)))),
  rule('PEPPOL-EN16931-R043-2', 'error', ['xr-cii'], 'ChargeIndicator', ({ root }) =>
    count(all(root, 'SupplyChainTradeTransaction/IncludedSupplyChainTradeLineItem/SpecifiedLineTradeAgreement/GrossPriceProductTradePrice/AppliedTradeAllowanceCharge'), (el) => { const t = val(el, 'ChargeIndicator/Indicator') ?? ''; return t !== 'true' && t !== 'false'; }),
  ),
  P('R044', 'BT-147', ({ model: m, root }) => {
    if (m.syntax === 'ubl') return count([...kids(root, 'InvoiceLine'), ...kids(root, 'CreditNoteLine')].flatMap((l) => all(l, 'Price/AllowanceCharge')), (ac) => val(ac, 'ChargeIndicator') !== 'false');
    return count(all(root, 'SupplyChainTradeTransaction/IncludedSupplyChainTradeLineItem/SpecifiedLineTradeAgreement/GrossPriceProductTradePrice'), (g) => at(g, 'AppliedTradeAllowanceCharge/ActualAmount') !== undefined && val(g, 'AppliedTradeAllowanceCharge/ChargeIndicator/Indicator') !== 'false');
  }),
  P('R046', 'BT-146/147/148', ({ model: m, root }) => {
    if (m.syntax === 'ubl') {
      return count([...kids(root, 'InvoiceLine'), ...kids(root, 'CreditNoteLine')].map((l) => at(l, 'Price')).filter((p): p is XmlElement => !!p), (price) => {
        const ac = at(price, 'AllowanceCharge');
        if (!ac || !at(ac, 'BaseAmount')) return false;
        return num(val(price, 'PriceAmount')) !== num(val(ac, 'BaseAmount')) - num(val(ac, 'Amount'));
      });
    }
    return count(all(root, 'SupplyChainTradeTransaction/IncludedSupplyChainTradeLineItem/SpecifiedLineTradeAgreement'), (a) => {
      const g = at(a, 'GrossPriceProductTradePrice');
      if (!g || !at(g, 'ChargeAmount')) return false;
      return num(val(a, 'NetPriceProductTradePrice/ChargeAmount')) !== num(val(g, 'ChargeAmount')) - num(val(g, 'AppliedTradeAllowanceCharge/ActualAmount'));
    });
  }),
  P('R053', 'BT-110', ({ model: m, root }) => {
    if (m.syntax === 'ubl') return kids(root, 'TaxTotal').filter((t) => at(t, 'TaxSubtotal')).length !== 1;
    return taxTotalAmounts(root).filter((t) => attr(t, 'currencyID') === m.currency).length > 1;
  }),
  P('R054', 'BT-111', ({ model: m, root }) => {
    const want = has(m.tax_currency) || (m.syntax === 'ubl' && at(root, 'TaxCurrencyCode') !== undefined) ? 1 : 0;
    if (m.syntax === 'ubl') return kids(root, 'TaxTotal').filter((t) => !at(t, 'TaxSubtotal')).length !== want;
    return taxTotalAmounts(root).filter((t) => attr(t, 'currencyID') !== m.currency).length !== want;
  }),
  P('R055', 'BT-110/111', ({ model: m, root }) => {
    if (!has(m.tax_currency)) return false;
    const amounts = m.syntax === 'ubl' ? kids(root, 'TaxTotal').flatMap((t) => kids(t, 'TaxAmount')) : taxTotalAmounts(root);
    const inCur = (c: string | undefined) => amounts.filter((a) => attr(a, 'currencyID') === c).map((a) => dec(val(a)) ?? 0n);
    const acc = inCur(m.tax_currency);
    const doc = inCur(m.currency);
    if (m.syntax !== 'ubl' && doc.length === 0) return false;
    // XPath general comparisons: true when some value satisfies the comparison.
    const someLe0 = (xs: bigint[]) => xs.some((x) => x <= 0n);
    const someGe0 = (xs: bigint[]) => xs.some((x) => x >= 0n);
    const someLt0 = (xs: bigint[]) => xs.some((x) => x < 0n);
    if (m.syntax === 'ubl') return !((someLe0(acc) && someLe0(doc)) || (someGe0(acc) && someGe0(doc)));
    return !((someLt0(acc) && someLt0(doc)) || (someGe0(acc) && someGe0(doc)));
  }),
  P('R061', 'BT-89', ({ model: m, root }) => {
    if (m.syntax === 'ubl') return count(kids(root, 'PaymentMeans'), (pm) => ['49', '59'].includes(val(pm, 'PaymentMeansCode') ?? '') && at(pm, 'PaymentMandate/ID') === undefined);
    const s = at(root, 'SupplyChainTradeTransaction/ApplicableHeaderTradeSettlement');
    return count(kids(s, 'SpecifiedTradeSettlementPaymentMeans'), (pm) => ['49', '59'].includes(val(pm, 'TypeCode') ?? '') && at(s, 'SpecifiedTradePaymentTerms/DirectDebitMandateID') === undefined);
  }),
  P('R101', 'BT-128', ({ model: m, root }) => {
    if (m.syntax === 'ubl') return count([...kids(root, 'InvoiceLine'), ...kids(root, 'CreditNoteLine')], (l) => kids(l, 'DocumentReference').length > 0 && !kids(l, 'DocumentReference').some((r) => val(r, 'DocumentTypeCode') === '130'));
    return count(all(root, 'SupplyChainTradeTransaction/IncludedSupplyChainTradeLineItem'), (l) => {
      const refs = all(l, 'SpecifiedLineTradeSettlement/AdditionalReferencedDocument');
      return refs.length > 0 && !refs.some((r) => val(r, 'TypeCode') === '130');
    });
  }),
  P('R110', 'BT-134', ({ model: m }) => (has(m.invoice_period?.start) ? count(cenLines(m), (l) => has(l.period?.start) && l.period!.start! < m.invoice_period!.start!) : 0)),
  P('R111', 'BT-135', ({ model: m }) => (has(m.invoice_period?.end) ? count(cenLines(m), (l) => has(l.period?.end) && l.period!.end! > m.invoice_period!.end!) : 0)),
  P('R120', 'BT-131', ({ model: m }) =>
    count(cenLines(m), (l) => {
      const qty = l.quantity !== undefined ? num(l.quantity) : ONE;
      const price = num(l.price?.net_price);
      const bq = has(l.price?.base_quantity) && num(l.price!.base_quantity) !== 0n ? num(l.price!.base_quantity) : ONE;
      const expected = (qty * ((price * ONE) / bq)) / ONE + lineSum(l.charges) - lineSum(l.allowances);
      return !within(num(l.net_amount), expected, slackOf(m.currency));
    }),
    'warning',
  ),
  P('R121', 'BT-149', ({ model: m, root }) => {
    if (m.syntax === 'ubl') return count(cenLines(m), (l) => has(l.price?.base_quantity) && num(l.price!.base_quantity) <= 0n);
    return count(all(root, 'SupplyChainTradeTransaction/IncludedSupplyChainTradeLineItem/SpecifiedLineTradeAgreement').flatMap((a) => [...kids(a, 'NetPriceProductTradePrice'), ...kids(a, 'GrossPriceProductTradePrice')]), (p) => at(p, 'BasisQuantity') !== undefined && num(val(p, 'BasisQuantity')) <= 0n);
  }),
  P('R130', 'BT-150', ({ model: m, root }) => {
    if (m.syntax === 'ubl') {
      return count([...kids(root, 'InvoiceLine'), ...kids(root, 'CreditNoteLine')], (l) => {
        const bq = at(l, 'Price/BaseQuantity');
        const q = at(l, m.document_kind === 'credit_note' ? 'CreditedQuantity' : 'InvoicedQuantity');
        return attr(bq, 'unitCode') !== undefined && q !== undefined && attr(bq, 'unitCode') !== attr(q, 'unitCode');
      });
    }
    return count(all(root, 'SupplyChainTradeTransaction/IncludedSupplyChainTradeLineItem'), (l) => {
      const unit = attr(at(l, 'SpecifiedLineTradeDelivery/BilledQuantity'), 'unitCode');
      const a = at(l, 'SpecifiedLineTradeAgreement');
      return [at(a, 'NetPriceProductTradePrice/BasisQuantity'), at(a, 'GrossPriceProductTradePrice/BasisQuantity')].some((b) => b !== undefined && attr(b, 'unitCode') !== undefined && attr(b, 'unitCode') !== unit);
    });
  }),
];

function taxTotalAmounts(root: XmlElement): XmlElement[] {
  return all(root, 'SupplyChainTradeTransaction/ApplicableHeaderTradeSettlement/SpecifiedTradeSettlementHeaderMonetarySummation/TaxTotalAmount');
}

function badIndicator(t: string | undefined): boolean {
  return t !== 'true' && t !== 'false';
}
