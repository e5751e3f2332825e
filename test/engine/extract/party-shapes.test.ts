// The party-line shapes the party rules share (engine/extract/party-shapes.ts).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { run, FOOTER, TITLE, TOTALS } from './fixtures/run.js';
import { CONTACT_ROW, ENDS_IN_TOWN, IDENTIFIER_LINE, PO_BOX, POSTCODE_IN_LINE, POSTCODE_TOWN, POSTCODE_TOWN_ONLY, SHORT_LEGAL_FORM, SHORT_LEGAL_FORM_END, TOWN_LINE } from '../../../engine/extract/party-shapes.js';

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

  it('reads a window\'s town line in each country\'s order, and a one-line address that ends in a town', () => {
    for (const t of ['20457 Hamburg', 'D-20457 Hamburg', '1012 AB Amsterdam', '06108 Halle (Saale)', 'Leeds LS1 4DY', 'Leeds, LS1 4DY', 'Springfield, IL 62704', 'Springfield, IL 62704-1234']) {
      assert.ok(TOWN_LINE.test(t), t);
    }
    // A UK postcode before the town, a US ZIP without its state, a street: not the window's town line.
    for (const t of ['BS1 4DJ Bristol', 'Springfield 62704', 'Hafenweg 12', '20457 Hamburg, Germany']) assert.ok(!TOWN_LINE.test(t), t);
    for (const t of ['Energieweg 12, 8071 DE Nunspeet', '20457 Hamburg', 'Leeds LS1 4DY']) assert.ok(ENDS_IN_TOWN.test(t), t);
    assert.ok(!ENDS_IN_TOWN.test('Energieweg 12') && !ENDS_IN_TOWN.test('20457 Hamburg, Germany 12'));
  });

  it('tells contact rows from names and streets that start with the same letters', () => {
    for (const t of ['Tel. 040 123', 'Telefon: 040 123', 'Telefax 040 124', 'Téléphone : 01 23', 'Fon 040', 'Mobil 0170 1', 'Mobile 07700', 'E-Mail: info@acme.de', 'Web: acme.de', 'Internet: acme.de', 'www.acme.de', 'info@acme.de', 'USt-IdNr. DE811907980', 'UStIdNr DE811907980', 'VAT GB123456789', 'Steuernummer 12/345/67890', 'TVA FR40303265045']) {
      assert.ok(CONTACT_ROW.test(t), t);
    }
    for (const t of ['Fontanestraße 3', 'Mailand', 'Vattenfall Europe Sales GmbH', 'Webergasse 3', 'Telgte', 'Steuerberatung Koch']) assert.ok(!CONTACT_ROW.test(t), t);
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
