// Leftovers on openable documents (issue 14, `recall19`), each on generated pages written before
// its rule:
// 1. a date column of an item table ("Milestone | Date Completed | Price", "Tätigkeit | Datum |
//    Stunden | Summe") whose headings name no known item column: the first row's date was the
//    issue date (round 14). A date in a table row under a bare date heading is not the issue date
//    unless nothing else is; a date in such a row is never the letter's date.
// 2. every title word that heads a number ("Tax invoice", "Proforma", "Avoir", "Credit note", …)
//    is weaker than a number label, as "Invoice" and "Rechnung" already were: a year after the
//    title word does not outvote "Invoice number:".
// 3. the series branch of the document number refuses a date but not a glued timestamp, as the
//    plain branch does.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { LETTERHEAD, run, totalsBlock, v, WINDOW, type Lines } from './fixtures/run.js';

const DOLLAR_TOTALS = totalsBlock(520, ['$4,500.00', '$450.00', '$4,950.00'], ['Subtotal:', 'Tax 10%:', 'Total:']);
const EURO_TOTALS = totalsBlock(520, ['1.000,00 €', '190,00 €', '1.190,00 €'], ['Nettobetrag', 'USt. 19 %', 'Gesamtbetrag']);

/** An item table whose headings name no known item column, a date column among them (rows priced in whole dollars, as round 14 printed them). */
function milestones(y: number, oneCell = false): Lines {
  // oneCell: two headings set in one cell ("Date Completed Price"), as round 14's generator did.
  return [
    ...(oneCell ? [[56, y, 10, 'Milestone'], [260, y, 10, 'Date Completed Price']] as Lines : [[56, y, 10, 'Milestone'], [260, y, 10, 'Date Completed'], [470, y, 10, 'Price']] as Lines),
    [56, y + 16, 10, 'Design website'], [260, y + 16, 10, '09/14/2018'], [470, y + 16, 10, '$800'],
    [56, y + 30, 10, 'First prototype'], [260, y + 30, 10, '09/21/2018'], [470, y + 30, 10, '$1200'],
    [56, y + 44, 10, 'Final website'], [260, y + 44, 10, '10/14/2018'], [470, y + 44, 10, '$2500'],
  ];
}
function hours(y: number, heading = 'Datum'): Lines {
  return [
    [56, y, 10, 'Tätigkeit'], [230, y, 10, heading], [330, y, 10, 'Stunden'], [470, y, 10, 'Summe'],
    [56, y + 16, 10, 'Beratung'], [230, y + 16, 10, '03.02.2025'], [330, y + 16, 10, '4'], [470, y + 16, 10, '400,00 €'],
    [56, y + 30, 10, 'Umsetzung'], [230, y + 30, 10, '05.02.2025'], [330, y + 30, 10, '6'], [470, y + 30, 10, '600,00 €'],
  ];
}

describe('a date column of an item table is not the issue date (recall19)', () => {
  it('"Date Completed" over the rows does not outvote the letter\'s date line (EN)', () => {
    for (const oneCell of [false, true]) {
      const r = run([[56, 40, 18, 'Brightside Studio LLC'], [56, 100, 16, 'Invoice INV-2018-17'], [400, 100, 10, 'Seattle, October 20, 2018'], ...milestones(300, oneCell), ...DOLLAR_TOTALS]);
      assert.equal(v(r, 'issue_date'), '2018-10-20', `headings in one cell: ${oneCell}`);
    }
  });

  it('a bare "Datum" heading over the rows does not outvote the place-and-date line (DE)', () => {
    const r = run([...LETTERHEAD, ...WINDOW, [400, 240, 10, 'Hamburg, 12.02.2025'], [56, 270, 16, 'Rechnung RE-2025-7'], ...hours(300), ...EURO_TOTALS]);
    assert.equal(v(r, 'issue_date'), '2025-02-12');
  });

  it('guard: a number title dated on its line ("Invoice INV-… dated …") still dates the document', () => {
    const r = run([[56, 40, 18, 'Brightside Studio LLC'], [56, 100, 12, 'Invoice INV-2018-17 dated October 20, 2018'], ...milestones(300), ...DOLLAR_TOTALS]);
    assert.equal(v(r, 'issue_date'), '2018-10-20');
  });

  it('a delivery-date column ("Lieferdatum") gives no letter date: the rows\' dates are no issue date', () => {
    const r = run([...LETTERHEAD, ...WINDOW, [56, 270, 16, 'Rechnung RE-2025-7'], ...hours(150, 'Lieferdatum').map(([x, y, s, t]): [number, number, number, string] => [x, y + 150, s, t]), ...EURO_TOTALS]);
    assert.equal(v(r, 'issue_date'), null);
  });

  it('guard: a single row of document data under its headings still dates the document when nothing else does', () => {
    const r = run([...LETTERHEAD, ...WINDOW, [56, 270, 16, 'Rechnung'],
      [56, 300, 10, 'Rechnungsnr.'], [200, 300, 10, 'Datum'], [330, 300, 10, 'Kundennr.'], [470, 300, 10, 'Betrag'],
      [56, 316, 10, 'RE-2025-7'], [200, 316, 10, '12.02.2025'], [330, 316, 10, 'K-4711'], [470, 316, 10, '1.190,00 €'],
      ...EURO_TOTALS]);
    assert.equal(v(r, 'issue_date'), '2025-02-12');
  });

  it('guard: a labelled issue date beside the table still wins, and a table with known item headings is unchanged', () => {
    const labelled = run([...LETTERHEAD, ...WINDOW, [360, 160, 9, 'Rechnungsdatum: 12.02.2025'], [56, 270, 16, 'Rechnung RE-2025-7'], ...hours(300), ...EURO_TOTALS]);
    assert.equal(v(labelled, 'issue_date'), '2025-02-12');
    const known = run([...LETTERHEAD, ...WINDOW, [400, 240, 10, 'Hamburg, 12.02.2025'], [56, 270, 16, 'Rechnung RE-2025-7'],
      [56, 300, 10, 'Datum'], [150, 300, 10, 'Beschreibung'], [330, 300, 10, 'Menge'], [470, 300, 10, 'Betrag'],
      [56, 316, 10, '03.02.2025'], [150, 316, 10, 'Beratung'], [330, 316, 10, '4'], [470, 316, 10, '400,00 €'], ...EURO_TOTALS]);
    assert.equal(v(known, 'issue_date'), '2025-02-12');
  });
});

describe('every title word heading a number is weaker than a number label (recall19)', () => {
  const cases: Array<[string, string, string]> = [
    ['Tax invoice 2025', 'Invoice number: TI-0031', 'TI-0031'],
    ['Proforma 2025', 'Invoice number: PF-0031', 'PF-0031'],
    ['Credit note 2025', 'Credit note number: CN-0031', 'CN-0031'],
    ['Avoir 2025', 'N° de facture : AV-0031', 'AV-0031'],
    ['Faktura 2025', 'Numer faktury: FV-0031', 'FV-0031'],
  ];
  for (const [title, label, want] of cases) {
    it(`"${title}" beside "${label}"`, () => {
      const r = run([[56, 40, 18, 'Brightside Studio Ltd'], [56, 100, 16, title], [360, 160, 9, label], ...EURO_TOTALS]);
      assert.equal(v(r, 'document_number'), want);
    });
  }

  it('guard: a title word with its number and no number label still gives it', () => {
    assert.equal(v(run([[56, 40, 18, 'Brightside Studio Ltd'], [56, 100, 16, 'Tax invoice TI-2025-0031'], ...EURO_TOTALS]), 'document_number'), 'TI-2025-0031');
    assert.equal(v(run([[56, 40, 18, 'Brightside Studio Ltd'], [56, 100, 16, 'Rechnung RE-2025-0031'], ...EURO_TOTALS]), 'document_number'), 'RE-2025-0031');
  });
});

describe('the series branch of the document number refuses dates as the plain branch does (recall19)', () => {
  it('a series code before a glued timestamp is a number ("INV 2024-03-10T172205")', () => {
    assert.equal(v(run([[56, 40, 18, 'Brightside Studio Ltd'], [360, 160, 9, 'Invoice number: INV 2024-03-10T172205'], ...EURO_TOTALS]), 'document_number'), 'INV 2024-03-10T172205');
  });

  it('a series code before a number with lower-case letters reads it whole, as the plain branch does ("INV 2024-03-10t172205")', () => {
    // Main read "INV 2024-03": the series number stopped before the lower-case "t" and backed off to a shorter, wrong value.
    assert.equal(v(run([[56, 40, 18, 'Brightside Studio Ltd'], [360, 160, 9, 'Invoice number: INV 2024-03-10t172205'], ...EURO_TOTALS]), 'document_number'), 'INV 2024-03-10t172205');
  });

  it('guard: a series code before a date is still no number', () => {
    assert.equal(v(run([[56, 40, 18, 'Brightside Studio Ltd'], [360, 160, 9, 'Invoice number: FV 12.03.2024'], ...EURO_TOTALS]), 'document_number'), null);
  });
});

describe('totals printed without cents still make the page an invoice (recall19, round 14)', () => {
  // "42 €", "8.4 €", "50.4 €", "Total: $4000": a whole or one-decimal number glued to a currency sign
  // or code is money; no amount was read from it (recall19; nocents26 reads it), but the page carries
  // totals, so its title types it and its due date and currency stay.
  it('a titled invoice whose totals print one decimal keeps its type, due date and currency', () => {
    const r = run([
      [56, 40, 20, 'Invoice'],
      [56, 80, 10, 'Date: 12 Mar 2018'], [56, 94, 10, 'Due date: 19 Mar 2018'],
      [56, 300, 10, '#'], [80, 300, 10, 'Name'], [250, 300, 10, 'Quantity'], [330, 300, 10, 'Unit price'], [420, 300, 10, 'Tax'], [480, 300, 10, 'Total'],
      [56, 316, 10, '1'], [80, 316, 10, 'Growth plan'], [250, 316, 10, '1'], [330, 316, 10, '42 €'], [420, 316, 10, '20 %'], [480, 316, 10, '42 €'],
      [330, 360, 10, 'Subtotal'], [480, 360, 10, '42 €'],
      [330, 374, 10, 'Taxes'], [480, 374, 10, '8.4 €'],
      [330, 388, 10, 'TOTAL (including taxes)'], [480, 388, 10, '50.4 €'],
    ]);
    assert.equal(v(r, 'type'), 'invoice');
    assert.equal(v(r, 'payment_due_date'), '2018-03-19');
    assert.equal(v(r, 'currency'), 'EUR');
    // nocents26 reads money without cents beside a currency mark: the block closes (42 + 8.4 = 50.4).
    assert.equal(v(r, 'gross_amount'), '50.40');
  });

  it('a title "Invoice for <client>" with a total in whole dollars is an invoice', () => {
    const r = run([[24, 40, 20, 'Invoice for Test Client'], [24, 70, 10, 'This is some text'], ...milestones(100, true), [24, 200, 10, 'Total: $4000']]);
    assert.equal(v(r, 'type'), 'invoice');
  });

  it('guard: a one-decimal number without a currency (a rate, a quantity) is no total', () => {
    const r = run([[56, 40, 20, 'Invoice'], [56, 80, 10, 'Date: 12 Mar 2018'], [330, 374, 10, 'Hours'], [480, 374, 10, '8.4'], [330, 388, 10, 'Total'], [480, 388, 10, '50.4']]);
    assert.equal(v(r, 'type'), null);
  });
});

describe('a one- or two-digit document number marked as a number (recall19)', () => {
  // Template programs number their first invoices 1, 17, 42: "Invoice: #42", "Invoice Number: | 1",
  // "Rechnung Nr. 17". Such a short number counts only when the page marks it as one: a "#" before
  // it, or a label that names a number, the number standing alone in its value.
  const head: Lines = [[56, 40, 18, 'Brightside Studio Ltd']];
  it('"Invoice: #42"', () => {
    assert.equal(v(run([...head, [56, 80, 20, 'Invoice'], [56, 120, 10, 'Date: 12 Mar 2018'], [56, 134, 10, 'Invoice: #42'], ...EURO_TOTALS]), 'document_number'), '42');
  });
  it('"Invoice Number:" over "1"', () => {
    assert.equal(v(run([...head, [56, 80, 20, 'Invoice'], [56, 110, 10, 'Invoice Number:'], [56, 124, 10, '1'], ...EURO_TOTALS]), 'document_number'), '1');
  });
  it('"Rechnung Nr. 17"', () => {
    assert.equal(v(run([...LETTERHEAD, ...WINDOW, [56, 270, 16, 'Rechnung Nr. 17'], ...EURO_TOTALS]), 'document_number'), '17');
  });
  it('guard: an unmarked short number after a title word, a page count or a bare "Nr." is none', () => {
    assert.equal(v(run([...head, [56, 80, 20, 'Invoice'], [56, 134, 10, 'Invoice: 42'], ...EURO_TOTALS]), 'document_number'), null);
    assert.equal(v(run([...head, [56, 80, 20, 'Invoice'], [56, 134, 10, 'Invoice No: 1 of 2'], ...EURO_TOTALS]), 'document_number'), null);
    assert.equal(v(run([...head, [56, 80, 20, 'Rechnung'], [360, 134, 10, 'Nr. 7'], ...EURO_TOTALS]), 'document_number'), null);
  });
});
