// Code-list rules (BR-CL-*) and the VAT identifier prefix rule BR-CO-09, per syntax: the
// same code list is checked at the elements each syntax binding names.
import type { XmlElement } from '../../formats/safe-xml.js';
import * as L from '../codes.js';
import { inList } from '../codes.js';
import { all, ancestorsOf, attr, kids, named, parentOf, rawText, val } from '../nav.js';
import type { Rule } from '../rule.js';
import { count, rule } from './util.js';

/** Elements with one of the local names that satisfy pred(element, parent, ancestors). */
function find(root: XmlElement, names: string | string[], pred: (el: XmlElement, parent: XmlElement | null, ancestors: () => XmlElement[]) => boolean = () => true): XmlElement[] {
  const list = typeof names === 'string' ? named(root, names) : named(root, ...names);
  return list.filter((el) => pred(el, parentOf(root, el), () => ancestorsOf(root, el)));
}

const norm = (el: XmlElement) => rawText(el).replace(/\s+/g, ' ').trim();
const textNotIn = (codes: string) => (el: XmlElement) => !inList(codes, norm(el)) || norm(el).includes(' ');
/** VATEX codes are compared in upper case. */
const upperNotIn = (codes: string) => (el: XmlElement) => !inList(codes, norm(el).toUpperCase()) || norm(el).includes(' ');
const attrNotIn = (codes: string, name: string) => (el: XmlElement) => {
  const v = (attr(el, name) ?? '').replace(/\s+/g, ' ').trim();
  return !inList(codes, v);
};
const parentIs = (p: XmlElement | null, local: string) => p?.local === local;

const U = (id: string, about: string, check: Rule['check']) => rule(id, 'error', ['cen-ubl'], about, check);
const C = (id: string, about: string, check: Rule['check']) => rule(id, 'error', ['cen-cii'], about, check);

const UBL_AMOUNTS = new Set(['Amount', 'BaseAmount', 'PriceAmount', 'TaxAmount', 'TaxableAmount', 'LineExtensionAmount', 'TaxExclusiveAmount', 'TaxInclusiveAmount', 'AllowanceTotalAmount', 'ChargeTotalAmount', 'PrepaidAmount', 'PayableRoundingAmount', 'PayableAmount']);
const MIME = (el: XmlElement) => !L.MIME_CODES.split(' ').includes(attr(el, 'mimeCode') ?? '');
/** XPath compares an indicator with true()/false() by casting it: "1" is true, "0" false. */
const indicatorOf = (ac: XmlElement | null, path: string) => {
  const v = ac ? val(ac, path) : undefined;
  return v === '1' ? 'true' : v === '0' ? 'false' : v;
};

export const CODE_RULES: Rule[] = [
  // ---- UBL
  U('BR-CL-01', 'BT-3', ({ root }) =>
    count(kids(root, 'InvoiceTypeCode'), textNotIn(L.UNTDID_1001_UBL_INVOICE)) + count(kids(root, 'CreditNoteTypeCode'), textNotIn(L.UNTDID_1001_UBL_CREDIT_NOTE)),
  ),
  U('BR-CL-03', 'currencyID', ({ root }) => count(find(root, [...UBL_AMOUNTS], (e) => attr(e, 'currencyID') !== undefined), attrNotIn(L.ISO_4217, 'currencyID'))),
  U('BR-CL-04', 'BT-5', ({ root }) => count(kids(root, 'DocumentCurrencyCode'), textNotIn(L.ISO_4217))),
  U('BR-CL-05', 'BT-6', ({ root }) => count(kids(root, 'TaxCurrencyCode'), textNotIn(L.ISO_4217))),
  U('BR-CL-06', 'BT-8', ({ root }) => count(find(root, 'DescriptionCode', (e, p) => parentIs(p, 'InvoicePeriod')), textNotIn(L.UNTDID_2005_UBL))),
  U('BR-CL-07', 'BT-18-1', ({ root }) =>
    count(find(root, 'ID', (e, p) => attr(e, 'schemeID') !== undefined && (parentIs(p, 'AdditionalDocumentReference') || parentIs(p, 'DocumentReference')) && val(p!, 'DocumentTypeCode') === '130'), attrNotIn(L.UNTDID_1153, 'schemeID')),
  ),
  U('BR-CL-08', 'BT-21', ({ root }) =>
    count(kids(root, 'Note'), (n) => {
      const t = rawText(n);
      // A subject code is written as "#CODE#" in front of the note; only notes with one are checked.
      if (!t.includes('#')) return false;
      const code = t.split('#')[1] ?? '';
      return code.length === 3 && !inList(L.UNTDID_4451_UBL, code);
    }),
  ),
  U('BR-CL-10', 'BT-29-1/46-1/60-1', ({ root }) =>
    count(
      find(root, 'ID', (e, p, anc) => parentIs(p, 'PartyIdentification') && attr(e, 'schemeID') !== undefined && !(attr(e, 'schemeID')!.trim() === 'SEPA' && anc().some((a) => a.local === 'AccountingSupplierParty' || a.local === 'PayeeParty'))),
      attrNotIn(L.ISO_6523_ICD, 'schemeID'),
    ),
  ),
  U('BR-CL-11', 'BT-30-1/47-1/61-1', ({ root }) => count(find(root, 'CompanyID', (e, p) => parentIs(p, 'PartyLegalEntity') && attr(e, 'schemeID') !== undefined), attrNotIn(L.ISO_6523_ICD, 'schemeID'))),
  U('BR-CL-13', 'BT-158-1', ({ root }) => count(find(root, 'ItemClassificationCode', (e, p) => parentIs(p, 'CommodityClassification') && attr(e, 'listID') !== undefined), attrNotIn(L.UNTDID_7143, 'listID'))),
  U('BR-CL-14', 'country', ({ root }) => count(find(root, 'IdentificationCode', (e, p) => parentIs(p, 'Country')), textNotIn(L.ISO_3166_UBL))),
  U('BR-CL-15', 'BT-159', ({ root }) => count(find(root, 'IdentificationCode', (e, p) => parentIs(p, 'OriginCountry')), textNotIn(L.ISO_3166_UBL))),
  U('BR-CL-16', 'BT-81', ({ root }) => count(all(root, 'PaymentMeans/PaymentMeansCode'), textNotIn(L.UNTDID_4461))),
  U('BR-CL-17', 'BT-95/102/118', ({ root }) => count(find(root, 'ID', (e, p) => parentIs(p, 'TaxCategory')), textNotIn(L.UNTDID_5305))),
  U('BR-CL-18', 'BT-151', ({ root }) => count(find(root, 'ID', (e, p) => parentIs(p, 'ClassifiedTaxCategory')), textNotIn(L.UNTDID_5305))),
  U('BR-CL-19', 'BT-98/140', ({ root }) => count(find(root, 'AllowanceChargeReasonCode', (e, p) => parentIs(p, 'AllowanceCharge') && indicatorOf(p, 'ChargeIndicator') === 'false'), textNotIn(L.UNTDID_5189))),
  U('BR-CL-20', 'BT-105/145', ({ root }) => count(find(root, 'AllowanceChargeReasonCode', (e, p) => parentIs(p, 'AllowanceCharge') && indicatorOf(p, 'ChargeIndicator') === 'true'), textNotIn(L.UNTDID_7161))),
  U('BR-CL-21', 'BT-157-1', ({ root }) => count(find(root, 'ID', (e, p) => parentIs(p, 'StandardItemIdentification') && attr(e, 'schemeID') !== undefined), attrNotIn(L.ISO_6523_ICD, 'schemeID'))),
  U('BR-CL-22', 'BT-121', ({ root }) => count(find(root, 'TaxExemptionReasonCode'), upperNotIn(L.VATEX))),
  U('BR-CL-23', 'BT-130/150', ({ root }) => count(find(root, ['InvoicedQuantity', 'BaseQuantity', 'CreditedQuantity'], (e) => attr(e, 'unitCode') !== undefined), attrNotIn(L.UNECE_REC20_21, 'unitCode'))),
  U('BR-CL-24', 'BT-125-1', ({ root }) => count(find(root, 'EmbeddedDocumentBinaryObject', (e) => attr(e, 'mimeCode') !== undefined), MIME)),
  U('BR-CL-25', 'BT-34-1/49-1', ({ root }) => count(find(root, 'EndpointID', (e) => attr(e, 'schemeID') !== undefined), attrNotIn(L.CEF_EAS, 'schemeID'))),
  U('BR-CL-26', 'BT-71-1', ({ root }) => count(find(root, 'ID', (e, p) => parentIs(p, 'DeliveryLocation') && attr(e, 'schemeID') !== undefined), attrNotIn(L.ISO_6523_ICD, 'schemeID'))),
  U('BR-CO-09', 'BT-31/48/63', ({ root }) =>
    count(
      find(root, 'PartyTaxScheme', (e) => (val(e, 'TaxScheme/ID') ?? '').toUpperCase() === 'VAT'),
      // The UBL binding looks the two-letter prefix up anywhere in the code string.
      (e) => !` ${L.VAT_PREFIX_UBL} `.includes((val(e, 'CompanyID') ?? '').slice(0, 2)),
    ),
  ),

  // ---- CII
  C('BR-CL-01', 'BT-3', ({ root }) => count(all(root, 'ExchangedDocument/TypeCode'), textNotIn(L.UNTDID_1001_CII))),
  C('BR-CL-03', 'currencyID', ({ root }) => count(find(root, 'TaxTotalAmount', (e) => attr(e, 'currencyID') !== undefined), attrNotIn(L.ISO_4217, 'currencyID'))),
  C('BR-CL-04', 'BT-5', ({ root }) => count(find(root, 'InvoiceCurrencyCode'), textNotIn(L.ISO_4217))),
  C('BR-CL-05', 'BT-6', ({ root }) => count(find(root, 'TaxCurrencyCode'), textNotIn(L.ISO_4217))),
  C('BR-CL-06', 'BT-8', ({ root }) => count(find(root, 'DueDateTypeCode'), textNotIn(L.UNTDID_2475_CII))),
  C('BR-CL-07', 'BT-18-1', ({ root }) => count(find(root, 'ReferenceTypeCode'), textNotIn(L.UNTDID_1153))),
  C('BR-CL-08', 'BT-21', ({ root }) => count(find(root, 'SubjectCode'), textNotIn(L.UNTDID_4451_CII))),
  C('BR-CL-10', 'BT-29-1/46-1/60-1', ({ root }) =>
    count(find(root, 'GlobalID', (e, _p, anc) => attr(e, 'schemeID') !== undefined && !anc().some((a) => a.local === 'SpecifiedTradeProduct' || a.local === 'ShipToTradeParty')), attrNotIn(L.ISO_6523_ICD, 'schemeID')),
  ),
  C('BR-CL-11', 'BT-30-1/47-1/61-1', ({ root }) =>
    count(find(root, 'ID', (e, _p, anc) => e.namespace?.includes('ReusableAggregate') === true && attr(e, 'schemeID') !== undefined && !anc().some((a) => a.local === 'SpecifiedTaxRegistration')), attrNotIn(L.ISO_6523_ICD, 'schemeID')),
  ),
  C('BR-CL-13', 'BT-158-1', ({ root }) => count(find(root, 'ClassCode', (e) => attr(e, 'listID') !== undefined), attrNotIn(L.UNTDID_7143, 'listID'))),
  C('BR-CL-14', 'country', ({ root }) => count(find(root, 'CountryID'), textNotIn(L.ISO_3166_CII))),
  C('BR-CL-15', 'BT-159', ({ root }) => count(find(root, 'ID', (e, p) => parentIs(p, 'OriginTradeCountry')), textNotIn(L.ISO_3166_CII))),
  C('BR-CL-16', 'BT-81', ({ root }) => count(find(root, 'TypeCode', (e, p) => parentIs(p, 'SpecifiedTradeSettlementPaymentMeans')), textNotIn(L.UNTDID_4461))),
  C('BR-CL-17', 'BT-95/102', ({ root }) => count(find(root, 'CategoryCode', (e, p) => parentIs(p, 'CategoryTradeTax')), textNotIn(L.UNTDID_5305))),
  C('BR-CL-18', 'BT-118/151', ({ root }) => count(find(root, 'CategoryCode', (e, p) => parentIs(p, 'ApplicableTradeTax')), textNotIn(L.UNTDID_5305))),
  C('BR-CL-19', 'BT-98/140', ({ root }) => count(find(root, 'ReasonCode', (e, p) => parentIs(p, 'SpecifiedTradeAllowanceCharge') && indicatorOf(p, 'ChargeIndicator/Indicator') === 'false'), textNotIn(L.UNTDID_5189))),
  C('BR-CL-20', 'BT-105/145', ({ root }) => count(find(root, 'ReasonCode', (e, p) => parentIs(p, 'SpecifiedTradeAllowanceCharge') && indicatorOf(p, 'ChargeIndicator/Indicator') === 'true'), textNotIn(L.UNTDID_7161))),
  C('BR-CL-21', 'BT-157-1', ({ root }) => count(find(root, 'GlobalID', (e, p) => parentIs(p, 'SpecifiedTradeProduct') && attr(e, 'schemeID') !== undefined), attrNotIn(L.ISO_6523_ICD, 'schemeID'))),
  C('BR-CL-22', 'BT-121', ({ root }) => count(find(root, 'ExemptionReasonCode'), upperNotIn(L.VATEX))),
  C('BR-CL-23', 'BT-130/150', ({ root }) => count(find(root, ['BasisQuantity', 'BilledQuantity'], (e) => attr(e, 'unitCode') !== undefined), attrNotIn(L.UNECE_REC20_21, 'unitCode'))),
  C('BR-CL-24', 'BT-125-1', ({ root }) => count(find(root, 'AttachmentBinaryObject', (e) => attr(e, 'mimeCode') !== undefined), MIME)),
  C('BR-CL-25', 'BT-34-1/49-1', ({ root }) => count(find(root, 'URIID', (e, p) => parentIs(p, 'URIUniversalCommunication') && attr(e, 'schemeID') !== undefined), attrNotIn(L.CEF_EAS, 'schemeID'))),
  C('BR-CL-26', 'BT-71-1', ({ root }) => count(all(root, 'SupplyChainTradeTransaction/ApplicableHeaderTradeDelivery/ShipToTradeParty/GlobalID').filter((e) => attr(e, 'schemeID') !== undefined), attrNotIn(L.ISO_6523_ICD, 'schemeID'))),
  C('BR-CO-09', 'BT-31/48/63', ({ root }) => count(find(root, 'ID', (e, p) => parentIs(p, 'SpecifiedTaxRegistration') && attr(e, 'schemeID') === 'VA'), (e) => !inList(L.VAT_PREFIX_CII, norm(e).slice(0, 2)))),
];

// ---- XRechnung Extension: scheme identifiers may also use the DiGA codes XR01..XR03.
const DIGA = 'XR01 XR02 XR03';
const ICD_EXT = `${DIGA} ${L.ISO_6523_ICD}`;
const EAS_EXT = `${DIGA} ${L.CEF_EAS}`;
const X = (id: string, about: string, check: Rule['check']) => rule(id, 'error', ['xr-ext'], about, check);

export const EXTENSION_CODE_RULES: Rule[] = [
  X('BR-DEX-04', 'BT-29-1/46-1/60-1', ({ root, model }) =>
    model.syntax === 'ubl'
      ? count(find(root, 'ID', (e, p, anc) => parentIs(p, 'PartyIdentification') && attr(e, 'schemeID') !== undefined && !(attr(e, 'schemeID')!.trim() === 'SEPA' && anc().some((a) => a.local === 'AccountingSupplierParty' || a.local === 'PayeeParty'))), attrNotIn(ICD_EXT, 'schemeID'))
      : count(find(root, 'GlobalID', (e, _p, anc) => attr(e, 'schemeID') !== undefined && !anc().some((a) => a.local === 'SpecifiedTradeProduct' || a.local === 'ShipToTradeParty')), attrNotIn(ICD_EXT, 'schemeID')),
  ),
  X('BR-DEX-05', 'BT-30-1/47-1/61-1', ({ root, model }) =>
    model.syntax === 'ubl'
      ? count(find(root, 'CompanyID', (e, p) => parentIs(p, 'PartyLegalEntity') && attr(e, 'schemeID') !== undefined), attrNotIn(ICD_EXT, 'schemeID'))
      : count(find(root, 'ID', (e, _p, anc) => e.namespace?.includes('ReusableAggregate') === true && attr(e, 'schemeID') !== undefined && !anc().some((a) => a.local === 'SpecifiedTaxRegistration')), attrNotIn(ICD_EXT, 'schemeID')),
  ),
  X('BR-DEX-06', 'BT-157-1', ({ root, model }) =>
    count(find(root, ['ID', 'GlobalID'], (e, p) => (model.syntax === 'ubl' ? e.local === 'ID' && parentIs(p, 'StandardItemIdentification') : e.local === 'GlobalID' && parentIs(p, 'SpecifiedTradeProduct')) && attr(e, 'schemeID') !== undefined), attrNotIn(ICD_EXT, 'schemeID')),
  ),
  X('BR-DEX-07', 'BT-34-1/49-1', ({ root, model }) =>
    count(find(root, ['EndpointID', 'URIID'], (e, p) => (model.syntax === 'ubl' ? e.local === 'EndpointID' : e.local === 'URIID' && parentIs(p, 'URIUniversalCommunication')) && attr(e, 'schemeID') !== undefined), attrNotIn(EAS_EXT, 'schemeID')),
  ),
  X('BR-DEX-08', 'BT-71-1', ({ root, model }) =>
    model.syntax === 'ubl'
      ? count(find(root, 'ID', (e, p) => parentIs(p, 'DeliveryLocation') && attr(e, 'schemeID') !== undefined), attrNotIn(ICD_EXT, 'schemeID'))
      : count(all(root, 'SupplyChainTradeTransaction/ApplicableHeaderTradeDelivery/ShipToTradeParty/GlobalID').filter((e) => attr(e, 'schemeID') !== undefined), attrNotIn(ICD_EXT, 'schemeID')),
  ),
];
