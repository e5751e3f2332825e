// Round 14 folded in (issue 14, fold14): date labels its unknown layouts printed that no label
// family held, so the date beside them was read as another field's and left empty. Each page is
// generated here and failed on main f25f5b6's engine before the labels were added.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { run, totalsBlock, v } from './fixtures/run.js';

const EURO_TOTALS = totalsBlock(420, ['1 000,00 €', '200,00 €', '1 200,00 €'], ['Total HT :', 'TVA 20 % :', 'Total TTC :']);
const DOLLAR_TOTALS = totalsBlock(420, ['$1,000.00', '$100.00', '$1,100.00'], ['Subtotal:', 'Tax 10%:', 'Total:']);

describe('French issue and due dates written as a sentence ("Établie le", "Échéance de paiement")', () => {
  it('reads the issue date after "Établie le :" and the due date after "Échéance de paiement :"', () => {
    const r = run([
      [56, 40, 18, 'Facture 2025-014'],
      [56, 100, 10, 'Établie le : 14/03/2025'],
      [56, 114, 10, 'Fin des prestations le : 12/03/2025'],
      [56, 128, 10, 'Échéance de paiement : 28/03/2025'],
      ...EURO_TOTALS,
    ]);
    assert.equal(v(r, 'issue_date'), '2025-03-14');
    assert.equal(v(r, 'payment_due_date'), '2025-03-28');
  });

  it('reads "Facture émise le" as the issue date', () => {
    const r = run([[56, 40, 18, 'Facture n° 2025-014'], [56, 100, 10, 'Facture émise le 14/03/2025'], ...EURO_TOTALS]);
    assert.equal(v(r, 'issue_date'), '2025-03-14');
  });
});

describe('English and German "issued on" labels', () => {
  it('reads "Issued on : Jan 1, 2025" beside a phone number', () => {
    const r = run([
      [40, 40, 18, 'INVOICE'],
      [40, 100, 10, 'Billed To:'], [40, 114, 10, 'James Carter'], [400, 114, 10, 'Invoice : #123'],
      [40, 128, 10, '+1 555 0100'], [380, 128, 10, 'Issued on : Jan 1, 2025'],
      ...DOLLAR_TOTALS,
    ]);
    assert.equal(v(r, 'issue_date'), '2025-01-01');
  });

  it('reads "Ausgestellt am" as the issue date', () => {
    const r = run([[56, 40, 18, 'Rechnung Nr. 2025-014'], [330, 100, 10, 'Ausgestellt am: 14.03.2025'], ...EURO_TOTALS]);
    assert.equal(v(r, 'issue_date'), '2025-03-14');
  });

  it('still reads no issue date from a delivery sentence alone ("Fin des prestations le")', () => {
    const r = run([[56, 40, 18, 'Facture 2025-014'], [56, 114, 10, 'Fin des prestations le : 12/03/2025'], ...EURO_TOTALS]);
    assert.notEqual(v(r, 'issue_date'), '2025-03-12');
  });
});
