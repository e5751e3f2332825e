// Money as Swiss and Indian invoices print it (issue 14, money28): thousands set off by the typographic apostrophe
// ("CHF 1’234.50", which was read as 234.50: a wrong amount), and the Indian lakh grouping ("12,34,567.00").
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { findAmounts, findMoney, parseAmount } from '../../../engine/extract/normalize/amount.js';
import { run, v } from './fixtures/run.js';

describe('thousands separators of Switzerland and India (money28)', () => {
  for (const [raw, want] of [['1’234.50', '1234.50'], ['12’345’678.90', '12345678.90'], ["1'234.50", '1234.50'], ['1,23,456.00', '123456.00'], ['12,34,567.89', '1234567.89'], ['-1,00,000.00', '-100000.00']] as const) {
    it(`"${raw}" is ${want}`, () => {
      assert.equal(parseAmount(raw)?.value, want);
      assert.deepEqual(findAmounts(`Total ${raw}`).map((a) => a.value), [want]);
    });
  }
  it('money without cents with the apostrophe: "CHF 12’500"', () => {
    assert.deepEqual(findMoney('CHF 12’500').map((a) => a.value), ['12500.00']);
  });
  it('guard: two groups that are neither (",12,345.00" after a digit run "1234,12,345.00") give no amount', () => {
    assert.deepEqual(findAmounts('1234,12,345.00').map((a) => a.value), []);
  });
  it('a Swiss totals block closes with the apostrophe amounts', () => {
    const r = run([[56, 40, 16, 'Rechnung'], [330, 70, 9, 'Rechnungsnummer: 2024-88'], [330, 82, 9, 'Datum: 03.04.2024'],
      [330, 420, 10, 'Total exkl. MWST'], [470, 420, 10, 'CHF 1’234.50'], [330, 434, 10, 'MWST 8.1 %'], [476, 434, 10, 'CHF 100.00'], [330, 448, 10, 'Total inkl. MWST'], [470, 448, 10, 'CHF 1’334.50']]);
    assert.deepEqual([v(r, 'net_amount'), v(r, 'gross_amount')], ['1234.50', '1334.50']);
  });
});
