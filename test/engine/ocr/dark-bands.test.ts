// Light text on dark bands (invert31): which dark areas are bands of light letters, how a band is mapped to dark on
// light, and on real pixels, that the page reading now returns a total and a heading set white on a dark bar.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { findDarkBands, mapDarkBands } from '../../../engine/ocr/dark-bands.js';
import { ocrImage, terminateOcr } from '../../../engine/ocr/index.js';
import type { Gray } from '../../../engine/ocr/preprocess.js';
import { drawBandedPage } from './pages.js';

after(async () => {
  await terminateOcr();
});

function white(width: number, height: number): Gray {
  return { data: Buffer.alloc(width * height, 255), width, height };
}

function fill(img: Gray, x0: number, y0: number, x1: number, y1: number, value: number): void {
  for (let y = y0; y < y1; y++) img.data.fill(value, y * img.width + x0, y * img.width + x1);
}

/** A band of ground `ground` from (x0, y0) to (x1, y1), with letter-like light strokes 3 px wide every 9 px. */
function band(img: Gray, x0: number, y0: number, x1: number, y1: number, ground = 20, letters = true): void {
  fill(img, x0, y0, x1, y1, ground);
  if (letters) for (let x = x0 + 20; x < x1 - 20; x += 9) fill(img, x, y0 + 12, x + 3, y1 - 12, 250);
}

describe('dark bands: which dark areas hold light letters', () => {
  it('finds a band of light strokes on a dark ground, to the pixel', () => {
    const img = white(1000, 1400);
    band(img, 203, 605, 611, 653);
    const bands = findDarkBands(img, 128);
    assert.deepEqual(bands, [{ left: 203, top: 605, width: 408, height: 48 }]);
  });

  it('maps the band to dark on light and leaves the page round it alone', () => {
    const img = white(1000, 1400);
    band(img, 203, 605, 611, 653);
    fill(img, 203, 500, 611, 520, 0); // a black line of text above it, 85 px away
    assert.equal(mapDarkBands(img, 128, findDarkBands(img, 128)), 1);
    const at = (x: number, y: number) => img.data[y * img.width + x]!;
    assert.equal(at(210, 630), 255, 'the ground is paper');
    assert.equal(at(224, 630), 0, 'a letter is ink');
    assert.equal(at(300, 510), 0, 'the text above is untouched');
    assert.equal(at(300, 700), 255, 'the paper below is untouched');
  });

  const cases: Array<[string, (img: Gray) => void]> = [
    ['a black bar with nothing on it (a redaction, a scanner\'s edge)', (img) => fill(img, 200, 600, 700, 650, 0)],
    ['a dark picture a fifth of the page tall', (img) => band(img, 200, 300, 700, 580)],
    ['dark text on a dark ground', (img) => { fill(img, 200, 600, 700, 650, 90); fill(img, 230, 612, 233, 640, 0); }],
    ['a line of bold black glyphs', (img) => { for (let x = 200; x < 700; x += 14) fill(img, x, 600, x + 10, 630, 0); }],
    ['a band too narrow to hold a line (a bullet, a logo dot)', (img) => band(img, 200, 600, 260, 650)],
  ];
  for (const [what, draw] of cases) {
    it(`guard: ${what} is no band`, () => {
      const img = white(1000, 1400);
      draw(img);
      assert.deepEqual(findDarkBands(img, 128), []);
    });
  }
});

describe('dark bands: the page reading (real OCR)', () => {
  it('reads a total set white on a black bar and a heading set white on a blue plate', async () => {
    const page = drawBandedPage();
    const r = await ocrImage(page.png);
    assert.match(r.text, /Gesamtbetrag\s+1\.190,00\s+EUR/);
    assert.match(r.text, /Leistungsübersicht\s+März/);
    assert.match(r.text, /Summe\s+39,50/, 'the rest of the page is read as before');
  });
});
