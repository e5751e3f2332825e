// "N°" glued to the number it introduces (issue 14, `numero32`; round 5's `mahdiabderraouf/facturx-php`, tuned-only:
// "FACTURE" over "N°F-20240000014"). A label is matched only where no letter follows it, so that "Nr" does not match
// "Nrw…"; but "N°" ends in its sign, and what follows it at once is the value. The pages are generated; each case was
// run against main 6bf9235 before the rule (docs/decisions.md, numero32).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { run, v, type Lines } from './fixtures/run.js';

const page = (title: Lines, extra: Lines = []): Lines => [
  [30, 104, 10, 'Atelier Lumière SARL'], [30, 116, 10, '53A rue Louis Legrand'], [30, 128, 10, '83000 Toulon'],
  [367, 150, 10, 'Ville de Toulon'], [367, 162, 10, 'Avenue de la République'], [367, 174, 10, '83000 Toulon'],
  ...title, [460, 80, 9, 'Date : 07/11/2024'], ...extra,
  [35, 241, 9, 'Désignation'], [480, 241, 9, 'Total HT'], [35, 264, 9, 'Prestation'], [480, 264, 9, '100,00 €'],
  [316, 391, 9, 'Total HT'], [450, 391, 9, '100,00 €'], [316, 405, 9, 'TVA 20 %'], [450, 405, 9, '20,00 €'], [316, 419, 9, 'Total TTC'], [450, 419, 9, '120,00 €'],
];

describe('"N°" glued to its number (numero32)', () => {
  it('"FACTURE" over "N°F-20240000014"', () => {
    // Set as the source prints it: small, flush right.
    assert.equal(v(run(page([[522, 46, 5, 'FACTURE'], [491, 56, 5, 'N°F-20240000014']])), 'document_number'), 'F-20240000014');
  });
  it('"Facture n°FA-2024-118"', () => {
    assert.equal(v(run(page([[440, 46, 5, 'Facture n°FA-2024-118']])), 'document_number'), 'FA-2024-118');
  });
  it('guard: "N°TVA" names the VAT id, not the document', () => {
    const r = run(page([[480, 46, 14, 'FACTURE'], [460, 62, 10, 'N° 2024-118']], [[30, 140, 9, 'N°TVA FR40303265045']]));
    assert.equal(v(r, 'document_number'), '2024-118');
  });
});
