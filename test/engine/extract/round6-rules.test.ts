// Party and date rules from the round-6 corpus sources (issue 14), each on a generated page:
// key–value party sections as e-invoice viewers print them ("Informationen zum Käufer" /
// "Name: …"), a date label that heads an item table's column, and labels printed with a
// typographic apostrophe ("Date d’échéance").
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { run, totalsBlock } from './fixtures/run.js';

const totalsFr = (net: string, tax: string, gross: string, words?: string[]) => totalsBlock(320, [net, tax, gross], words, [380, 480]);
const TOTALS_DE = totalsBlock(520, ['99,00', '18,81', '117,81'], ['Gesamtsumme netto', 'Umsatzsteuer 19 %', 'Fälliger Betrag'], [60, 480]);

describe('round-6 party and date rules', () => {
  it('reads the names of key–value party sections (an e-invoice viewer\'s rendering)', () => {
    const r = run([
      [60, 40, 14, 'Daten der E-Rechnung'],
      [60, 80, 11, 'Informationen zum Käufer'],
      [60, 100, 9, 'Name:'], [160, 100, 9, 'Stadtwerke Lindenau'], [330, 100, 9, 'Ländercode:'], [420, 100, 9, 'DE'],
      [60, 113, 9, 'Adresszeile 1:'], [160, 113, 9, 'Am Markt 3'],
      [60, 126, 9, 'PLZ:'], [160, 126, 9, '04109'],
      [60, 170, 11, 'Informationen zum Verkäufer'],
      [60, 190, 9, 'Firmenname:'], [160, 190, 9, 'Kabelbau Reinholt'], [330, 190, 9, 'Ländercode:'], [420, 190, 9, 'DE'],
      [60, 203, 9, 'Adresszeile 1:'], [160, 203, 9, 'Werkstraße 9'],
      [60, 260, 11, 'Rechnungsdaten'],
      [60, 280, 9, 'Rechnungsnummer:'], [160, 280, 9, 'KR-2025-118'],
      [60, 293, 9, 'Rechnungsdatum:'], [160, 293, 9, '21.10.2025'],
      ...TOTALS_DE,
    ]);
    assert.equal(r.fields.recipient_name.value, 'Stadtwerke Lindenau');
    assert.equal(r.fields.sender_name.value, 'Kabelbau Reinholt');
  });

  it('takes no name from a "Name:" row under a heading that names no single role', () => {
    const r = run([
      [60, 40, 14, 'Rechnung'],
      [60, 80, 11, 'Ansprechpartner'],
      [60, 100, 9, 'Name:'], [160, 100, 9, 'Jonas Weidemann'],
      [60, 140, 9, 'Rechnungsnummer:'], [160, 140, 9, 'KR-2025-119'],
      ...TOTALS_DE,
    ]);
    assert.notEqual(r.fields.recipient_name.value, 'Jonas Weidemann');
    assert.notEqual(r.fields.sender_name.value, 'Jonas Weidemann');
  });

  it('does not take the first item line\'s date under a "Date" column heading as the issue date', () => {
    const r = run([
      [60, 40, 16, 'FACTURE'],
      [60, 60, 10, 'N° FA-2025-077'],
      [440, 60, 10, '15/03/2025'],
      [60, 130, 9, 'Émetteur'], [330, 130, 9, 'Destinataire'],
      [60, 144, 10, 'Cabinet Lemaire'], [330, 144, 10, 'Paul Girard'],
      [60, 157, 10, '4 rue des Lices'], [330, 157, 10, '12 avenue Foch'],
      [60, 170, 10, '49100 Angers'], [330, 170, 10, '44000 Nantes'],
      [60, 230, 9, 'Date'], [130, 230, 9, 'Description'], [330, 230, 9, 'Qté'], [390, 230, 9, 'Prix unit.'], [480, 230, 9, 'Total HT'],
      [60, 246, 9, '03/03/2025'], [130, 246, 9, 'Consultation'], [330, 246, 9, '1.00'], [390, 246, 9, '60.00 EUR'], [480, 246, 9, '60.00 EUR'],
      [60, 262, 9, '10/03/2025'], [130, 262, 9, 'Suivi'], [330, 262, 9, '1.00'], [390, 262, 9, '40.00 EUR'], [480, 262, 9, '40.00 EUR'],
      ...totalsFr('100.00 EUR', '0.00 EUR', '100.00 EUR', ['Total HT:', 'TVA (0.00%):', 'Total TTC:']),
    ]);
    assert.notEqual(r.fields.issue_date.value, '2025-03-03');
    assert.equal(r.fields.issue_date.value, '2025-03-15');
  });

  it('still reads a "Date" label with its value below when the row is no item table heading', () => {
    const r = run([
      [60, 40, 16, 'FACTURE'],
      [60, 90, 9, 'Numéro'], [200, 90, 9, 'Date'],
      [60, 104, 10, 'FA-2025-078'], [200, 104, 10, '15/03/2025'],
      [60, 200, 9, 'Désignation'], [480, 200, 9, 'Montant'],
      [60, 216, 9, 'Maintenance'], [480, 216, 9, '100,00'],
      ...totalsFr('100,00', '20,00', '120,00'),
    ]);
    assert.equal(r.fields.issue_date.value, '2025-03-15');
  });

  it('reads a due-date label printed with a typographic apostrophe', () => {
    const r = run([
      [60, 40, 16, 'Facture'],
      [330, 80, 9, 'Numéro de facture:'], [450, 80, 9, 'INV-2025-31'],
      [330, 93, 9, 'Date de la facture:'], [450, 93, 9, '1 octobre 2025'],
      [330, 106, 9, 'Date d’échéance:'], [450, 106, 9, '1 février 2026'],
      [60, 200, 9, 'Vis inox'], [480, 200, 9, '135,00 €'],
      ...totalsFr('135,00 €', '27,00 €', '162,00 €'),
    ]);
    assert.equal(r.fields.payment_due_date.value, '2026-02-01');
  });
});
