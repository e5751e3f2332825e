// The Austrian "UID" label (Umsatzsteuer-Identifikationsnummer) and its id printed in groups ("UID: ATU 73 842 901";
// uid30, round 11's start-up invoice): the sender's VAT id.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { run, v, type Lines } from './fixtures/run.js';

const page = (uid: string): Lines => [
  [56, 40, 16, 'DigitalCraft Solutions GmbH'], [360, 40, 12, 'Rechnung'], [460, 40, 12, 'DC-2025-0234'],
  [56, 58, 9, 'office@digitalcraft.at | +43 1 205 65 43'], [360, 58, 9, 'Rechnungsdatum: 28.08.2025'],
  [56, 70, 9, 'FN 512843 w, Handelsgericht Wien'], [360, 70, 9, 'Fälligkeitsdatum: 11.09.2025'],
  [56, 82, 9, uid],
  [56, 150, 10, 'InnovateNow Holding GmbH'], [56, 163, 10, 'Praterstraße 1'], [56, 176, 10, '1020 Wien'],
  [56, 260, 10, 'Leistung'], [480, 260, 10, 'Betrag'],
  [56, 276, 10, 'Softwareentwicklung'], [480, 276, 10, '4.000,00'],
  [330, 320, 10, 'Nettobetrag'], [480, 320, 10, '4.000,00'],
  [330, 334, 10, 'USt 20 %'], [480, 334, 10, '800,00'],
  [330, 348, 10, 'Gesamtbetrag'], [480, 348, 10, '4.800,00'],
];

describe('an Austrian UID (uid30)', () => {
  it('"UID: ATU 73 842 901" is the sender\'s VAT id', () => {
    assert.equal(v(run(page('UID: ATU 73 842 901')), 'sender_vat_number'), 'ATU73842901');
  });
  it('"UID-Nr.: ATU73842901" too', () => {
    assert.equal(v(run(page('UID-Nr.: ATU73842901')), 'sender_vat_number'), 'ATU73842901');
  });
});
