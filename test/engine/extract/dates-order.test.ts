// Slash dates that read both ways (cleanup9): 03/04/2026 is 3 April in Europe and March 4 in
// the US. With a cue on the page (a date that reads one way only, dollars, pounds or euros, a
// German/French/Dutch word, VAT, a dotted date, an IBAN) the date is read in that order; with none it
// gives no value, and no due date is derived from it (precision over recall).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { documentDayOrder } from '../../../engine/extract/dates.js';
import { run, type Lines } from './fixtures/run.js';

/** An English invoice with no cue to the day order unless `extra` / `money` add one. */
function page(opts: { money?: string; extra?: Lines; due?: string } = {}): Lines {
  const m = opts.money ?? '';
  return [
    [56, 50, 15, 'Brightwater Supplies LLC'],
    [56, 64, 9, '12 Harbor Road, Springfield'],
    [56, 165, 10, 'Kestrel Design Inc.'],
    [56, 178, 10, '400 Lake Street'],
    [56, 191, 10, 'Madison'],
    [360, 160, 9, 'Invoice no.: BW-2026-118'],
    [360, 173, 9, 'Invoice date: 03/04/2026'],
    ...(opts.due ? ([[360, 186, 9, `Due date: ${opts.due}`]] as Lines) : []),
    [56, 270, 16, 'Invoice'],
    [56, 330, 9, 'Qty'], [100, 330, 9, 'Description'], [500, 330, 9, 'Amount'],
    [56, 346, 9, '4'], [100, 346, 9, 'Shelving units'], [490, 346, 9, `${m}1,000.00`],
    [330, 420, 10, 'Subtotal'], [490, 420, 10, `${m}1,000.00`],
    [330, 434, 10, 'Sales tax 8%'], [495, 434, 10, `${m}80.00`],
    [330, 448, 10, 'Total'], [490, 448, 10, `${m}1,080.00`],
    [56, 500, 9, 'Payment due within 30 days.'],
    ...(opts.extra ?? []),
  ];
}

describe('slash dates that read both ways (cleanup9)', () => {
  it('no cue on the page: no issue date and no due date derived from it', () => {
    const r = run(page());
    assert.equal(r.fields.issue_date.value, null);
    assert.equal(r.fields.payment_due_date.value, null);
    assert.ok(r.reasons.includes('issue_date_day_order_unknown'), r.reasons.join(','));
    assert.equal(documentDayOrder('Invoice date: 03/04/2026  Total 1,080.00'), null);
  });

  it('no cue: a printed due date that reads both ways stays empty too', () => {
    const r = run(page({ due: '05/04/2026' }));
    assert.equal(r.fields.issue_date.value, null);
    assert.equal(r.fields.payment_due_date.value, null);
    assert.ok(r.reasons.includes('payment_due_date_day_order_unknown'), r.reasons.join(','));
  });

  it('a currency cue decides: dollars month first, pounds and euros day first', () => {
    const us = run(page({ money: '$' }));
    assert.equal(us.fields.issue_date.value, '2026-03-04');
    assert.equal(us.fields.payment_due_date.value, '2026-04-03');
    for (const money of ['£', '€']) {
      const r = run(page({ money }));
      assert.equal(r.fields.issue_date.value, '2026-04-03', money);
      assert.equal(r.fields.payment_due_date.value, '2026-05-03', money);
    }
  });

  it('a date that reads one way only, a dotted date or an IBAN decides', () => {
    const oneWay = run(page({ extra: [[360, 186, 9, 'Delivery date: 28/03/2026']] }));
    assert.equal(oneWay.fields.issue_date.value, '2026-04-03');
    const usOneWay = run(page({ extra: [[360, 186, 9, 'Delivery date: 03/28/2026']] }));
    assert.equal(usOneWay.fields.issue_date.value, '2026-03-04');
    const dotted = run(page({ extra: [[360, 186, 9, 'Order of 28.03.2026']] }));
    assert.equal(dotted.fields.issue_date.value, '2026-04-03');
    const iban = run(page({ extra: [[56, 790, 7, 'IBAN GB33 BUKB 2020 1555 5555 55']] }));
    assert.equal(iban.fields.issue_date.value, '2026-04-03');
    const vat = run(page({ extra: [[56, 790, 7, 'VAT Reg. No. GB123456789']] }));
    assert.equal(vat.fields.issue_date.value, '2026-04-03');
    assert.equal(documentDayOrder('Invoice date: 03/04/2026  VAT 12%  Total ₱1,120.00'), 'mdy');
  });

  it('the upload locale decides when the page does not', () => {
    assert.equal(documentDayOrder('Invoice date: 03/04/2026', 'en-US'), 'mdy');
    assert.equal(documentDayOrder('Invoice date: 03/04/2026', 'en-GB'), 'dmy');
  });
});
