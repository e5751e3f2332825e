// Totals-block rules of round 7 (issue 14), each on a generated page: a tax line named in words
// the label dictionaries do not start with, the 0 % row of an invoice that states no VAT, the
// conflict of a gross equal to the net beside a printed tax, and a block that prints no net.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { generateFamily7Invoice, ROUND_7_FAMILIES } from './fixtures/families7.js';
import { checkTunedFamilies, FOOTER, LETTERHEAD, META, rowsKey, run, TITLE, WINDOW, type Lines } from './fixtures/run.js';

const HEAD: Lines = [...LETTERHEAD, ...WINDOW, ...META, ...TITLE];
/** An item table whose last column sums to the net, so the column heading reads as a total of 135.00. */
const ITEMS: Lines = [
  [60, 330, 9, 'Item Product'], [300, 330, 9, 'Quantity'], [380, 330, 9, 'Unit Price'], [450, 330, 9, 'Tax'], [505, 330, 9, 'Total Price'],
  [60, 346, 9, '1 High-Grade Screws'], [300, 346, 9, '5 kg'], [380, 346, 9, '18.00'], [450, 346, 9, '19%'], [505, 346, 9, '90.00'],
  [60, 362, 9, '2 Standard Brackets'], [300, 362, 9, '9 kg'], [380, 362, 9, '5.00'], [450, 362, 9, '19%'], [505, 362, 9, '45.00'],
];
const totals = (rows: Array<[string, string]>, y = 380): Lines => rows.flatMap(([label, amount], i) => [[100, y + i * 15, 9, label], [505, y + i * 15, 9, amount]] as Lines);

describe('generic extraction on the round-7 families', () => {
  it('reads every round-7 family in four languages without a wrong value (tuned split)', () => {
    const { wrong, read, docs, families } = checkTunedFamilies(0, 120, generateFamily7Invoice);
    assert.deepEqual(wrong, []);
    assert.ok(read >= docs * 0.95, `gross read on ${read}/${docs}`);
    assert.deepEqual([...families].sort(), [...ROUND_7_FAMILIES].sort());
  });
});

describe('round-7 totals blocks', () => {
  it('reads a tax line named in words with its rate, so the gross is not the net', () => {
    for (const [net, tax, gross] of [
      ['Net Total Amount', 'Value Added Tax (19.00%)', 'Gross Total Amount'],
      ['Montant total net', 'Taxe sur la valeur ajoutée (19,00 %)', 'Montant total brut'],
      ['Gesamtbetrag Netto', 'Umsatzssteuer (19,00 %)', 'Gesamtbetrag Brutto'],
    ]) {
      const r = run([...HEAD, ...ITEMS, ...totals([[net!, '135.00'], [tax!, '25.65'], [gross!, '160.65']]), ...FOOTER]);
      assert.equal(r.fields.gross_amount.value, '160.65', gross);
      assert.equal(r.fields.net_amount.value, '135.00', net);
      assert.equal(r.fields.tax_amount.value, '25.65', tax);
      assert.equal(rowsKey(r.fields.tax_breakdowns.value), '19.00|135.00|25.65', tax);
    }
  });

  it('takes no tax line from a total that names the tax it includes or excludes', () => {
    const r = run([...HEAD, ...ITEMS, ...totals([['Total excl. VAT (19%)', '135.00'], ['Total incl. VAT (19%)', '160.65']]), ...FOOTER]);
    assert.notEqual(r.fields.tax_amount.value, '135.00');
    assert.notEqual(r.fields.tax_amount.value, '160.65');
  });

  it('gives an invoice whose tax is printed as 0,00 its 0 % row on the net', () => {
    const r = run([...HEAD, ...totals([['Total HT', '2535.00 €'], ['TVA', '0.00 €'], ['Total TTC', '2535.00 €']]), ...FOOTER]);
    assert.equal(r.fields.gross_amount.value, '2535.00');
    assert.equal(rowsKey(r.fields.tax_breakdowns.value), '0.00|2535.00|0.00');
  });

  it('gives a small business invoice (net = gross, "§ 19 UStG") its 0 % row, and none without the statement', () => {
    const block = totals([['Gesamtbetrag Netto', '14,90 €'], ['Gesamtbetrag Brutto', '14,90 €']]);
    const stated = run([...HEAD, ...block, [60, 470, 9, 'Umsatzsteuerbefreit nach §19 UStG'], ...FOOTER]);
    assert.equal(rowsKey(stated.fields.tax_breakdowns.value), '0.00|14.90|0.00');
    const silent = run([...HEAD, ...block, ...FOOTER]);
    assert.equal(silent.fields.net_amount.value, '14.90');
    assert.deepEqual(silent.fields.tax_breakdowns.value, []);
  });

  it('reads a lone total of an invoice that states no VAT as the net too', () => {
    const r = run([...HEAD, ...totals([['Rechnungssumme', '9,90']]), [60, 470, 9, 'Im Rechnungsbetrag ist gemäß § 19 UStG keine Umsatzsteuer enthalten.'], ...FOOTER]);
    assert.equal(r.fields.gross_amount.value, '9.90');
    assert.equal(r.fields.net_amount.value, '9.90');
    assert.equal(rowsKey(r.fields.tax_breakdowns.value), '0.00|9.90|0.00');
  });

  it('outputs no gross equal to the net while a non-zero tax with its rate is printed', () => {
    // The tax line does not close with any printed total: the totals were misread.
    const r = run([...HEAD, ...totals([['Subtotal', '100.00'], ['Value Added Tax (19%)', '19.00'], ['Total', '100.00']]), ...FOOTER]);
    assert.notEqual(r.fields.gross_amount.value, '100.00');
    assert.notEqual(r.fields.tax_amount.value, '0.00');
  });

  it('reads a net label with a thousands-spaced amount as no payment term ("net 1 577,14")', () => {
    const r = run([...HEAD, ...totals([['Montant total net', '1 577,14 €'], ['TVA 20 %', '315,43 €'], ['Total TTC', '1 892,57 €']]), ...FOOTER]);
    assert.equal(r.fields.net_amount.value, '1577.14');
    assert.equal(r.fields.payment_due_date.value, null);
  });

  it('gives the one rate its item lines do not confirm the rest of the net (a discount on the invoice)', () => {
    const items = (discount: string, net: string, tax19: string, gross: string): Lines => [
      ...HEAD,
      [56, 330, 9, 'Menge'], [100, 330, 9, 'Bezeichnung'], [400, 330, 9, 'USt-Satz'], [486, 330, 9, 'Betrag (EUR)'],
      [56, 346, 9, '7'], [100, 346, 9, 'Papier A4 80 g'], [400, 346, 9, '19 %'], [513, 346, 9, '640,43'],
      [56, 359, 9, '6'], [100, 359, 9, 'Wartung'], [400, 359, 9, '7 %'], [504, 359, 9, '1.471,50'],
      [56, 372, 9, '8'], [100, 372, 9, 'Installation'], [400, 372, 9, '19 %'], [504, 372, 9, '1.119,36'],
      ...totals([['Rabatt', discount], ['Nettobetrag', net], ['USt. 19 %', tax19], ['USt. 7 %', '103,01'], ['Gesamtbetrag', gross]], 400),
    ];
    const r = run([...items('-32,02', '3.199,27', '328,28', '3.630,56'), ...FOOTER]);
    assert.equal(r.fields.gross_amount.value, '3630.56');
    assert.equal(rowsKey(r.fields.tax_breakdowns.value), '19.00|1727.77|328.28;7.00|1471.50|103.01');
    // The rest of the net that its rate does not confirm: no breakdown.
    const off = run([...items('-32,02', '3.199,27', '330,00', '3.632,28'), ...FOOTER]);
    assert.deepEqual(off.fields.tax_breakdowns.value, []);
  });

  it('sums the item column above a block that prints no net', () => {
    const r = run([
      ...HEAD,
      [100, 330, 9, 'Description'], [200, 330, 9, 'Unit Price'], [280, 330, 9, 'Quantity'], [360, 330, 9, 'Base Unit'], [480, 330, 9, 'Sub Total'],
      [100, 344, 9, 'Rock'], [200, 344, 9, '5,00'], [280, 344, 9, '5'], [360, 344, 9, 'Kilograms'], [480, 344, 9, '25,00'],
      [100, 358, 9, 'River Pebble'], [200, 358, 9, '5,00'], [280, 358, 9, '5'], [360, 358, 9, 'Square Metres'], [480, 358, 9, '25,00'],
      [360, 372, 9, 'VAT'], [480, 372, 9, '9,50'],
      [360, 386, 9, 'TOTAL'], [480, 386, 9, '59,50'],
      ...FOOTER,
    ]);
    assert.equal(r.fields.gross_amount.value, '59.50');
    assert.equal(r.fields.net_amount.value, '50.00');
    assert.equal(rowsKey(r.fields.tax_breakdowns.value), '19.00|50.00|9.50');
  });
});
