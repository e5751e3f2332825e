// A company name printed in the buyer's blocks is the buyer's, never the sender's (issue 14, `buyer31`; round 11's
// e-commerce template, tuned-only). The page is generated and was run against main 54aab99 before the rule
// (docs/decisions.md, buyer31): the buyer's company, printed twice (under "Rechnungsadresse" and under "Lieferadresse")
// and spelled by the buyer's e-mail domain under its block, outscored the letterhead's name as sender.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { run, v, type Lines } from './fixtures/run.js';

const page = (delivery: string, email: string): Lines => [
  [56, 40, 16, 'Austrian Digital Commerce GmbH'], [56, 60, 9, 'Professionelle E-Commerce Lösungen seit 2015'],
  [420, 30, 9, 'Gewerbepark Digital 15'], [420, 42, 9, '1030 Wien, Österreich'], [420, 54, 9, 'Tel: +43 1 234 5678'], [420, 66, 9, 'UID: ATU67891234'],
  [56, 110, 14, 'RECHNUNG'], [56, 130, 9, 'Rechnungsnummer: RE-2025-08734'], [300, 130, 9, 'Rechnungsdatum: 26.08.2025'],
  [56, 170, 10, 'Rechnungsadresse'], [320, 170, 10, 'Lieferadresse'],
  [56, 184, 9, 'Herr Thomas Schneider'], [320, 184, 9, delivery],
  [56, 196, 9, 'TechSolutions GmbH, Industriestraße 25'], [320, 196, 9, 'Logistikzentrum Nord, Tor 5'],
  [56, 208, 9, '80339 München'], [320, 208, 9, '85386 Eching'],
  [56, 220, 9, 'Deutschland'], [320, 220, 9, 'Deutschland'],
  [56, 232, 9, email],
  [56, 300, 9, 'Bezeichnung'], [480, 300, 9, 'Gesamt'], [56, 314, 9, '19-Zoll Server-Rack'], [480, 314, 9, '€6591.00'],
  [380, 400, 9, 'Netto-Betrag:'], [480, 400, 9, '€6591.00'], [380, 412, 9, 'zzgl. MwSt. (20%):'], [480, 412, 9, '€1318.20'], [380, 424, 9, 'Rechnungsbetrag:'], [480, 424, 9, '€7909.20'],
];

describe('the buyer\'s company is not the sender (buyer31)', () => {
  it('printed under "Rechnungsadresse" and "Lieferadresse", spelled by the buyer\'s e-mail domain', () => {
    const r = run(page('TechSolutions GmbH, Lager', 'E-Mail: einkauf@techsolutions-gmbh.de'));
    assert.equal(v(r, 'sender_name'), 'Austrian Digital Commerce GmbH');
  });
  it('printed under the delivery heading only once more', () => {
    const r = run(page('TechSolutions GmbH', 'E-Mail: einkauf@techsolutions-gmbh.de'));
    assert.equal(v(r, 'sender_name'), 'Austrian Digital Commerce GmbH');
  });
  it('guard: the letterhead\'s name is still the sender when the buyer prints no company', () => {
    const r = run(page('Herr Thomas Schneider', 'E-Mail: t.schneider@example.de'));
    assert.equal(v(r, 'sender_name'), 'Austrian Digital Commerce GmbH');
  });
});
