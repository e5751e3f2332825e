// Where a date stands decides what it dates (issue 14 round 7): a date in an item row (a line
// with amounts in other cells: "10/01/2024 | Consultation | 1.00 | 50.00 EUR | 50.00 EUR")
// dates that item — a service or delivery day — never the document.
import { findAmounts } from './normalize/amount.js';
import type { EvLine, Segment } from './evidence.js';

/** The segment is a cell of an item row: two or more amounts stand in the line's other cells. */
export function inItemRow(line: EvLine, seg: Segment | null): boolean {
  if (!seg || line.segments.length < 3) return false;
  const others = line.segments.filter((s) => s !== seg && s.text !== seg.text).map((s) => s.text).join('   ');
  return findAmounts(others).length >= 2;
}
