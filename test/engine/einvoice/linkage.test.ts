// Hybrid-PDF linkage (spec R5): which visible values link a valid embedded XML to its PDF,
// what counts as a conflict, and that only rendered pixels read by OCR are evidence.
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { checkLinkage, ibanValid, linkagePages, visibleAmounts, visibleDates, LINKAGE_OCR_PAGE_LIMIT, type LinkageFacts } from '../../../engine/einvoice/linkage.js';
import { ocrImage, terminateOcr } from '../../../engine/ocr/index.js';
import { textImagePng } from '../../helpers/text-image.js';

const FACTS: LinkageFacts = {
  document_number: 'RE-2024-0042',
  issue_date: '2024-03-05',
  gross_amount: '1190.00',
  amount_due: '1190.00',
  net_amount: '1000.00',
  tax_amount: '190.00',
  seller_name: 'Müller & Söhne GmbH',
  seller_vat_id: 'DE123456789',
  ibans: ['DE94123456780000001234'],
};

const PAGE = [
  'Müller & Söhne GmbH · Hauptstraße 1 · 80331 München',
  'Rechnungsnummer: RE-2024-0042',
  'Rechnungsdatum: 05.03.2024',
  'USt-IdNr. DE123456789',
  'Nettobetrag 1.000,00 EUR',
  'Umsatzsteuer 19 % 190,00 EUR',
  'Gesamtbetrag 1.190,00 EUR',
  'IBAN DE94 1234 5678 0000 0012 34',
].join('\n');

const page = (text: string) => [{ page: 1, text }];

describe('hybrid-PDF linkage', () => {
  after(() => terminateOcr());

  it('reads amounts and dates in German, English and ISO writing', () => {
    const a = visibleAmounts('1.234,56 € · 1,234.56 · 1 234,56 · 99,5 · 1234.56 · 12 EUR');
    for (const cents of [123456n, 9950n, 1200n]) assert.ok(a.has(cents), String(cents));
    const d = visibleDates('05.03.2024 · 2024-03-06 · 7. März 2024 · March 8, 2024 · 09/03/24');
    for (const iso of ['2024-03-05', '2024-03-06', '2024-03-07', '2024-03-08', '2024-03-09']) assert.ok(d.has(iso), iso);
  });

  it('checks IBANs with big-integer mod 97', () => {
    assert.ok(ibanValid('DE94 1234 5678 0000 0012 34'));
    assert.ok(!ibanValid('DE95 1234 5678 0000 0012 34'));
    assert.ok(ibanValid('DE89370400440532013000'));
  });

  it('bounds the pages: the first three and the last', () => {
    assert.deepEqual(linkagePages(1), [1]);
    assert.deepEqual(linkagePages(3), [1, 2, 3]);
    assert.deepEqual(linkagePages(40), [1, 2, 3, 40]);
    assert.equal(LINKAGE_OCR_PAGE_LIMIT, 4);
  });

  it('links when every key value is visible', () => {
    const r = checkLinkage(FACTS, page(PAGE), 1);
    assert.equal(r.status, 'linked', JSON.stringify(r));
    assert.deepEqual(r.missing_fields, []);
    assert.equal(r.text_source, 'rendered_ocr');
  });

  it('tolerates OCR confusions in codes (O/0, l/1) and spacing in IBANs', () => {
    const ocrish = PAGE.replace('RE-2024-0042', 'RE-2O24-OO42').replace('DE123456789', 'DE l23456789');
    assert.equal(checkLinkage(FACTS, page(ocrish), 1).status, 'linked');
  });

  it('a labelled visible total that differs is a conflict, reported by field name only', () => {
    const r = checkLinkage(FACTS, page(PAGE.replace('Gesamtbetrag 1.190,00', 'Gesamtbetrag 1.290,00')), 1);
    assert.equal(r.status, 'conflict');
    assert.ok(r.conflict_fields.includes('gross_amount'));
    assert.ok(!JSON.stringify(r).includes('1290') && !JSON.stringify(r).includes('RE-2024'), 'no values in the report');
  });

  it('another issue date under its label is a conflict; a different delivery date is not', () => {
    assert.deepEqual(checkLinkage(FACTS, page(PAGE.replace('Rechnungsdatum: 05.03.2024', 'Rechnung # RE-2024-0042 vom 05.03.2025')), 1).conflict_fields, ['issue_date']);
    const delivery = checkLinkage(FACTS, page(PAGE.replace('Rechnungsdatum: 05.03.2024', 'Leistungsdatum: 01.02.2024')), 1);
    assert.deepEqual(delivery.conflict_fields, []);
    assert.equal(delivery.status, 'not_linked');
  });

  it('another invoice number or another valid IBAN under its label is a conflict', () => {
    assert.deepEqual(checkLinkage(FACTS, page(PAGE.replace('Rechnungsnummer: RE-2024-0042', 'Rechnungsnummer: RE-2024-0043')), 1).conflict_fields, ['document_number']);
    const other = checkLinkage(FACTS, page(PAGE.replace('DE94 1234 5678 0000 0012 34', 'DE89 3704 0044 0532 0130 00')), 1);
    assert.deepEqual(other.conflict_fields, ['iban']);
    assert.equal(other.status, 'conflict');
  });

  it('required values not visible at all: not linked; no readable text: indeterminate', () => {
    const r = checkLinkage(FACTS, page('Müller & Söhne GmbH\nVielen Dank für Ihren Einkauf bei uns heute'), 1);
    assert.equal(r.status, 'not_linked');
    assert.ok(r.missing_fields.includes('document_number') && r.missing_fields.includes('gross_amount'));
    assert.equal(checkLinkage(FACTS, page(''), 1).status, 'indeterminate');
  });

  it('a number printed without its trailing year/sequence segments links partially', () => {
    const facts = { ...FACTS, document_number: '00.123.456.7-2014-1' };
    const r = checkLinkage(facts, page(PAGE.replace('Rechnungsnummer: RE-2024-0042', 'Beitragsrechnung Nr. 00.123.456.7')), 1);
    assert.equal(r.status, 'linked');
    assert.deepEqual(r.partial_fields, ['document_number']);
  });

  it('links real OCR of a rendered page', async () => {
    const png = textImagePng(PAGE.split('\n'), { width: 2000, height: 1100, fontSize: 40, lineHeight: 110 });
    const ocr = await ocrImage(png);
    const r = checkLinkage(FACTS, page(ocr.text), 1);
    assert.equal(r.status, 'linked', `${JSON.stringify(r)}\n${ocr.text}`);
  });
});
