// Totals printed without cents, with one decimal, or with a currency sign the readers missed
// (issue 14, `nocents26`), on generated pages and unit cases written before the rules:
// 1. money printed without cents counts where a currency mark (CURRENCY_MARK: "$ 2,300", "720000 USD",
//    "Rp3.500.000") or the money dash (",-", ",–": "Kč 14.500,-", "€ 4.200,–") stands beside it;
//    one decimal likewise only beside a mark ("7.4 EUR", "66.6 €"). A bare integer or one-decimal
//    number stays no amount (a quantity, a year, a rate, an id).
// 2. the totals readers (labelled amounts, the selection's "printed" amounts) read such money.
// 3. a year-first slash date, only as yyyy/mm/dd with a valid month and day ("2024/05/17").
// 4. "Rp" before a number is the Indonesian rupiah.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { findAmounts, findMoney } from '../../../engine/extract/normalize/amount.js';
import { findCurrencies } from '../../../engine/extract/normalize/currency.js';
import { findDates } from '../../../engine/extract/normalize/date.js';
import { rowsKey, run, totalsBlock, v, type Lines } from './fixtures/run.js';

const money = (t: string) => findMoney(t).map((a) => a.value);
const totals = (r: ReturnType<typeof run>) => [v(r, 'net_amount'), v(r, 'tax_amount'), v(r, 'gross_amount')];

const EN_HEAD: Lines = [
  [40, 40, 20, 'Invoice'], [400, 40, 11, 'NO. 2025-000318'],
  [56, 80, 10, 'Provider'], [330, 80, 10, 'Purchaser'],
  [56, 94, 10, 'Harbor Lane Design LLC'], [330, 94, 10, 'Greenfield Foods Inc.'],
  [56, 108, 10, '41 Pier Street'], [330, 108, 10, '900 Orchard Road'],
  [56, 122, 10, 'Portland, OR 97201'], [330, 122, 10, 'Salem, OR 97301'],
  [330, 150, 10, 'Issue date'], [470, 150, 10, '07/04/2025'],
  [330, 164, 10, 'Due date'], [470, 164, 10, '21/04/2025'],
];
const EN_ITEMS: Lines = [
  [41, 300, 9, 'Item'], [220, 300, 9, 'Quantity'], [300, 300, 9, 'Unit'], [380, 300, 9, 'Price per item'], [480, 300, 9, 'Amount'],
  [41, 314, 9, 'Illustration'], [220, 314, 9, '20'], [300, 314, 9, 'hr'], [380, 314, 9, '$ 75'], [480, 314, 9, '$ 1,500'],
  [41, 328, 9, 'Layout'], [220, 328, 9, '10'], [300, 328, 9, 'hr'], [380, 328, 9, '$ 80'], [480, 328, 9, '$ 800'],
];
const DE_HEAD: Lines = [
  [56, 40, 16, 'Kessler Digital GmbH'],
  [56, 150, 7, 'Kessler Digital GmbH · Ringstraße 8 · 1010 Wien'],
  [56, 165, 10, 'Hofmann & Söhne KG'], [56, 178, 10, 'Bahnhofstraße 22'], [56, 191, 10, '4020 Linz'],
  [400, 165, 9, 'Rechnungsnummer: KD-2025-019'], [400, 178, 9, 'Rechnungsdatum: 14.03.2025'],
  [56, 240, 16, 'Rechnung'],
  [56, 280, 9, 'Pos.'], [90, 280, 9, 'Beschreibung'], [330, 280, 9, 'Menge'], [400, 280, 9, 'Einzelpreis'], [490, 280, 9, 'Gesamt'],
  [56, 294, 9, '1'], [90, 294, 9, 'Workshop'], [330, 294, 9, '2 Tage'], [400, 294, 9, '€ 1.500,–'], [490, 294, 9, '€ 3.000,–'],
  [56, 308, 9, '2'], [90, 308, 9, 'Konzept'], [330, 308, 9, '1'], [400, 308, 9, '€ 1.200,–'], [490, 308, 9, '€ 1.200,–'],
];

describe('money printed without cents beside a currency mark or the money dash (nocents26)', () => {
  it('reads whole amounts glued to a sign or a code, and one decimal beside a mark', () => {
    assert.deepEqual(money('$ 2,300'), ['2300.00']);
    assert.deepEqual(money('$2300'), ['2300.00']);
    assert.deepEqual(money('Kč 14.500'), ['14500.00']);
    assert.deepEqual(money('720000 USD'), ['720000.00']);
    assert.deepEqual(money('37 EUR'), ['37.00']);
    assert.deepEqual(money('7.4 EUR'), ['7.40']);
    assert.deepEqual(money('66.6 €'), ['66.60']);
    assert.deepEqual(money('-15 EUR'), ['-15.00']);
    assert.deepEqual(money('Rp3.500.000'), ['3500000.00']);
    assert.deepEqual(money('1 250 zł'), ['1250.00']);
  });

  it('reads whole amounts written with the money dash, with or without a mark', () => {
    assert.deepEqual(money('Kč 14.500,-'), ['14500.00']);
    assert.deepEqual(money('€ 4.200,–'), ['4200.00']);
    assert.deepEqual(money('1.250,- €'), ['1250.00']);
    assert.deepEqual(money('Summe 980,-'), ['980.00']);
  });

  it('keeps the amounts with cents as findAmounts reads them, and findAmounts unchanged', () => {
    assert.deepEqual(money('Total 1.190,00 € (2 x 595,00 €)'), ['1190.00', '595.00']);
    assert.deepEqual(findAmounts('$4000').map((a) => a.value), []);
    assert.deepEqual(findAmounts('Kč 14.500,-').map((a) => a.value), []);
  });

  it('guard: no mark and no dash is no money (quantities, years, rates, ids, prices per unit)', () => {
    for (const t of ['2026', 'Qty 12', '8.4', 'Total 12498.8', '20 %', '7.5 %', 'INV123 EUR', 'A4 €', 'EUR  43', '0,125 €/kWh', '$60/hr', '12 €/h', 'EUR 1.2345', 'Postcode 1010', 'USD', '30 days'])
      assert.deepEqual(money(t), [], t);
  });
});

describe('the totals readers take money without cents (nocents26)', () => {
  it('a dollar block printed in whole dollars ("$ 2,300 · $ 230 · $ 2,530")', () => {
    const r = run([...EN_HEAD, ...EN_ITEMS, ...totalsBlock(380, ['$ 2,300', '$ 230', '$ 2,530'], ['Subtotal:', '10% VAT:', 'Total:'], [380, 480])]);
    assert.deepEqual(totals(r), ['2300.00', '230.00', '2530.00']);
  });

  it('a total alone in its cell after its label ("Total: $ 900" in one cell)', () => {
    const r = run([...EN_HEAD, [41, 300, 9, 'Item'], [220, 300, 9, 'Quantity'], [480, 300, 9, 'Amount'], [41, 314, 9, 'Hosting'], [220, 314, 9, '12'], [480, 314, 9, '$ 740'], [420, 360, 12, 'Total: $ 740']]);
    assert.equal(v(r, 'gross_amount'), '740.00');
  });

  it('a German block with the money dash ("€ 4.200,–"), its tax row from the rate', () => {
    const r = run([...DE_HEAD, ...totalsBlock(360, ['€ 4.200,–', '€ 840,–', '€ 5.040,–'], ['Nettobetrag', 'USt. 20%', 'Bruttobetrag'], [330, 490])]);
    assert.deepEqual(totals(r), ['4200.00', '840.00', '5040.00']);
    assert.equal(rowsKey(v(r, 'tax_breakdowns')), '20.00|4200.00|840.00');
  });

  it('codes after whole and one-decimal amounts ("37 EUR", "7.4 EUR", "44.4 EUR")', () => {
    const r = run([
      [330, 40, 20, 'Invoice'], [330, 60, 10, 'Invoice Number:'], [330, 74, 10, '7'], [330, 88, 10, 'Date:'], [330, 102, 10, '03/02/24'],
      [56, 130, 10, 'Bill To:'], [330, 130, 10, 'Bill From:'], [56, 144, 10, 'Clara Moss'], [330, 144, 10, 'Northwind Supplies'],
      [56, 300, 10, 'Description'], [330, 300, 10, 'Quantity'], [470, 300, 10, 'Subtotal'],
      [56, 314, 10, 'Desk lamp'], [330, 314, 10, '1'], [470, 314, 10, '37 EUR'],
      ...totalsBlock(340, ['37 EUR', '7.4 EUR', '44.4 EUR'], ['Total without VAT', 'VAT Paid', 'Total with VAT'], [330, 470]),
    ]);
    assert.deepEqual(totals(r), ['37.00', '7.40', '44.40']);
  });

  it('guard: "Total without VAT" is never the gross, when the total after it is a label the readers skip ("Total paid with VAT")', () => {
    const r = run([...EN_HEAD, ...totalsBlock(380, ['37 EUR', '7.4 EUR', '44.4 EUR'], ['Total without VAT', 'VAT Paid', 'Total paid with VAT'], [330, 470])]);
    assert.notEqual(v(r, 'gross_amount'), '37.00');
    assert.ok([null, '37.00'].includes(v(r, 'net_amount') as string | null));
  });

  it('a whole-dollar code block whose net prints without a label, and a year-first issue date', () => {
    const r = run([
      [56, 40, 18, 'Invoice Sample'], [56, 60, 10, 'Meridian Works Ltd'],
      [360, 80, 9, 'Invoice ID: 20250517-A'], [360, 94, 9, 'Invoice Issue Date: 2025/05/17'],
      [56, 130, 10, 'Bill To'], [56, 144, 10, 'Lakeside Partners LLC'],
      [56, 200, 10, 'Summary'], [500, 200, 10, 'Amount'],
      [56, 214, 10, 'Consulting services'], [490, 214, 10, '648000 USD'],
      [56, 228, 10, 'VAT'], [495, 228, 10, '64800 USD'],
      [56, 242, 10, 'Total (including tax)'], [490, 242, 10, '712800 USD'],
    ]);
    assert.equal(v(r, 'gross_amount'), '712800.00');
    assert.equal(v(r, 'tax_amount'), '64800.00');
    assert.equal(v(r, 'issue_date'), '2025-05-17');
  });

  it('a Czech block in crowns with the money dash ("Cena bez daně: Kč 14.500 · DPH 21 %: Kč 3.045 · Celkem: Kč 17.545,-")', () => {
    const r = run([
      [40, 40, 20, 'Faktura'], [420, 40, 11, 'č. 2025000417'],
      [56, 80, 10, 'Prodejce'], [330, 80, 10, 'Kupující'],
      [56, 94, 10, 'Jana Dvořáková'], [330, 94, 10, 'Tomáš Král'],
      [56, 108, 10, 'Lidická 12'], [330, 108, 10, 'Masarykova 3'],
      [56, 122, 10, '602 00 Brno'], [330, 122, 10, '110 00 Praha'],
      [330, 150, 10, 'Datum vydání'], [470, 150, 10, '03/06/2025'],
      [330, 164, 10, 'Datum splatnosti'], [470, 164, 10, '17/06/2025'],
      [41, 300, 9, 'Položka'], [200, 300, 9, 'Počet'], [280, 300, 9, 'MJ'], [360, 300, 9, 'Cena za položku'], [470, 300, 9, 'Celkem bez daně'],
      [41, 314, 9, 'Překlad'], [200, 314, 9, '29'], [280, 314, 9, 'str'], [360, 314, 9, 'Kč 500'], [470, 314, 9, 'Kč 14.500'],
      ...totalsBlock(360, ['Kč 14.500', 'Kč 3.045', 'Kč 17.545,-'], ['Cena bez daně:', 'DPH 21 %:', 'Celkem:'], [360, 470]),
    ]);
    assert.deepEqual(totals(r), ['14500.00', '3045.00', '17545.00']);
    assert.equal(v(r, 'currency'), 'CZK');
  });

  it('rupiah: "Total: Rp3.500.000" is the total and names IDR', () => {
    const r = run([
      [200, 40, 12, 'Invoice #: 58'], [200, 54, 10, 'Tanggal: 12 Maret 2024'], [56, 80, 10, 'Bandung, Jawa Barat'],
      [56, 120, 10, 'Barang'], [400, 120, 10, 'Harga'],
      [56, 134, 10, 'Monitor 27 inch'], [400, 134, 10, 'Rp2.000.000'],
      [56, 148, 10, 'Keyboard'], [400, 148, 10, 'Rp1.500.000'],
      [300, 170, 10, 'Total: Rp3.500.000'],
    ]);
    assert.equal(v(r, 'gross_amount'), '3500000.00');
    assert.equal(v(r, 'currency'), 'IDR');
  });

  it('guard: a whole-dollar block that does not close gives no total', () => {
    const r = run([...EN_HEAD, ...EN_ITEMS, ...totalsBlock(380, ['$ 2,300', '$ 230', '$ 2,630'], ['Subtotal:', 'Tax:', 'Total:'], [380, 480])]);
    assert.equal(v(r, 'gross_amount'), null);
    assert.equal(v(r, 'net_amount'), null);
  });

  it('guard: bare whole or one-decimal numbers without a mark are no totals', () => {
    const bare = run([...EN_HEAD, ...totalsBlock(380, ['2300', '230', '2630'], ['Subtotal:', 'Tax:', 'Total:'], [380, 480])]);
    assert.deepEqual(totals(bare), [null, null, null]);
    const oneDecimal = run([...EN_HEAD, ...totalsBlock(380, ['10360.0', '+ 1738.8', '12498.8'], ['Sub Total :', 'Tax :', 'Total :'], [380, 480])]);
    assert.deepEqual(totals(oneDecimal), [null, null, null]);
  });

  it('guard: a price per unit beside a total label is no total ("Total: 12 €/h")', () => {
    const r = run([...EN_HEAD, [420, 360, 12, 'Total: 12 €/h']]);
    assert.equal(v(r, 'gross_amount'), null);
  });
});

describe('year-first slash dates (nocents26)', () => {
  it('reads yyyy/mm/dd with a valid month and day', () => {
    assert.deepEqual(findDates('Invoice Issue Date: 2024/02/10').map((d) => d.value), ['2024-02-10']);
    assert.deepEqual(findDates('INV DATE 2019/7/4').map((d) => d.value), ['2019-07-04']);
    assert.deepEqual(findDates('Period: 2024/01/01 - 2024/02/29').map((d) => d.value), ['2024-01-01', '2024-02-29']);
  });
  it('guard: no month 13, no 30 February, no year-month only, no dots or mixed separators', () => {
    for (const t of ['2024/13/05', '2024/02/30', '2024/05', '2024/05/1234', '2024/05-17', '12/2024/05', 'ref 12024/05/17']) assert.deepEqual(findDates(t).map((d) => d.value), [], t);
  });
  it('guard: day-first and month-first slash dates keep their reading', () => {
    assert.deepEqual(findDates('05/03/2016').map((d) => d.value), ['2016-03-05']);
    assert.deepEqual(findDates('09/14/18', 'mdy').map((d) => d.value), ['2018-09-14']);
  });
});

describe('"Rp" is the rupiah (nocents26)', () => {
  it('"Rp" glued to a number names IDR', () => {
    assert.deepEqual(findCurrencies('Total: Rp2.000.000').map((c) => c.code), ['IDR']);
    assert.deepEqual(findCurrencies('Rp 150.000').map((c) => c.code), ['IDR']);
  });
  it('guard: "Rp" not before a number, or inside a word, names nothing', () => {
    assert.deepEqual(findCurrencies('RPM 3000').map((c) => c.code), []);
    assert.deepEqual(findCurrencies('Rp').map((c) => c.code), []);
    assert.deepEqual(findCurrencies('Corp 2020').map((c) => c.code), []);
  });
});
