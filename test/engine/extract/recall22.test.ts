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
import { findCurrencies, gluedToNumber, moneyWithoutCents } from '../../../engine/extract/normalize/currency.js';
import { run, v } from './fixtures/run.js';

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
