// Rounds 23 and 24 folded in (issue 14, fold28e): their misses, each as a generated page written before its rule and
// run against main 513aee2's engine (docs/decisions.md, fold28e).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { run, v, type Lines } from './fixtures/run.js';

describe('a party heading beside an item table (fold28e)', () => {
  // The parties stand in the left column; the item table fills the right one, its rows beside the headings.
  const page = (right: Lines): Lines => [
    [41, 52, 14, 'FACTURE'], [49, 87, 7, 'Numero: INV-2025-000003'], [49, 94, 7, 'Date: 24/10/2025'],
    ...right,
    [41, 130, 7, 'FOURNISSEUR'], [48, 152, 7, 'Moreno Delmas SARL'], [48, 163, 7, 'avenue Virginie Gonzalez, 06680'], [48, 173, 7, 'Sainte Margot'],
    [41, 220, 7, 'CLIENT'], [48, 242, 7, 'Delaunay'], [48, 249, 7, 'chemin Thierry Guérin, 41934'], [48, 263, 7, 'Bouvet-sur-Roy'],
    [233, 226, 7, 'Sous total HT'], [488, 226, 7, '7 546.04 MAD'], [233, 249, 7, 'TVA 10%'], [492, 249, 7, '754.60 MAD'], [233, 272, 7, 'Total TTC'], [488, 272, 7, '8 300.64 MAD'],
  ];
  const TABLE: Lines = [[230, 73, 7, 'Designation'], [418, 73, 7, 'Qte'], [465, 73, 7, 'Prix U.'], [532, 73, 7, 'Total'], [230, 133, 9, 'Aggregate innovative models -'], [425, 142, 9, '2'], [455, 142, 9, '3 773.02'], [520, 142, 9, '7 546.04']];
  it('the name under "FOURNISSEUR" is the sender, not the item row right of the heading', () => {
    const r = run(page(TABLE));
    assert.equal(v(r, 'sender_name'), 'Moreno Delmas SARL');
  });
  it('guard: without a row of column headings above it, the text right of a heading is still its value', () => {
    const r = run([[41, 52, 14, 'FACTURE'], [49, 87, 7, 'Numero: INV-2025-000003'], [41, 130, 7, 'FOURNISSEUR'], [160, 132, 9, 'Moreno Delmas SARL'], [233, 272, 7, 'Total TTC'], [488, 272, 7, '8 300.64 MAD']]);
    assert.equal(v(r, 'sender_name'), 'Moreno Delmas SARL');
  });
});

describe('party blocks under "Rechnungssteller" / "Rechnungsempfänger" (fold28e)', () => {
  const page = (recipient: string): Lines => [
    [77, 65, 24, 'Rechnung DEMO-001'],
    [43, 131, 10, 'Rechnungssteller'], [298, 131, 10, 'Rechnungsempfänger'],
    [43, 159, 10, 'Friseursalon Schneidekunst'], [298, 159, 10, recipient],
    [43, 173, 10, 'Hauptstraße 123 12345 Berlin'],
    [128, 283, 10, 'Rechnungsdatum:'], [241, 283, 10, '21.10.2025'],
    [71, 560, 10, 'Nettobetrag:'], [485, 560, 10, '100.00 €'], [71, 583, 10, 'Umsatzsteuer (19%):'], [491, 583, 10, '19.00 €'], [71, 606, 10, 'Gesamtbetrag:'], [485, 606, 10, '119.00 €'],
  ];
  it('"Rechnungssteller" heads the sender\'s block', () => {
    assert.equal(v(run(page('Max Mustermann')), 'sender_name'), 'Friseursalon Schneidekunst');
  });
  it('a name and its address on one line under the heading: the name before the street', () => {
    assert.equal(v(run(page('Max Mustermann Musterstraße 456 54321 Hamburg')), 'recipient_name'), 'Max Mustermann');
  });
  it('guard: a company whose name ends in a word like a street\'s is not cut ("Rosen Weg GmbH")', () => {
    assert.equal(v(run(page('Rosen Weg GmbH')), 'recipient_name'), 'Rosen Weg GmbH');
  });
});

describe('the "Número de Control" of a Salvadoran DTE (fold28e)', () => {
  it('is the document number', () => {
    const r = run([[200, 40, 12, 'DOCUMENTO TRIBUTARIO ELECTRÓNICO'], [300, 56, 12, 'FACTURA'], [180, 72, 9, 'Código de Generación: 0746FDCC-CA86-4875-95EA-EF6E40F7F2D4'], [190, 86, 9, 'Número de Control: DTE-01-8DIJOIJG-800825304734000'],
      [60, 130, 9, 'EMISOR'], [60, 144, 10, 'TECNOSOLUTIONS S.A. DE C.V.'], [400, 130, 9, 'RECEPTOR'], [400, 144, 10, 'Waters and Sons'], [330, 420, 10, 'TOTAL A PAGAR'], [480, 420, 10, '$16,685.99']]);
    assert.equal(v(r, 'document_number'), 'DTE-01-8DIJOIJG-800825304734000');
  });
});
