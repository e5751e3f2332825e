// money27 (issue 14): one reader of money printed without cents. findAmounts' yen, findMoney's amounts beside a
// currency mark or money dash, and the cell test moneyWithoutCents were three readers (recall22, nocents26,
// recall19) that overlapped on cells like "¥48,000"; these are the overlap cases, read once.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { findAmounts, findMoney, moneyWithoutCents } from '../../../engine/extract/normalize/amount.js';

const values = (hits: { value: string }[]) => hits.map((h) => h.value);

describe('money without cents: one reader (money27)', () => {
  it('a yen amount is one hit for findAmounts and findMoney alike, and its cell is money', () => {
    for (const [text, value] of [['¥48,000', '48000.00'], ['￥ 4,980', '4980.00'], ['33,000円', '33000.00']] as const) {
      assert.deepEqual(values(findAmounts(text)), [value], text);
      assert.deepEqual(values(findMoney(text)), [value], text);
      assert.equal(moneyWithoutCents(text), true, text);
    }
  });
  it('Japanese glues an amount to its label; a Latin letter glued to a number still makes it a code', () => {
    assert.deepEqual(values(findAmounts('合計33,000円')), ['33000.00']);
    assert.deepEqual(values(findMoney('INV123 EUR')), []);
    assert.equal(moneyWithoutCents('A4 €'), false);
  });
  it('findAmounts reads no cents-free amount but yen; findMoney reads them beside any mark', () => {
    assert.deepEqual(values(findAmounts('Total $4000')), []);
    assert.deepEqual(values(findMoney('Total $4000')), ['4000.00']);
    assert.deepEqual(values(findAmounts('Total USD 43 / ¥1,200')), ['1200.00']);
  });
  it('the cell test is one amount and its mark, nothing else', () => {
    assert.equal(moneyWithoutCents('Kč 12.100,-'), true);
    assert.equal(moneyWithoutCents('12.100,-'), false);
    assert.equal(moneyWithoutCents('$4000 $5000'), false);
    assert.equal(moneyWithoutCents('4000$ net'), false);
  });
});
