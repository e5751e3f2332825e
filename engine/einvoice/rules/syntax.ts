// Syntax-binding rules of the CEN artefacts: UBL-SR/UBL-DT/UBL-CR for UBL and
// CII-SR/CII-DT for CII. Most are cardinalities the schemas allow but EN 16931 does not; they
// are data here: (id, context, path, limit).
import type { XmlElement } from '../../formats/safe-xml.js';
import { NS } from '../detect.js';
import { all, ancestorsOf, at, attr, kids, memo, named, parentOf, rawText, val } from '../nav.js';
import type { Rule, RuleContext, Severity } from '../rule.js';
import { count, rule } from './util.js';

type Ctx = (root: XmlElement) => XmlElement[];
const self: Ctx = (r) => [r];
const ublLines: Ctx = (r) => [...kids(r, 'InvoiceLine'), ...kids(r, 'CreditNoteLine')];
const ublPath = (p: string): Ctx => (r) => all(r, p);

/** Every element of the tree whose local name passes pred (indexed by name when possible). */
function descendants(root: XmlElement, pred: (e: XmlElement) => boolean, names?: string[]): XmlElement[] {
  if (names) return named(root, ...names).filter(pred);
  const out: XmlElement[] = [];
  const walk = (el: XmlElement) => {
    for (const c of el.children) {
      if (c.kind !== 'element') continue;
      if (pred(c)) out.push(c);
      walk(c);
    }
  };
  walk(root);
  return out;
}
const namedCtx = (...names: string[]): Ctx => (r) => named(r, ...names);

interface Cardinality {
  id: string;
  context: Ctx;
  path: string;
  max: number;
  filter?: (e: XmlElement) => boolean;
  severity?: Severity;
}

const vatScheme = (e: XmlElement) => (val(e.children.find((c): c is XmlElement => c.kind === 'element' && c.local === 'TaxScheme'), 'ID') ?? '').toUpperCase() === 'VAT';

const UBL_CARDINALITIES: Cardinality[] = [
  { id: 'UBL-SR-01', context: self, path: 'ContractDocumentReference/ID', max: 1 },
  { id: 'UBL-SR-02', context: self, path: 'ReceiptDocumentReference/ID', max: 1 },
  { id: 'UBL-SR-03', context: self, path: 'DespatchDocumentReference/ID', max: 1 },
  { id: 'UBL-SR-05', context: self, path: 'PaymentTerms/Note', max: 1 },
  { id: 'UBL-SR-08', context: self, path: 'InvoicePeriod', max: 1 },
  { id: 'UBL-SR-09', context: self, path: 'AccountingSupplierParty/Party/PartyLegalEntity/RegistrationName', max: 1 },
  { id: 'UBL-SR-10', context: self, path: 'AccountingSupplierParty/Party/PartyName/Name', max: 1 },
  { id: 'UBL-SR-11', context: self, path: 'AccountingSupplierParty/Party/PartyLegalEntity/CompanyID', max: 1 },
  { id: 'UBL-SR-14', context: self, path: 'AccountingSupplierParty/Party/PartyLegalEntity/CompanyLegalForm', max: 1 },
  { id: 'UBL-SR-15', context: self, path: 'AccountingCustomerParty/Party/PartyLegalEntity/RegistrationName', max: 1 },
  { id: 'UBL-SR-16', context: self, path: 'AccountingCustomerParty/Party/PartyIdentification/ID', max: 1 },
  { id: 'UBL-SR-17', context: self, path: 'AccountingCustomerParty/Party/PartyLegalEntity/CompanyID', max: 1 },
  { id: 'UBL-SR-24', context: self, path: 'Delivery', max: 1 },
  { id: 'UBL-SR-39', context: self, path: 'ProjectReference/ID', max: 1 },
  { id: 'UBL-SR-40', context: self, path: 'AccountingCustomerParty/Party/PartyName/Name', max: 1 },
  { id: 'UBL-SR-45', context: self, path: 'PaymentMeans/PaymentDueDate', max: 1 },
  { id: 'UBL-SR-49', context: self, path: 'InvoicePeriod/DescriptionCode', max: 1 },
  { id: 'UBL-SR-54', context: self, path: 'PaymentMeans/CardAccount', max: 1 },
  { id: 'UBL-SR-55', context: self, path: 'PaymentMeans/PaymentMandate', max: 1 },
  { id: 'UBL-SR-56', context: self, path: 'OriginatorDocumentReference/ID', max: 1 },
  { id: 'UBL-SR-34', context: ublLines, path: 'Note', max: 1 },
  { id: 'UBL-SR-35', context: ublLines, path: 'OrderLineReference/LineID', max: 1 },
  { id: 'UBL-SR-36', context: ublLines, path: 'InvoicePeriod', max: 1 },
  { id: 'UBL-SR-37', context: ublLines, path: 'Price/AllowanceCharge/Amount', max: 1 },
  { id: 'UBL-SR-50', context: ublLines, path: 'Item/Description', max: 1 },
  { id: 'UBL-SR-52', context: ublLines, path: 'DocumentReference', max: 1 },
  { id: 'UBL-SR-26', context: ublPath('PaymentMeans'), path: 'PaymentID', max: 1 },
  { id: 'UBL-SR-27', context: ublPath('PaymentMeans'), path: 'PaymentMeansCode', max: 1 },
  { id: 'UBL-SR-28', context: ublPath('PaymentMeans'), path: 'PaymentMandate/ID', max: 1 },
  { id: 'UBL-SR-06', context: ublPath('BillingReference'), path: 'InvoiceDocumentReference', max: 1 },
  { id: 'UBL-SR-22', context: ublPath('TaxRepresentativeParty'), path: 'PartyName/Name', max: 1 },
  { id: 'UBL-SR-23', context: ublPath('TaxRepresentativeParty'), path: 'PartyTaxScheme/CompanyID', max: 1 },
  { id: 'UBL-SR-32', context: ublPath('TaxTotal/TaxSubtotal'), path: 'TaxCategory/TaxExemptionReason', max: 1 },
  { id: 'UBL-SR-51', context: namedCtx('PostalAddress', 'Address'), path: 'AddressLine', max: 1 },
  { id: 'UBL-SR-42', context: ublPath('AccountingSupplierParty/Party'), path: 'PartyTaxScheme', max: 2 },
  { id: 'UBL-SR-33', context: ublPath('AdditionalDocumentReference'), path: 'DocumentDescription', max: 1 },
  { id: 'UBL-SR-25', context: ublPath('Delivery'), path: 'DeliveryParty/PartyName/Name', max: 1 },
  { id: 'UBL-SR-30', context: (r) => named(r, 'AllowanceCharge').filter((e) => val(e, 'ChargeIndicator') === 'false'), path: 'AllowanceChargeReason', max: 1 },
  { id: 'UBL-SR-31', context: (r) => named(r, 'AllowanceCharge').filter((e) => val(e, 'ChargeIndicator') === 'true'), path: 'AllowanceChargeReason', max: 1 },
  { id: 'UBL-SR-12', context: self, path: 'AccountingSupplierParty/Party/PartyTaxScheme', max: 1, filter: (e) => vatScheme(e) && at(e, 'CompanyID') !== undefined },
  { id: 'UBL-SR-13', context: self, path: 'AccountingSupplierParty/Party/PartyTaxScheme', max: 1, filter: (e) => !vatScheme(e) && at(e, 'CompanyID') !== undefined },
  { id: 'UBL-SR-18', context: self, path: 'AccountingCustomerParty/Party/PartyTaxScheme', max: 1, filter: (e) => vatScheme(e) && at(e, 'CompanyID') !== undefined },
  { id: 'UBL-SR-04', context: self, path: 'AdditionalDocumentReference', max: 1, filter: (e) => val(e, 'DocumentTypeCode') === '130' && at(e, 'ID') !== undefined },
  { id: 'UBL-SR-29', context: self, path: '*', max: 1 }, // replaced below
];

const CII_TX = 'SupplyChainTradeTransaction';
const ciiPath = (p: string): Ctx => (r) => all(r, p);
const CII_CARDINALITIES: Cardinality[] = [
  { id: 'CII-SR-455', context: ciiPath(`${CII_TX}/ApplicableHeaderTradeAgreement`), path: 'SellerTradeParty/DefinedTradeContact', max: 1 },
  { id: 'CII-SR-456', context: ciiPath(`${CII_TX}/ApplicableHeaderTradeAgreement`), path: 'BuyerTradeParty/DefinedTradeContact', max: 1 },
  { id: 'CII-SR-459', context: ciiPath(`${CII_TX}/ApplicableHeaderTradeAgreement`), path: 'SellerTradeParty/URIUniversalCommunication', max: 1 },
  { id: 'CII-SR-460', context: ciiPath(`${CII_TX}/ApplicableHeaderTradeAgreement`), path: 'BuyerTradeParty/URIUniversalCommunication', max: 1 },
  { id: 'CII-SR-461', context: ciiPath(`${CII_TX}/ApplicableHeaderTradeSettlement`), path: 'ApplicableTradeTax/TaxPointDate', max: 1 },
  { id: 'CII-SR-441', context: ciiPath(`${CII_TX}/IncludedSupplyChainTradeLineItem/SpecifiedLineTradeAgreement`), path: 'NetPriceProductTradePrice/ChargeAmount', max: 1 },
  { id: 'CII-SR-440', context: ciiPath(`${CII_TX}/IncludedSupplyChainTradeLineItem/SpecifiedLineTradeAgreement/GrossPriceProductTradePrice/AppliedTradeAllowanceCharge`), path: 'ActualAmount', max: 1 },
  { id: 'CII-SR-471', context: namedCtx('SpecifiedTradeAllowanceCharge'), path: 'RateApplicablePercent', max: 1 },
  { id: 'CII-SR-472', context: namedCtx('SpecifiedTradeAllowanceCharge'), path: 'CategoryTradeTax', max: 1 },
  { id: 'CII-SR-473', context: namedCtx('SpecifiedTradeAllowanceCharge'), path: 'ActualAmount', max: 1 },
  { id: 'CII-SR-469', context: ciiPath(`${CII_TX}/ApplicableHeaderTradeSettlement`), path: 'PaymentReference', max: 1 },
  ...['LineTotalAmount', 'ChargeTotalAmount', 'AllowanceTotalAmount', 'TaxBasisTotalAmount', 'RoundingAmount', 'GrandTotalAmount', 'InformationAmount', 'TotalPrepaidAmount', 'TotalDiscountAmount', 'TotalAllowanceChargeAmount', 'DuePayableAmount', 'RetailValueExcludingTaxInformationAmount', 'TotalDepositFeeInformationAmount', 'ProductValueExcludingTobaccoTaxInformationAmount', 'TotalRetailValueInformationAmount', 'GrossLineTotalAmount', 'NetLineTotalAmount', 'NetIncludingTaxesLineTotalAmount'].map(
    (name, i): Cardinality => ({ id: `CII-SR-${477 + i}`, context: ciiPath(`${CII_TX}/ApplicableHeaderTradeSettlement/SpecifiedTradeSettlementHeaderMonetarySummation`), path: name, max: 1 }),
  ),
  { id: 'CII-SR-452', context: ciiPath(`${CII_TX}/ApplicableHeaderTradeSettlement`), path: 'SpecifiedTradePaymentTerms', max: 1, severity: 'warning' },
  { id: 'CII-SR-453', context: ciiPath(`${CII_TX}/ApplicableHeaderTradeSettlement`), path: 'SpecifiedTradePaymentTerms/Description', max: 1, severity: 'warning' },
  { id: 'CII-SR-475', context: ciiPath(`${CII_TX}/ApplicableHeaderTradeAgreement`), path: 'AdditionalReferencedDocument', max: 1, filter: () => true, severity: 'warning' },
];
// CII-SR-475 counts names of attachments (TypeCode 916), not the documents: handled below.
CII_CARDINALITIES.pop();
UBL_CARDINALITIES.pop();

function cardinalityRules(list: Cardinality[], set: 'cen-ubl' | 'cen-cii'): Rule[] {
  return list.map((c) =>
    rule(c.id, c.severity ?? 'error', [set], c.path, ({ root }) =>
      count(c.context(root), (ctx) => {
        const found = all(ctx, c.path);
        return (c.filter ? found.filter(c.filter) : found).length > c.max;
      }),
    ),
  );
}

const U = (id: string, about: string, check: (ctx: RuleContext) => number | boolean, severity: Severity = 'error') => rule(id, severity, ['cen-ubl'], about, check);
const C = (id: string, about: string, check: (ctx: RuleContext) => number | boolean, severity: Severity = 'error') => rule(id, severity, ['cen-cii'], about, check);

const twoDecimalsOnly = (e: XmlElement) => {
  const t = rawText(e).trim();
  const i = t.indexOf('.');
  return i < 0 || t.length - i - 1 <= 2;
};

function ublAmountElements(root: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (el: XmlElement, inPriceAc: boolean) => {
    for (const c of el.children) {
      if (c.kind !== 'element') continue;
      const priceAc = inPriceAc || (c.local === 'AllowanceCharge' && el.local === 'Price');
      if (c.local.endsWith('Amount') && !c.local.endsWith('PriceAmount') && !priceAc) out.push(c);
      walk(c, priceAc);
    }
  };
  walk(root, false);
  return out;
}

export const SYNTAX_RULES: Rule[] = [
  ...cardinalityRules(UBL_CARDINALITIES, 'cen-ubl'),
  U('UBL-SR-29', 'BT-90', ({ root }) => named(root, 'ID').filter((e) => (attr(e, 'schemeID') ?? '').toUpperCase() === 'SEPA' && isPartyIdentification(e, root)).length > 1),
  U('UBL-SR-44', 'BT-83', ({ root }) => new Set(named(root, 'PaymentID').map((e) => rawText(e))).size > 1),
  U('UBL-SR-46', 'BT-82', ({ root }) => all(root, 'PaymentMeans/PaymentMeansCode').filter((e) => attr(e, 'name') !== undefined).length > 1),
  U('UBL-SR-47', 'BT-81', ({ root }) => new Set(named(root, 'PaymentMeansCode').map((e) => rawText(e))).size > 1),
  U('UBL-SR-48', 'BT-151', ({ root }) => count(ublLines(root), (l) => all(l, 'Item/ClassifiedTaxCategory').length !== 1)),
  U('UBL-SR-07', 'BT-25', ({ root }) => count(all(root, 'BillingReference'), (b) => at(b, 'InvoiceDocumentReference/ID') === undefined)),
  ...(['UBL-SR-19', 'UBL-SR-20', 'UBL-SR-21'] as const).map((id, i) =>
    U(id, 'BG-10', ({ root }) =>
      count(kids(root, 'PayeeParty'), (p) => {
        const names = all(p, 'PartyName/Name').map((e) => rawText(e));
        const seller = all(root, 'AccountingSupplierParty/Party/PartyLegalEntity/RegistrationName').map((e) => rawText(e));
        // XPath "!=" over sequences: true when some pair differs; false when either side is empty.
        const differs = names.some((n) => seller.some((s) => s !== n));
        const limit = [all(p, 'PartyName/Name').length, all(p, 'PartyIdentification/ID').filter((e) => (attr(e, 'schemeID') ?? '').toUpperCase() !== 'SEPA').length, all(p, 'PartyLegalEntity/CompanyID').length][i]!;
        return !(limit <= 1 && differs);
      }),
    ),
  ),
  U('UBL-SR-43', 'BG-24', ({ root }) =>
    count(kids(root, 'AdditionalDocumentReference'), (r) => {
      const code = val(r, 'DocumentTypeCode');
      return !(code === '130' || (root.local === 'CreditNote' && code === '50') || (attr(at(r, 'ID'), 'schemeID') === undefined && at(r, 'DocumentTypeCode') === undefined));
    }),
  ),
  U('UBL-SR-53', 'BT-31/32', ({ root }) => count(named(root, 'PartyTaxScheme'), (e) => at(e, 'TaxScheme/ID') === undefined || at(e, 'CompanyID') === undefined)),
  U('UBL-DT-01', 'amounts', ({ root }) => count(ublAmountElements(root), (e) => !twoDecimalsOnly(e))),
  U('UBL-DT-06', 'BT-125', ({ root }) => count(descendants(root, (e) => e.local.endsWith('BinaryObject')), (e) => attr(e, 'mimeCode') === undefined)),
  U('UBL-DT-07', 'BT-125', ({ root }) => count(descendants(root, (e) => e.local.endsWith('BinaryObject')), (e) => attr(e, 'filename') === undefined)),
  U('UBL-CR-646', 'BG-DEX-01', ({ root }) => ublLines(root).some((l) => kids(l, 'SubInvoiceLine').length > 0), 'warning'),
  U('UBL-CR-666', 'BT-18', ({ root }) => kids(root, 'AdditionalDocumentReference').some((r) => val(r, 'DocumentTypeCode') === '130' && at(r, 'Attachment') !== undefined)),
  U('UBL-CR-673', 'BT-18', ({ root }) => kids(root, 'AdditionalDocumentReference').some((r) => val(r, 'DocumentTypeCode') === '130' && at(r, 'DocumentDescription') !== undefined)),
  U('UBL-CR-470', 'PrepaidPayment', ({ root }) => kids(root, 'PrepaidPayment').length > 0, 'warning'),
  U('UBL-CR-434', 'CreditAccount', ({ root }) => all(root, 'PaymentMeans/CreditAccount').length > 0, 'warning'),
  U('UBL-CR-528', 'OrderReference', ({ root }) => ublLines(root).some((l) => at(l, 'OrderLineReference/OrderReference') !== undefined), 'warning'),
  U('UBL-CR-678', 'TaxCategory/ID/@schemeID', ({ root }) => named(root, 'TaxCategory').some((t) => attr(at(t, 'ID'), 'schemeID') !== undefined), 'warning'),
  U('UBL-CR-679', 'ClassifiedTaxCategory/ID/@schemeID', ({ root }) => named(root, 'ClassifiedTaxCategory').some((t) => attr(at(t, 'ID'), 'schemeID') !== undefined), 'warning'),

  ...cardinalityRules(CII_CARDINALITIES, 'cen-cii'),
  C('CII-SR-009', 'BT-24', ({ root }) => kids(at(root, 'ExchangedDocumentContext'), 'GuidelineSpecifiedDocumentContextParameter').length !== 1),
  C('CII-SR-010', 'BT-24', ({ root }) => all(root, 'ExchangedDocumentContext/GuidelineSpecifiedDocumentContextParameter/ID').length !== 1),
  C('CII-SR-014', 'BT-3', ({ root }) => kids(at(root, 'ExchangedDocument'), 'TypeCode').length !== 1),
  C('CII-SR-046', 'BT-157', ({ root }) => count(all(root, `${CII_TX}/IncludedSupplyChainTradeLineItem/SpecifiedTradeProduct/GlobalID`), (g) => attr(g, 'schemeID') === undefined) > 0),
  C('CII-SR-090', 'BT-159', ({ root }) => count(all(root, `${CII_TX}/IncludedSupplyChainTradeLineItem/SpecifiedTradeProduct/OriginTradeCountry`), (o) => kids(o, 'ID').length !== 1)),
  C('CII-SR-069', 'BT-160', ({ root }) => count(all(root, `${CII_TX}/IncludedSupplyChainTradeLineItem/SpecifiedTradeProduct/ApplicableProductCharacteristic`), (c) => kids(c, 'Description').length !== 1)),
  C('CII-SR-072', 'BT-161', ({ root }) => count(all(root, `${CII_TX}/IncludedSupplyChainTradeLineItem/SpecifiedTradeProduct/ApplicableProductCharacteristic`), (c) => kids(c, 'Value').length !== 1)),
  C('CII-SR-439', 'BT-146', ({ root }) => count(all(root, `${CII_TX}/IncludedSupplyChainTradeLineItem/SpecifiedLineTradeAgreement`), (a) => all(a, 'NetPriceProductTradePrice/ChargeAmount').length !== 1)),
  C('CII-SR-463', 'ChargeIndicator', ({ root }) => count(named(root, 'SpecifiedTradeAllowanceCharge'), (a) => at(a, 'ChargeIndicator') === undefined)),
  C('CII-SR-462', 'BT-8', ({ root }) => new Set(named(root, 'DueDateTypeCode').filter((e) => isApplicableTradeTaxChild(e, root)).map((e) => rawText(e))).size > 1),
  C('CII-SR-467', 'BT-81', ({ root }) => new Set(all(root, `${CII_TX}/ApplicableHeaderTradeSettlement/SpecifiedTradeSettlementPaymentMeans/TypeCode`).map((e) => rawText(e).replace(/\s+/g, ' ').trim())).size > 1),
  C('CII-SR-468', 'BT-82', ({ root }) => new Set(all(root, `${CII_TX}/ApplicableHeaderTradeSettlement/SpecifiedTradeSettlementPaymentMeans/Information`).map((e) => rawText(e).replace(/\s+/g, ' ').trim())).size > 1),
  C('CII-SR-470', 'BT-84', ({ root }) => count(all(root, `${CII_TX}/ApplicableHeaderTradeSettlement/SpecifiedTradeSettlementPaymentMeans`), (pm) => ['30', '58'].includes(val(pm, 'TypeCode') ?? '') && !at(pm, 'PayeePartyCreditorFinancialAccount/IBANID') && !at(pm, 'PayeePartyCreditorFinancialAccount/ProprietaryID'))),
  C('CII-DT-024', 'BT-18-1', ({ root }) => count(descendants(root, (e) => e.local.endsWith('ReferencedDocument')), (e) => at(e, 'ReferenceTypeCode') !== undefined && !(e.local === 'AdditionalReferencedDocument' && val(e, 'TypeCode') === '130'))),
  C('CII-SR-454', 'BT-151', ({ root }) => count(all(root, `${CII_TX}/IncludedSupplyChainTradeLineItem/SpecifiedLineTradeSettlement`), (s) => kids(s, 'ApplicableTradeTax').length !== 1), 'warning'),
  C('CII-SR-464', 'BG-19', ({ root }) => all(root, `${CII_TX}/ApplicableHeaderTradeSettlement/SpecifiedTradeSettlementPaymentMeans/PayerSpecifiedDebtorFinancialInstitution`).length > 0, 'warning'),
  C('CII-SR-465', 'BT-41', ({ root }) => all(root, `${CII_TX}/ApplicableHeaderTradeAgreement/SellerTradeParty/DefinedTradeContact/PersonName`).length > 0 && all(root, `${CII_TX}/ApplicableHeaderTradeAgreement/SellerTradeParty/DefinedTradeContact/DepartmentName`).length > 0, 'warning'),
  C('CII-SR-466', 'BT-56', ({ root }) => all(root, `${CII_TX}/ApplicableHeaderTradeAgreement/BuyerTradeParty/DefinedTradeContact/PersonName`).length > 0 && all(root, `${CII_TX}/ApplicableHeaderTradeAgreement/BuyerTradeParty/DefinedTradeContact/DepartmentName`).length > 0, 'warning'),
  C('CII-SR-475', 'BT-123', ({ root }) => all(root, `${CII_TX}/ApplicableHeaderTradeAgreement/AdditionalReferencedDocument`).filter((r) => val(r, 'TypeCode') === '916').flatMap((r) => kids(r, 'Name')).length > 1, 'warning'),
  C('CII-SR-351', 'InvoiceeTradeParty', ({ root }) => all(root, `${CII_TX}/ApplicableHeaderTradeSettlement/InvoiceeTradeParty`).length > 0, 'warning'),
];

function isPartyIdentification(e: XmlElement, root: XmlElement): boolean {
  return parentOf(root, e)?.local === 'PartyIdentification';
}

function isApplicableTradeTaxChild(e: XmlElement, root: XmlElement): boolean {
  return parentOf(root, e)?.local === 'ApplicableTradeTax';
}

// ---- CII data-type restrictions (CII-DT): attributes and children the CII binding of
// EN 16931 does not allow, as data: (id, which elements, what must be absent).
interface Restriction {
  id: string;
  elements: (root: XmlElement) => XmlElement[];
  /** Forbidden attribute, or a test returning true when the element breaks the rule. */
  attribute?: string;
  broken?: (el: XmlElement, root: XmlElement) => boolean;
}

const isRam = (e: XmlElement) => e.namespace === NS.ram;
const DT_001_PATHS = ['ExchangedDocumentContext/GuidelineSpecifiedDocumentContextParameter/ID', 'ExchangedDocument/ID', 'SupplyChainTradeTransaction/IncludedSupplyChainTradeLineItem/AssociatedDocumentLineDocument/LineID', 'SupplyChainTradeTransaction/IncludedSupplyChainTradeLineItem/SpecifiedTradeProduct/SellerAssignedID'];
const dt001 = (root: XmlElement) => memo(root, 'dt001', () => DT_001_PATHS.flatMap((p) => all(root, p)));
/** ram elements by name suffix, from one walk per document. */
const ramBySuffix = (root: XmlElement, suffix: string): XmlElement[] =>
  memo(root, `ram-suffix:${suffix}`, () => descendants(root, (c) => isRam(c) && c.local.endsWith(suffix)));
const ramEndingWith = (suffix: string, except?: (e: XmlElement) => boolean) => (root: XmlElement) => (except ? ramBySuffix(root, suffix).filter((e) => !except(e)) : ramBySuffix(root, suffix));
const hasChild = (name: string) => (el: XmlElement) => kids(el, name).length > 0;
const refDocs = ramEndingWith('ReferencedDocument');
const typeCodeIs = (el: XmlElement, ...codes: string[]) => codes.includes(val(el, 'TypeCode') ?? '');
const isAdditional = (el: XmlElement) => el.local === 'AdditionalReferencedDocument';

const CII_RESTRICTIONS: Restriction[] = [
  ...['schemeName', 'schemeAgencyName', 'schemeDataURI', 'schemeURI', 'schemeID', 'schemeAgencyID', 'schemeVersionID'].map((a, i): Restriction => ({ id: `CII-DT-00${i + 1}`, elements: dt001, attribute: a })),
  ...['schemeName', 'schemeAgencyName', 'schemeDataURI', 'schemeURI'].map((a, i): Restriction => ({
    id: `CII-DT-10${i + 1}`,
    elements: (root) =>
      memo(root, 'dt101', () => {
        const first = new Set(dt001(root));
        return ramBySuffix(root, 'ID').filter((e) => !first.has(e));
      }),
    attribute: a,
  })),
  { id: 'CII-DT-008', elements: (r) => named(r, 'TypeCode').filter(isRam), attribute: 'name' },
  { id: 'CII-DT-009', elements: (r) => named(r, 'TypeCode').filter(isRam), attribute: 'listURI' },
  { id: 'CII-DT-013', elements: (r) => [r], attribute: 'languageID' },
  { id: 'CII-DT-014', elements: (r) => [r], attribute: 'languageLocaleID' },
  { id: 'CII-DT-015', elements: refDocs, broken: (e) => hasChild('URIID')(e) && !(isAdditional(e) && typeCodeIs(e, '916')) },
  { id: 'CII-DT-016', elements: refDocs, broken: hasChild('StatusCode') },
  { id: 'CII-DT-017', elements: refDocs, broken: hasChild('CopyIndicator') },
  { id: 'CII-DT-018', elements: refDocs, broken: (e) => hasChild('TypeCode')(e) && !(isAdditional(e) && typeCodeIs(e, '50', '130', '916')) },
  { id: 'CII-DT-019', elements: refDocs, broken: hasChild('GlobalID') },
  { id: 'CII-DT-020', elements: refDocs, broken: hasChild('RevisionID') },
  { id: 'CII-DT-021', elements: refDocs, broken: (e) => hasChild('Name')(e) && !(isAdditional(e) && typeCodeIs(e, '916')) },
  { id: 'CII-DT-022', elements: refDocs, broken: (e) => hasChild('AttachmentBinaryObject')(e) && !(isAdditional(e) && typeCodeIs(e, '916')) },
  { id: 'CII-DT-023', elements: refDocs, broken: hasChild('Information') },
  { id: 'CII-DT-025', elements: refDocs, broken: hasChild('SectionName') },
  { id: 'CII-DT-026', elements: refDocs, broken: hasChild('PreviousRevisionID') },
  { id: 'CII-DT-027', elements: refDocs, broken: (e) => hasChild('FormattedIssueDateTime')(e) && e.local !== 'InvoiceReferencedDocument' },
  { id: 'CII-DT-028', elements: refDocs, broken: hasChild('EffectiveSpecifiedPeriod') },
  { id: 'CII-DT-029', elements: refDocs, broken: hasChild('IssuerTradeParty') },
  { id: 'CII-DT-030', elements: refDocs, broken: hasChild('AttachedSpecifiedBinaryFile') },
  { id: 'CII-DT-031', elements: ramEndingWith('Amount', (e) => e.local === 'TaxTotalAmount'), attribute: 'currencyID' },
  { id: 'CII-DT-032', elements: ramEndingWith('Amount', (e) => e.local === 'TaxTotalAmount'), attribute: 'currencyCodeListVersionID' },
  {
    id: 'CII-DT-033',
    elements: ramEndingWith('Quantity'),
    // A unit code is allowed when some line quantity carries one.
    broken: (e, root) => attr(e, 'unitCode') !== undefined && !memo(root, 'billed-unit', () => all(root, 'SupplyChainTradeTransaction/IncludedSupplyChainTradeLineItem/SpecifiedLineTradeDelivery/BilledQuantity').some((q) => attr(q, 'unitCode') !== undefined)),
  },
  { id: 'CII-DT-034', elements: ramEndingWith('Quantity'), attribute: 'unitCodeListID' },
  { id: 'CII-DT-035', elements: ramEndingWith('Quantity'), attribute: 'unitCodeListAgencyID' },
  { id: 'CII-DT-036', elements: ramEndingWith('Quantity'), attribute: 'unitCodeListAgencyName' },
  { id: 'CII-DT-037', elements: ramEndingWith('TradeTax'), broken: (e) => hasChild('TypeCode')(e) && val(e, 'TypeCode') !== 'VAT' },
  ...['DurationMeasure', 'InclusiveIndicator', 'Description', 'CompleteDateTime', 'OpenIndicator', 'SeasonCode', 'ID', 'Name', 'SequenceNumeric', 'StartDateFlexibilityCode', 'ContinuousIndicator', 'PurposeCode'].map(
    (child, i): Restriction => ({ id: `CII-DT-0${[69, 70, 71, 73, 74, 75, 76, 77, 78, 79, 80, 81][i]}`, elements: (r) => named(r, 'BillingSpecifiedPeriod'), broken: hasChild(child) }),
  ),
  { id: 'CII-DT-068', elements: (r) => named(r, 'BillingSpecifiedPeriod'), broken: (e) => all(e, 'StartDateTime/DateTime').length > 0 },
  { id: 'CII-DT-072', elements: (r) => named(r, 'BillingSpecifiedPeriod'), broken: (e) => all(e, 'EndDateTime/DateTime').length > 0 },
  ...['ID', 'PostOfficeBox', 'BuildingName', 'LineFour', 'LineFive', 'StreetName', 'CitySubDivisionName', 'CountryName', 'CountrySubDivisionID', 'AttentionOf', 'CareOf', 'BuildingNumber', 'DepartmentName', 'AdditionalStreetName'].map(
    (child, i): Restriction => ({ id: `CII-DT-0${[82, 83, 84, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96][i]}`, elements: (r) => named(r, 'PostalTradeAddress'), broken: hasChild(child) }),
  ),
  {
    id: 'CII-DT-097',
    elements: (r) => named(r, 'DateTimeString').filter((e) => attr(e, 'format') === '102'),
    broken: (e) => !/^\s*\d{4}(1[0-2]|0[1-9])(3[01]|[12][0-9]|0[1-9])\s*$/.test(rawText(e)),
  },
];

// Warnings: parts of the tax elements EN 16931 does not use.
const tradeTax = ramEndingWith('TradeTax');
const underHeaderSettlement = (el: XmlElement, root: XmlElement) => ancestorsOf(root, el).some((a) => a.local === 'ApplicableHeaderTradeSettlement');
const lineCategoryCodes = (root: XmlElement) => all(root, 'SupplyChainTradeTransaction/IncludedSupplyChainTradeLineItem/SpecifiedLineTradeSettlement/ApplicableTradeTax/CategoryCode');
const CII_TAX_WARNINGS: Restriction[] = [
  ...([['038', 'CalculatedRate'], ['039', 'CalculationSequenceNumeric'], ['040', 'BasisQuantity'], ['042', 'UnitBasisAmount'], ['043', 'LineTotalBasisAmount'], ['044', 'AllowanceChargeBasisAmount'], ['049', 'CurrencyCode'], ['050', 'Jurisdiction'], ['051', 'CustomsDutyIndicator'], ['053', 'TaxBasisAllowanceRate'], ['055', 'Type'], ['056', 'InformationAmount'], ['057', 'CategoryName'], ['060', 'SpecifiedTradeAccountingAccount'], ['061', 'ServiceSupplyTradeCountry'], ['062', 'BuyerRepayableTaxSpecifiedTradeAccountingAccount'], ['063', 'SellerPayableTaxSpecifiedTradeAccountingAccount'], ['064', 'SellerRefundableTaxSpecifiedTradeAccountingAccount'], ['065', 'BuyerDeductibleTaxSpecifiedTradeAccountingAccount'], ['066', 'BuyerNonDeductibleTaxSpecifiedTradeAccountingAccount'], ['067', 'PlaceApplicableTradeLocation']] as const).map(
    ([n, child]): Restriction => ({ id: `CII-DT-${n}`, elements: tradeTax, broken: hasChild(child) }),
  ),
  { id: 'CII-DT-041', elements: tradeTax, broken: (e, root) => hasChild('BasisAmount')(e) && !underHeaderSettlement(e, root) },
  { id: 'CII-DT-052', elements: tradeTax, broken: (e) => hasChild('ExemptionReasonCode')(e) && e.local !== 'ApplicableTradeTax' },
  { id: 'CII-DT-098', elements: tradeTax, broken: (e) => hasChild('ExemptionReason')(e) && e.local !== 'ApplicableTradeTax' },
  { id: 'CII-DT-054', elements: tradeTax, broken: (e, root) => hasChild('TaxPointDate')(e) && !underHeaderSettlement(e, root) },
  { id: 'CII-DT-058', elements: tradeTax, broken: (e, root) => hasChild('DueDateTypeCode')(e) && !underHeaderSettlement(e, root) },
  { id: 'CII-DT-059', elements: tradeTax, broken: (e) => kids(e, 'RateApplicablePercent').some((r) => attr(r, 'format') !== undefined) },
  ...(['listID', 'listAgencyID', 'listVersionID', 'listURI'] as const).map((a, i): Restriction => ({ id: `CII-DT-04${5 + i}`, elements: lineCategoryCodes, attribute: a })),
];

export const CII_TAX_WARNING_RULES: Rule[] = CII_TAX_WARNINGS.map((r) =>
  rule(r.id, 'warning', ['cen-cii'], r.attribute ? `@${r.attribute}` : 'structure', ({ root }) =>
    count(r.elements(root), (el) => (r.attribute ? attr(el, r.attribute) !== undefined : r.broken!(el, root))),
  ),
);

export const CII_RESTRICTION_RULES: Rule[] = CII_RESTRICTIONS.map((r) =>
  rule(r.id, 'error', ['cen-cii'], r.attribute ? `@${r.attribute}` : 'structure', ({ root }) =>
    count(r.elements(root), (el) => (r.attribute ? attr(el, r.attribute) !== undefined : r.broken!(el, root))),
  ),
);

export const CII_EXTRA_RULES: Rule[] = [
  rule('BR-51', 'error', ['cen-cii'], 'BT-87', ({ root }) => count(named(root, 'ApplicableTradeSettlementFinancialCard'), (c) => (val(c, 'ID') ?? '').length > 10)),
  rule('BR-51', 'warning', ['cen-ubl'], 'BT-87', ({ root }) => count(all(root, 'PaymentMeans/CardAccount/PrimaryAccountNumberID'), (e) => rawText(e).replace(/\s+/g, ' ').trim().length > 10)),
];

// ---- UBL attributes EN 16931 does not use (warnings), and the Italian split payment (B).
const UBL_UNUSED_ATTRIBUTES: Array<[string, string]> = [
  ['UBL-DT-08', 'schemeName'], ['UBL-DT-09', 'schemeAgencyName'], ['UBL-DT-10', 'schemeDataURI'], ['UBL-DT-11', 'schemeURI'], ['UBL-DT-12', 'format'],
  ['UBL-DT-13', 'unitCodeListIdentifier'], ['UBL-DT-14', 'unitCodeListAgencyIdentifier'], ['UBL-DT-15', 'unitCodeListAgencyName'], ['UBL-DT-16', 'listAgencyName'],
  ['UBL-DT-17', 'listName'], ['UBL-DT-19', 'languageID'], ['UBL-DT-20', 'listURI'], ['UBL-DT-21', 'listSchemeURI'], ['UBL-DT-22', 'languageLocaleID'], ['UBL-DT-23', 'uri'],
  ['UBL-DT-24', 'currencyCodeListVersionID'], ['UBL-DT-25', 'characterSetCode'], ['UBL-DT-26', 'encodingCode'], ['UBL-DT-27', 'schemeAgencyID'], ['UBL-DT-28', 'listAgencyID'],
];

/** Unprefixed attribute names in use, per document, with the elements carrying each. */
const attributeIndex = new WeakMap<XmlElement, Map<string, XmlElement[]>>();
function attributesOf(root: XmlElement): Map<string, XmlElement[]> {
  let idx = attributeIndex.get(root);
  if (!idx) {
    idx = new Map();
    const stack: XmlElement[] = [root];
    while (stack.length > 0) {
      const el = stack.pop()!;
      for (const a of el.attributes) {
        if (a.prefix !== null) continue;
        let list = idx.get(a.local);
        if (!list) idx.set(a.local, (list = []));
        list.push(el);
      }
      for (const c of el.children) if (c.kind === 'element') stack.push(c);
    }
    attributeIndex.set(root, idx);
  }
  return idx;
}

function anyAttribute(root: XmlElement, name: string, skip?: (e: XmlElement) => boolean): boolean {
  return (attributesOf(root).get(name) ?? []).some((el) => !(skip?.(el) ?? false));
}

const categoryCodes = (root: XmlElement, syntax: string) =>
  syntax === 'ubl' ? [...named(root, 'TaxCategory'), ...named(root, 'ClassifiedTaxCategory')].map((t) => val(t, 'ID')) : named(root, 'CategoryCode').map((c) => val(c));

export const MORE_SYNTAX_RULES: Rule[] = [
  ...UBL_UNUSED_ATTRIBUTES.map(([id, name]) => rule(id, 'warning', ['cen-ubl'], `@${name}`, ({ root }) => anyAttribute(root, name))),
  rule('UBL-DT-18', 'warning', ['cen-ubl'], '@name', ({ root }) => anyAttribute(root, 'name', (e) => e.local === 'PaymentMeansCode')),
  // B (split payment) is Italian: every country code must be IT, and it never mixes with S.
  rule('BR-B-01', 'error', ['cen'], 'BT-118', ({ root, model }) => {
    if (!categoryCodes(root, model.syntax).includes('B')) return false;
    const countries = model.syntax === 'ubl' ? named(root, 'IdentificationCode').filter((e) => parentOf(root, e)?.local === 'Country') : named(root, 'CountryID');
    return countries.some((c) => val(c) !== 'IT');
  }),
  rule('BR-B-02', 'error', ['cen'], 'BT-118', ({ root, model }) => {
    const codes = categoryCodes(root, model.syntax);
    return codes.includes('B') && codes.includes('S');
  }),
];
