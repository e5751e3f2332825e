// Charges and discounts in a totals block (issue 14, `charges32`; round 16's US e-commerce template, tuned-only).
// "Subtotal · Discount · Shipping & Handling · State Tax (10%) · Federal Tax (5.1%) · Order Total": the taxes are
// taken on the subtotal less the discount plus the shipping, and the total is that base plus the taxes. Before, the
// block's net was read as the subtotal less the discount only (the shipping line ended the reading), and "Order
// Total" was no gross label, so no total was output. The pages are generated; each case was run against main
// 26c9e51 before the rule (docs/decisions.md, charges32).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { run, v, type Lines } from './fixtures/run.js';

const HEAD: Lines = [
  [50, 40, 20, 'Invoice'], [50, 80, 10, 'Bill To'], [300, 80, 10, 'Northwind Traders LLC'],
  [50, 94, 10, 'SomeTarget Inc.'], [300, 94, 10, '12 Harbor Street, Portland'],
  [50, 130, 10, 'Order #:'], [150, 130, 10, 'S4TIX8GX'], [50, 144, 10, 'Created:'], [150, 144, 10, '8/1/2022'],
  [50, 190, 10, 'Code'], [100, 190, 10, 'Description'], [300, 190, 10, 'Qty'], [350, 190, 10, 'Price'], [480, 190, 10, 'Amount'],
];
const rows = (block: Array<[string, string]>, y = 260): Lines => block.flatMap(([label, value], i): Lines => [[330, y + i * 14, 10, label], [480, y + i * 14, 10, value]]);
const page = (items: Lines, block: Array<[string, string]>) => run([...HEAD, ...items, ...rows(block)]);

const US_ITEMS: Lines = [[50, 204, 10, 'w85'], [100, 204, 10, 'Expensive Watch'], [300, 204, 10, '18'], [350, 204, 10, '$2,545.25'], [480, 204, 10, '$45,814.50'],
  [50, 218, 10, 's63'], [100, 218, 10, 'Repair service in hours'], [300, 218, 10, '2'], [350, 218, 10, '$32.00'], [480, 218, 10, '$64.00']];

describe('charges and discounts in a totals block (charges32)', () => {
  it('shipping after the tax: the total is net + tax + shipping', () => {
    const r = page(US_ITEMS.slice(0, 5), [['Subtotal:', '$100.00'], ['Sales Tax (8%):', '$8.00'], ['Shipping:', '$10.00'], ['Total:', '$118.00']]);
    assert.equal(v(r, 'gross_amount'), '118.00');
    assert.equal(v(r, 'net_amount'), '100.00');
    assert.equal(v(r, 'tax_amount'), '8.00');
  });
  it('a service charge and a discount after the tax, printed with their signs (round 14\'s "Sub Total · Tax · Service Charge · Discount · Total")', () => {
    const r = page(US_ITEMS.slice(0, 5), [['Sub Total :', '10,360.00'], ['Tax :', '+ 1,738.80'], ['Service Charge :', '+ 500.00'], ['Discount :', '- 100.00'], ['Total :', '12,498.80']]);
    assert.equal(v(r, 'gross_amount'), '12498.80');
    assert.equal(v(r, 'tax_amount'), '1738.80');
  });
  it('guard: shipping after the tax that the total does not add up with gives no amount', () => {
    const r = page(US_ITEMS.slice(0, 5), [['Subtotal:', '$100.00'], ['Sales Tax (8%):', '$8.00'], ['Shipping:', '$10.00'], ['Total:', '$119.00']]);
    assert.equal(v(r, 'gross_amount'), null);
  });
  it('shipping between the discount and the taxes is in the taxed base; "Order Total" closes the block', () => {
    const r = page(US_ITEMS, [['Subtotal (20 pcs):', '$45,878.50'], ['Discount (41%):', '$18,810.19'], ['Shipping & Handling:', '$7.24'],
      ['State Tax (10%):', '$2,707.56'], ['Federal Tax (5.1%):', '$1,380.85'], ['Order Total:', '$31,163.96']]);
    assert.equal(v(r, 'gross_amount'), '31163.96');
    assert.equal(v(r, 'net_amount'), '27075.55');
  });
  it('a German block: "Zwischensumme · Versandkosten · MwSt. 19 % · Gesamtbetrag"', () => {
    const r = page([[100, 204, 10, 'Gartenschere'], [480, 204, 10, '100,00 €']], [['Zwischensumme', '100,00 €'], ['Versandkosten', '5,90 €'], ['MwSt. 19 %', '20,12 €'], ['Gesamtbetrag', '126,02 €']]);
    assert.equal(v(r, 'gross_amount'), '126.02');
    assert.equal(v(r, 'net_amount'), '105.90');
    assert.equal(v(r, 'tax_amount'), '20.12');
  });
  it('"Order Total" is the gross of a plain block too', () => {
    const r = page(US_ITEMS.slice(0, 5), [['Subtotal:', '$45,814.50'], ['Sales Tax (8%):', '$3,665.16'], ['Order Total:', '$49,479.66']]);
    assert.equal(v(r, 'gross_amount'), '49479.66');
    assert.equal(v(r, 'net_amount'), '45814.50');
  });
  it('guard: a charge that the taxes and the total do not take leaves the block as it was read', () => {
    // 100.00 + 5.90 + 19.00 ≠ 124.00 and 100.00 + 19.00 ≠ 124.00: nothing closes, no amount is output.
    const r = page([[100, 204, 10, 'Gartenschere'], [480, 204, 10, '100,00 €']], [['Zwischensumme', '100,00 €'], ['Versandkosten', '5,90 €'], ['MwSt. 19 %', '19,00 €'], ['Gesamtbetrag', '124,00 €']]);
    assert.equal(v(r, 'gross_amount'), null);
    assert.notEqual(v(r, 'net_amount'), '105.90');
  });
  it('guard: free shipping adds nothing and changes nothing', () => {
    const r = page([[100, 204, 10, 'Gartenschere'], [480, 204, 10, '100,00 €']], [['Zwischensumme', '100,00 €'], ['Versandkosten', '0,00 €'], ['MwSt. 19 %', '19,00 €'], ['Gesamtbetrag', '119,00 €']]);
    assert.equal(v(r, 'gross_amount'), '119.00');
    assert.equal(v(r, 'net_amount'), '100.00');
  });
});
