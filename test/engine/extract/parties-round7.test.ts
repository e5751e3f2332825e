// Party names and VAT ids on layouts seen first in the round-5 / round-6 corpus sources (issue 14,
// round 7): address blocks set with tight line spacing, VAT ids cut short by the token that
// follows, VAT ids printed in the recipient's block, a contact person under the company.
// Every page is generated; each test fails without its rule.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { run, TOTALS, type Lines } from './fixtures/run.js';

const totals = (y: number, net: string, tax: string, gross: string, words = ['Subtotal', 'VAT 21 %', 'Total']): Lines => [
  [330, y, 10, words[0]!], [470, y, 10, net], [330, y + 14, 10, words[1]!], [470, y + 14, 10, tax], [330, y + 28, 10, words[2]!], [470, y + 28, 10, gross],
];

describe('address blocks set with tight line spacing', () => {
  it('walks up line by line: the name under "From:" is the sender, not the line below it', () => {
    // Lines 10 pt apart at 10 pt: the heading two lines up also lies within the gap allowed.
    const r = run([
      [400, 40, 14, 'INVOICE I/00031'],
      [400, 58, 10, 'Apr 01, 2025'],
      [60, 110, 10, 'From:'], [320, 110, 10, 'To:'],
      [60, 120, 10, 'Meadow Goods'], [320, 120, 10, 'Harlow Joinery Ltd'],
      [60, 130, 10, 'Riverside Trade Park'], [320, 130, 10, '3 Mill Lane'],
      [60, 140, 10, 'Unit 7'],
      [60, 150, 10, 'BE-9000 Ghent'], [320, 150, 10, 'BS1 4DJ Bristol'],
      [60, 220, 10, 'Garden bench'], [470, 220, 10, '400.00'],
      ...totals(270, '400.00', '84.00', '484.00'),
    ]);
    assert.equal(r.fields.sender_name.value, 'Meadow Goods');
  });

  it('reads the window\'s first line under a return-address line printed right above it (one the return-address rule does not read: a six-digit postcode)', () => {
    const r = run([
      [56, 50, 15, 'Muster Elektro GmbH'],
      [56, 127, 7, 'Muster Elektro GmbH · Musterstraße 17 · 654321 Musterort'],
      [56, 135, 10, 'Peter'],
      [56, 145, 10, 'Paulsen'],
      [56, 155, 10, 'Störzbachstraße 1'],
      [56, 165, 10, '70188 Stuttgart'],
      [56, 240, 16, 'Rechnung'],
      [56, 275, 10, 'Rechnungsnummer: ME-2025-3'], [300, 275, 10, 'Rechnungsdatum: 18.02.2025'],
      [56, 330, 10, 'Montage Steckdosen'], [470, 330, 10, '100,00'],
      ...totals(380, '100,00', '19,00', '119,00', ['Nettobetrag', 'USt. 19 %', 'Gesamtbetrag']),
    ]);
    assert.equal(r.fields.recipient_name.value, 'Peter');
  });
});

describe('VAT ids', () => {
  const page = (vatLine: string): Lines => [
    [56, 40, 15, 'Nordlicht Technik GmbH'],
    [56, 58, 9, 'Hafenweg 12, 20457 Hamburg'],
    [56, 70, 9, vatLine],
    [56, 150, 7, 'Nordlicht Technik GmbH · Hafenweg 12 · 20457 Hamburg'],
    [56, 165, 10, 'Atelier Sonnenberg GmbH'], [56, 178, 10, 'Kade 4'], [56, 191, 10, '50667 Köln'],
    [360, 160, 9, 'Rechnungsnummer: NT-2025-7'], [360, 173, 9, 'Rechnungsdatum: 12.02.2025'],
    [56, 270, 16, 'Rechnung'],
    [56, 330, 10, 'Wartung'], [470, 330, 10, '1.000,00'],
    ...TOTALS,
  ];

  it('gives no VAT id whose pattern ends inside a longer token', () => {
    // DE takes nine digits: "DE12345618938" is no German VAT id, and its first nine digits are none either.
    const r = run(page('UStID#DE12345618938'));
    assert.equal(r.fields.sender_vat_number.value, null);
  });

  it('reads a VAT id beside a tax label on a text layer although its check digit fails', () => {
    const r = run([...page('Tax no.:DE946280061'), [56, 200, 9, 'Tax no.:DE2012129398']]);
    assert.equal(r.fields.sender_vat_number.value, 'DE946280061');
  });
});

describe('VAT ids of the recipient\'s block', () => {
  it('leaves the VAT id printed in the chosen recipient\'s block to the recipient, even a weakly scored block', () => {
    // The sender's letterhead is an address block on the left (the footer repeats it: the sender);
    // the recipient's block on the right prints the recipient's VAT id under its address.
    const r = run([
      [43, 169, 10, 'Maison Bellerive'],
      [43, 184, 10, '2, rue de la Paix'],
      [43, 198, 10, '75000 Paris'],
      [43, 213, 10, 'France'],
      [470, 75, 20, 'FACTURE'],
      [500, 113, 10, '20/09/2025'],
      [490, 127, 10, 'nº 2025-6013'],
      [397, 256, 10, 'Cabinet Verlaine SARL'],
      [397, 271, 10, '27, Rue de Bassano'],
      [397, 285, 10, '75008 Paris'],
      [397, 300, 10, 'France'],
      [397, 329, 10, 'TVA : FR38500003710'],
      [397, 343, 10, 'SIRET : 50000371000034'],
      [60, 420, 10, 'Nuitée chambre double'], [470, 420, 10, '1 000,00 €'],
      [330, 480, 10, 'Total HT'], [470, 480, 10, '1 000,00 €'], [330, 494, 10, 'TVA 10 %'], [470, 494, 10, '100,00 €'], [330, 508, 10, 'Total TTC'], [470, 508, 10, '1 100,00 €'],
      [257, 788, 8, 'Maison Bellerive'],
      [209, 800, 8, '2, rue de la Paix – 75000 Paris – Tel: +33 1 01 12 34 56'],
      [99, 812, 8, 'SASU au capital de 200000€ - SIRET 12345682400016 – R.C.S Paris 123 456 789 – TVA FR40123456824'],
    ]);
    assert.equal(r.fields.sender_name.value, 'Maison Bellerive');
    assert.equal(r.fields.recipient_name.value, 'Cabinet Verlaine SARL');
    assert.equal(r.fields.sender_vat_number.value, 'FR40123456824');
  });
});

describe('a contact person under the company', () => {
  it('reads the company above "Herr …" and its tax ids as the recipient, not the person', () => {
    const r = run([
      [40, 46, 14, 'Lieferant Werkzeuge GmbH & Co. KG'],
      [40, 60, 9, 'Lindenweg 12-17, 98765 Weitstadt, DE'],
      [307, 79, 10, 'Invoice number:'], [485, 79, 10, '6063636771001'],
      [307, 92, 10, 'Invoice date:'], [503, 92, 10, '01.02.2025'],
      [40, 149, 12, 'Customer name / company'],
      [40, 167, 9, 'Hansen Baubedarf GmbH & Co. KG'],
      [40, 177, 9, 'VAT ID:N/A'],
      [40, 186, 9, 'Tax no.:DE2012129398'],
      [40, 196, 9, 'Herr Test Monteur'],
      [40, 205, 9, 'Musterstrasse 44, 40789 Musterstadt, DE'],
      [60, 300, 10, 'Schrauben M10'], [470, 300, 10, '100,00'],
      [330, 380, 10, 'Total amount (net):'], [490, 380, 10, '100,00 €'], [330, 394, 10, 'Total tax amount:'], [495, 394, 10, '19,00 €'], [330, 408, 10, 'Total amount (gross):'], [490, 408, 10, '119,00 €'],
    ]);
    assert.equal(r.fields.recipient_name.value, 'Hansen Baubedarf GmbH & Co. KG');
  });
});

describe('the footer\'s letterhead line', () => {
  it('gives the name the footer prints with its address no recipient role', () => {
    // The sender's block stands where an address window would; the footer repeats it.
    const r = run([
      [500, 46, 12, 'FACTURE'],
      [480, 60, 10, 'N°F-20250000014'],
      [440, 80, 8, 'DATE : 07-11-2025'],
      [30, 104, 10, 'Atelier Mahé'],
      [30, 115, 10, '53A rue Louis Legrand'],
      [30, 126, 10, '83000 Toulon - France'],
      [30, 137, 10, 'Tel : 0758282674'],
      [365, 114, 10, 'COMMUNE DE LA VALETTE'],
      [367, 150, 9, 'AVENUE DE LA REPUBLIQUE'],
      [367, 164, 9, '83160 La Valette'],
      [60, 260, 10, 'Entretien espaces verts'], [470, 260, 10, '1 000,00 €'],
      [330, 340, 10, 'Total HT'], [470, 340, 10, '1 000,00 €'], [330, 354, 10, 'TVA 20 %'], [470, 354, 10, '200,00 €'], [330, 368, 10, 'Total TTC'], [470, 368, 10, '1 200,00 €'],
      [150, 795, 8, 'Atelier Mahé - 53A rue Louis Legrand - 83000 Toulon, France'],
      [150, 804, 8, 'SIRET 52251323300017 - APE 8130Z'],
    ]);
    assert.notEqual(r.fields.recipient_name.value, 'Atelier Mahé');
  });
});

describe('legal forms in item lines', () => {
  it('takes no sender from "kg" after a quantity in an item line', () => {
    const r = run([
      [56, 165, 10, 'Atelier Sonnenberg GmbH'], [56, 178, 10, 'Kade 4'], [56, 191, 10, '50667 Köln'],
      [360, 160, 9, 'Rechnungsnummer: NT-2025-7'], [360, 173, 9, 'Rechnungsdatum: 12.02.2025'],
      [56, 270, 16, 'Rechnung'],
      [56, 330, 10, 'Schrauben 1 kg'], [470, 330, 10, '1.000,00'],
      ...TOTALS,
    ]);
    assert.equal(r.fields.sender_name.value, null);
  });
});

describe('headings that are not party blocks', () => {
  const page = (): Lines => [
    [221, 23, 20, 'FOURNISSEUR F'],
    [347, 61, 11, 'Issy les Moulineaux, le 31 octobre 2025'],
    [333, 87, 11, 'CLIENT 7'],
    [333, 101, 11, 'CodeSERVICE B'],
    [333, 115, 11, '1 rue du Client'],
    [333, 129, 11, '75015 PARIS'],
    [266, 183, 16, 'FACTURE'],
    [100, 217, 10, 'NUMERO DE FACTURE'], [272, 217, 10, 'DATE DE FACTURE'],
    [100, 230, 11, '2025-TEST-07'], [279, 230, 11, '31 octobre 2025'],
    [71, 288, 10, 'LIEU LIVRAISON :'],
    [71, 300, 10, 'CLIENT 7'],
    [71, 312, 10, '1 rue du Client'],
    [71, 324, 10, '75015 PARIS'],
    [34, 371, 10, 'No'], [69, 371, 10, 'Référence Désignation'], [305, 371, 10, 'Quantité Prix'], [495, 371, 10, 'Montant'],
    [34, 383, 10, 'Ligne'], [126, 383, 10, 'Client'], [183, 383, 10, 'EAN si'], [354, 383, 10, 'Unitaire'],
    [34, 406, 10, '1'], [69, 406, 10, 'PROD1'], [183, 406, 10, 'PRODUIT 1'], [316, 406, 10, '10'], [354, 406, 10, '100,00'], [495, 406, 10, '1 000,00'],
    [71, 466, 10, 'Total H.T.'], [496, 466, 10, '1 000,00'], [71, 480, 10, 'TVA 20 %'], [496, 480, 10, '200,00'], [71, 494, 10, 'Total TTC'], [496, 494, 10, '1 200,00'],
  ];

  it('reads no recipient from a role word among an item table\'s two-row heading, a "CLIENT 7" name line or a heading ending in a colon', () => {
    const r = run(page());
    assert.ok(!['CodeSERVICE B', 'EAN si', 'LIEU LIVRAISON', 'Unitaire'].includes(String(r.fields.recipient_name.value)), String(r.fields.recipient_name.value));
  });
});

describe('a letterhead block with contact details beside it', () => {
  it('reads the block at the top whose rows print Tel, Fax, e-mail and VAT id beside it as the sender', () => {
    const r = run([
      [113, 20, 10, 'Die Werkstatt Nord'], [255, 20, 10, 'Tel: +49 (030) 41092-0'],
      [113, 32, 10, 'Waldstrasse 86-90'], [255, 32, 10, 'Fax: +49 (030) 41092-111'],
      [113, 44, 10, '13403 Berlin'], [255, 44, 10, 'email: info@werkstatt-nord.example'],
      [113, 56, 10, 'Deutschland'], [255, 56, 10, 'USt-IdNr. DE811907980'],
      [439, 68, 20, 'Rechnung'],
      [17, 128, 10, 'Elektromarkt Saale GmbH'], [229, 128, 10, 'Belegnummer'], [371, 128, 10, '90005178'],
      [17, 140, 10, 'Adlerstrasse 452'], [229, 140, 10, 'Belegdatum'], [371, 140, 10, '07.01.2025'],
      [17, 152, 10, 'D-07545 GERA'],
      [60, 300, 10, 'Wartung'], [470, 300, 10, '1.000,00'],
      ...TOTALS,
    ]);
    assert.equal(r.fields.sender_name.value, 'Die Werkstatt Nord');
    assert.equal(r.fields.recipient_name.value, 'Elektromarkt Saale GmbH');
  });
});
