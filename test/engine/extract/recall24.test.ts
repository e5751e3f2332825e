// Document numbers printed with no label (issue 14, `recall24`), on generated pages written before
// the rule: an id with an invoice prefix ("RE-2025-00287", "RG-2025-0189", "INV-26-A0001") set alone
// in its cell in the top quarter of the first page, right half, with no label over it, is the document
// number when no label, title or sentence gives one. Precision first: customer and order numbers,
// dates, phones, postcodes, page numbers and VAT ids have no invoice prefix or no id shape; a labelled
// number wins; a cell under another label ("Kundennummer") or in the sender's left column stays out.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { LETTERHEAD, run, v, WINDOW, type Lines } from './fixtures/run.js';

const TOTALS_DE: Lines = [[330, 520, 10, 'Nettobetrag'], [470, 520, 10, '1.000,00 €'], [330, 534, 10, 'USt. 20 %'], [470, 534, 10, '200,00 €'], [330, 548, 10, 'Gesamtbetrag'], [470, 548, 10, '1.200,00 €']];
const TOTALS_EN: Lines = [[330, 520, 10, 'Subtotal:'], [470, 520, 10, '$1,000.00'], [330, 534, 10, 'Tax 10%:'], [470, 534, 10, '$100.00'], [330, 548, 10, 'Total:'], [470, 548, 10, '$1,100.00']];
const ITEMS: Lines = [[56, 300, 10, 'Beschreibung'], [470, 300, 10, 'Betrag'], [56, 316, 10, 'Beratung'], [470, 316, 10, '1.000,00 €']];

/** Round 11's shape: sender block at the left, the bare id at the right of the header, a dated line under it. */
function header(id: string, x = 450, y = 60): Lines {
  return [
    [56, 44, 14, 'Elektrotechnik Huber GmbH'], [56, 62, 9, 'Gewerbepark 15'], [56, 74, 9, '6020 Innsbruck, Österreich'], [56, 86, 9, 'Tel: +43 512 587390'],
    [x, y, 12, id], [430, y + 26, 9, 'Rechnungsdatum: 18.03.2025'],
    [56, 162, 9, 'Rechnung an:'], [56, 176, 10, 'Familie Maria Berger'], [56, 188, 10, 'Olympiastraße 45'], [56, 200, 10, '6020 Innsbruck'],
  ];
}

describe('an unlabelled id with an invoice prefix in the header (recall24)', () => {
  for (const id of ['RE-2025-00287', 'RG-2025-0189', 'INV-26-A0001', 'INV-2026-0042']) {
    it(`"${id}" alone at the top right is the document number`, () => {
      const r = run([...header(id), ...ITEMS, ...TOTALS_DE]);
      assert.equal(v(r, 'document_number'), id);
    });
  }

  it('round 18\'s shape: the id alone at the top right over a date and two party columns (EN)', () => {
    const r = run([[450, 33, 14, 'INV-26-A0001'], [18, 86, 10, '02-04-2026'], [18, 116, 10, 'Recipient'], [306, 116, 10, 'Contractor'], [18, 129, 10, 'Jane Doe'], [306, 129, 10, 'John Smith'], ...TOTALS_EN]);
    assert.equal(v(r, 'document_number'), 'INV-26-A0001');
  });

  it('guard: a labelled number elsewhere wins over the bare id', () => {
    const r = run([...header('RE-2025-00287'), [430, 100, 9, 'Rechnungsnummer: 4711'], ...ITEMS, ...TOTALS_DE]);
    assert.equal(v(r, 'document_number'), '4711');
  });

  for (const id of ['KD-2025-00287', 'PO-2025-0042', 'AB-2025-0042', '2025-03-18', '+43 512 587390', '6020', 'Seite 1/2', 'ATU68492157', 'DE811907980', '1/2']) {
    it(`guard: "${id}" alone at the top right is not the document number`, () => {
      const r = run([...header(id), ...ITEMS, ...TOTALS_DE]);
      assert.equal(v(r, 'document_number'), null);
    });
  }

  it('guard: an id under another field\'s label ("Kundennummer") is not the document number', () => {
    const r = run([...header('RE-2025-00287', 450, 74), [450, 60, 9, 'Kundennummer'], ...ITEMS, ...TOTALS_DE]);
    assert.notEqual(v(r, 'document_number'), 'RE-2025-00287');
  });

  it('guard: the id in the sender\'s left column (a register line) is not taken', () => {
    const r = run([...LETTERHEAD, [56, 64, 9, 'RE-2025-00287'], ...WINDOW, ...ITEMS, ...TOTALS_DE]);
    assert.equal(v(r, 'document_number'), null);
  });

  it('guard: the id low on the page (an item or a reference in the body) is not taken', () => {
    const r = run([...header('Tel: 0'), [450, 420, 10, 'RE-2025-00287'], ...ITEMS, ...TOTALS_DE]);
    assert.equal(v(r, 'document_number'), null);
  });
});
