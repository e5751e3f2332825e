// Issue 14, round 5: the round-5 families of fixtures/families.ts (totals rows under named
// columns, bare column headings as labels, the issue date among delivery / service dates, due
// dates only in a sentence, the type only in the heading) and one generated page per round-5
// rule, recall rules and abstentions alike.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ROUND_5, ROUND_5_FAMILIES } from './fixtures/families.js';
import { checkTunedFamilies, FOOTER, LETTERHEAD, META, rowsKey, run, TITLE, TOTALS, v, WINDOW, type Lines } from './fixtures/run.js';

const ITEMS: Lines = [[56, 340, 9, 'Menge'], [100, 340, 9, 'Bezeichnung'], [56, 356, 9, '3'], [100, 356, 9, 'Wartung']];
const right = (xr: number, y: number, text: string, size = 9): [number, number, number, string] => [Math.round(xr - text.length * size * 0.5), y, size, text];

describe('generic extraction on the round-5 families', () => {
  it('reads every round-5 family in four languages without a wrong value (tuned split)', () => {
    const { wrong, read, docs, families } = checkTunedFamilies(ROUND_5, ROUND_5 + 160);
    assert.deepEqual(wrong, []);
    assert.ok(read >= docs * 0.95, `gross read on ${read}/${docs}`);
    assert.deepEqual([...families].sort(), [...ROUND_5_FAMILIES].sort());
  });
});

describe('round-5 rules, each on a generated page', () => {
  it('a totals row under net | tax | gross headings ("Summe" under "Netto | MwSt | Brutto", "Totaux" under "HT | TVA | TTC")', () => {
    const de = run([...LETTERHEAD, ...WINDOW, ...META, ...TITLE, ...ITEMS, right(540, 356, '1.470,98'),
      right(330, 400, 'Netto'), right(435, 400, 'MwSt'), right(540, 400, 'Brutto'),
      [200, 413, 9, 'Summe'], right(330, 413, '1.470,98'), right(435, 413, '279,49'), right(540, 413, '1.750,47'), ...FOOTER]);
    assert.equal(v(de, 'net_amount'), '1470.98');
    assert.equal(v(de, 'tax_amount'), '279.49');
    assert.equal(v(de, 'gross_amount'), '1750.47');
    assert.equal(rowsKey(v(de, 'tax_breakdowns')), '19.00|1470.98|279.49');
    const fr = run([...LETTERHEAD, ...WINDOW, [360, 160, 9, 'Facture n°: F-2025-4'], [360, 173, 9, 'Date de facture: 12/02/2025'], [56, 270, 16, 'Facture'],
      [56, 340, 9, 'Qté'], [90, 340, 9, 'Désignation'], right(330, 340, 'HT (EUR)'), right(435, 340, 'TVA'), right(540, 340, 'TTC'),
      [56, 356, 9, '2'], [90, 356, 9, 'Réparation'], right(330, 356, '457,08'), right(435, 356, '91,42'), right(540, 356, '548,50'),
      [56, 369, 9, '7'], [90, 369, 9, 'Transport'], right(330, 369, '716,80'), right(435, 369, '143,36'), right(540, 369, '860,16'),
      [90, 382, 9, 'Totaux'], right(330, 382, '1 173,88'), right(435, 382, '234,78'), right(540, 382, '1 408,66'), ...FOOTER]);
    assert.equal(v(fr, 'net_amount'), '1173.88');
    assert.equal(v(fr, 'gross_amount'), '1408.66');
    assert.equal(v(fr, 'tax_amount'), '234.78');
  });

  it('tax rounded on each item line: the unprinted rate is still the standard rate (3 cents from a base of 100.00), not below', () => {
    // 20 % of 4 740,14 is 948,03; five lines rounded one by one sum to 948,02.
    const big = run([...LETTERHEAD, ...WINDOW, [360, 160, 9, 'Invoice number: INV-2025-7'], [360, 173, 9, 'Invoice date: 12/02/2025'], [56, 270, 16, 'Invoice'],
      [330, 420, 10, 'Net amount'], [490, 420, 10, '4,740.14'], [330, 434, 10, 'VAT'], [495, 434, 10, '948.02'], [330, 448, 10, 'Invoice total'], [490, 448, 10, '5,688.16'], ...FOOTER]);
    assert.equal(rowsKey(v(big, 'tax_breakdowns')), '20.00|4740.14|948.02');
    // A small base: 20 % of 50,00 is 10,00, not 10,02: no rate is implied, no rows.
    const small = run([...LETTERHEAD, ...WINDOW, [360, 160, 9, 'Invoice number: INV-2025-8'], [360, 173, 9, 'Invoice date: 12/02/2025'], [56, 270, 16, 'Invoice'],
      [330, 420, 10, 'Net amount'], [490, 420, 10, '50.00'], [330, 434, 10, 'VAT'], [495, 434, 10, '10.02'], [330, 448, 10, 'Invoice total'], [490, 448, 10, '60.02'], ...FOOTER]);
    assert.equal(v(small, 'gross_amount'), '60.02');
    assert.deepEqual(v(small, 'tax_breakdowns'), []);
  });

  it('bare column words as labels: "Netto:" / "Brutto:", and "HT | TVA 20 % | TTC" with the values below', () => {
    const de = run([...LETTERHEAD, ...WINDOW, ...META, ...TITLE,
      [360, 420, 10, 'Netto:'], [490, 420, 10, '1.000,00'], [360, 434, 10, 'MwSt 19 %'], [495, 434, 10, '190,00'], [360, 448, 10, 'Brutto:'], [490, 448, 10, '1.190,00'], ...FOOTER]);
    assert.equal(v(de, 'net_amount'), '1000.00');
    assert.equal(v(de, 'gross_amount'), '1190.00');
    const fr = run([...LETTERHEAD, ...WINDOW, [360, 160, 9, 'Facture n°: F-2025-4'], [360, 173, 9, 'Date de facture: 12/02/2025'], [56, 270, 16, 'Facture'],
      right(340, 420, 'HT'), right(440, 420, 'TVA 20 %'), right(540, 420, 'TTC'),
      right(340, 432, '2 000,00', 10), right(440, 432, '400,00', 10), right(540, 432, '2 400,00', 10), ...FOOTER]);
    assert.equal(v(fr, 'net_amount'), '2000.00');
    assert.equal(v(fr, 'gross_amount'), '2400.00');
    assert.equal(rowsKey(v(fr, 'tax_breakdowns')), '20.00|2000.00|400.00');
    // "Net 30 days" is a payment term, not a net amount.
    const term = run([...LETTERHEAD, ...WINDOW, ...META, ...TITLE, ...TOTALS, [56, 480, 9, 'Net 30 days'], ...FOOTER]);
    assert.ok((term.candidates.get('net_amount') ?? []).every((c) => c.value === '1000.00'));
  });

  it('bare number words and numbered headings name the document number; a bare "Nr." column lower down does not', () => {
    const nr = run([...LETTERHEAD, ...WINDOW, [360, 160, 9, 'Nr.: F-2025-03589'], [360, 173, 9, 'Datum: 12.02.2025'], [56, 270, 16, 'RECHNUNG'], ...TOTALS, ...FOOTER]);
    assert.equal(v(nr, 'document_number'), 'F-2025-03589');
    const fr = run([...LETTERHEAD, ...WINDOW, [360, 160, 9, 'Numéro: RE-2024-03578'], [360, 173, 9, 'Date: 12/02/2025'], [56, 270, 16, 'FACTURE'], ...TOTALS, ...FOOTER]);
    assert.equal(v(fr, 'document_number'), 'RE-2024-03578');
    const tax = run([...LETTERHEAD, ...WINDOW, [360, 173, 9, 'Date: 12/02/2025'], [56, 270, 16, 'Tax invoice INV-2025-03567'], ...TOTALS, ...FOOTER]);
    assert.equal(v(tax, 'document_number'), 'INV-2025-03567');
    // An item-number column in the lower half: its values are not the document's number.
    const column = run([...LETTERHEAD, ...WINDOW, [360, 173, 9, 'Datum: 12.02.2025'], ...TITLE, [56, 440, 9, 'Nr.'], [56, 453, 9, 'A-1007'], [56, 466, 9, 'A-1008'],
      [330, 500, 10, 'Nettobetrag'], [490, 500, 10, '1.000,00'], [330, 514, 10, 'USt. 19 %'], [495, 514, 10, '190,00'], [330, 528, 10, 'Gesamtbetrag'], [490, 528, 10, '1.190,00'], ...FOOTER]);
    assert.equal(v(column, 'document_number'), null);
  });

  it('a proforma is type other, never an invoice; its number and amounts are read', () => {
    for (const title of ['Proforma-Rechnung Nr. PF-2025-4', 'PRO FORMA INVOICE No. PF-2025-4', 'Facture proforma n° PF-2025-4', 'Pro-formafactuur nr. PF-2025-4']) {
      const r = run([...LETTERHEAD, ...WINDOW, [360, 173, 9, 'Datum: 12.02.2025'], [56, 270, 16, title], ...TOTALS, ...FOOTER]);
      assert.equal(v(r, 'type'), 'other', title);
      assert.equal(v(r, 'document_number'), 'PF-2025-4', title);
      assert.equal(v(r, 'gross_amount'), '1190.00', title);
    }
  });

  it('due dates only in a sentence, in four languages; a payment received is not one', () => {
    for (const sentence of [
      'Der Rechnungsbetrag ist bis spätestens 02.05.2025 zu begleichen.', 'Wir bitten um Zahlung bis 02.05.2025.', 'Der Betrag wird am 02.05.2025 von Ihrem Konto eingezogen.',
      'Please transfer the amount by 02/05/2025.', 'Please remit until 2025-05-02.', 'Règlement attendu pour le 02/05/2025.',
      'Graag betaling vóór 02-05-2025 op onderstaand rekeningnummer.', 'Gelieve het bedrag van € 1.190,00 vóór 02-05-2025 over te maken.',
    ]) {
      const r = run([...LETTERHEAD, ...WINDOW, ...META, ...TITLE, ...TOTALS, [56, 480, 9, sentence], ...FOOTER]);
      assert.equal(v(r, 'payment_due_date'), '2025-05-02', sentence);
      assert.equal(v(r, 'gross_amount'), '1190.00', sentence);
    }
    // OCR cut the verb ("Zahlbar" → "hlbar"): the date right after the net term is still the due date, not issue + 30 days.
    const cut = run([...LETTERHEAD, ...WINDOW, ...META, ...TITLE, ...TOTALS, [56, 480, 9, 'hlbar innerhalb 30 Tagen netto bis 13.03.2025, 3% Skonto innerhalb 10 Tagen bis 22.02.2025'], ...FOOTER]);
    assert.equal(v(cut, 'payment_due_date'), '2025-03-13');
    const paid = run([...LETTERHEAD, ...WINDOW, ...META, ...TITLE, ...TOTALS, [56, 480, 9, 'Vielen Dank für Ihre Zahlung vom 01.02.2025.'], ...FOOTER]);
    assert.equal(v(paid, 'payment_due_date'), null);
  });

  it('the issue date among delivery and service dates in any order', () => {
    const r = run([...LETTERHEAD, ...WINDOW, [360, 160, 9, 'Rechnungsnummer: NT-2025-7'], [360, 173, 9, 'Leistungsdatum: 03.02.2025'], [360, 186, 9, 'Datum: 12.02.2025'], [360, 199, 9, 'Lieferdatum: 05.02.2025'], ...TITLE, ...TOTALS, ...FOOTER]);
    assert.equal(v(r, 'issue_date'), '2025-02-12');
    const en = run([...LETTERHEAD, ...WINDOW, [56, 250, 9, 'Delivery date: 03/02/2025'], [226, 250, 9, 'Date: 12/02/2025'], [396, 250, 9, 'Date of supply: 05/02/2025'], [56, 270, 16, 'Invoice'], ...TOTALS, ...FOOTER]);
    assert.equal(v(en, 'issue_date'), '2025-02-12');
  });

  it('a VAT id under its label whose check digit fails is still the labelled id on a text layer; unlabelled it is not', () => {
    // DE123456789 fails the German MOD 11,10 check (a sample id printed on many test invoices).
    const page = (label: string): Lines => [...LETTERHEAD, ...WINDOW, ...META, ...TITLE, ...TOTALS,
      [56, 760, 7, 'Kraxi GmbH'], [200, 760, 7, 'Sitz der Gesellschaft'], [330, 760, 7, label], [430, 760, 7, 'Postbank München'],
      [56, 769, 7, 'GF Paul Kraxi'], [200, 769, 7, 'München HRB 999999'], [330, 769, 7, 'DE123456789'], [430, 769, 7, 'IBAN DE28700100809999999999']];
    assert.equal(v(run(page('USt-IdNr')), 'sender_vat_number'), 'DE123456789');
    assert.equal(v(run(page('Geschäftsführung')), 'sender_vat_number'), null);
  });

  it('a bare date is the letter\'s date only after a place, not after a colon or a date\'s name', () => {
    const base: Lines = [...LETTERHEAD, ...WINDOW, [360, 160, 9, 'Rechnungsnummer: NT-2025-7'], ...TITLE, ...TOTALS, ...FOOTER];
    assert.equal(v(run([...base, [360, 120, 9, 'Hamburg, 12.02.2025']]), 'issue_date'), '2025-02-12');
    assert.equal(v(run([...base, [360, 186, 9, 'Lieferschein-Datum'], [460, 186, 9, '05.02.2025']]), 'issue_date'), null);
    assert.equal(v(run([...base, [360, 186, 9, 'Lieferschein-Datum 05.02.2025']]), 'issue_date'), null);
    assert.equal(v(run([...base, [360, 186, 9, 'tell-Dat: :'], [460, 186, 9, '01.02.2025']]), 'issue_date'), null);
  });

  it('an exempt 0 % row whose base is the net is the breakdown, not the bare "Total taxes 0,00"', () => {
    const r = run([...LETTERHEAD, ...WINDOW, [360, 160, 9, 'Facture n°: F-2025-9'], [360, 173, 9, 'Date de facture: 12/02/2025'], [56, 270, 16, 'Facture'],
      [56, 400, 9, 'Taxe'], [200, 400, 9, 'Base'], [300, 400, 9, 'Montant'], [380, 400, 9, 'Total HT'], [490, 400, 9, '530,75 €'],
      [56, 413, 9, 'TVA 0% export (vente)'], [200, 413, 9, '530,75 €'], [300, 413, 9, '0,00 €'],
      [56, 426, 9, 'Total taxes'], [300, 426, 9, '0,00 €'], [380, 439, 9, 'Total TTC'], [490, 439, 9, '530,75 €'], ...FOOTER]);
    assert.equal(v(r, 'gross_amount'), '530.75');
    assert.equal(rowsKey(v(r, 'tax_breakdowns')), '0.00|530.75|0.00');
  });
});
