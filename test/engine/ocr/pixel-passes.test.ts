// The pixel passes around recognition that were made cheaper (issue 16, tenth and twelfth passes) against
// their plain definitions, pixel by pixel, on generated pages and on a sample scan's drawing:
// the lookup table applied two pixels at a time, the dropped-ink mask and its grid, and the
// table rules, all found by skipping paper instead of visiting every pixel.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { applyLut, bestAngle, contentBox, decodeGray, inkPoints, otsu, paperWord, profile, type Gray } from '../../../engine/ocr/preprocess.js';
import { droppedInk, findRules, inkMask, inkPerCell } from '../../../engine/ocr/recover.js';
import { closeAllPdfs, rasterizePdfPage } from '../../../engine/formats/pdf/index.js';
import { samplePath, skipUnlessSamples } from '../../helpers/samples.js';
import { drawInvoicePage } from './pages.js';

after(() => closeAllPdfs());

/** Deterministic pseudo-random bytes. */
function noise(length: number, seed: number): Buffer {
  const out = Buffer.alloc(length);
  let s = seed >>> 0;
  for (let i = 0; i < length; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    out[i] = s >>> 24;
  }
  return out;
}

function lutByDefinition(data: Uint8Array, lut: Uint8Array): void {
  for (let i = 0; i < data.length; i++) data[i] = lut[data[i]!]!;
}

/** The mask as defined: ink, minus the boxes, minus horizontal then vertical runs too long for a glyph (every row, then every column walked down). */
function droppedInkByDefinition(img: Gray, threshold: number, covered: Array<{ x0: number; y0: number; x1: number; y1: number }>, textHeight: number): Uint8Array {
  const { data, width: W, height: H } = img;
  const mask = new Uint8Array(W * H);
  for (let i = 0; i < mask.length; i++) mask[i] = data[i]! <= threshold ? 1 : 0;
  for (const r of covered) {
    for (let y = Math.max(0, Math.floor(r.y0)); y < Math.min(H, Math.ceil(r.y1)); y++) {
      for (let x = Math.max(0, Math.floor(r.x0)); x < Math.min(W, Math.ceil(r.x1)); x++) mask[y * W + x] = 0;
    }
  }
  const maxRunX = Math.max(40, Math.round(6 * textHeight));
  const maxRunY = Math.max(30, Math.round(3 * textHeight));
  const clearLongRuns = (count: number, length: number, at: (line: number, k: number) => number, maxRun: number) => {
    for (let line = 0; line < count; line++) {
      let start = -1;
      for (let k = 0; k <= length; k++) {
        const on = k < length && mask[at(line, k)] === 1;
        if (on && start < 0) start = k;
        else if (!on && start >= 0) {
          if (k - start > maxRun) for (let j = start; j < k; j++) mask[at(line, j)] = 0;
          start = -1;
        }
      }
    }
  };
  clearLongRuns(H, W, (y, x) => y * W + x, maxRunX);
  clearLongRuns(W, H, (x, y) => y * W + x, maxRunY);
  return mask;
}

/** Typed arrays compared by their bytes (a failed deepEqual of millions of cells spends minutes on its message). */
const sameBytes = (a: ArrayBufferView, b: ArrayBufferView) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));

function cellsByDefinition(mask: Uint8Array, W: number, c: number): Uint16Array {
  const H = mask.length / W;
  const gw = Math.ceil(W / c);
  const count = new Uint16Array(gw * Math.ceil(H / c));
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (mask[y * W + x]) count[Math.floor(y / c) * gw + Math.floor(x / c)]!++;
  return count;
}

function rulesByDefinition(img: Gray, threshold: number, minLength: number) {
  const runs = (at: number, length: number, on: (k: number) => boolean) => {
    const out: Array<{ at: number; from: number; to: number }> = [];
    let start = -1;
    for (let k = 0; k <= length; k++) {
      const ink = k < length && on(k);
      if (ink && start < 0) start = k;
      else if (!ink && start >= 0) {
        if (k - start >= minLength) out.push({ at, from: start, to: k });
        start = -1;
      }
    }
    return out;
  };
  const ink = (i: number) => img.data[i]! <= threshold;
  const horizontal = Array.from({ length: img.height }, (_, y) => runs(y, img.width, (x) => ink(y * img.width + x))).flat();
  const vertical = Array.from({ length: img.width }, (_, x) => runs(x, img.height, (y) => ink(y * img.width + x))).flat();
  return { horizontal, vertical };
}

/** A page with rules, frames, a black block, text strokes and speckle, `w` × `h` (odd sizes). */
function ruledPage(w: number, h: number): Gray {
  const data = Buffer.alloc(w * h, 250);
  const fill = (x0: number, y0: number, x1: number, y1: number, v = 0) => {
    for (let y = y0; y < y1; y++) data.fill(v, y * w + x0, y * w + x1);
  };
  fill(0, 0, w, 2); // a rule along the top edge
  fill(0, 0, 2, h); // and the left edge
  fill(w - 3, 10, w, h); // a frame line on the right edge to the bottom
  fill(30, 100, w - 30, 101); // a thin rule
  fill(200, 40, 201, 400); // a column line
  fill(60, 150, 61, 179); // one pixel short of 30 rows
  fill(70, 150, 71, 180); // exactly 30 rows
  fill(80, 150, 81, 181); // 31 rows
  fill(400, 420, 520, 520); // a black block
  for (let y = 200; y < h - 40; y += 24) for (let x = 40; x < w - 60; x += 6) fill(x, y, x + 2, y + 12, 30);
  const speckle = noise(w * h, 7);
  for (let i = 0; i < data.length; i++) if (speckle[i]! > 250) data[i] = 10;
  return { data, width: w, height: h };
}

/** The content box as defined: every pixel counted for its row and its column. */
function contentBoxByDefinition(img: Gray, threshold: number, pad: number) {
  const { data, width, height } = img;
  const colInk = new Uint32Array(width);
  let top = -1;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    let c = 0;
    for (let x = 0; x < width; x++) {
      if (data[y * width + x]! <= threshold) {
        c++;
        colInk[x]!++;
      }
    }
    if (c >= 2) {
      if (top < 0) top = y;
      bottom = y;
    }
  }
  if (top < 0) return null;
  let left = 0;
  while (left < width && colInk[left]! < 2) left++;
  let right = width - 1;
  while (right > left && colInk[right]! < 2) right--;
  const x0 = Math.max(0, left - pad);
  const y0 = Math.max(0, top - pad);
  return { left: x0, top: y0, width: Math.min(width, right + 1 + pad) - x0, height: Math.min(height, bottom + 1 + pad) - y0 };
}

/** The skew search as defined: every ink point projected on its own, every angle tried (the coarse best twice). */
function bestAngleByDefinition(small: Gray, threshold: number, base: 0 | 90, extent: number, span: number) {
  const points = inkPoints(small, threshold);
  const xs: number[] = [];
  const ys: number[] = [];
  // The sampled points, taken again pixel by pixel.
  let n = 0;
  for (let i = 0; i < small.data.length; i++) if (small.data[i]! <= threshold) n++;
  const step = Math.max(1, Math.floor(n / 150_000));
  let seen = 0;
  for (let y = 0; y < small.height; y++) {
    for (let x = 0; x < small.width; x++) {
      if (small.data[y * small.width + x]! > threshold || seen++ % step !== 0) continue;
      xs.push(x - small.width / 2);
      ys.push(y - small.height / 2);
    }
  }
  assert.equal(points.xs.length, xs.length, 'point count');
  const profileOf = (deg: number) => {
    const a = (deg * Math.PI) / 180;
    const bins = new Float64Array(2 * extent + 1);
    for (let i = 0; i < xs.length; i++) {
      const p = Math.round(ys[i]! * Math.cos(a) + xs[i]! * Math.sin(a)) + extent;
      if (p >= 0 && p < bins.length) bins[p]++;
    }
    return bins;
  };
  const sharpnessOf = (bins: Float64Array) => {
    let sum = 0;
    let sq = 0;
    for (const b of bins) (sum += b), (sq += b * b);
    return sum === 0 ? 0 : (sq * span) / (sum * sum);
  };
  let best = { angle: 0, score: -1 };
  const tryAngle = (angle: number) => {
    const score = sharpnessOf(profileOf(base + angle));
    if (score > best.score) best = { angle, score };
  };
  for (let a = -15; a <= 15 + 1e-9; a += 0.5) tryAngle(a);
  const coarse = best.angle;
  for (let a = Math.max(-15, coarse - 0.4); a <= Math.min(15, coarse + 0.4) + 1e-9; a += 0.1) tryAngle(Math.round(a * 10) / 10);
  return { best, profileOf };
}

/** The analysis copy of a page (as analyzePage makes it: longest side 1000, linear) and its Otsu threshold. */
async function smallCopy(img: Gray): Promise<{ small: Gray; threshold: number }> {
  const f = Math.min(1, 1000 / Math.max(img.width, img.height));
  const { data, info } = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 1 } })
    .resize(Math.max(1, Math.round(img.width * f)), Math.max(1, Math.round(img.height * f)), { fit: 'fill', kernel: 'linear' })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const hist = new Float64Array(256);
  for (const v of data) hist[v]!++;
  return { small: { data, width: info.width, height: info.height }, threshold: otsu(hist) };
}

/** The skew search and a few single profiles against the definition: same bins, same angle, same score. */
function assertSameSkew(small: Gray, threshold: number, name: string): void {
  const extent = Math.ceil(Math.hypot(small.width, small.height) / 2) + 2;
  const points = inkPoints(small, threshold);
  for (const [base, span] of [[0, small.height], [90, small.width]] as const) {
    const { best, profileOf } = bestAngleByDefinition(small, threshold, base, extent, span);
    assert.deepEqual(bestAngle(points, base, extent, span), best, `${name}, base ${base}`);
    for (const deg of [base - 15, base - 3.7, base, base + 0.1, base + best.angle, base + 14.5]) assert.ok(sameBytes(profile(points, deg, extent), profileOf(deg)), `${name}, profile at ${deg}°`);
  }
}

describe('pixel passes against their definitions', () => {
  it('finds the same content box as pixel by pixel (any threshold, offset, width; paper words and ink words)', () => {
    const ruled = ruledPage(613, 701);
    const sparse: Gray = { data: Buffer.alloc(97 * 53, 255), width: 97, height: 53 };
    sparse.data[5 * 97 + 3] = 0; // one ink pixel: its row does not count, its column not either
    sparse.data[9 * 97 + 3] = 0; // a second one in the same column: now it does
    sparse.data[40 * 97 + 90] = 100;
    sparse.data[40 * 97 + 96] = 100; // two in a row, at the row's last pixel
    const buffer = noise(613 * 701 + 3, 9);
    for (const [name, img] of [
      ['ruled page', ruled],
      ['ruled page at an odd byte offset', { data: Buffer.concat([Buffer.alloc(1), ruled.data]).subarray(1), width: 613, height: 701 }],
      ['ruled page, 3 bytes in', { data: Buffer.concat([Buffer.alloc(3), ruled.data]).subarray(3), width: 613, height: 701 }],
      ['sparse specks, odd width', sparse],
      ['white', { data: Buffer.alloc(64 * 40, 255), width: 64, height: 40 }],
      ['noise', { data: buffer.subarray(3), width: 613, height: 701 }],
      ['a row narrower than a word', { data: noise(3 * 50, 4), width: 3, height: 50 }],
    ] as const) {
      for (const t of [0, 10, 127, 128, 191, 200, 240, 254, 255]) assert.deepEqual(contentBox(img, t, 7), contentBoxByDefinition(img, t, 7), `${name}, threshold ${t}`);
    }
    // The paper word: every byte at or above it is paper, the byte just below the threshold is not.
    for (const t of [0, 127, 128, 191, 200, 254]) {
      const m = paperWord(t) & 0xff;
      assert.ok(m > t && m <= 255, `threshold ${t}`);
    }
    assert.equal(paperWord(255), 0);
  });

  it('finds the same skew, score and profiles as point by point on skewed generated pages', async () => {
    const page = drawInvoicePage();
    for (const deg of [0, 0.3, -2.2, 4.6, -9.1, 90.7]) {
      const png = await sharp(page.png).rotate(deg, { background: '#ffffff' }).png().toBuffer();
      const { small, threshold } = await smallCopy(await decodeGray(png));
      assertSameSkew(small, threshold, `invoice turned ${deg}°`);
    }
    // A dense page is sampled (more than 150,000 ink points).
    const dense: Gray = { data: noise(900 * 700, 21), width: 900, height: 700 };
    assertSameSkew(dense, 200, 'dense noise');
  });

  it('finds the same content box and skew as the definitions on a sample scan drawn at 300 dpi', { skip: skipUnlessSamples('energy') }, async () => {
    const r = await rasterizePdfPage(samplePath('energy', 'energy-7-0004.pdf'), 2, { dpi: 300, channels: 1 });
    const img: Gray = { data: Buffer.from(r.data), width: r.widthPx, height: r.heightPx };
    for (const t of [90, 128, 160]) assert.deepEqual(contentBox(img, t, 24), contentBoxByDefinition(img, t, 24), `content box, threshold ${t}`);
    const { small, threshold } = await smallCopy(img);
    assertSameSkew(small, threshold, 'sample scan');
  });

  it('applies a lookup table two pixels at a time exactly as pixel by pixel (any offset, odd lengths, small and large images)', () => {
    const lut = noise(256, 3);
    const big = noise(2 * 65_536 * 3 + 7, 11);
    for (const [name, data] of [
      ['large, even offset', big.subarray(0)],
      ['large, odd offset and length', big.subarray(1, big.length - 2)],
      ['small (byte loop)', big.subarray(5, 5 + 1001)],
      ['empty', big.subarray(0, 0)],
      ['one pixel at an odd offset', big.subarray(3, 4)],
    ] as const) {
      // Copies at the view's own byte offset parity (a fresh array starts aligned).
      const at = () => {
        const parity = data.byteOffset % 2;
        const view = new Uint8Array(data.length + 1).subarray(parity, parity + data.length);
        view.set(data);
        return Buffer.from(view.buffer, view.byteOffset, view.length);
      };
      const x = at();
      const y = at();
      applyLut(x, lut);
      lutByDefinition(y, lut);
      assert.ok(x.equals(y), name);
    }
  });

  it('finds the same dropped-ink mask and grid as the definition on generated pages', async () => {
    const drawn = drawInvoicePage();
    const invoice = await decodeGray(drawn.png);
    const words = drawn.words.map((w) => ({ x0: w.x - 3, y0: w.y - 3, x1: w.x + w.w + 3, y1: w.y + w.h + 3 }));
    for (const [name, img, covered, textHeight] of [
      ['ruled page, nothing covered', ruledPage(613, 701), [], 10],
      ['ruled page, boxes covering part of it (some beyond the edges)', ruledPage(613, 701), [{ x0: -5, y0: 190, x1: 300, y1: 260 }, { x0: 390.5, y0: 410.2, x1: 700, y1: 460 }], 12],
      ['invoice page, its words covered but two', invoice, words.slice(2), 20],
      ['pure noise', { data: noise(333 * 257, 5), width: 333, height: 257 }, [], 4],
    ] as const) {
      const mask = droppedInk(img, 128, [...covered], textHeight);
      assert.ok(sameBytes(mask, droppedInkByDefinition(img, 128, [...covered], textHeight)), name);
      // With the ink mask handed in (recoverDropped shares one with findRules): the same, and the mask handed in is left as it was.
      const ink = inkMask(img, 128);
      const inkBefore = ink.slice();
      assert.ok(sameBytes(droppedInk(img, 128, [...covered], textHeight, ink), mask), `${name}, shared ink mask`);
      assert.ok(sameBytes(ink, inkBefore), `${name}, shared ink mask unchanged`);
      assert.deepEqual(findRules(img, 128, 31, ink), rulesByDefinition(img, 128, 31), `${name}, rules on the shared ink mask`);
      for (const c of [2, 3, 7]) assert.ok(sameBytes(inkPerCell(mask, img.width, c), cellsByDefinition(mask, img.width, c)), `${name}, cells of ${c}`);
    }
  });

  it('finds the same rules in the same order as the definition on a generated page', () => {
    const img = ruledPage(613, 701);
    for (const min of [1, 29, 30, 31, 200]) assert.deepEqual(findRules(img, 128, min), rulesByDefinition(img, 128, min), `minLength ${min}`);
  });

  it('agrees with the definitions on a sample scan drawn at 300 dpi', { skip: skipUnlessSamples('energy') }, async () => {
    const r = await rasterizePdfPage(samplePath('energy', 'energy-7-0004.pdf'), 3, { dpi: 300, channels: 1 });
    const img: Gray = { data: Buffer.from(r.data), width: r.widthPx, height: r.heightPx };
    const lut = new Uint8Array(256).map((_, v) => Math.min(255, Math.round((v * 255) / 230)));
    const a = Buffer.from(img.data);
    applyLut(a, lut);
    const b = Buffer.from(img.data);
    lutByDefinition(b, lut);
    assert.ok(a.equals(b), 'lookup table');
    // Word-sized boxes on a grid stand in for a reading's words.
    const covered: Array<{ x0: number; y0: number; x1: number; y1: number }> = [];
    for (let y = 300; y < img.height - 300; y += 160) for (let x = 200; x < img.width - 400; x += 500) covered.push({ x0: x, y0: y, x1: x + 300, y1: y + 60 });
    const mask = droppedInk(img, 140, covered, 30);
    assert.ok(sameBytes(mask, droppedInkByDefinition(img, 140, covered, 30)), 'dropped ink');
    assert.ok(sameBytes(inkPerCell(mask, img.width, 4), cellsByDefinition(mask, img.width, 4)), 'grid');
    assert.deepEqual(findRules(img, 140, 300), rulesByDefinition(img, 140, 300), 'rules');
  });
});
