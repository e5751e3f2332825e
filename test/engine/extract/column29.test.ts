// A total printed alone under the item column (issue 14, column29): no label and no tax line, the amount payable set
// under the items' amounts ("28 000,00 kr" under "15 000,00 kr · 5 000,00 kr · 8 000,00 kr", a Norwegian invoice of
// round 24). It is the gross where it equals the column added up to the cent, back to the table's heading row.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { run, v, type Lines } from './fixtures/run.js';

const page = (total: string, extra: Lines = []): Lines => [
  [50, 24, 18, 'FAKTURA'],
  [50, 72, 12, 'Firmaet mitt AS'], [350, 72, 12, 'Kunde Kundestad'],
  [50, 104, 10, 'Gatevei 123'], [350, 104, 10, 'Kundevei 456'], [50, 118, 10, '1234 Bosted'], [350, 118, 10, '5678 Kjøpstad'],
  [50, 157, 10, 'Fakturadato: 15/01/2024'], [50, 171, 10, 'Forfallsdato: 15/02/2024'], [50, 185, 10, 'Fakturanummer: 2025-001'],
  [50, 229, 10, 'Dato'], [150, 229, 10, 'Beskrivelse'], [526, 229, 10, 'Pris'],
  [50, 245, 10, '10/01/2025'], [150, 245, 10, 'Web Development Services'], [484, 245, 10, '15 000,00 kr'],
  [50, 259, 10, '12/01/2025'], [150, 259, 10, 'Project Management'], [490, 259, 10, '5 000,00 kr'],
  [50, 273, 10, '14/01/2025'], [150, 273, 10, 'System Architecture'], [490, 273, 10, '8 000,00 kr'],
  [467, 299, 13, total],
  ...extra,
];

describe('a total alone under the item column (column29)', () => {
  it('"28 000,00 kr" under items adding up to it is the gross', () => {
    assert.equal(v(run(page('28 000,00 kr')), 'gross_amount'), '28000.00');
  });
  it('guard: an amount under the column that is not the items\' sum is no gross', () => {
    assert.equal(v(run(page('27 000,00 kr')), 'gross_amount'), null);
  });
  it('guard: with a labelled total below it, the label decides', () => {
    const r = run(page('28 000,00 kr', [[380, 320, 10, 'MVA 25 %'], [484, 320, 10, '7 000,00 kr'], [380, 340, 10, 'Totalt å betale'], [484, 340, 10, '35 000,00 kr']]));
    assert.equal(v(r, 'gross_amount'), '35000.00');
  });
});

// An Austrian small-business invoice (round 11, tuned-only): a two-column item table ("Leistungsbeschreibung | Betrag")
// and its total set large under it, a little wider than the column, with its caption "Gesamtbetrag" below it.
const twoColumns = (total: string, heading: Lines = [[52, 503, 11, 'Leistungsbeschreibung'], [435, 503, 11, 'Betrag']]): Lines => [
  [43, 46, 20, 'Barbara Mayer'], [451, 46, 20, '2025-042'],
  [43, 263, 12, 'Rechnungsempfänger'], [316, 263, 12, 'Rechnungssteller'],
  [43, 293, 10, 'Tischlerei Holzwurm GmbH'], [316, 293, 10, 'Barbara Mayer'],
  [43, 436, 10, 'Rechnungsdatum:'], [225, 436, 10, 'Zahlungsziel:'],
  [43, 454, 10, '28.08.2025'], [225, 454, 10, '11.09.2025'],
  ...heading,
  [52, 538, 10, 'Laufende Buchhaltungsbetreuung August 2025'], [504, 538, 10, '€ 180.00'],
  [52, 571, 10, 'Umsatzsteuervoranmeldung August 2025'], [510, 571, 10, '€ 45.00'],
  [52, 605, 10, 'Steuerliche Beratung'], [504, 605, 10, '€ 120.00'],
  [52, 639, 10, 'Jahresabschluss 2024'], [504, 639, 10, '€ 320.00'],
  [483, 689, 18, total],
  [483, 721, 11, 'Gesamtbetrag'],
  [120, 760, 10, 'Gemäß § 6 Abs. 1 Z 27 UStG enthält der Rechnungsbetrag keine Umsatzsteuer.'],
];

describe('a total under a two-column item table (column30)', () => {
  it('under "Leistungsbeschreibung | Betrag", "€ 665.00" adding up the items is the gross, and the labels make it an invoice', () => {
    const r = run(twoColumns('€ 665.00'));
    assert.equal(v(r, 'gross_amount'), '665.00');
    assert.equal(v(r, 'type'), 'invoice');
  });
  it('guard: a two-cell heading row that names no item column does not head a table', () => {
    assert.equal(v(run(twoColumns('€ 665.00', [[52, 503, 11, 'Projekt Nord'], [435, 503, 11, 'Phase 2']])), 'gross_amount'), null);
  });
  it('guard: an amount that is not the items added up is no gross', () => {
    assert.equal(v(run(twoColumns('€ 655.00')), 'gross_amount'), null);
  });
});
