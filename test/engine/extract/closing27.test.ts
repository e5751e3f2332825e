// A totals block closed by a line whose label is no gross label (issue 14, `closing27`): "Subtotal $6,480 ·
// Tax $648 · Amount $7,128" (a bare "Amount" heads item columns), "Total without VAT 43 EUR · VAT Rate 20% ·
// VAT Paid 8.6 EUR · Total paid with VAT 51.6 EUR". The closing amount is the gross only where it equals the
// labelled net + the labelled taxes above it to the cent, on a page where no gross label was read. The first
// three cases fail on main cd01e1d (no total at all is read), and so does the column case at the end.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { run, totalsBlock, v, type Lines } from './fixtures/run.js';

const totals = (r: ReturnType<typeof run>) => [v(r, 'net_amount'), v(r, 'tax_amount'), v(r, 'gross_amount')];

const HEAD: Lines = [
  [40, 40, 20, 'Invoice'], [400, 40, 11, 'Invoice No: 2025-000318'],
  [56, 80, 10, 'Bill from'], [330, 80, 10, 'Bill to'],
  [56, 94, 10, 'Harbor Lane Design LLC'], [330, 94, 10, 'Greenfield Foods Inc.'],
  [330, 150, 10, 'Issue date'], [470, 150, 10, '07/04/2025'],
];
const ITEMS: Lines = [
  [41, 300, 9, 'No'], [80, 300, 9, 'Item'], [300, 300, 9, 'Qty'], [380, 300, 9, 'Price'], [480, 300, 9, 'Amount'],
  [41, 314, 9, '1'], [80, 314, 9, 'Illustration'], [300, 314, 9, '20'], [380, 314, 9, '$ 200.00'], [480, 314, 9, '$ 4,000.00'],
  [41, 328, 9, '2'], [80, 328, 9, 'Layout'], [300, 328, 9, '10'], [380, 328, 9, '$ 248.00'], [480, 328, 9, '$ 2,480.00'],
];

describe('a totals block closed by a line with no gross label (closing27)', () => {
  it('"Subtotal" / "Tax" / "Amount", whole dollars', () => {
    assert.deepEqual(totals(run([...HEAD, ...totalsBlock(380, ['$6,480', '$648', '$7,128'], ['Subtotal', 'Tax', 'Amount'], [330, 480])])), ['6480.00', '648.00', '7128.00']);
  });
  it('"Subtotal" / "Tax" / "Amount" under an item table whose column is "Amount", with cents', () => {
    assert.deepEqual(totals(run([...HEAD, ...ITEMS, ...totalsBlock(380, ['$6,480.00', '$648.00', '$7,128.00'], ['Subtotal', 'Tax', 'Amount'], [330, 480])])), ['6480.00', '648.00', '7128.00']);
  });
  it('a rate line between the tax and a total whose label the readers skip ("Total paid with VAT")', () => {
    const block: Lines = [
      [330, 380, 10, 'Total without VAT'], [470, 380, 10, '43 EUR'],
      [330, 394, 10, 'VAT Rate'], [470, 394, 10, '20%'],
      [330, 408, 10, 'VAT Paid'], [470, 408, 10, '8.6 EUR'],
      [330, 422, 10, 'Total paid with VAT'], [470, 422, 10, '51.6 EUR'],
    ];
    assert.deepEqual(totals(run([...HEAD, ...block])), ['43.00', '8.60', '51.60']);
  });
  it('guard: a closing line that is not net + tax gives no gross', () => {
    const r = run([...HEAD, ...totalsBlock(380, ['$6,480.00', '$648.00', '$7,200.00'], ['Subtotal', 'Tax', 'Amount'], [330, 480])]);
    assert.equal(v(r, 'gross_amount'), null);
  });
  it('guard: a labelled gross wins; the line after it is not read ("Amount paid")', () => {
    const r = run([...HEAD, [330, 380, 10, 'Subtotal'], [480, 380, 10, '$6,480.00'], [330, 394, 10, 'Tax'], [480, 394, 10, '$648.00'], [330, 408, 10, 'Total'], [480, 408, 10, '$7,128.00'], [330, 422, 10, 'Amount paid'], [480, 422, 10, '$7,000.00']]);
    assert.deepEqual(totals(r), ['6480.00', '648.00', '7128.00']);
  });
  it('guard: a closing line whose label holds a number (a date, an id) gives no gross', () => {
    const r = run([...HEAD, ...totalsBlock(380, ['$6,480.00', '$648.00', '$7,128.00'], ['Subtotal', 'Tax', 'Paid 07/04/2025'], [330, 480])]);
    assert.equal(v(r, 'gross_amount'), null);
  });
  it('a "Subtotal" column heading over item rows, a VAT row and the total: the net sums the items, not the VAT', () => {
    const r = run([
      ...HEAD,
      [109, 216, 9, 'Description'], [198, 216, 9, 'Unit Price'], [277, 216, 9, 'Quantity'], [457, 216, 9, 'Subtotal'],
      [92, 229, 9, 'Rock'], [226, 229, 9, '€5,00'], [277, 229, 9, '5'], [479, 229, 9, '€25,00'],
      [92, 243, 9, 'River Pebble'], [226, 243, 9, '€5,00'], [277, 243, 9, '5'], [479, 243, 9, '€25,00'],
      [341, 256, 9, 'VAT'], [483, 256, 9, '€9,50'],
      [341, 269, 9, 'TOTAL'], [479, 269, 9, '€59,50'],
    ]);
    assert.notEqual(v(r, 'net_amount'), '59.50');
    assert.notEqual(v(r, 'net_amount'), '25.00');
    assert.equal(v(r, 'gross_amount'), '59.50');
  });
  it('closing27b: "Sub Total" (two words) is a net label: "Sub Total · Tax · Amount"', () => {
    assert.deepEqual(totals(run([...HEAD, ...totalsBlock(380, ['$6,480', '$648', '$7,128'], ['Sub Total', 'Tax', 'Amount'], [330, 480])])), ['6480.00', '648.00', '7128.00']);
  });
  it('closing27b: one row under an item table\'s "SUB TOTAL(£)" heading is that item\'s line total, not the net', () => {
    const r = run([
      ...HEAD,
      [41, 300, 9, 'ITEM'], [80, 300, 9, 'DESCRIPTION'], [300, 300, 9, 'HRS'], [380, 300, 9, 'RATE(£/HR)'], [470, 300, 9, 'SUB TOTAL(£)'],
      [41, 314, 9, '1'], [80, 314, 9, 'Random Project'], [300, 314, 9, '15'], [380, 314, 9, '20.00'], [480, 314, 9, '300.00'],
      [41, 340, 9, 'EXPENSE'], [80, 340, 9, 'DESCRIPTION'], [300, 340, 9, 'QTY'], [380, 340, 9, 'UNIT PRICE(£)'], [470, 340, 9, 'SUB TOTAL(£)'],
      [41, 354, 9, '1'], [80, 354, 9, 'Travel cost'], [300, 354, 9, '2'], [380, 354, 9, '10.00'], [480, 354, 9, '20.00'],
      [400, 380, 10, 'Total'], [470, 380, 10, '£320.00'],
    ]);
    assert.equal(v(r, 'gross_amount'), '320.00');
    assert.equal(v(r, 'net_amount'), null);
  });
});

