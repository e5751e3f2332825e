// An address block with its party's VAT id between the name and the street (issue 14, `stacked32`; round 12's
// `zzkt/yoyodyne`, tuned-only): "Erika Mustermann / VAT ID: DE837566332 / Musterallee 1 / 12345 Musterstadt". The id
// line ended the block as if it were a heading, so the block was too short to be read: no recipient was output, and
// the recipient's VAT id, outside any recipient's block, was taken as the sender's. The pages are generated; each
// case was run against main 26c9e51 before the rule (docs/decisions.md, stacked32).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { run, v, type Lines } from './fixtures/run.js';

const block = (x: number, y: number, lines: string[]): Lines => lines.map((t, i): Lines[number] => [x, y + i * 12, 10, t]);
const META: Lines = [[340, 62, 18, 'Invoice No: 20-A0091'], [394, 96, 10, 'Issue Date: 2020-11-11'], [400, 108, 10, 'Due Date: 2020-12-11']];
const TOTALS: Lines = [[86, 367, 10, 'Description'], [400, 367, 10, 'Net amount'], [86, 381, 10, 'Aerospace supplies'], [400, 381, 10, '1,000.00 €'],
  [300, 420, 10, 'Subtotal'], [400, 420, 10, '1,000.00 €'], [300, 434, 10, 'VAT 19%'], [400, 434, 10, '190.00 €'], [300, 448, 10, 'Total'], [400, 448, 10, '1,190.00 €']];
const SENDER = (id: string) => block(86, 180, ['Yoyodyne Inc', `VAT ID: ${id}`, '1640 Riverside Drive', 'Hill Valley, CA', 'USA']);

describe('a VAT id line inside an address block (stacked32)', () => {
  it('two stacked blocks: the lower one is the recipient, and its VAT id is not the sender\'s', () => {
    const r = run([...SENDER('AT8375614432'), ...block(86, 279, ['Erika Mustermann', 'VAT ID: DE837566332', 'Musterallee 1', '12345 Musterstadt', 'Germany']), ...META, ...TOTALS]);
    assert.equal(v(r, 'recipient_name'), 'Erika Mustermann');
    assert.equal(v(r, 'sender_vat_number'), null);
  });
  it('the sender\'s own valid id above stays the sender\'s', () => {
    const r = run([...SENDER('ATU13585627'), ...block(86, 279, ['Erika Mustermann', 'VAT ID: DE837566332', 'Musterallee 1', '12345 Musterstadt', 'Germany']), ...META, ...TOTALS]);
    assert.equal(v(r, 'recipient_name'), 'Erika Mustermann');
    assert.equal(v(r, 'sender_vat_number'), 'ATU13585627');
  });
  it('a German window: "Muster Handel GmbH / USt-IdNr.: DE…" over the street', () => {
    const r = run([[56, 50, 15, 'Nordlicht Technik GmbH'], ...block(56, 170, ['Muster Handel GmbH', 'USt-IdNr.: DE136695976', 'Kade 4', '50667 Köln']), ...META, ...TOTALS]);
    assert.equal(v(r, 'recipient_name'), 'Muster Handel GmbH');
    assert.notEqual(v(r, 'sender_vat_number'), 'DE136695976');
  });
  it('guard: a customer-number line between them still ends the block as before', () => {
    const r = run([...SENDER('ATU13585627'), ...block(86, 279, ['Erika Mustermann', 'Customer No: 4711', 'Musterallee 1', '12345 Musterstadt', 'Germany']), ...META, ...TOTALS]);
    assert.equal(v(r, 'sender_vat_number'), 'ATU13585627');
  });
});
