import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ibanValid, maloValid, meteringPointIdValid, normalizeMeteringPointId, operatorCodeValid, vatIdValid } from '../../../../engine/profiles/energy/identifiers.js';

describe('energy identifiers', () => {
  it('MaLo-ID: 11 digits, first 1–9, BDEW check digit', () => {
    assert.ok(maloValid('41373559241'), 'the contract example');
    for (let d = 0; d <= 9; d++) if (d !== 1) assert.ok(!maloValid(`4137355924${d}`), `check digit ${d}`);
    assert.ok(!maloValid('01373559241'), 'leading zero');
    assert.ok(!maloValid('4137355924'), 'ten digits');
    assert.ok(!maloValid('41373559a41'));
  });
  it('MeLo / legacy Zählpunkt: 33 characters after normalizing spaces and dots', () => {
    const id = 'DE0512390118700000000000029933402';
    assert.ok(meteringPointIdValid(id));
    assert.ok(meteringPointIdValid('DE 051239 01187 00000.00000.0029933402'));
    assert.equal(normalizeMeteringPointId('de.051239.01187 0000000000 0029933402'), id);
    assert.ok(!meteringPointIdValid(id.slice(0, 32)), 'too short');
    assert.ok(!meteringPointIdValid('AT' + id.slice(2)), 'not German');
    assert.ok(!meteringPointIdValid('DE05123X0118700000000000029933402'), 'letter in the operator part');
  });
  it('operator code: 13 digits with the GS1 check digit', () => {
    assert.ok(operatorCodeValid('9963157385875'));
    assert.ok(operatorCodeValid('9818452080126'));
    assert.ok(!operatorCodeValid('9963157385876'));
    assert.ok(!operatorCodeValid('996315738587'));
  });
  it('IBAN: ISO 13616 mod-97', () => {
    assert.ok(ibanValid('DE68500502016060134736'));
    assert.ok(ibanValid('DE68 5005 0201 6060 1347 36'));
    assert.ok(!ibanValid('DE68500502016060134737'));
    assert.ok(!ibanValid('DE6850050201606013473'));
  });
  it('VAT id: DE + 9 digits with the MOD 11,10 check digit', () => {
    assert.ok(vatIdValid('DE324893395'));
    assert.ok(vatIdValid('DE136695976'));
    assert.ok(!vatIdValid('DE324893396'));
    assert.ok(!vatIdValid('DE32489339'));
    assert.ok(!vatIdValid('ATU12345678'));
  });
});
