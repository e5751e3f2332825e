// Visual rows of OCR pages (engine/extract/ocr-lines.ts, ocrRows): the one row joiner of the
// generic and the energy extraction. Page geometry in PDF points, as the pipeline reads a
// scanned PDF page (OCR boxes scaled to the page), and in scan pixels.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ocrRows } from '../../../engine/extract/ocr-lines.js';

interface W {
  text: string;
  bbox: { x: number; y: number; w: number; h: number };
  confidence: number;
}

describe('ocrRows', () => {
  /** Four rows of 8 pt text, 14 pt apart, on a page tilted by 1°, in `scale` box units per point; tesseract gave the description column and the amount column 380 pt to its right as separate lines. */
  const tiltedTable = (scale: number) => {
    const words: W[] = [];
    const lines: Array<{ words: number[] }> = [];
    const slope = 0.0175;
    const add = (x: number, y: number, texts: string[]) => {
      const idx: number[] = [];
      let cx = x;
      for (const t of texts) {
        idx.push(words.length);
        words.push({ text: t, bbox: { x: cx * scale, y: (y + slope * cx) * scale, w: t.length * 5 * scale, h: 8 * scale }, confidence: 90 });
        cx += t.length * 5 + 4;
      }
      lines.push({ words: idx });
    };
    for (let r = 0; r < 4; r++) add(40, 100 + r * 14, ['Netzentgelt', 'Arbeitspreis', 'Zeile', String(r)]);
    for (let r = 0; r < 4; r++) add(420, 100 + r * 14, [`${r}1,50`]);
    return ocrRows(words, lines).map((row) => row.map((i) => words[i]!.text).join(' '));
  };

  it('joins a table read column by column on a page tilted by 1°, in PDF points; rows 14 pt apart stay apart', () => {
    // The tilt puts a row's amount 6.6 pt below its description: only the skew joins them,
    // and the only lines to measure it on are the descriptions (four words over 130 pt).
    assert.deepEqual(tiltedTable(1), [0, 1, 2, 3].map((r) => `Netzentgelt Arbeitspreis Zeile ${r} ${r}1,50`));
  });

  it('reads the same rows from the same page in scan pixels (150 dpi)', () => {
    assert.deepEqual(tiltedTable(150 / 72), [0, 1, 2, 3].map((r) => `Netzentgelt Arbeitspreis Zeile ${r} ${r}1,50`));
  });
});
