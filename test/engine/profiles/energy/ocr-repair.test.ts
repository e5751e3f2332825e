// OCR repairs of the energy extractor: unit and digit slips inside one word. Table rows that
// OCR returns column by column are joined by extract/ocr-lines.ts (test/engine/extract/ocr-lines.test.ts).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { repairOcrSectionSigns, repairOcrWord } from '../../../../engine/profiles/energy/extract/index.js';

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

describe('the section sign of a German statute read as "$" (para34)', () => {
  // Read so from the shared sample 7-0010's scan: "Offshore-Netzumlage nach $ 17f EnWG", "Umlage nach $ 19 Abs. 2 StromNEV".
  const words = (...t: string[]) => repairOcrSectionSigns(t.map((text) => ({ text }))).map((w) => w.text).join(' ');

  it('reads "$" before a section number and a statute (or "Abs.") as "§"', () => {
    assert.equal(words('Offshore-Netzumlage', 'nach', '$', '17f', 'EnWG'), 'Offshore-Netzumlage nach § 17f EnWG');
    assert.equal(words('Umlage', 'nach', '$', '19', 'Abs.', '2', 'StromNEV'), 'Umlage nach § 19 Abs. 2 StromNEV');
    assert.equal(words('$19', 'StromNEV-Umlage'), '§19 StromNEV-Umlage');
    assert.equal(words('gemäß', '$', '14', 'UStG.'), 'gemäß § 14 UStG.');
    assert.equal(words('$', '41', 'EnWG'), '§ 41 EnWG');
    // The statute wrapped to the next line: the citing word before the sign tells it.
    assert.equal(words('Offshore-Netzumlage', 'nach', '$', '17f', '01.08.2024'), 'Offshore-Netzumlage nach § 17f 01.08.2024');
  });

  it('leaves a dollar amount and a "$" without a statute after it alone', () => {
    assert.equal(words('Total', '$', '19', 'USD'), 'Total $ 19 USD');
    assert.equal(words('$', '19.00', 'EnWG'), '$ 19.00 EnWG');
    assert.equal(words('Preis', '$', '19'), 'Preis $ 19');
    assert.equal(words('$', '19', 'Stück'), '$ 19 Stück');
    assert.equal(words('Preis', 'nach', 'Rabatt', '$', '19'), 'Preis nach Rabatt $ 19');
  });
});
