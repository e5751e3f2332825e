// The written-twice checks of engine/extract merged (issue 14, twins26; docs/decisions.md, twins26): where a merge
// changes what a check accepts, a generated page shows it, written before the merge and run against main 0f08810.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { extractGeneric } from '../../../engine/extract/index.js';
import { pageFromLines } from '../../helpers/invoice-fixtures.js';
import { run, v, type Lines } from './fixtures/run.js';

const HEAD: Lines = [[400, 40, 16, 'Factura'], [330, 70, 9, 'Factura No: A-2291'], [330, 82, 9, 'Fecha: 02/04/2026']];

// a. The subtotal less its discount (fold19's netLessDiscount) reads the totals block's amount cell as the other
//    totals-block readers do (totals.ts amountCell): an ISO code after the amount, label and amount in one cell.
//    The tax is taken on the subtotal before the discount, so only the chain's net closes the block.
const block = (cells: string[][]): Lines => cells.flatMap(([label, amount], i): Lines => (amount === undefined ? [[380, 420 + i * 14, 10, label!]] : [[360, 420 + i * 14, 10, label!], [480, 420 + i * 14, 10, amount]]));
describe('the discount chain reads the totals block amount cell (twins26 a)', () => {
  it('amounts followed by "EUR": subtotal − discount is the net', () => {
    const r = run([...HEAD, ...block([['Subtotal', '1.200,00 EUR'], ['Descuento', '100,00 EUR'], ['IVA (10%)', '120,00 EUR'], ['Total a Pagar', '1.220,00 EUR']])]);
    assert.equal(v(r, 'gross_amount'), '1220.00');
    assert.equal(v(r, 'net_amount'), '1100.00');
  });

  it('label and amount printed as one cell', () => {
    const r = run([...HEAD, ...block([['Subtotal 1.200,00 €'], ['Descuento 100,00 €'], ['IVA (10%) 120,00 €'], ['Total a Pagar 1.220,00 €']])]);
    assert.equal(v(r, 'gross_amount'), '1220.00');
    assert.equal(v(r, 'net_amount'), '1100.00');
  });

  it('guard: a discount printed "-€ 100,00" still counts; a total the chain does not make stays empty', () => {
    const ok = run([...HEAD, ...block([['Subtotal', '1.200,00 €'], ['Descuento', '-€ 100,00'], ['IVA (10%)', '120,00 €'], ['Total a Pagar', '1.220,00 €']])]);
    assert.equal(v(ok, 'net_amount'), '1100.00');
    const off = run([...HEAD, ...block([['Subtotal', '1.200,00 EUR'], ['Descuento', '100,00 EUR'], ['IVA (10%)', '120,00 EUR'], ['Total a Pagar', '1.230,00 EUR']])]);
    assert.equal(v(off, 'gross_amount'), null);
  });
});

// b. The title over a bare header number (recall24's bareHeaderNumber) is any invoice title word the type reads
//    (normalize/doctype.ts): "Bill", "Fatura", "請求書" as well as "Invoice", "Rechnung".
const TOTALS_EN: Lines = [[330, 520, 10, 'Subtotal:'], [470, 520, 10, '$1,000.00'], [330, 534, 10, 'Tax 10%:'], [470, 534, 10, '$100.00'], [330, 548, 10, 'Total:'], [470, 548, 10, '$1,100.00']];
const SENDER: Lines = [[56, 44, 14, 'Harbour Lights Ltd'], [56, 62, 9, '12 Quay Street'], [56, 74, 9, 'Bristol BS1 4DJ']];
describe('the invoice title over a bare header number (twins26 b)', () => {
  for (const title of ['BILL', 'Fatura', '請求書', 'Invoice']) {
    it(`"${title}" over "INV-2026-0042" at the top right: the number`, () => {
      const r = run([...SENDER, [450, 40, 14, title], [450, 60, 11, 'INV-2026-0042'], [56, 162, 10, 'Mary Collins'], ...TOTALS_EN]);
      assert.equal(v(r, 'document_number'), 'INV-2026-0042');
    });
  }

  it('guard: a word that opens no invoice title ("Billing", "Order") over it: no number', () => {
    for (const over of ['Billing', 'Order']) {
      const r = run([...SENDER, [450, 40, 14, over], [450, 60, 11, 'INV-2026-0042'], [56, 162, 10, 'Mary Collins'], ...TOTALS_EN]);
      assert.equal(v(r, 'document_number'), null, over);
    }
  });
});

// c. The recipient before a Japanese honorific (recall22's honorificRecipients) is read on the first page as every
//    other first-page party rule reads it (candidates.ts firstPageOf): the upload's text field is no page, so a name
//    in it is no recipient, as a labelled one there is none.
describe('honorific recipients on the first page only, not in the text field (twins26 c)', () => {
  const withText = (lines: Lines, text: string) => extractGeneric({ components: [{ ref: 'main', kind: 'pdf', filename: 'x.pdf', format: 'pdf', pages: [1] }], pages: [pageFromLines(lines)], text, custom_types: [] });
  const TEXT = '請求書\n山田商事株式会社 御中\n請求書番号: INV-2026-0042\n合計 ¥110,000';

  it('a page that read no text and a text field naming "山田商事株式会社 御中": no recipient', () => {
    assert.equal(v(withText([], TEXT), 'recipient_name'), null);
  });

  it('guard: the labelled recipient in the text field is none either; on the page the honorific names it', () => {
    assert.equal(v(withText([], 'Rechnung\nRechnungsempfänger: Atelier Sonnenberg GmbH\nGesamtbetrag 1.190,00 €'), 'recipient_name'), null);
    const page = run([[56, 40, 22, '請求書'], [56, 110, 12, '山田商事株式会社 御中'], [360, 110, 10, '請求書番号: INV-2026-0042'], [330, 428, 10, '合計'], [480, 428, 10, '¥110,000']]);
    assert.equal(v(page, 'recipient_name'), '山田商事株式会社');
  });
});
