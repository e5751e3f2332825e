// OCR repairs of the energy extractor: unit and digit slips inside one word, and table rows
// that OCR returns column by column, joined again by their (skewed) baselines.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { joinRows, repairOcrWord } from '../../../../engine/profiles/energy/extract/index.js';
import type { Line, Word } from '../../../../engine/formats/model.js';

describe('energy OCR repairs', () => {
  it('repairs unit slashes, m³ and O/l inside numbers; leaves identifiers and words alone', () => {
    for (const t of ['ct!kWh', 'cUkWh', 'ctkWh', "ct!'kWh", 'cV/kWh', 'c!kWh', "ct'kWh"]) assert.equal(repairOcrWord(t), 'ct/kWh', t);
    assert.equal(repairOcrWord('€!Jahr'), '€/Jahr');
    assert.equal(repairOcrWord('m?'), 'm³');
    assert.equal(repairOcrWord('kWh/m?'), 'kWh/m³');
    assert.equal(repairOcrWord('1O,5l'), '10,51');
    assert.equal(repairOcrWord('2.O34,l0'), '2.034,10');
    for (const t of ['1ITF2185778713', 'Ol', 'Kunde', 'ct/kWh', '12,34', 'ISO']) assert.equal(repairOcrWord(t), t, t);
  });

  it('joins lines side by side on one (skewed) baseline into a row; rows stay apart', () => {
    const words: Word[] = [];
    const lines: Line[] = [];
    // Rows 14 pt apart on a page tilted by 1° (y grows 0.0175 pt per pt of x); OCR gave each column as its own line.
    const slope = 0.0175;
    const add = (x: number, y: number, texts: string[]) => {
      const idx: number[] = [];
      let cx = x;
      for (const t of texts) {
        idx.push(words.length);
        words.push({ text: t, bbox: { x: cx, y: y + slope * cx, w: t.length * 5, h: 8 }, confidence: 90 });
        cx += t.length * 5 + 4;
      }
      lines.push({ text: texts.join(' '), bbox: { x, y: y + slope * x, w: cx - x, h: 8 }, words: idx });
    };
    for (let r = 0; r < 4; r++) add(40, 100 + r * 14, ['Netzentgelt', 'Arbeitspreis', 'Zeile', String(r)]);
    for (let r = 0; r < 4; r++) add(420, 100 + r * 14, [`${r}1,50`]);
    const rows = joinRows(words, lines);
    assert.equal(rows.length, 4);
    for (const [r, row] of rows.entries()) {
      assert.equal(row.text, `Netzentgelt Arbeitspreis Zeile ${r} ${r}1,50`);
      assert.deepEqual(row.words.map((i) => words[i]!.text).slice(-1), [`${r}1,50`]);
    }
  });
});
