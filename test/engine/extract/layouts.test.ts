// Issue 14, round 3: generated pages in layouts the rules were not written for
// (fixtures/layouts.ts), and one generated page per new rule: totals in a header row, bases
// per rate from the item lines, an amount due after a prepayment, abstention when a net
// contradicts a lone total or a total is printed with both signs, party headings that are not
// names, accented names, a currency heading a column of amounts.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { generateInvoice, LAYOUTS } from './fixtures/layouts.js';
import { rowsKey, run, runPages, v, wrongValues, type Lines } from './fixtures/run.js';


const HEAD: Lines = [
  [56, 50, 15, 'Nordlicht Technik GmbH'],
  [56, 150, 7, 'Nordlicht Technik GmbH · Hafenweg 12 · 20457 Hamburg'],
  [56, 165, 10, 'Atelier Sonnenberg BV'],
  [56, 178, 10, 'Kade 4'],
  [56, 191, 10, '1011 AB Amsterdam'],
  [360, 160, 9, 'Rechnungsnummer: NT-2025-7'],
  [360, 173, 9, 'Rechnungsdatum: 12.02.2025'],
  [56, 270, 16, 'Rechnung'],
  [56, 780, 7, 'USt-IdNr. DE811907980 · IBAN DE02120300000000202051 · BIC BYLADEM1001'],
];

describe('generic extraction on generated layouts (round 3)', () => {
  it('reads every layout in four languages without a wrong value', () => {
    // Precision first: over 48 generated invoices (each layout in each language, twice) no field
    // may be wrong; a field left empty is allowed, but the money fields must be read on most.
    const wrong: string[] = [];
    let moneyRead = 0;
    for (let i = 0; i < LAYOUTS.length * 8; i++) {
      const g = generateInvoice(i);
      const r = runPages([g.page]);
      wrong.push(...wrongValues(g.id, r, g.truth));
      if (r.fields.gross_amount.value === g.truth.gross_amount && r.fields.net_amount.value === g.truth.net_amount) moneyRead++;
    }
    assert.deepEqual(wrong, []);
    assert.ok(moneyRead >= 44, `net and gross read on ${moneyRead}/48`);
  });

  it('totals in a header row: each heading owns its column, the tax heading gives the rate', () => {
    const r = run([...HEAD,
      [56, 400, 8, 'Rechnungsbetrag netto'], [160, 400, 8, 'USt. 19 %'], [260, 400, 8, 'Endbetrag'],
      [100, 413, 9, '1.000,00'], [215, 413, 9, '190,00'], [300, 413, 9, '1.190,00'],
    ]);
    assert.equal(v(r, 'net_amount'), '1000.00');
    assert.equal(v(r, 'gross_amount'), '1190.00');
    assert.equal(rowsKey(v(r, 'tax_breakdowns')), '19.00|1000.00|190.00');
  });

  it('bases per rate from item lines that print their rate, only when they reconcile', () => {
    const items: Lines = [
      [56, 330, 9, 'Menge'], [100, 330, 9, 'Bezeichnung'], [400, 330, 9, 'USt-Satz'], [490, 330, 9, 'Betrag'],
      [56, 346, 9, '2'], [100, 346, 9, 'Wartung'], [400, 346, 9, '19 %'], [500, 346, 9, '600,00'],
      [56, 359, 9, '1'], [100, 359, 9, 'Fachbuch'], [400, 359, 9, '7 %'], [500, 359, 9, '200,00'],
      [56, 372, 9, '1'], [100, 372, 9, 'Montage'], [400, 372, 9, '19 %'], [500, 372, 9, '400,00'],
    ];
    const totals = (net: string, tax19: string, gross: string): Lines => [[330, 420, 10, 'Summe netto'], [490, 420, 10, net], [330, 434, 10, 'USt. 19 %'], [490, 434, 10, tax19], [330, 448, 10, 'USt. 7 %'], [490, 448, 10, '14,00'], [330, 462, 10, 'Gesamtbetrag'], [490, 462, 10, gross]];
    const r = run([...HEAD, ...items, ...totals('1.200,00', '190,00', '1.404,00')]);
    assert.equal(rowsKey(v(r, 'tax_breakdowns')), '19.00|1000.00|190.00;7.00|200.00|14.00');
    assert.ok(r.fields.tax_breakdowns.provenance?.transforms.includes('confirm:item-sums'));
    // A discount line without a rate: the 7 % row is still its item sum, the 19 % row takes the rest
    // of the net, and its rate confirms it (round 7: residual base).
    const discounted = run([...HEAD, ...items, [100, 385, 9, 'Rabatt'], [500, 385, 9, '-50,00'], ...totals('1.150,00', '180,50', '1.344,50')]);
    assert.equal(rowsKey(v(discounted, 'tax_breakdowns')), '19.00|950.00|180.50;7.00|200.00|14.00');
    assert.equal(v(discounted, 'gross_amount'), '1344.50');
    assert.equal(v(discounted, 'tax_amount'), '194.50');
    // A discount shared by both rates: no item sum confirms either row, so the rows stay empty rather than guessed.
    const shared = run([...HEAD, ...items, [100, 385, 9, 'Rabatt'], [500, 385, 9, '-50,00'], [330, 420, 10, 'Summe netto'], [490, 420, 10, '1.150,00'], [330, 434, 10, 'USt. 19 %'], [490, 434, 10, '182,88'], [330, 448, 10, 'USt. 7 %'], [490, 448, 10, '13,13'], [330, 462, 10, 'Gesamtbetrag'], [490, 462, 10, '1.346,01']]);
    assert.deepEqual(v(shared, 'tax_breakdowns'), []);
    assert.equal(v(shared, 'gross_amount'), '1346.01');
  });

  it('an amount due after a printed prepayment does not outvote the reconciled total', () => {
    const r = run([...HEAD,
      [330, 420, 10, 'Nettobetrag'], [490, 420, 10, '1.000,00'], [330, 434, 10, 'USt. 19 %'], [490, 434, 10, '190,00'],
      [330, 448, 10, 'Gesamtbetrag'], [490, 448, 10, '1.190,00'], [330, 462, 10, 'abzüglich Anzahlung'], [490, 462, 10, '-500,00'],
      [330, 476, 10, 'Zahlbetrag'], [490, 476, 10, '690,00'],
    ]);
    assert.equal(v(r, 'gross_amount'), '1190.00');
    assert.equal(v(r, 'net_amount'), '1000.00');
  });

  it('a lone total contradicted by a net that nothing reconciles is not output', () => {
    const r = run([...HEAD, [330, 420, 10, 'Nettobetrag'], [490, 420, 10, '1.000,00'], [330, 448, 10, 'Gesamtbetrag'], [490, 448, 10, '1.250,00']]);
    assert.equal(v(r, 'gross_amount'), null);
    assert.equal(v(r, 'net_amount'), null);
    assert.ok(r.reasons.includes('amounts_not_consistent'));
    // With no net printed, a lone labelled total stands.
    const lone = run([...HEAD, [330, 448, 10, 'Gesamtbetrag'], [490, 448, 10, '1.250,00']]);
    assert.equal(v(lone, 'gross_amount'), '1250.00');
  });

  it('a total printed with both signs (a scan that lost a minus) abstains', () => {
    const r = run([...HEAD.map((l): [number, number, number, string] => (l[3] === 'Rechnung' ? [l[0], l[1], l[2], 'Avoir'] : l)),
      [56, 346, 9, 'Nougat'], [500, 346, 9, '-200,00'],
      [330, 420, 10, 'Total HT'], [490, 420, 10, '-200,00'], [330, 434, 10, 'Taxes'], [490, 434, 10, '40,00'], [330, 448, 10, 'Total TTC'], [490, 448, 10, '240,00'],
    ]);
    assert.equal(v(r, 'gross_amount'), null);
    assert.equal(v(r, 'net_amount'), null);
  });

  it('a party heading is not a name; accented names are names; a currency code heads a column', () => {
    const r = run([
      [56, 50, 15, 'Harbour Lane Supplies Ltd'],
      [56, 150, 7, 'Harbour Lane Supplies Ltd · 14 Harbour Lane · Bristol BS1 5TY'],
      [56, 164, 8, 'Bill to'],
      [56, 177, 10, 'Hôtel des Arts SAS'], [56, 190, 10, '22 rue Royale'], [56, 203, 10, '75008 Paris'],
      [360, 160, 9, 'Invoice number: INV-77'], [360, 173, 9, 'Invoice date: 12/02/2025'],
      [56, 270, 16, 'Invoice'],
      [56, 330, 9, 'Qty'], [100, 330, 9, 'Description'], [470, 330, 9, 'Amount (GBP)'],
      [56, 346, 9, '1'], [100, 346, 9, 'Consulting'], [500, 346, 9, '1,000.00'],
      [330, 420, 10, 'Net amount'], [490, 420, 10, '1,000.00'], [330, 434, 10, 'VAT 20%'], [490, 434, 10, '200.00'], [330, 448, 10, 'Total'], [490, 448, 10, '1,200.00'],
    ]);
    assert.equal(v(r, 'recipient_name'), 'Hôtel des Arts SAS');
    assert.equal(v(r, 'currency'), 'GBP');
    assert.equal(v(r, 'gross_amount'), '1200.00');
  });
});
