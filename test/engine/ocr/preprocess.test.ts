// The cheap image measurements behind OCR (no tesseract here): thresholds, text axis and
// skew, line height, noise and the geometric transforms.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import {
  analyzePage,
  chooseScale,
  decodeGray,
  densestBand,
  estimateNoise,
  halfTurn,
  normalizeContrast,
  otsu,
  toPgm,
  transform,
  type PageAnalysis,
} from '../../../engine/ocr/preprocess.js';
import { drawInvoicePage, phoneScan, turned } from './pages.js';

const page = drawInvoicePage();

async function analyze(image: Buffer): Promise<PageAnalysis> {
  const g = await decodeGray(image);
  normalizeContrast(g);
  return analyzePage(g);
}

describe('ocr preprocessing', () => {
  it('finds the Otsu threshold between two modes', () => {
    const hist = new Float64Array(256);
    hist[30] = 100;
    hist[220] = 900;
    const t = otsu(hist);
    assert.ok(t >= 30 && t < 220, String(t));
  });

  it('measures horizontal text, no skew and the line height of a clean page', async () => {
    const a = await analyze(page.png);
    assert.equal(a.axis, 'horizontal');
    assert.ok(a.axisRatio > 1.5, String(a.axisRatio));
    assert.equal(a.skew, 0);
    // 26 px type: ascender-to-descender bands of roughly 20-32 px.
    assert.ok(a.lineHeight !== null && a.lineHeight > 16 && a.lineHeight < 36, String(a.lineHeight));
    assert.equal(a.noise, 0);
    assert.ok(a.inkRatio > 0.001 && a.inkRatio < 0.1);
  });

  for (const degrees of [5, -3, 12]) {
    it(`estimates a skew of ${degrees}° (text rising to the right is positive)`, async () => {
      const img = await sharp(page.png).rotate(-degrees, { background: '#ffffff' }).png().toBuffer();
      const a = await analyze(img);
      assert.equal(a.axis, 'horizontal');
      assert.ok(Math.abs(a.skew - degrees) <= 0.3, `got ${a.skew}`);
    });
  }

  it('sees vertical text lines on a page lying on its side', async () => {
    const a = await analyze(await turned(page.png, 90));
    assert.equal(a.axis, 'vertical');
    assert.ok(a.axisRatio > 1.25);
    assert.equal(a.skew, 0);
  });

  it('tells noisy scans from clean renders', async () => {
    const clean = await decodeGray(page.png);
    const noisy = await decodeGray(await phoneScan(page.png, 0));
    assert.ok(estimateNoise(clean) <= 1);
    assert.ok(estimateNoise(noisy) >= 5, String(estimateNoise(noisy)));
  });

  it('stretches contrast so grey paper becomes white and leaves blank pages alone', async () => {
    const grey = await decodeGray(await sharp(page.png).linear(0.6, 60).png().toBuffer());
    assert.ok(grey.data[0]! < 230);
    normalizeContrast(grey);
    assert.ok(grey.data[0]! >= 250, String(grey.data[0]));
    const blank = { data: Buffer.alloc(100, 200), width: 10, height: 10 };
    normalizeContrast(blank);
    assert.equal(blank.data[0], 200);
  });

  it('returns the Otsu threshold of the stretched page (every third pixel), as a new histogram of it gives', async () => {
    const grey = await decodeGray(await sharp(page.png).linear(0.6, 60).png().toBuffer());
    const threshold = normalizeContrast(grey);
    const hist = new Float64Array(256);
    for (let i = 0; i < grey.data.length; i += 3) hist[grey.data[i]!]!++;
    assert.equal(threshold, otsu(hist));
    assert.ok(threshold > 60 && threshold < 220, String(threshold));
  });

  it('upscales only small text, at most twice', () => {
    const base: PageAnalysis = { threshold: 128, inkRatio: 0.05, axis: 'horizontal', axisRatio: 3, skew: 0, skewHorizontal: 0, skewVertical: 0, lineHeight: 25, noise: 0 };
    assert.equal(chooseScale(base, 2480, 3508), 1);
    assert.equal(chooseScale({ ...base, lineHeight: 9 }, 827, 1169), 2);
    assert.equal(chooseScale({ ...base, lineHeight: 11 }, 900, 1200), 2);
    assert.ok(chooseScale({ ...base, lineHeight: 200 }, 4000, 6000) < 1);
    assert.equal(chooseScale({ ...base, lineHeight: null }, 2480, 3508), 1);
    assert.equal(chooseScale({ ...base, lineHeight: null }, 2480, 3508, 100), 2);
  });

  it('turns by quarter turns plus skew and keeps the upright page size', async () => {
    const g = await decodeGray(page.png);
    const q = await transform(g, 90, 0, 1);
    assert.deepEqual([q.width, q.height], [g.height, g.width]);
    const s = await transform(g, 0, 4, 1);
    assert.deepEqual([s.width, s.height], [g.width, g.height]);
    const up = await transform(g, 0, 0, 1.5);
    assert.deepEqual([up.width, up.height], [1860, 2631]);
    // A quarter turn clockwise puts the page's top-left corner at the top right.
    const marked = { data: Buffer.alloc(6, 255), width: 3, height: 2 };
    marked.data[0] = 0;
    const t = await transform(marked, 90, 0, 1);
    assert.deepEqual([t.width, t.height, t.data[1]], [2, 3, 0]);
    assert.deepEqual([...halfTurn(marked).data], [255, 255, 255, 255, 255, 0]);
  });

  it('cuts the densest band and encodes PGM', () => {
    const img = { data: Buffer.alloc(100 * 100, 255), width: 100, height: 100 };
    for (let y = 60; y < 70; y++) img.data.fill(0, y * 100, y * 100 + 80);
    const band = densestBand(img, 20, 128);
    assert.equal(band.height, 20);
    let ink = 0;
    for (const v of band.data) if (v === 0) ink++;
    assert.equal(ink, 800);
    const pgm = toPgm(band);
    assert.equal(pgm.subarray(0, 14).toString('latin1'), 'P5\n100 20\n255\n');
    assert.equal(pgm.length, 14 + 2000);
  });
});
