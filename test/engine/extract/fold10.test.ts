// Rules from round 10's native misses (issue 14, fold10), each on a generated page that fails
// without it: party headings of template programs ("Biller" / "Recipient", "Provider" /
// "Purchaser", "Aussteller" / "Empfänger", "Bill From" beside "Bill To", Czech "Prodejce" /
// "Kupující") read as headings and never as the party's name; a title that carries its own
// number ("Invoice No. 4711") names the type even when the totals are printed without cents;
// date labels "Issuing date", "Created:", Czech "Datum vydání" / "Datum splatnosti" (with the
// English label printed under the Czech one); the number label "Invoice ID".
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { findIbans } from '../../../engine/extract/normalize/iban.js';
import { run, v, type Lines } from './fixtures/run.js';

const TOTALS: Lines = [[330, 420, 10, 'Subtotal:'], [470, 420, 10, '1,000.00'], [330, 434, 10, 'VAT 20%:'], [475, 434, 10, '200.00'], [330, 448, 10, 'Total:'], [470, 448, 10, '1,200.00']];
const TITLE: Lines = [[240, 40, 18, 'Invoice'], [200, 64, 10, 'Invoice number: 2025-0815']];

describe('party headings of template programs', () => {
  const sideBySide = (left: string, right: string, leftName: string, rightName: string): Lines => [
    ...TITLE,
    [56, 120, 10, left], [330, 120, 10, right],
    [56, 134, 10, leftName], [330, 134, 10, rightName],
    [56, 148, 9, 'Harbour Road 7'], [330, 148, 9, 'Mill Lane 3'],
    [56, 162, 9, 'Springfield 40213'], [330, 162, 9, 'Shelbyville 40317'],
    ...TOTALS,
  ];

  it('reads "Recipient" and "Biller" blocks (the recipient printed first)', () => {
    const r = run(sideBySide('Recipient', 'Biller', 'Marta Lindqvist', 'Tobias Brandt'));
    assert.equal(v(r, 'sender_name'), 'Tobias Brandt');
    assert.equal(v(r, 'recipient_name'), 'Marta Lindqvist');
  });

  it('reads "Provider" and "Purchaser" blocks, and never the heading as the name', () => {
    const r = run(sideBySide('Provider', 'Purchaser', 'Tobias Brandt', 'Marta Lindqvist'));
    assert.equal(v(r, 'sender_name'), 'Tobias Brandt');
    assert.equal(v(r, 'recipient_name'), 'Marta Lindqvist');
  });

  it('reads German "Empfänger" and "Aussteller" blocks', () => {
    const r = run(sideBySide('Empfänger', 'Aussteller', 'Marta Lindqvist', 'Tobias Brandt'));
    assert.equal(v(r, 'sender_name'), 'Tobias Brandt');
    assert.equal(v(r, 'recipient_name'), 'Marta Lindqvist');
  });

  it('reads Czech "Prodejce" and "Kupující" blocks with their English headings beside them', () => {
    const r = run([
      ...TITLE,
      [56, 120, 10, 'Prodejce'], [180, 120, 10, 'Provider'], [330, 120, 10, 'Kupující'], [460, 120, 10, 'Purchaser'],
      [56, 134, 10, 'Tobias Brandt'], [330, 134, 10, 'Marta Lindqvist'],
      [56, 148, 9, 'Harbour Road 7'], [330, 148, 9, 'Mill Lane 3'],
      [56, 162, 9, '747 05 Opava'], [330, 162, 9, 'Brooklyn, NY 11203'],
      ...TOTALS,
    ]);
    assert.equal(v(r, 'sender_name'), 'Tobias Brandt');
    assert.equal(v(r, 'recipient_name'), 'Marta Lindqvist');
  });

  it('does not read "Bill From:" printed beside "Bill To:" as the recipient', () => {
    const r = run([
      ...TITLE,
      [56, 120, 10, 'Bill To:'], [330, 120, 10, 'Bill From:'],
      [56, 134, 10, 'Marta Lindqvist'], [330, 134, 10, 'Tobias Brandt'],
      [56, 148, 9, 'Harbour Road 7'], [330, 148, 9, 'Mill Lane 3'],
      ...TOTALS,
    ]);
    assert.notEqual(v(r, 'recipient_name'), 'Bill From');
    assert.equal(v(r, 'recipient_name'), 'Marta Lindqvist');
    assert.equal(v(r, 'sender_name'), 'Tobias Brandt');
  });
});

describe('a title that carries its own number', () => {
  it('names an invoice although its totals are printed without cents ("Total: $ 900")', () => {
    const r = run([
      [36, 40, 20, 'Invoice'], [420, 40, 12, 'No. 4711-2025'],
      [56, 100, 10, 'Issue date'], [200, 100, 10, '05/03/2025'],
      [56, 114, 10, 'Due date'], [200, 114, 10, '19/03/2025'],
      [41, 300, 9, 'Item'], [200, 300, 9, 'Quantity'], [480, 300, 9, 'Amount'],
      [41, 314, 9, 'Consulting'], [200, 314, 9, '10'], [480, 314, 9, '$ 900'],
      [440, 360, 12, 'Total: $ 900'],
    ]);
    assert.equal(v(r, 'document_number'), '4711-2025');
    assert.equal(v(r, 'type'), 'invoice');
    assert.equal(v(r, 'payment_due_date'), '2025-03-19');
  });

  it('reads the number after the Czech "č." beside the title "Faktura"', () => {
    const r = run([[36, 40, 20, 'Faktura'], [440, 40, 12, 'č. 198900000042'], ...TOTALS]);
    assert.equal(v(r, 'document_number'), '198900000042');
  });

  it('still gives no type to a page with a type word and no totals nor number', () => {
    const r = run([[36, 40, 20, 'Invoice'], [56, 100, 10, 'Thank you for your order.']]);
    assert.equal(v(r, 'type') ?? null, null);
  });
});

describe('date and number labels of template programs', () => {
  it('reads "Issuing Date:" and "Invoice ID:"', () => {
    const r = run([[240, 40, 18, 'Invoice'], [200, 64, 10, 'Invoice ID: 2025-77'], [200, 78, 10, 'Issuing Date: 2025-03-10'], [200, 92, 10, 'Delivery Date: 2025-02-28'], ...TOTALS]);
    assert.equal(v(r, 'issue_date'), '2025-03-10');
    assert.equal(v(r, 'document_number'), '2025-77');
  });

  it('reads "Created:" as the date of issue beside "Due:"', () => {
    const r = run([[56, 40, 18, 'INVOICE'], [330, 40, 10, 'Invoice #: 123'], [330, 54, 10, 'Created: 2025-01-06'], [330, 68, 10, 'Due: 2025-02-05'], ...TOTALS]);
    assert.equal(v(r, 'issue_date'), '2025-01-06');
    assert.equal(v(r, 'payment_due_date'), '2025-02-05');
  });

  it('reads Czech "Datum vydání" and "Datum splatnosti" whose English labels are printed under them', () => {
    const r = run([
      [36, 40, 18, 'Faktura'], [420, 40, 12, 'č. 198900000042'], [36, 60, 12, 'Invoice'],
      [330, 200, 9, 'Datum vydání'], [480, 200, 9, '05/03/2025'],
      [330, 212, 9, 'Issue date'],
      [330, 224, 9, 'Datum splatnosti'], [480, 224, 9, '19/03/2025'],
      [330, 236, 9, 'Due date'],
      ...TOTALS,
    ]);
    assert.equal(v(r, 'issue_date'), '2025-03-05');
    assert.equal(v(r, 'payment_due_date'), '2025-03-19');
  });
});

describe('a printed total that net + tax does not explain', () => {
  it('is not replaced by the sum of net and tax (a discount printed between them)', () => {
    const r = run([
      [240, 40, 18, 'Invoice'], [200, 64, 10, 'Invoice number: 2025-0816'], [200, 78, 10, 'Issuing Date: 2025-03-10'],
      [330, 420, 10, 'Subtotal:'], [470, 420, 10, '1000.00 €'],
      [330, 434, 10, 'Discount of 15 % (Coupon)'], [470, 434, 10, '-150.00 €'],
      [330, 448, 10, 'VAT of 20 %:'], [475, 448, 10, '200.00 €'],
      [330, 462, 10, 'Total:'], [470, 462, 10, '1050.00 €'],
    ]);
    assert.notEqual(v(r, 'gross_amount'), '1200.00');
  });
});

describe('an IBAN with a stray digit glued before its country code (OCR)', () => {
  it('is read when its checksum holds ("IBAN: 6GB17 BOFS …"), and not when it fails', () => {
    assert.deepEqual(findIbans('IBAN: 6GB17 BOFS 8005 5100 8137 96').map((h) => h.check), [{ status: 'valid', iban: 'GB17BOFS80055100813796' }]);
    assert.deepEqual(findIbans('IBAN: 6GB17 BOFS 8005 5100 8137 97').map((h) => h.check.status), []);
    assert.deepEqual(findIbans('Ref 12DE89 3704 0044 0532 0130 01').map((h) => h.check.status), []);
  });
});

describe('a German totals block "Zwischensumme · Umsatzsteuer von 19 % · Gesamt:"', () => {
  it('reads net, tax and gross, not the item table\'s "Gesamt" column', () => {
    const r = run([
      [240, 40, 18, 'Rechnung'], [200, 64, 10, 'Rechnungsnummer: 2025-0817'], [200, 78, 10, 'Ausstellungsdatum: 2025-03-10'],
      [56, 300, 9, 'Nr'], [90, 300, 9, 'Beschreibung'], [360, 300, 9, 'Menge'], [420, 300, 9, 'Preis'], [490, 300, 9, 'Gesamt'],
      [56, 314, 9, '1'], [90, 314, 9, 'Wartung Heizungsanlage'], [360, 314, 9, '2'], [420, 314, 9, '300.00'], [490, 314, 9, '600.00'],
      [56, 328, 9, '2'], [90, 328, 9, 'Ersatzteile'], [360, 328, 9, '1'], [420, 328, 9, '400.00'], [490, 328, 9, '400.00'],
      [330, 420, 10, 'Zwischensumme:'], [470, 420, 10, '1000.00 €'],
      [330, 434, 10, 'Umsatzsteuer von 19 %:'], [470, 434, 10, '190.00 €'],
      [330, 448, 10, 'Gesamt:'], [470, 448, 10, '1190.00 €'],
    ]);
    assert.equal(v(r, 'net_amount'), '1000.00');
    assert.equal(v(r, 'tax_amount'), '190.00');
    assert.equal(v(r, 'gross_amount'), '1190.00');
  });
});
