// Rules from round 11's party-name misses (issue 14, fold11), each on a generated page that fails
// without it (written before the rules): a letterhead block whose town line is followed by its
// contact rows is the sender's, never the recipient's window; a party heading set further above
// its block than the block's own line spacing still labels the block; a bank's name wrapped onto
// the line under "Bank:" is not the sender; a labelled small-print line ("Insurance: Acme, policy
// no. 2024-…") is not a return address; a letter salutation ("Sehr geehrte Familie …") in an
// address block is no part of the name; an e-invoice viewer's "Nom du vendeur:" row under its
// "Vendeur" heading names the party, and the key itself (a text ending in a colon) never does.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { run, v, type Lines } from './fixtures/run.js';

const TOTALS: Lines = [[330, 560, 10, 'Summe Netto:'], [480, 560, 10, '1.000,00 €'], [330, 574, 10, 'zzgl. 20% USt:'], [485, 574, 10, '200,00 €'], [330, 588, 10, 'Gesamtbetrag:'], [480, 588, 10, '1.200,00 €']];
const META: Lines = [[400, 160, 9, 'Rechnungsnummer: LE-2025-114'], [400, 174, 9, 'Rechnungsdatum: 18.03.2025']];
/** A letterhead block at the top left: name, tag line, street, town, then its contact rows. */
const letterhead = (name: string): Lines => [
  [42, 44, 16, name],
  [42, 65, 10, 'Meisterbetrieb seit 1985'],
  [42, 85, 9, 'Gewerbepark Nord 15'],
  [42, 97, 9, '6020 Innsbruck, Österreich'],
  [42, 108, 9, 'Tel: +43 512 587390'],
  [42, 119, 9, 'Email: office@lindgren-elektro.at'],
];

/** The letterhead block over an addressee under "Rechnung an:", a title and totals. */
const letterheadPage = (name: string): Lines => [
  ...letterhead(name),
  [42, 162, 11, 'Rechnung an:'],
  [42, 182, 9, 'Anna Berger'],
  [42, 193, 9, 'Olympiastraße 45'],
  [42, 204, 9, '6020 Innsbruck'],
  ...META,
  [42, 260, 14, 'Rechnung'],
  ...TOTALS,
];

describe('fold11: a letterhead block with contact rows under its town line', () => {
  it('is the sender, not the recipient (the addressee under "Rechnung an:")', () => {
    const r = run(letterheadPage('Lindgren Elektro GmbH'));
    assert.equal(v(r, 'sender_name'), 'Lindgren Elektro GmbH');
    assert.equal(v(r, 'recipient_name'), 'Anna Berger');
  });
});

describe('fold11: a letterhead block that opens the page, its name without a legal form', () => {
  it('names the sender', () => {
    const r = run(letterheadPage('Tischlerei Ahorn'));
    assert.equal(v(r, 'sender_name'), 'Tischlerei Ahorn');
    assert.equal(v(r, 'recipient_name'), 'Anna Berger');
  });
});

describe('fold11: a party heading set apart from its block', () => {
  it('labels both blocks when the headings stand two line heights above the names', () => {
    const r = run([
      [28, 32, 22, 'Kessler Beratung'],
      [465, 91, 13, 'Rechnung'],
      ...META,
      [47, 276, 13, 'Rechnungsempfänger'], [326, 276, 13, 'Leistungserbringer'],
      [47, 311, 11, 'Nordwind Systems GmbH'], [326, 311, 11, 'Kessler Beratung GmbH'],
      [47, 329, 11, 'Dr. Michael Schneider'], [326, 329, 11, 'Mariahilfer Straße 88'],
      [47, 346, 11, 'Unter den Linden 78'], [326, 346, 11, '1070 Wien'],
      [47, 364, 11, '10117 Berlin'],
      ...TOTALS,
    ]);
    assert.equal(v(r, 'sender_name'), 'Kessler Beratung GmbH');
    assert.equal(v(r, 'recipient_name'), 'Nordwind Systems GmbH');
  });
});

describe('fold11: names that are not the sender', () => {
  it('a bank name wrapped onto the line under "Bank:" is not the sender', () => {
    const r = run([
      [56, 40, 18, 'Atelier Morgenrot'],
      [56, 64, 9, 'Lindenallee 3 · 1010 Wien'],
      [56, 160, 10, 'Helga Sommer'],
      [56, 173, 10, 'Kirchgasse 8'],
      [56, 186, 10, '8010 Graz'],
      ...META,
      [56, 260, 14, 'Rechnung'],
      ...TOTALS,
      [56, 660, 10, 'Zahlungsinformationen'],
      [56, 676, 9, 'Bank: Erste Bank der oesterreichischen'],
      [56, 688, 9, 'Sparkassen AG'],
      [56, 700, 9, 'IBAN: AT61 1904 3002 3457 3201'],
    ]);
    assert.notEqual(v(r, 'sender_name'), 'Sparkassen AG');
  });

  it('a labelled small-print line with a year in it is not a return address', () => {
    const r = run([
      [14, 75, 20, 'Alpen Verwaltung'],
      [14, 104, 11, 'Leopoldstraße 15'],
      [25, 200, 8, 'Berufshaftpflichtversicherung: Uniqa, Polizze Nr. BH-2024-7890123'],
      [56, 240, 10, 'Karl Gruber'],
      [56, 253, 10, 'Bahnhofstraße 2'],
      [56, 266, 10, '6020 Innsbruck'],
      ...META.map(([x, y, s, t]): Lines[number] => [x, y + 100, s, t]),
      [56, 320, 14, 'Rechnung'],
      ...TOTALS,
    ]);
    assert.notEqual(v(r, 'sender_name'), 'Berufshaftpflichtversicherung: Uniqa');
    assert.equal(v(r, 'recipient_name'), 'Karl Gruber');
  });
});

describe('fold11: a letter salutation in the address block', () => {
  it('"Sehr geehrte Familie …" is no part of the recipient\'s name', () => {
    const r = run([
      [42, 44, 16, 'Lindgren Elektro GmbH'],
      [42, 64, 9, 'Gewerbepark Nord 15 · 6020 Innsbruck'],
      [42, 162, 11, 'Rechnung an:'],
      [42, 182, 9, 'Sehr geehrte Familie Maria & Stefan Berger'],
      [42, 193, 9, 'Olympiastraße 45'],
      [42, 204, 9, '6020 Innsbruck'],
      ...META,
      [42, 260, 14, 'Rechnung'],
      ...TOTALS,
    ]);
    assert.equal(v(r, 'recipient_name'), 'Maria & Stefan Berger');
  });
});

describe('fold11: key-value party rows of an e-invoice viewer', () => {
  it('reads "Nom de l\'acheteur:" and "Nom du vendeur:" rows, never the key as the name', () => {
    const r = run([
      [57, 51, 22, 'Facture n° FAC-2026-118'],
      [63, 83, 11, 'Acheteur'],
      [62, 108, 11, "Nom de l'acheteur:"], [180, 108, 11, 'LES ATELIERS DU PORT'], [330, 108, 11, 'Code Pays:'], [400, 108, 11, 'FR'],
      [63, 139, 11, 'Vendeur'],
      [62, 164, 11, 'Nom du vendeur:'], [180, 164, 11, 'BOULANGERIE DES HALLES'], [330, 164, 11, 'Code Pays:'], [400, 164, 11, 'FR'],
      [63, 195, 11, 'Données de facturation'],
      [62, 221, 11, 'Numéro de facture:'], [180, 221, 11, 'FAC-2026-118'],
      [62, 239, 11, 'Date de la facture:'], [180, 239, 11, '18-08-2026'],
      [62, 294, 11, 'Montant total HT'], [480, 294, 11, '972,00'],
      [62, 308, 11, 'Montant total TVA'], [480, 308, 11, '194,40'],
      [62, 322, 11, 'Montant TTC'], [470, 322, 11, '1 166,40'],
    ]);
    assert.equal(v(r, 'sender_name'), 'BOULANGERIE DES HALLES');
    assert.equal(v(r, 'recipient_name'), 'LES ATELIERS DU PORT');
  });
});

describe('fold11: a labelled recipient block with a contact person under the company', () => {
  it('names the company, not the person ("Herr …" on the line under it)', () => {
    const r = run([
      [43, 46, 24, 'Helene Brunner'],
      [43, 80, 11, 'Steuerberatung'],
      ...META,
      [43, 263, 13, 'Rechnungsempfänger'], [300, 263, 13, 'Rechnungssteller'],
      [43, 293, 11, 'Schreinerei Eichenhof GmbH'], [300, 293, 11, 'Helene Brunner'],
      [43, 310, 11, 'Herr Paul Wagner'], [300, 310, 11, 'Maximilianstraße 12'],
      [43, 328, 11, 'Industriestraße 23'], [300, 328, 11, '6020 Innsbruck'],
      [43, 345, 11, '6020 Innsbruck'],
      [43, 392, 14, 'Rechnung'],
      ...TOTALS,
    ]);
    assert.equal(v(r, 'recipient_name'), 'Schreinerei Eichenhof GmbH');
  });
});

describe('fold11: a letterhead whose contact rows are keyed by one letter ("T:", "E:")', () => {
  it('is the sender\'s block, not the recipient\'s window', () => {
    const r = run([
      [24, 29, 24, 'Atelier Nordlicht'],
      [24, 105, 12, 'Mag. Eva Lindqvist'],
      [24, 127, 12, 'Landstraße 32'],
      [24, 150, 12, '1030 Wien, Österreich'],
      [24, 172, 12, 'T: +43 1 234 56 78'],
      [24, 194, 12, 'E: office@atelier-nordlicht.at'],
      [24, 300, 18, 'Rechnung RG-2025-0189'],
      [24, 340, 12, 'Rechnungsdatum: 28.08.2025'],
      ...TOTALS,
    ]);
    assert.notEqual(v(r, 'recipient_name'), 'Mag. Eva Lindqvist');
    // The block's first line is the owner's name under the brand, not the page's first line: no sender from it.
    assert.notEqual(v(r, 'sender_name'), 'Mag. Eva Lindqvist');
  });
});
