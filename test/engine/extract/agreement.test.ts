// Agreement checks (issue 14, precision): a value that another reading of the same page
// contradicts is left empty. Pages are generated; each test fails without its check.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { identifierClash, plausibleName, returnAddressIsDate, sameParty, withoutRoleWord } from '../../../engine/extract/agreement.js';
import { run, totalsBlock, type Lines } from './fixtures/run.js';

const totals = (y: number) => totalsBlock(y, ['1 250,00 €', '250,00 €', '1 500,00 €']);

describe('agreement checks', () => {
  it('takes no period heading "Name - month year" for a return-address line', () => {
    const r = run([
      [60, 50, 16, 'FACTURE'],
      [60, 70, 10, 'N° FA-2026-0042'],
      [60, 84, 10, 'Date : 15/08/2026'],
      [60, 120, 9, 'Maintenance préventive CVC - août 2026'],
      [60, 134, 10, 'Commune de Saint-Avertin'],
      [60, 147, 10, '1 place de la Mairie'],
      [60, 160, 10, '37550 Saint-Avertin'],
      [60, 310, 10, 'Pose de menuiseries - lot 2'], [470, 310, 10, '1 250,00 €'],
      ...totals(360),
    ]);
    assert.notEqual(r.fields.sender_name.value, 'Maintenance préventive CVC');
  });

  it('takes no label word or address heading for a party name', () => {
    assert.equal(plausibleName('From'), false);
    assert.equal(plausibleName('‚Adresse de facturation'), false);
    assert.equal(plausibleName('Rechnungsadresse:'), false);
    assert.equal(plausibleName('15.08.2026'), false);
    assert.equal(plausibleName('BS1 4DJ Bristol'), false);
    assert.equal(plausibleName('37550 Saint-Avertin'), false);
    assert.equal(plausibleName('Hafenweg 12'), false);
    assert.equal(plausibleName('8 allée des Tilleuls'), false);
    assert.equal(plausibleName('1&1 Internet AG'), true);
    assert.equal(plausibleName('3M Deutschland GmbH'), true);
    assert.equal(plausibleName('Adressbuch Verlag GmbH'), true);
    assert.equal(plausibleName('Von Ardenne GmbH'), true);
    // A block headed "From:" with no name line: the postcode line is no party.
    for (const head of ['From:', '‚Adresse de facturation']) {
      const r = run([
        [400, 40, 14, 'INVOICE I/00017'],
        [400, 58, 10, 'Apr 01, 2025'],
        [60, 124, 10, head],
        [60, 137, 10, '3 Mill Lane'],
        [60, 150, 10, 'BS1 4DJ Bristol'],
        [60, 200, 10, 'Torque wrench set'], [470, 200, 10, '400.00'],
        [330, 250, 10, 'Subtotal'], [470, 250, 10, '400.00'], [330, 264, 10, 'VAT 20 %'], [470, 264, 10, '80.00'], [330, 278, 10, 'Total'], [470, 278, 10, '480.00'],
      ]);
      assert.equal(r.fields.sender_name.value, null, head);
      assert.equal(r.fields.recipient_name.value, null, head);
    }
  });

  it('drops a role heading read into the name on the same line', () => {
    const c = { field: 'sender_name' as const, value: 'Émetteur Atelier Berthier SARL', raw: 'Émetteur Atelier Berthier SARL', score: 1.5, method: 'pattern' as const, source: null, transforms: [] };
    assert.equal(withoutRoleWord([c])[0]!.value, 'Atelier Berthier SARL');
    assert.equal(withoutRoleWord([{ ...c, value: 'Kunde' }])[0]!.value, 'Kunde');
    assert.equal(withoutRoleWord([{ ...c, value: 'Von Ardenne GmbH' }])[0]!.value, 'Von Ardenne GmbH');
  });

  it('gives no recipient that is the sender under another spelling', () => {
    assert.equal(sameParty('Harbour Tools Ltd', 'HARBOUR TOOLS'), true);
    assert.equal(sameParty('Harbour Tools Ltd', 'Greenfield Bakery Ltd'), false);
  });

  it('takes no date, phone number, IBAN or VAT id for an identifier', () => {
    assert.equal(identifierClash('15.08.2026', []), true);
    assert.equal(identifierClash('+49 40 123456', []), true);
    assert.equal(identifierClash('DE 8937 0400 4405 3201 3000', ['DE89370400440532013000']), true);
    assert.equal(identifierClash('RE-2026-0042', ['DE89370400440532013000']), false);
    assert.equal(identifierClash('2026-0042', []), false);
  });

  it('recognises a return address whose address part is a month and year', () => {
    const c = { field: 'sender_name' as const, value: 'Maintenance CVC', raw: 'Maintenance CVC - août 2026', score: 3, method: 'sender_line' as const, source: null, transforms: [] };
    assert.equal(returnAddressIsDate(c), true);
    assert.equal(returnAddressIsDate({ ...c, raw: 'Maintenance CVC - 8 rue Haute - 37000 Tours' }), false);
  });
});
