// Wrong values on openable documents (issue 14, `recall20`), each rule on generated pages written
// before it:
// 1. a net derived as gross − tax that contradicts the net the page prints under a net label
//    ("Summe netto: 25.708,00 · Umsatzsteuer (0 %): 0,00 · Rechnungsbetrag: 30.849,60", round 11):
//    the page's totals do not close, and nothing tells whether the label or the sum is right, so the
//    net is left empty (the printed total is kept).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FOOTER, LETTERHEAD, META, run, TITLE, totalsBlock, v, WINDOW, type Lines } from './fixtures/run.js';

const page = (totals: [string, string, string], words: string[]) => run([...LETTERHEAD, ...WINDOW, ...META, ...TITLE, ...totalsBlock(420, totals, words), ...FOOTER]);

describe('a derived net that contradicts the printed net is not output (recall20)', () => {
  it('"Summe netto" 25.708,00 beside a 0 % tax and a total of 30.849,60: no net, the total kept', () => {
    const r = page(['25.708,00', '0,00', '30.849,60'], ['Summe netto:', 'Umsatzsteuer (0%):', 'Rechnungsbetrag:']);
    assert.equal(v(r, 'net_amount'), null);
    assert.equal(v(r, 'gross_amount'), '30849.60');
  });

  it('guard: a subtotal before a discount is never output as the net', () => {
    const r = run([...LETTERHEAD, ...WINDOW, ...META, ...TITLE, [330, 420, 10, 'Subtotal'], [490, 420, 10, '1,100.00'], [330, 434, 10, 'Discount'], [490, 434, 10, '-100.00'], [330, 448, 10, 'VAT 19%'], [495, 448, 10, '190.00'], [330, 462, 10, 'Total'], [490, 462, 10, '1,190.00'], ...FOOTER]);
    assert.notEqual(v(r, 'net_amount'), '1100.00');
  });

  it('guard: totals that close keep their net (0 % and 19 %)', () => {
    assert.equal(v(page(['1.000,00', '0,00', '1.000,00'], ['Summe netto:', 'Umsatzsteuer (0%):', 'Rechnungsbetrag:']), 'net_amount'), '1000.00');
    assert.equal(v(page(['1.000,00', '190,00', '1.190,00'], ['Summe netto:', 'USt. 19 %:', 'Rechnungsbetrag:']), 'net_amount'), '1000.00');
  });

  it('guard: a net derived where no net is printed is still output', () => {
    const r = run([...LETTERHEAD, ...WINDOW, ...META, ...TITLE, [330, 420, 10, 'USt. 19 %'], [495, 420, 10, '190,00'], [330, 434, 10, 'Gesamtbetrag'], [490, 434, 10, '1.190,00'], ...FOOTER]);
    assert.equal(v(r, 'gross_amount'), '1190.00');
    assert.equal(v(r, 'net_amount'), '1000.00');
  });
});

// 2. a total derived as net + tax where the page prints a total label whose amount was not read (the
//    amount set on the line under the label, its currency on the line over it: round 11's
//    "EUR / Summe brutto / 102143.64"), and the net was one of two labelled nets that score alike.
const LEGAL: Lines = [
  [60, 400, 9, 'Zwischensumme Honorar'], [470, 400, 9, 'EUR 71.214,00'],
  [60, 414, 9, 'Barauslagen'], [470, 414, 9, 'EUR 15.516,20'],
  [60, 428, 9, 'Summe netto'], [470, 428, 9, 'EUR 86.730,20'],
  [60, 442, 9, 'Umsatzsteuer (20%)'], [470, 442, 9, 'EUR 14.242,80'],
  [490, 452, 9, 'EUR'], [60, 460, 9, 'Summe brutto'], [470, 468, 9, '100.973,00'],
];
describe('a total split over three lines (recall20)', () => {
  it('no total made from a net that a second labelled net rivals', () => {
    const r = run([...LETTERHEAD, ...WINDOW, ...META, ...TITLE, ...LEGAL, ...FOOTER]);
    assert.notEqual(v(r, 'gross_amount'), '85456.80');
    assert.notEqual(v(r, 'net_amount'), '71214.00');
  });

  it('guard: one labelled net and its tax, no total printed: the total is still derived', () => {
    const r = run([...LETTERHEAD, ...WINDOW, ...META, ...TITLE, [330, 420, 10, 'Nettobetrag'], [490, 420, 10, '1.000,00'], [330, 434, 10, 'USt. 19 %'], [495, 434, 10, '190,00'], ...FOOTER]);
    assert.equal(v(r, 'net_amount'), '1000.00');
    assert.equal(v(r, 'gross_amount'), '1190.00');
  });

  it('guard: a subtotal over a discount and the net, both labelled, the total read: the net is read', () => {
    const r = run([...LETTERHEAD, ...WINDOW, ...META, ...TITLE, [330, 420, 10, 'Zwischensumme'], [490, 420, 10, '1.100,00'], [330, 434, 10, 'Rabatt'], [490, 434, 10, '-100,00'], [330, 448, 10, 'Nettobetrag'], [490, 448, 10, '1.000,00'], [330, 462, 10, 'USt. 19 %'], [495, 462, 10, '190,00'], [330, 476, 10, 'Gesamtbetrag'], [490, 476, 10, '1.190,00'], ...FOOTER]);
    assert.equal(v(r, 'net_amount'), '1000.00');
    assert.equal(v(r, 'gross_amount'), '1190.00');
  });
});

// 3. a recipient block of keyed lines ("Name: Sehr geehrter Herr Mag. …", "Firma: … GmbH", "Adresse: …";
//    round 11): the line keyed as the company names the party, not the contact person's line above it.
const keyed = (company: boolean): Lines => [
  [56, 290, 10, 'MANDANT'],
  [56, 305, 9, 'Name:'], [150, 305, 9, 'Sehr geehrter Herr Mag. Jakob Weber'],
  ...(company ? [[56, 318, 9, 'Firma:'], [150, 318, 9, 'Bergbahnen Holding GmbH']] as Lines : []),
  [56, 331, 9, 'Adresse:'], [150, 331, 9, 'Hauptplatz 3'],
  [150, 344, 9, '6020 Innsbruck'],
];
describe('a company keyed in the recipient block (recall20)', () => {
  it('"Firma:" under "Name:" gives the recipient', () => {
    const r = run([...LETTERHEAD, ...keyed(true), ...META, ...TITLE, ...totalsBlock(420, ['1.000,00', '200,00', '1.200,00'], ['Summe netto', 'USt. 20 %', 'Summe brutto']), ...FOOTER]);
    assert.equal(v(r, 'recipient_name'), 'Bergbahnen Holding GmbH');
  });
  it('guard: without a company key the person stays the recipient', () => {
    const r = run([...LETTERHEAD, ...keyed(false), ...META, ...TITLE, ...totalsBlock(420, ['1.000,00', '200,00', '1.200,00'], ['Summe netto', 'USt. 20 %', 'Summe brutto']), ...FOOTER]);
    assert.ok([null, 'Mag. Jakob Weber'].includes(v(r, 'recipient_name') as string | null), String(v(r, 'recipient_name')));
  });
  it('guard: a contact person over a company line with no keys stays the recipient', () => {
    const r = run([...LETTERHEAD, [56, 290, 10, 'Rechnungsadresse'], [56, 305, 9, 'Herr Thomas Schneider'], [56, 318, 9, 'TechSolutions GmbH, Industriestraße 25'], [56, 331, 9, '80339 München'], ...META, ...TITLE, ...totalsBlock(420, ['1.000,00', '200,00', '1.200,00'], ['Summe netto', 'USt. 20 %', 'Summe brutto']), ...FOOTER]);
    assert.equal(v(r, 'recipient_name'), 'Thomas Schneider');
  });
});

// 4. a total whose value cell wraps over the lines beside its label (round 11: "EUR" over and
//    "102143.64" under a vertically centred "Summe brutto"; "Rechnungsbetrag | Total" with
//    "€ 30150.00" set lower): the amount straddling the label's line is its value.
describe('a total value set across the label\'s line (recall20)', () => {
  it('"Summe brutto" between "EUR" above and the amount below, at the right margin', () => {
    const r = run([...LETTERHEAD, ...WINDOW, ...META, ...TITLE,
      [60, 400, 10, 'Summe netto'], [470, 400, 10, 'EUR 1.200,00'], [60, 414, 10, 'Umsatzsteuer (20%)'], [470, 414, 10, 'EUR 240,00'],
      [500, 424, 12, 'EUR'], [60, 432, 10, 'Summe brutto'], [480, 438, 12, '1.440,00'], ...FOOTER]);
    assert.equal(v(r, 'gross_amount'), '1440.00');
    // Read from the page, not derived as net + tax.
    assert.equal((r.fields.gross_amount.provenance as { method: string } | null)?.method, 'label_value');
  });
  it('a bilingual label ("Rechnungsbetrag | Total") whose amount is set a little lower', () => {
    const r = run([...LETTERHEAD, ...WINDOW, ...META, ...TITLE,
      [300, 400, 12, 'Nettobetrag | Net Amount:'], [500, 400, 12, '€ 1000.00'], [300, 420, 12, 'Umsatzsteuer | VAT (Reverse Charge):'], [500, 420, 12, '€ 0.00'],
      [300, 445, 13, 'Rechnungsbetrag | Total'], [500, 454, 13, '€ 1000.00'], ...FOOTER]);
    assert.equal(v(r, 'gross_amount'), '1000.00');
    assert.equal((r.fields.gross_amount.provenance as { method: string } | null)?.method, 'label_value');
  });
  it('guard: a label with its value on its own line is read as before; an amount two lines away is not taken', () => {
    const r = run([...LETTERHEAD, ...WINDOW, ...META, ...TITLE,
      [60, 400, 10, 'Summe netto'], [470, 400, 10, 'EUR 1.000,00'], [60, 414, 10, 'Umsatzsteuer (20%)'], [470, 414, 10, 'EUR 200,00'],
      [60, 432, 10, 'Summe brutto'], [480, 460, 10, '9.999,00'], ...FOOTER]);
    assert.notEqual(v(r, 'gross_amount'), '9999.00');
  });
});
