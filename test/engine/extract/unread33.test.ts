// Totals blocks whose net or tax label the reading lost (issue 14, `unread33`): on a scan, a light-grey "Subtotal" and
// "Tax (16% VAT)" come back as nothing ("KES 162,500.00 · KES 26,000.00 · TOTAL DUE KES 188,500.00"), or "TVA (10%)"
// comes back as "TM (10%)". The block still closes: the line right above the total is the net × a rate, to the cent,
// and net + that amount is the total, to the cent. "Sous total" (without its hyphen) is a net label. Each case was run
// against main 550fbb5 before the rule (docs/decisions.md, unread33).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { rowsKey, run, v, type Lines } from './fixtures/run.js';

const HEAD: Lines = [
  [50, 40, 20, 'Vin Digital Studio'], [450, 40, 20, 'INVOICE'], [450, 70, 10, 'INV-0042'], [450, 84, 10, '08 May 2026'],
  [50, 120, 10, 'BILL TO'], [50, 134, 10, 'Savannah Retail Ltd'],
  [50, 190, 10, 'DESCRIPTION'], [300, 190, 10, 'QTY'], [350, 190, 10, 'UNIT PRICE'], [480, 190, 10, 'TOTAL'],
  [50, 204, 10, 'Business Website Design'], [300, 204, 10, '1'], [350, 204, 10, 'KES 85,000.00'], [480, 204, 10, 'KES 85,000.00'],
  [50, 218, 10, 'Monthly Hosting'], [300, 218, 10, '3'], [350, 218, 10, 'KES 25,833.34'], [480, 218, 10, 'KES 77,500.00'],
];
/** Totals rows: a label (or none) at x 380 and its amount at x 480. */
const block = (rows: Array<[string | null, string]>, y = 260): Lines =>
  rows.flatMap(([label, value], i): Lines => [...(label ? [[380, y + i * 14, 10, label] as [number, number, number, string]] : []), [480, y + i * 14, 10, value]]);

describe('totals blocks whose net or tax label was lost (unread33)', () => {
  it('net and tax lines without labels above a labelled total: net, tax and the rate the amounts give', () => {
    const r = run([...HEAD, ...block([[null, 'KES 162,500.00'], [null, 'KES 26,000.00'], ['TOTAL DUE', 'KES 188,500.00']])]);
    assert.equal(v(r, 'gross_amount'), '188500.00');
    assert.equal(v(r, 'net_amount'), '162500.00');
    assert.equal(v(r, 'tax_amount'), '26000.00');
    assert.equal(rowsKey(v(r, 'tax_breakdowns')), '16.00|162500.00|26000.00');
  });
  it('a tax label no vocabulary reads ("TM (10%)") between a labelled net and a labelled total: its printed rate', () => {
    const r = run([...HEAD, ...block([['Sous total', '183 546.63 MAD'], ['TM (10%)', '18 354.66 MAD'], ['Total TTC', '201 901.29 MAD']])]);
    assert.equal(v(r, 'net_amount'), '183546.63');
    assert.equal(v(r, 'tax_amount'), '18354.66');
    assert.equal(rowsKey(v(r, 'tax_breakdowns')), '10.00|183546.63|18354.66');
  });
  it('guard: a printed rate the amounts do not agree with gives no tax', () => {
    const r = run([...HEAD, ...block([['Sous total', '183 546.63 MAD'], ['TM (20%)', '18 354.66 MAD'], ['Total TTC', '201 901.29 MAD']])]);
    assert.equal(v(r, 'tax_amount'), null);
    assert.deepEqual(v(r, 'tax_breakdowns'), []);
  });
  it('guard: two unlabelled amounts that are no whole or half per cent of each other give no tax', () => {
    const r = run([...HEAD, ...block([[null, 'KES 162,500.00'], [null, 'KES 26,013.00'], ['TOTAL DUE', 'KES 188,513.00']])]);
    assert.equal(v(r, 'tax_amount'), null);
    assert.equal(v(r, 'net_amount'), null);
  });
  it('guard: unlabelled amounts that do not add up to the total give no net and no tax', () => {
    const r = run([...HEAD, ...block([[null, 'KES 162,500.00'], [null, 'KES 26,000.00'], ['TOTAL DUE', 'KES 190,000.00']])]);
    assert.equal(v(r, 'tax_amount'), null);
    assert.equal(v(r, 'net_amount'), null);
  });
  it('guard: a labelled charge line is no tax, whatever its share of the subtotal', () => {
    const r = run([...HEAD, ...block([['Subtotal', '$100.00'], ['Shipping', '$10.00'], ['Total', '$110.00']])]);
    assert.notEqual(v(r, 'tax_amount'), '10.00');
    assert.ok(!rowsKey(v(r, 'tax_breakdowns')).startsWith('10.00|'));
  });
  it('guard: unlabelled amounts in another column than the total are not its block', () => {
    const r = run([...HEAD, [300, 260, 10, 'KES 162,500.00'], [300, 274, 10, 'KES 26,000.00'], ...block([['TOTAL DUE', 'KES 188,500.00']], 288)]);
    assert.equal(v(r, 'tax_amount'), null);
  });
});
