// Currency signs no reader knew (issue 14, symbols28): the signs that name one currency each (₺ ₦ ₱ ₩ ₴ ₽ ₪ ฿ ₫ ₸ ₼ ₲ ₡),
// "lei" and "TL" after an amount, "RM" before one, and the dollars of Taiwan, the Dominican Republic, Jamaica and
// Trinidad ("NT$ 100" was read as US dollars: a wrong currency).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { findCurrencies } from '../../../engine/extract/normalize/currency.js';
import { run, v } from './fixtures/run.js';

describe('currency signs (symbols28)', () => {
  const cases: Array<[string, string]> = [
    ['₺ 1.250,00', 'TRY'], ['1.250,00 TL', 'TRY'], ['₦5,000.00', 'NGN'], ['₱1,000.00', 'PHP'], ['₩50,000', 'KRW'], ['₴100.00', 'UAH'], ['₽100.00', 'RUB'],
    ['₪100.00', 'ILS'], ['฿100.00', 'THB'], ['₫100.000', 'VND'], ['₸100.00', 'KZT'], ['₼100.00', 'AZN'], ['₲100.000', 'PYG'], ['₡100.00', 'CRC'],
    ['100,00 lei', 'RON'], ['RM 100.00', 'MYR'], ['NT$ 100', 'TWD'], ['RD$ 100.00', 'DOP'], ['J$ 100.00', 'JMD'], ['TT$ 100.00', 'TTD'],
  ];
  for (const [raw, code] of cases) it(`"${raw}" is ${code}`, () => assert.deepEqual(findCurrencies(raw).map((c) => c.code), [code]));
  it('guard: "lei", "TL" and "RM" away from an amount name no currency ("Lei Wang", "TL;DR", "RM 12 room")', () => {
    assert.deepEqual(findCurrencies('Lei Wang').map((c) => c.code), []);
    assert.deepEqual(findCurrencies('TL;DR').map((c) => c.code), []);
    assert.deepEqual(findCurrencies('Room RM12').map((c) => c.code), []);
  });
  it('a Turkish total in ₺ gives the currency', () => {
    const r = run([[400, 40, 16, 'FATURA'], [330, 70, 9, 'Fatura No: A-2291'], [330, 82, 9, 'Fatura Tarihi: 02.04.2026'],
      [380, 420, 10, 'Ara Toplam'], [470, 420, 10, '₺ 1.000,00'], [380, 434, 10, 'KDV %20'], [476, 434, 10, '₺ 200,00'], [380, 448, 10, 'Genel Toplam'], [470, 448, 10, '₺ 1.200,00']]);
    assert.deepEqual([v(r, 'currency'), v(r, 'gross_amount')], ['TRY', '1200.00']);
  });
});
