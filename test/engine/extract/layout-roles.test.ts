// Party blocks by position and role, tax tables by geometry and abstention, on generated pages
// (layouts no rule was written for): the address window names the recipient, a delivery-address
// block does not, a bill-to heading outranks position; a tax table whose rate column carries
// bare numbers gives one row per rate, checked against the net; payment references come from
// self-checking patterns or from a reference label among transfer instructions.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { creditorReferenceValid, findPaymentReferences, structuredCommunicationValid } from '../../../engine/extract/normalize/reference.js';
import { run, totalsBlock, type Lines } from './fixtures/run.js';

const totals = (y: number) => totalsBlock(y, ['500,00 €', '100,00 €', '600,00 €'], undefined, [300, 470]);

describe('party blocks by position and role', () => {
  it('skips the delivery-address block and takes the unlabelled billing block on the right', () => {
    const r = run([
      [110, 30, 8, "Vergers du Sud SARL - 12 chemin des oliviers - 84000 Avignon - France"],
      [30, 90, 18, 'Facture FV-2024-118'],
      [36, 120, 10, 'Adresse de livraison'],
      [36, 134, 10, 'Entrepôt Nord'],
      [330, 134, 10, 'Boulangerie Lemaire'],
      [36, 148, 10, '3 rue du port'],
      [330, 148, 10, '8 place du marché'],
      [36, 162, 10, '59140 Dunkerque'],
      [330, 162, 10, '59000 Lille'],
      [34, 220, 10, 'Date de facture'], [150, 220, 10, '05/03/2024'],
      ...totals(420),
    ]);
    assert.equal(r.fields.recipient_name.value, 'Boulangerie Lemaire');
    assert.equal(r.fields.sender_name.value, 'Vergers du Sud SARL');
  });

  it('a bill-to heading outranks the left position; the VAT id in that block is the buyer\'s', () => {
    const r = run([
      [48, 60, 10, 'Harbour Tools Ltd'],
      [48, 72, 10, '14 Quay Street'],
      [48, 84, 10, 'BS1 4DJ Bristol'],
      [300, 60, 10, 'Bill to'],
      [306, 74, 10, 'Meadow Farm Supplies'],
      [306, 86, 10, '2 Mill Lane'],
      [306, 98, 10, 'OX1 2AB Oxford'],
      [306, 112, 10, 'USt-IdNr. DE136695976'],
      [48, 300, 10, 'VAT no. DE811907980'],
      [300, 140, 10, 'Invoice number:'], [420, 140, 10, 'HT-5531'],
      [300, 154, 10, 'Invoice date:'], [420, 154, 10, '14 March 2024'],
      [300, 420, 10, 'Subtotal'], [470, 420, 10, '500.00'],
      [300, 434, 10, 'VAT 20 %'], [470, 434, 10, '100.00'],
      [300, 448, 10, 'Total amount due'], [470, 448, 10, '600.00'],
    ]);
    assert.equal(r.fields.recipient_name.value, 'Meadow Farm Supplies');
    assert.notEqual(r.fields.sender_name.value, 'Meadow Farm Supplies');
    // The VAT id printed in the bill-to block is the buyer's.
    assert.equal(r.fields.sender_vat_number.value, 'DE811907980');
  });

  it('a name heading the address window is not taken as the sender because of its legal form', () => {
    const r = run([
      [57, 32, 16, 'Invoice 88120'],
      [57, 112, 10, 'Westbrook Corporation'], [500, 112, 10, 'KESTREL DE'],
      [57, 127, 10, 'Station Road 21'],
      [57, 141, 10, '48436 Düsseldorf'],
      ...totals(420),
    ]);
    assert.equal(r.fields.recipient_name.value, 'Westbrook Corporation');
    assert.notEqual(r.fields.sender_name.value, 'Westbrook Corporation');
  });

  it('"Facture à régler par virement" is a sentence, not a bill-to label; a related invoice number is not the number', () => {
    const r = run([
      [30, 90, 18, 'Avoir AV-2024-0007'],
      [34, 200, 10, 'Facture liée'], [150, 200, 10, 'FA-2024-0031'],
      ...totals(420),
      [100, 560, 10, 'Facture à régler par virement sur le compte suivant :'],
    ]);
    assert.equal(r.fields.document_number.value, 'AV-2024-0007');
    assert.equal(r.fields.type.value, 'credit-note');
    assert.notEqual(r.fields.recipient_name.value, 'régler par virement sur le compte suivant');
  });
});

describe('tax tables by geometry', () => {
  it('reads a column table with bare rates (one row per rate) whose bases add up to the net', () => {
    const r = run([
      [30, 90, 18, 'Rechnung RE-4711'],
      [40, 120, 10, 'Rechnungsdatum: 05.08.2024'],
      [50, 700, 10, 'Warenwert'], [340, 700, 10, 'Nettobetrag'], [410, 700, 10, 'MwSt-Betrag MwSt-%'], [520, 700, 10, 'Endbetrag'],
      [64, 712, 10, '326,50'], [357, 712, 10, '321,40'], [434, 712, 10, '61,07 19,0'], [539, 712, 10, '382,47'],
      [64, 724, 10, '130,70'], [357, 724, 10, '127,59'], [434, 724, 10, '8,93'], [477, 724, 10, '7,0'], [539, 724, 10, '136,52'],
      [64, 740, 10, '457,20'], [357, 740, 10, '448,99'], [434, 740, 10, '70,00'], [477, 740, 10, 'EUR'], [539, 740, 10, '518,99'],
    ]);
    const rows = (r.fields.tax_breakdowns.value as Array<{ taxable_amount: string; tax_amount: string; tax_rate: string }>).map((x) => `${x.tax_rate}|${x.taxable_amount}|${x.tax_amount}`).sort();
    assert.deepEqual(rows, ['19.00|321.40|61.07', '7.00|127.59|8.93']);
    assert.equal(r.fields.net_amount.value, '448.99');
    assert.equal(r.fields.gross_amount.value, '518.99');
    assert.equal(r.fields.tax_amount.value, '70.00');
  });

  it('derives the gross from the net and every rate row, not from one row of two', () => {
    const r = run([
      [57, 348, 10, 'Invoice # RE-20240610/77 issued at 2024-06-10'],
      [57, 490, 10, 'Net total: 496.00 €'],
      [60, 533, 8, 'VAT'], [141, 533, 8, 'Net amount'], [211, 533, 8, 'VAT amount'],
      [60, 549, 8, '7%'], [141, 549, 8, '160.00 €'], [211, 549, 8, '11.20 €'],
      [60, 564, 8, '19%'], [141, 564, 8, '336.00 €'], [211, 564, 8, '63.84 €'],
    ]);
    assert.equal(r.fields.gross_amount.value, '571.04');
    assert.equal(r.fields.tax_amount.value, '75.04');
    assert.equal((r.fields.tax_breakdowns.value as unknown[]).length, 2);
  });

  it('line items (quantity × price) under a header without a tax column are not tax rows', () => {
    const r = run([
      [30, 90, 18, 'Facture FV-77'],
      [154, 340, 10, 'Description'], [344, 340, 10, 'Quantité'], [513, 340, 10, 'Prix HT'],
      [34, 360, 9, "Huile d'olive"], [358, 360, 9, '10 Liter(s)'], [427, 360, 9, '19,80 €'], [524, 360, 9, '198,00 €'],
      ...totals(420),
    ]);
    const rows = r.fields.tax_breakdowns.value as Array<{ tax_rate: string }>;
    assert.ok(rows.every((x) => x.tax_rate === '20.00'), JSON.stringify(rows));
  });
});

describe('payment references from transfer instructions', () => {
  it('checks ISO 11649 creditor references and Belgian structured communications', () => {
    assert.equal(creditorReferenceValid('RF18 5390 0754 7034'), true);
    assert.equal(creditorReferenceValid('RF19 5390 0754 7034'), false);
    assert.equal(structuredCommunicationValid('123456789002'), true);
    assert.equal(structuredCommunicationValid('123456789003'), false);
    const hits = findPaymentReferences('Gestructureerde mededeling +++123/4567/89002+++ · RF18 5390 0754 7034 Danke');
    assert.deepEqual(hits.map((h) => h.value).sort(), ['+++123/4567/89002+++', 'RF18539007547034']);
  });

  it('takes a bare "Reference" only inside transfer instructions, never "Your reference"', () => {
    const base: Lines = [[30, 90, 18, 'Invoice INV-2024-301'], [300, 140, 10, 'Your reference'], [420, 140, 10, 'PO-77812'], ...totals(420)];
    const pay = run([...base, [60, 600, 10, 'Please transfer the amount to IBAN DE02120300000000202051'], [60, 614, 10, 'Reference'], [200, 614, 10, 'INV-2024-301']]);
    assert.equal(pay.fields.payment_reference.value, 'INV-2024-301');
    const other = run([...base, [60, 300, 10, 'Reference'], [200, 300, 10, 'PRJ-4410']]);
    assert.equal(other.fields.payment_reference.value, null);
    const rf = run([...base, [60, 600, 10, 'Betalingskenmerk: RF18 5390 0754 7034']]);
    assert.equal(rf.fields.payment_reference.value, 'RF18539007547034');
  });
});
