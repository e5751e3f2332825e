// Date forms no reader took (issue 14, dates28): the day, the month's name and the year joined by dashes or slashes
// ("15-Mar-2024", "05-MAR-24": SAP and Indian invoices print them), "5th of March 2024", and Spanish "de … del 2024".
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseDate } from '../../../engine/extract/normalize/date.js';

describe('date forms (dates28)', () => {
  for (const [raw, want] of [['15-Mar-2024', '2024-03-15'], ['05-MAR-24', '2024-03-05'], ['15/Mar/2024', '2024-03-15'], ['1-Sept-2025', '2025-09-01'], ['5th of March 2024', '2024-03-05'], ['15 de Marzo del 2024', '2024-03-15']] as const) {
    it(`"${raw}" is ${want}`, () => assert.equal(parseDate(raw), want));
  }
  it('guard: the separators must match, and a code is no date ("15-Mar/2024", "AB-MAR-24")', () => {
    assert.equal(parseDate('15-Mar/2024'), null);
    assert.equal(parseDate('AB-MAR-24'), null);
  });
});
