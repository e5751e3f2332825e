// Round 15 folded in (issue 14, fold15): the wrong values and misses of round 15's layouts, each as a
// generated page that failed on main 8c7cb77's engine before its rule (docs/decisions.md, fold15).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { findVatIds } from '../../../engine/extract/normalize/vat.js';
import { run, totalsBlock, v, type Lines } from './fixtures/run.js';

/** An item table that prints every line's VAT: base, rate, tax and gross on each row, all at one rate. */
function itemRowsWithVat(y0: number, n: number, rate: number, lang: 'cs' | 'en'): Lines {
  const heads: Lines = lang === 'cs'
    ? [[59, y0, 8, 'Kód'], [105, y0, 8, 'Předmět plnění'], [374, y0, 8, 'Cena celkem'], [430, y0, 8, 'DPH'], [486, y0, 8, 'DPH'], [521, y0, 8, 'Cena celkem']]
    : [[59, y0, 8, 'Code'], [105, y0, 8, 'Description'], [374, y0, 8, 'Net'], [430, y0, 8, 'VAT'], [486, y0, 8, 'VAT'], [521, y0, 8, 'Amount']];
  const comma = (cents: number) => (lang === 'cs' ? (cents / 100).toFixed(2).replace('.', ',') : (cents / 100).toFixed(2));
  const rows = Array.from({ length: n }, (_, i): Lines => {
    const base = (i + 1) * 10000;
    const tax = (base * rate) / 100;
    const y = y0 + 14 + i * 11;
    return [[59, y, 8, String(i + 1).padStart(6, '0')], [105, y, 8, `${lang === 'cs' ? 'Zboží' : 'Goods'} ${i + 1}`], [392, y, 8, `${comma(base)} ${rate}%`], [481, y, 8, comma(tax)], [539, y, 8, comma(base + tax)]];
  });
  return [...heads, ...rows.flat()];
}

describe('an item table that prints each line\'s VAT is not the tax table (round 15: ISDOC.PDF)', () => {
  it('reads tax and gross from the summary table under ten item rows at one rate', () => {
    // Ten rows of 100 … 1000 at 21 %: net 5 500,00, VAT 1 155,00, gross 6 655,00.
    const r = run([
      [272, 28, 12, 'Faktura - daňový doklad'],
      ...itemRowsWithVat(280, 10, 21, 'cs'),
      [380, 420, 8, 'Částky v CZK'], [480, 420, 8, 'Bez DPH'], [520, 420, 8, 'DPH'], [555, 420, 8, 'Celkem s DPH'],
      [380, 432, 8, 'Základní sazba 21%'], [480, 432, 8, '5 500,00'], [520, 432, 8, '1 155,00'], [555, 432, 8, '6 655,00'],
      [380, 444, 8, 'Celkem'], [480, 444, 8, '5 500,00'], [520, 444, 8, '1 155,00'], [555, 444, 8, '6 655,00'],
      [380, 470, 8, 'Částka k úhradě v CZK'], [555, 470, 8, '6 655,00'],
    ]);
    assert.equal(v(r, 'tax_amount'), '1155.00');
    assert.equal(v(r, 'gross_amount'), '6655.00');
  });

  it('reads two rates of a summary table under item rows that repeat one of them', () => {
    // Items: 100 … 1100 at 20 % (net 6 600,00, VAT 1 320,00); a service of 500.00 at 10 %.
    const r = run([
      [40, 28, 14, 'INVOICE'],
      ...itemRowsWithVat(280, 11, 20, 'en'),
      [59, 420, 8, '000012'], [105, 420, 8, 'Installation'], [392, 420, 8, '500.00 10%'], [481, 420, 8, '50.00'], [539, 420, 8, '550.00'],
      [380, 450, 8, 'Summary'], [480, 450, 8, 'Net'], [520, 450, 8, 'VAT'], [555, 450, 8, 'Gross'],
      [380, 462, 8, 'Standard rate 20%'], [480, 462, 8, '6,600.00'], [520, 462, 8, '1,320.00'], [555, 462, 8, '7,920.00'],
      [380, 474, 8, 'Reduced rate 10%'], [480, 474, 8, '500.00'], [520, 474, 8, '50.00'], [555, 474, 8, '550.00'],
      [380, 486, 8, 'Total'], [480, 486, 8, '7,100.00'], [520, 486, 8, '1,370.00'], [555, 486, 8, '8,470.00'],
    ]);
    assert.equal(v(r, 'tax_amount'), '1370.00');
    assert.equal(v(r, 'gross_amount'), '8470.00');
  });

  it('still reads a lone item row with its VAT as the invoice\'s tax row', () => {
    const r = run([[40, 28, 14, 'INVOICE'], ...itemRowsWithVat(280, 1, 20, 'en'), [380, 330, 9, 'Total'], [539, 330, 9, '120.00']]);
    assert.equal(v(r, 'tax_amount'), '20.00');
    assert.equal(v(r, 'gross_amount'), '120.00');
  });
});

describe('a VAT id ends at a column gap (round 15: "DIČ: CZ12345678   12345 Odběratelův Dvůr")', () => {
  it('finds the id before the next column\'s postcode', () => {
    assert.deepEqual(findVatIds('DIČ:   CZ12345678   12345 Odběratelův Dvůr').map((x) => x.check.value), ['CZ12345678']);
  });
  it('still reads an id printed in groups with single spaces', () => {
    assert.deepEqual(findVatIds('USt-IdNr. DE 811 907 980').map((x) => x.check.value), ['DE811907980']);
  });
});

describe('a payee sentence names the sender after "payable to" (round 15: sahar)', () => {
  it('reads "ACME Corporation" from the letterhead, not the footer sentence', () => {
    const r = run([
      [40, 40, 14, 'ACME Corporation'], [480, 40, 14, 'INVOICE'],
      [40, 56, 9, '123 Business Street'], [400, 56, 9, 'Invoice #: INV-2025-001234'],
      [40, 68, 9, 'Toronto, ON M5V 1A1'], [400, 68, 9, 'Date: November 28, 2025'],
      [40, 130, 10, 'Bill To:'], [40, 144, 10, 'John Smith'], [40, 156, 10, '456 Customer Avenue'],
      [330, 420, 10, 'Subtotal:'], [470, 420, 10, '$3723.97'], [330, 434, 10, 'Tax (13%):'], [470, 434, 10, '$484.12'], [330, 448, 10, 'Total:'], [470, 448, 10, '$4208.09'],
      [200, 760, 9, 'Thank you for your business!'],
      [190, 783, 9, 'Please make checks payable to ACME Corporation'],
    ]);
    assert.equal(v(r, 'sender_name'), 'ACME Corporation');
  });
});

const CZK_TOTALS = totalsBlock(420, ['1 000,00 Kč', '210,00 Kč', '1 210,00 Kč'], ['Celkem bez DPH', 'DPH 21 %', 'Celkem s DPH']);

describe('Czech header labels (round 15: ISDOC.PDF)', () => {
  it('reads the number after a bare "Číslo:" beside the title', () => {
    const r = run([[272, 28, 12, 'Faktura - daňový doklad'], [439, 28, 9, 'Číslo:'], [519, 28, 9, 'FV-2/2021'], [57, 196, 9, 'Číslo účtu: 1234567890/1234']]);
    assert.equal(v(r, 'document_number'), 'FV-2/2021');
  });
  it('does not take the account number after "Číslo účtu:" for the document number', () => {
    const r = run([[272, 28, 12, 'Faktura - daňový doklad'], [57, 196, 9, 'Číslo účtu: 1234567890/1234']]);
    assert.notEqual(v(r, 'document_number'), '1234567890/1234');
  });
  it('reads "Datum vystavení" as the issue date, not "Datum plnění" (date of supply) or "Datum odvodu"; totals in Kč', () => {
    const r = run([
      [272, 28, 12, 'Faktura - daňový doklad'],
      [272, 48, 9, 'Datum vystavení:'], [354, 48, 9, '01.04.2021'],
      [272, 59, 9, 'Datum plnění:'], [354, 59, 9, '28.03.2021'],
      [272, 68, 9, 'Datum odvodu:'], [354, 68, 9, '28.03.2021'], [439, 68, 9, 'Datum splatnosti:'], [517, 68, 9, '15.04.2021'],
      ...CZK_TOTALS,
    ]);
    assert.equal(v(r, 'issue_date'), '2021-04-01');
    assert.equal(v(r, 'payment_due_date'), '2021-04-15');
    assert.equal(v(r, 'gross_amount'), '1210.00');
  });
});

describe('a name with no Latin letters is not confirmed by the mail domain (round 15: pdfme)', () => {
  it('takes the company whose name holds the domain, not a place and person name above it', () => {
    const r = run([
      [60, 40, 12, '株式会社listmake.jp'], [300, 40, 12, '1'],
      [120, 62, 11, '東京都 出得太'], [300, 62, 11, '2020/01/01'],
      [230, 84, 11, '株式会社labelmake.jp'],
      [230, 100, 9, '123-4567'], [230, 112, 9, '大阪府大阪1-2-3-4'],
      [230, 150, 9, 'info@labelmake.jp'],
    ]);
    assert.equal(v(r, 'sender_name'), '株式会社labelmake.jp');
  });
});
