// OCR repairs of the energy extractor: unit and digit slips inside one word. Table rows that
// OCR returns column by column are joined by extract/ocr-lines.ts (test/engine/extract/ocr-lines.test.ts).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { repairOcrSectionSigns, repairOcrWord } from '../../../../engine/profiles/energy/extract/index.js';
import { parseAddressRun } from '../../../../engine/profiles/energy/extract/values.js';

describe('energy OCR repairs', () => {
  it('repairs unit slashes, m³ and O/l inside numbers; leaves identifiers and words alone', () => {
    for (const t of ['ct!kWh', 'cUkWh', 'ctkWh', "ct!'kWh", 'cV/kWh', 'c!kWh', "ct'kWh"]) assert.equal(repairOcrWord(t), 'ct/kWh', t);
    assert.equal(repairOcrWord('€!Jahr'), '€/Jahr');
    // The shared samples 7-0014 and 7-0021 (tuned, scanned): the slash read as "Y", and a period after the unit (units34).
    assert.equal(repairOcrWord('cYkWh'), 'ct/kWh');
    assert.equal(repairOcrWord('cUkWh.'), 'ct/kWh.');
    assert.equal(repairOcrWord('ctkWh,'), 'ct/kWh,');
    assert.equal(repairOcrWord('cıkWh'), 'ct/kWh', 'a dotless i for the slash (legend34)');
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

describe('the supplier\'s address on a sender line read by OCR (address34)', () => {
  // Read so from the shared samples' scans (tuned half): the printed "·" between street and town comes back as nothing,
  // "-", "+" or ":", and the next cell ("Telefon …", "Rechnungs-Nr. …") joins the line.
  it('reads street, number, postcode and town whatever OCR made of the separators', () => {
    assert.deepEqual(parseAddressRun('Rheinallee 21 55116 Mainz Telefon 06131 85345-9 - www.rheinauen-energie.de'), { street: 'Rheinallee', house_number: '21', postal_code: '55116', city: 'Mainz', country_code: 'DE' });
    assert.deepEqual(parseAddressRun('- Am Sandtorkai 44 - 20457 Hamburg Rechnungs-Nr. RE-2025-6962806'), { street: 'Am Sandtorkai', house_number: '44', postal_code: '20457', city: 'Hamburg', country_code: 'DE' });
    assert.deepEqual(parseAddressRun('- Hauptstraße 5a + 60311 Frankfurt am Main - www.example.de'), { street: 'Hauptstraße', house_number: '5a', postal_code: '60311', city: 'Frankfurt am Main', country_code: 'DE' });
    assert.deepEqual(parseAddressRun('Karl-Marx-Allee 3: 10178 Berlin'), { street: 'Karl-Marx-Allee', house_number: '3', postal_code: '10178', city: 'Berlin', country_code: 'DE' });
  });

  it('reads no Postfach, and nothing without a postcode after the number', () => {
    assert.equal(parseAddressRun('- Postfach 31 20. 55021 Mainz Kundenbetreuung'), null);
    assert.equal(parseAddressRun('Postfach 3120 55021 Mainz'), null);
    assert.equal(parseAddressRun('Telefon 06131 85345-9'), null);
    assert.equal(parseAddressRun('Rheinallee 21 Mainz'), null);
  });
});
