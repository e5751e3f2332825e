// Document numbers printed with no label, three shapes more than recall24's (issue 14, `bare31`), on generated pages
// written before the rule and run against main 54aab99 (docs/decisions.md, bare31). Round 11's Austrian templates print
// them so: a bare year and sequence ("2025-042") at the top right; an id broken after its year ("EU-2025-" over "00142")
// over the title "Rechnung"; an id as the first line under a heading "Rechnungsdetails" / "Invoice details". Precision
// first: recall24's guards hold (an unknown prefix alone at the top right names no invoice: "KD-2025-00287"), a date
// under the heading is no number, two bare ids are two references.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { run, v, type Lines } from './fixtures/run.js';

const PARTIES: Lines = [
  [56, 44, 14, 'Barbara Mayer'], [56, 62, 9, 'Steuerberatung'], [56, 74, 9, 'Maximilianstraße 12/2/5'], [56, 86, 9, '6020 Innsbruck, Österreich'],
  [56, 170, 9, 'Rechnungsempfänger'], [56, 184, 10, 'Tischlerei Holzwurm GmbH'], [56, 196, 10, 'Industriestraße 23'], [56, 208, 10, '6020 Innsbruck'],
];
const ITEMS: Lines = [[56, 300, 10, 'Leistungsbeschreibung'], [470, 300, 10, 'Betrag'], [56, 316, 10, 'Buchhaltung August'], [470, 316, 10, '€ 1.000,00']];
const TOTALS: Lines = [[330, 520, 10, 'Nettobetrag'], [470, 520, 10, '€ 1.000,00'], [330, 534, 10, 'USt. 20 %'], [470, 534, 10, '€ 200,00'], [330, 548, 10, 'Gesamtbetrag'], [470, 548, 10, '€ 1.200,00']];
const DATED: Lines = [[360, 240, 9, 'Rechnungsdatum: 28.08.2025']];

/** Right-aligned text ending at x = 553, as the Austrian templates set the header's right column. */
const right = (y: number, size: number, text: string): [number, number, number, string] => [553 - text.length * size * 0.5, y, size, text];

describe('a bare year and sequence at the top right (bare31)', () => {
  it('"2025-042" on the sender\'s name line, the date under it, is the document number', () => {
    const r = run([...PARTIES, right(46, 14, '2025-042'), right(87, 10, '28.08.2025'), ...ITEMS, ...TOTALS]);
    assert.equal(v(r, 'document_number'), '2025-042');
  });
  for (const id of ['2025-03', '2025-03-18', '20250318', '2025']) {
    it(`guard: "${id}" there is not the document number`, () => {
      const r = run([...PARTIES, right(46, 14, id), ...DATED, ...ITEMS, ...TOTALS]);
      assert.equal(v(r, 'document_number'), null);
    });
  }
  it('guard: two bare ids at the top right are two references, neither taken', () => {
    const r = run([...PARTIES, right(46, 14, '2025-042'), right(64, 10, '2025-118'), ...DATED, ...ITEMS, ...TOTALS]);
    assert.equal(v(r, 'document_number'), null);
  });
});

describe('an id over the invoice title, broken after its year (bare31)', () => {
  it('"EU-2025-" over "00142" over "Rechnung | Invoice" is "EU-2025-00142"', () => {
    const r = run([...PARTIES, right(31, 20, 'EU-2025-'), right(58, 20, '00142'), right(91, 12, 'Rechnung | Invoice'), ...DATED, ...ITEMS, ...TOTALS]);
    assert.equal(v(r, 'document_number'), 'EU-2025-00142');
  });
  it('unbroken: "TC-2025-0847" right over the title is the document number', () => {
    const r = run([...PARTIES, right(58, 20, 'TC-2025-0847'), right(91, 12, 'RECHNUNG'), ...DATED, ...ITEMS, ...TOTALS]);
    assert.equal(v(r, 'document_number'), 'TC-2025-0847');
  });
  it('guard: the same id with no title under it stays out (recall24: an unknown prefix names no invoice)', () => {
    const r = run([...PARTIES, right(58, 20, 'TC-2025-0847'), ...DATED, ...ITEMS, ...TOTALS]);
    assert.equal(v(r, 'document_number'), null);
  });
  it('guard: a broken id whose rest is not under it (another column) is not joined', () => {
    const r = run([...PARTIES, right(31, 20, 'EU-2025-'), [300, 58, 20, '00142'], right(91, 12, 'Rechnung'), ...DATED, ...ITEMS, ...TOTALS]);
    assert.notEqual(v(r, 'document_number'), 'EU-2025-00142');
  });
});

describe('an id as the first line under an invoice-details heading (bare31)', () => {
  const details = (heading: string, first: string): Lines => [
    ...PARTIES, [80, 430, 14, heading], [80, 461, 14, first], [80, 478, 10, 'Rechnungsdatum: 28.08.2025'], [80, 490, 10, 'Zahlungsziel: 11.09.2025 (14 Tage)'],
    [56, 600, 10, 'Leistung'], [470, 600, 10, 'Betrag'], [56, 616, 10, 'Beratung'], [470, 616, 10, '€ 1.000,00'],
    [330, 700, 10, 'Nettobetrag'], [470, 700, 10, '€ 1.000,00'], [330, 714, 10, 'USt. 20 %'], [470, 714, 10, '€ 200,00'], [330, 728, 10, 'Gesamtbetrag'], [470, 728, 10, '€ 1.200,00'],
  ];
  for (const [heading, id] of [['RECHNUNGSDETAILS', 'TC-2025-0847'], ['Invoice details', 'A/2025/117'], ['Rechnungsdaten', '20250117']] as const) {
    it(`"${id}" under "${heading}" is the document number`, () => {
      assert.equal(v(run(details(heading, id)), 'document_number'), id);
    });
  }
  for (const first of ['28.08.2025', 'Projekt Alpha', '€ 1.200,00', 'Seite 1']) {
    it(`guard: "${first}" under the heading is not the document number`, () => {
      assert.equal(v(run(details('RECHNUNGSDETAILS', first)), 'document_number'), null);
    });
  }
  it('guard: an id under another heading ("PROJEKTDETAILS") is not the document number', () => {
    assert.equal(v(run(details('PROJEKTDETAILS', 'TC-2025-0847')), 'document_number'), null);
  });
});
