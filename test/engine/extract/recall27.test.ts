// Generic extraction, native recall (issue 14, recall27): the document number after a label whose
// words a zero-width space separates ("Rechnung\u200b Nr. 17"). ("INV#" in a header grid was left open.)
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { pageFromLines } from '../../helpers/invoice-fixtures.js';
import { runPages, v, type Lines } from './fixtures/run.js';

const page = (numberLine: Lines): Lines => [
  [56, 44, 14, 'Muster Handel GmbH'], [56, 60, 9, 'Wattgasse 48, 1170 Wien'],
  [56, 120, 10, 'Kunde Beispiel AG'], [56, 134, 9, 'Musterstraße 7, 1070 Wien'],
  [56, 170, 9, 'Rechnungsdatum: 2020-10-07'],
  ...numberLine,
  [330, 320, 10, 'Summe netto'], [470, 320, 10, '100,00 €'], [330, 336, 10, 'USt 20%'], [476, 336, 10, '20,00 €'], [330, 352, 10, 'Gesamt'], [470, 352, 10, '120,00 €'],
];

describe('a document-number label split by a zero-width space', () => {
  it('reads the number after "Rechnung\\u200b Nr."', () => {
    assert.equal(v(runPages([pageFromLines(page([[56, 200, 12, 'Rechnung\u200b Nr. 17']]))]), 'document_number'), '17');
  });
  it('reads the same number without the zero-width space (control)', () => {
    assert.equal(v(runPages([pageFromLines(page([[56, 200, 12, 'Rechnung Nr. 17']]))]), 'document_number'), '17');
  });
});
