// The party-line shapes the party rules share (engine/extract/party-shapes.ts).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { run, FOOTER, TITLE, TOTALS } from './fixtures/run.js';
import { IDENTIFIER_LINE, PO_BOX, POSTCODE_IN_LINE, POSTCODE_TOWN, POSTCODE_TOWN_ONLY, SHORT_LEGAL_FORM, SHORT_LEGAL_FORM_END } from '../../../engine/extract/party-shapes.js';

describe('party-line shapes', () => {
  it('tells identifier lines from names that start with the same letters', () => {
    for (const t of ['USt-IdNr.: DE811907980', 'UStIdNr DE811907980', 'VAT: GB123456789', 'GLN 4000001000005', 'ID 4711', 'SIRET 123 456 789 00012', 'TVA FR40303265045', 'BTW NL810433941B01', 'Steuernr. 12/345/67890', 'Tax ID 12-3456789']) {
      assert.ok(IDENTIFIER_LINE.test(t), t);
    }
    for (const t of ['Vattenfall Europe Sales GmbH', 'Idea Works Ltd', 'Gladbacher Druck GmbH', 'Steuerberatung Koch', 'Ustronie Sp. z o.o.', 'Taxis Bleus SARL']) {
      assert.ok(!IDENTIFIER_LINE.test(t), t);
    }
  });

  it('reads postcodes of the corpus countries at a line start, alone with a town, or inside a line', () => {
    for (const t of ['20457 Hamburg', 'D-20457 Hamburg', '1012 AB Amsterdam', '1012AB Amsterdam', 'BS1 4DJ Bristol', 'BE-9000 Ghent', '37550 Saint-Avertin']) {
      assert.ok(POSTCODE_TOWN.test(t), t);
      assert.ok(POSTCODE_TOWN_ONLY.test(t), t);
      assert.ok(POSTCODE_IN_LINE.test(`Acme GmbH · Hafenweg 12 · ${t}`), t);
    }
    assert.ok(POSTCODE_TOWN.test('20457 Hamburg, Germany') && !POSTCODE_TOWN_ONLY.test('20457 Hamburg, Germany'));
    assert.ok(!POSTCODE_IN_LINE.test('Hafenweg 12 · Hamburg'));
    assert.ok(!POSTCODE_IN_LINE.test('Order 123456'), 'six digits are no postcode here');
    assert.ok(PO_BOX.test('Postfach 10 20 30') && PO_BOX.test('P.O. Box 12'));
  });

  it('reads the short legal forms inside a name and at its end', () => {
    for (const t of ['Acme GmbH', 'Harbour Lane Supplies Ltd', 'Imprimerie du Nord SA', 'Van Dijk B.V.', 'Müller e.K.', 'Kade Supplies Limited']) {
      assert.ok(SHORT_LEGAL_FORM.test(t), t);
      assert.ok(SHORT_LEGAL_FORM_END.test(t), t);
    }
    assert.ok(SHORT_LEGAL_FORM.test('Acme GmbH Hafenweg 12') && !SHORT_LEGAL_FORM_END.test('Acme GmbH Hafenweg 12'));
    // "AB" / "AS" are Dutch postcode letters: not among the short forms.
    assert.ok(!SHORT_LEGAL_FORM.test('1012 AB Amsterdam'));
    assert.ok(!SHORT_LEGAL_FORM.test('Sassnitz') && !SHORT_LEGAL_FORM.test('Gmbhx'));
  });

  it('reads a name that starts with an identifier word\'s letters under a party label (the label value walk once skipped "Vattenfall")', () => {
    const r = run([
      [56, 50, 15, 'Nordlicht Technik GmbH'], [56, 64, 9, 'Hafenweg 12, 20457 Hamburg'],
      [56, 165, 9, 'Rechnungsnummer: NT-2025-7'], [56, 178, 9, 'Rechnungsdatum: 12.02.2025'],
      [330, 165, 10, 'Rechnungsempfänger:'], [330, 178, 10, 'Vattenfall Europe Sales GmbH'], [330, 191, 10, 'Kundennummer 4711'],
      ...TITLE,
      [56, 330, 10, 'Wartung'], [490, 330, 10, '1.000,00'],
      ...TOTALS, ...FOOTER,
    ]);
    assert.equal(r.fields.recipient_name.value, 'Vattenfall Europe Sales GmbH');
  });
});
