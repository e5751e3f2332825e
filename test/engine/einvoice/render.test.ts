// The e-invoice visualization (spec 2.5): same layout for UBL and CII, English and German
// labels, everything escaped and script-free, nested sub-lines, a labelled bounded prefix for
// huge line sets, and the JPEG fallback.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import { parseInvoice } from '../../../engine/einvoice/index.js';
import { buildInvoiceView, documentLocale, formatDecimal, MAX_RENDERED_LINES, renderInvoiceHtml, renderInvoiceJpeg, INVOICE_IMAGE_WIDTH } from '../../../engine/einvoice/render/index.js';
import { samplePath, skipUnlessSamples } from '../../helpers/samples.js';

const SAMPLES = samplePath('einvoice');
const noSamples = skipUnlessSamples('einvoice');

interface Line { id: string; name: string; qty: string; price: string; net: string; parent?: string }
interface Inv { id: string; seller: string; buyer: string; lines: Line[]; note?: string }

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const SPEC = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_3.0';

/** The same invoice in UBL 2.1 (sub-lines as cac:SubInvoiceLine)... */
function ubl(inv: Inv): Buffer {
  const lineXml = (l: Line, subs: Line[]): string =>
    `<cac:${l.parent ? 'SubInvoiceLine' : 'InvoiceLine'}><cbc:ID>${l.id}</cbc:ID><cbc:InvoicedQuantity unitCode="C62">${l.qty}</cbc:InvoicedQuantity><cbc:LineExtensionAmount currencyID="EUR">${l.net}</cbc:LineExtensionAmount>` +
    `<cac:Item><cbc:Name>${esc(l.name)}</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory></cac:Item>` +
    `<cac:Price><cbc:PriceAmount currencyID="EUR">${l.price}</cbc:PriceAmount></cac:Price>${subs.map((s) => lineXml(s, [])).join('')}</cac:${l.parent ? 'SubInvoiceLine' : 'InvoiceLine'}>`;
  const top = inv.lines.filter((l) => !l.parent);
  const party = (name: string, street: string) => `<cac:Party><cac:PostalAddress><cbc:StreetName>${street}</cbc:StreetName><cbc:CityName>Berlin</cbc:CityName><cbc:PostalZone>10115</cbc:PostalZone><cac:Country><cbc:IdentificationCode>DE</cbc:IdentificationCode></cac:Country></cac:PostalAddress><cac:PartyLegalEntity><cbc:RegistrationName>${esc(name)}</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party>`;
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">` +
      `<cbc:CustomizationID>${SPEC}</cbc:CustomizationID><cbc:ID>${esc(inv.id)}</cbc:ID><cbc:IssueDate>2024-03-05</cbc:IssueDate><cbc:DueDate>2024-04-04</cbc:DueDate><cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>` +
      `${inv.note ? `<cbc:Note>${esc(inv.note)}</cbc:Note>` : ''}<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode><cbc:BuyerReference>04011000-1234512345-06</cbc:BuyerReference>` +
      `<cac:AccountingSupplierParty>${party(inv.seller, 'Hauptstraße 1')}</cac:AccountingSupplierParty><cac:AccountingCustomerParty>${party(inv.buyer, 'Nebenweg 2')}</cac:AccountingCustomerParty>` +
      `<cac:PaymentMeans><cbc:PaymentMeansCode>58</cbc:PaymentMeansCode><cac:PayeeFinancialAccount><cbc:ID>DE94123456780000001234</cbc:ID></cac:PayeeFinancialAccount></cac:PaymentMeans>` +
      `<cac:TaxTotal><cbc:TaxAmount currencyID="EUR">190.00</cbc:TaxAmount><cac:TaxSubtotal><cbc:TaxableAmount currencyID="EUR">1000.00</cbc:TaxableAmount><cbc:TaxAmount currencyID="EUR">190.00</cbc:TaxAmount><cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal></cac:TaxTotal>` +
      `<cac:LegalMonetaryTotal><cbc:LineExtensionAmount currencyID="EUR">1000.00</cbc:LineExtensionAmount><cbc:TaxExclusiveAmount currencyID="EUR">1000.00</cbc:TaxExclusiveAmount><cbc:TaxInclusiveAmount currencyID="EUR">1190.00</cbc:TaxInclusiveAmount><cbc:PayableAmount currencyID="EUR">1190.00</cbc:PayableAmount></cac:LegalMonetaryTotal>` +
      top.map((l) => lineXml(l, inv.lines.filter((s) => s.parent === l.id))).join('') +
      '</Invoice>',
  );
}

/** ...and in UN/CEFACT CII (sub-lines by ParentLineID). */
function cii(inv: Inv): Buffer {
  const party = (name: string, street: string) => `<ram:Name>${esc(name)}</ram:Name><ram:PostalTradeAddress><ram:PostcodeCode>10115</ram:PostcodeCode><ram:LineOne>${street}</ram:LineOne><ram:CityName>Berlin</ram:CityName><ram:CountryID>DE</ram:CountryID></ram:PostalTradeAddress>`;
  const lineXml = (l: Line) =>
    `<ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:LineID>${l.id}</ram:LineID>${l.parent ? `<ram:ParentLineID>${l.parent}</ram:ParentLineID>` : ''}</ram:AssociatedDocumentLineDocument>` +
    `<ram:SpecifiedTradeProduct><ram:Name>${esc(l.name)}</ram:Name></ram:SpecifiedTradeProduct><ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>${l.price}</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>` +
    `<ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">${l.qty}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery><ram:SpecifiedLineTradeSettlement><ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax>` +
    `<ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${l.net}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation></ram:SpecifiedLineTradeSettlement></ram:IncludedSupplyChainTradeLineItem>`;
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">` +
      `<rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>${SPEC}</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>` +
      `<rsm:ExchangedDocument><ram:ID>${esc(inv.id)}</ram:ID><ram:TypeCode>380</ram:TypeCode><ram:IssueDateTime><udt:DateTimeString format="102">20240305</udt:DateTimeString></ram:IssueDateTime>${inv.note ? `<ram:IncludedNote><ram:Content>${esc(inv.note)}</ram:Content></ram:IncludedNote>` : ''}</rsm:ExchangedDocument>` +
      `<rsm:SupplyChainTradeTransaction>${inv.lines.map(lineXml).join('')}` +
      `<ram:ApplicableHeaderTradeAgreement><ram:BuyerReference>04011000-1234512345-06</ram:BuyerReference><ram:SellerTradeParty>${party(inv.seller, 'Hauptstraße 1')}</ram:SellerTradeParty><ram:BuyerTradeParty>${party(inv.buyer, 'Nebenweg 2')}</ram:BuyerTradeParty></ram:ApplicableHeaderTradeAgreement>` +
      `<ram:ApplicableHeaderTradeDelivery/><ram:ApplicableHeaderTradeSettlement><ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>` +
      `<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>58</ram:TypeCode><ram:PayeePartyCreditorFinancialAccount><ram:IBANID>DE94123456780000001234</ram:IBANID></ram:PayeePartyCreditorFinancialAccount></ram:SpecifiedTradeSettlementPaymentMeans>` +
      `<ram:ApplicableTradeTax><ram:CalculatedAmount>190.00</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>1000.00</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax>` +
      `<ram:SpecifiedTradePaymentTerms><ram:DueDateDateTime><udt:DateTimeString format="102">20240404</udt:DateTimeString></ram:DueDateDateTime></ram:SpecifiedTradePaymentTerms>` +
      `<ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:LineTotalAmount>1000.00</ram:LineTotalAmount><ram:TaxBasisTotalAmount>1000.00</ram:TaxBasisTotalAmount><ram:TaxTotalAmount currencyID="EUR">190.00</ram:TaxTotalAmount><ram:GrandTotalAmount>1190.00</ram:GrandTotalAmount><ram:DuePayableAmount>1190.00</ram:DuePayableAmount></ram:SpecifiedTradeSettlementHeaderMonetarySummation>` +
      `</ram:ApplicableHeaderTradeSettlement></rsm:SupplyChainTradeTransaction></rsm:CrossIndustryInvoice>`,
  );
}

const INV: Inv = {
  id: 'RE-2024-0042',
  seller: 'Müller & Söhne GmbH',
  buyer: 'Stadt Musterhausen',
  note: 'Bitte bei Zahlung angeben.',
  lines: [
    { id: '1', name: 'Wartung Heizungsanlage', qty: '1', price: '600.00', net: '600.00' },
    { id: '2', name: 'Material', qty: '1', price: '400.00', net: '400.00' },
    { id: '2.1', name: 'Ventil DN 20', qty: '2', price: '150.00', net: '300.00', parent: '2' },
    { id: '2.2', name: 'Dichtungen', qty: '10', price: '10.00', net: '100.00', parent: '2' },
  ],
};

/** The page minus the one place that names the source syntax. */
const withoutFooter = (html: string) => html.replace(/<footer>.*<\/footer>/, '');

describe('e-invoice visualization', () => {
  it('formats decimals per locale without floating point', () => {
    assert.equal(formatDecimal('1234.5', 'de'), '1.234,50');
    assert.equal(formatDecimal('1234.5', 'en'), '1,234.50');
    assert.equal(formatDecimal('3.3333', 'de'), '3,3333');
    assert.equal(formatDecimal('-0.5', 'en'), '−0.50');
    assert.equal(formatDecimal('12345678901234567890.10', 'en'), '12,345,678,901,234,567,890.10');
    assert.equal(formatDecimal('19', 'de', 0), '19');
  });

  it('draws the same page for the same invoice in UBL and in CII', () => {
    const fromUbl = parseInvoice(ubl(INV));
    const fromCii = parseInvoice(cii(INV));
    for (const locale of ['en', 'de']) {
      const a = renderInvoiceHtml(fromUbl, { locale });
      const b = renderInvoiceHtml(fromCii, { locale });
      assert.equal(withoutFooter(a), withoutFooter(b), `same layout (${locale})`);
      assert.match(a, /UBL 2\.1/);
      assert.match(b, /UN\/CEFACT CII/);
    }
  });

  it('labels in English or German, by locale hint or by the parties', () => {
    const model = parseInvoice(ubl(INV));
    const en = renderInvoiceHtml(model, { locale: 'en' });
    const de = renderInvoiceHtml(model, { locale: 'de-DE' });
    assert.match(en, /<html lang="en">/);
    assert.match(en, /Invoice lines/);
    assert.match(en, /Amount due/);
    assert.match(en, /1,190\.00 EUR/);
    assert.match(de, /<html lang="de">/);
    assert.match(de, /Rechnungspositionen/);
    assert.match(de, /Zahlbetrag/);
    assert.match(de, /1\.190,00 EUR/);
    assert.match(de, /SEPA-Überweisung/);
    assert.equal(documentLocale(model, null), 'de', 'German parties');
    assert.equal(documentLocale({ ...model, seller: { identifiers: [] }, buyer: { identifiers: [] }, specification_id: 'urn:cen.eu:en16931:2017' }, null), 'en');
  });

  it('nests sub-lines under their line', () => {
    const view = buildInvoiceView(parseInvoice(cii(INV)), 'en');
    assert.deepEqual(view.lines.rows.map((r) => [r.position, r.depth]), [['1', 0], ['2', 0], ['2.1', 1], ['2.2', 1]]);
    const html = renderInvoiceHtml(parseInvoice(ubl(INV)), { locale: 'en' });
    assert.match(html, /<tr class="sub"><td class="pos" style="padding-left:26px">2\.1<\/td>/);
  });

  it('escapes document content and contains no script or outside resource', () => {
    const hostile: Inv = { ...INV, id: '<script>alert(1)</script>', seller: '"><img src=x onerror=alert(1)>', note: '</style><link rel=stylesheet href=http://evil>' };
    const html = renderInvoiceHtml(parseInvoice(ubl(hostile)), { locale: 'en' });
    assert.ok(!/<script/i.test(html));
    assert.ok(!/<img/i.test(html));
    assert.ok(!/<link/i.test(html));
    assert.ok(!/<[^>]*\s(href|src)=/i.test(html), 'no tag attribute that could load anything');
    assert.match(html, /&lt;\/style&gt;&lt;link rel=stylesheet href=http:\/\/evil&gt;/, 'shown as text');
    assert.match(html, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
    assert.match(html, /Content-Security-Policy" content="default-src 'none'/);
  });

  it('shows a labelled bounded prefix of a huge line set; the model keeps every line', () => {
    const many: Line[] = Array.from({ length: 700 }, (_, i) => ({ id: String(i + 1), name: `Position ${i + 1}`, qty: '1', price: '1.00', net: '1.00' }));
    const model = parseInvoice(ubl({ ...INV, lines: many }));
    assert.equal(model.lines.length, 700);
    const view = buildInvoiceView(model, 'de');
    assert.equal(view.lines.rows.length, MAX_RENDERED_LINES);
    assert.match(view.lines.notice!, /ersten 500 von 700/);
    const html = renderInvoiceHtml(model, { locale: 'de' });
    assert.match(html, /class="notice">Angezeigt werden die ersten 500 von 700/);
    assert.ok(html.includes('Position 500<') && !html.includes('Position 501<'));
  });

  it('draws the JPEG fallback', async () => {
    const jpeg = await renderInvoiceJpeg(parseInvoice(cii(INV)), { locale: 'de' });
    const meta = await sharp(jpeg).metadata();
    assert.equal(meta.format, 'jpeg');
    assert.equal(meta.width, INVOICE_IMAGE_WIDTH);
    const stats = await sharp(jpeg).greyscale().stats();
    assert.ok(stats.channels[0]!.stdev > 10, 'there is ink on the page');
  });

  it('renders every valid sample in both locales without failing', { skip: noSamples }, () => {
    const expected = JSON.parse(readFileSync(`${SAMPLES}/expected.json`, 'utf8')) as Record<string, { container: string; accepted: boolean }>;
    let count = 0;
    for (const [file, v] of Object.entries(expected)) {
      if (v.container !== 'xml' || !v.accepted) continue;
      const model = parseInvoice(readFileSync(`${SAMPLES}/${file}`));
      for (const locale of ['en', 'de']) assert.match(renderInvoiceHtml(model, { locale }), /<\/html>/, file);
      count++;
    }
    assert.ok(count > 100, `${count} samples`);
  });
});
