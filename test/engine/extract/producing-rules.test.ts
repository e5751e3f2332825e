// Rules that PRODUCED wrong values on the precision development set's perturbed pages (issue 14,
// `wrong14`; docs/decisions.md "rules that produce wrong values"): each page below is the
// general shape of one such miss, written before the rule was changed; each has a control page
// where the same rule still reads the value it is meant to read.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { run, type Lines } from './fixtures/run.js';

describe('an item line is no return-address line', () => {
  // A labelled invoice whose recipient block lost its name: the item rows below it are
  // "Description - detail qty amount", a name, a dash and a four-digit number (a year, an amount).
  const items: Lines = [
    [57, 315, 10, 'Désignation Qté Montant HT'],
    [57, 332, 10, 'Maintenance préventive CVC - août 2026'], [300, 332, 10, '1.00'], [420, 332, 10, '2400.00 €'],
    [57, 346, 10, 'Déplacement technicien'], [300, 346, 10, '3.00'], [420, 346, 10, '135.00 €'],
    [414, 376, 11, 'Total HT 2535.00 €'], [434, 392, 11, 'TVA 507.00 €'], [407, 408, 11, 'Total TTC 3042.00 €'],
  ];
  const head: Lines = [
    [57, 57, 17, 'FACTURE'], [57, 83, 10, 'N° FA-2026-0001'],
    [57, 134, 10, 'Émetteur'], [57, 148, 10, 'Atelier Berthier SARL'], [57, 162, 10, '14 rue des Fabriques'], [57, 176, 10, '45000 Orléans'],
    [57, 224, 10, 'Destinataire'],
  ];
  it('the line under an item row is not read as the recipient, the item as no sender', () => {
    const r = run([...head, [57, 253, 10, '2 place de la Mairie'], [57, 267, 10, '41000 Blois'], ...items]);
    assert.ok(!r.fields.recipient_name.candidates?.some((c) => c.value === 'Déplacement technicien'), 'the row under the item is no recipient');
    assert.ok(!r.fields.sender_name.candidates?.some((c) => c.value === 'Maintenance préventive CVC'), 'the item row proposes no sender');
    assert.equal(r.fields.sender_name.value, 'Atelier Berthier SARL');
  });
  it('control: the labelled recipient is read on the same page', () => {
    const r = run([...head, [57, 239, 10, 'Mairie de Blois'], [57, 253, 10, '2 place de la Mairie'], [57, 267, 10, '41000 Blois'], ...items]);
    assert.equal(r.fields.recipient_name.value, 'Mairie de Blois');
  });
  it('control: a return-address line with a dash and a postcode still gives sender and recipient', () => {
    const r = run([
      [56, 50, 15, 'Atelier Berthier'],
      [56, 150, 7, 'Atelier Berthier SARL - 14 rue des Fabriques - 45000 Orléans'],
      [56, 165, 10, 'Mairie de Blois'], [56, 178, 10, '2 place de la Mairie'], [56, 191, 10, '41000 Blois'],
      [360, 160, 9, 'Facture n° FA-2026-0001'],
    ]);
    assert.equal(r.fields.sender_name.value, 'Atelier Berthier SARL');
    assert.equal(r.fields.recipient_name.value, 'Mairie de Blois');
  });
});

describe("the customer's name is not the sender's", () => {
  // Two headed blocks; the supplier's name is not printed (cut, or a logo): the customer's
  // legal-form name is the only one on the page.
  const customer: Lines = [
    [316, 207, 10, 'Customer'], [316, 220, 14, 'Client Example SAS'], [316, 238, 10, '456 Avenue des Champs-Elysees, Paris, 75008'], [316, 265, 10, 'Email: comptabilite@client.fr'],
    [29, 121, 14, 'Invoice INV-2024-001'], [29, 154, 10, 'Issue date'], [29, 168, 10, '2024-06-20'],
    [34, 345, 10, '# Description Qty. Unit Price VAT Total'], [34, 367, 10, '1 Services de conseil 2 hours €100,00 20% €200,00'], [485, 453, 10, 'Total €240,00'],
  ];
  const supplierHead: Lines = [[316, 87, 10, 'Supplier'], [316, 118, 10, '123 Rue de la Paix, Paris, 75001 (France)'], [316, 132, 10, 'Email: facturation@fournisseur.fr']];
  it('a name read under the customer heading is no sender, and stays the recipient', () => {
    const r = run([...supplierHead, ...customer]);
    assert.notEqual(r.fields.sender_name.value, 'Client Example SAS');
    assert.equal(r.fields.recipient_name.value, 'Client Example SAS');
  });
  it('control: with the supplier named, both are read', () => {
    const r = run([[316, 87, 10, 'Supplier'], [316, 100, 14, 'Fournisseur Example SARL'], ...supplierHead.slice(1), ...customer]);
    assert.equal(r.fields.sender_name.value, 'Fournisseur Example SARL');
    assert.equal(r.fields.recipient_name.value, 'Client Example SAS');
  });
  it('the address window names the customer without its legal form: the legal-form reading elsewhere is no sender', () => {
    const r = run([
      [56, 165, 10, 'Muster-Kunde'], [56, 178, 10, 'Kundenweg 4'], [56, 191, 10, '50667 Köln'],
      [360, 160, 9, 'Rechnungsnummer: NT-2025-7'], [360, 173, 9, 'Rechnungsdatum: 12.02.2025'],
      [56, 270, 16, 'Rechnung'], [56, 320, 10, 'Muster-Kunde GmbH'],
    ]);
    assert.notEqual(r.fields.sender_name.value, 'Muster-Kunde GmbH');
    assert.equal(r.fields.recipient_name.value, 'Muster-Kunde');
  });
});

describe('an address line under a party heading is no name', () => {
  // The supplier's name is not printed under its heading: the lines under it are its address,
  // set on one line with commas, and its country in brackets.
  const rest: Lines = [
    [316, 207, 10, 'Customer'], [316, 220, 14, 'Sample Consumer'], [316, 238, 10, 'Calle Pradillo 43, Madrid, 28002 (Spain)'],
    [29, 121, 14, 'Invoice SAMPLE-001'], [29, 154, 10, 'Issue date'], [29, 168, 10, '2024-06-20'],
    [34, 345, 10, '# Description Qty. Unit Price VAT Total'], [34, 367, 10, '1 Consulting 2 hours €100,00 21% €200,00'], [485, 453, 10, 'Total €242,00'],
  ];
  it('a one-line street address is not the sender', () => {
    const r = run([[316, 87, 10, 'Supplier'], [316, 100, 10, 'Calle Pradillo 42, Madrid, Madrid, 00-015 (Poland)'], [316, 114, 10, 'TIN: (PL) 1234567788'], ...rest]);
    assert.notEqual(r.fields.sender_name.value, 'Calle Pradillo 42, Madrid, Madrid, 00-015 (Poland)');
  });
  it('a country in brackets is not the sender', () => {
    const r = run([[316, 87, 10, 'Supplier'], [316, 100, 10, '(Portugal)'], [316, 114, 10, 'NIF: (PT) 545259045'], ...rest]);
    assert.notEqual(r.fields.sender_name.value, '(Portugal)');
  });
  it('control: the supplier named under its heading is read', () => {
    const r = run([[316, 87, 10, 'Supplier'], [316, 100, 14, 'Provide One S.L.'], [316, 114, 10, 'Calle Pradillo 42, Madrid, 28002 (Spain)'], ...rest]);
    assert.equal(r.fields.sender_name.value, 'Provide One S.L.');
    assert.equal(r.fields.recipient_name.value, 'Sample Consumer');
  });
});
