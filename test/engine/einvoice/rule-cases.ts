// One generated case per rule id: a mutation of a passing fixture invoice that must fire
// exactly that rule id (among possibly others that the same fact breaks). Syntax 'ubl' / 'cii'
// picks the fixture; `spec` switches the fixture to the Extension or CVD profile.
import { XR_CVD_SPEC, XR_EXT_SPEC } from './fixtures.js';


export interface RuleCase {
  id: string;
  syntax: 'ubl' | 'cii' | 'zf1';
  spec?: string;
  mutate: (xml: string) => string;
}

/** Replaces the first occurrence, failing loudly when the fixture lacks it. */
export function rep(find: string | RegExp, replacement: string): (xml: string) => string {
  return (xml) => {
    const found = typeof find === 'string' ? xml.includes(find) : find.test(xml);
    if (!found) throw new Error(`fixture has no ${String(find)}`);
    return xml.replace(find, replacement);
  };
}
const seq = (...fs: Array<(x: string) => string>) => (xml: string) => fs.reduce((x, f) => f(x), xml);

const U = (id: string, mutate: (x: string) => string, spec?: string): RuleCase => ({ id, syntax: 'ubl', mutate, spec });
const C = (id: string, mutate: (x: string) => string, spec?: string): RuleCase => ({ id, syntax: 'cii', mutate, spec });

// UBL snippets of the fixture
const S_CAT = '<cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent>';
const DOC_ALLOWANCE_CAT = '<cbc:Amount currencyID="EUR">10.00</cbc:Amount>\n    <cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent>';
const DOC_CHARGE_CAT = '<cbc:Amount currencyID="EUR">5.00</cbc:Amount>\n    <cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent>';
const SUBTOTAL_CAT = '<cbc:TaxAmount currencyID="EUR">56.05</cbc:TaxAmount>\n      <cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent>';
const SELLER_VAT = '<cac:PartyTaxScheme>\n        <cbc:CompanyID>DE123456789</cbc:CompanyID>\n        <cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>\n      </cac:PartyTaxScheme>\n      <cac:PartyLegalEntity>\n        <cbc:RegistrationName>Lieferant GmbH</cbc:RegistrationName>';
const NO_SELLER_VAT = '<cac:PartyLegalEntity>\n        <cbc:RegistrationName>Lieferant GmbH</cbc:RegistrationName>';

/** Turns every VAT category of the UBL fixture into `code` at `rate` (rate omitted: no Percent). */
function ublCategory(code: string, rate: string | null, exemption = false): (xml: string) => string {
  return (xml) => {
    const pct = rate === null ? '' : `<cbc:Percent>${rate}</cbc:Percent>`;
    let out = xml.replace(/<cbc:ID>S<\/cbc:ID><cbc:Percent>19<\/cbc:Percent>/g, `<cbc:ID>${code}</cbc:ID>${pct}`);
    const zeroTax = rate === null || Number(rate) === 0;
    if (zeroTax) out = out.replace(/56\.05/g, '0.00').replace(/351\.05/g, '295.00');
    if (exemption) out = out.replace(`<cbc:ID>${code}</cbc:ID>${pct}<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory>\n    </cac:TaxSubtotal>`, `<cbc:ID>${code}</cbc:ID>${pct}<cbc:TaxExemptionReason>steuerfrei</cbc:TaxExemptionReason><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory>\n    </cac:TaxSubtotal>`);
    return out;
  };
}

/** VAT family cases: the same ten questions for each category code. */
function familyCases(prefix: string, code: string, zero: boolean, exemptionRequired: boolean, rateRule: 'positive' | 'zero' | 'absent' | 'non_negative'): RuleCase[] {
  const rate = rateRule === 'absent' ? null : zero ? '0' : '19';
  const base = ublCategory(code, rate, exemptionRequired);
  const wrongRate = rateRule === 'positive' ? '0' : rateRule === 'non_negative' ? '-1' : '7';
  const pct = rate === null ? '' : `<cbc:Percent>${rate}</cbc:Percent>`;
  const line = `${'<cac:ClassifiedTaxCategory>'}<cbc:ID>${code}</cbc:ID>${pct}`;
  const cases: RuleCase[] = [
    // 01: the breakdown row of the category is missing (moved to another category).
    U(`${prefix}-01`, seq(base, rep(new RegExp(`(<cac:TaxSubtotal>[\\s\\S]*?<cac:TaxCategory><cbc:ID>)${code}(</cbc:ID>)`), `$1${code === 'E' ? 'Z' : 'E'}$2`))),
    // 05/06/07: a rate the category does not allow, on a line / allowance / charge.
    U(`${prefix}-05`, seq(base, rep(line, `<cac:ClassifiedTaxCategory><cbc:ID>${code}</cbc:ID><cbc:Percent>${wrongRate}</cbc:Percent>`))),
    U(`${prefix}-06`, seq(base, rep(`<cbc:Amount currencyID="EUR">10.00</cbc:Amount>\n    <cac:TaxCategory><cbc:ID>${code}</cbc:ID>${pct}`, `<cbc:Amount currencyID="EUR">10.00</cbc:Amount>\n    <cac:TaxCategory><cbc:ID>${code}</cbc:ID><cbc:Percent>${wrongRate}</cbc:Percent>`))),
    U(`${prefix}-07`, seq(base, rep(`<cbc:Amount currencyID="EUR">5.00</cbc:Amount>\n    <cac:TaxCategory><cbc:ID>${code}</cbc:ID>${pct}`, `<cbc:Amount currencyID="EUR">5.00</cbc:Amount>\n    <cac:TaxCategory><cbc:ID>${code}</cbc:ID><cbc:Percent>${wrongRate}</cbc:Percent>`))),
    // 08: taxable amount of the breakdown off by 5.
    U(`${prefix}-08`, seq(base, rep('<cbc:TaxableAmount currencyID="EUR">295.00</cbc:TaxableAmount>', '<cbc:TaxableAmount currencyID="EUR">290.00</cbc:TaxableAmount>'))),
    // 10: exemption reason present where forbidden, or missing where required.
    U(`${prefix}-10`, exemptionRequired ? ublCategory(code, rate, false) : seq(base, rep('</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory>\n    </cac:TaxSubtotal>', '</cbc:Percent><cbc:TaxExemptionReason>x</cbc:TaxExemptionReason><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory>\n    </cac:TaxSubtotal>'))),
  ];
  // 09: tax amount of the breakdown off.
  cases.push(U(`${prefix}-09`, seq(base, rep('<cbc:TaxableAmount currencyID="EUR">295.00</cbc:TaxableAmount>\n      <cbc:TaxAmount currencyID="EUR">', '<cbc:TaxableAmount currencyID="EUR">295.00</cbc:TaxableAmount>\n      <cbc:TaxAmount currencyID="EUR">9'))));
  // 02/03/04: the seller VAT condition broken (O: the seller has a VAT id; others: none).
  if (code === 'O') {
    for (const n of ['02', '03', '04']) cases.push(U(`${prefix}-${n}`, base));
  } else {
    const noVat = seq(base, rep(SELLER_VAT, NO_SELLER_VAT));
    for (const n of ['02', '03', '04']) cases.push(U(`${prefix}-${n}`, code === 'AE' || code === 'K' ? seq(base, rep('<cbc:CompanyID>DE987654321</cbc:CompanyID>\n        <cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>', '<cbc:CompanyID>DE987654321</cbc:CompanyID>\n        <cac:TaxScheme><cbc:ID>FC</cbc:ID></cac:TaxScheme>'), rep(SELLER_VAT, NO_SELLER_VAT)) : noVat));
  }
  return cases;
}

export const RULE_CASES: RuleCase[] = [
  // ---- EN 16931 core (UBL fixture)
  U('BR-01', rep(/<cbc:CustomizationID>[^<]*<\/cbc:CustomizationID>/, '<cbc:CustomizationID></cbc:CustomizationID>')),
  U('BR-02', rep('<cbc:ID>RE-2026-0001</cbc:ID>', '<cbc:ID></cbc:ID>')),
  U('BR-03', rep('<cbc:IssueDate>2026-03-02</cbc:IssueDate>', '<cbc:IssueDate></cbc:IssueDate>')),
  U('BR-04', rep('<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>', '<cbc:InvoiceTypeCode></cbc:InvoiceTypeCode>')),
  U('BR-05', rep('<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>', '<cbc:DocumentCurrencyCode></cbc:DocumentCurrencyCode>')),
  U('BR-06', rep('<cbc:RegistrationName>Lieferant GmbH</cbc:RegistrationName>', '')),
  U('BR-07', rep('<cbc:RegistrationName>Kunde AG</cbc:RegistrationName>', '')),
  U('BR-08', rep(/<cac:PostalAddress>\s*<cbc:StreetName>Hauptstraße 1[\s\S]*?<\/cac:PostalAddress>/, '')),
  U('BR-09', rep('<cac:Country><cbc:IdentificationCode>DE</cbc:IdentificationCode></cac:Country>', '')),
  U('BR-10', rep(/<cac:PostalAddress>\s*<cbc:StreetName>Marktplatz 5[\s\S]*?<\/cac:PostalAddress>/, '')),
  U('BR-11', rep('<cbc:PostalZone>20095</cbc:PostalZone>\n        <cac:Country><cbc:IdentificationCode>DE</cbc:IdentificationCode></cac:Country>', '<cbc:PostalZone>20095</cbc:PostalZone>')),
  U('BR-12', rep('<cbc:LineExtensionAmount currencyID="EUR">300.00</cbc:LineExtensionAmount>', '')),
  U('BR-13', rep('<cbc:TaxExclusiveAmount currencyID="EUR">295.00</cbc:TaxExclusiveAmount>', '')),
  U('BR-14', rep('<cbc:TaxInclusiveAmount currencyID="EUR">351.05</cbc:TaxInclusiveAmount>', '')),
  U('BR-15', rep('<cbc:PayableAmount currencyID="EUR">351.05</cbc:PayableAmount>', '')),
  U('BR-16', rep(/<cac:InvoiceLine>[\s\S]*<\/cac:InvoiceLine>/, '')),
  U('BR-17', rep('<cac:Delivery>', '<cac:PayeeParty><cac:PartyIdentification><cbc:ID>P1</cbc:ID></cac:PartyIdentification></cac:PayeeParty>\n  <cac:Delivery>')),
  U('BR-18', rep('<cac:Delivery>', '<cac:TaxRepresentativeParty><cac:PostalAddress><cac:Country><cbc:IdentificationCode>DE</cbc:IdentificationCode></cac:Country></cac:PostalAddress><cac:PartyTaxScheme><cbc:CompanyID>DE111</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme></cac:TaxRepresentativeParty>\n  <cac:Delivery>')),
  U('BR-19', rep('<cac:Delivery>', '<cac:TaxRepresentativeParty><cac:PartyName><cbc:Name>Vertreter</cbc:Name></cac:PartyName><cac:PartyTaxScheme><cbc:CompanyID>DE111</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme></cac:TaxRepresentativeParty>\n  <cac:Delivery>')),
  U('BR-20', rep('<cac:Delivery>', '<cac:TaxRepresentativeParty><cac:PartyName><cbc:Name>Vertreter</cbc:Name></cac:PartyName><cac:PostalAddress><cbc:CityName>X</cbc:CityName></cac:PostalAddress><cac:PartyTaxScheme><cbc:CompanyID>DE111</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme></cac:TaxRepresentativeParty>\n  <cac:Delivery>')),
  U('BR-56', rep('<cac:Delivery>', '<cac:TaxRepresentativeParty><cac:PartyName><cbc:Name>Vertreter</cbc:Name></cac:PartyName><cac:PostalAddress><cac:Country><cbc:IdentificationCode>DE</cbc:IdentificationCode></cac:Country></cac:PostalAddress></cac:TaxRepresentativeParty>\n  <cac:Delivery>')),
  U('BR-21', rep('<cbc:ID>1</cbc:ID>\n    <cbc:InvoicedQuantity', '<cbc:ID></cbc:ID>\n    <cbc:InvoicedQuantity')),
  U('BR-22', rep('<cbc:InvoicedQuantity unitCode="H87">2</cbc:InvoicedQuantity>', '')),
  U('BR-23', rep('<cbc:InvoicedQuantity unitCode="H87">2</cbc:InvoicedQuantity>', '<cbc:InvoicedQuantity>2</cbc:InvoicedQuantity>')),
  U('BR-24', rep('<cbc:LineExtensionAmount currencyID="EUR">200.00</cbc:LineExtensionAmount>', '')),
  U('BR-25', rep('<cbc:Name>Montage</cbc:Name>', '')),
  U('BR-26', rep('<cac:Price><cbc:PriceAmount currencyID="EUR">200.00</cbc:PriceAmount></cac:Price>', '')),
  U('BR-27', rep('<cbc:PriceAmount currencyID="EUR">200.00</cbc:PriceAmount>', '<cbc:PriceAmount currencyID="EUR">-200.00</cbc:PriceAmount>')),
  U('BR-28', rep('<cbc:BaseAmount currencyID="EUR">55.00</cbc:BaseAmount>', '<cbc:BaseAmount currencyID="EUR">-55.00</cbc:BaseAmount>')),
  U('BR-29', rep('<cbc:EndDate>2026-02-28</cbc:EndDate>', '<cbc:EndDate>2026-01-28</cbc:EndDate>')),
  U('BR-30', rep('<cbc:EndDate>2026-02-14</cbc:EndDate>', '<cbc:EndDate>2026-01-14</cbc:EndDate>')),
  U('BR-31', rep('<cbc:Amount currencyID="EUR">10.00</cbc:Amount>', '<cbc:Amount currencyID="EUR"></cbc:Amount>')),
  U('BR-32', rep(DOC_ALLOWANCE_CAT, '<cbc:Amount currencyID="EUR">10.00</cbc:Amount>\n    <cac:TaxCategory><cbc:ID></cbc:ID><cbc:Percent>19</cbc:Percent>')),
  U('BR-33', seq(rep('<cbc:AllowanceChargeReasonCode>95</cbc:AllowanceChargeReasonCode>', ''), rep('<cbc:AllowanceChargeReason>Rabatt</cbc:AllowanceChargeReason>', ''))),
  U('BR-CO-21', seq(rep('<cbc:AllowanceChargeReasonCode>95</cbc:AllowanceChargeReasonCode>', ''), rep('<cbc:AllowanceChargeReason>Rabatt</cbc:AllowanceChargeReason>', ''))),
  U('BR-36', rep('<cbc:Amount currencyID="EUR">5.00</cbc:Amount>\n    <cac:TaxCategory>', '<cbc:Amount currencyID="EUR"></cbc:Amount>\n    <cac:TaxCategory>')),
  U('BR-37', rep(DOC_CHARGE_CAT, '<cbc:Amount currencyID="EUR">5.00</cbc:Amount>\n    <cac:TaxCategory><cbc:ID></cbc:ID><cbc:Percent>19</cbc:Percent>')),
  U('BR-38', seq(rep('<cbc:AllowanceChargeReasonCode>FC</cbc:AllowanceChargeReasonCode>', ''), rep('<cbc:AllowanceChargeReason>Fracht</cbc:AllowanceChargeReason>', ''))),
  U('BR-CO-22', seq(rep('<cbc:AllowanceChargeReasonCode>FC</cbc:AllowanceChargeReasonCode>', ''), rep('<cbc:AllowanceChargeReason>Fracht</cbc:AllowanceChargeReason>', ''))),
  U('BR-41', rep('<cbc:LineExtensionAmount currencyID="EUR">200.00</cbc:LineExtensionAmount>', '<cbc:LineExtensionAmount currencyID="EUR">200.00</cbc:LineExtensionAmount>\n    <cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:AllowanceChargeReason>R</cbc:AllowanceChargeReason><cbc:Amount currencyID="EUR"></cbc:Amount></cac:AllowanceCharge>')),
  U('BR-42', rep('<cbc:LineExtensionAmount currencyID="EUR">200.00</cbc:LineExtensionAmount>', '<cbc:LineExtensionAmount currencyID="EUR">200.00</cbc:LineExtensionAmount>\n    <cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:Amount currencyID="EUR">0.00</cbc:Amount></cac:AllowanceCharge>')),
  U('BR-CO-23', rep('<cbc:LineExtensionAmount currencyID="EUR">200.00</cbc:LineExtensionAmount>', '<cbc:LineExtensionAmount currencyID="EUR">200.00</cbc:LineExtensionAmount>\n    <cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:Amount currencyID="EUR">0.00</cbc:Amount></cac:AllowanceCharge>')),
  U('BR-43', rep('<cbc:LineExtensionAmount currencyID="EUR">200.00</cbc:LineExtensionAmount>', '<cbc:LineExtensionAmount currencyID="EUR">200.00</cbc:LineExtensionAmount>\n    <cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator><cbc:AllowanceChargeReason>R</cbc:AllowanceChargeReason><cbc:Amount currencyID="EUR"></cbc:Amount></cac:AllowanceCharge>')),
  U('BR-44', rep('<cbc:LineExtensionAmount currencyID="EUR">200.00</cbc:LineExtensionAmount>', '<cbc:LineExtensionAmount currencyID="EUR">200.00</cbc:LineExtensionAmount>\n    <cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator><cbc:Amount currencyID="EUR">0.00</cbc:Amount></cac:AllowanceCharge>')),
  U('BR-CO-24', rep('<cbc:LineExtensionAmount currencyID="EUR">200.00</cbc:LineExtensionAmount>', '<cbc:LineExtensionAmount currencyID="EUR">200.00</cbc:LineExtensionAmount>\n    <cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator><cbc:Amount currencyID="EUR">0.00</cbc:Amount></cac:AllowanceCharge>')),
  U('BR-45', rep('<cbc:TaxableAmount currencyID="EUR">295.00</cbc:TaxableAmount>', '')),
  U('BR-46', rep('<cbc:TaxAmount currencyID="EUR">56.05</cbc:TaxAmount>\n      <cac:TaxCategory>', '<cbc:TaxAmount currencyID="EUR"></cbc:TaxAmount>\n      <cac:TaxCategory>')),
  U('BR-47', rep(SUBTOTAL_CAT, '<cbc:TaxAmount currencyID="EUR">56.05</cbc:TaxAmount>\n      <cac:TaxCategory><cbc:ID></cbc:ID><cbc:Percent>19</cbc:Percent>')),
  U('BR-48', rep(SUBTOTAL_CAT, '<cbc:TaxAmount currencyID="EUR">56.05</cbc:TaxAmount>\n      <cac:TaxCategory><cbc:ID>S</cbc:ID>')),
  U('BR-49', rep('<cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>', '')),
  U('BR-50', rep(`<cbc:ID>DE89370400440532013000</cbc:ID>`, '<cbc:ID></cbc:ID>')),
  U('BR-61', rep(`<cbc:ID>DE89370400440532013000</cbc:ID>`, '')),
  U('BR-52', rep('<cac:AccountingSupplierParty>', '<cac:AdditionalDocumentReference><cbc:ID></cbc:ID></cac:AdditionalDocumentReference>\n  <cac:AccountingSupplierParty>')),
  U('BR-53', rep('<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>', '<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>\n  <cbc:TaxCurrencyCode>USD</cbc:TaxCurrencyCode>')),
  U('BR-54', rep('<cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>\n    </cac:Item>', '<cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>\n      <cac:AdditionalItemProperty><cbc:Name>Farbe</cbc:Name></cac:AdditionalItemProperty>\n    </cac:Item>')),
  U('BR-55', rep('<cac:ContractDocumentReference>', '<cac:BillingReference><cac:InvoiceDocumentReference><cbc:IssueDate>2026-01-01</cbc:IssueDate></cac:InvoiceDocumentReference></cac:BillingReference>\n  <cac:ContractDocumentReference>')),
  U('BR-57', rep('<cbc:PostalZone>20097</cbc:PostalZone>\n        <cac:Country><cbc:IdentificationCode>DE</cbc:IdentificationCode></cac:Country>', '<cbc:PostalZone>20097</cbc:PostalZone>')),
  U('BR-62', rep('<cbc:EndpointID schemeID="EM">rechnung@lieferant.example</cbc:EndpointID>', '<cbc:EndpointID>rechnung@lieferant.example</cbc:EndpointID>')),
  U('BR-63', rep('<cbc:EndpointID schemeID="EM">eingang@kunde.example</cbc:EndpointID>', '<cbc:EndpointID>eingang@kunde.example</cbc:EndpointID>')),
  U('BR-64', rep('<cac:SellersItemIdentification><cbc:ID>S-1</cbc:ID></cac:SellersItemIdentification>', '<cac:SellersItemIdentification><cbc:ID>S-1</cbc:ID></cac:SellersItemIdentification><cac:StandardItemIdentification><cbc:ID>4000001000005</cbc:ID></cac:StandardItemIdentification>')),
  U('BR-65', rep(S_CAT, '<cac:CommodityClassification><cbc:ItemClassificationCode>12345</cbc:ItemClassificationCode></cac:CommodityClassification>' + S_CAT)),
  U('BR-CO-03', seq(rep('<cbc:EndDate>2026-02-28</cbc:EndDate>', '<cbc:EndDate>2026-02-28</cbc:EndDate><cbc:DescriptionCode>35</cbc:DescriptionCode>'), rep('<cbc:DocumentCurrencyCode>', '<cbc:TaxPointDate>2026-02-28</cbc:TaxPointDate>\n  <cbc:DocumentCurrencyCode>'))),
  U('BR-CO-04', rep('<cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>\n    </cac:Item>\n    <cac:Price><cbc:PriceAmount currencyID="EUR">200.00', '</cac:Item>\n    <cac:Price><cbc:PriceAmount currencyID="EUR">200.00')),
  U('BR-CO-09', rep('<cbc:CompanyID>DE123456789</cbc:CompanyID>', '<cbc:CompanyID>123456789</cbc:CompanyID>')),
  U('BR-CO-10', rep('<cbc:LineExtensionAmount currencyID="EUR">300.00</cbc:LineExtensionAmount>', '<cbc:LineExtensionAmount currencyID="EUR">301.00</cbc:LineExtensionAmount>')),
  U('BR-CO-11', rep('<cbc:AllowanceTotalAmount currencyID="EUR">10.00</cbc:AllowanceTotalAmount>', '<cbc:AllowanceTotalAmount currencyID="EUR">11.00</cbc:AllowanceTotalAmount>')),
  U('BR-CO-12', rep('<cbc:ChargeTotalAmount currencyID="EUR">5.00</cbc:ChargeTotalAmount>', '<cbc:ChargeTotalAmount currencyID="EUR">6.00</cbc:ChargeTotalAmount>')),
  U('BR-CO-13', rep('<cbc:TaxExclusiveAmount currencyID="EUR">295.00</cbc:TaxExclusiveAmount>', '<cbc:TaxExclusiveAmount currencyID="EUR">296.00</cbc:TaxExclusiveAmount>')),
  U('BR-CO-14', rep('<cbc:TaxAmount currencyID="EUR">56.05</cbc:TaxAmount>\n    <cac:TaxSubtotal>', '<cbc:TaxAmount currencyID="EUR">56.06</cbc:TaxAmount>\n    <cac:TaxSubtotal>')),
  U('BR-CO-15', rep('<cbc:TaxInclusiveAmount currencyID="EUR">351.05</cbc:TaxInclusiveAmount>', '<cbc:TaxInclusiveAmount currencyID="EUR">352.05</cbc:TaxInclusiveAmount>')),
  U('BR-CO-16', rep('<cbc:PayableAmount currencyID="EUR">351.05</cbc:PayableAmount>', '<cbc:PayableAmount currencyID="EUR">350.05</cbc:PayableAmount>')),
  U('BR-CO-17', rep('<cbc:TaxAmount currencyID="EUR">56.05</cbc:TaxAmount>\n      <cac:TaxCategory>', '<cbc:TaxAmount currencyID="EUR">58.05</cbc:TaxAmount>\n      <cac:TaxCategory>')),
  U('BR-CO-18', rep(/<cac:TaxSubtotal>[\s\S]*?<\/cac:TaxSubtotal>/, '')),
  U('BR-CO-19', rep('<cbc:StartDate>2026-02-01</cbc:StartDate>\n    <cbc:EndDate>2026-02-28</cbc:EndDate>', '')),
  U('BR-CO-20', rep('<cac:InvoicePeriod><cbc:StartDate>2026-02-01</cbc:StartDate><cbc:EndDate>2026-02-14</cbc:EndDate></cac:InvoicePeriod>', '<cac:InvoicePeriod></cac:InvoicePeriod>')),
  U('BR-CO-26', seq(rep(SELLER_VAT, NO_SELLER_VAT), rep('<cac:PartyIdentification><cbc:ID schemeID="0088">4000001000005</cbc:ID></cac:PartyIdentification>', ''), rep('<cbc:CompanyID>HRB 1234</cbc:CompanyID>', ''))),
  U('BR-DEC-01', seq(rep('<cbc:Amount currencyID="EUR">10.00</cbc:Amount>', '<cbc:Amount currencyID="EUR">10.000</cbc:Amount>'))),
  U('BR-DEC-02', rep('<cbc:Amount currencyID="EUR">10.00</cbc:Amount>', '<cbc:Amount currencyID="EUR">10.00</cbc:Amount><cbc:BaseAmount currencyID="EUR">100.001</cbc:BaseAmount>')),
  U('BR-DEC-05', rep('<cbc:Amount currencyID="EUR">5.00</cbc:Amount>', '<cbc:Amount currencyID="EUR">5.000</cbc:Amount>')),
  U('BR-DEC-06', rep('<cbc:Amount currencyID="EUR">5.00</cbc:Amount>', '<cbc:Amount currencyID="EUR">5.00</cbc:Amount><cbc:BaseAmount currencyID="EUR">50.001</cbc:BaseAmount>')),
  U('BR-DEC-09', rep('<cbc:LineExtensionAmount currencyID="EUR">300.00</cbc:LineExtensionAmount>', '<cbc:LineExtensionAmount currencyID="EUR">300.000</cbc:LineExtensionAmount>')),
  U('BR-DEC-10', rep('<cbc:AllowanceTotalAmount currencyID="EUR">10.00</cbc:AllowanceTotalAmount>', '<cbc:AllowanceTotalAmount currencyID="EUR">10.000</cbc:AllowanceTotalAmount>')),
  U('BR-DEC-11', rep('<cbc:ChargeTotalAmount currencyID="EUR">5.00</cbc:ChargeTotalAmount>', '<cbc:ChargeTotalAmount currencyID="EUR">5.000</cbc:ChargeTotalAmount>')),
  U('BR-DEC-12', rep('<cbc:TaxExclusiveAmount currencyID="EUR">295.00</cbc:TaxExclusiveAmount>', '<cbc:TaxExclusiveAmount currencyID="EUR">295.000</cbc:TaxExclusiveAmount>')),
  U('BR-DEC-13', rep('<cbc:TaxAmount currencyID="EUR">56.05</cbc:TaxAmount>\n    <cac:TaxSubtotal>', '<cbc:TaxAmount currencyID="EUR">56.050</cbc:TaxAmount>\n    <cac:TaxSubtotal>')),
  U('BR-DEC-14', rep('<cbc:TaxInclusiveAmount currencyID="EUR">351.05</cbc:TaxInclusiveAmount>', '<cbc:TaxInclusiveAmount currencyID="EUR">351.050</cbc:TaxInclusiveAmount>')),
  U('BR-DEC-16', rep('<cbc:PayableAmount', '<cbc:PrepaidAmount currencyID="EUR">0.001</cbc:PrepaidAmount>\n    <cbc:PayableAmount')),
  U('BR-DEC-17', rep('<cbc:PayableAmount', '<cbc:PayableRoundingAmount currencyID="EUR">0.001</cbc:PayableRoundingAmount>\n    <cbc:PayableAmount')),
  U('BR-DEC-18', rep('<cbc:PayableAmount currencyID="EUR">351.05</cbc:PayableAmount>', '<cbc:PayableAmount currencyID="EUR">351.050</cbc:PayableAmount>')),
  U('BR-DEC-19', rep('<cbc:TaxableAmount currencyID="EUR">295.00</cbc:TaxableAmount>', '<cbc:TaxableAmount currencyID="EUR">295.000</cbc:TaxableAmount>')),
  U('BR-DEC-20', rep('<cbc:TaxAmount currencyID="EUR">56.05</cbc:TaxAmount>\n      <cac:TaxCategory>', '<cbc:TaxAmount currencyID="EUR">56.050</cbc:TaxAmount>\n      <cac:TaxCategory>')),
  U('BR-DEC-23', rep('<cbc:LineExtensionAmount currencyID="EUR">200.00</cbc:LineExtensionAmount>', '<cbc:LineExtensionAmount currencyID="EUR">200.000</cbc:LineExtensionAmount>')),
  U('BR-DEC-24', rep('<cbc:LineExtensionAmount currencyID="EUR">200.00</cbc:LineExtensionAmount>', '<cbc:LineExtensionAmount currencyID="EUR">200.00</cbc:LineExtensionAmount>\n    <cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:AllowanceChargeReason>R</cbc:AllowanceChargeReason><cbc:Amount currencyID="EUR">0.001</cbc:Amount></cac:AllowanceCharge>')),
  U('BR-DEC-25', rep('<cbc:LineExtensionAmount currencyID="EUR">200.00</cbc:LineExtensionAmount>', '<cbc:LineExtensionAmount currencyID="EUR">200.00</cbc:LineExtensionAmount>\n    <cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:AllowanceChargeReason>R</cbc:AllowanceChargeReason><cbc:Amount currencyID="EUR">0.00</cbc:Amount><cbc:BaseAmount currencyID="EUR">1.001</cbc:BaseAmount></cac:AllowanceCharge>')),
  U('BR-DEC-27', rep('<cbc:LineExtensionAmount currencyID="EUR">200.00</cbc:LineExtensionAmount>', '<cbc:LineExtensionAmount currencyID="EUR">200.00</cbc:LineExtensionAmount>\n    <cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator><cbc:AllowanceChargeReason>R</cbc:AllowanceChargeReason><cbc:Amount currencyID="EUR">0.001</cbc:Amount></cac:AllowanceCharge>')),
  U('BR-DEC-28', rep('<cbc:LineExtensionAmount currencyID="EUR">200.00</cbc:LineExtensionAmount>', '<cbc:LineExtensionAmount currencyID="EUR">200.00</cbc:LineExtensionAmount>\n    <cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator><cbc:AllowanceChargeReason>R</cbc:AllowanceChargeReason><cbc:Amount currencyID="EUR">0.00</cbc:Amount><cbc:BaseAmount currencyID="EUR">1.001</cbc:BaseAmount></cac:AllowanceCharge>')),
  U('BR-DEC-15', seq(rep('<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>', '<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>\n  <cbc:TaxCurrencyCode>USD</cbc:TaxCurrencyCode>'), rep('<cac:LegalMonetaryTotal>', '<cac:TaxTotal><cbc:TaxAmount currencyID="USD">60.001</cbc:TaxAmount></cac:TaxTotal>\n  <cac:LegalMonetaryTotal>'))),

  // ---- VAT category families
  ...familyCases('BR-S', 'S', false, false, 'positive'),
  ...familyCases('BR-Z', 'Z', true, false, 'zero'),
  ...familyCases('BR-E', 'E', true, true, 'zero'),
  ...familyCases('BR-AE', 'AE', true, true, 'zero'),
  ...familyCases('BR-IC', 'K', true, true, 'zero'),
  ...familyCases('BR-G', 'G', true, true, 'zero'),
  ...familyCases('BR-O', 'O', true, true, 'absent').filter((c) => !['BR-O-05', 'BR-O-06', 'BR-O-07'].includes(c.id)),
  ...familyCases('BR-AF', 'L', false, false, 'non_negative'),
  ...familyCases('BR-AG', 'M', false, false, 'non_negative'),
  U('BR-O-05', seq(ublCategory('O', null, true), rep('<cac:ClassifiedTaxCategory><cbc:ID>O</cbc:ID>', '<cac:ClassifiedTaxCategory><cbc:ID>O</cbc:ID><cbc:Percent>0</cbc:Percent>'))),
  U('BR-O-06', seq(ublCategory('O', null, true), rep('<cbc:Amount currencyID="EUR">10.00</cbc:Amount>\n    <cac:TaxCategory><cbc:ID>O</cbc:ID>', '<cbc:Amount currencyID="EUR">10.00</cbc:Amount>\n    <cac:TaxCategory><cbc:ID>O</cbc:ID><cbc:Percent>0</cbc:Percent>'))),
  U('BR-O-07', seq(ublCategory('O', null, true), rep('<cbc:Amount currencyID="EUR">5.00</cbc:Amount>\n    <cac:TaxCategory><cbc:ID>O</cbc:ID>', '<cbc:Amount currencyID="EUR">5.00</cbc:Amount>\n    <cac:TaxCategory><cbc:ID>O</cbc:ID><cbc:Percent>0</cbc:Percent>'))),
  U('BR-O-11', seq(ublCategory('O', null, true), rep('<cac:TaxSubtotal>', '<cac:TaxSubtotal><cbc:TaxableAmount currencyID="EUR">0.00</cbc:TaxableAmount><cbc:TaxAmount currencyID="EUR">0.00</cbc:TaxAmount><cac:TaxCategory><cbc:ID>Z</cbc:ID><cbc:Percent>0</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal>\n    <cac:TaxSubtotal>'))),
  U('BR-O-12', seq(ublCategory('O', null, true), rep('<cac:ClassifiedTaxCategory><cbc:ID>O</cbc:ID>', '<cac:ClassifiedTaxCategory><cbc:ID>Z</cbc:ID><cbc:Percent>0</cbc:Percent>'))),
  U('BR-O-13', seq(ublCategory('O', null, true), rep('<cbc:Amount currencyID="EUR">10.00</cbc:Amount>\n    <cac:TaxCategory><cbc:ID>O</cbc:ID>', '<cbc:Amount currencyID="EUR">10.00</cbc:Amount>\n    <cac:TaxCategory><cbc:ID>Z</cbc:ID><cbc:Percent>0</cbc:Percent>'))),
  U('BR-O-14', seq(ublCategory('O', null, true), rep('<cbc:Amount currencyID="EUR">5.00</cbc:Amount>\n    <cac:TaxCategory><cbc:ID>O</cbc:ID>', '<cbc:Amount currencyID="EUR">5.00</cbc:Amount>\n    <cac:TaxCategory><cbc:ID>Z</cbc:ID><cbc:Percent>0</cbc:Percent>'))),
  U('BR-IC-11', seq(ublCategory('K', '0', true), rep(/<cac:InvoicePeriod>\s*<cbc:StartDate>2026-02-01<\/cbc:StartDate>\s*<cbc:EndDate>2026-02-28<\/cbc:EndDate>\s*<\/cac:InvoicePeriod>/, ''), rep('<cbc:ActualDeliveryDate>2026-02-20</cbc:ActualDeliveryDate>', ''))),
  U('BR-IC-12', seq(ublCategory('K', '0', true), rep('<cbc:PostalZone>20097</cbc:PostalZone>\n        <cac:Country><cbc:IdentificationCode>DE</cbc:IdentificationCode></cac:Country>', '<cbc:PostalZone>20097</cbc:PostalZone>'))),

  // ---- code lists
  U('BR-CL-01', rep('<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>', '<cbc:InvoiceTypeCode>999</cbc:InvoiceTypeCode>')),
  U('BR-CL-03', rep('<cbc:PayableAmount currencyID="EUR">', '<cbc:PayableAmount currencyID="EURO">')),
  U('BR-CL-04', rep('<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>', '<cbc:DocumentCurrencyCode>EURO</cbc:DocumentCurrencyCode>')),
  U('BR-CL-05', rep('<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>', '<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>\n  <cbc:TaxCurrencyCode>XYZ</cbc:TaxCurrencyCode>')),
  U('BR-CL-06', rep('<cbc:EndDate>2026-02-28</cbc:EndDate>', '<cbc:EndDate>2026-02-28</cbc:EndDate><cbc:DescriptionCode>999</cbc:DescriptionCode>')),
  U('BR-CL-07', rep('<cac:AccountingSupplierParty>', '<cac:AdditionalDocumentReference><cbc:ID schemeID="QQQ">OBJ-1</cbc:ID><cbc:DocumentTypeCode>130</cbc:DocumentTypeCode></cac:AdditionalDocumentReference>\n  <cac:AccountingSupplierParty>')),
  U('BR-CL-08', rep('<cbc:Note>#ADU#', '<cbc:Note>#ZZQ#')),
  U('BR-CL-10', rep('<cbc:ID schemeID="0088">4000001000005</cbc:ID>', '<cbc:ID schemeID="9999x">4000001000005</cbc:ID>')),
  U('BR-CL-11', rep('<cbc:CompanyID>HRB 1234</cbc:CompanyID>', '<cbc:CompanyID schemeID="ABC">HRB 1234</cbc:CompanyID>')),
  U('BR-CL-13', rep(S_CAT, '<cac:CommodityClassification><cbc:ItemClassificationCode listID="QQQ">1</cbc:ItemClassificationCode></cac:CommodityClassification>' + S_CAT)),
  U('BR-CL-14', rep('<cac:Country><cbc:IdentificationCode>DE</cbc:IdentificationCode></cac:Country>', '<cac:Country><cbc:IdentificationCode>XX</cbc:IdentificationCode></cac:Country>')),
  U('BR-CL-15', rep(S_CAT, '<cac:OriginCountry><cbc:IdentificationCode>XX</cbc:IdentificationCode></cac:OriginCountry>' + S_CAT)),
  U('BR-CL-16', rep('<cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>', '<cbc:PaymentMeansCode>999</cbc:PaymentMeansCode>')),
  U('BR-CL-17', rep(DOC_ALLOWANCE_CAT, '<cbc:Amount currencyID="EUR">10.00</cbc:Amount>\n    <cac:TaxCategory><cbc:ID>Q</cbc:ID><cbc:Percent>19</cbc:Percent>')),
  U('BR-CL-18', rep(S_CAT, '<cac:ClassifiedTaxCategory><cbc:ID>Q</cbc:ID><cbc:Percent>19</cbc:Percent>')),
  U('BR-CL-19', rep('<cbc:AllowanceChargeReasonCode>95</cbc:AllowanceChargeReasonCode>', '<cbc:AllowanceChargeReasonCode>FC</cbc:AllowanceChargeReasonCode>')),
  U('BR-CL-20', rep('<cbc:AllowanceChargeReasonCode>FC</cbc:AllowanceChargeReasonCode>', '<cbc:AllowanceChargeReasonCode>95</cbc:AllowanceChargeReasonCode>')),
  U('BR-CL-21', rep('<cac:SellersItemIdentification><cbc:ID>S-1</cbc:ID></cac:SellersItemIdentification>', '<cac:SellersItemIdentification><cbc:ID>S-1</cbc:ID></cac:SellersItemIdentification><cac:StandardItemIdentification><cbc:ID schemeID="ZZZ">1</cbc:ID></cac:StandardItemIdentification>')),
  U('BR-CL-22', seq(ublCategory('E', '0', true), rep('<cbc:TaxExemptionReason>steuerfrei</cbc:TaxExemptionReason>', '<cbc:TaxExemptionReasonCode>VATEX-NOPE</cbc:TaxExemptionReasonCode>'))),
  U('BR-CL-23', rep('<cbc:InvoicedQuantity unitCode="H87">2</cbc:InvoicedQuantity>', '<cbc:InvoicedQuantity unitCode="QQQQ">2</cbc:InvoicedQuantity>')),
  U('BR-CL-24', rep('<cac:AccountingSupplierParty>', '<cac:AdditionalDocumentReference><cbc:ID>A1</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="application/zip" filename="a.zip">AA==</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>\n  <cac:AccountingSupplierParty>')),
  U('BR-CL-25', rep('<cbc:EndpointID schemeID="EM">rechnung', '<cbc:EndpointID schemeID="XX">rechnung')),
  U('BR-CL-26', rep('<cac:DeliveryLocation>', '<cac:DeliveryLocation><cbc:ID schemeID="ABC">L1</cbc:ID>')),

  // ---- XRechnung
  U('BR-DE-1', rep(/<cac:PaymentMeans>[\s\S]*?<\/cac:PaymentMeans>/, '')),
  U('BR-DE-2', rep(/<cac:Contact>[\s\S]*?<\/cac:Contact>/, '')),
  U('BR-DE-3', rep('<cbc:CityName>Berlin</cbc:CityName>', '')),
  U('BR-DE-4', rep('<cbc:PostalZone>10115</cbc:PostalZone>', '')),
  U('BR-DE-5', rep('<cbc:Name>Erika Muster</cbc:Name>', '')),
  U('BR-DE-6', rep('<cbc:Telephone>+49 30 123456</cbc:Telephone>', '')),
  U('BR-DE-7', rep('<cbc:ElectronicMail>erika@lieferant.example</cbc:ElectronicMail>', '')),
  U('BR-DE-8', rep('<cbc:CityName>Hamburg</cbc:CityName>\n        <cbc:PostalZone>20095</cbc:PostalZone>', '<cbc:PostalZone>20095</cbc:PostalZone>')),
  U('BR-DE-9', rep('<cbc:PostalZone>20095</cbc:PostalZone>', '')),
  U('BR-DE-10', rep('<cbc:CityName>Hamburg</cbc:CityName>\n        <cbc:PostalZone>20097</cbc:PostalZone>', '<cbc:PostalZone>20097</cbc:PostalZone>')),
  U('BR-DE-11', rep('<cbc:PostalZone>20097</cbc:PostalZone>', '')),
  U('BR-DE-14', rep(SUBTOTAL_CAT, '<cbc:TaxAmount currencyID="EUR">56.05</cbc:TaxAmount>\n      <cac:TaxCategory><cbc:ID>S</cbc:ID>')),
  U('BR-DE-15', rep('<cbc:BuyerReference>04011000-12345-03</cbc:BuyerReference>', '')),
  U('BR-DE-16', seq(rep(SELLER_VAT, NO_SELLER_VAT))),
  U('BR-DE-17', rep('<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>', '<cbc:InvoiceTypeCode>71</cbc:InvoiceTypeCode>')),
  U('BR-DE-18', rep('<cbc:Note>Zahlbar innerhalb von 30 Tagen.</cbc:Note>', '<cbc:Note>#SKONTO#TAGE=7#PROZENT=2#\n</cbc:Note>')),
  U('BR-DE-19', rep('<cbc:ID>DE89370400440532013000</cbc:ID>', '<cbc:ID>DE89370400440532013001</cbc:ID>')),
  U('BR-DE-20', seq(rep('<cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>', '<cbc:PaymentMeansCode>59</cbc:PaymentMeansCode>'), rep(/<cac:PayeeFinancialAccount>[\s\S]*?<\/cac:PayeeFinancialAccount>/, '<cac:PaymentMandate><cbc:ID>M1</cbc:ID><cac:PayerFinancialAccount><cbc:ID>DE00370400440532013000</cbc:ID></cac:PayerFinancialAccount></cac:PaymentMandate>'))),
  U('BR-DE-21', rep(/<cbc:CustomizationID>[^<]*<\/cbc:CustomizationID>/, '<cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID>')),
  U('BR-DE-22', rep('<cac:AccountingSupplierParty>', '<cac:AdditionalDocumentReference><cbc:ID>A1</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="application/pdf" filename="a.pdf">AA==</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference><cac:AdditionalDocumentReference><cbc:ID>A2</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="application/pdf" filename="a.pdf">AA==</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>\n  <cac:AccountingSupplierParty>')),
  U('BR-DE-23-a', rep(/<cac:PayeeFinancialAccount>[\s\S]*?<\/cac:PayeeFinancialAccount>/, '')),
  U('BR-DE-23-b', rep('</cac:PayeeFinancialAccount>', '</cac:PayeeFinancialAccount><cac:CardAccount><cbc:PrimaryAccountNumberID>1234</cbc:PrimaryAccountNumberID><cbc:NetworkID>VISA</cbc:NetworkID></cac:CardAccount>')),
  U('BR-DE-24-a', rep('<cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>', '<cbc:PaymentMeansCode>54</cbc:PaymentMeansCode>')),
  U('BR-DE-24-b', rep('<cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>', '<cbc:PaymentMeansCode>54</cbc:PaymentMeansCode>')),
  U('BR-DE-25-a', rep('<cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>', '<cbc:PaymentMeansCode>59</cbc:PaymentMeansCode>')),
  U('BR-DE-25-b', rep('<cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>', '<cbc:PaymentMeansCode>59</cbc:PaymentMeansCode>')),
  U('BR-DE-26', rep('<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>', '<cbc:InvoiceTypeCode>384</cbc:InvoiceTypeCode>')),
  U('BR-DE-27', rep('<cbc:Telephone>+49 30 123456</cbc:Telephone>', '<cbc:Telephone>n/a</cbc:Telephone>')),
  U('BR-DE-28', rep('<cbc:ElectronicMail>erika@lieferant.example</cbc:ElectronicMail>', '<cbc:ElectronicMail>erika</cbc:ElectronicMail>')),
  U('BR-DE-30', seq(rep('<cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>', '<cbc:PaymentMeansCode>59</cbc:PaymentMeansCode>'), rep(/<cac:PayeeFinancialAccount>[\s\S]*?<\/cac:PayeeFinancialAccount>/, `<cac:PaymentMandate><cbc:ID>M1</cbc:ID><cac:PayerFinancialAccount><cbc:ID>DE89370400440532013000</cbc:ID></cac:PayerFinancialAccount></cac:PaymentMandate>`))),
  U('BR-DE-31', seq(rep('<cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>', '<cbc:PaymentMeansCode>59</cbc:PaymentMeansCode>'), rep(/<cac:PayeeFinancialAccount>[\s\S]*?<\/cac:PayeeFinancialAccount>/, '<cac:PaymentMandate><cbc:ID>M1</cbc:ID></cac:PaymentMandate>'))),
  U('BR-DE-TMP-32', seq(rep(/<cac:InvoicePeriod>\s*<cbc:StartDate>2026-02-01<\/cbc:StartDate>\s*<cbc:EndDate>2026-02-28<\/cbc:EndDate>\s*<\/cac:InvoicePeriod>/, ''), rep('<cbc:ActualDeliveryDate>2026-02-20</cbc:ActualDeliveryDate>', ''))),
  U('BR-TMP-2', rep('<cac:AccountingSupplierParty>', '<cac:AdditionalDocumentReference><cbc:ID>A1</cbc:ID><cac:Attachment><cac:ExternalReference><cbc:URI>kein link</cbc:URI></cac:ExternalReference></cac:Attachment></cac:AdditionalDocumentReference>\n  <cac:AccountingSupplierParty>')),
  C('BR-TMP-3', seq(rep('<ram:NetPriceProductTradePrice><ram:ChargeAmount>50.00</ram:ChargeAmount></ram:NetPriceProductTradePrice>', '<ram:NetPriceProductTradePrice><ram:ChargeAmount>50.00</ram:ChargeAmount><ram:BasisQuantity unitCode="H87">2</ram:BasisQuantity></ram:NetPriceProductTradePrice>'), rep('<ram:ChargeAmount>55.00</ram:ChargeAmount>', '<ram:ChargeAmount>55.00</ram:ChargeAmount><ram:BasisQuantity unitCode="H87">1</ram:BasisQuantity>')).bind(null)),

  // ---- Peppol rules merged into XRechnung
  U('PEPPOL-EN16931-R001', rep('<cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</cbc:ProfileID>', '')),
  U('PEPPOL-EN16931-R005', rep('<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>', '<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>\n  <cbc:TaxCurrencyCode>EUR</cbc:TaxCurrencyCode>')),
  U('PEPPOL-EN16931-R008', rep('<cbc:Note>#ADU#Lieferung laut Auftrag</cbc:Note>', '<cbc:Note> </cbc:Note>')),
  U('PEPPOL-EN16931-R010', rep('<cbc:EndpointID schemeID="EM">eingang@kunde.example</cbc:EndpointID>', '')),
  U('PEPPOL-EN16931-R020', rep('<cbc:EndpointID schemeID="EM">rechnung@lieferant.example</cbc:EndpointID>', '')),
  U('PEPPOL-EN16931-R040', rep('<cbc:Amount currencyID="EUR">10.00</cbc:Amount>', '<cbc:MultiplierFactorNumeric>10</cbc:MultiplierFactorNumeric><cbc:Amount currencyID="EUR">10.00</cbc:Amount><cbc:BaseAmount currencyID="EUR">200.00</cbc:BaseAmount>')),
  U('PEPPOL-EN16931-R041', rep('<cbc:Amount currencyID="EUR">10.00</cbc:Amount>', '<cbc:MultiplierFactorNumeric>10</cbc:MultiplierFactorNumeric><cbc:Amount currencyID="EUR">10.00</cbc:Amount>')),
  U('PEPPOL-EN16931-R042', rep('<cbc:Amount currencyID="EUR">10.00</cbc:Amount>', '<cbc:Amount currencyID="EUR">10.00</cbc:Amount><cbc:BaseAmount currencyID="EUR">100.00</cbc:BaseAmount>')),
  U('PEPPOL-EN16931-R043', rep('<cbc:ChargeIndicator>true</cbc:ChargeIndicator>', '<cbc:ChargeIndicator>1</cbc:ChargeIndicator>')),
  C('PEPPOL-EN16931-R043-1', rep('<ram:ChargeIndicator><udt:Indicator>true</udt:Indicator></ram:ChargeIndicator>\n        <ram:ActualAmount>5.00', '<ram:ChargeIndicator><udt:Indicator>1</udt:Indicator></ram:ChargeIndicator>\n        <ram:ActualAmount>5.00')),
  C('PEPPOL-EN16931-R043-2', rep('<ram:AppliedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>false</udt:Indicator>', '<ram:AppliedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>0</udt:Indicator>')),
  U('PEPPOL-EN16931-R044', rep('<cbc:ChargeIndicator>false</cbc:ChargeIndicator>\n        <cbc:Amount currencyID="EUR">5.00</cbc:Amount>', '<cbc:ChargeIndicator>true</cbc:ChargeIndicator>\n        <cbc:Amount currencyID="EUR">5.00</cbc:Amount>')),
  U('PEPPOL-EN16931-R046', rep('<cbc:BaseAmount currencyID="EUR">55.00</cbc:BaseAmount>', '<cbc:BaseAmount currencyID="EUR">56.00</cbc:BaseAmount>')),
  U('PEPPOL-EN16931-R053', rep('<cac:LegalMonetaryTotal>', '<cac:TaxTotal><cbc:TaxAmount currencyID="EUR">56.05</cbc:TaxAmount><cac:TaxSubtotal><cbc:TaxableAmount currencyID="EUR">295.00</cbc:TaxableAmount><cbc:TaxAmount currencyID="EUR">56.05</cbc:TaxAmount><cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal></cac:TaxTotal>\n  <cac:LegalMonetaryTotal>')),
  U('PEPPOL-EN16931-R054', rep('<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>', '<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>\n  <cbc:TaxCurrencyCode>USD</cbc:TaxCurrencyCode>')),
  U('PEPPOL-EN16931-R055', seq(rep('<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>', '<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>\n  <cbc:TaxCurrencyCode>USD</cbc:TaxCurrencyCode>'), rep('<cac:LegalMonetaryTotal>', '<cac:TaxTotal><cbc:TaxAmount currencyID="USD">-60.00</cbc:TaxAmount></cac:TaxTotal>\n  <cac:LegalMonetaryTotal>'))),
  U('PEPPOL-EN16931-R061', seq(rep('<cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>', '<cbc:PaymentMeansCode>59</cbc:PaymentMeansCode>'), rep(/<cac:PayeeFinancialAccount>[\s\S]*?<\/cac:PayeeFinancialAccount>/, ''))),
  U('PEPPOL-EN16931-R101', rep('<cac:Item>\n      <cbc:Name>Montage', '<cac:DocumentReference><cbc:ID>D1</cbc:ID></cac:DocumentReference>\n    <cac:Item>\n      <cbc:Name>Montage')),
  U('PEPPOL-EN16931-R110', rep('<cbc:StartDate>2026-02-01</cbc:StartDate><cbc:EndDate>2026-02-14</cbc:EndDate>', '<cbc:StartDate>2026-01-01</cbc:StartDate><cbc:EndDate>2026-02-14</cbc:EndDate>')),
  U('PEPPOL-EN16931-R111', rep('<cbc:StartDate>2026-02-01</cbc:StartDate><cbc:EndDate>2026-02-14</cbc:EndDate>', '<cbc:StartDate>2026-02-01</cbc:StartDate><cbc:EndDate>2026-03-14</cbc:EndDate>')),
  U('PEPPOL-EN16931-R120', rep('<cbc:InvoicedQuantity unitCode="H87">2</cbc:InvoicedQuantity>', '<cbc:InvoicedQuantity unitCode="H87">3</cbc:InvoicedQuantity>')),
  U('PEPPOL-EN16931-R121', rep('<cbc:BaseQuantity unitCode="H87">1</cbc:BaseQuantity>', '<cbc:BaseQuantity unitCode="H87">0</cbc:BaseQuantity>')),
  U('PEPPOL-EN16931-R130', rep('<cbc:BaseQuantity unitCode="H87">1</cbc:BaseQuantity>', '<cbc:BaseQuantity unitCode="KGM">1</cbc:BaseQuantity>')),

  // ---- syntax binding (UBL)
  U('UBL-SR-53', rep('<cbc:CompanyID>DE123456789</cbc:CompanyID>', '')),
  U('UBL-SR-48', rep('<cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>\n    </cac:Item>\n    <cac:Price><cbc:PriceAmount currencyID="EUR">200.00', '</cac:Item>\n    <cac:Price><cbc:PriceAmount currencyID="EUR">200.00')),
  U('UBL-DT-01', rep('<cbc:Amount currencyID="EUR">10.00</cbc:Amount>', '<cbc:Amount currencyID="EUR">10.001</cbc:Amount>')),
  U('UBL-DT-06', rep('<cac:AccountingSupplierParty>', '<cac:AdditionalDocumentReference><cbc:ID>A1</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject filename="a.pdf">AA==</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>\n  <cac:AccountingSupplierParty>')),
  U('UBL-DT-07', rep('<cac:AccountingSupplierParty>', '<cac:AdditionalDocumentReference><cbc:ID>A1</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="application/pdf">AA==</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>\n  <cac:AccountingSupplierParty>')),
  U('UBL-SR-08', rep('<cac:OrderReference>', '<cac:InvoicePeriod><cbc:StartDate>2026-02-01</cbc:StartDate></cac:InvoicePeriod>\n  <cac:OrderReference>')),
  U('UBL-SR-24', rep('<cac:PaymentMeans>', '<cac:Delivery><cbc:ActualDeliveryDate>2026-02-21</cbc:ActualDeliveryDate></cac:Delivery>\n  <cac:PaymentMeans>')),
  U('UBL-SR-05', rep('<cbc:Note>Zahlbar innerhalb von 30 Tagen.</cbc:Note>', '<cbc:Note>a</cbc:Note><cbc:Note>b</cbc:Note>')),
  U('UBL-SR-47', rep('</cac:PaymentMeans>', '</cac:PaymentMeans>\n  <cac:PaymentMeans><cbc:PaymentMeansCode>30</cbc:PaymentMeansCode><cac:PayeeFinancialAccount><cbc:ID>DE89370400440532013000</cbc:ID></cac:PayeeFinancialAccount></cac:PaymentMeans>')),
  U('UBL-SR-44', rep('</cac:PaymentMeans>', '</cac:PaymentMeans>\n  <cac:PaymentMeans><cbc:PaymentMeansCode>58</cbc:PaymentMeansCode><cbc:PaymentID>OTHER</cbc:PaymentID><cac:PayeeFinancialAccount><cbc:ID>DE89370400440532013000</cbc:ID></cac:PayeeFinancialAccount></cac:PaymentMeans>')),
  U('UBL-SR-34', rep('<cbc:ID>1</cbc:ID>\n    <cbc:InvoicedQuantity', '<cbc:ID>1</cbc:ID>\n    <cbc:Note>a</cbc:Note><cbc:Note>b</cbc:Note>\n    <cbc:InvoicedQuantity')),
  U('UBL-SR-50', rep('<cbc:Name>Montage</cbc:Name>', '<cbc:Description>a</cbc:Description><cbc:Description>b</cbc:Description><cbc:Name>Montage</cbc:Name>')),
  U('UBL-SR-10', rep('<cac:PartyName><cbc:Name>Lieferant</cbc:Name></cac:PartyName>', '<cac:PartyName><cbc:Name>Lieferant</cbc:Name></cac:PartyName><cac:PartyName><cbc:Name>L2</cbc:Name></cac:PartyName>')),
  U('UBL-SR-42', rep(SELLER_VAT, SELLER_VAT.replace('<cac:PartyTaxScheme>', '<cac:PartyTaxScheme><cbc:CompanyID>1</cbc:CompanyID><cac:TaxScheme><cbc:ID>FC</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme><cac:PartyTaxScheme><cbc:CompanyID>2</cbc:CompanyID><cac:TaxScheme><cbc:ID>XX</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme><cac:PartyTaxScheme>'))),
  U('UBL-SR-43', rep('<cac:AccountingSupplierParty>', '<cac:AdditionalDocumentReference><cbc:ID>A1</cbc:ID><cbc:DocumentTypeCode>916</cbc:DocumentTypeCode></cac:AdditionalDocumentReference>\n  <cac:AccountingSupplierParty>')),
  U('UBL-CR-666', rep('<cac:AccountingSupplierParty>', '<cac:AdditionalDocumentReference><cbc:ID>O1</cbc:ID><cbc:DocumentTypeCode>130</cbc:DocumentTypeCode><cac:Attachment><cac:ExternalReference><cbc:URI>https://x.example</cbc:URI></cac:ExternalReference></cac:Attachment></cac:AdditionalDocumentReference>\n  <cac:AccountingSupplierParty>')),
  U('UBL-CR-673', rep('<cac:AccountingSupplierParty>', '<cac:AdditionalDocumentReference><cbc:ID>O1</cbc:ID><cbc:DocumentTypeCode>130</cbc:DocumentTypeCode><cbc:DocumentDescription>d</cbc:DocumentDescription></cac:AdditionalDocumentReference>\n  <cac:AccountingSupplierParty>')),
  U('UBL-CR-678', rep(DOC_ALLOWANCE_CAT, '<cbc:Amount currencyID="EUR">10.00</cbc:Amount>\n    <cac:TaxCategory><cbc:ID schemeID="UNCL5305">S</cbc:ID><cbc:Percent>19</cbc:Percent>')),
  U('UBL-CR-679', rep(S_CAT, '<cac:ClassifiedTaxCategory><cbc:ID schemeID="UNCL5305">S</cbc:ID><cbc:Percent>19</cbc:Percent>')),

  // ---- syntax binding (CII)
  C('CII-SR-461', rep('<ram:RateApplicablePercent>19</ram:RateApplicablePercent>\n      </ram:ApplicableTradeTax>', '<ram:TaxPointDate><udt:DateString format="102">20260301</udt:DateString></ram:TaxPointDate><ram:RateApplicablePercent>19</ram:RateApplicablePercent>\n      </ram:ApplicableTradeTax>\n      <ram:ApplicableTradeTax><ram:CalculatedAmount>0.00</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>0.00</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode><ram:TaxPointDate><udt:DateString format="102">20260301</udt:DateString></ram:TaxPointDate><ram:RateApplicablePercent>7</ram:RateApplicablePercent></ram:ApplicableTradeTax>')),
  C('CII-SR-454', rep('<ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax>', '<ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax><ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax>')),
  C('CII-SR-465', rep('<ram:PersonName>Erika Muster</ram:PersonName>', '<ram:PersonName>Erika Muster</ram:PersonName><ram:DepartmentName>Buchhaltung</ram:DepartmentName>')),
  C('CII-SR-469', rep('<ram:PaymentReference>RE-2026-0002</ram:PaymentReference>', '<ram:PaymentReference>RE-2026-0002</ram:PaymentReference><ram:PaymentReference>X</ram:PaymentReference>')),
  C('CII-SR-439', rep('<ram:NetPriceProductTradePrice><ram:ChargeAmount>200.00</ram:ChargeAmount></ram:NetPriceProductTradePrice>', '<ram:NetPriceProductTradePrice></ram:NetPriceProductTradePrice>')),
  C('CII-DT-024', rep('<ram:BuyerOrderReferencedDocument><ram:IssuerAssignedID>PO-77</ram:IssuerAssignedID>', '<ram:BuyerOrderReferencedDocument><ram:IssuerAssignedID>PO-77</ram:IssuerAssignedID><ram:ReferenceTypeCode>ON</ram:ReferenceTypeCode>')),
  C('CII-SR-470', rep('<ram:PayeePartyCreditorFinancialAccount><ram:IBANID>DE89370400440532013000</ram:IBANID><ram:AccountName>Lieferant GmbH</ram:AccountName></ram:PayeePartyCreditorFinancialAccount>', '<ram:PayeePartyCreditorFinancialAccount><ram:AccountName>Lieferant GmbH</ram:AccountName></ram:PayeePartyCreditorFinancialAccount>')),
  C('BR-CO-15', rep('<ram:GrandTotalAmount>351.05</ram:GrandTotalAmount>', '<ram:GrandTotalAmount>352.05</ram:GrandTotalAmount>')),
  C('BR-S-08', rep('<ram:BasisAmount>295.00</ram:BasisAmount>', '<ram:BasisAmount>295.50</ram:BasisAmount>')),
  C('BR-CL-14', rep('<ram:CountryID>DE</ram:CountryID>', '<ram:CountryID>XX</ram:CountryID>')),
  C('BR-DE-30', rep('<ram:PaymentReference>', '<ram:CreditorReferenceID>DE98ZZZ09999999999</ram:CreditorReferenceID><ram:PaymentReference>').bind(null)),

  // ---- Extension and CVD
  U('BR-DEX-02', rep('<cac:Price><cbc:PriceAmount currencyID="EUR">200.00</cbc:PriceAmount></cac:Price>', '<cac:Price><cbc:PriceAmount currencyID="EUR">200.00</cbc:PriceAmount></cac:Price>\n    <cac:SubInvoiceLine><cbc:ID>2.1</cbc:ID><cbc:InvoicedQuantity unitCode="H87">1</cbc:InvoicedQuantity><cbc:LineExtensionAmount currencyID="EUR">150.00</cbc:LineExtensionAmount><cac:Item><cbc:Name>Teil</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory></cac:Item><cac:Price><cbc:PriceAmount currencyID="EUR">150.00</cbc:PriceAmount></cac:Price></cac:SubInvoiceLine>'), XR_EXT_SPEC),
  U('BR-DEX-03', rep('<cac:Price><cbc:PriceAmount currencyID="EUR">200.00</cbc:PriceAmount></cac:Price>', '<cac:Price><cbc:PriceAmount currencyID="EUR">200.00</cbc:PriceAmount></cac:Price>\n    <cac:SubInvoiceLine><cbc:ID>2.1</cbc:ID><cbc:InvoicedQuantity unitCode="H87">1</cbc:InvoicedQuantity><cbc:LineExtensionAmount currencyID="EUR">200.00</cbc:LineExtensionAmount><cac:Item><cbc:Name>Teil</cbc:Name></cac:Item><cac:Price><cbc:PriceAmount currencyID="EUR">200.00</cbc:PriceAmount></cac:Price></cac:SubInvoiceLine>'), XR_EXT_SPEC),
  U('BR-DEX-01', rep('<cac:AccountingSupplierParty>', '<cac:AdditionalDocumentReference><cbc:ID>A1</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="application/zip" filename="a.zip">AA==</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>\n  <cac:AccountingSupplierParty>'), XR_EXT_SPEC),
  U('BR-DEX-04', rep('<cbc:ID schemeID="0088">4000001000005</cbc:ID>', '<cbc:ID schemeID="XR09">4000001000005</cbc:ID>'), XR_EXT_SPEC),
  U('BR-DEX-05', rep('<cbc:CompanyID>HRB 1234</cbc:CompanyID>', '<cbc:CompanyID schemeID="XR09">HRB 1234</cbc:CompanyID>'), XR_EXT_SPEC),
  U('BR-DEX-06', rep('<cac:SellersItemIdentification><cbc:ID>S-1</cbc:ID></cac:SellersItemIdentification>', '<cac:SellersItemIdentification><cbc:ID>S-1</cbc:ID></cac:SellersItemIdentification><cac:StandardItemIdentification><cbc:ID schemeID="XR09">1</cbc:ID></cac:StandardItemIdentification>'), XR_EXT_SPEC),
  U('BR-DEX-07', rep('<cbc:EndpointID schemeID="EM">rechnung', '<cbc:EndpointID schemeID="XR09">rechnung'), XR_EXT_SPEC),
  U('BR-DEX-08', rep('<cac:DeliveryLocation>', '<cac:DeliveryLocation><cbc:ID schemeID="XR09">L1</cbc:ID>'), XR_EXT_SPEC),
  U('BR-DEX-09', rep('<cbc:PayableAmount currencyID="EUR">351.05</cbc:PayableAmount>', '<cbc:PayableAmount currencyID="EUR">350.05</cbc:PayableAmount>'), XR_EXT_SPEC),
  U('BR-DEX-10', rep('<cac:AllowanceCharge>', '<cac:PrepaidPayment><cbc:PaidAmount currencyID="EUR">0.00</cbc:PaidAmount><cbc:InstructionID>I</cbc:InstructionID></cac:PrepaidPayment>\n  <cac:AllowanceCharge>'), XR_EXT_SPEC),
  U('BR-DEX-11', rep('<cac:AllowanceCharge>', '<cac:PrepaidPayment><cbc:ID>P</cbc:ID><cbc:InstructionID>I</cbc:InstructionID></cac:PrepaidPayment>\n  <cac:AllowanceCharge>'), XR_EXT_SPEC),
  U('BR-DEX-12', rep('<cac:AllowanceCharge>', '<cac:PrepaidPayment><cbc:ID>P</cbc:ID><cbc:PaidAmount currencyID="EUR">0.00</cbc:PaidAmount></cac:PrepaidPayment>\n  <cac:AllowanceCharge>'), XR_EXT_SPEC),
  U('BR-DEX-13', rep('<cac:AllowanceCharge>', '<cac:PrepaidPayment><cbc:ID>P</cbc:ID><cbc:PaidAmount currencyID="EUR">0.001</cbc:PaidAmount><cbc:InstructionID>I</cbc:InstructionID></cac:PrepaidPayment>\n  <cac:AllowanceCharge>'), XR_EXT_SPEC),
  U('BR-DEX-14', rep('<cac:AllowanceCharge>', '<cac:PrepaidPayment><cbc:ID>P</cbc:ID><cbc:PaidAmount currencyID="USD">0.00</cbc:PaidAmount><cbc:InstructionID>I</cbc:InstructionID></cac:PrepaidPayment>\n  <cac:AllowanceCharge>'), XR_EXT_SPEC),
  C('BR-DEX-15', rep('<ram:AssociatedDocumentLineDocument><ram:LineID>2</ram:LineID>', '<ram:AssociatedDocumentLineDocument><ram:LineID>2</ram:LineID><ram:ParentLineID>1</ram:ParentLineID>'), XR_EXT_SPEC),
  U('BR-DE-CVD-01', rep('<cac:ContractDocumentReference><cbc:ID>V-2026-9</cbc:ID></cac:ContractDocumentReference>', ''), XR_CVD_SPEC),
  U('BR-DE-CVD-02', rep('<cac:OriginatorDocumentReference><cbc:ID>VERGABE-1</cbc:ID></cac:OriginatorDocumentReference>', ''), XR_CVD_SPEC),
  U('BR-DE-CVD-03', seq(rep(/<cac:CommodityClassification><cbc:ItemClassificationCode listID="CVD">M1<\/cbc:ItemClassificationCode><\/cac:CommodityClassification>/, ''), rep('<cac:AdditionalItemProperty><cbc:Name>cva</cbc:Name><cbc:Value>clean</cbc:Value></cac:AdditionalItemProperty>', '')), XR_CVD_SPEC),
  U('BR-DE-CVD-04', rep('listID="CVD">M1<', 'listID="CVD">X9<'), XR_CVD_SPEC),
  U('BR-DE-CVD-05', rep('<cbc:Value>clean</cbc:Value>', '<cbc:Value>dirty</cbc:Value>'), XR_CVD_SPEC),
  U('BR-DE-CVD-06-a', rep('<cac:AdditionalItemProperty><cbc:Name>cva</cbc:Name><cbc:Value>clean</cbc:Value></cac:AdditionalItemProperty>', ''), XR_CVD_SPEC),
  U('BR-DE-CVD-06-b', rep(/<cac:CommodityClassification><cbc:ItemClassificationCode listID="CVD">M1<\/cbc:ItemClassificationCode><\/cac:CommodityClassification>/, ''), XR_CVD_SPEC),
];

// ---- syntax-binding cardinalities and restrictions, ZUGFeRD 1.0 (second table)
const Z = (id: string, mutate: (x: string) => string): RuleCase => ({ id, syntax: 'zf1', mutate });
const twice = (snippet: string) => rep(snippet, snippet + snippet);
const before = (anchor: string, insert: string) => rep(anchor, insert + anchor);
const after = (anchor: string, insert: string) => rep(anchor, anchor + insert);
const SUPPLIER_PARTY_NAME = '<cac:PartyName><cbc:Name>Lieferant</cbc:Name></cac:PartyName>';
const PAYMENT_MEANS_END = '</cac:PaymentMeans>';
const SECOND_MEANS = (inner: string) => `${PAYMENT_MEANS_END}\n  <cac:PaymentMeans><cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>${inner}<cac:PayeeFinancialAccount><cbc:ID>DE89370400440532013000</cbc:ID></cac:PayeeFinancialAccount></cac:PaymentMeans>`;
const TAX_REP = (inner: string) => `<cac:TaxRepresentativeParty>${inner}<cac:PostalAddress><cac:Country><cbc:IdentificationCode>DE</cbc:IdentificationCode></cac:Country></cac:PostalAddress></cac:TaxRepresentativeParty>\n  <cac:Delivery>`;
const HEADER_SUM_END = '</ram:SpecifiedTradeSettlementHeaderMonetarySummation>';
const CII_SELLER_CONTACT = /<ram:DefinedTradeContact>[\s\S]*?<\/ram:DefinedTradeContact>/;
const CII_LINE_TAX = '<ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax>';
const CII_DOC_ALLOWANCE = '<ram:ChargeIndicator><udt:Indicator>false</udt:Indicator></ram:ChargeIndicator>\n        <ram:ActualAmount>10.00</ram:ActualAmount>';
const SUMMATION_NAMES = ['LineTotalAmount', 'ChargeTotalAmount', 'AllowanceTotalAmount', 'TaxBasisTotalAmount', 'RoundingAmount', 'GrandTotalAmount', 'InformationAmount', 'TotalPrepaidAmount', 'TotalDiscountAmount', 'TotalAllowanceChargeAmount', 'DuePayableAmount', 'RetailValueExcludingTaxInformationAmount', 'TotalDepositFeeInformationAmount', 'ProductValueExcludingTobaccoTaxInformationAmount', 'TotalRetailValueInformationAmount', 'GrossLineTotalAmount', 'NetLineTotalAmount', 'NetIncludingTaxesLineTotalAmount'];

RULE_CASES.push(
  U('UBL-SR-01', twice('<cac:ContractDocumentReference><cbc:ID>V-2026-9</cbc:ID></cac:ContractDocumentReference>')),
  U('UBL-SR-02', before('<cac:ContractDocumentReference>', '<cac:ReceiptDocumentReference><cbc:ID>R1</cbc:ID></cac:ReceiptDocumentReference><cac:ReceiptDocumentReference><cbc:ID>R2</cbc:ID></cac:ReceiptDocumentReference>')),
  U('UBL-SR-03', before('<cac:ContractDocumentReference>', '<cac:DespatchDocumentReference><cbc:ID>D1</cbc:ID></cac:DespatchDocumentReference><cac:DespatchDocumentReference><cbc:ID>D2</cbc:ID></cac:DespatchDocumentReference>')),
  U('UBL-SR-04', before('<cac:AccountingSupplierParty>', '<cac:AdditionalDocumentReference><cbc:ID>O1</cbc:ID><cbc:DocumentTypeCode>130</cbc:DocumentTypeCode></cac:AdditionalDocumentReference><cac:AdditionalDocumentReference><cbc:ID>O2</cbc:ID><cbc:DocumentTypeCode>130</cbc:DocumentTypeCode></cac:AdditionalDocumentReference>')),
  U('UBL-SR-56', before('<cac:ContractDocumentReference>', '<cac:OriginatorDocumentReference><cbc:ID>T1</cbc:ID></cac:OriginatorDocumentReference><cac:OriginatorDocumentReference><cbc:ID>T2</cbc:ID></cac:OriginatorDocumentReference>')),
  U('UBL-SR-39', before('<cac:AccountingSupplierParty>', '<cac:ProjectReference><cbc:ID>P1</cbc:ID></cac:ProjectReference><cac:ProjectReference><cbc:ID>P2</cbc:ID></cac:ProjectReference>')),
  U('UBL-SR-09', twice('<cbc:RegistrationName>Lieferant GmbH</cbc:RegistrationName>')),
  U('UBL-SR-11', twice('<cbc:CompanyID>HRB 1234</cbc:CompanyID>')),
  U('UBL-SR-14', after('<cbc:CompanyID>HRB 1234</cbc:CompanyID>', '<cbc:CompanyLegalForm>GmbH</cbc:CompanyLegalForm><cbc:CompanyLegalForm>GmbH</cbc:CompanyLegalForm>')),
  U('UBL-SR-15', twice('<cbc:RegistrationName>Kunde AG</cbc:RegistrationName>')),
  U('UBL-SR-16', before('<cac:PostalAddress>\n        <cbc:StreetName>Marktplatz 5', '<cac:PartyIdentification><cbc:ID>K1</cbc:ID></cac:PartyIdentification><cac:PartyIdentification><cbc:ID>K2</cbc:ID></cac:PartyIdentification>')),
  U('UBL-SR-17', rep('<cbc:RegistrationName>Kunde AG</cbc:RegistrationName>', '<cbc:RegistrationName>Kunde AG</cbc:RegistrationName><cbc:CompanyID>1</cbc:CompanyID><cbc:CompanyID>2</cbc:CompanyID>')),
  U('UBL-SR-40', before('<cac:PostalAddress>\n        <cbc:StreetName>Marktplatz 5', '<cac:PartyName><cbc:Name>K</cbc:Name></cac:PartyName><cac:PartyName><cbc:Name>K2</cbc:Name></cac:PartyName>')),
  U('UBL-SR-12', twice(SELLER_VAT.split('\n      <cac:PartyLegalEntity>')[0]!)),
  U('UBL-SR-13', before(SELLER_VAT, '<cac:PartyTaxScheme><cbc:CompanyID>1</cbc:CompanyID><cac:TaxScheme><cbc:ID>FC</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme><cac:PartyTaxScheme><cbc:CompanyID>2</cbc:CompanyID><cac:TaxScheme><cbc:ID>FC</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>')),
  U('UBL-SR-18', twice('<cac:PartyTaxScheme>\n        <cbc:CompanyID>DE987654321</cbc:CompanyID>\n        <cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>\n      </cac:PartyTaxScheme>')),
  U('UBL-SR-45', rep('<cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>', '<cbc:PaymentMeansCode>58</cbc:PaymentMeansCode><cbc:PaymentDueDate>2026-04-01</cbc:PaymentDueDate><cbc:PaymentDueDate>2026-04-02</cbc:PaymentDueDate>')),
  U('UBL-SR-49', rep('<cbc:EndDate>2026-02-28</cbc:EndDate>', '<cbc:EndDate>2026-02-28</cbc:EndDate><cbc:DescriptionCode>35</cbc:DescriptionCode><cbc:DescriptionCode>3</cbc:DescriptionCode>')),
  U('UBL-SR-54', rep(PAYMENT_MEANS_END, SECOND_MEANS('').replace('<cac:PayeeFinancialAccount>', '<cac:CardAccount><cbc:PrimaryAccountNumberID>1</cbc:PrimaryAccountNumberID><cbc:NetworkID>V</cbc:NetworkID></cac:CardAccount><cac:CardAccount><cbc:PrimaryAccountNumberID>2</cbc:PrimaryAccountNumberID><cbc:NetworkID>V</cbc:NetworkID></cac:CardAccount><cac:PayeeFinancialAccount>'))),
  U('UBL-SR-55', rep(PAYMENT_MEANS_END, '<cac:PaymentMandate><cbc:ID>M1</cbc:ID></cac:PaymentMandate><cac:PaymentMandate><cbc:ID>M2</cbc:ID></cac:PaymentMandate>' + PAYMENT_MEANS_END)),
  U('UBL-SR-26', twice('<cbc:PaymentID>RE-2026-0001</cbc:PaymentID>')),
  U('UBL-SR-27', twice('<cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>')),
  U('UBL-SR-28', rep(PAYMENT_MEANS_END, '<cac:PaymentMandate><cbc:ID>M1</cbc:ID><cbc:ID>M2</cbc:ID></cac:PaymentMandate>' + PAYMENT_MEANS_END)),
  U('UBL-SR-46', seq(rep('<cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>', '<cbc:PaymentMeansCode name="Überweisung">58</cbc:PaymentMeansCode>'), rep(PAYMENT_MEANS_END, SECOND_MEANS('').replace('<cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>', '<cbc:PaymentMeansCode name="Überweisung">58</cbc:PaymentMeansCode>')))),
  U('UBL-SR-29', seq(rep('<cac:PartyIdentification><cbc:ID schemeID="0088">4000001000005</cbc:ID></cac:PartyIdentification>', '<cac:PartyIdentification><cbc:ID schemeID="SEPA">DE98ZZZ1</cbc:ID></cac:PartyIdentification><cac:PartyIdentification><cbc:ID schemeID="SEPA">DE98ZZZ2</cbc:ID></cac:PartyIdentification>'))),
  U('UBL-SR-35', rep('<cbc:EndDate>2026-02-14</cbc:EndDate></cac:InvoicePeriod>', '<cbc:EndDate>2026-02-14</cbc:EndDate></cac:InvoicePeriod><cac:OrderLineReference><cbc:LineID>1</cbc:LineID></cac:OrderLineReference><cac:OrderLineReference><cbc:LineID>2</cbc:LineID></cac:OrderLineReference>')),
  U('UBL-SR-36', twice('<cac:InvoicePeriod><cbc:StartDate>2026-02-01</cbc:StartDate><cbc:EndDate>2026-02-14</cbc:EndDate></cac:InvoicePeriod>')),
  U('UBL-SR-37', rep('<cbc:BaseAmount currencyID="EUR">55.00</cbc:BaseAmount>\n      </cac:AllowanceCharge>', '<cbc:BaseAmount currencyID="EUR">55.00</cbc:BaseAmount>\n      </cac:AllowanceCharge><cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:Amount currencyID="EUR">0.00</cbc:Amount></cac:AllowanceCharge>')),
  U('UBL-SR-52', rep('<cac:Item>\n      <cbc:Name>Montage', '<cac:DocumentReference><cbc:ID>D1</cbc:ID><cbc:DocumentTypeCode>130</cbc:DocumentTypeCode></cac:DocumentReference><cac:DocumentReference><cbc:ID>D2</cbc:ID><cbc:DocumentTypeCode>130</cbc:DocumentTypeCode></cac:DocumentReference>\n    <cac:Item>\n      <cbc:Name>Montage')),
  U('UBL-SR-06', before('<cac:ContractDocumentReference>', '<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>A</cbc:ID></cac:InvoiceDocumentReference><cac:InvoiceDocumentReference><cbc:ID>B</cbc:ID></cac:InvoiceDocumentReference></cac:BillingReference>')),
  U('UBL-SR-07', before('<cac:ContractDocumentReference>', '<cac:BillingReference><cac:InvoiceDocumentReference></cac:InvoiceDocumentReference></cac:BillingReference>')),
  U('UBL-SR-22', rep('<cac:Delivery>', TAX_REP('<cac:PartyName><cbc:Name>V1</cbc:Name></cac:PartyName><cac:PartyName><cbc:Name>V2</cbc:Name></cac:PartyName><cac:PartyTaxScheme><cbc:CompanyID>DE1</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>'))),
  U('UBL-SR-23', rep('<cac:Delivery>', TAX_REP('<cac:PartyName><cbc:Name>V1</cbc:Name></cac:PartyName><cac:PartyTaxScheme><cbc:CompanyID>DE1</cbc:CompanyID><cbc:CompanyID>DE2</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>'))),
  U('UBL-SR-32', seq(ublCategory('E', '0', true), rep('<cbc:TaxExemptionReason>steuerfrei</cbc:TaxExemptionReason>', '<cbc:TaxExemptionReason>a</cbc:TaxExemptionReason><cbc:TaxExemptionReason>b</cbc:TaxExemptionReason>'))),
  U('UBL-SR-51', rep('<cbc:StreetName>Hauptstraße 1</cbc:StreetName>', '<cbc:StreetName>Hauptstraße 1</cbc:StreetName><cac:AddressLine><cbc:Line>a</cbc:Line></cac:AddressLine><cac:AddressLine><cbc:Line>b</cbc:Line></cac:AddressLine>')),
  U('UBL-SR-33', before('<cac:AccountingSupplierParty>', '<cac:AdditionalDocumentReference><cbc:ID>A1</cbc:ID><cbc:DocumentDescription>a</cbc:DocumentDescription><cbc:DocumentDescription>b</cbc:DocumentDescription></cac:AdditionalDocumentReference>')),
  U('UBL-SR-25', rep('</cac:DeliveryLocation>', '</cac:DeliveryLocation><cac:DeliveryParty><cac:PartyName><cbc:Name>a</cbc:Name></cac:PartyName><cac:PartyName><cbc:Name>b</cbc:Name></cac:PartyName></cac:DeliveryParty>')),
  U('UBL-SR-30', twice('<cbc:AllowanceChargeReason>Rabatt</cbc:AllowanceChargeReason>')),
  U('UBL-SR-31', twice('<cbc:AllowanceChargeReason>Fracht</cbc:AllowanceChargeReason>')),
  ...(['UBL-SR-19', 'UBL-SR-20', 'UBL-SR-21'] as const).map((id) => U(id, rep('<cac:Delivery>', '<cac:PayeeParty><cac:PartyName><cbc:Name>Lieferant GmbH</cbc:Name></cac:PartyName></cac:PayeeParty>\n  <cac:Delivery>'))),
  U('UBL-CR-646', rep('<cac:Price><cbc:PriceAmount currencyID="EUR">200.00</cbc:PriceAmount></cac:Price>', '<cac:Price><cbc:PriceAmount currencyID="EUR">200.00</cbc:PriceAmount></cac:Price><cac:SubInvoiceLine><cbc:ID>2.1</cbc:ID></cac:SubInvoiceLine>')),
  U('UBL-CR-470', before('<cac:AllowanceCharge>', '<cac:PrepaidPayment><cbc:PaidAmount currencyID="EUR">0.00</cbc:PaidAmount></cac:PrepaidPayment>\n  ')),
  U('UBL-CR-434', rep(PAYMENT_MEANS_END, '<cac:CreditAccount><cbc:AccountID>1</cbc:AccountID></cac:CreditAccount>' + PAYMENT_MEANS_END)),
  U('UBL-CR-528', rep('<cbc:EndDate>2026-02-14</cbc:EndDate></cac:InvoicePeriod>', '<cbc:EndDate>2026-02-14</cbc:EndDate></cac:InvoicePeriod><cac:OrderLineReference><cbc:LineID>1</cbc:LineID><cac:OrderReference><cbc:ID>PO</cbc:ID></cac:OrderReference></cac:OrderLineReference>')),
  U('BR-51', rep(PAYMENT_MEANS_END, SECOND_MEANS('').replace('<cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>', '<cbc:PaymentMeansCode>54</cbc:PaymentMeansCode><cac:CardAccount><cbc:PrimaryAccountNumberID>12345678901234</cbc:PrimaryAccountNumberID><cbc:NetworkID>VISA</cbc:NetworkID></cac:CardAccount>'))),

  // CII cardinalities
  C('CII-SR-455', rep(CII_SELLER_CONTACT, '<ram:DefinedTradeContact><ram:PersonName>A</ram:PersonName></ram:DefinedTradeContact><ram:DefinedTradeContact><ram:PersonName>B</ram:PersonName></ram:DefinedTradeContact>')),
  C('CII-SR-456', rep('<ram:Name>Kunde AG</ram:Name>', '<ram:Name>Kunde AG</ram:Name><ram:DefinedTradeContact><ram:PersonName>A</ram:PersonName></ram:DefinedTradeContact><ram:DefinedTradeContact><ram:PersonName>B</ram:PersonName></ram:DefinedTradeContact>')),
  C('CII-SR-466', rep('<ram:Name>Kunde AG</ram:Name>', '<ram:Name>Kunde AG</ram:Name><ram:DefinedTradeContact><ram:PersonName>A</ram:PersonName><ram:DepartmentName>D</ram:DepartmentName></ram:DefinedTradeContact>')),
  C('CII-SR-459', twice('<ram:URIUniversalCommunication><ram:URIID schemeID="EM">rechnung@lieferant.example</ram:URIID></ram:URIUniversalCommunication>')),
  C('CII-SR-460', twice('<ram:URIUniversalCommunication><ram:URIID schemeID="EM">eingang@kunde.example</ram:URIID></ram:URIUniversalCommunication>')),
  C('CII-SR-441', twice('<ram:ChargeAmount>200.00</ram:ChargeAmount>')),
  C('CII-SR-440', twice('<ram:ActualAmount>5.00</ram:ActualAmount>')),
  C('CII-SR-471', rep(CII_DOC_ALLOWANCE, CII_DOC_ALLOWANCE + '<ram:RateApplicablePercent>1</ram:RateApplicablePercent><ram:RateApplicablePercent>2</ram:RateApplicablePercent>')),
  C('CII-SR-472', twice('<ram:CategoryTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:CategoryTradeTax>')),
  C('CII-SR-473', twice('<ram:ActualAmount>10.00</ram:ActualAmount>')),
  ...SUMMATION_NAMES.map((name, i) => C(`CII-SR-${477 + i}`, rep(HEADER_SUM_END, `<ram:${name}>0.00</ram:${name}><ram:${name}>0.00</ram:${name}>${HEADER_SUM_END}`))),
  C('CII-SR-452', twice('<ram:SpecifiedTradePaymentTerms>\n        <ram:Description>Zahlbar innerhalb von 30 Tagen.</ram:Description>\n        <ram:DueDateDateTime><udt:DateTimeString format="102">20260401</udt:DateTimeString></ram:DueDateDateTime>\n      </ram:SpecifiedTradePaymentTerms>')),
  C('CII-SR-453', twice('<ram:Description>Zahlbar innerhalb von 30 Tagen.</ram:Description>')),
  C('CII-SR-009', rep(/(<ram:GuidelineSpecifiedDocumentContextParameter>[\s\S]*?<\/ram:GuidelineSpecifiedDocumentContextParameter>)/, '$1$1')),
  C('CII-SR-010', rep(/(<ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>[^<]*<\/ram:ID>)/, '$1<ram:ID>x</ram:ID>')),
  C('CII-SR-014', twice('<ram:TypeCode>380</ram:TypeCode>')),
  C('CII-SR-046', rep('<ram:SellerAssignedID>S-1</ram:SellerAssignedID>', '<ram:GlobalID>4000001000005</ram:GlobalID><ram:SellerAssignedID>S-1</ram:SellerAssignedID>')),
  C('CII-SR-090', rep('<ram:Name>Schraube</ram:Name>', '<ram:Name>Schraube</ram:Name><ram:OriginTradeCountry></ram:OriginTradeCountry>')),
  C('CII-SR-069', rep('<ram:Name>Schraube</ram:Name>', '<ram:Name>Schraube</ram:Name><ram:ApplicableProductCharacteristic><ram:Value>rot</ram:Value></ram:ApplicableProductCharacteristic>')),
  C('CII-SR-072', rep('<ram:Name>Schraube</ram:Name>', '<ram:Name>Schraube</ram:Name><ram:ApplicableProductCharacteristic><ram:Description>Farbe</ram:Description></ram:ApplicableProductCharacteristic>')),
  C('CII-SR-463', rep('<ram:ChargeIndicator><udt:Indicator>false</udt:Indicator></ram:ChargeIndicator>\n        <ram:ActualAmount>10.00', '<ram:ActualAmount>10.00')),
  C('CII-SR-462', rep('<ram:RateApplicablePercent>19</ram:RateApplicablePercent>\n      </ram:ApplicableTradeTax>', '<ram:DueDateTypeCode>5</ram:DueDateTypeCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent>\n      </ram:ApplicableTradeTax><ram:ApplicableTradeTax><ram:CalculatedAmount>0.00</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>0.00</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode><ram:DueDateTypeCode>29</ram:DueDateTypeCode><ram:RateApplicablePercent>7</ram:RateApplicablePercent></ram:ApplicableTradeTax>')),
  C('CII-SR-467', rep('</ram:SpecifiedTradeSettlementPaymentMeans>', '</ram:SpecifiedTradeSettlementPaymentMeans><ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>30</ram:TypeCode><ram:PayeePartyCreditorFinancialAccount><ram:IBANID>DE89370400440532013000</ram:IBANID></ram:PayeePartyCreditorFinancialAccount></ram:SpecifiedTradeSettlementPaymentMeans>')),
  C('CII-SR-468', seq(rep('<ram:TypeCode>58</ram:TypeCode>', '<ram:TypeCode>58</ram:TypeCode><ram:Information>a</ram:Information>'), rep('</ram:SpecifiedTradeSettlementPaymentMeans>', '</ram:SpecifiedTradeSettlementPaymentMeans><ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>58</ram:TypeCode><ram:Information>b</ram:Information><ram:PayeePartyCreditorFinancialAccount><ram:IBANID>DE89370400440532013000</ram:IBANID></ram:PayeePartyCreditorFinancialAccount></ram:SpecifiedTradeSettlementPaymentMeans>'))),
  C('CII-SR-464', rep('</ram:PayeePartyCreditorFinancialAccount>', '</ram:PayeePartyCreditorFinancialAccount><ram:PayerSpecifiedDebtorFinancialInstitution><ram:BICID>X</ram:BICID></ram:PayerSpecifiedDebtorFinancialInstitution>')),
  C('CII-SR-475', before('<ram:BuyerOrderReferencedDocument>', '<ram:AdditionalReferencedDocument><ram:IssuerAssignedID>A</ram:IssuerAssignedID><ram:TypeCode>916</ram:TypeCode><ram:Name>a</ram:Name></ram:AdditionalReferencedDocument><ram:AdditionalReferencedDocument><ram:IssuerAssignedID>B</ram:IssuerAssignedID><ram:TypeCode>916</ram:TypeCode><ram:Name>b</ram:Name></ram:AdditionalReferencedDocument>')),
  C('CII-SR-351', rep('<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>', '<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode><ram:InvoiceeTradeParty><ram:Name>X</ram:Name></ram:InvoiceeTradeParty>')),
  C('BR-51', rep('<ram:TypeCode>58</ram:TypeCode>', '<ram:TypeCode>54</ram:TypeCode><ram:ApplicableTradeSettlementFinancialCard><ram:ID>12345678901234</ram:ID></ram:ApplicableTradeSettlementFinancialCard>')),

  // CII data-type restrictions
  ...['schemeName', 'schemeAgencyName', 'schemeDataURI', 'schemeURI', 'schemeID', 'schemeAgencyID', 'schemeVersionID'].map((a, i) => C(`CII-DT-00${i + 1}`, rep('<ram:ID>RE-2026-0002</ram:ID>', `<ram:ID ${a}="x">RE-2026-0002</ram:ID>`))),
  ...['schemeName', 'schemeAgencyName', 'schemeDataURI', 'schemeURI'].map((a, i) => C(`CII-DT-10${i + 1}`, rep('<ram:IBANID>', `<ram:IBANID ${a}="x">`))),
  C('CII-DT-008', rep('<ram:TypeCode>58</ram:TypeCode>', '<ram:TypeCode name="x">58</ram:TypeCode>')),
  C('CII-DT-009', rep('<ram:TypeCode>58</ram:TypeCode>', '<ram:TypeCode listURI="x">58</ram:TypeCode>')),
  C('CII-DT-013', rep('<rsm:CrossIndustryInvoice ', '<rsm:CrossIndustryInvoice languageID="de" ')),
  C('CII-DT-014', rep('<rsm:CrossIndustryInvoice ', '<rsm:CrossIndustryInvoice languageLocaleID="de" ')),
  ...([['015', 'URIID'], ['016', 'StatusCode'], ['017', 'CopyIndicator'], ['018', 'TypeCode'], ['019', 'GlobalID'], ['020', 'RevisionID'], ['021', 'Name'], ['022', 'AttachmentBinaryObject'], ['023', 'Information'], ['025', 'SectionName'], ['026', 'PreviousRevisionID'], ['027', 'FormattedIssueDateTime'], ['028', 'EffectiveSpecifiedPeriod'], ['029', 'IssuerTradeParty'], ['030', 'AttachedSpecifiedBinaryFile']] as const).map(([n, child]) =>
    C(`CII-DT-${n}`, rep('<ram:BuyerOrderReferencedDocument><ram:IssuerAssignedID>PO-77</ram:IssuerAssignedID>', `<ram:BuyerOrderReferencedDocument><ram:IssuerAssignedID>PO-77</ram:IssuerAssignedID><ram:${child}>x</ram:${child}>`)),
  ),
  C('CII-DT-031', rep('<ram:LineTotalAmount>300.00</ram:LineTotalAmount>', '<ram:LineTotalAmount currencyID="EUR">300.00</ram:LineTotalAmount>')),
  C('CII-DT-032', rep('<ram:LineTotalAmount>300.00</ram:LineTotalAmount>', '<ram:LineTotalAmount currencyCodeListVersionID="1">300.00</ram:LineTotalAmount>')),
  C('CII-DT-033', seq((x) => x.replace(/<ram:BilledQuantity unitCode="H87">/g, '<ram:BilledQuantity>'), rep('<ram:NetPriceProductTradePrice><ram:ChargeAmount>200.00</ram:ChargeAmount>', '<ram:NetPriceProductTradePrice><ram:ChargeAmount>200.00</ram:ChargeAmount><ram:BasisQuantity unitCode="H87">1</ram:BasisQuantity>'))),
  ...['unitCodeListID', 'unitCodeListAgencyID', 'unitCodeListAgencyName'].map((a, i) => C(`CII-DT-03${4 + i}`, rep('<ram:BilledQuantity unitCode="H87">2</ram:BilledQuantity>', `<ram:BilledQuantity unitCode="H87" ${a}="x">2</ram:BilledQuantity>`))),
  C('CII-DT-037', rep(CII_LINE_TAX, CII_LINE_TAX.replace('<ram:TypeCode>VAT</ram:TypeCode>', '<ram:TypeCode>GST</ram:TypeCode>'))),
  C('CII-DT-068', rep('<ram:StartDateTime><udt:DateTimeString format="102">20260201</udt:DateTimeString></ram:StartDateTime>', '<ram:StartDateTime><udt:DateTime>2026-02-01T00:00:00</udt:DateTime></ram:StartDateTime>')),
  C('CII-DT-072', rep('<ram:EndDateTime><udt:DateTimeString format="102">20260228</udt:DateTimeString></ram:EndDateTime>', '<ram:EndDateTime><udt:DateTime>2026-02-28T00:00:00</udt:DateTime></ram:EndDateTime>')),
  ...(['DurationMeasure', 'InclusiveIndicator', 'Description', 'CompleteDateTime', 'OpenIndicator', 'SeasonCode', 'ID', 'Name', 'SequenceNumeric', 'StartDateFlexibilityCode', 'ContinuousIndicator', 'PurposeCode'] as const).map((child, i) =>
    C(`CII-DT-0${[69, 70, 71, 73, 74, 75, 76, 77, 78, 79, 80, 81][i]}`, rep('</ram:BillingSpecifiedPeriod>', `<ram:${child}>x</ram:${child}></ram:BillingSpecifiedPeriod>`)),
  ),
  ...(['ID', 'PostOfficeBox', 'BuildingName', 'LineFour', 'LineFive', 'StreetName', 'CitySubDivisionName', 'CountryName', 'CountrySubDivisionID', 'AttentionOf', 'CareOf', 'BuildingNumber', 'DepartmentName', 'AdditionalStreetName'] as const).map((child, i) =>
    C(`CII-DT-0${[82, 83, 84, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96][i]}`, rep('<ram:CityName>Berlin</ram:CityName>', `<ram:CityName>Berlin</ram:CityName><ram:${child}>x</ram:${child}>`)),
  ),
  C('CII-DT-097', rep('<udt:DateTimeString format="102">20260302</udt:DateTimeString>', '<udt:DateTimeString format="102">2026-03-02</udt:DateTimeString>')),

  ...(['schemeName', 'schemeAgencyName', 'schemeDataURI', 'schemeURI', 'format', 'unitCodeListIdentifier', 'unitCodeListAgencyIdentifier', 'unitCodeListAgencyName', 'listAgencyName', 'listName', 'languageID', 'listURI', 'listSchemeURI', 'languageLocaleID', 'uri', 'currencyCodeListVersionID', 'characterSetCode', 'encodingCode', 'schemeAgencyID', 'listAgencyID'] as const).map((a, i) =>
    U(`UBL-DT-${String([8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28][i]).padStart(2, '0')}`, rep('<cbc:BuyerReference>', `<cbc:BuyerReference ${a}="x">`)),
  ),
  U('UBL-DT-18', rep('<cbc:BuyerReference>', '<cbc:BuyerReference name="x">')),
  U('BR-B-01', seq(ublCategory('B', '19'), rep('<cbc:IdentificationCode>DE</cbc:IdentificationCode>', '<cbc:IdentificationCode>IT</cbc:IdentificationCode>'))),
  U('BR-B-02', rep(S_CAT, '<cac:ClassifiedTaxCategory><cbc:ID>B</cbc:ID><cbc:Percent>19</cbc:Percent>')),
  ...(['CalculatedRate', 'CalculationSequenceNumeric', 'BasisQuantity', 'UnitBasisAmount', 'LineTotalBasisAmount', 'AllowanceChargeBasisAmount', 'CurrencyCode', 'Jurisdiction', 'CustomsDutyIndicator', 'TaxBasisAllowanceRate', 'Type', 'InformationAmount', 'CategoryName', 'SpecifiedTradeAccountingAccount', 'ServiceSupplyTradeCountry', 'BuyerRepayableTaxSpecifiedTradeAccountingAccount', 'SellerPayableTaxSpecifiedTradeAccountingAccount', 'SellerRefundableTaxSpecifiedTradeAccountingAccount', 'BuyerDeductibleTaxSpecifiedTradeAccountingAccount', 'BuyerNonDeductibleTaxSpecifiedTradeAccountingAccount', 'PlaceApplicableTradeLocation'] as const).map((child, i) =>
    C(`CII-DT-0${[38, 39, 40, 42, 43, 44, 49, 50, 51, 53, 55, 56, 57, 60, 61, 62, 63, 64, 65, 66, 67][i]}`, rep('<ram:RateApplicablePercent>19</ram:RateApplicablePercent>\n      </ram:ApplicableTradeTax>', `<ram:RateApplicablePercent>19</ram:RateApplicablePercent><ram:${child}>x</ram:${child}>\n      </ram:ApplicableTradeTax>`)),
  ),
  ...(['BasisAmount', 'TaxPointDate', 'DueDateTypeCode'] as const).map((child, i) => C(`CII-DT-0${[41, 54, 58][i]}`, rep(CII_LINE_TAX, CII_LINE_TAX.replace('</ram:ApplicableTradeTax>', `<ram:${child}>1</ram:${child}></ram:ApplicableTradeTax>`)))),
  ...(['ExemptionReasonCode', 'ExemptionReason'] as const).map((child, i) => C(`CII-DT-0${[52, 98][i]}`, rep('<ram:CategoryTradeTax><ram:TypeCode>VAT</ram:TypeCode>', `<ram:CategoryTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:${child}>x</ram:${child}>`))),
  C('CII-DT-059', rep('<ram:RateApplicablePercent>19</ram:RateApplicablePercent>\n      </ram:ApplicableTradeTax>', '<ram:RateApplicablePercent format="x">19</ram:RateApplicablePercent>\n      </ram:ApplicableTradeTax>')),
  ...(['listID', 'listAgencyID', 'listVersionID', 'listURI'] as const).map((a, i) => C(`CII-DT-04${5 + i}`, rep(CII_LINE_TAX, CII_LINE_TAX.replace('<ram:CategoryCode>', `<ram:CategoryCode ${a}="x">`)))),
  // CVD code list, ZUGFeRD 1.0
  U('BR-TMP-CVD-01', rep(S_CAT, '<cac:CommodityClassification><cbc:ItemClassificationCode listID="QQ">1</cbc:ItemClassificationCode></cac:CommodityClassification>' + S_CAT), XR_CVD_SPEC),
  Z('ZF1-PROFILE', rep(':comfort</ram:ID>', ':basic</ram:ID>')),
  Z('ZF1-TYPE-CODE', rep('<ram:TypeCode>380</ram:TypeCode>', '<ram:TypeCode>381</ram:TypeCode>')),
  Z('ZF1-TAX-TYPE-CODE', rep('<ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount', '<ram:TypeCode>GST</ram:TypeCode><ram:BasisAmount')),
  Z('ZF1-SUM-LINES', rep('<ram:LineTotalAmount currencyID="EUR">100.00</ram:LineTotalAmount>\n        <ram:ChargeTotalAmount', '<ram:LineTotalAmount currencyID="EUR">101.00</ram:LineTotalAmount>\n        <ram:ChargeTotalAmount')),
  Z('ZF1-SUM-TAX-BASIS', rep('<ram:TaxBasisTotalAmount currencyID="EUR">100.00</ram:TaxBasisTotalAmount>', '<ram:TaxBasisTotalAmount currencyID="EUR">99.00</ram:TaxBasisTotalAmount>')),
  Z('ZF1-SUM-TAX', rep('<ram:TaxTotalAmount currencyID="EUR">19.00</ram:TaxTotalAmount>', '<ram:TaxTotalAmount currencyID="EUR">18.00</ram:TaxTotalAmount>')),
  Z('ZF1-SUM-GRAND', rep('<ram:GrandTotalAmount currencyID="EUR">119.00</ram:GrandTotalAmount>', '<ram:GrandTotalAmount currencyID="EUR">118.00</ram:GrandTotalAmount>')),
  Z('ZF1-SUM-DUE', rep('<ram:DuePayableAmount currencyID="EUR">119.00</ram:DuePayableAmount>', '<ram:DuePayableAmount currencyID="EUR">118.00</ram:DuePayableAmount>')),
  Z('ZF1-SETTLEMENT', rep(/<ram:ApplicableSupplyChainTradeSettlement>[\s\S]*<\/ram:ApplicableSupplyChainTradeSettlement>/, '')),
);
