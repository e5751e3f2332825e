// Money rules of issue 14 (`amounts14`), each on a generated page that main's engine read wrong:
// amounts that only "fit" the arithmetic without being the document's totals — a section subtotal
// beside a tax row whose printed base is another amount, a net taken for the tax, a rate read as
// an amount, an allowance line read as a tax line, a net ("HT") under a gross label's words.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FOOTER, LETTERHEAD, META, run, TITLE, WINDOW, type Lines } from './fixtures/run.js';

const HEAD: Lines = [...LETTERHEAD, ...WINDOW, ...META, ...TITLE];
const ITEMS: Lines = [
  [60, 330, 9, 'Menge'], [100, 330, 9, 'Bezeichnung'], [490, 330, 9, 'Betrag'],
  [60, 346, 9, '1'], [100, 346, 9, 'Wartung Heizungsanlage'], [505, 346, 9, '100,00'],
  [60, 362, 9, '1'], [100, 362, 9, 'Fahrtkosten pauschal'], [505, 362, 9, '50,00'],
];
const totals = (rows: Array<[string, string]>, y = 390, x = 505): Lines => rows.flatMap(([label, amount], i) => [[330, y + i * 15, 10, label], ...(amount ? [[x, y + i * 15, 10, amount]] : [])] as Lines);

describe('amounts14: derived totals closed by the document\'s own arithmetic', () => {
  it('derives no gross from a net that is not the base the tax row prints ("Tax 19 % on 150,00")', () => {
    // A section subtotal (100,00) read as the net, the tax row printing its own base 150,00: net +
    // tax would "close" at 128,50 only because the row's base was never compared with the net.
    const r = run([...HEAD, ...ITEMS, ...totals([['Subtotal', '100,00'], ['USt. 19 % auf 150,00', '28,50']]), ...FOOTER]);
    assert.notEqual(r.fields.gross_amount.value, '128.50');
    assert.notEqual(r.fields.net_amount.value, '100.00');
  });

  it('still derives the gross when the tax row\'s printed base is the net', () => {
    const r = run([...HEAD, ...ITEMS, ...totals([['Nettobetrag', '150,00'], ['USt. 19 % auf 150,00', '28,50']]), ...FOOTER]);
    assert.equal(r.fields.net_amount.value, '150.00');
    assert.equal(r.fields.gross_amount.value, '178.50');
  });

  it('still derives the gross when the net is larger than the taxed base (the rest exempt, no 0 % row read)', () => {
    const r = run([...HEAD, ...ITEMS, ...totals([['Nettobetrag', '300,00'], ['USt. 20 % auf 50,00', '10,00']]), ...FOOTER]);
    assert.equal(r.fields.net_amount.value, '300.00');
    assert.equal(r.fields.gross_amount.value, '310.00');
  });

  it('derives no net that is smaller than a tax (the net read as the tax)', () => {
    // The net 56,38 lost its label and sits on the tax's line; gross − "tax" = 10,71 is printed
    // (it is the true tax), but a net of which the tax is five times as much is no VAT breakdown.
    const r = run([...HEAD, ...totals([['Umsatzsteuer', '56,38'], ['', ''], ['Gesamtbetrag brutto', '67,09']]), [330, 470, 9, 'darin 19 % USt. auf netto: siehe Anlage'], [505, 470, 9, '10,71'], ...FOOTER]);
    assert.notEqual(r.fields.net_amount.value, '10.71');
  });

  it('derives no net of zero from a "tax" equal to the gross', () => {
    const r = run([...HEAD, ...ITEMS, ...totals([['Summe USt.', '150,00'], ['Gesamtbetrag', '150,00'], ['Rabatt', '0,00']]), ...FOOTER]);
    assert.notEqual(r.fields.net_amount.value, '0.00');
  });
});

describe('amounts14: labels read for the wrong amount', () => {
  it('reads no rate in a tax label as the amount of the net label above it ("TVA (0.00%):")', () => {
    const lines: Lines = [...HEAD, ...ITEMS, [330, 390, 10, 'Total HT :'], [330, 405, 10, 'TVA (0.00%):'], [330, 420, 10, 'Total TTC :'], [56, 470, 9, 'Exonération de TVA, art. 261-4-1° du CGI'], ...FOOTER];
    const r = run(lines);
    assert.notEqual(r.fields.net_amount.value, '0.00');
    assert.notEqual(r.fields.gross_amount.value, '0.00');
  });

  it('reads no allowance line that names its tax category as a tax line ("Allowance (Tax: 19.00%): Discount")', () => {
    const r = run([...HEAD, ...ITEMS, ...totals([['Line Total Amount', '€150.00'], ['Allowance (Tax: 19.00%): Discount', '- €15.00'], ['Net Total Amount', '€135.00'], ['Grand Total Amount', '€160.65']], 390, 500), ...FOOTER]);
    assert.notEqual(r.fields.tax_amount.value, '15.00');
    assert.notEqual(r.fields.gross_amount.value, '150.00');
  });

  it('takes no labelled line below a total\'s label as its value ("Subtotal" over "Tax 15 % on 112,90")', () => {
    // The subtotal's amount is missing: the tax row under it prints its own base, which is no net.
    const r = run([...HEAD, ...ITEMS, ...totals([['Subtotal', '100,00'], ['Subtotal', ''], ['Tax 15 % on 150,00', '22,50'], ['Total', '']]), ...FOOTER]);
    const nets = (r.fields.net_amount.candidates ?? []).map((c) => c.value);
    assert.ok(!nets.includes('150.00'), JSON.stringify(nets));
  });

  it('reads "Montant Total HT" as the net, not as the gross', () => {
    const r = run([...HEAD, ...ITEMS, ...totals([['Montant Total HT', '150,00 €'], ['TVA 0 %', '0,00 €']]), [56, 470, 9, 'Exonération de TVA, art. 261-4-1° du CGI'], ...FOOTER]);
    const gross = (r.fields.gross_amount.candidates ?? []).map((c) => c.value);
    assert.ok(!gross.includes('150.00'), JSON.stringify(gross));
  });
});
