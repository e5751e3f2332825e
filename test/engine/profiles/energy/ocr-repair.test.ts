// OCR repairs of the energy extractor: unit and digit slips inside one word. Table rows that
// OCR returns column by column are joined by extract/ocr-lines.ts (test/engine/extract/ocr-lines.test.ts).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { repairOcrWord } from '../../../../engine/profiles/energy/extract/index.js';

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
});
