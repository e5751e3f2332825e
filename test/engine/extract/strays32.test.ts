// Words tesseract read into the wrong one of two close lines of small print (issue 14, `strays32`; the generated
// scans' footers, tuned split). On a slightly turned 150-dpi scan, a footer of two lines 20 px apart came back as
// "Northgate Consulting Ltd GB 2 Northgate York YOL7HH" over "VAT no. … IBAN GB53 NWBK 6016 rk 1331 YOL 9268 7HH 72 BIC
// NWBKGB2L": pieces of the upper line's ink ("rk", "YOL", "7HH") read once more inside the lower line, and the lower
// line's "GB" inside the upper one. The IBAN, cut by them, was lost. Such a piece sits outside its own line's text band
// and on ink that another line reads where it belongs; it is dropped from its line. Word boxes below are tesseract's
// own for that scan (gen-053-en-sidebar); each case was run against main 26c9e51 before the rule (docs/decisions.md,
// strays32).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ocrRows } from '../../../engine/extract/ocr-lines.js';
import type { PageText } from '../../../engine/formats/model.js';
import { runPages, v } from './fixtures/run.js';

type Box = [number, number, number, number, string, number];
const FOOTER_UPPER: Box[] = [[119, 1628, 64, 14, 'Northgate', 92], [189, 1629, 68, 15, 'Consulting', 94], [263, 1630, 19, 11, 'Ltd', 91], [290, 1652, 15, 9, 'GB', 84],
  [296, 1631, 6, 10, '2', 91], [308, 1631, 65, 14, 'Northgate', 92], [387, 1632, 26, 11, 'York', 95], [418, 1632, 57, 12, 'YOL7HH', 63]];
const FOOTER_LOWER: Box[] = [[118, 1649, 21, 11, 'VAT', 78], [143, 1652, 14, 8, 'no.', 90], [164, 1650, 82, 12, 'GB987654321', 80], [250, 1642, 7, 31, '-', 91],
  [259, 1651, 26, 11, 'IBAN', 92], [290, 1652, 31, 11, 'GB53', 91], [326, 1652, 34, 11, 'NWBK', 89], [365, 1653, 28, 11, '6016', 96], [396, 1632, 17, 11, 'rk', 39],
  [399, 1653, 27, 11, '1331', 95], [418, 1632, 24, 12, 'YOL', 39], [431, 1654, 28, 10, '9268', 95], [448, 1633, 27, 11, '7HH', 72], [465, 1654, 13, 11, '72', 95],
  [490, 1654, 18, 11, 'BIC', 87], [513, 1655, 66, 11, 'NWBKGB2L', 79]];

/** An OCR page in scan pixels (150 dpi) from tesseract's lines as word boxes. */
function ocrPage(lines: Box[][]): PageText {
  const words: PageText['words'] = [];
  const out: PageText['lines'] = [];
  for (const line of lines) {
    const idx = line.map(([x, y, w, h, text, confidence]) => words.push({ text, bbox: { x, y, w, h }, confidence }) - 1);
    const ws = idx.map((i) => words[i]!);
    const x0 = Math.min(...ws.map((w) => w.bbox.x));
    const y0 = Math.min(...ws.map((w) => w.bbox.y));
    out.push({ text: ws.map((w) => w.text).join(' '), words: idx, bbox: { x: x0, y: y0, w: Math.max(...ws.map((w) => w.bbox.x + w.bbox.w)) - x0, h: Math.max(...ws.map((w) => w.bbox.y + w.bbox.h)) - y0 } });
  }
  return { page: 1, component_ref: 'main', source: 'ocr', width: 1264, height: 1771, words, lines: out, text: out.map((l) => l.text).join('\n') };
}

describe('pieces of one line read into the next (strays32)', () => {
  it('each footer line keeps its own words', () => {
    const page = ocrPage([FOOTER_UPPER, FOOTER_LOWER]);
    const rows = ocrRows(page.words, page.lines).map((r) => r.map((i) => page.words[i]!.text).join(' '));
    assert.deepEqual(rows, ['Northgate Consulting Ltd 2 Northgate York YOL7HH', 'VAT no. GB987654321 - IBAN GB53 NWBK 6016 1331 9268 72 BIC NWBKGB2L']);
  });
  it('the footer\'s IBAN is read', () => {
    const body: Box[][] = [[[130, 120, 260, 30, 'Northgate', 95], [400, 120, 200, 30, 'Consulting', 95]], [[130, 580, 120, 30, 'Invoice', 95]]];
    const r = runPages([ocrPage([...body, FOOTER_UPPER, FOOTER_LOWER])]);
    assert.equal(v(r, 'iban'), 'GB53NWBK60161331926872');
  });
  it('guard: a speck read in the line above does not take a long word away (strays32b)', () => {
    // Tesseract's boxes of Mustang's validAvoir_FR scan: the label's line also holds a row set lower on the right.
    const above: Box[] = [[153, 540, 4, 6, 'n', 0], [695, 533, 22, 30, '%.', 47], [726, 537, 33, 16, '+33', 93], [766, 538, 10, 15, '4', 93], [785, 538, 19, 16, '72', 96],
      [813, 538, 19, 16, '07', 96], [841, 539, 21, 16, '08', 96], [873, 533, 23, 30, '56', 96]];
    const label: Box[] = [[89, 539, 44, 17, 'Date', 92], [140, 540, 112, 17, "d'échéance", 41], [342, 543, 100, 16, '16/11/2017', 96], [698, 561, 50, 19, '9433', 71],
      [755, 561, 11, 16, '6', 93], [774, 562, 48, 16, '11.22', 65], [829, 562, 22, 17, '33', 90], [857, 563, 22, 15, '44', 96]];
    const page = ocrPage([above, label]);
    const rows = ocrRows(page.words, page.lines).map((r) => r.map((i) => page.words[i]!.text).join(' '));
    assert.ok(rows.some((t) => t.includes("Date d'échéance 16/11/2017")), rows.join(' | '));
  });
  it('guard: a word set lower in its line over no other line\'s ink stays', () => {
    const lower: Box[] = FOOTER_LOWER.filter(([, , , , t]) => !['rk', 'YOL', '7HH'].includes(t));
    const upper: Box[] = [...FOOTER_UPPER.filter(([, , , , t]) => t !== 'GB'), [600, 1650, 30, 11, 'Ltd.', 90]];
    const page = ocrPage([upper, lower]);
    const rows = ocrRows(page.words, page.lines).map((r) => r.map((i) => page.words[i]!.text).join(' '));
    assert.ok(rows.some((t) => t.includes('Ltd.')), rows.join(' | '));
  });
});
