// scripts/eval/printed.js (issue 14, `printed26`): eval:generic's own "does the page print this truth" check,
// independent of the engine's readers. The first cases are printed forms the engine's findAmounts / findDates did
// not read on main 0f08810 (so the old judgement dropped those truths from the score); the guards are pages that do
// not print the value.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';

type Check = (value: string, text: string) => boolean;
const mod = (await import(new URL('../../../scripts/eval/printed.js', import.meta.url).href)) as {
  printedAmount: Check;
  printedDate: Check;
  printedCurrency: Check;
};
const { printedAmount, printedDate, printedCurrency } = mod;

describe('amounts printed in forms the engine did not read', () => {
  it('yen without decimals, grouped or glued to ¥ / ￥ / 円', () => {
    assert.equal(printedAmount('550000.00', '小計 ¥500,000\n消費税 ¥50,000\n合計 ¥550,000'), true);
    assert.equal(printedAmount('48000', 'ご請求金額 48000円'), true);
    assert.equal(printedAmount('48000', '合計 ￥48,000'), true);
  });
  it('crowns and dollars without decimals: "12 100 Kč", "USD 300", "$1,100", "1.500,-"', () => {
    assert.equal(printedAmount('12100.00', 'Celkem k úhradě 12 100 Kč'), true);
    assert.equal(printedAmount('300.00', 'Amount due USD 300'), true);
    assert.equal(printedAmount('1100', 'Total $1,100'), true);
    assert.equal(printedAmount('1500.00', 'Gesamtbetrag 1.500,-'), true);
  });
  it('one decimal, a typographic apostrophe, full-width digits', () => {
    assert.equal(printedAmount('12.50', 'Total: 12.5'), true);
    assert.equal(printedAmount('1234.56', 'Total CHF 1’234.56'), true);
    assert.equal(printedAmount('1234.56', '合計 １２３４．５６'), true);
  });
  it('the usual forms, sign and parentheses ignored', () => {
    for (const page of ['1.234,56 €', '$1,234.56', '1 234,56', '1\u202f234,56', '1\u00a0234.56', "1'234.56", '1234,56', '(1,234.56)', '-1.234,56'])
      assert.equal(printedAmount('-1234.56', `Total ${page}`), true, page);
  });
});

describe('amounts not printed', () => {
  it('a part of a larger number, a rate, a bare integer without grouping or mark', () => {
    assert.equal(printedAmount('234.56', 'Total 1,234.56'), false);
    assert.equal(printedAmount('100.00', 'Total 1100.00'), false);
    assert.equal(printedAmount('19.00', 'MwSt 19,00 %'), false);
    assert.equal(printedAmount('2026.00', 'Rechnung 2026 vom 1.2.2026'), false);
    assert.equal(printedAmount('3.00', 'Qty 3 pcs'), false);
    assert.equal(printedAmount('1.00', 'Total € 1 000'), false);
    assert.equal(printedAmount('12.55', 'Total 12.5'), false);
  });
});

describe('dates printed in forms the engine did not read', () => {
  it('Czech, Polish, Swedish and Finnish month names', () => {
    assert.equal(printedDate('2026-08-15', 'Datum vystavení: 15. srpna 2026'), true);
    assert.equal(printedDate('2026-08-15', 'Data wystawienia: 15 sierpnia 2026 r.'), true);
    assert.equal(printedDate('2026-10-15', 'Termin płatności: 15 października 2026'), true);
    assert.equal(printedDate('2026-08-15', 'Fakturadatum 15 augusti 2026'), true);
    assert.equal(printedDate('2026-08-15', 'Päiväys 15. elokuuta 2026'), true);
  });
  it('年月日, year first with slashes, an abbreviated month with a two-digit year, spaced separators', () => {
    assert.equal(printedDate('2026-08-15', '発行日 2026年8月15日'), true);
    assert.equal(printedDate('2026-08-15', '発行日 ２０２６年０８月１５日'), true);
    assert.equal(printedDate('2026-08-15', 'Date 2026/08/15'), true);
    assert.equal(printedDate('2026-08-15', 'Date 15-Aug-26'), true);
    assert.equal(printedDate('2026-08-15', 'Datum 15 . 08 . 2026'), true);
  });
  it('the usual forms', () => {
    for (const page of ['15.08.2026', '15.8.2026', '15/08/2026', '08/15/2026', '2026-08-15', '15.08.26', '15 août 2026', 'August 15th, 2026', '15 de agosto de 2026', '15 Agustus 2026', 'Aug. 15 2026', '15. August 2026'])
      assert.equal(printedDate('2026-08-15', `Datum ${page}`), true, page);
    assert.equal(printedDate('2026-08-01', '1er août 2026'), true);
  });
});

describe('dates not printed', () => {
  it('another day, mixed separators, a longer number, another month', () => {
    assert.equal(printedDate('2026-08-01', 'August 15, 2026'), false);
    assert.equal(printedDate('2026-08-15', '15.08-2026'), false);
    assert.equal(printedDate('2026-08-15', 'Ref 115.08.2026'), false);
    assert.equal(printedDate('2026-08-15', '15 September 2026'), false);
    assert.equal(printedDate('2026-08-15', '15.08.2025'), false);
  });
});

describe('currencies', () => {
  it('a code as a word, a symbol or a name', () => {
    assert.equal(printedCurrency('EUR', 'Total 12 €'), true);
    assert.equal(printedCurrency('EUR', 'Beträge in Euro'), true);
    assert.equal(printedCurrency('USD', 'Total: $12'), true);
    assert.equal(printedCurrency('JPY', '合計 48000円'), true);
    assert.equal(printedCurrency('CZK', 'Celkem 12 Kč'), true);
    assert.equal(printedCurrency('PLN', 'Razem 12 zł'), true);
    assert.equal(printedCurrency('GBP', 'Total £12'), true);
  });
  it('not inside a word, not another dollar', () => {
    assert.equal(printedCurrency('EUR', 'EUROPA GmbH'), false);
    assert.equal(printedCurrency('USD', 'Total C$ 12'), false);
    assert.equal(printedCurrency('GBP', 'Total 12 €'), false);
  });
});
