// A totals block whose labels no vocabulary holds (issue 14, `unlabelled27`): "Vlera pa TVSH 1.250,00 € · TVSH 24 %
// 300,00 € · Totali 1.550,00 €" (Albanian), "Upphæð án VSK · VSK 25% · Samtals" (Icelandic; the pages were Finnish and
// Swedish, then Estonian and Hungarian, until vocab28 and vocab28b gave those languages word lists). What holds in any
// language is the arithmetic: three lines, one under the other, whose amounts end in one column, the middle one
// printing a rate, where the middle amount is the first × the rate (to the cent) and the third is the first + the
// middle (to the cent). The first three pages fail without the rule (no total is read).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { rowsKey, run, totalsBlock, v, type Lines } from './fixtures/run.js';

const totals = (r: ReturnType<typeof run>) => [v(r, 'net_amount'), v(r, 'tax_amount'), v(r, 'gross_amount')];
const HEAD: Lines = [
  [40, 40, 20, 'Lasku'], [400, 40, 11, 'Laskun numero 2025-318'],
  [56, 94, 10, 'Harbor Lane Design Oy'], [330, 94, 10, 'Greenfield Foods Oy'],
  [330, 150, 10, 'Päivämäärä'], [470, 150, 10, '07.04.2025'],
];

describe('a totals block read by its arithmetic alone (unlabelled27)', () => {
  it('Albanian labels: net, tax and gross, and the tax row', () => {
    const r = run([...HEAD, ...totalsBlock(380, ['1.250,00 €', '300,00 €', '1.550,00 €'], ['Vlera pa TVSH', 'TVSH 24 %', 'Totali'], [330, 480])]);
    assert.deepEqual(totals(r), ['1250.00', '300.00', '1550.00']);
    assert.equal(rowsKey(v(r, 'tax_breakdowns')), '24.00|1250.00|300.00');
  });
  it('Icelandic labels, a rate that rounds', () => {
    const r = run([...HEAD, ...totalsBlock(380, ['1,333.33', '333.33', '1,666.66'], ['Upphæð án VSK', 'VSK 25%', 'Samtals'], [330, 480])]);
    assert.deepEqual(totals(r), ['1333.33', '333.33', '1666.66']);
  });
  it('a rate printed in its own cell of the middle line', () => {
    const r = run([...HEAD, [330, 380, 10, 'Vlera pa TVSH'], [480, 380, 10, '800,00'], [330, 394, 10, 'TVSH'], [420, 394, 10, '14 %'], [480, 394, 10, '112,00'], [330, 408, 10, 'Totali'], [480, 408, 10, '912,00']]);
    assert.deepEqual(totals(r), ['800.00', '112.00', '912.00']);
  });
  it('guard: the sum does not close, or the tax is not the rate of the first', () => {
    const open = run([...HEAD, ...totalsBlock(380, ['1.250,00 €', '300,00 €', '1.560,00 €'], ['Vlera pa TVSH', 'TVSH 24 %', 'Totali'], [330, 480])]);
    assert.deepEqual(totals(open), [null, null, null]);
    const rate = run([...HEAD, ...totalsBlock(380, ['1.250,00 €', '250,00 €', '1.500,00 €'], ['Vlera pa TVSH', 'TVSH 24 %', 'Totali'], [330, 480])]);
    assert.deepEqual(totals(rate), [null, null, null]);
  });
  it('guard: without a rate on the middle line nothing is read', () => {
    const r = run([...HEAD, ...totalsBlock(380, ['1.250,00 €', '300,00 €', '1.550,00 €'], ['Vlera pa TVSH', 'Taksa', 'Totali'], [330, 480])]);
    assert.deepEqual(totals(r), [null, null, null]);
  });
});
