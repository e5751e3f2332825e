// Recovery of dropped text: which ink counts as dropped, and on real pixels, small print the
// page reading returns nothing for is read after recovery, while a clean page costs no re-read.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ocrImage, recoveries, terminateOcr, type OcrResult } from '../../../engine/ocr/index.js';
import type { Gray } from '../../../engine/ocr/preprocess.js';
import sharp from 'sharp';
import { findDroppedBands, findRules, inRuledTable, xHeightOf } from '../../../engine/ocr/recover.js';
import { drawInvoicePage, INVOICE_LINES, SMALL_PRINT_LINES, type DrawnPage } from './pages.js';

after(async () => {
  await terminateOcr();
});

function white(width: number, height: number): Gray {
  return { data: Buffer.alloc(width * height, 255), width, height };
}

function fill(img: Gray, x0: number, y0: number, x1: number, y1: number): void {
  for (let y = y0; y < y1; y++) img.data.fill(0, y * img.width + x0, y * img.width + x1);
}

/** A fake line of text: glyph-like strokes 2 px wide every 5 px, `height` high. */
function strokes(img: Gray, x0: number, y0: number, width: number, height: number): void {
  for (let x = x0; x < x0 + width; x += 5) fill(img, x, y0, x + 2, y0 + height);
}

describe('recovery: which ink was dropped', () => {
  it('finds a line of strokes no word covers, and nothing where a word covers it', () => {
    const img = white(800, 400);
    strokes(img, 100, 50, 300, 20);
    strokes(img, 100, 200, 300, 10);
    const bands = findDroppedBands(img, 128, [{ x0: 95, y0: 45, x1: 405, y1: 75 }], 20);
    assert.equal(bands.length, 1);
    const b = bands[0]!;
    assert.deepEqual([b.left, b.top, b.height], [100, 200, 10]);
    assert.ok(b.width >= 295 && b.width <= 300, `width ${b.width}`);
  });

  it('ignores table rules, frames and specks', () => {
    const img = white(800, 400);
    fill(img, 20, 100, 780, 102); // rule
    fill(img, 400, 10, 402, 390); // column line
    fill(img, 600, 300, 603, 303); // speck
    fill(img, 50, 300, 53, 303);
    assert.deepEqual(findDroppedBands(img, 128, [], 20), []);
  });

  it('splits a region of stacked small lines into one band per line', () => {
    const img = white(800, 400);
    for (let k = 0; k < 3; k++) strokes(img, 100, 100 + k * 12, 400, 8);
    const bands = findDroppedBands(img, 128, [], 24);
    assert.deepEqual(
      bands.map((b) => [b.top, b.height]),
      [
        [100, 8],
        [112, 8],
        [124, 8],
      ],
    );
  });
});

describe('recovery: which dropped ink is worth a re-read', () => {
  it('measures the x-height of a band by its busiest rows (ascenders do not count)', () => {
    const img = white(400, 100);
    // An x-zone 10 px high with a few ascenders 6 px above it.
    strokes(img, 20, 40, 300, 10);
    for (let x = 20; x < 320; x += 30) fill(img, x, 34, x + 2, 40);
    assert.equal(xHeightOf(img, 128, { x0: 0, y0: 0, x1: 400, y1: 100 }), 10);
  });

  it('finds ruled table cells (column lines beside, or row lines above and below) and leaves a footer under a rule alone', () => {
    const img = white(800, 400);
    // A table: row lines at 100 and 130, column lines at 50 and 750 between them.
    fill(img, 50, 100, 750, 102);
    fill(img, 50, 130, 750, 132);
    fill(img, 50, 100, 52, 132);
    fill(img, 748, 100, 750, 132);
    // A footer: one rule above it only.
    fill(img, 50, 300, 750, 302);
    const rules = findRules(img, 128, 30);
    assert.ok(rules.horizontal.length >= 3 && rules.vertical.length >= 2);
    assert.equal(findRules(img, 128, 200).vertical.length, 0, 'column lines shorter than the minimum are no rules');
    const band = (top: number) => ({ left: 100, top, width: 300, height: 10, ink: 600 });
    assert.equal(inRuledTable(band(110), rules, 20), true);
    assert.equal(inRuledTable(band(310), rules, 20), false);
    assert.equal(inRuledTable(band(200), rules, 20), false);
  });
});

const wordsOf = (r: OcrResult) => new Set(r.words.map((w) => w.text.replace(/[,.]$/, '')));

/** The drawn words of the small-print lines. */
function smallPrint(page: DrawnPage) {
  const tops = new Set(SMALL_PRINT_LINES.map(([, , , top]) => top));
  return page.words.filter((w) => [...tops].some((t) => Math.abs(w.y - t) < 12));
}

describe('recovery on real pixels', () => {
  it('reads small print the page reading drops, at its page coordinates', async () => {
    const page = drawInvoicePage([...INVOICE_LINES, ...SMALL_PRINT_LINES]);
    const drawn = smallPrint(page);
    const check = ['Postfach', '4711', '80331', 'München', 'DE123456789', '3704', '0044', '12345'];

    // The premise: without recovery these words are missing.
    const plain = await ocrImage(page.png, { recover: false });
    const plainWords = wordsOf(plain);
    assert.ok(check.filter((t) => plainWords.has(t)).length <= 2, `plain reading already has ${check.filter((t) => plainWords.has(t))}`);

    const before = recoveries.words;
    const r = await ocrImage(page.png, { recover: true });
    assert.ok(recoveries.words > before);
    const got = wordsOf(r);
    const missing = check.filter((t) => !got.has(t));
    assert.ok(missing.length <= 1, `missing after recovery: ${missing.join(' ')} — read: ${r.text}`);
    for (const w of r.words.filter((x) => check.includes(x.text.replace(/[,.]$/, '')))) {
      const d = drawn.find((x) => x.text.replace(/[,.]$/, '') === w.text.replace(/[,.]$/, ''))!;
      assert.ok(Math.abs(w.bbox.x - d.x) < 6 && Math.abs(w.bbox.y - d.y) < 6, `${w.text} at ${JSON.stringify(w.bbox)}, drawn at ${d.x},${d.y}`);
    }
    // The body is read as before: nothing confident was replaced.
    for (const line of INVOICE_LINES) assert.ok(r.text.includes(line[0].split(' ')[0]!), line[0]);
    // In reading order: the return address before the invoice number, the footer last.
    assert.ok(r.text.indexOf('Postfach') < r.text.indexOf('Rechnung'));
    assert.ok(r.text.indexOf('DE123456789') > r.text.indexOf('Zahlbar'));
  });

  it('re-reads no small print inside a ruled table', async () => {
    // The footer line of the page above, drawn inside a ruled box (a table cell) instead.
    const page = drawInvoicePage([...INVOICE_LINES, ['USt-IdNr. DE123456789 IBAN DE89 3704 0044 0532 0130 00 HRB 12345', 8, 110, 1000]]);
    const { data, info } = await sharp(page.png).grayscale().extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    const img: Gray = { data, width: info.width, height: info.height };
    fill(img, 90, 985, 1150, 987);
    fill(img, 90, 1020, 1150, 1022);
    fill(img, 90, 985, 92, 1022);
    fill(img, 1148, 985, 1150, 1022);
    const png = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 1 } }).png().toBuffer();
    const plain = wordsOf(await ocrImage(png, { recover: false }));
    const check = ['DE123456789', '3704', '0044', '12345'];
    assert.ok(check.filter((t) => plain.has(t)).length <= 1, 'the premise: the page reading drops the small print');
    const before = recoveries.words;
    const got = wordsOf(await ocrImage(png, { recover: true }));
    assert.equal(recoveries.words, before, 'nothing added');
    assert.deepEqual(check.filter((t) => got.has(t)), check.filter((t) => plain.has(t)));
  });

  it('a clean page triggers no re-read', async () => {
    const before = { ...recoveries };
    const r = await ocrImage(drawInvoicePage().png, { recover: true });
    assert.ok(r.words.length > 30);
    assert.equal(recoveries.pages, before.pages + 1);
    assert.equal(recoveries.rereads, before.rereads);
  });
});
