// A discount printed under the subtotal that the tax is not taken on (issue 14, `disc33`; round 10's
// ad-si/invoice-maker, tuned-only): "Subtotal 55466.67 € · Discount of 15 % (Coupon) -8320.00 € · VAT of 19 %
// 10538.66 € · Total 57685.33 €". The VAT is 19 % of the subtotal, and the total is the subtotal + the VAT − the
// discount (a coupon that does not lower the taxed base). "Discount of 15 % (Coupon)" was no discount line, so no total
// closed; now fold19's chain reads the block, and the net is the total less the tax (twins26 a). Each case was run
// against main 006e9be before the rule (docs/decisions.md, disc33 and disc33b).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { run, v, type Lines } from './fixtures/run.js';

const HEAD: Lines = [
  [50, 40, 20, 'Invoice'], [50, 80, 10, 'Recipient'], [300, 80, 10, 'Biller'], [50, 94, 10, 'Gyro Gearloose'], [300, 94, 10, 'Scrooge McDuck'],
  [50, 130, 10, 'Invoice No:'], [150, 130, 10, '2023-117'], [50, 144, 10, 'Date:'], [150, 144, 10, '2024-03-10'],
  [50, 190, 10, 'Description'], [300, 190, 10, 'Quantity'], [480, 190, 10, 'Total'],
  [50, 204, 10, 'Arc reactor'], [300, 204, 10, '1'], [480, 204, 10, '13000.00'],
];
const rows = (block: Array<[string, string]>, y = 260): Lines => block.flatMap(([label, value], i): Lines => [[330, y + i * 14, 10, label], [480, y + i * 14, 10, value]]);
const page = (block: Array<[string, string]>) => run([...HEAD, ...rows(block)]);

describe('a discount above the taxes that the tax is not taken on (disc33)', () => {
  it('the tax on the subtotal, the total less the discount', () => {
    const r = page([['Subtotal:', '55466.67 €'], ['Discount of 15 % (Coupon)', '-8320.00 €'], ['VAT of 19 %:', '10538.66 €'], ['Total:', '57685.33 €']]);
    assert.equal(v(r, 'gross_amount'), '57685.33');
    assert.equal(v(r, 'tax_amount'), '10538.66');
  });
  it('a coupon without its rate, in a US block ("Subtotal · Coupon discount · Sales Tax (8%) · Total")', () => {
    const r = page([['Subtotal', '$250.00'], ['Discount (Coupon)', '-$25.00'], ['Sales Tax (8%)', '$20.00'], ['Total', '$245.00']]);
    assert.equal(v(r, 'gross_amount'), '245.00');
    assert.equal(v(r, 'tax_amount'), '20.00');
  });
  it('unchanged: a discount that lowers the taxed base is read as before (fold19)', () => {
    const r = page([['Subtotal:', '100.00 €'], ['Discount of 10 % (Coupon)', '-10.00 €'], ['VAT of 19 %:', '17.10 €'], ['Total:', '107.10 €']]);
    assert.equal(v(r, 'gross_amount'), '107.10');
    assert.equal(v(r, 'net_amount'), '90.00');
  });
  it('guard: the subtotal is not the net where a discount is subtracted after it', () => {
    const r = page([['Subtotal:', '55466.67 €'], ['Discount of 15 % (Coupon)', '-8320.00 €'], ['VAT of 19 %:', '10538.00 €'], ['Total:', '57684.67 €']]);
    assert.notEqual(v(r, 'net_amount'), '55466.67');
  });
  it('the net is the total less the tax, as for any discount above the taxes (twins26 a)', () => {
    const r = page([['Subtotal:', '55466.67 €'], ['Discount of 15 % (Coupon)', '-8320.00 €'], ['VAT of 19 %:', '10538.66 €'], ['Total:', '57685.33 €']]);
    assert.equal(v(r, 'net_amount'), '47146.67');
  });
  it('guard: a total that the subtotal, the tax and the discount do not give stays empty', () => {
    const r = page([['Subtotal:', '55466.67 €'], ['Discount of 15 % (Coupon)', '-8320.00 €'], ['VAT of 19 %:', '10538.66 €'], ['Total:', '57690.00 €']]);
    assert.equal(v(r, 'gross_amount'), null);
  });
});
