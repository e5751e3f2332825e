// Generic extraction on scans, sixth pass (issue 14, scans26): open scan misses whose native twin is
// read right and whose value is in the OCR text with damage a general repair undoes — a trailing "$"
// read as the digit "8" ("TPS/TVQ 1.418" for "1.41$"), a heading's space lost ("BILLTO"), a legal
// form glued to a short name ("XYZLLC"). Pages are OCR-like (`source: "ocr"`, the text as the reading
// returned it on the scans); text layers are exact and keep what they print.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { PageText } from '../../../engine/formats/model.js';
import { repairOcrAmounts, repairOcrLabels } from '../../../engine/extract/normalize/ocr-repair.js';
import { pageFromLines } from '../../helpers/invoice-fixtures.js';
import { runPages, v, type Lines } from './fixtures/run.js';

const ocr = (lines: Lines, source: PageText['source'] = 'ocr'): PageText => ({ ...pageFromLines(lines), source });
const cell = (x: number, y: number, text: string) => ({ text, bbox: { x, y, w: 40, h: 12 } });

// A Quebec receipt as its scan reads it: amounts printed with a trailing "$".
const receipt = (tax: string, gross = '10.82$'): Lines => [
  [56, 44, 16, 'Chat Illimités Inc.'], [400, 44, 12, 'Facture #00042'],
  [56, 60, 9, '12 rue Principale, Chatmonix, Québec'], [400, 60, 9, "Date d'émission"], [400, 74, 9, '2024/04/15'],
  [56, 140, 10, 'ARTICLE'], [330, 140, 10, 'QTE'], [380, 140, 10, 'PRIX'], [440, 140, 10, 'MONTANT'],
  [56, 160, 10, 'Patente à gosse #10'], [330, 160, 10, '2'], [380, 160, 10, '2.22$'], [450, 160, 10, '4.44$'],
  [56, 176, 10, 'Machin chouette'], [330, 176, 10, '1'], [380, 176, 10, '4.97$'], [450, 176, 10, '4.97$'],
  [56, 200, 10, 'Sous-total'], [450, 200, 10, '9.41$'],
  [56, 216, 10, 'TPS/TVQ'], [450, 216, 10, tax],
  [56, 232, 10, 'Grand total'], [444, 232, 10, gross],
];

describe('a trailing "$" read as a digit after an amount', () => {
  it('reads the cell as the amount when the column adds up and its neighbours print the sign', () => {
    const rows = [[cell(450, 200, '9.41$')], [cell(450, 216, '1.418')], [cell(444, 232, '10.82$')]];
    assert.deepEqual(repairOcrAmounts(rows).map((f) => f.text), ['1.41']);
  });

  it('finds the column when a label cell of the row was read taller and starts higher', () => {
    // The receipt's boxes: "TPS/TVQ" read 33 px tall from y 538, its amount 14 px tall at y 561.
    const row = (label: string, y: number, amount: string, ay: number) => [
      { text: label, bbox: { x: 166, y, w: 70, h: ay - y + 14 } }, { text: amount, bbox: { x: 1070, y: ay, w: 40, h: 14 } },
    ];
    const rows = [row('Sous-total', 503, '9.41$', 520), row('TPS/TVQ', 538, '1.418', 561), row('Grand total', 591, '10.82$', 604)];
    assert.deepEqual(repairOcrAmounts(rows).map((f) => f.text), ['1.41']);
  });

  it('leaves it when nothing adds up, or when no neighbour prints a trailing sign', () => {
    assert.deepEqual(repairOcrAmounts([[cell(450, 200, '9.41$')], [cell(450, 216, '1.418')], [cell(444, 232, '10.90$')]]), []);
    // "1.418" beside plain amounts: a price with three decimals or a thousands group, not a misread sign.
    assert.deepEqual(repairOcrAmounts([[cell(450, 200, '9.41')], [cell(450, 216, '1.418')], [cell(444, 232, '10.82')]]), []);
  });

  it('reads the totals of the scanned receipt', () => {
    const r = runPages([ocr(receipt('1.418'))]);
    assert.equal(v(r, 'net_amount'), '9.41');
    assert.equal(v(r, 'tax_amount'), '1.41');
    assert.equal(v(r, 'gross_amount'), '10.82');
  });

  it('reads no tax of 1.41 when the gross does not confirm it', () => {
    const r = runPages([ocr(receipt('1.418', '10.90$'))]);
    assert.notEqual(v(r, 'tax_amount'), '1.41');
  });
});

// An English invoice as its scan reads it: letterhead, a heading over the customer, totals.
const english = (heading: string, name: string): Lines => [
  [56, 44, 16, 'Studio Shodwe'], [56, 60, 9, '123 Anywhere St., Any City, ST 12345'],
  [400, 44, 16, 'INVOICE'], [400, 64, 9, 'Invoice No: 2030-118'], [400, 78, 9, 'Invoice Date: 24/05/2030'],
  [56, 150, 10, heading], [56, 166, 10, name], [56, 180, 10, '123 Anywhere St., Any City, ST 12345'],
  [330, 420, 10, 'Sub-Total'], [470, 420, 10, '$450.00'], [330, 434, 10, 'Tax (6%)'], [476, 434, 10, '$27.00'], [330, 448, 10, 'Total'], [470, 448, 10, '$477.00'],
];

describe('a heading whose space OCR lost ("BILLTO")', () => {
  it('reads the glued words as the label they spell', () => {
    assert.equal(repairOcrLabels('BILLTO'), 'BILL TO');
    assert.equal(repairOcrLabels('Billto:'), 'Bill to:');
  });

  it('leaves words that only contain a label alone', () => {
    assert.equal(repairOcrLabels('Billtop'), 'Billtop');
    assert.equal(repairOcrLabels('BILLTO Corp'), 'BILLTO Corp');
  });

  it('reads the name under the glued heading', () => {
    assert.equal(v(runPages([ocr(english('BILLTO', 'Rachel Beaudry'))]), 'recipient_name'), 'Rachel Beaudry');
  });
});

describe('a legal form glued to a short name ("XYZLLC")', () => {
  it('reads the name with the space OCR lost', () => {
    assert.equal(v(runPages([ocr(english('Bill To', 'XYZLLC'))]), 'recipient_name'), 'XYZ LLC');
    assert.equal(v(runPages([ocr(english('Bill To', 'NordlichtGmbH'))]), 'recipient_name'), 'Nordlicht GmbH');
  });

  it('leaves a name that lost another space empty, and a text layer as printed', () => {
    // "AtelierSonnenbergGmbH": the space inside the name was lost too, which nothing can place.
    assert.equal(v(runPages([ocr(english('Bill To', 'AtelierSonnenbergGmbH'))]), 'recipient_name'), null);
    // A long run of capitals may hide a lost space ("ACMETRADING").
    assert.equal(v(runPages([ocr(english('Bill To', 'ACMETRADINGLLC'))]), 'recipient_name'), null);
    assert.equal(v(runPages([ocr(english('Bill To', 'XYZLLC'), 'native')]), 'recipient_name'), 'XYZLLC');
  });
});
