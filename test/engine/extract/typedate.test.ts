// Document type and dates that hold on unseen layouts (issue 14, round 7), each rule on a
// generated page: the type comes from a title (a type word heading its line, followed only by
// its number, date or subject), never from labels, party headings, references to another
// document or sentences; titles of one prominence that name an invoice and a credit note give
// no type; without a title, labels naming one type decide and a negative total gives no type.
// Dates: a date in an item row is no issue date; "Paiement à 30 jours" read by OCR as "ä 30".
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { classifyType, documentTitles, titleShaped } from '../../../engine/extract/normalize/doctype.js';
import { generatedSplit } from './fixtures/layouts.js';
import { run, runPages, type Lines } from './fixtures/run.js';
import { generateTypeFamilyInvoice, TYPE_FAMILIES } from './fixtures/typefamily.js';

const SENDER: Lines = [[56, 40, 10, 'Nordlicht Technik GmbH'], [56, 120, 7, 'Nordlicht Technik GmbH · Hafenweg 12 · 20457 Hamburg']];
const WINDOW: Lines = [[56, 140, 10, 'Atelier Sonnenberg GmbH'], [56, 153, 10, 'Kade 4'], [56, 166, 10, '50667 Köln']];
const totals = (words: [string, string, string], amounts: [string, string, string]): Lines => [
  [330, 420, 10, words[0]], [480, 420, 10, amounts[0]], [330, 434, 10, words[1]], [480, 434, 10, amounts[1]], [330, 448, 10, words[2]], [480, 448, 10, amounts[2]],
];
const TOTALS_DE = totals(['Nettobetrag', 'USt. 19 %', 'Gesamtbetrag'], ['1.000,00', '190,00', '1.190,00']);
const TOTALS_EN = totals(['Net amount', 'VAT 20 %', 'Total'], ['500.00', '100.00', '600.00']);
const TOTALS_FR = totals(['Total HT', 'TVA 20 %', 'Total TTC'], ['500,00', '100,00', '600,00']);
const TOTALS_NL = totals(['Subtotaal', 'BTW 21 %', 'Totaal'], ['200,00', '42,00', '242,00']);

describe('document type from titles (issue 14 round 7)', () => {
  it('knows a title from a label, a party heading, a reference and a sentence', () => {
    for (const t of ['Rechnung', 'Rechnung Nr. 12 vom 03.04.2024', 'Deine Jahresabrechnung Strom', 'Avoir AV-2017-0005', 'Credit note for invoice INV-7', 'Gutschrift über 23,50 €', 'RECHNUNGS-KORREKTUR', 'Creditnota 2025-7', 'Avoir sur la facture n° 12', 'Avoir relatif à la facture FA-12', 'Facture de prestation de services']) assert.equal(titleShaped(t), true, t);
    for (const t of ['Rechnungsnummer: 12', 'Rechnungsempfänger', 'Invoice date: 2024-01-01', 'Invoice to:', 'Factuur aan', 'Facture liée FA-2017-0010', 'zu Rechnung RE-1 vom 2.3.2024', 'Bezug: Rechnung RE-1', 'Gutschriften werden mit der nächsten Rechnung verrechnet', 'VAT breakdown at invoice level']) assert.equal(titleShaped(t), false, t);
  });

  it('DE: a cancellation ("Storno zu Rechnung RE-1") is a credit note', () => {
    assert.equal(titleShaped('Storno zu Rechnung RE-2025-3'), true);
    assert.equal(classifyType({ titles: ['Storno zu Rechnung RE-2025-3'], tiers: ['big'], hasTotals: true, hasSalutation: false }).value, 'credit-note');
    assert.equal(titleShaped('Stornogebühr 25,00 €'), false);
  });

  it('orders titles: lines set larger than the body first, then headings in the upper half', () => {
    const t = documentTitles([{ segments: ['Invoice address:'], scale: 1, top: 0.1 }, { segments: ['Credit note CN-4'], scale: 1, top: 0.2 }, { segments: ['Gutschrift Strom'], scale: 1.6, top: 0.3 }, { segments: ['Rechnung'], scale: 1, top: 0.7 }]);
    assert.deepEqual(t, [{ text: 'Gutschrift Strom', tier: 'big' }, { text: 'Credit note CN-4', tier: 'heading' }]);
  });

  it('DE: credit-note words in a sentence do not make an invoice a credit note', () => {
    const r = run([...SENDER, ...WINDOW, [330, 100, 9, 'Gutschriften werden mit der nächsten Rechnung verrechnet.'], [360, 180, 9, 'Datum: 12.02.2025'], ...TOTALS_DE]);
    assert.equal(r.fields.type.value, 'invoice');
  });

  it('EN: a label naming the invoice address is no title; the credit-note heading below it is', () => {
    const r = run([...SENDER, [330, 130, 9, 'Invoice address:'], ...WINDOW, [56, 230, 10, 'Credit note CN-2025-4'], [360, 250, 9, 'Date: 12/03/2025'], ...TOTALS_EN]);
    assert.equal(r.fields.type.value, 'credit-note');
  });

  it('NL: a party heading ("Factuur aan") is no title', () => {
    const r = run([...SENDER, [56, 128, 9, 'Factuur aan:'], ...WINDOW, [56, 230, 10, 'Creditnota CN-2025-7'], [360, 250, 9, 'Datum: 12-03-2025'], ...TOTALS_NL]);
    assert.equal(r.fields.type.value, 'credit-note');
  });

  it('DE: a reference to the corrected invoice is no title', () => {
    const r = run([...SENDER, ...WINDOW, [56, 215, 10, 'Bezug: Rechnung RE-2025-11 vom 02.03.2025'], [56, 230, 10, 'Gutschrift GS-2025-4'], [360, 250, 9, 'Datum: 12.03.2025'], ...TOTALS_DE]);
    assert.equal(r.fields.type.value, 'credit-note');
  });

  it('FR: an invoice banner and a credit-note title of one size give no type', () => {
    const r = run([...SENDER, [56, 70, 16, 'Facture type ACME 2024'], ...WINDOW, [56, 230, 16, 'Avoir AV-2025-3'], [360, 250, 9, 'Date : 12/03/2025'], ...TOTALS_FR]);
    assert.equal(r.fields.type.value, null);
    assert.ok(r.reasons.includes('type_titles_conflict'));
  });

  it('EN: without a title, a credit-note number label decides; with invoice labels beside it, nothing does', () => {
    const cn = run([...SENDER, ...WINDOW, [360, 180, 9, 'Credit note number: CN-77'], [360, 193, 9, 'Date: 12/03/2025'], ...TOTALS_EN]);
    assert.equal(cn.fields.type.value, 'credit-note');
    const both = run([...SENDER, ...WINDOW, [360, 180, 9, 'Credit note number: CN-77'], [360, 193, 9, 'Invoice number: INV-12'], ...TOTALS_EN]);
    assert.equal(both.fields.type.value, null);
  });

  it('DE: a negative total without a title gives no type; under an invoice title it stays an invoice', () => {
    const neg = totals(['Nettobetrag', 'USt. 19 %', 'Gesamtbetrag'], ['-100,00', '-19,00', '-119,00']);
    const bare = run([...SENDER, ...WINDOW, [360, 180, 9, 'Datum: 12.03.2025'], ...neg]);
    assert.equal(bare.fields.gross_amount.value, '-119.00');
    assert.equal(bare.fields.type.value, null);
    const titled = run([...SENDER, ...WINDOW, [56, 230, 16, 'Rechnung RE-2025-12'], [360, 180, 9, 'Datum: 12.03.2025'], ...neg]);
    assert.equal(titled.fields.type.value, 'invoice');
  });
});

describe('issue and due dates (issue 14 round 7)', () => {
  it('FR: a date in an item row under a garbled column heading is not the issue date', () => {
    const r = run([
      [60, 40, 16, 'FACTURE'], [60, 62, 9, '15/01/2025'],
      [60, 100, 10, 'Cabinet Lemaire'], [60, 113, 10, '4 rue des Lices'], [60, 126, 10, '49100 Angers'],
      [60, 200, 9, 'Date'], [130, 200, 9, 'scription'], [330, 200, 9, 'Ote'], [390, 200, 9, 'unit.'], [480, 200, 9, 'tal HT'],
      [60, 216, 9, '10/01/2025'], [130, 216, 9, 'Consultation'], [330, 216, 9, '1.00'], [390, 216, 9, '50.00 EUR'], [480, 216, 9, '50.00 EUR'],
      [60, 232, 9, '12/01/2025'], [130, 232, 9, 'Suivi'], [330, 232, 9, '1.00'], [390, 232, 9, '50.00 EUR'], [480, 232, 9, '50.00 EUR'],
      [380, 320, 10, 'Total HT:'], [480, 320, 10, '100.00 EUR'], [380, 334, 10, 'TVA (0.00%):'], [480, 334, 10, '0.00 EUR'], [380, 348, 10, 'Total TTC:'], [480, 348, 10, '100.00 EUR'],
    ]);
    assert.equal(r.fields.issue_date.value, '2025-01-15');
  });

  it('NL: an item row\'s date high on the page is no letter date', () => {
    const r = run([
      ...SENDER, ...WINDOW, [56, 60, 16, 'Factuur'],
      [60, 200, 9, 'Datum'], [130, 200, 9, 'mschrijving'], [330, 200, 9, 'Ant'], [390, 200, 9, 'Prijs'], [480, 200, 9, 'Bedr'],
      [60, 216, 9, '05-02-2025'], [130, 216, 9, 'Advies'], [330, 216, 9, '1'], [390, 216, 9, '200,00'], [480, 216, 9, '200,00'],
      ...TOTALS_NL,
    ]);
    assert.notEqual(r.fields.issue_date.value, '2025-02-05');
  });

  it('FR: "Paiement à 30 jours" read by OCR as "ä 30" or "ä14" is a term from the chosen issue date', () => {
    for (const [term, due] of [['Paiement ä 30 jours.', '2024-10-02'], ['Paiement ä14 jours.', '2024-09-16']]) {
      const r = run([...SENDER, ...WINDOW, [56, 60, 16, 'Facture F-2024-9'], [360, 180, 9, 'Date de facture: 02/09/2024'], ...TOTALS_FR, [56, 500, 9, term]]);
      assert.equal(r.fields.issue_date.value, '2024-09-02');
      assert.equal(r.fields.payment_due_date.value, due, term);
    }
  });
});

describe('round-7 type family (fixtures/typefamily.ts, tuned split)', () => {
  it('types every family invoice right: body words, references, party headings, negative corrected invoices', () => {
    const wrong: string[] = [];
    const families = new Set<string>();
    let docs = 0;
    for (let i = 0; i < 96; i++) {
      const g = generateTypeFamilyInvoice(i);
      families.add(g.family);
      if (generatedSplit(g.id) !== 'tuned') continue;
      docs++;
      const r = runPages(g.pages);
      for (const [field, truth] of Object.entries(g.truth)) {
        const got = (r.fields as Record<string, { value: unknown }>)[field]?.value;
        if (String(got) !== truth) wrong.push(`${g.id} ${field}: ${JSON.stringify(got)} ≠ ${truth}`);
      }
    }
    assert.deepEqual([...families].sort(), [...TYPE_FAMILIES].sort());
    assert.ok(docs >= 48, `${docs} tuned documents`);
    assert.deepEqual(wrong, []);
  });
});

