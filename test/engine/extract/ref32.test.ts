// "Référence facture" (invoice reference) names the invoice's own number on French invoices (issue 14, `ref32`; round
// 7's `fbonnafous31/eInvoicing`, tuned-only: "Référence facture : NovemberRain01", no other number printed). The bare
// word "Référence" stays a payment reference's label, and the original invoice a credit note names ("Référence
// facture d'origine") stays a related document. The pages are generated; each case was run against main 26c9e51
// before the rule (docs/decisions.md, ref32).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { run, v, type Lines } from './fixtures/run.js';

const page = (title: string, ref: string): Lines => [
  [325, 81, 12, 'Invoicing SAS'], [325, 93, 12, 'Route de Narbonne'], [325, 105, 12, '31000 Toulouse'], [325, 141, 12, 'SIRET: 81265330100018'],
  [50, 201, 12, 'Finish client'], [50, 213, 12, '12 rue des Lilas'], [50, 225, 12, '75011 Paris'],
  [50, 240, 16, title], [50, 257, 12, ref], [50, 277, 12, "Date d'émission : 06/11/2025"],
  [55, 333, 10, 'Description'], [300, 333, 10, 'Qté'], [470, 333, 10, 'TTC'], [55, 353, 10, 'File System'], [300, 353, 10, '1'], [470, 353, 10, '60,00 €'],
  [380, 392, 12, 'Sous-total'], [470, 392, 12, '50,00 €'], [380, 412, 12, 'Total TVA'], [470, 412, 12, '10,00 €'], [380, 432, 12, 'Total TTC'], [470, 432, 12, '60,00 €'],
];

describe('"Référence facture" is the invoice number (ref32)', () => {
  it('"Référence facture : NovemberRain01"', () => {
    assert.equal(v(run(page('Facture', 'Référence facture : NovemberRain01')), 'document_number'), 'NovemberRain01');
  });
  it('"Réf. facture : FA-2025-118"', () => {
    assert.equal(v(run(page('Facture', 'Réf. facture : FA-2025-118')), 'document_number'), 'FA-2025-118');
  });
  it('"Invoice reference: INV-7781"', () => {
    assert.equal(v(run(page('Invoice', 'Invoice reference: INV-7781')), 'document_number'), 'INV-7781');
  });
  it('guard: the original invoice a credit note names is not its number', () => {
    assert.notEqual(v(run(page('Avoir', "Référence facture d'origine : FA-2025-007")), 'document_number'), 'FA-2025-007');
  });
  it('guard: a bare "Référence" is no invoice number', () => {
    assert.notEqual(v(run(page('Facture', 'Référence : DOSSIER-4471')), 'document_number'), 'DOSSIER-4471');
  });
});
