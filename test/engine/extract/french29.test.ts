// French pages read with their accents (issue 14, french29): the OCR takes a French page's accents from the
// French model, so a label keeps its accent ("Montant dû") where the German model read "Montant dü" and the
// umlaut had kept it from being taken for a name. An amount's label is no party's name, with or without accent.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { run, v, type Lines } from './fixtures/run.js';

describe('"Montant dû" is no recipient (french29)', () => {
  // The fields' column under "Client" at the top right, as the Swiss QR-bill demo prints it; the label and its amount in two cells.
  const page = (label: string): Lines => [
    [56, 40, 20, 'Invoice 220506-522'], [330, 40, 9, 'Client'], [440, 40, 9, 'CUS-7223-2'],
    [330, 70, 9, 'Date de facturation 20.05.22'],
    [56, 82, 10, 'Robert Schneider AG'], [330, 82, 9, 'Délai de paiement'], [440, 82, 9, '19.07.22'],
    [56, 96, 10, 'Rue du Lac 1268'], [330, 96, 9, label], [440, 96, 9, '64.90 CHF'],
    [56, 110, 10, '2501 Biel'], [56, 140, 10, 'finance@schneider.ch'],
    [315, 175, 11, 'Pia-Maria Rutschmann-Schnyder'], [315, 189, 10, 'Grosse Marktgasse 28'], [315, 203, 10, '9400 Rorschach'],
    [60, 300, 10, 'Objets'], [480, 300, 10, 'Total (CHF)'], [60, 320, 10, 'Chocolat Villars'], [490, 320, 10, '64.90'], [60, 350, 12, 'Sous-total'], [490, 350, 10, '64.90'],
  ];
  for (const label of ['Montant dû', 'Montant du', 'Montant total', 'Montant TTC']) {
    it(`"${label}" under "Client" is no candidate for the recipient`, () => {
      const r = run(page(label));
      assert.equal(v(r, 'recipient_name'), 'Pia-Maria Rutschmann-Schnyder');
      const names = (r.fields.recipient_name?.candidates ?? []).map((c) => String(c.value));
      assert.ok(!names.some((n) => /montant/i.test(n)), names.join(' | '));
    });
  }
});

describe('a letterhead block with a country line over its contact rows (french29)', () => {
  // The sender's block on the left: name, street, town, country, then telephone and e-mail; the buyer's block on the
  // right, lower down. With its accents read, the sender's name is a clean name, and the block took the window's place.
  const page = (country: string | null): Lines => {
    const left: Lines = [[56, 100, 10, 'Société Hôtelière du Pacano'], [56, 118, 10, '2, rue de la Paix'], [56, 136, 10, '75000 Paris']];
    const rest: Lines = country ? [[56, 154, 10, country], [56, 172, 10, '+33 101 12 34 56'], [56, 190, 10, 'info@hotel-du-pacano.fr']] : [[56, 154, 10, '+33 101 12 34 56'], [56, 172, 10, 'info@hotel-du-pacano.fr']];
    return [
      [56, 40, 26, 'PACANO'], [480, 40, 16, 'FACTURE'], [480, 70, 10, '20/09/2023'], [480, 88, 10, 'N° 2023-6013'],
      ...left, ...rest,
      [400, 220, 10, 'Securibox SARL'], [400, 238, 10, '27, Rue de Bassano'], [400, 256, 10, '75008 Paris'], [400, 274, 10, 'France'], [400, 310, 10, 'TVA : FR38500003710'],
      [60, 360, 10, 'Description'], [480, 360, 10, 'Total HT'], [60, 380, 10, 'Chambre'], [480, 380, 10, '1.235,40 €'],
      [380, 420, 10, 'Total HT'], [480, 420, 10, '1.235,40 €'], [380, 436, 10, 'Total TVA'], [480, 436, 10, '123,54 €'], [380, 452, 10, 'Montant Total TTC'], [480, 452, 10, '1.358,94 €'],
    ];
  };
  for (const country of ['France', 'FRANCE', null]) {
    it(`the block over "${country ?? '(no country)'}" and the contact rows is not the recipient`, () => {
      assert.notEqual(v(run(page(country)), 'recipient_name'), 'Société Hôtelière du Pacano');
    });
  }
});
