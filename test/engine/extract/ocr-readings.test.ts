// Generic extraction on scans, fourth pass (issue 14, scans13): what the tuned and round-9 scans
// showed of OCR text that holds the value but is read differently from the text layer — a label
// with a digit for a letter before a date written with its month's name ("Ech6ance le 2 septembre
// 2026"), the return line's bullets read as "*" or "+", one row read twice (whole and in part),
// and the place-and-date line of a letter taken for a return address. Pages are OCR-like
// (`source: "ocr"`, the text as the reading returns it) or word boxes as tesseract returned them.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { PageText } from '../../../engine/formats/model.js';
import { returnAddressIsDate } from '../../../engine/extract/agreement.js';
import { repairOcrLabels } from '../../../engine/extract/normalize/ocr-repair.js';
import { dropDoubleReadings, ocrRows } from '../../../engine/extract/ocr-lines.js';
import type { Candidate } from '../../../engine/extract/types.js';
import { pageFromLines } from '../../helpers/invoice-fixtures.js';
import { runPages, v, type Lines } from './fixtures/run.js';

const ocr = (lines: Lines, source: PageText['source'] = 'ocr'): PageText => ({ ...pageFromLines(lines), source });

describe('a misread label before a date written with its month', () => {
  it('repairs the label when a date follows it, after one short word', () => {
    assert.equal(repairOcrLabels('Ech6ance le 2 septembre 2026'), 'Échéance le 2 septembre 2026');
    assert.equal(repairOcrLabels('Ech6ance 02/09/2026'), 'Échéance 02/09/2026');
  });

  it('leaves a cell alone when no date or number follows', () => {
    assert.equal(repairOcrLabels('Ech6ance le mois prochain'), 'Ech6ance le mois prochain');
    assert.equal(repairOcrLabels('Supplies Ltd'), 'Supplies Ltd');
  });

  // A French invoice's header as the reading returns it: no accents, a digit for "é".
  const french = (due: string): Lines => [
    [56, 44, 16, 'Blanc-Conseil'], [400, 44, 16, 'FACTURE'], [56, 72, 9, '12 rue des Lices, 49100 Angers'], [400, 72, 9, 'N° FX-2026-0042'],
    [400, 86, 9, 'Emise le 3 août 2026'], [400, 100, 9, due],
    [56, 154, 9, 'Facture a'], [56, 166, 10, 'Atelier Lemoine'], [56, 180, 9, '8 quai de la Fosse, 44000 Nantes'],
    [330, 320, 10, 'Total HT'], [470, 320, 10, '1 440,00 €'], [330, 336, 10, 'TVA'], [476, 336, 10, '253,20 €'], [330, 352, 10, 'Total TTC'], [470, 352, 10, '1 693,20 €'],
  ];

  it('reads the due date under the misread label', () => {
    assert.equal(v(runPages([ocr(french('Ech6ance le 2 septembre 2026'))]), 'payment_due_date'), '2026-09-02');
  });

  it("does not count the misread label word's confidence against the date", () => {
    // The tuned scan read "Ech6ance" with confidence 30 and the date's words above 88.
    const page = ocr(french('Ech6ance le 2 septembre 2026'));
    page.words = page.words.map((w) => (w.text === 'Ech6ance' ? { ...w, confidence: 30 } : w));
    assert.equal(v(runPages([page]), 'payment_due_date'), '2026-09-02');
    // A weak word in the value itself still counts: the date is then too doubtful to stand alone.
    const weakValue = ocr(french('Ech6ance le 2 septembre 2026'));
    weakValue.words = weakValue.words.map((w) => (w.text === 'septembre' ? { ...w, confidence: 30 } : w));
    assert.equal(v(runPages([weakValue]), 'payment_due_date'), null);
  });

  it('does not take the due date for the issue date when the issue date is unreadable', () => {
    // The issue date's line lost (or too doubtful): the due date's cell is no letter date.
    const lines = french('Échéance le 2 septembre 2026').filter(([, , , t]) => !t.startsWith('Emise'));
    assert.notEqual(v(runPages([ocr(lines, 'native')]), 'issue_date'), '2026-09-02');
    assert.notEqual(v(runPages([ocr(lines)]), 'issue_date'), '2026-09-02');
  });
});

describe("a return line whose bullets OCR read as '*' or '+'", () => {
  const letter = (returnLine: string): Lines => [
    [122, 148, 7, returnLine],
    [122, 176, 10, 'Erika Mustermann'], [122, 188, 10, 'Musterallee 1'], [122, 200, 10, '12345 Musterstadt'],
    [346, 293, 8, 'Musterstadt, November 2, 2015'],
    [122, 342, 14, 'Invoice #2015-11-04'],
    [330, 420, 10, 'Subtotal:'], [470, 420, 10, '630,00'], [330, 434, 10, 'VAT 20%:'], [470, 434, 10, '126,00'], [330, 448, 10, 'Total:'], [470, 448, 10, '756,00'],
    [122, 520, 9, 'Mustermann GmbH'], [122, 532, 9, 'Kreditinstitut: Deutsche Postbank AG'],
  ];

  it('splits the line at them on an OCR page', () => {
    assert.equal(v(runPages([ocr(letter('Max MUSTERMANN * MUSTERSTRAßE 37 12345 MUSTERSTADT'))]), 'sender_name'), 'Max MUSTERMANN');
    assert.equal(v(runPages([ocr(letter('KERSTIN Humm + STRAßE DER STILLE 1 + 54321 POTSDAM'))]), 'sender_name'), 'KERSTIN Humm');
  });

  it('does not split a text layer there (an asterisk is printed as one)', () => {
    assert.notEqual(v(runPages([ocr(letter('Max Mustermann * Musterstraße 37 12345 Musterstadt'), 'native')]), 'sender_name'), 'Max Mustermann');
  });
});

describe("a letter's place and date line is no return address", () => {
  const cand = (value: string, raw: string) => ({ field: 'sender_name', value, raw, score: 3, method: 'sender_line', source: null, transforms: [] }) as Candidate;

  it('drops the town of "Town, date"', () => {
    assert.equal(returnAddressIsDate(cand('Musterstadt', 'Musterstadt, November 2, 2015')), true);
    assert.equal(returnAddressIsDate(cand('Potsdam', 'Potsdam, 24.05.2023')), true);
  });

  it('keeps a return line with a street and a postcode', () => {
    assert.equal(returnAddressIsDate(cand('Acme GmbH', 'Acme GmbH, Hafenweg 12, 20457 Hamburg')), false);
  });
});

describe('one row read twice, whole and in part', () => {
  // Tesseract's lines of a scanned letterhead (tuned scan, word boxes as read): the row once whole
  // up to "Himmel:", and its middle once more on a line of its own.
  const w = (text: string, confidence: number, x: number, y: number, width: number, h: number) => ({ text, confidence, bbox: { x, y, w: width, h } });
  const words = [
    w('35', 96, 466, 71, 21, 16), w('-', 88, 494, 81, 7, 2), w('12345', 92, 511, 72, 52, 16), w('Hii', 78, 572, 72, 20, 15),
    w('Alpha', 96, 232, 68, 54, 21), w('cars', 93, 293, 73, 36, 12), w('-', 90, 336, 78, 6, 3), w('Haupstrasse', 92, 350, 69, 109, 21),
    w('35', 92, 466, 71, 21, 16), w('-', 90, 494, 81, 7, 2), w('12345', 96, 511, 72, 52, 16), w('Himmel:', 96, 571, 72, 78, 18),
  ];
  const lines = [{ words: [0, 1, 2, 3] }, { words: [4, 5, 6, 7, 8, 9, 10, 11] }];

  it('keeps the words in the whole reading', () => {
    const out = dropDoubleReadings(words, lines);
    assert.deepEqual(out[1]!.words.map((i) => words[i]!.text), ['Alpha', 'cars', '-', 'Haupstrasse', '35', '-', '12345', 'Himmel:']);
    const rows = ocrRows(words, lines).map((r) => r.map((i) => words[i]!.text).join(' '));
    assert.ok(rows.includes('Alpha cars - Haupstrasse 35 - 12345 Himmel:'), rows.join(' | '));
  });
});
