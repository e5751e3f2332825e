// UBL 2.1 Invoice / CreditNote → EN 16931 semantic model (the CEN UBL syntax binding).
import type { XmlElement } from '../formats/safe-xml.js';
import type { AllowanceCharge, Identifier, InvoiceLine, InvoiceModel, Party, PaymentInstructions, Period, PostalAddress, SupportingDocument } from './model.js';
import { all, at, attr, ident, kids, val } from './nav.js';

function address(el: XmlElement | undefined): PostalAddress | undefined {
  if (!el) return undefined;
  return {
    line1: val(el, 'StreetName'),
    line2: val(el, 'AdditionalStreetName'),
    line3: val(el, 'AddressLine/Line'),
    city: val(el, 'CityName'),
    postcode: val(el, 'PostalZone'),
    subdivision: val(el, 'CountrySubentity'),
    country_code: val(el, 'Country/IdentificationCode'),
  };
}

function party(p: XmlElement | undefined): Party {
  const out: Party = { identifiers: [] };
  if (!p) return out;
  out.electronic_address = ident(at(p, 'EndpointID'));
  for (const id of all(p, 'PartyIdentification/ID')) {
    const i = ident(id);
    if (i) out.identifiers.push(i);
  }
  out.trading_name = val(p, 'PartyName/Name');
  out.address = address(at(p, 'PostalAddress'));
  for (const ts of kids(p, 'PartyTaxScheme')) {
    const company = val(ts, 'CompanyID');
    if (val(ts, 'TaxScheme/ID') === 'VAT') out.vat_id ??= company;
    else out.tax_registration_id ??= company;
  }
  const legal = at(p, 'PartyLegalEntity');
  out.name = val(legal, 'RegistrationName');
  out.legal_registration_id = ident(at(legal, 'CompanyID'));
  out.legal_form = val(legal, 'CompanyLegalForm');
  const c = at(p, 'Contact');
  if (c) out.contact = { name: val(c, 'Name'), telephone: val(c, 'Telephone'), email: val(c, 'ElectronicMail') };
  return out;
}

function period(el: XmlElement | undefined): Period | undefined {
  return el ? { start: val(el, 'StartDate'), end: val(el, 'EndDate') } : undefined;
}

function allowanceCharge(el: XmlElement): AllowanceCharge {
  const indicator = val(el, 'ChargeIndicator');
  return {
    charge: indicator === 'true' || indicator === '1',
    indicator_text: indicator,
    amount: val(el, 'Amount'),
    base_amount: val(el, 'BaseAmount'),
    percentage: val(el, 'MultiplierFactorNumeric'),
    vat_category: val(el, 'TaxCategory/ID'),
    vat_rate: val(el, 'TaxCategory/Percent'),
    reason: val(el, 'AllowanceChargeReason'),
    reason_code: val(el, 'AllowanceChargeReasonCode'),
  };
}

function paymentMeans(pm: XmlElement): PaymentInstructions {
  const card = at(pm, 'CardAccount');
  const mandate = at(pm, 'PaymentMandate');
  return {
    means_code: val(pm, 'PaymentMeansCode'),
    means_text: attr(at(pm, 'PaymentMeansCode'), 'name'),
    remittance_information: val(pm, 'PaymentID'),
    credit_transfers: kids(pm, 'PayeeFinancialAccount').map((a) => ({
      account_id: val(a, 'ID'),
      account_name: val(a, 'Name'),
      service_provider_id: val(a, 'FinancialInstitutionBranch/ID'),
    })),
    card: card ? { pan: val(card, 'PrimaryAccountNumberID'), holder: val(card, 'HolderName') } : undefined,
    direct_debit: mandate ? { mandate_id: val(mandate, 'ID'), debited_account: val(mandate, 'PayerFinancialAccount/ID') } : undefined,
  };
}

function line(el: XmlElement, quantityName: string, lineName: string): InvoiceLine {
  const item = at(el, 'Item');
  const price = at(el, 'Price');
  const priceAc = at(price, 'AllowanceCharge');
  const acs = kids(el, 'AllowanceCharge').map(allowanceCharge);
  const docRef = kids(el, 'DocumentReference').find((d) => val(d, 'DocumentTypeCode') === '130');
  const qty = at(el, quantityName);
  return {
    id: val(el, 'ID'),
    note: val(el, 'Note'),
    object_id: ident(at(docRef, 'ID')),
    quantity: val(qty),
    unit_code: attr(qty, 'unitCode'),
    net_amount: val(el, 'LineExtensionAmount'),
    order_line_reference: val(el, 'OrderLineReference/LineID'),
    accounting_reference: val(el, 'AccountingCost'),
    period: period(at(el, 'InvoicePeriod')),
    allowances: acs.filter((a) => !a.charge),
    charges: acs.filter((a) => a.charge),
    price: price
      ? {
          net_price: val(price, 'PriceAmount'),
          discount: val(priceAc, 'Amount'),
          gross_price: val(priceAc, 'BaseAmount'),
          base_quantity: val(price, 'BaseQuantity'),
          base_quantity_unit: attr(at(price, 'BaseQuantity'), 'unitCode'),
        }
      : undefined,
    vat_category: val(item, 'ClassifiedTaxCategory/ID'),
    vat_rate: val(item, 'ClassifiedTaxCategory/Percent'),
    item_name: val(item, 'Name'),
    item_description: val(item, 'Description'),
    seller_item_id: val(item, 'SellersItemIdentification/ID'),
    buyer_item_id: val(item, 'BuyersItemIdentification/ID'),
    standard_item_id: ident(at(item, 'StandardItemIdentification/ID')),
    classifications: all(item, 'CommodityClassification/ItemClassificationCode')
      .map((c) => ident(c, 'listID'))
      .filter((c): c is Identifier => c !== undefined),
    origin_country: val(item, 'OriginCountry/IdentificationCode'),
    attributes: all(item, 'AdditionalItemProperty').map((p) => ({ name: val(p, 'Name'), value: val(p, 'Value') })),
    sub_lines: kids(el, lineName === 'InvoiceLine' ? 'SubInvoiceLine' : 'SubCreditNoteLine').map((s) => line(s, quantityName, lineName)),
  };
}

export function parseUbl(root: XmlElement): InvoiceModel {
  const credit = root.local === 'CreditNote';
  const means = kids(root, 'PaymentMeans').map(paymentMeans);
  const docs: SupportingDocument[] = [];
  let invoicedObject: Identifier | undefined;
  for (const d of kids(root, 'AdditionalDocumentReference')) {
    if (val(d, 'DocumentTypeCode') === '130') {
      invoicedObject ??= ident(at(d, 'ID'));
      continue;
    }
    const bin = at(d, 'Attachment/EmbeddedDocumentBinaryObject');
    docs.push({
      id: val(d, 'ID'),
      description: val(d, 'DocumentDescription'),
      external_uri: val(d, 'Attachment/ExternalReference/URI'),
      attachment_filename: attr(bin, 'filename'),
      attachment_mime_code: attr(bin, 'mimeCode'),
      has_attachment: bin !== undefined,
    });
  }
  const invoicePeriod = at(root, 'InvoicePeriod');
  const notes = kids(root, 'Note').map((n) => {
    const t = val(n) ?? '';
    const m = /^#([A-Za-z0-9]{3})#([\s\S]*)$/.exec(t);
    return m ? { subject_code: m[1], text: m[2] } : { text: t || undefined };
  });
  const taxTotals = kids(root, 'TaxTotal');
  const currency = val(root, 'DocumentCurrencyCode');
  const taxCurrency = val(root, 'TaxCurrencyCode');
  const withSub = taxTotals.find((t) => at(t, 'TaxSubtotal')) ?? taxTotals[0];
  const inCurrency = taxTotals.filter((t) => attr(at(t, 'TaxAmount'), 'currencyID') === currency);
  const inDocCurrency = inCurrency.find((t) => at(t, 'TaxSubtotal')) ?? inCurrency[0] ?? withSub;
  const inTaxCurrency = taxCurrency ? taxTotals.find((t) => t !== inDocCurrency && attr(at(t, 'TaxAmount'), 'currencyID') === taxCurrency) : undefined;
  const mt = at(root, 'LegalMonetaryTotal');
  const delivery = at(root, 'Delivery');
  const payee = at(root, 'PayeeParty');
  const rep = at(root, 'TaxRepresentativeParty');
  const acs = kids(root, 'AllowanceCharge').map(allowanceCharge);
  const lineName = credit ? 'CreditNoteLine' : 'InvoiceLine';
  return {
    syntax: 'ubl',
    document_kind: credit ? 'credit_note' : 'invoice',
    id: val(root, 'ID'),
    issue_date: val(root, 'IssueDate'),
    type_code: val(root, credit ? 'CreditNoteTypeCode' : 'InvoiceTypeCode'),
    currency,
    tax_currency: taxCurrency,
    tax_point_date: val(root, 'TaxPointDate'),
    tax_point_date_code: val(invoicePeriod, 'DescriptionCode'),
    due_date: val(root, 'DueDate') ?? val(root, 'PaymentMeans/PaymentDueDate'),
    buyer_reference: val(root, 'BuyerReference'),
    project_reference: val(root, 'ProjectReference/ID'),
    contract_reference: val(root, 'ContractDocumentReference/ID'),
    purchase_order_reference: val(root, 'OrderReference/ID'),
    sales_order_reference: val(root, 'OrderReference/SalesOrderID'),
    receiving_advice_reference: val(root, 'ReceiptDocumentReference/ID'),
    despatch_advice_reference: val(root, 'DespatchDocumentReference/ID'),
    tender_reference: val(root, 'OriginatorDocumentReference/ID'),
    invoiced_object_id: invoicedObject,
    buyer_accounting_reference: val(root, 'AccountingCost'),
    payment_terms: val(root, 'PaymentTerms/Note'),
    notes,
    business_process: val(root, 'ProfileID'),
    specification_id: val(root, 'CustomizationID'),
    preceding_invoices: all(root, 'BillingReference/InvoiceDocumentReference').map((r) => ({ id: val(r, 'ID'), issue_date: val(r, 'IssueDate') })),
    seller: party(at(root, 'AccountingSupplierParty/Party')),
    buyer: party(at(root, 'AccountingCustomerParty/Party')),
    payee: payee
      ? {
          name: val(payee, 'PartyName/Name'),
          identifiers: all(payee, 'PartyIdentification/ID').map((i) => ident(i)).filter((i): i is Identifier => !!i),
          legal_registration_id: ident(at(payee, 'PartyLegalEntity/CompanyID')),
        }
      : undefined,
    tax_representative: rep
      ? {
          name: val(rep, 'PartyName/Name'),
          identifiers: [],
          vat_id: val(kids(rep, 'PartyTaxScheme').find((t) => (val(t, 'TaxScheme/ID') ?? '').toUpperCase() === 'VAT'), 'CompanyID'),
          address: address(at(rep, 'PostalAddress')),
        }
      : undefined,
    delivery: delivery
      ? {
          party_name: val(delivery, 'DeliveryParty/PartyName/Name'),
          location_id: ident(at(delivery, 'DeliveryLocation/ID')),
          actual_delivery_date: val(delivery, 'ActualDeliveryDate'),
          address: address(at(delivery, 'DeliveryLocation/Address')),
        }
      : undefined,
    invoice_period: period(invoicePeriod),
    payment: means[0],
    payment_alternatives: means.slice(1),
    allowances: acs.filter((a) => !a.charge),
    charges: acs.filter((a) => a.charge),
    totals: {
      line_net_sum: val(mt, 'LineExtensionAmount'),
      allowance_sum: val(mt, 'AllowanceTotalAmount'),
      charge_sum: val(mt, 'ChargeTotalAmount'),
      net_amount: val(mt, 'TaxExclusiveAmount'),
      vat_amount: val(inDocCurrency, 'TaxAmount'),
      vat_amount_currency: attr(at(inDocCurrency, 'TaxAmount'), 'currencyID'),
      vat_amount_accounting: val(inTaxCurrency, 'TaxAmount'),
      vat_amount_accounting_currency: attr(at(inTaxCurrency, 'TaxAmount'), 'currencyID'),
      gross_amount: val(mt, 'TaxInclusiveAmount'),
      prepaid_amount: val(mt, 'PrepaidAmount'),
      rounding_amount: val(mt, 'PayableRoundingAmount'),
      payable_amount: val(mt, 'PayableAmount'),
    },
    // The breakdown rows of every TaxTotal (the CEN rules count them all).
    vat_breakdown: taxTotals.flatMap((t) => kids(t, 'TaxSubtotal')).map((s) => ({
      taxable_amount: val(s, 'TaxableAmount'),
      tax_amount: val(s, 'TaxAmount'),
      category: val(s, 'TaxCategory/ID'),
      rate: val(s, 'TaxCategory/Percent'),
      exemption_reason: val(s, 'TaxCategory/TaxExemptionReason'),
      exemption_reason_code: val(s, 'TaxCategory/TaxExemptionReasonCode'),
      type_code: val(s, 'TaxCategory/TaxScheme/ID'),
    })),
    supporting_documents: docs,
    lines: kids(root, lineName).map((l) => line(l, credit ? 'CreditedQuantity' : 'InvoicedQuantity', lineName)),
  };
}
