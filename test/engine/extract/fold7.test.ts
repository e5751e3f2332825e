// Rules from round 7's misses (issue 14, fold7), each on a generated page that fails without it:
// a letterhead block (name, address, own tax or register line) names the sender; a month name
// whose accent OCR misread still reads as a date; a tax table's rows and an item table's tax
// column are not the document's totals.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { findDates } from '../../../engine/extract/normalize/date.js';
import { checkTunedFamilies, run, v, type Lines } from './fixtures/run.js';
import { FOLD7_FAMILIES, generateFold7Invoice } from './fixtures/fold7family.js';

const BILL_TO: Lines = [[56, 150, 9, 'Facturé à :'], [56, 163, 10, 'Cabinet Marchal'], [56, 176, 10, '11 rue Nationale'], [56, 189, 10, '37000 Tours']];
const META: Lines = [[330, 120, 9, 'Facture n° FX-2025-0042'], [330, 133, 9, 'Date de facture : 03/04/2025']];
const TOTALS: Lines = [[330, 420, 10, 'Total HT'], [490, 420, 10, '1 440,00 €'], [330, 434, 10, 'TVA'], [495, 434, 10, '253,20 €'], [330, 448, 10, 'Total TTC'], [490, 448, 10, '1 693,20 €']];
const ITEM: Lines = [[56, 300, 9, 'Désignation'], [490, 300, 9, 'Total HT'], [56, 315, 9, 'Accompagnement'], [490, 315, 9, '1 440,00 €']];

describe('the letterhead block names the sender', () => {
  it('reads the first line of the page over its address and its own SIRET / VAT line, left or right-aligned', () => {
    const head = ['Blanchet-Conseil', '9 rue des Carmes, 86000 Poitiers', 'SIRET 30326504500010 — TVA FR40303265045'];
    const left: Lines = head.map((t, i) => [56, 44 + i * 12, i ? 8 : 14, t]);
    // Right-aligned at the margin: each line ends at x = 540 (a glyph is half the font size wide).
    const right: Lines = head.map((t, i) => [540 - t.length * (i ? 4 : 7), 44 + i * 12, i ? 8 : 14, t]);
    for (const letterhead of [[...left, [460, 44, 14, 'FACTURE']] as Lines, right]) {
      const r = run([...letterhead, ...META, ...BILL_TO, ...ITEM, ...TOTALS]);
      assert.equal(v(r, 'sender_name'), 'Blanchet-Conseil');
      assert.equal(v(r, 'recipient_name'), 'Cabinet Marchal');
    }
  });

  it('does not take a first line without the own id line under it (a name and an address only)', () => {
    const r = run([[56, 44, 14, 'Blanchet-Conseil'], [56, 56, 8, '9 rue des Carmes, 86000 Poitiers'], ...META, ...BILL_TO, ...ITEM, ...TOTALS]);
    assert.equal(v(r, 'sender_name'), null);
  });
});

describe('the letterhead\'s own VAT id', () => {
  it('is the sender\'s even where an address rule also reads the letterhead as a block (the block is the chosen sender\'s)', () => {
    // Name, street, town and "USt-IdNr." at the head; the sender's footer line; the buyer under "Rechnung an".
    const r = run([
      [56, 44, 14, 'Brunnhuber Stahlbau'], [56, 56, 8, 'Industriestraße 9'], [56, 68, 8, '84030 Landshut'], [56, 80, 8, 'USt-IdNr. DE811907980 · HRB 5004'],
      [330, 120, 9, 'Rechnungsnummer: RE-2025-00217'], [330, 133, 9, 'Rechnungsdatum: 04.03.2025'],
      [56, 140, 9, 'Rechnung an:'], [56, 153, 10, 'Bäckerei Vogt'], [56, 166, 10, 'Marktgasse 8'], [56, 179, 10, '93047 Regensburg'],
      [56, 300, 9, 'Stahlträger'], [490, 300, 9, '1.000,00'],
      [330, 420, 10, 'Nettobetrag'], [490, 420, 10, '1.000,00'], [330, 434, 10, 'USt. 19 %'], [495, 434, 10, '190,00'], [330, 448, 10, 'Gesamtbetrag'], [490, 448, 10, '1.190,00'],
      [56, 790, 7, 'Brunnhuber Stahlbau · Industriestraße 9 · 84030 Landshut'],
    ]);
    assert.equal(v(r, 'sender_name'), 'Brunnhuber Stahlbau');
    assert.equal(v(r, 'sender_vat_number'), 'DE811907980');
    assert.equal(v(r, 'recipient_name'), 'Bäckerei Vogt');
  });
});

describe('month names as OCR reads them', () => {
  it('reads a month name whose accent was misread or lost', () => {
    assert.deepEqual(findDates('Émise le 3 aoüt 2026').map((d) => d.value), ['2026-08-03']);
    assert.deepEqual(findDates('Rechnungsdatum: 4. Marz 2025').map((d) => d.value), ['2025-03-04']);
    assert.deepEqual(findDates('le 12 dècembre 2025').map((d) => d.value), ['2025-12-12']);
  });

  it('takes such a date for the issue date on a page', () => {
    const r = run([[56, 44, 14, 'Brunnhuber Stahlbau'], [330, 120, 9, 'Rechnungsnummer: RE-2025-00217'], [330, 133, 9, 'Rechnungsdatum: 4. Marz 2025'], [56, 300, 9, 'Stahlträger'], [490, 300, 9, '1.000,00'], [330, 420, 10, 'Nettobetrag'], [490, 420, 10, '1.000,00'], [330, 434, 10, 'USt. 19 %'], [495, 434, 10, '190,00'], [330, 448, 10, 'Gesamtbetrag'], [490, 448, 10, '1.190,00']]);
    assert.equal(v(r, 'issue_date'), '2025-03-04');
  });
});

describe('tables that are not the totals', () => {
  // The page of a generator whose totals read "Gesamt:" (no gross label): only the tables offer amounts.
  const items: Lines = [
    [56, 300, 9, 'Beschreibung'], [260, 300, 9, 'Anzahl'], [340, 300, 9, 'Netto-Preis'], [420, 300, 9, 'MwSt'], [505, 300, 9, 'Gesamt'],
    [56, 314, 9, 'Flash drive'], [260, 314, 9, '10'], [340, 314, 9, '10,50'], [420, 314, 9, '5,5 % 105,00 €'],
    // The amounts' widths move them: on the next rows the rate and the amount stand apart.
    [56, 328, 9, 'USB-C wire'], [260, 328, 9, '5'], [340, 328, 9, '3,00'], [420, 328, 9, '5,5 %'], [490, 328, 9, '15,00 €'],
    [56, 342, 9, 'Tea mug'], [260, 342, 9, '10'], [340, 342, 9, '4,50'], [420, 342, 9, '20 %'], [490, 342, 9, '45,00 €'],
  ];
  const rateTable: Lines = [
    [56, 380, 9, 'Mehrwertsteuer'], [250, 380, 9, 'Total'], [340, 380, 9, 'Steuersatz'], [505, 380, 9, 'Gesamt'],
    [250, 394, 9, '45,00 €'], [340, 394, 9, '20 %'], [505, 394, 9, '9,00 €'],
    [250, 408, 9, '120,00 €'], [340, 408, 9, '5,5 %'], [505, 408, 9, '6,60 €'],
    [400, 440, 10, 'Gesamt:'], [500, 440, 10, '180,60 €'],
  ];
  const head: Lines = [[56, 44, 9, 'Alpha desk - 48 rue des oliviers - 75018 Paris - France'], [56, 120, 14, 'Facture AC-2023-1234'], [56, 140, 9, 'Rechnungsdatum 31/08/2023']];

  it('does not read a line\'s total after its rate under an item table\'s tax heading as the tax', () => {
    // Not even as a candidate: with a "Total" column of per-rate bases it made 15 + 105 = 120 agree.
    const r = run([...head, ...items]);
    const offered = (r.fields.tax_amount.candidates ?? []).map((c) => c.value);
    assert.ok(!offered.some((x) => ['105.00', '15.00', '45.00'].includes(String(x))), `tax candidates ${JSON.stringify(offered)}`);
  });

  it('does not read the "Total" column of a table naming a rate column (bases per rate) as the gross', () => {
    const r = run([...head, ...items, ...rateTable]);
    assert.ok(!['120.00', '45.00'].includes(String(v(r, 'gross_amount'))), `gross ${v(r, 'gross_amount')}`);
  });
});

describe('the fold7 family', () => {
  it('reads the sender of every letterhead page and every OCR month name (tuned split), no wrong amount', () => {
    const { wrong, docs, families } = checkTunedFamilies(0, 192, generateFold7Invoice);
    assert.deepEqual([...families].sort(), [...FOLD7_FAMILIES].sort());
    assert.ok(docs > 120, `${docs} tuned documents`);
    // Known, older misses: a letterhead whose own id line is a German "Steuernummer" is also read as the recipient's window.
    assert.deepEqual(wrong.filter((w) => !/recipient_name: "Sägewerk Ortlieb"/.test(w)), []);
  });
});
