// Fields left empty although the page prints them (issue 14, recall18), each on a generated page
// that fails without its rule: a document number printed with typographic hyphens (U+2010 …
// U+2015, U+2212: "IOPOLE‐jdz7fEbj4Va", what a word processor or a PDF generator sets for "-"),
// and a number that is a timestamp ("Invoice ID: 2024-03-10t172205": a date and a time of day
// glued by ISO 8601's "T" names one document, it is not the issue date); an ISO currency code
// printed beside amounts without cents ("Total 550000 USD", "8.6 EUR") names the currency.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { run, totalsBlock, v, type Lines } from './fixtures/run.js';

const TOTALS = totalsBlock(420, ['1,000.00', '200.00', '1,200.00'], ['Subtotal:', 'VAT 20%:', 'Total:']);
const PARTIES: Lines = [[56, 120, 10, 'Bill To:'], [56, 134, 10, 'Marta Lindqvist'], [56, 148, 9, 'Mill Lane 3'], [56, 162, 9, 'Shelbyville 40317']];

describe('document numbers printed with typographic hyphens', () => {
  for (const [name, dash] of [['hyphen U+2010', '\u2010'], ['non-breaking hyphen U+2011', '\u2011'], ['en dash U+2013', '\u2013'], ['minus sign U+2212', '\u2212']] as const) {
    it(`reads "INV${dash}2025${dash}0815" as INV-2025-0815 (${name})`, () => {
      const r = run([[240, 40, 18, 'Invoice'], [200, 64, 10, `Invoice number: INV${dash}2025${dash}0815`], [200, 78, 10, 'Invoice date: 03/04/2025'], ...PARTIES, ...TOTALS]);
      assert.equal(v(r, 'document_number'), 'INV-2025-0815');
    });
  }

  it('reads a French number with letters after the hyphen in a label cell ("Numéro de facture: | IOPOLE‐jdz7fEbj4Va")', () => {
    const r = run([[240, 40, 18, 'Facture'], [56, 64, 10, 'Numéro de facture:'], [180, 64, 10, 'IOPOLE\u2010jd7fEbj4Va'], [56, 78, 10, 'Date de la facture:'], [180, 78, 10, '18.08.2026'], ...PARTIES, ...TOTALS]);
    assert.equal(v(r, 'document_number'), 'IOPOLE-jd7fEbj4Va');
  });
});

describe('a timestamp printed as the document number', () => {
  it('reads "Invoice ID: 2024-03-10t172205" as the number and keeps the issue date', () => {
    const r = run([[240, 40, 18, 'Invoice'], [56, 64, 10, 'Invoice ID: 2024-03-10t172205'], [56, 78, 10, 'Issuing Date: 2024-03-10'], ...PARTIES, ...TOTALS]);
    assert.equal(v(r, 'document_number'), '2024-03-10t172205');
    assert.equal(v(r, 'issue_date'), '2024-03-10');
  });

  it('still reads no number from a bare date under a number label ("Invoice ID: 2024-03-10")', () => {
    const r = run([[240, 40, 18, 'Invoice'], [56, 64, 10, 'Invoice ID: 2024-03-10'], [56, 78, 10, 'Issuing Date: 2024-03-10'], ...PARTIES, ...TOTALS]);
    assert.equal(v(r, 'document_number'), null);
  });

  it('does not read a date followed by a time as a number ("Invoice number: 2024-03-10T17:22")', () => {
    const r = run([[240, 40, 18, 'Invoice'], [56, 64, 10, 'Invoice number: 2024-03-10T17:22'], [56, 78, 10, 'Issuing Date: 2024-03-10'], ...PARTIES, ...TOTALS]);
    assert.equal(v(r, 'document_number'), null);
  });
});

describe('an ISO currency code beside amounts printed without cents', () => {
  const page = (code: string): Lines => [
    [240, 40, 18, 'Invoice'], [56, 64, 10, 'Invoice number: 2025-0815'], [56, 78, 10, 'Invoice date: 03/04/2025'], ...PARTIES,
    [56, 300, 10, 'System development service'], [470, 300, 10, `500000 ${code}`],
    [330, 420, 10, 'VAT'], [470, 420, 10, `50000 ${code}`], [330, 434, 10, 'Total (including tax)'], [470, 434, 10, `550000 ${code}`],
  ];
  it('reads USD from "550000 USD"', () => assert.equal(v(run(page('USD')), 'currency'), 'USD'));
  it('reads CHF from "550000 CHF"', () => assert.equal(v(run(page('CHF')), 'currency'), 'CHF'));
  it('reads EUR from amounts with one decimal ("Total paid with VAT 51.6 EUR")', () => {
    const r = run([[240, 40, 18, 'Invoice'], [56, 64, 10, 'Invoice number: 2025-0815'], ...PARTIES, [330, 420, 10, 'Total without VAT'], [470, 420, 10, '43 EUR'], [330, 434, 10, 'VAT Paid'], [470, 434, 10, '8.6 EUR'], [330, 448, 10, 'Total paid with VAT'], [470, 448, 10, '51.6 EUR']]);
    assert.equal(v(r, 'currency'), 'EUR');
  });
  it('still reads no currency from a code in prose away from any number ("prices in USD on request")', () => {
    const r = run([[240, 40, 18, 'Invoice'], [56, 64, 10, 'Invoice number: 2025-0815'], ...PARTIES, [56, 300, 10, 'Consulting'], [470, 300, 10, '500000'], [56, 500, 9, 'Quotes for other work are available in USD on request']]);
    assert.equal(v(r, 'currency'), null);
  });
});
