// Party blocks headed by words of layouts seen first in the round-5 corpus sources: the French
// "Émetteur" over the sender's block (beside "Destinataire"), and "From:" / "To:" over two
// address columns side by side; the letterhead repeated in the footer over the legal details.
// Pages are generated; a service period "from … to …" names nobody.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { run, totalsBlock, type Lines } from './fixtures/run.js';

const totals = (y: number, net: string, tax: string, gross: string, words?: string[]) => totalsBlock(y, [net, tax, gross], words);

describe('party blocks under role headings', () => {
  it('reads the block under "Émetteur" as the sender, the one under "Destinataire" as the recipient', () => {
    const r = run([
      [60, 50, 16, 'FACTURE'],
      [60, 70, 10, 'N° FA-2026-0042'],
      [60, 84, 10, 'Date : 15/08/2026'],
      [60, 130, 9, 'Émetteur'],
      [60, 144, 10, 'Menuiserie Valcourt SARL'],
      [60, 157, 10, '8 allée des Tilleuls'],
      [60, 170, 10, '37000 Tours'],
      [60, 183, 10, 'SIRET 39280913700027'],
      [60, 220, 9, 'Destinataire'],
      [60, 234, 10, 'Commune de Saint-Avertin'],
      [60, 247, 10, '1 place de la Mairie'],
      [60, 260, 10, '37550 Saint-Avertin'],
      [60, 310, 10, 'Pose de menuiseries - lot 2'],
      [470, 310, 10, '1 250,00 €'],
      ...totals(360, '1 250,00 €', '250,00 €', '1 500,00 €'),
    ]);
    assert.equal(r.fields.sender_name.value, 'Menuiserie Valcourt SARL');
    assert.equal(r.fields.recipient_name.value, 'Commune de Saint-Avertin');
  });

  it('reads "From:" and "To:" columns side by side', () => {
    const r = run([
      [400, 40, 14, 'INVOICE I/00017'],
      [400, 58, 10, 'Apr 01, 2025'],
      [60, 110, 10, 'From:'], [320, 110, 10, 'To:'],
      [60, 124, 10, 'Harbour Tools Ltd'], [320, 124, 10, 'Greenfield Bakery Ltd'],
      [60, 137, 10, '12 Dock Road'], [320, 137, 10, '3 Mill Lane'],
      [60, 150, 10, 'SO14 3XP Southampton'], [320, 150, 10, 'BS1 4DJ Bristol'],
      [60, 200, 10, 'Torque wrench set'], [470, 200, 10, '400.00'],
      ...totals(250, '400.00', '80.00', '480.00', ['Subtotal', 'VAT 20 %', 'Total']),
    ]);
    assert.equal(r.fields.sender_name.value, 'Harbour Tools Ltd');
    assert.equal(r.fields.recipient_name.value, 'Greenfield Bakery Ltd');
  });

  it('takes no name from a service period printed "From … to …"', () => {
    const r = run([
      [60, 50, 16, 'Invoice'],
      [60, 70, 10, 'Invoice number: INV-2025-3'],
      [60, 130, 10, 'From 01/05/2025 to 31/05/2025'],
      [60, 200, 10, 'Hosting May'], [470, 200, 10, '100.00'],
      ...totals(250, '100.00', '20.00', '120.00', ['Subtotal', 'VAT 20 %', 'Total']),
    ]);
    assert.notEqual(r.fields.sender_name.value, '01/05/2025');
    assert.ok(!/^\d/.test(String(r.fields.sender_name.value ?? '')));
    assert.ok(!/^\d/.test(String(r.fields.recipient_name.value ?? '')));
  });

  it('takes the letterhead repeated in the footer over the legal details as the sender, not the addressee on the right', () => {
    const page = (legal: string): Lines => [
      [420, 40, 14, 'FACTURE'],
      [420, 58, 10, '20/09/2023'],
      [60, 90, 10, 'Hôtel des Quatre Vents'],
      [60, 103, 10, '2, rue de la Paix'],
      [60, 116, 10, '75002 Paris'],
      [360, 160, 10, 'Cabinet Lormont SARL'],
      [360, 173, 10, '27, rue de Bassano'],
      [360, 186, 10, '75008 Paris'],
      [360, 205, 10, 'TVA : FR38500003710'],
      [60, 260, 10, 'Chambre du 09/08 au 15/08'], [470, 260, 10, '1.235,40 €'],
      ...totals(300, '1.235,40 €', '247,08 €', '1.482,48 €'),
      [250, 760, 9, 'Hôtel des Quatre Vents'],
      [180, 772, 8, '2, rue de la Paix – 75002 Paris – Tel: +33 1 01 12 34 56'],
      [120, 784, 8, legal],
    ];
    const r = run(page('SASU au capital de 200000€ - SIRET 12345682400016 – R.C.S Paris 123 456 789 – TVA FR40123456824'));
    assert.equal(r.fields.sender_name.value, 'Hôtel des Quatre Vents');
    assert.equal(r.fields.recipient_name.value, 'Cabinet Lormont SARL');
    // Without legal details under it, the footer line is only an address: no sender is made of it.
    const plain = run(page('Merci de votre visite'));
    assert.notEqual(plain.fields.sender_name.provenance?.method, 'legal_footer');
  });
});
