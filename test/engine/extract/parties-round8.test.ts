// Party blocks by position and role (issue 14, round 8: engine/extract/parties.ts): the address
// window without a heading, the sender confirmed by two of its own places (footer company line,
// bank holder line, return address, letterhead zone, domain). Every page is generated; each test
// fails without its rule.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkTunedFamilies, run, v, type Lines } from './fixtures/run.js';
import { generateFamily8Invoice, ROUND_8_FAMILIES } from './fixtures/families8.js';

const totals = (y: number): Lines => [[330, y, 10, 'Net amount'], [480, y, 10, '400.00'], [330, y + 14, 10, 'VAT 20%'], [485, y + 14, 10, '80.00'], [330, y + 28, 10, 'Total'], [480, y + 28, 10, '480.00']];
const body = (y: number): Lines => [[56, y, 16, 'Invoice'], [56, y + 30, 9, 'Invoice No.: INV-2025-00412'], [56, y + 43, 9, 'Date: 03/04/2025'], [56, y + 80, 9, 'Garden bench'], [480, y + 80, 9, '400.00'], ...totals(y + 110)];

describe('the address window without a heading', () => {
  it('reads a UK window (town before the postcode) as the recipient, under a letterhead', () => {
    const r = run([
      [56, 44, 16, 'Kestrel Print Works Ltd'],
      [400, 44, 8, 'Unit 4, Dock Road'], [400, 55, 8, 'Liverpool L3 4BB'], [400, 66, 8, 'Tel. +44 151 4000'],
      [62, 156, 10, 'Larkspur Hotel'], [62, 168, 10, '1 Marine Parade'], [62, 180, 10, 'Brighton BN2 1TL'],
      ...body(290),
    ]);
    assert.equal(v(r, 'recipient_name'), 'Larkspur Hotel');
  });

  it('does not take a block under a one-word address heading ("Leistungsadresse") for the window', () => {
    const r = run([
      [56, 44, 16, 'Falkenried Metallbau GmbH'],
      [320, 110, 10, 'Leistungsadresse'], [320, 122, 10, 'Baustelle Nord'], [320, 134, 10, 'Kaiweg 3'], [320, 146, 10, '20457 Hamburg'],
      [62, 156, 10, 'Autohaus Krämer'], [62, 168, 10, 'Zeppelinstraße 30'], [62, 180, 10, '88212 Ravensburg'],
      ...body(290),
    ]);
    assert.equal(v(r, 'recipient_name'), 'Autohaus Krämer');
  });

  it('does not read the sender\'s own letterhead block (name, street, town, contact rows) as the window', () => {
    // A one-word letterhead on the left with its address and contact rows; the window on the right.
    const r = run([
      [56, 100, 10, 'Lavandine'], [56, 112, 10, '22 avenue Jean Médecin'], [56, 124, 10, '06000 Nice'], [56, 136, 10, 'contact@lavandine.fr'],
      [320, 156, 10, 'Pharmacie Delorme'], [320, 168, 10, '14 place Bellecour'], [320, 180, 10, '69002 Lyon'],
      ...body(290),
      [56, 770, 7, 'Lavandine · 22 avenue Jean Médecin · 06000 Nice'],
    ]);
    assert.equal(v(r, 'recipient_name'), 'Pharmacie Delorme');
    assert.equal(v(r, 'sender_name'), 'Lavandine');
  });

  it('does not read an address block with contact rows under its town line (a letterhead) as the window', () => {
    const r = run([
      [320, 100, 10, 'Thornbury Facilities Ltd'], [320, 112, 10, '27 Castle Street'], [320, 124, 10, 'Cardiff CF10 1BS'], [320, 136, 10, 'Phone 029 2000 1234'],
      [62, 156, 10, 'Redbrook Veterinary Clinic'], [62, 168, 10, '5 Church Lane'], [62, 180, 10, 'Exeter EX1 1HB'],
      ...body(290),
    ]);
    assert.equal(v(r, 'recipient_name'), 'Redbrook Veterinary Clinic');
  });
});

describe('the sender from its own evidence', () => {
  it('reads a sender printed only as a logo from the bank holder line and the web domain', () => {
    // No name in the text layer at the top; the window's company has a legal form (a trap).
    const r = run([
      [360, 70, 8, 'Energieweg 12'], [360, 81, 8, '8071 DE Nunspeet'], [360, 92, 8, 'www.bosmanklimaat.nl'],
      [62, 156, 10, 'Brouwerij Het Anker B.V.'], [62, 168, 10, 'Havenkade 2'], [62, 180, 10, '1013 AB Amsterdam'],
      ...body(290),
      [56, 770, 7, 'Energieweg 12 · 8071 DE Nunspeet · www.bosmanklimaat.nl'],
      [56, 780, 7, 'Rekeninghouder: Bosman Klimaattechniek B.V. · Rabobank · IBAN NL91 RABO 0312 4567 00'],
    ]);
    assert.equal(v(r, 'sender_name'), 'Bosman Klimaattechniek B.V.');
    assert.equal(v(r, 'recipient_name'), 'Brouwerij Het Anker B.V.');
  });

  it('reads a one-word sender the footer company line and the e-mail domain confirm', () => {
    const r = run([
      [360, 70, 8, 'Strandweg 1'], [360, 81, 8, '2586 JK Den Haag'], [360, 92, 8, 'info@zeewind.nl'],
      [62, 156, 10, 'Summit Outdoor Gear Ltd'], [62, 168, 10, '77 Canal Street'], [62, 180, 10, 'Nottingham NG1 7EH'],
      ...body(290),
      [56, 770, 7, 'Zeewind · Strandweg 1, 2586 JK Den Haag'],
    ]);
    assert.equal(v(r, 'sender_name'), 'Zeewind');
    assert.equal(v(r, 'recipient_name'), 'Summit Outdoor Gear Ltd');
  });

  it('reads a sender its footer register line and the web domain confirm', () => {
    const r = run([
      [360, 70, 8, 'Rheinufer 3'], [360, 81, 8, '55116 Mainz'], [360, 92, 8, 'www.kaffeewerk.de'],
      [62, 156, 10, 'Bäckerei Sommer GmbH'], [62, 168, 10, 'Marktplatz 4'], [62, 180, 10, '34117 Kassel'],
      ...body(290),
      [56, 780, 7, 'Kaffeewerk · USt-IdNr. DE811907980 · Amtsgericht Mainz HRB 41234'],
    ]);
    assert.equal(v(r, 'sender_name'), 'Kaffeewerk');
    assert.equal(v(r, 'recipient_name'), 'Bäckerei Sommer GmbH');
  });

  it('takes no street for the sender: a footer address line without a name ("ZI des Aulnes · 45000 Orléans")', () => {
    const r = run([
      [56, 70, 8, 'ZI des Aulnes'], [56, 81, 8, '45000 Orléans'], [56, 92, 8, 'Tél. +33 2 38 00 00'],
      [320, 156, 10, 'Cave Beaulieu'], [320, 168, 10, '2 chemin des Vignes'], [320, 180, 10, '21200 Beaune'],
      ...body(290),
      [56, 770, 7, 'ZI des Aulnes · 45000 Orléans · www.transports-rolland.fr'],
    ]);
    assert.notEqual(v(r, 'sender_name'), 'ZI des Aulnes');
  });
});

describe('round-8 families (fixtures/families8.ts)', () => {
  it('reads every party of the tuned split right', () => {
    const { wrong, docs, families } = checkTunedFamilies(0, 240, generateFamily8Invoice);
    assert.deepEqual([...families].sort(), [...ROUND_8_FAMILIES].sort());
    assert.ok(docs > 150, `${docs} tuned documents`);
    assert.deepEqual(wrong, []);
  });
});
