// Round 16 folded in (issue 14, fold16): the wrong values and misses of round 16's layouts, each as a
// generated page that failed on main c580325's engine before its rule (docs/decisions.md, fold16).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { run, v, type Lines } from './fixtures/run.js';

const DOLLAR_TOTALS: Lines = [[400, 420, 10, 'Subtotal'], [500, 420, 10, '15.40'], [400, 434, 10, 'Tax (20%)'], [500, 434, 10, '3.08'], [400, 448, 10, 'Total'], [500, 448, 10, '18.48']];

describe('party sections with a "Name:" row (round 16: PyInvoice, a batch generator)', () => {
  it('reads the name under a role heading that shares its row with the other role\'s heading', () => {
    const r = run([
      [430, 40, 16, 'Invoice'], [330, 70, 9, 'Invoice id:'], [420, 70, 9, '1023'],
      [40, 120, 10, 'Service Provider'], [300, 120, 10, 'Client'],
      [40, 134, 9, 'Name:'], [120, 134, 9, 'PyInvoice'], [300, 134, 9, 'Email:'], [360, 134, 9, 'client@example.com'],
      [40, 146, 9, 'Street:'], [120, 146, 9, 'My Street'],
      ...DOLLAR_TOTALS,
    ]);
    assert.equal(v(r, 'sender_name'), 'PyInvoice');
  });

  it('reads the name under "Invoice for:"', () => {
    const r = run([
      [40, 40, 16, 'Tax Invoice'], [40, 60, 9, 'Invoice Number: 22060100'], [40, 72, 9, 'Date: 01/06/2022'],
      [40, 110, 10, 'Invoice for:'],
      [46, 128, 9, 'Name:'], [110, 128, 9, 'Alice Bobson'],
      [46, 140, 9, 'Details:'], [110, 140, 9, 'alice_bobson@example.com'],
      ...DOLLAR_TOTALS,
    ]);
    assert.equal(v(r, 'recipient_name'), 'Alice Bobson');
  });

  it('does not read a "Name:" row whose key sits under the other heading', () => {
    const r = run([
      [430, 40, 16, 'Invoice'],
      [40, 120, 10, 'Service Provider'], [300, 120, 10, 'Client'],
      [300, 134, 9, 'Name:'], [360, 134, 9, 'Jane Client'],
      ...DOLLAR_TOTALS,
    ]);
    assert.notEqual(v(r, 'sender_name'), 'Jane Client');
  });
});

describe('a party heading\'s value is not another block across the page (round 16: invoice-pdfkit)', () => {
  it('reads the name under "Bill To", not the sender\'s name at the far right of its row', () => {
    const r = run([
      [40, 40, 18, 'Invoice'],
      [40, 70, 10, 'Bill To'], [440, 70, 10, 'Your Company Name'],
      [40, 84, 10, 'SomeTarget Inc.'], [440, 84, 9, 'your@buzz.com'],
      [40, 96, 9, 'star@buzz.com'],
      ...DOLLAR_TOTALS,
    ]);
    assert.equal(v(r, 'recipient_name'), 'SomeTarget Inc.');
  });
});

describe('a due date in running text is not another label\'s value (round 16: invoice-pdfkit)', () => {
  it('does not take the "Created:" date as the due date from a terms sentence', () => {
    const r = run([
      [40, 40, 18, 'Invoice'],
      [40, 120, 9, 'Order #: S4TIX8GX'], [40, 132, 9, 'Created: 8/1/2022'], [40, 144, 9, 'Due date: 6/13/2022'],
      ...DOLLAR_TOTALS,
      [40, 520, 10, 'Terms & Conditions'], [40, 534, 9, 'Invoice is valid if paid no later than the due date.'],
    ]);
    assert.notEqual(v(r, 'payment_due_date'), '2022-08-01');
  });

  it('still reads the date after a deadline word and a colon ("Facture à régler le : …")', () => {
    const r = run([[40, 40, 18, 'Facture 2017-TEST-01'], [40, 72, 9, 'Date : 31/10/2017'], ...DOLLAR_TOTALS, [40, 534, 9, 'Facture à régler le : 30 novembre 2017']]);
    assert.equal(v(r, 'payment_due_date'), '2017-11-30');
  });

  it('still reads the date after a deadline word in a sentence', () => {
    const r = run([[40, 40, 18, 'Invoice'], [40, 72, 9, 'Date: 8/1/2022'], ...DOLLAR_TOTALS, [40, 534, 9, 'Please pay the amount due by 8/31/2022.']]);
    assert.equal(v(r, 'payment_due_date'), '2022-08-31');
  });
});
