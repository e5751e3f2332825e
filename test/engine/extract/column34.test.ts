// A totals block printed with no label at all (issue 14, column34): a form whose captions are drawn as graphics, so the
// text layer holds only the values (pdfme's Japanese invoice of round 15: "¥12000 · ¥1200 · ¥13200" under twelve item
// lines of ¥1000, the bank details printed beside them). Three amounts one under the other in the item column are the
// net, the tax and the gross where the arithmetic alone says so: the items above add up to the first, the second is the
// first × one European or Japanese VAT rate to the cent, and the third is the first + the second to the cent.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { run, v, type Lines } from './fixtures/run.js';

const items = (n: number, price: string, y0: number): Lines =>
  Array.from({ length: n }, (_, i) => [[50, y0 + 16 * i, 10, `商品${String.fromCharCode(65 + i)}`], [250, y0 + 16 * i, 10, '1個'], [400, y0 + 16 * i, 10, price], [500, y0 + 16 * i, 10, price]] as Lines).flat();

const form = (net: string, tax: string, gross: string, extra: Lines = []): Lines => [
  [50, 40, 14, '株式会社listmake.jp'], [400, 40, 10, '2020/01/01'],
  [300, 80, 12, '株式会社labelmake.jp'], [300, 96, 10, '大阪府大阪1-2-3-4'], [300, 112, 10, 'info@labelmake.jp'],
  [50, 150, 12, '13200円'], [400, 150, 10, '2020/02/29'],
  ...items(12, '¥1000', 200),
  [500, 400, 10, net],
  [50, 416, 10, 'labelmake銀行 大阪支店'], [500, 416, 10, tax],
  [50, 432, 10, '普通 12345678'],
  [50, 448, 10, 'カ)ラベルメイク'], [500, 448, 10, gross],
  ...extra,
];

describe('a totals block with no label (column34)', () => {
  it('reads net, tax, gross, the 10 % row and the yen from the arithmetic alone', () => {
    const r = run(form('¥12000', '¥1200', '¥13200'));
    assert.equal(v(r, 'net_amount'), '12000.00');
    assert.equal(v(r, 'tax_amount'), '1200.00');
    assert.equal(v(r, 'gross_amount'), '13200.00');
    assert.deepEqual((v(r, 'tax_breakdowns') as Array<{ tax_rate: string }>).map((t) => t.tax_rate), ['10.00']);
    assert.equal(v(r, 'currency'), 'JPY');
  });

  it('guard: items that do not add up to the first amount', () => {
    const r = run(form('¥11000', '¥1100', '¥12100'));
    assert.equal(v(r, 'net_amount'), null);
    assert.equal(v(r, 'gross_amount'), null);
  });

  it('guard: a second amount that is no VAT rate of the first', () => {
    const r = run(form('¥12000', '¥1300', '¥13300'));
    assert.equal(v(r, 'net_amount'), null);
    assert.equal(v(r, 'gross_amount'), null);
  });

  it('guard: a third amount that is not the sum', () => {
    const r = run(form('¥12000', '¥1200', '¥13000'));
    assert.equal(v(r, 'net_amount'), null);
    assert.equal(v(r, 'gross_amount'), null);
  });
});
