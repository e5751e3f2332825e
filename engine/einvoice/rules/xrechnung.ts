// XRechnung 3.0 CIUS rules (BR-DE-*, BR-TMP-*), the Extension rules (BR-DEX-*) and the CVD
// rules (BR-DE-CVD-*), as the XRechnung Schematron (3098f3d) states them for UBL and CII.
import type { XmlElement } from '../../formats/safe-xml.js';
import type { InvoiceModel } from '../model.js';
import { all, at, attr, kids, rawText, val } from '../nav.js';
import type { Rule, RuleContext } from '../rule.js';
import { inList, UNTDID_7143 } from '../codes.js';
import { ibanChecksumOk } from './iban.js';
import { cenLines, count, has, num, round2, rule } from './util.js';

const XR = ['xr'] as const;
const E = (id: string, about: string, check: Rule['check']) => rule(id, 'error', [...XR], about, check);
const W = (id: string, about: string, check: Rule['check']) => rule(id, 'warning', [...XR], about, check);

const SUPPORTED_VAT = new Set(['S', 'Z', 'E', 'AE', 'K', 'G', 'L', 'M']);
const TYPE_CODES = new Set(['326', '380', '384', '389', '381', '875', '876', '877']);
const SKONTO = /(^|\r?\n)#(SKONTO)#TAGE=([0-9]+#PROZENT=[0-9]+\.[0-9]{2})(#BASISBETRAG=-?[0-9]+\.[0-9]{2})?#$/;
const EMAIL = /^[^@\s]+@([^@.\s]+\.)+[^@.\s]+$/;
const TELEPHONE = /([0-9].*){3,}/;
const URL = /^([a-zA-Z])([a-zA-Z0-9+.-])+:/;

const ciiSettlement = (root: XmlElement) => at(root, 'SupplyChainTradeTransaction/ApplicableHeaderTradeSettlement');

interface Means {
  code: string | undefined;
  payeeAccount: boolean;
  payeeIban: string | undefined;
  card: boolean;
  mandate: boolean;
  payerIban: string | undefined;
  /** CII only: the financial institution elements BR-DE-25-b excludes. */
  institutions: boolean;
}

function means(ctx: RuleContext): Means[] {
  const { root, model } = ctx;
  if (model.syntax === 'ubl') {
    return kids(root, 'PaymentMeans').map((pm) => ({
      code: val(pm, 'PaymentMeansCode'),
      payeeAccount: at(pm, 'PayeeFinancialAccount') !== undefined,
      payeeIban: at(pm, 'PayeeFinancialAccount/ID') ? rawText(at(pm, 'PayeeFinancialAccount/ID')) : undefined,
      card: at(pm, 'CardAccount') !== undefined,
      mandate: at(pm, 'PaymentMandate') !== undefined,
      payerIban: at(pm, 'PaymentMandate/PayerFinancialAccount/ID') ? rawText(at(pm, 'PaymentMandate/PayerFinancialAccount/ID')) : undefined,
      institutions: false,
    }));
  }
  const s = ciiSettlement(root);
  const globalMandate = at(s, 'SpecifiedTradePaymentTerms/DirectDebitMandateID') !== undefined || at(s, 'CreditorReferenceID') !== undefined;
  return kids(s, 'SpecifiedTradeSettlementPaymentMeans').map((pm) => ({
    code: val(pm, 'TypeCode'),
    payeeAccount: at(pm, 'PayeePartyCreditorFinancialAccount') !== undefined,
    payeeIban: at(pm, 'PayeePartyCreditorFinancialAccount/IBANID') ? rawText(at(pm, 'PayeePartyCreditorFinancialAccount/IBANID')) : undefined,
    card: at(pm, 'ApplicableTradeSettlementFinancialCard') !== undefined,
    mandate: globalMandate || at(pm, 'PayerPartyDebtorFinancialAccount/IBANID') !== undefined,
    payerIban: at(pm, 'PayerPartyDebtorFinancialAccount/IBANID') ? rawText(at(pm, 'PayerPartyDebtorFinancialAccount/IBANID')) : undefined,
    institutions: at(pm, 'PayeeSpecifiedCreditorFinancialInstitution') !== undefined || at(pm, 'PayerSpecifiedDebtorFinancialInstitution') !== undefined,
  }));
}

/** The first payment-terms text as written (line breaks matter for BR-DE-18). */
function paymentTermsRaw(ctx: RuleContext): string | undefined {
  if (ctx.model.syntax === 'ubl') {
    const n = at(ctx.root, 'PaymentTerms/Note');
    return n ? rawText(n) : undefined;
  }
  const n = at(ciiSettlement(ctx.root), 'SpecifiedTradePaymentTerms/Description');
  return n ? rawText(n) : undefined;
}

function skontoBroken(text: string | undefined): boolean {
  if (text === undefined) return false;
  const lines = text.split(/\r?\n/).filter((l) => l.trim().startsWith('#'));
  if (lines.length === 0) return false;
  if (!lines.every((l) => SKONTO.test(l.replace(/\s+/g, ' ').trim()))) return true;
  // The text after the last "#…#" segment must begin with a line break.
  const parts = text.split(/#.+#/);
  return !/^\s*\n/.test(parts[parts.length - 1] ?? '');
}

function sellerContactElement(ctx: RuleContext): XmlElement | undefined {
  return ctx.model.syntax === 'ubl' ? at(ctx.root, 'AccountingSupplierParty/Party/Contact') : at(ctx.root, 'SupplyChainTradeTransaction/ApplicableHeaderTradeAgreement/SellerTradeParty/DefinedTradeContact');
}

const vatCategoriesUsed = (m: InvoiceModel) => [...cenLines(m).map((l) => l.vat_category), ...m.allowances.map((a) => a.vat_category), ...m.charges.map((a) => a.vat_category)];

function sepaCreditorId(m: InvoiceModel, root: XmlElement): boolean {
  if (m.syntax === 'ubl') {
    return [...all(root, 'AccountingSupplierParty/Party/PartyIdentification/ID'), ...all(root, 'PayeeParty/PartyIdentification/ID')].some((i) => attr(i, 'schemeID') === 'SEPA');
  }
  return at(ciiSettlement(root), 'CreditorReferenceID') !== undefined;
}

export const XRECHNUNG_RULES: Rule[] = [
  E('BR-DE-1', 'BG-16', ({ model: m }) => !m.payment),
  E('BR-DE-2', 'BG-6', (ctx) => sellerContactElement(ctx) === undefined),
  E('BR-DE-3', 'BT-37', ({ model: m }) => m.seller.address !== undefined && !has(m.seller.address.city)),
  E('BR-DE-4', 'BT-38', ({ model: m }) => m.seller.address !== undefined && !has(m.seller.address.postcode)),
  E('BR-DE-5', 'BT-41', (ctx) => {
    const c = sellerContactElement(ctx);
    if (!c) return false;
    return ctx.model.syntax === 'ubl' ? !has(val(c, 'Name')) : !has(val(c, 'PersonName')) && !has(val(c, 'DepartmentName'));
  }),
  E('BR-DE-6', 'BT-42', (ctx) => sellerContactElement(ctx) !== undefined && !has(ctx.model.seller.contact?.telephone)),
  E('BR-DE-7', 'BT-43', (ctx) => sellerContactElement(ctx) !== undefined && !has(ctx.model.seller.contact?.email)),
  E('BR-DE-8', 'BT-52', ({ model: m }) => m.buyer.address !== undefined && !has(m.buyer.address.city)),
  E('BR-DE-9', 'BT-53', ({ model: m }) => m.buyer.address !== undefined && !has(m.buyer.address.postcode)),
  E('BR-DE-10', 'BT-77', ({ model: m }) => m.delivery?.address !== undefined && !has(m.delivery.address.city)),
  E('BR-DE-11', 'BT-78', ({ model: m }) => m.delivery?.address !== undefined && !has(m.delivery.address.postcode)),
  E('BR-DE-14', 'BT-119', ({ model: m }) => count(m.vat_breakdown, (b) => !has(b.rate))),
  E('BR-DE-15', 'BT-10', ({ model: m }) => !has(m.buyer_reference)),
  E('BR-DE-16', 'BT-31/32/BG-11', ({ model: m }) => vatCategoriesUsed(m).some((c) => c !== undefined && SUPPORTED_VAT.has(c)) && !has(m.seller.vat_id) && !has(m.seller.tax_registration_id) && m.tax_representative === undefined),
  W('BR-DE-17', 'BT-3', ({ model: m }) => !TYPE_CODES.has(m.type_code ?? '')),
  E('BR-DE-18', 'BT-20', (ctx) => skontoBroken(paymentTermsRaw(ctx))),
  W('BR-DE-19', 'BT-84', (ctx) => count(means(ctx), (p) => p.code === '58' && !ibanChecksumOk(p.payeeIban ?? ''))),
  W('BR-DE-20', 'BT-91', (ctx) => count(means(ctx), (p) => p.code === '59' && !ibanChecksumOk(p.payerIban ?? ''))),
  W('BR-DE-21', 'BT-24', ({ profile }) => profile !== 'xrechnung-3.0' && profile !== 'xrechnung-3.0-extension' && profile !== 'xrechnung-cvd'),
  E('BR-DE-22', 'BT-125', ({ model: m, root }) => {
    const names = m.syntax === 'ubl'
      ? kids(root, 'AdditionalDocumentReference').map((r) => attr(at(r, 'Attachment/EmbeddedDocumentBinaryObject'), 'filename'))
      : all(root, 'SupplyChainTradeTransaction/ApplicableHeaderTradeAgreement/AdditionalReferencedDocument').map((r) => attr(at(r, 'AttachmentBinaryObject'), 'filename'));
    const seen = new Set<string>();
    let dup = 0;
    for (const n of names) {
      if (n === undefined) continue;
      if (seen.has(n)) dup++;
      seen.add(n);
    }
    return dup;
  }),
  E('BR-DE-23-a', 'BG-17', (ctx) => count(means(ctx), (p) => (p.code === '30' || p.code === '58') && !p.payeeAccount)),
  E('BR-DE-23-b', 'BG-18/19', (ctx) => count(means(ctx), (p) => (p.code === '30' || p.code === '58') && (p.card || p.mandate))),
  E('BR-DE-24-a', 'BG-18', (ctx) => count(means(ctx), (p) => ['48', '54', '55'].includes(p.code ?? '') && !p.card)),
  E('BR-DE-24-b', 'BG-17/19', (ctx) => count(means(ctx), (p) => ['48', '54', '55'].includes(p.code ?? '') && (p.payeeAccount || p.mandate))),
  E('BR-DE-25-a', 'BG-19', (ctx) => count(means(ctx), (p) => p.code === '59' && !p.mandate)),
  E('BR-DE-25-b', 'BG-17/18', (ctx) => count(means(ctx), (p) => p.code === '59' && (p.payeeAccount || p.card || p.institutions))),
  W('BR-DE-26', 'BG-3', ({ model: m }) => m.type_code === '384' && m.preceding_invoices.length === 0),
  W('BR-DE-27', 'BT-42', (ctx) => sellerContactElement(ctx) !== undefined && !TELEPHONE.test((ctx.model.seller.contact?.telephone ?? '').trim())),
  W('BR-DE-28', 'BT-43', (ctx) => sellerContactElement(ctx) !== undefined && !EMAIL.test((ctx.model.seller.contact?.email ?? '').trim())),
  E('BR-DE-30', 'BT-90', ({ model: m, root }) => {
    if (m.syntax === 'ubl') return kids(root, 'PaymentMeans').some((pm) => at(pm, 'PaymentMandate')) && !sepaCreditorId(m, root);
    const s = ciiSettlement(root);
    const mandate = at(s, 'SpecifiedTradePaymentTerms/DirectDebitMandateID') !== undefined;
    const creditor = at(s, 'CreditorReferenceID') !== undefined;
    const debtor = all(s, 'SpecifiedTradeSettlementPaymentMeans/PayerPartyDebtorFinancialAccount/IBANID').length > 0;
    return !(((mandate || debtor) && creditor) || (!mandate && !creditor && !debtor));
  }),
  E('BR-DE-31', 'BT-91', ({ model: m, root }) => {
    if (m.syntax === 'ubl') return kids(root, 'PaymentMeans').some((pm) => at(pm, 'PaymentMandate')) && !kids(root, 'PaymentMeans').some((pm) => at(pm, 'PaymentMandate/PayerFinancialAccount/ID'));
    const s = ciiSettlement(root);
    const mandate = at(s, 'SpecifiedTradePaymentTerms/DirectDebitMandateID') !== undefined;
    const creditor = at(s, 'CreditorReferenceID') !== undefined;
    const debtor = all(s, 'SpecifiedTradeSettlementPaymentMeans/PayerPartyDebtorFinancialAccount/IBANID').length > 0;
    return !(((mandate || creditor) && debtor) || (!mandate && !creditor && !debtor));
  }),
  rule('BR-DE-TMP-32', 'information', [...XR], 'BT-72/BG-14/BG-26', ({ model: m }) => !has(m.delivery?.actual_delivery_date) && m.invoice_period === undefined && !cenLines(m).every((l) => l.period !== undefined)),
  W('BR-TMP-2', 'BT-124', ({ model: m, root }) => {
    if (m.syntax === 'ubl') return count(all(root, 'AdditionalDocumentReference/Attachment/ExternalReference'), (r) => !URL.test(val(r, 'URI') ?? ''));
    return count(m.supporting_documents, (s) => s.external_uri !== undefined && !URL.test(s.external_uri));
  }),
  rule('BR-TMP-3', 'error', ['xr-cii'], 'BT-149', ({ root }) =>
    count(all(root, 'SupplyChainTradeTransaction/IncludedSupplyChainTradeLineItem'), (li) => {
      const g = at(li, 'SpecifiedLineTradeAgreement/GrossPriceProductTradePrice/BasisQuantity');
      const n = at(li, 'SpecifiedLineTradeAgreement/NetPriceProductTradePrice/BasisQuantity');
      if (!g || !n) return false;
      if (num(val(g)) !== num(val(n))) return true;
      const gu = attr(g, 'unitCode');
      const nu = attr(n, 'unitCode');
      return gu !== undefined && nu !== undefined && gu !== nu;
    }),
  ),
];

// ---- Extension (BR-DEX)
const X = (id: string, about: string, check: Rule['check'], severity: 'error' | 'warning' = 'error') => rule(id, severity, ['xr-ext'], about, check);
const EXT_MIME = new Set(['application/pdf', 'image/png', 'image/jpeg', 'text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/vnd.oasis.opendocument.spreadsheet', 'application/xml']);

function ublSubLines(root: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (el: XmlElement) => {
    for (const s of kids(el, 'SubInvoiceLine')) {
      out.push(s);
      walk(s);
    }
  };
  for (const l of kids(root, 'InvoiceLine')) walk(l);
  return out;
}

export const EXTENSION_RULES: Rule[] = [
  X('BR-DEX-01', 'BT-125-1', ({ model: m }) => count(m.supporting_documents, (s) => s.has_attachment && !EXT_MIME.has(s.attachment_mime_code ?? ''))),
  X('BR-DEX-02', 'BG-DEX-01', ({ model: m, root }) => {
    if (m.syntax !== 'ubl') return false;
    const sumOf = (els: XmlElement[]) => els.reduce((t, e) => t + num(val(e, 'LineExtensionAmount')), 0n);
    const bad = (el: XmlElement) => kids(el, 'SubInvoiceLine').length > 0 && num(val(el, 'LineExtensionAmount')) !== sumOf(kids(el, 'SubInvoiceLine'));
    return count([...kids(root, 'InvoiceLine'), ...ublSubLines(root)], bad);
  }, 'warning'),
  X('BR-DEX-03', 'BG-DEX-01', ({ model: m, root }) => (m.syntax === 'ubl' ? count(ublSubLines(root), (s) => kids(at(s, 'Item'), 'ClassifiedTaxCategory').length !== 1) : 0)),
  X('BR-DEX-09', 'BT-115', ({ model: m, root }) => {
    if (m.syntax !== 'ubl' || !has(m.totals.payable_amount) || !has(m.totals.gross_amount)) return false;
    const third = kids(root, 'PrepaidPayment').reduce((t, p) => t + num(val(p, 'PaidAmount')), 0n);
    return round2(num(m.totals.payable_amount) - num(m.totals.rounding_amount)) !== round2(num(m.totals.gross_amount) - num(m.totals.prepaid_amount) + third);
  }),
  X('BR-DEX-10', 'BT-DEX-001', ({ root }) => count(kids(root, 'PrepaidPayment'), (p) => !has(val(p, 'ID')))),
  X('BR-DEX-11', 'BT-DEX-002', ({ root }) => count(kids(root, 'PrepaidPayment'), (p) => !has(val(p, 'PaidAmount')))),
  X('BR-DEX-12', 'BT-DEX-003', ({ root }) => count(kids(root, 'PrepaidPayment'), (p) => !has(val(p, 'InstructionID')))),
  X('BR-DEX-13', 'BT-DEX-002', ({ root }) => count(kids(root, 'PrepaidPayment'), (p) => /\.\d{3,}$/.test(val(p, 'PaidAmount') ?? ''))),
  X('BR-DEX-14', 'BT-DEX-002', ({ model: m, root }) => count(kids(root, 'PrepaidPayment'), (p) => at(p, 'PaidAmount') !== undefined && attr(at(p, 'PaidAmount'), 'currencyID') !== m.currency)),
  X('BR-DEX-15', 'BT-DEX-004', ({ model: m, root }) => (m.syntax === 'ubl' ? false : all(root, 'SupplyChainTradeTransaction/IncludedSupplyChainTradeLineItem/AssociatedDocumentLineDocument/ParentLineID').length > 0), 'warning'),
];

// ---- CVD (BR-DE-CVD)
const C = (id: string, about: string, check: Rule['check']) => rule(id, 'error', ['xr-cvd'], about, check);
const VEHICLE = new Set(['M1', 'M2', 'M3', 'N1', 'N2', 'N3']);
const CVA = new Set(['clean', 'zero-emission', 'other']);

export const CVD_RULES: Rule[] = [
  C('BR-DE-CVD-01', 'BT-12', ({ model: m }) => !has(m.contract_reference)),
  C('BR-DE-CVD-02', 'BT-17', ({ model: m }) => !has(m.tender_reference)),
  C('BR-DE-CVD-03', 'BG-25', ({ model: m }) => !cenLines(m).some((l) => l.classifications.some((c) => c.scheme === 'CVD') && l.attributes.some((a) => a.name === 'cva'))),
  C('BR-TMP-CVD-01', 'BT-158-1', ({ model: m }) => count(cenLines(m).flatMap((l) => l.classifications), (c) => c.scheme !== undefined && c.scheme.trim() !== 'CVD' && !inList(UNTDID_7143, c.scheme))),
  C('BR-DE-CVD-04', 'BT-158', ({ model: m }) => count(cenLines(m).flatMap((l) => l.classifications), (c) => c.scheme === 'CVD' && !VEHICLE.has(c.value))),
  C('BR-DE-CVD-05', 'BT-161', ({ model: m }) => count(cenLines(m).flatMap((l) => l.attributes), (a) => a.name === 'cva' && !CVA.has(a.value ?? ''))),
  C('BR-DE-CVD-06-a', 'BT-158/160', ({ model: m }) => count(cenLines(m), (l) => l.classifications.some((c) => c.scheme === 'CVD') && l.attributes.filter((a) => a.name === 'cva').length !== 1)),
  C('BR-DE-CVD-06-b', 'BT-158/160', ({ model: m }) => count(cenLines(m), (l) => l.attributes.some((a) => a.name === 'cva') && l.classifications.filter((c) => c.scheme === 'CVD').length !== 1)),
];
