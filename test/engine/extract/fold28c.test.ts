// Round 20 folded in (issue 14, fold28c): the misses of round 20's layouts that are not OCR losses, each as a
// generated page written before its rule and run against main e8c876b's engine (docs/decisions.md, fold28c): an ISO
// code of a currency outside Europe (the Kenyan shilling, KES), and the French due-date label "Délai de paiement",
// whose OCR reading without its accent was taken for the recipient's name.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { run, v, type Lines } from './fixtures/run.js';

describe('ISO codes of currencies outside Europe (fold28c)', () => {
  const page = (code: string): Lines => [
    [56, 40, 16, 'Vin Digital Studio'], [480, 40, 16, 'INVOICE'], [480, 62, 10, 'INV-0042'],
    [330, 120, 9, 'Issue Date'], [470, 120, 9, '08 May 2026'], [330, 134, 9, 'Currency'], [500, 134, 9, code],
    [56, 200, 9, 'BILL TO'], [56, 214, 10, 'Savannah Retail Ltd'],
    [380, 420, 10, 'Subtotal'], [450, 420, 10, `${code} 162,500.00`], [370, 436, 10, 'Tax (16% VAT)'], [452, 436, 10, `${code} 26,000.00`], [380, 452, 10, 'TOTAL DUE'], [450, 452, 10, `${code} 188,500.00`],
  ];
  for (const code of ['KES', 'NGN', 'EGP', 'PKR', 'COP']) {
    it(`"${code}" beside the totals and under "Currency" is the currency`, () => {
      assert.equal(v(run(page(code)), 'currency'), code);
    });
  }
  it('guard: "ALL" in capitals is no currency (the Albanian lek\'s code is left out)', () => {
    const r = run([...page('EUR').filter(([, , , t]) => !t.includes('EUR') && t !== 'Currency'), [56, 600, 9, 'ALL PRICES INCLUDE VAT']]);
    assert.equal(v(r, 'currency'), null);
  });
});

describe('"Délai de paiement" (fold28c)', () => {
  const page = (label: string): Lines => [
    [56, 40, 20, 'Invoice 220506-522'], [330, 40, 9, 'Client'], [440, 40, 9, 'CUS-7223-2'],
    [330, 54, 9, 'Facture N°'], [440, 54, 9, '220506-522'], [330, 68, 9, 'Date de facturation 20.05.22'],
    [56, 82, 10, 'Robert Schneider AG'], [330, 82, 9, label], [440, 82, 9, '19.07.22'],
    [56, 96, 10, 'Rue du Lac 1268'], [330, 96, 9, 'Montant dû'], [440, 96, 9, '64.90 CHF'],
    [56, 110, 10, '2501 Biel'],
    [320, 160, 11, 'Pia-Maria Rutschmann-Schnyder'], [320, 174, 10, 'Grosse Marktgasse 28'], [320, 188, 10, '9400 Rorschach'],
    [60, 300, 10, 'Objets'], [480, 300, 10, 'Total (CHF)'], [60, 320, 10, 'Chocolat Villars'], [490, 320, 10, '64.90'], [60, 350, 12, 'Sous-total'], [490, 350, 10, '64.90'],
  ];
  for (const label of ['Délai de paiement', 'Delai de paiement']) {
    it(`"${label} 19.07.22" is the due date, never the recipient`, () => {
      const r = run(page(label));
      assert.equal(v(r, 'payment_due_date'), '2022-07-19');
      assert.notEqual(v(r, 'recipient_name'), label);
    });
  }
});

describe('a title in capitals on the letterhead name\'s line (fold28c)', () => {
  // OCR reads the large name on the left and "INVOICE" on the right as one line, the line as large as the name.
  const page = (title: string): Lines => [
    [56, 40, 26, 'Vin Digital Studio'], [480, 40, 9, title],
    [480, 70, 10, 'INV-0042'], [480, 100, 9, '08 May 2026'],
    [56, 200, 9, 'BILL TO'], [56, 214, 10, 'Savannah Retail Ltd'],
    [450, 420, 10, 'KES 162,500.00'], [452, 436, 10, 'KES 26,000.00'],
  ];
  it('"INVOICE" right of the name is the title', () => {
    assert.equal(v(run(page('INVOICE')), 'type'), 'invoice');
  });
  it('guard: a word in capitals that is no title ("STUDIO") gives no type', () => {
    assert.equal(v(run(page('STUDIO')), 'type'), null);
  });
});
