// recall23 (issue 14): totals left empty on open documents. The largest class on open data is the
// totals repeated below in a second currency ("Gegenwert in CHF", "Total in EUR"): both blocks close,
// so the round-8 rule `rivalBlock` abstained. A block printed below the totals whose net and gross
// lines each name an ISO currency that the totals' lines do not name is their conversion, not a rival.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FOOTER, LETTERHEAD, META, run, TITLE, WINDOW, type Lines } from './fixtures/run.js';

const HEAD: Lines = [...LETTERHEAD, ...WINDOW, ...META, ...TITLE];
const ITEMS: Lines = [
  [60, 330, 9, 'Menge'], [100, 330, 9, 'Bezeichnung'], [400, 330, 9, 'USt-Satz'], [490, 330, 9, 'Betrag'],
  [60, 346, 9, '2'], [100, 346, 9, 'Wartung Heizungsanlage'], [400, 346, 9, '19 %'], [505, 346, 9, '600,00'],
  [60, 362, 9, '5'], [100, 362, 9, 'Papier A4 80 g'], [400, 362, 9, '19 %'], [505, 362, 9, '400,00'],
];
const totals = (rows: Array<[string, string]>, y = 390): Lines => rows.flatMap(([label, amount], i) => [[330, y + i * 15, 10, label], [505, y + i * 15, 10, amount]] as Lines);
const money = (r: ReturnType<typeof run>) => [r.fields.net_amount.value, r.fields.tax_amount.value, r.fields.gross_amount.value];

describe('recall23: the totals again in a second currency', () => {
  it('reads the totals when a block below repeats them in another currency named on each line', () => {
    const r = run([...HEAD, ...ITEMS, ...totals([['Nettobetrag', '1.000,00 €'], ['USt. 19 %', '190,00'], ['Gesamtbetrag', '1.190,00 €'], ['Gegenwert in CHF (0,9500)', ''], ['Nettobetrag CHF', '950,00 CHF'], ['USt. 19 % CHF', '180,50 CHF'], ['Gesamtbetrag CHF', '1.130,50 CHF']]), ...FOOTER]);
    assert.deepEqual(money(r), ['1000.00', '190.00', '1190.00']);
  });

  it('reads them when the first block names no currency at all (English, a pound sign on the tax only)', () => {
    const r = run([...HEAD, ...ITEMS, ...totals([['Net amount', '1,000.00'], ['VAT 20%', '£200.00'], ['Total', '1,200.00'], ['Total in EUR (1.1500)', ''], ['Net amount EUR', '1,150.00 EUR'], ['VAT 20% EUR', '230.00 EUR'], ['Total EUR', '1,380.00 EUR']]), ...FOOTER]);
    assert.deepEqual(money(r), ['1000.00', '200.00', '1200.00']);
  });

  it('reads the totals, not their conversion, when the converted block\'s labels score higher', () => {
    const r = run([...HEAD, ...ITEMS, ...totals([['Nettobetrag', '1.000,00'], ['USt. 19 %', '190,00'], ['Bruttobetrag', '1.190,00'], ['Gegenwert in USD (0,9792)', ''], ['Gesamt netto USD', '979,20 USD'], ['USt. 19 % USD', '186,05 USD'], ['Bruttobetrag USD', '1.165,25 USD']]), ...FOOTER]);
    assert.deepEqual(money(r), ['1000.00', '190.00', '1190.00']);
  });

  it('still abstains when each block names its own ISO code (nothing says which is the document\'s)', () => {
    const r = run([...HEAD, ...ITEMS, ...totals([['Nettobetrag USD', '1.000,00 USD'], ['USt. 19 %', '190,00'], ['Gesamtbetrag USD', '1.190,00 USD'], ['Nettobetrag EUR', '950,00 EUR'], ['USt. 19 % EUR', '180,50 EUR'], ['Gesamtbetrag EUR', '1.130,50 EUR']]), ...FOOTER]);
    assert.deepEqual(money(r), [null, null, null]);
  });

  it('still abstains when the second block names no currency (another document\'s totals)', () => {
    const r = run([...HEAD, ...ITEMS, ...totals([['Nettobetrag', '1.000,00 €'], ['USt. 19 %', '190,00'], ['Gesamtbetrag', '1.190,00 €'], ['Nettobetrag', '950,00'], ['USt. 19 %', '180,50'], ['Gesamtbetrag', '1.130,50']]), ...FOOTER]);
    assert.deepEqual(money(r), [null, null, null]);
  });

  it('still abstains when the block in another currency is printed above the totals', () => {
    const r = run([...HEAD, ...ITEMS, ...totals([['Nettobetrag CHF', '950,00 CHF'], ['USt. 19 % CHF', '180,50 CHF'], ['Gesamtbetrag CHF', '1.130,50 CHF'], ['Nettobetrag', '1.000,00 €'], ['USt. 19 %', '190,00'], ['Gesamtbetrag', '1.190,00 €']]), ...FOOTER]);
    assert.notDeepEqual(money(r), ['1000.00', '190.00', '1190.00']);
  });
});

describe('recall23: "Factuurbedrag" is the Dutch invoice amount (the gross)', () => {
  const NL_ITEMS: Lines = [
    [60, 330, 9, 'Aantal'], [100, 330, 9, 'Omschrijving'], [400, 330, 9, 'BTW %'], [490, 330, 9, 'Bedrag'],
    [60, 346, 9, '2'], [100, 346, 9, 'Onderhoud installatie'], [400, 346, 9, '21 %'], [505, 346, 9, '600,00'],
    [60, 362, 9, '5'], [100, 362, 9, 'Papier A4 80 g'], [400, 362, 9, '21 %'], [505, 362, 9, '400,00'],
  ];
  it('reads "Totaal" as the net when "plus 21% btw" follows and "Factuurbedrag" closes the block', () => {
    const r = run([...HEAD, ...NL_ITEMS, ...totals([['Subtotaal', '1.000,00'], ['Korting 5%', '-50,00'], ['Totaal', '950,00'], ['plus 21% btw', '199,50'], ['Factuurbedrag', '1.149,50']]), ...FOOTER]);
    assert.deepEqual(money(r), ['950.00', '199.50', '1149.50']);
  });
  it('reads it as the gross after a plain net and tax block', () => {
    const r = run([...HEAD, ...NL_ITEMS, ...totals([['Totaal excl. btw', '1.000,00'], ['BTW 21%', '210,00'], ['Factuurbedrag', '1.210,00']]), ...FOOTER]);
    assert.deepEqual(money(r), ['1000.00', '210.00', '1210.00']);
  });
  it('guard: a "Factuurbedrag" that does not close with the printed net and tax gives no closing block', () => {
    const r = run([...HEAD, ...NL_ITEMS, ...totals([['Totaal', '950,00'], ['plus 21% btw', '199,50'], ['Factuurbedrag', '1.249,50']]), ...FOOTER]);
    assert.notDeepEqual(money(r), ['950.00', '199.50', '1249.50']);
    assert.notEqual(r.fields.gross_amount.value, '1149.50');
  });
});
