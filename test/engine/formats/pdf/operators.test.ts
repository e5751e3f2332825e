// The operator-list walker on hand-written operator lists (pdf.js's shape), and the OCR
// decision and image coverage on plain numbers.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { coverage, decideOcr, GARBAGE_SHARE, isGarbageChar, MIN_TEXT_CHARS, textStats } from '../../../../engine/formats/pdf/analysis.js';
import { readOperators, type OpCodes } from '../../../../engine/formats/pdf/operators.js';

const OPS: OpCodes = {
  save: 10,
  restore: 11,
  transform: 12,
  beginText: 31,
  setCharSpacing: 33,
  setWordSpacing: 34,
  setHScale: 35,
  setLeading: 36,
  setFont: 37,
  setTextRenderingMode: 38,
  setTextRise: 39,
  moveText: 40,
  setLeadingMoveText: 41,
  setTextMatrix: 42,
  nextLine: 43,
  showText: 44,
  paintFormXObjectBegin: 74,
  paintFormXObjectEnd: 75,
  beginGroup: 76,
  endGroup: 77,
  beginAnnotation: 80,
  endAnnotation: 81,
  paintImageMaskXObject: 83,
  paintImageMaskXObjectGroup: 84,
  paintImageXObject: 85,
  paintInlineImageXObject: 86,
  paintInlineImageXObjectGroup: 87,
  paintImageXObjectRepeat: 88,
  paintImageMaskXObjectRepeat: 89,
};

/** An A4 page shown unrotated: PDF user space → top-left origin. */
const VIEWPORT = [1, 0, 0, -1, 0, 842];

/** pdf.js glyph objects: every letter 500/1000 em wide, spaces 250. */
function glyphs(text: string): Array<{ unicode: string; width: number; isSpace: boolean }> {
  return Array.from(text, (c) => ({ unicode: c, width: c === ' ' ? 250 : 500, isSpace: c === ' ' }));
}

type Op = [number, unknown[]];

function run(ops: Op[]) {
  return readOperators(
    ops.map((o) => o[0]),
    ops.map((o) => o[1]),
    OPS,
    VIEWPORT,
    () => ({ fontMatrix: [0.001, 0, 0, 0.001, 0, 0], ascent: 0.8, descent: -0.2 }),
    595,
    842,
  );
}

const text = (x: number, y: number, shown: unknown[], size = 10): Op[] => [
  [OPS.beginText, []],
  [OPS.setFont, ['g_f1', size]],
  [OPS.setTextMatrix, [new Float32Array([1, 0, 0, 1, x, y])]],
  [OPS.showText, [shown]],
];

describe('readOperators: text', () => {
  it('places glyphs like the canvas: words, boxes (top-left origin), baseline and size', () => {
    const out = run(text(100, 700, glyphs('Hallo Welt')));
    assert.deepEqual(
      out.words.map((w) => w.text),
      ['Hallo', 'Welt'],
    );
    const [hallo, welt] = out.words;
    assert.equal(hallo!.bbox.x, 100);
    assert.equal(hallo!.bbox.w, 25); // 5 glyphs × 0.5 em × 10 pt
    assert.equal(hallo!.baseline, 142);
    assert.ok(Math.abs(hallo!.bbox.y - (142 - 8)) < 1e-9 && Math.abs(hallo!.bbox.h - 10) < 1e-9);
    assert.equal(welt!.bbox.x, 127.5); // after the space (2.5 pt)
    assert.equal(hallo!.size, 10);
    assert.equal(out.glyphs, 9);
  });

  it('starts a new word at a TJ gap and continues after a small kerning step', () => {
    const out = run(text(100, 700, [...glyphs('AB'), -400, ...glyphs('CD'), 30, ...glyphs('EF')]));
    assert.deepEqual(
      out.words.map((w) => w.text),
      ['AB', 'CDEF'],
    );
    assert.equal(out.words[1]!.bbox.x, 114); // 2 glyphs (10 pt) + 4 pt gap
  });

  it('applies horizontal scaling, character spacing, moveText and leading', () => {
    const out = run([
      [OPS.beginText, []],
      [OPS.setFont, ['g_f1', 10]],
      [OPS.setHScale, [50]],
      [OPS.setCharSpacing, [1]],
      [OPS.setLeading, [14]],
      [OPS.moveText, [100, 700]],
      [OPS.showText, [glyphs('abc')]],
      [OPS.nextLine, []],
      [OPS.showText, [glyphs('x')]],
    ]);
    const [abc, x] = out.words;
    // advance per glyph: (5 + 1) × 0.5 = 3; the box ends at the last glyph's own width.
    assert.equal(abc!.bbox.x, 100);
    assert.equal(abc!.bbox.w, 3 + 3 + 2.5);
    assert.equal(x!.baseline, 842 - 686);
    assert.equal(x!.bbox.x, 100);
  });

  it('transforms text inside form XObjects and restores afterwards', () => {
    const out = run([
      [OPS.paintFormXObjectBegin, [new Float32Array([1, 0, 0, 1, 50, -100]), [0, 0, 100, 100]]],
      ...text(100, 700, glyphs('innen')),
      [OPS.paintFormXObjectEnd, []],
      ...text(100, 700, glyphs('aussen')),
    ]);
    assert.equal(out.words[0]!.bbox.x, 150);
    assert.equal(out.words[0]!.baseline, 242);
    assert.equal(out.words[1]!.bbox.x, 100);
  });

  it('counts invisible (render mode 3) and unmapped glyphs', () => {
    const out = run([
      [OPS.setTextRenderingMode, [3]],
      ...text(100, 700, glyphs('versteckt')),
      [OPS.setTextRenderingMode, [0]],
      ...text(100, 600, [...glyphs('ab'), { unicode: '', width: 500, isSpace: false }]),
    ]);
    assert.equal(out.glyphs, 12);
    assert.equal(out.invisibleGlyphs, 9);
    assert.equal(out.unmappedGlyphs, 1);
  });

  it('treats a letter drawn with byte code 32 (isSpace) as a letter', () => {
    const out = run(text(100, 700, [{ unicode: 'M', width: 800, isSpace: true }, ...glyphs('ax')]));
    assert.deepEqual(
      out.words.map((w) => w.text),
      ['Max'],
    );
  });

  it('keeps rotated text apart, laid out in its own frame, with its box on the page', () => {
    const out = run([
      [OPS.beginText, []],
      [OPS.setFont, ['g_f1', 10]],
      [OPS.setTextMatrix, [new Float32Array([0, 1, -1, 0, 30, 400])]],
      [OPS.showText, [glyphs('Seite')]],
    ]);
    assert.equal(out.words.length, 0);
    const [[angle, words]] = [...out.rotated];
    assert.equal(Math.abs(angle), 90);
    assert.equal(words![0]!.text, 'Seite');
    const box = words![0]!.pageBox!;
    assert.ok(box.w < box.h, 'vertical on the page');
    assert.ok(Math.abs(box.y - (842 - 425)) < 1e-6 && Math.abs(box.h - 25) < 1e-6);
  });

  it('drops words entirely off the page', () => {
    const out = run(text(900, 700, glyphs('draußen')));
    assert.equal(out.words.length, 0);
    assert.equal(out.glyphs, 7);
  });
});

describe('readOperators: images', () => {
  it('records the painted unit square under the current transform', () => {
    const out = run([
      [OPS.save, []],
      [OPS.transform, [595, 0, 0, 842, 0, 0]],
      [OPS.paintImageXObject, ['img_1', 100, 100]],
      [OPS.restore, []],
      [OPS.save, []],
      [OPS.transform, [100, 0, 0, 50, 10, 20]],
      [OPS.paintInlineImageXObject, [{}]],
      [OPS.restore, []],
    ]);
    assert.deepEqual(out.imageBoxes, [
      [0, 0, 595, 842],
      [10, 842 - 70, 110, 842 - 20],
    ]);
  });

  it('handles repeated and grouped images', () => {
    const out = run([
      [OPS.paintImageXObjectRepeat, ['img', 10, 10, [0, 0, 20, 0]]],
      [OPS.paintImageMaskXObjectGroup, [[{ transform: [5, 0, 0, 5, 100, 100] }]]],
    ]);
    assert.equal(out.imageBoxes.length, 3);
  });
});

describe('coverage', () => {
  it('is the share of the page covered by the union of boxes', () => {
    assert.equal(coverage([[0, 0, 595, 842]], 595, 842), 1);
    assert.equal(coverage([], 595, 842), 0);
    const half = coverage([[0, 0, 595, 421]], 595, 842);
    assert.ok(Math.abs(half - 0.5) < 0.01, String(half));
    const overlapping = coverage(
      [
        [0, 0, 595, 421],
        [0, 0, 595, 421],
      ],
      595,
      842,
    );
    assert.equal(overlapping, half);
    assert.equal(coverage([[-1000, -1000, 5000, 5000]], 595, 842), 1, 'clipped to the page');
  });
});

describe('OCR decision', () => {
  const base = { text: { chars: 500, garbage: 0 }, glyphs: 500, invisibleGlyphs: 0, unmappedGlyphs: 0, imageCoverage: 0 };

  it('no text at all: no_text_layer', () => {
    assert.equal(decideOcr({ ...base, text: { chars: 0, garbage: 0 }, glyphs: 0, imageCoverage: 1 }), 'no_text_layer');
    assert.equal(decideOcr({ ...base, text: { chars: 0, garbage: 0 }, glyphs: 0 }), 'no_text_layer');
  });

  it('mostly invisible glyphs: hidden_text_layer', () => {
    assert.equal(decideOcr({ ...base, invisibleGlyphs: 400, imageCoverage: 1 }), 'hidden_text_layer');
    assert.equal(decideOcr({ ...base, invisibleGlyphs: 100 }), null);
  });

  it('mostly undecodable characters: garbage_text', () => {
    assert.equal(decideOcr({ ...base, text: { chars: 500, garbage: Math.ceil(500 * GARBAGE_SHARE) } }), 'garbage_text');
    assert.equal(decideOcr({ ...base, text: { chars: 500, garbage: 10 } }), null);
    assert.equal(decideOcr({ ...base, text: { chars: 0, garbage: 0 }, unmappedGlyphs: 500 }), 'garbage_text');
  });

  it('a few characters on a scanned page: too_little_text; on a blank page: nothing', () => {
    const few = { chars: MIN_TEXT_CHARS - 1, garbage: 0 };
    assert.equal(decideOcr({ ...base, text: few, glyphs: few.chars, imageCoverage: 0.9 }), 'too_little_text');
    assert.equal(decideOcr({ ...base, text: few, glyphs: few.chars, imageCoverage: 0.1 }), null);
    assert.equal(decideOcr({ ...base, text: { chars: MIN_TEXT_CHARS, garbage: 0 }, imageCoverage: 0.9 }), null);
  });

  it('classifies characters', () => {
    assert.ok(isGarbageChar(0xfffd) && isGarbageChar(0xe020) && isGarbageChar(0x03) && isGarbageChar(0x9c));
    assert.ok(!isGarbageChar('ß'.codePointAt(0)!) && !isGarbageChar(0x0a) && !isGarbageChar('€'.codePointAt(0)!));
    assert.deepEqual(textStats('Größe \uFFFD\uE001 x'), { chars: 8, garbage: 2 });
  });
});
