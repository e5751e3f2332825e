// UN/CEFACT CII D16B (and its predecessor ZUGFeRD 1.0, which uses other container names for
// the same content) → EN 16931 semantic model.
import type { XmlElement } from '../formats/safe-xml.js';
import type { AllowanceCharge, Identifier, InvoiceLine, InvoiceModel, Party, PaymentInstructions, Period, PostalAddress, SupportingDocument } from './model.js';
import { all, at, attr, ident, kids, val } from './nav.js';

interface Names {
  context: string;
  document: string;
  transaction: string;
  agreement: string;
  delivery: string;
  settlement: string;
  lineAgreement: string;
  lineDelivery: string;
  lineSettlement: string;
  headerSummation: string;
  rate: string;
}

const D16B: Names = {
  context: 'ExchangedDocumentContext',
  document: 'ExchangedDocument',
  transaction: 'SupplyChainTradeTransaction',
  agreement: 'ApplicableHeaderTradeAgreement',
  delivery: 'ApplicableHeaderTradeDelivery',
  settlement: 'ApplicableHeaderTradeSettlement',
  lineAgreement: 'SpecifiedLineTradeAgreement',
  lineDelivery: 'SpecifiedLineTradeDelivery',
  lineSettlement: 'SpecifiedLineTradeSettlement',
  headerSummation: 'SpecifiedTradeSettlementHeaderMonetarySummation',
  rate: 'RateApplicablePercent',
};

const ZF1: Names = {
  context: 'SpecifiedExchangedDocumentContext',
  document: 'HeaderExchangedDocument',
  transaction: 'SpecifiedSupplyChainTradeTransaction',
  agreement: 'ApplicableSupplyChainTradeAgreement',
  delivery: 'ApplicableSupplyChainTradeDelivery',
  settlement: 'ApplicableSupplyChainTradeSettlement',
  lineAgreement: 'SpecifiedSupplyChainTradeAgreement',
  lineDelivery: 'SpecifiedSupplyChainTradeDelivery',
  lineSettlement: 'SpecifiedSupplyChainTradeSettlement',
  headerSummation: 'SpecifiedTradeSettlementMonetarySummation',
  rate: 'ApplicablePercent',
};

/** CII dates are yyyymmdd with format 102; the model carries ISO dates. */
function ciiDate(el: XmlElement | undefined): string | undefined {
  const v = val(el);
  if (v === undefined) return undefined;
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(v);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : v;
}

function address(el: XmlElement | undefined): PostalAddress | undefined {
  if (!el) return undefined;
  return {
    line1: val(el, 'LineOne'),
    line2: val(el, 'LineTwo'),
    line3: val(el, 'LineThree'),
    city: val(el, 'CityName'),
    postcode: val(el, 'PostcodeCode'),
    subdivision: val(el, 'CountrySubDivisionName'),
    country_code: val(el, 'CountryID'),
  };
}

function party(p: XmlElement | undefined): Party {
  const out: Party = { identifiers: [] };
  if (!p) return out;
  for (const id of [...kids(p, 'ID'), ...kids(p, 'GlobalID')]) {
    const i = ident(id);
    if (i) out.identifiers.push(i);
  }
  out.name = val(p, 'Name');
  out.legal_form = val(p, 'Description');
  const legal = at(p, 'SpecifiedLegalOrganization');
  out.legal_registration_id = ident(at(legal, 'ID'));
  out.trading_name = val(legal, 'TradingBusinessName');
  const c = at(p, 'DefinedTradeContact');
  if (c) {
    out.contact = {
      name: val(c, 'PersonName') ?? val(c, 'DepartmentName'),
      telephone: val(c, 'TelephoneUniversalCommunication/CompleteNumber'),
      email: val(c, 'EmailURIUniversalCommunication/URIID'),
    };
  }
  out.address = address(at(p, 'PostalTradeAddress'));
  out.electronic_address = ident(at(p, 'URIUniversalCommunication/URIID'));
  for (const reg of all(p, 'SpecifiedTaxRegistration/ID')) {
    const scheme = attr(reg, 'schemeID');
    if (scheme === 'VA') out.vat_id ??= val(reg);
    else if (scheme === 'FC') out.tax_registration_id ??= val(reg);
  }
  return out;
}

function period(el: XmlElement | undefined): Period | undefined {
  return el ? { start: ciiDate(at(el, 'StartDateTime/DateTimeString')), end: ciiDate(at(el, 'EndDateTime/DateTimeString')) } : undefined;
}

function allowanceCharge(el: XmlElement, rate: string): AllowanceCharge {
  const indicator = val(el, 'ChargeIndicator/Indicator');
  return {
    charge: indicator === 'true' || indicator === '1',
    indicator_text: indicator,
    amount: val(el, 'ActualAmount'),
    base_amount: val(el, 'BasisAmount'),
    percentage: val(el, 'CalculationPercent'),
    vat_category: val(el, 'CategoryTradeTax/CategoryCode'),
    vat_rate: val(el, `CategoryTradeTax/${rate}`),
    reason: val(el, 'Reason'),
    reason_code: val(el, 'ReasonCode'),
  };
}

function line(el: XmlElement, n: Names): InvoiceLine {
  const doc = at(el, 'AssociatedDocumentLineDocument');
  const product = at(el, 'SpecifiedTradeProduct');
  const agreement = at(el, n.lineAgreement);
  const settlement = at(el, n.lineSettlement);
  const qty = at(el, `${n.lineDelivery}/BilledQuantity`);
  const gross = at(agreement, 'GrossPriceProductTradePrice');
  const net = at(agreement, 'NetPriceProductTradePrice');
  const basis = at(net, 'BasisQuantity') ?? at(gross, 'BasisQuantity');
  const acs = kids(settlement, 'SpecifiedTradeAllowanceCharge').map((a) => allowanceCharge(a, n.rate));
  const objectRef = kids(settlement, 'AdditionalReferencedDocument').find((d) => val(d, 'TypeCode') === '130');
  return {
    id: val(doc, 'LineID'),
    note: val(doc, 'IncludedNote/Content'),
    object_id: val(objectRef, 'IssuerAssignedID') !== undefined ? { value: val(objectRef, 'IssuerAssignedID')!, scheme: val(objectRef, 'ReferenceTypeCode') } : undefined,
    quantity: val(qty),
    unit_code: attr(qty, 'unitCode'),
    net_amount: val(settlement, 'SpecifiedTradeSettlementLineMonetarySummation/LineTotalAmount') ?? val(settlement, 'SpecifiedTradeSettlementMonetarySummation/LineTotalAmount'),
    order_line_reference: val(agreement, 'BuyerOrderReferencedDocument/LineID'),
    accounting_reference: val(settlement, 'ReceivableSpecifiedTradeAccountingAccount/ID'),
    period: period(at(settlement, 'BillingSpecifiedPeriod')),
    allowances: acs.filter((a) => !a.charge),
    charges: acs.filter((a) => a.charge),
    price: net || gross
      ? {
          net_price: val(net, 'ChargeAmount'),
          discount: val(gross, 'AppliedTradeAllowanceCharge/ActualAmount'),
          gross_price: val(gross, 'ChargeAmount'),
          base_quantity: val(basis),
          base_quantity_unit: attr(basis, 'unitCode'),
        }
      : undefined,
    vat_category: val(settlement, 'ApplicableTradeTax/CategoryCode'),
    vat_rate: val(settlement, `ApplicableTradeTax/${n.rate}`),
    item_name: val(product, 'Name'),
    item_description: val(product, 'Description'),
    seller_item_id: val(product, 'SellerAssignedID'),
    buyer_item_id: val(product, 'BuyerAssignedID'),
    standard_item_id: ident(at(product, 'GlobalID')),
    classifications: all(product, 'DesignatedProductClassification/ClassCode')
      .map((c) => ident(c, 'listID'))
      .filter((c): c is Identifier => c !== undefined),
    origin_country: val(product, 'OriginTradeCountry/ID'),
    attributes: kids(product, 'ApplicableProductCharacteristic').map((p) => ({ name: val(p, 'Description'), value: val(p, 'Value') })),
    sub_lines: [],
  };
}

/** XRechnung Extension: lines with ParentLineID hang under their parent line (BG-DEX-01). */
function nestLines(items: XmlElement[], n: Names): InvoiceLine[] {
  const parsed = items.map((el) => ({ line: line(el, n), parent: val(el, 'AssociatedDocumentLineDocument/ParentLineID') }));
  const byId = new Map<string, InvoiceLine>();
  for (const p of parsed) if (p.line.id !== undefined && !byId.has(p.line.id)) byId.set(p.line.id, p.line);
  const top: InvoiceLine[] = [];
  for (const p of parsed) {
    const parent = p.parent !== undefined ? byId.get(p.parent) : undefined;
    if (parent && parent !== p.line) parent.sub_lines.push(p.line);
    else top.push(p.line);
  }
  return top;
}

function paymentMeans(pm: XmlElement, settlement: XmlElement | undefined): PaymentInstructions {
  const card = at(pm, 'ApplicableTradeSettlementFinancialCard');
  const debtor = val(pm, 'PayerPartyDebtorFinancialAccount/IBANID');
  const mandate = val(settlement, 'SpecifiedTradePaymentTerms/DirectDebitMandateID');
  return {
    means_code: val(pm, 'TypeCode'),
    means_text: val(pm, 'Information'),
    remittance_information: val(settlement, 'PaymentReference'),
    credit_transfers: kids(pm, 'PayeePartyCreditorFinancialAccount').map((a) => ({
      account_id: val(a, 'IBANID') ?? val(a, 'ProprietaryID'),
      account_name: val(a, 'AccountName'),
      service_provider_id: val(pm, 'PayeeSpecifiedCreditorFinancialInstitution/BICID'),
    })),
    card: card ? { pan: val(card, 'ID'), holder: val(card, 'CardholderName') } : undefined,
    direct_debit: debtor || mandate ? { mandate_id: mandate, creditor_id: val(settlement, 'CreditorReferenceID'), debited_account: debtor } : undefined,
  };
}

export function parseCii(root: XmlElement): InvoiceModel {
  const n = root.local === 'CrossIndustryDocument' ? ZF1 : D16B;
  const ctx = at(root, n.context);
  const doc = at(root, n.document);
  const tx = at(root, n.transaction);
  const agreement = at(tx, n.agreement);
  const delivery = at(tx, n.delivery);
  const settlement = at(tx, n.settlement);
  const sum = at(settlement, n.headerSummation);
  const currency = val(settlement, 'InvoiceCurrencyCode');
  const taxCurrency = val(settlement, 'TaxCurrencyCode');
  const taxTotals = kids(sum, 'TaxTotalAmount');
  const vatDoc = taxTotals.find((t) => attr(t, 'currencyID') === currency) ?? (taxCurrency && taxCurrency !== currency ? undefined : taxTotals[0]) ?? taxTotals.find((t) => attr(t, 'currencyID') === undefined);
  const vatAcc = taxCurrency ? taxTotals.find((t) => t !== vatDoc && attr(t, 'currencyID') === taxCurrency) : undefined;
  const refs = kids(agreement, 'AdditionalReferencedDocument');
  const docs: SupportingDocument[] = refs
    .filter((d) => val(d, 'TypeCode') === '916')
    .map((d) => {
      const bin = at(d, 'AttachmentBinaryObject');
      return {
        id: val(d, 'IssuerAssignedID'),
        description: val(d, 'Name'),
        external_uri: val(d, 'URIID'),
        attachment_filename: attr(bin, 'filename'),
        attachment_mime_code: attr(bin, 'mimeCode'),
        has_attachment: bin !== undefined,
      };
    });
  const objectRef = refs.find((d) => val(d, 'TypeCode') === '130');
  const payee = at(settlement, 'PayeeTradeParty');
  const rep = at(agreement, 'SellerTaxRepresentativeTradeParty');
  const shipTo = at(delivery, 'ShipToTradeParty');
  const acs = kids(settlement, 'SpecifiedTradeAllowanceCharge').map((a) => allowanceCharge(a, n.rate));
  const means = kids(settlement, 'SpecifiedTradeSettlementPaymentMeans').map((pm) => paymentMeans(pm, settlement));
  const taxes = kids(settlement, 'ApplicableTradeTax');
  const terms = kids(settlement, 'SpecifiedTradePaymentTerms');
  return {
    syntax: n === ZF1 ? 'zugferd1' : 'cii',
    document_kind: ['381', '396', '81', '83', '532'].includes(val(doc, 'TypeCode') ?? '') ? 'credit_note' : 'invoice',
    id: val(doc, 'ID'),
    issue_date: ciiDate(at(doc, 'IssueDateTime/DateTimeString')),
    type_code: val(doc, 'TypeCode'),
    currency,
    tax_currency: taxCurrency,
    tax_point_date: ciiDate(at(settlement, 'ApplicableTradeTax/TaxPointDate/DateString')),
    tax_point_date_code: val(settlement, 'ApplicableTradeTax/DueDateTypeCode'),
    due_date: ciiDate(at(settlement, 'SpecifiedTradePaymentTerms/DueDateDateTime/DateTimeString')),
    buyer_reference: val(agreement, 'BuyerReference'),
    project_reference: val(agreement, 'SpecifiedProcuringProject/ID'),
    contract_reference: val(agreement, 'ContractReferencedDocument/IssuerAssignedID') ?? val(agreement, 'ContractReferencedDocument/ID'),
    purchase_order_reference: val(agreement, 'BuyerOrderReferencedDocument/IssuerAssignedID') ?? val(agreement, 'BuyerOrderReferencedDocument/ID'),
    sales_order_reference: val(agreement, 'SellerOrderReferencedDocument/IssuerAssignedID'),
    receiving_advice_reference: val(delivery, 'ReceivingAdviceReferencedDocument/IssuerAssignedID'),
    despatch_advice_reference: val(delivery, 'DespatchAdviceReferencedDocument/IssuerAssignedID'),
    tender_reference: val(refs.find((d) => val(d, 'TypeCode') === '50'), 'IssuerAssignedID'),
    invoiced_object_id: objectRef && val(objectRef, 'IssuerAssignedID') !== undefined ? { value: val(objectRef, 'IssuerAssignedID')!, scheme: val(objectRef, 'ReferenceTypeCode') } : undefined,
    buyer_accounting_reference: val(settlement, 'ReceivableSpecifiedTradeAccountingAccount/ID'),
    payment_terms: terms.map((t) => val(t, 'Description')).filter((t) => t !== undefined).join(' ') || undefined,
    notes: kids(doc, 'IncludedNote').map((nt) => ({ subject_code: val(nt, 'SubjectCode'), text: val(nt, 'Content') })),
    business_process: val(ctx, 'BusinessProcessSpecifiedDocumentContextParameter/ID'),
    specification_id: val(ctx, 'GuidelineSpecifiedDocumentContextParameter/ID'),
    preceding_invoices: kids(settlement, 'InvoiceReferencedDocument').map((r) => ({ id: val(r, 'IssuerAssignedID'), issue_date: ciiDate(at(r, 'FormattedIssueDateTime/DateTimeString')) })),
    seller: party(at(agreement, 'SellerTradeParty')),
    buyer: party(at(agreement, 'BuyerTradeParty')),
    payee: payee ? party(payee) : undefined,
    tax_representative: rep ? party(rep) : undefined,
    delivery: delivery
      ? {
          party_name: val(shipTo, 'Name'),
          location_id: ident(at(shipTo, 'ID')) ?? ident(at(shipTo, 'GlobalID')),
          actual_delivery_date: ciiDate(at(delivery, 'ActualDeliverySupplyChainEvent/OccurrenceDateTime/DateTimeString')),
          address: address(at(shipTo, 'PostalTradeAddress')),
        }
      : undefined,
    invoice_period: period(at(settlement, 'BillingSpecifiedPeriod')),
    payment: means[0],
    payment_alternatives: means.slice(1),
    allowances: acs.filter((a) => !a.charge),
    charges: acs.filter((a) => a.charge),
    totals: {
      line_net_sum: val(sum, 'LineTotalAmount'),
      allowance_sum: val(sum, 'AllowanceTotalAmount'),
      charge_sum: val(sum, 'ChargeTotalAmount'),
      net_amount: val(sum, 'TaxBasisTotalAmount'),
      vat_amount: val(vatDoc),
      vat_amount_currency: attr(vatDoc, 'currencyID'),
      vat_amount_accounting: val(vatAcc),
      vat_amount_accounting_currency: attr(vatAcc, 'currencyID'),
      gross_amount: val(sum, 'GrandTotalAmount'),
      prepaid_amount: val(sum, 'TotalPrepaidAmount'),
      rounding_amount: val(sum, 'RoundingAmount'),
      payable_amount: val(sum, 'DuePayableAmount'),
    },
    vat_breakdown: taxes.map((t) => ({
      taxable_amount: val(t, 'BasisAmount'),
      tax_amount: val(t, 'CalculatedAmount'),
      category: val(t, 'CategoryCode'),
      rate: val(t, n.rate),
      exemption_reason: val(t, 'ExemptionReason'),
      exemption_reason_code: val(t, 'ExemptionReasonCode'),
      type_code: val(t, 'TypeCode'),
    })),
    supporting_documents: docs,
    lines: nestLines(kids(tx, 'IncludedSupplyChainTradeLineItem'), n),
  };
}
