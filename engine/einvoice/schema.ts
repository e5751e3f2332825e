// Structural checks of the syntax: the element order, cardinality and simple datatypes of the
// UBL 2.1 and CII D16B schemas as far as EN 16931 documents use them, and the ZUGFeRD 1.0
// document frame. Encoded as data (ordered child lists per container). Findings are reported
// as schema ids (XSD-*); like KoSIT, any of them rejects the document and the business rules
// are not evaluated. Where the order of two neighbours is not pinned down here they share a
// rank, so a valid document is never rejected for their order.
import type { XmlElement } from '../formats/safe-xml.js';
import { NS, type InvoiceDetection } from './detect.js';
import { rawText } from './nav.js';

export interface SchemaFinding {
  id: 'XSD-UNEXPECTED-ELEMENT' | 'XSD-ELEMENT-ORDER' | 'XSD-MISSING-ELEMENT' | 'XSD-DATATYPE' | 'XSD-NAMESPACE';
}

/** Ordered ranks: each entry is one name or "A|B" names sharing a rank; "!" marks mandatory. */
type Sequence = string[];

const DOC_REFS = 'DespatchDocumentReference|ReceiptDocumentReference|StatementDocumentReference|OriginatorDocumentReference|ContractDocumentReference|AdditionalDocumentReference|ProjectReference|DiscrepancyResponse';

const UBL_INVOICE: Sequence = [
  'UBLExtensions', 'UBLVersionID', 'CustomizationID', 'ProfileID', 'ProfileExecutionID', '!ID', 'CopyIndicator', 'UUID', '!IssueDate', 'IssueTime', 'DueDate',
  'InvoiceTypeCode|Note|TaxPointDate', 'DocumentCurrencyCode', 'TaxCurrencyCode', 'PricingCurrencyCode', 'PaymentCurrencyCode', 'PaymentAlternativeCurrencyCode',
  'AccountingCostCode', 'AccountingCost', 'LineCountNumeric', 'BuyerReference', 'InvoicePeriod', 'OrderReference', 'BillingReference', DOC_REFS, 'Signature',
  '!AccountingSupplierParty', '!AccountingCustomerParty', 'PayeeParty', 'BuyerCustomerParty', 'SellerSupplierParty', 'TaxRepresentativeParty', 'Delivery', 'DeliveryTerms',
  'PaymentMeans', 'PaymentTerms', 'PrepaidPayment', 'AllowanceCharge|TaxExchangeRate|PricingExchangeRate|PaymentExchangeRate|PaymentAlternativeExchangeRate',
  'TaxTotal', 'WithholdingTaxTotal', '!LegalMonetaryTotal', '!InvoiceLine',
];
const UBL_CREDIT_NOTE: Sequence = [
  'UBLExtensions', 'UBLVersionID', 'CustomizationID', 'ProfileID', 'ProfileExecutionID', '!ID', 'CopyIndicator', 'UUID', '!IssueDate', 'IssueTime',
  'CreditNoteTypeCode|Note|TaxPointDate', 'DocumentCurrencyCode', 'TaxCurrencyCode', 'PricingCurrencyCode', 'PaymentCurrencyCode', 'PaymentAlternativeCurrencyCode',
  'AccountingCostCode', 'AccountingCost', 'LineCountNumeric', 'BuyerReference', 'InvoicePeriod', `OrderReference|BillingReference|${DOC_REFS}`, 'Signature',
  '!AccountingSupplierParty', '!AccountingCustomerParty', 'PayeeParty', 'BuyerCustomerParty', 'SellerSupplierParty', 'TaxRepresentativeParty', 'Delivery', 'DeliveryTerms',
  'PaymentMeans', 'PaymentTerms', 'TaxExchangeRate|PricingExchangeRate|PaymentExchangeRate|PaymentAlternativeExchangeRate|AllowanceCharge',
  'TaxTotal', '!LegalMonetaryTotal', '!CreditNoteLine',
];
const UBL_LINE_TAIL = ['Item', 'Price', 'DeliveryTerms'];
const UBL_INVOICE_LINE: Sequence = [
  '!ID', 'UUID', 'Note', '!InvoicedQuantity', '!LineExtensionAmount', 'TaxPointDate', 'AccountingCostCode', 'AccountingCost', 'PaymentPurposeCode', 'FreeOfChargeIndicator',
  'InvoicePeriod', 'OrderLineReference', 'DespatchLineReference', 'ReceiptLineReference', 'BillingReference', 'DocumentReference', 'PricingReference', 'OriginatorParty',
  'Delivery', 'PaymentTerms', 'AllowanceCharge|TaxTotal|WithholdingTaxTotal', '!Item', 'Price', 'DeliveryTerms', 'SubInvoiceLine', 'ItemPriceExtension',
];
const UBL_CREDIT_NOTE_LINE: Sequence = [
  '!ID', 'UUID', 'Note', '!CreditedQuantity', '!LineExtensionAmount', 'TaxPointDate', 'AccountingCostCode', 'AccountingCost', 'PaymentPurposeCode', 'FreeOfChargeIndicator',
  'InvoicePeriod', 'OrderLineReference|DiscrepancyResponse|DespatchLineReference|ReceiptLineReference|BillingReference|DocumentReference', 'PricingReference', 'OriginatorParty',
  'Delivery', 'TaxTotal|AllowanceCharge', ...UBL_LINE_TAIL.map((n) => (n === 'Item' ? '!Item' : n)), 'SubCreditNoteLine', 'ItemPriceExtension',
];
const UBL_ALLOWANCE_CHARGE: Sequence = [
  'ID', '!ChargeIndicator', 'AllowanceChargeReasonCode', 'AllowanceChargeReason', 'MultiplierFactorNumeric', 'PrepaidIndicator', 'SequenceNumeric', '!Amount', 'BaseAmount',
  'AccountingCostCode', 'AccountingCost', 'PerUnitAmount', 'TaxCategory', 'TaxTotal', 'PaymentMeans',
];
const UBL_PRICE: Sequence = ['!PriceAmount', 'BaseQuantity', 'PriceChangeReason', 'PriceTypeCode', 'PriceType', 'OrderableUnitFactorRate', 'ValidityPeriod', 'PriceList', 'AllowanceCharge', 'PricingExchangeRate'];
const UBL_MONETARY_TOTAL: Sequence = ['LineExtensionAmount', 'TaxExclusiveAmount', 'TaxInclusiveAmount', 'AllowanceTotalAmount', 'ChargeTotalAmount', 'PrepaidAmount', 'PayableRoundingAmount', '!PayableAmount', 'PayableAlternativeAmount'];
const UBL_TAX_TOTAL: Sequence = ['!TaxAmount', 'RoundingAmount', 'TaxEvidenceIndicator', 'TaxIncludedIndicator', 'TaxSubtotal'];
const UBL_TAX_SUBTOTAL: Sequence = ['TaxableAmount', '!TaxAmount', 'CalculationSequenceNumeric', 'TransactionCurrencyTaxAmount', 'Percent', 'BaseUnitMeasure', 'PerUnitAmount', 'TierRange', 'TierRatePercent', '!TaxCategory'];
const UBL_TAX_CATEGORY: Sequence = ['ID', 'Name', 'Percent', 'BaseUnitMeasure', 'PerUnitAmount', 'TaxExemptionReasonCode', 'TaxExemptionReason', 'TierRange', 'TierRatePercent', '!TaxScheme'];
const UBL_PERIOD: Sequence = ['StartDate', 'StartTime', 'EndDate', 'EndTime', 'DurationMeasure', 'DescriptionCode', 'Description'];
const UBL_DOCUMENT_REFERENCE: Sequence = ['!ID', 'CopyIndicator', 'UUID', 'IssueDate', 'IssueTime', 'DocumentTypeCode', 'DocumentType', 'XPath', 'LanguageID', 'LocaleCode', 'VersionID', 'DocumentStatusCode', 'DocumentDescription', 'Attachment', 'ValidityPeriod', 'IssuerParty', 'ResultOfVerification'];

const UBL_CONTAINERS: Record<string, Sequence> = {
  InvoiceLine: UBL_INVOICE_LINE,
  SubInvoiceLine: UBL_INVOICE_LINE.map((n) => (n === '!InvoicedQuantity' ? 'InvoicedQuantity' : n)),
  CreditNoteLine: UBL_CREDIT_NOTE_LINE,
  AllowanceCharge: UBL_ALLOWANCE_CHARGE,
  Price: UBL_PRICE,
  LegalMonetaryTotal: UBL_MONETARY_TOTAL,
  TaxTotal: UBL_TAX_TOTAL,
  TaxSubtotal: UBL_TAX_SUBTOTAL,
  TaxCategory: UBL_TAX_CATEGORY,
  ClassifiedTaxCategory: UBL_TAX_CATEGORY.map((n) => (n === '!TaxScheme' ? 'TaxScheme' : n)),
  InvoicePeriod: UBL_PERIOD,
  ContractDocumentReference: UBL_DOCUMENT_REFERENCE,
  AdditionalDocumentReference: UBL_DOCUMENT_REFERENCE,
  DespatchDocumentReference: UBL_DOCUMENT_REFERENCE,
  ReceiptDocumentReference: UBL_DOCUMENT_REFERENCE,
  OriginatorDocumentReference: UBL_DOCUMENT_REFERENCE,
  InvoiceDocumentReference: UBL_DOCUMENT_REFERENCE,
};

const CII_ROOT: Sequence = ['!ExchangedDocumentContext', '!ExchangedDocument', '!SupplyChainTradeTransaction', 'ValuableAttachedDocument'];
const CII_TRANSACTION: Sequence = ['IncludedSupplyChainTradeLineItem', '!ApplicableHeaderTradeAgreement', '!ApplicableHeaderTradeDelivery', '!ApplicableHeaderTradeSettlement'];
const CII_ALLOWANCE_CHARGE: Sequence = ['!ChargeIndicator', 'SequenceNumeric', 'CalculationPercent', 'BasisAmount', 'BasisQuantity', 'ActualAmount', 'ReasonCode', 'Reason', 'CategoryTradeTax', 'ActualTradeCurrencyExchange'];
const ZF1_ROOT: Sequence = ['!SpecifiedExchangedDocumentContext', '!HeaderExchangedDocument', '!SpecifiedSupplyChainTradeTransaction'];

interface Compiled {
  rank: Map<string, number>;
  mandatory: string[];
}
const compiledCache = new Map<Sequence, Compiled>();
function compile(seq: Sequence): Compiled {
  let c = compiledCache.get(seq);
  if (!c) {
    const rank = new Map<string, number>();
    const mandatory: string[] = [];
    seq.forEach((entry, i) => {
      for (const raw of entry.split('|')) {
        const name = raw.replace(/^!/, '');
        if (raw.startsWith('!')) mandatory.push(name);
        rank.set(name, i);
      }
    });
    c = { rank, mandatory };
    compiledCache.set(seq, c);
  }
  return c;
}

function checkSequence(el: XmlElement, seq: Sequence, out: SchemaFinding[]): void {
  const { rank, mandatory } = compile(seq);
  let last = -1;
  const seen = new Set<string>();
  for (const c of el.children) {
    if (c.kind !== 'element') continue;
    const r = rank.get(c.local);
    if (r === undefined) {
      out.push({ id: 'XSD-UNEXPECTED-ELEMENT' });
      continue;
    }
    if (r < last) out.push({ id: 'XSD-ELEMENT-ORDER' });
    last = Math.max(last, r);
    seen.add(c.local);
  }
  for (const m of mandatory) if (!seen.has(m)) out.push({ id: 'XSD-MISSING-ELEMENT' });
}

const DECIMAL = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*$/;
const BOOLEAN = /^\s*(true|false|1|0)\s*$/;
const DATE = /^\s*-?\d{4,}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(Z|[+-]\d{2}:\d{2})?\s*$/;

function ublDatatype(el: XmlElement): boolean {
  if (el.namespace !== NS.cbc) return true;
  const t = rawText(el);
  const n = el.local;
  if (n.endsWith('Indicator')) return BOOLEAN.test(t);
  if (n.endsWith('Amount') || n.endsWith('Quantity') || n.endsWith('Percent') || n.endsWith('Numeric') || n.endsWith('Measure') || n === 'Rate') return DECIMAL.test(t);
  if (n.endsWith('Date')) return DATE.test(t);
  return true;
}

function ciiDatatype(el: XmlElement): boolean {
  const t = rawText(el);
  if (el.namespace === NS.udt && el.local === 'Indicator') return BOOLEAN.test(t);
  if (el.namespace === NS.ram && (el.local.endsWith('Amount') || el.local.endsWith('Quantity') || el.local.endsWith('Percent'))) {
    // Containers of the same name pattern (e.g. ram:…Amount with children) are not values.
    return el.children.some((c) => c.kind === 'element') || DECIMAL.test(t);
  }
  return true;
}

const UBL_NAMESPACES = new Set<string>([NS.cbc, NS.cac, NS.ext]);

export function checkSchema(root: XmlElement, d: InvoiceDetection): SchemaFinding[] {
  const out: SchemaFinding[] = [];
  if (d.syntax === 'ubl') {
    checkSequence(root, root.local === 'CreditNote' ? UBL_CREDIT_NOTE : UBL_INVOICE, out);
    const walk = (el: XmlElement, depth: number) => {
      for (const c of el.children) {
        if (c.kind !== 'element') continue;
        if (depth === 0 && !UBL_NAMESPACES.has(c.namespace ?? '')) out.push({ id: 'XSD-NAMESPACE' });
        // Extension content is any XML: not checked.
        if (c.local === 'UBLExtensions') continue;
        if (c.namespace === NS.cac && UBL_CONTAINERS[c.local]) checkSequence(c, UBL_CONTAINERS[c.local]!, out);
        if (!ublDatatype(c)) out.push({ id: 'XSD-DATATYPE' });
        walk(c, depth + 1);
      }
    };
    walk(root, 0);
  } else if (d.syntax === 'cii') {
    checkSequence(root, CII_ROOT, out);
    for (const c of root.children) if (c.kind === 'element' && c.namespace !== root.namespace) out.push({ id: 'XSD-NAMESPACE' });
    const tx = root.children.find((c): c is XmlElement => c.kind === 'element' && c.local === 'SupplyChainTradeTransaction');
    if (tx) checkSequence(tx, CII_TRANSACTION, out);
    const walk = (el: XmlElement) => {
      for (const c of el.children) {
        if (c.kind !== 'element') continue;
        if (c.local === 'SpecifiedTradeAllowanceCharge' || c.local === 'AppliedTradeAllowanceCharge') checkSequence(c, CII_ALLOWANCE_CHARGE, out);
        if (!ciiDatatype(c)) out.push({ id: 'XSD-DATATYPE' });
        walk(c);
      }
    };
    walk(root);
  } else if (d.syntax === 'zugferd1') {
    checkSequence(root, ZF1_ROOT, out);
    for (const c of root.children) if (c.kind === 'element' && c.namespace !== NS.zf1) out.push({ id: 'XSD-NAMESPACE' });
    const walk = (el: XmlElement) => {
      for (const c of el.children) {
        if (c.kind !== 'element') continue;
        if (!ciiDatatype(c)) out.push({ id: 'XSD-DATATYPE' });
        walk(c);
      }
    };
    walk(root);
  }
  return out;
}
