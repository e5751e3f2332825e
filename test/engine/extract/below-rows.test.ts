// The value under a label, on a row OCR joined with a taller cell beside it (issue 14, below34). A scan reads a stacked
// "Vertragsnummer" / "V28786356" and the "Abrechnungszeitraum: …" heading to the right of the value as one row, whose top
// is the heading's, 7 pt above the value (the generated scanned sidebar bill gen-101-002; the footer's "HRB 78698" under
// "Registergericht: …" likewise). The cell below a label is found by its own height, not its row's.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { below, buildEvidence } from '../../../engine/extract/evidence.js';
import { pageFromLines } from '../../helpers/invoice-fixtures.js';

/** The page with the cells right of x = 150 on the value's row moved up by `lift` points (the row's top with them). */
function page(lift: number) {
  const p = pageFromLines([
    [40, 198, 7, 'Vertragskonto'], [40, 206, 8, '267272931779'],
    [40, 224, 7, 'Vertragsnummer'], [40, 232, 8, 'V28786356'], [200, 232, 11, 'Abrechnungszeitraum: 01.05.2024 bis 30.04.2025'],
    [40, 250, 7, 'Zählernummer'],
  ]);
  const row = p.lines.find((l) => l.text.startsWith('V28786356'))!;
  for (const i of row.words) if (p.words[i]!.bbox.x > 150) p.words[i]!.bbox.y -= lift;
  row.bbox = { ...row.bbox, y: row.bbox.y - lift, h: row.bbox.h + lift };
  return { ...p, source: 'ocr' as const };
}

describe('the cell below a label on a joined OCR row (below34)', () => {
  it('finds the value by its own height', () => {
    const ev = buildEvidence([page(7)]);
    const label = ev.lines.find((l) => l.text === 'Vertragsnummer')!.segments[0]!;
    assert.equal(below(ev, label, 1)?.text, 'V28786356');
  });

  it('as it does when the row is not joined', () => {
    const ev = buildEvidence([page(0)]);
    const label = ev.lines.find((l) => l.text === 'Vertragsnummer')!.segments[0]!;
    assert.equal(below(ev, label, 1)?.text, 'V28786356');
  });
});
