// One check where the code had two or three (issue 14, `recall22`), each on generated pages or
// unit cases written before the merge:
// 1. "a currency glued to a number" is one test (`gluedToNumber`, normalize/currency.ts) that the
//    item-table rows (dates.ts `moneyBesideCell`), the currency loop and the cents-free totals read:
//    a number glued to a letter ("INV123 EUR", "A4 €") prices nothing.
// 2. the currency marks beside an amount are one list (`CURRENCY_MARK`): a total printed without
//    cents in yen or crowns ("Total: ¥48000", "12 000 Kč") makes the page carry totals, as "$4000" did.
// 3. the payee phrases are one list (`PAYEE_PHRASE`, labels.ts) for the payee heading and the name
//    after a phrase in a sentence ("Zahlungsempfänger Muster Solar GmbH", "Pay to Brightside Studio Ltd").
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { findCurrencies, gluedToNumber } from '../../../engine/extract/normalize/currency.js';
import { findAmounts, moneyWithoutCents } from '../../../engine/extract/normalize/amount.js';
import { findDates } from '../../../engine/extract/normalize/date.js';
import { run, v, type Lines } from './fixtures/run.js';

const glued = (text: string) => findCurrencies(text).map((c) => gluedToNumber(text, c));

describe('a currency glued to a number is one test (recall22)', () => {
  it('a number right before or after the mark, with or without cents', () => {
    assert.deepEqual(glued('550000 USD'), [true]);
    assert.deepEqual(glued('8.6 EUR'), [true]);
    assert.deepEqual(glued('USD 43'), [true]);
    assert.deepEqual(glued('$4000'), [true]);
    assert.deepEqual(glued('42 €'), [true]);
    assert.deepEqual(glued('€ -12,50'), [true]);
    assert.deepEqual(glued("1'250 CHF"), [true]);
  });
  it('guard: a number glued to a letter (a code, a paper size) or a mark alone prices nothing', () => {
    assert.deepEqual(glued('INV123 EUR'), [false]);
    assert.deepEqual(glued('A4 €'), [false]);
    assert.deepEqual(glued('Amount (EUR)'), [false]);
    assert.deepEqual(glued('EUR  43'), [false]);
  });
  it('money without cents: the whole cell is a cents-free number glued to a mark', () => {
    for (const t of ['$4000', '42 €', '8.4 €', 'USD 43', '1.250 €', '¥48,000', '¥ 48000', '12 000 Kč', '250 zł', 'PLN 250']) assert.equal(moneyWithoutCents(t), true, t);
    for (const t of ['8.4', '20 %', '42,00 €', 'INV123 EUR', 'A4 €', '$', '4000$ net', 'EUR  43']) assert.equal(moneyWithoutCents(t), false, t);
  });
});

describe('a total without cents in yen or crowns makes the page carry totals (recall22)', () => {
  it('"Total: ¥48,000" under an "Invoice" title types the page', () => {
    const r = run([[56, 40, 20, 'Invoice'], [56, 80, 10, 'Date: 12 Mar 2024'], [56, 94, 10, 'Due date: 12 Apr 2024'], [330, 388, 10, 'Total'], [480, 388, 10, '¥48,000']]);
    assert.equal(v(r, 'type'), 'invoice');
    assert.equal(v(r, 'payment_due_date'), '2024-04-12');
  });
  it('"Celkem k úhradě | 12 000 Kč" under a "Faktura" title types the page', () => {
    const r = run([[56, 40, 20, 'Faktura'], [56, 80, 10, 'Datum vystavení: 12.03.2024'], [330, 388, 10, 'Celkem k úhradě'], [480, 388, 10, '12 000 Kč']]);
    assert.equal(v(r, 'type'), 'invoice');
  });
  it('guard: a whole number with no mark is still no total', () => {
    const r = run([[56, 40, 20, 'Invoice'], [56, 80, 10, 'Date: 12 Mar 2024'], [330, 388, 10, 'Total'], [480, 388, 10, '48000']]);
    assert.equal(v(r, 'type'), null);
  });
});

describe('the payee phrases are one list (recall22)', () => {
  it('a payee named after the phrase in a sentence is the sender ("Zahlungsempfänger …", "Pay to …")', () => {
    const de = run([[56, 40, 20, 'Rechnung'], [56, 80, 10, 'Rechnungsnummer: RE-2024-7'], [330, 388, 10, 'Gesamtbetrag'], [480, 388, 10, '1.190,00 €'],
      [56, 700, 9, 'Bitte überweisen Sie den Betrag an den Zahlungsempfänger Muster Solar GmbH']]);
    assert.equal(v(de, 'sender_name'), 'Muster Solar GmbH');
    const en = run([[56, 40, 20, 'Invoice'], [56, 80, 10, 'Invoice number: INV-2024-7'], [330, 388, 10, 'Total'], [480, 388, 10, '$1,190.00'],
      [56, 700, 9, 'Please pay to Brightside Studio Ltd within 30 days']]);
    assert.equal(v(en, 'sender_name'), 'Brightside Studio Ltd');
  });
  it('guard: the phrases read before still read ("make checks payable to", "zahlbar an")', () => {
    const en = run([[56, 40, 20, 'Invoice'], [56, 80, 10, 'Invoice number: INV-2024-7'], [330, 388, 10, 'Total'], [480, 388, 10, '$1,190.00'],
      [56, 700, 9, 'Please make checks payable to Brightside Studio Ltd']]);
    assert.equal(v(en, 'sender_name'), 'Brightside Studio Ltd');
  });
});

// Japanese invoices (recall22, item 2): vocabulary any Japanese invoice prints, not a template's — the
// title 請求書, the recipient suffixes 御中 (a company) and 様 (a person), the labels 請求書番号,
// 発行日 / 請求日, お支払期限, 小計, 消費税, 合計 / ご請求金額 (税込 / 税抜), yen amounts without
// cents ("¥110,000", "33,000円") and dates written 2024年3月15日.

const JP_ITEMS: Lines = [
  [56, 300, 10, '品名'], [300, 300, 10, '数量'], [380, 300, 10, '単価'], [480, 300, 10, '金額'],
  [56, 316, 10, 'ウェブサイト制作'], [300, 316, 10, '1'], [380, 316, 10, '¥80,000'], [480, 316, 10, '¥80,000'],
  [56, 330, 10, '保守作業'], [300, 330, 10, '2'], [380, 330, 10, '¥10,000'], [480, 330, 10, '¥20,000'],
];

describe('Japanese invoices (recall22)', () => {
  it('yen amounts without cents and 年月日 dates are read', () => {
    assert.deepEqual(findAmounts('合計 ¥110,000').map((a) => a.value), ['110000.00']);
    assert.deepEqual(findAmounts('33,000円').map((a) => a.value), ['33000.00']);
    assert.deepEqual(findAmounts('￥ 4,980 (税込)').map((a) => a.value), ['4980.00']);
    assert.deepEqual(findDates('発行日 2024年3月15日').map((d) => d.value), ['2024-03-15']);
    assert.deepEqual(findDates('2026年07月05日').map((d) => d.value), ['2026-07-05']);
  });

  it('guard: cents, bare numbers, months and impossible dates keep their old reading', () => {
    assert.deepEqual(findAmounts('¥1,234.50').map((a) => a.value), ['1234.50']);
    assert.deepEqual(findAmounts('12000').map((a) => a.value), []);
    assert.deepEqual(findAmounts('$4000').map((a) => a.value), []);
    assert.deepEqual(findDates('2024年3月分のご請求').map((d) => d.value), []);
    assert.deepEqual(findDates('2024年2月30日').map((d) => d.value), []);
  });

  it('a Japanese invoice in yen: title, number, recipient, dates, totals and currency', () => {
    const r = run([
      [56, 40, 22, '請求書'],
      [360, 80, 10, '請求書番号 A-2024-015'],
      [56, 110, 12, '山田商事株式会社 御中'], [360, 110, 10, '発行日 2024年3月15日'],
      [360, 124, 10, 'お支払期限 2024年4月30日'],
      [360, 160, 10, '青空デザイン株式会社'], [360, 174, 10, '東京都港区芝公園1-2-3'],
      ...JP_ITEMS,
      [330, 400, 10, '小計'], [480, 400, 10, '¥100,000'],
      [330, 414, 10, '消費税(10%)'], [480, 414, 10, '¥10,000'],
      [330, 428, 10, '合計'], [480, 428, 10, '¥110,000'],
    ]);
    assert.equal(v(r, 'type'), 'invoice');
    assert.equal(v(r, 'document_number'), 'A-2024-015');
    assert.equal(v(r, 'recipient_name'), '山田商事株式会社');
    assert.equal(v(r, 'issue_date'), '2024-03-15');
    assert.equal(v(r, 'payment_due_date'), '2024-04-30');
    assert.equal(v(r, 'net_amount'), '100000.00');
    assert.equal(v(r, 'tax_amount'), '10000.00');
    assert.equal(v(r, 'gross_amount'), '110000.00');
    assert.equal(v(r, 'currency'), 'JPY');
  });

  it('amounts in 円, 請求日, a person with 様 and totals labelled 税込 / 税抜', () => {
    const r = run([
      [56, 40, 22, '御請求書'],
      [56, 110, 12, '佐藤 花子 様'], [360, 110, 10, '請求日 2024年1月31日'],
      [360, 160, 10, '青空デザイン株式会社'],
      [330, 400, 10, '小計(税抜)'], [480, 400, 10, '30,000円'],
      [330, 414, 10, '消費税'], [480, 414, 10, '3,000円'],
      [330, 428, 10, '合計金額(税込)'], [480, 428, 10, '33,000円'],
    ]);
    assert.equal(v(r, 'type'), 'invoice');
    assert.equal(v(r, 'recipient_name'), '佐藤 花子');
    assert.equal(v(r, 'issue_date'), '2024-01-31');
    assert.equal(v(r, 'net_amount'), '30000.00');
    assert.equal(v(r, 'gross_amount'), '33000.00');
    assert.equal(v(r, 'currency'), 'JPY');
  });

  it('a person before 様 is the recipient; 請求書No.; "X ご担当者様" names X; amounts in 円 are yen', () => {
    const r = run([
      [56, 40, 22, '御請求書'], [360, 80, 10, '請求書No. 2024-031'],
      [56, 110, 12, '佐藤 花子 様'], [56, 124, 10, '山田商事株式会社 ご担当者様'],
      [330, 428, 10, '合計金額'], [480, 428, 10, '33,000円'],
    ]);
    assert.equal(v(r, 'recipient_name'), '佐藤 花子');
    assert.equal(v(r, 'document_number'), '2024-031');
    assert.equal(v(r, 'currency'), 'JPY');
  });

  it('guard: a Chinese invoice is not made a yen invoice, and 様 after a word or a sentence names nobody', () => {
    const cn = run([[56, 40, 22, '发票'], [360, 110, 10, '开票日期 2024年3月15日'], ...JP_ITEMS, [330, 428, 10, '合计'], [480, 428, 10, '¥110,000.00']]);
    assert.notEqual(v(cn, 'currency'), 'JPY');
    assert.notEqual(v(cn, 'type'), 'invoice');
    const jp = run([[56, 40, 22, '請求書'], [56, 110, 10, 'お客様番号 12345'], [56, 124, 10, '皆様'], [56, 138, 10, 'ご担当者様'], [56, 152, 10, '先日はご来店ありがとうございました。山田様'], [330, 428, 10, '合計'], [480, 428, 10, '¥110,000']]);
    assert.equal(v(jp, 'recipient_name'), null);
  });
});
