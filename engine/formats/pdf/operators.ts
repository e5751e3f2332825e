// One pass over a page's pdf.js operator list (`fnArray`/`argsArray`), as a pure function
// (the operator codes and font metrics are passed in): every glyph is placed exactly the
// way pdf.js's canvas draws it (graphics state, text state, text matrix, TJ adjustments,
// character and word spacing, horizontal scaling, rise), glyphs are grouped into words, and
// on the way it records which glyphs are invisible (render mode 3/7) or have no Unicode
// value and where images are painted.
//
// pdf.js's getTextContent() walks the content stream a second time to produce roughly the
// same text; reading the text from the operator list halves the cost of a page and gives
// exact per-glyph boxes. What it does not replicate: /ActualText replacements, bidi
// reordering of right-to-left scripts (glyphs come out in visual order) and the exact
// geometry of vertical writing (CJK vertical fonts are kept apart, boxes approximate).
import type { BBox } from '../model.js';
import type { LayoutWord } from './layout.js';

/** [a, b, c, d, e, f] as in PDF's cm operator. */
export type Matrix = [number, number, number, number, number, number];

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** m1 · m2: m2 applied first, then m1 (pdf.js Util.transform order). */
export function multiply(m1: ArrayLike<number>, m2: ArrayLike<number>): Matrix {
  return [
    m1[0]! * m2[0]! + m1[2]! * m2[1]!,
    m1[1]! * m2[0]! + m1[3]! * m2[1]!,
    m1[0]! * m2[2]! + m1[2]! * m2[3]!,
    m1[1]! * m2[2]! + m1[3]! * m2[3]!,
    m1[0]! * m2[4]! + m1[2]! * m2[5]! + m1[4]!,
    m1[1]! * m2[4]! + m1[3]! * m2[5]! + m1[5]!,
  ];
}

export function apply(m: ArrayLike<number>, x: number, y: number): [number, number] {
  return [x * m[0]! + y * m[2]! + m[4]!, x * m[1]! + y * m[3]! + m[5]!];
}

function asMatrix(v: unknown): Matrix | null {
  const a = v as ArrayLike<number> | null | undefined;
  if (!a || typeof a !== 'object' || a.length !== 6) return null;
  const m = Array.from(a) as Matrix;
  return m.every(Number.isFinite) ? m : null;
}

/** The operator codes read here (pdf.js OPS). */
export interface OpCodes {
  save: number;
  restore: number;
  transform: number;
  beginText: number;
  setFont: number;
  setTextRenderingMode: number;
  setCharSpacing: number;
  setWordSpacing: number;
  setHScale: number;
  setLeading: number;
  setTextRise: number;
  moveText: number;
  setLeadingMoveText: number;
  setTextMatrix: number;
  nextLine: number;
  showText: number;
  paintFormXObjectBegin: number;
  paintFormXObjectEnd: number;
  beginGroup: number;
  endGroup: number;
  beginAnnotation: number;
  endAnnotation: number;
  paintImageXObject: number;
  paintInlineImageXObject: number;
  paintImageMaskXObject: number;
  paintImageXObjectRepeat: number;
  paintImageMaskXObjectRepeat: number;
  paintInlineImageXObjectGroup: number;
  paintImageMaskXObjectGroup: number;
}

/** What the page's fonts tell about glyph geometry (pdf.js FontFaceObject fields). */
export interface FontMetrics {
  fontMatrix?: ArrayLike<number>;
  /** Above the baseline, in ems (positive). */
  ascent?: number;
  /** Below the baseline, in ems (negative). */
  descent?: number;
  vertical?: boolean;
}

/** Text rendering modes that paint nothing: 3 (invisible) and 7 (clip only). */
const INVISIBLE_MODES = new Set([3, 7]);
/** A gap wider than this (in ems) between two glyphs separates words (pdf.js uses ~0.1 too). */
export const WORD_GAP_EM = 0.1;
/** Word boxes span ascent and descent, clamped to sane values (some fonts report 0 or 2). */
const DEFAULT_ASCENT = 0.8;
const DEFAULT_DESCENT = 0.2;
/** |sin| of the baseline angle below which text counts as horizontal (about 11°). */
const HORIZONTAL_TOLERANCE = 0.2;

export interface PageOperators {
  /** Horizontal words for the layout. */
  words: LayoutWord[];
  /**
   * Words of rotated text (margin notes, stamps, vertical labels) per baseline angle in
   * whole degrees: `bbox` in a frame rotated so that the text runs left to right (ready
   * for the layout), `pageBox` on the page.
   */
  rotated: Map<number, LayoutWord[]>;
  /** All drawn text, glyph by glyph (for the character statistics). */
  text: string;
  /** Non-space glyphs drawn. */
  glyphs: number;
  /** ...of which in an invisible text rendering mode (an OCR layer under a scan). */
  invisibleGlyphs: number;
  /** ...of which without any Unicode value. */
  unmappedGlyphs: number;
  /** Painted images as axis-aligned boxes [x0, y0, x1, y1] in viewport space. */
  imageBoxes: Array<[number, number, number, number]>;
}

interface State {
  ctm: Matrix;
  mode: number;
  font: string;
  fontSize: number;
  fontDirection: number;
  charSpacing: number;
  wordSpacing: number;
  hScale: number;
  leading: number;
  rise: number;
  tm: Matrix;
  x: number;
  y: number;
  lineX: number;
  lineY: number;
}

interface Glyph {
  unicode?: string;
  width?: number;
  isSpace?: boolean;
}

/** Compatibility characters pdf.js would also normalize: ligatures, presentation and full-width forms. */
const NFKC_RANGES = /[\uFB00-\uFB4F\uFE70-\uFEFF\uFF00-\uFFEF\u2000-\u200A\u2024-\u2026]/u;
const BLANK = /^[\s\u00a0]*$/u;

interface CharInfo {
  text: string;
  blank: boolean;
}

/** Per-process memo: a page draws a few dozen distinct characters thousands of times. */
const charInfo = new Map<string, CharInfo>();
function charOf(unicode: string): CharInfo {
  let info = charInfo.get(unicode);
  if (!info) {
    const text = NFKC_RANGES.test(unicode) ? unicode.normalize('NFKC') : unicode;
    info = { text, blank: BLANK.test(text) };
    if (charInfo.size < 10_000) charInfo.set(unicode, info);
  }
  return info;
}

interface Run {
  text: string;
  x0: number;
  x1: number;
  glueLeft: boolean;
  glueRight: boolean;
}

/**
 * Walks the operator list. `toViewport` maps PDF user space to the page as displayed (the
 * pdf.js viewport transform at scale 1); `fonts` resolves pdf.js font ids.
 */
export function readOperators(
  fnArray: ArrayLike<number>,
  argsArray: ArrayLike<unknown>,
  ops: OpCodes,
  toViewport: ArrayLike<number>,
  fonts: (id: string) => FontMetrics | undefined,
  pageWidth: number,
  pageHeight: number,
): PageOperators {
  const out: PageOperators = { words: [], rotated: new Map(), text: '', glyphs: 0, invisibleGlyphs: 0, unmappedGlyphs: 0, imageBoxes: [] };
  const textParts: string[] = [];
  let s: State = {
    ctm: IDENTITY,
    mode: 0,
    font: '',
    fontSize: 0,
    fontDirection: 1,
    charSpacing: 0,
    wordSpacing: 0,
    hScale: 1,
    leading: 0,
    rise: 0,
    tm: IDENTITY,
    x: 0,
    y: 0,
    lineX: 0,
    lineY: 0,
  };
  const stack: State[] = [];
  const push = () => stack.push({ ...s });
  const pop = () => {
    s = stack.pop() ?? s;
  };
  const paintUnitSquare = (m: ArrayLike<number>) => {
    const full = multiply(toViewport, m);
    const pts = [apply(full, 0, 0), apply(full, 1, 0), apply(full, 0, 1), apply(full, 1, 1)];
    const xs = pts.map((p) => p[0]);
    const ys = pts.map((p) => p[1]);
    const box: [number, number, number, number] = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    if (!box.every(Number.isFinite)) return;
    out.imageBoxes.push(box);
  };
  const moveText = (x: number, y: number) => {
    s.x = s.lineX += x;
    s.y = s.lineY += y;
  };

  /** Emits the words of one shown string: runs in text space → boxes in viewport space. */
  const emitRuns = (runs: Run[], font: FontMetrics | undefined) => {
    if (runs.length === 0) return;
    const m = multiply(multiply(toViewport, s.ctm), s.tm);
    const size = Math.abs(s.fontSize);
    const finite = (v: number | undefined, fallback: number) => (typeof v === 'number' && Number.isFinite(v) && v !== 0 ? v : fallback);
    const ascent = Math.min(1.2, Math.max(0.5, finite(font?.ascent, DEFAULT_ASCENT))) * size;
    const descent = Math.min(0.5, Math.max(0, -finite(font?.descent, -DEFAULT_DESCENT))) * size;
    const base = s.y + s.rise;
    const adv = Math.hypot(m[0], m[1]);
    const up = Math.hypot(m[2], m[3]);
    if (!(adv > 0) || !(up > 0)) return;
    const horizontal = Math.abs(m[1] / adv) < HORIZONTAL_TOLERANCE && m[0] > 0 && !font?.vertical;
    // Rotated text is laid out in a frame turned by -angle, where it runs left to right.
    const angle = horizontal ? 0 : Math.round((Math.atan2(m[1], m[0]) * 180) / Math.PI);
    const cos = Math.cos((-angle * Math.PI) / 180);
    const sin = Math.sin((-angle * Math.PI) / 180);
    const toFrame = (p: [number, number]): [number, number] => (horizontal ? p : [p[0] * cos - p[1] * sin, p[0] * sin + p[1] * cos]);
    const boxOf = (pts: Array<[number, number]>): BBox => {
      const xs = pts.map((c) => c[0]);
      const ys = pts.map((c) => c[1]);
      const x0 = Math.min(...xs);
      const y0 = Math.min(...ys);
      return { x: x0, y: y0, w: Math.max(...xs) - x0, h: Math.max(...ys) - y0 };
    };
    const vSize = size * up;
    const group: LayoutWord[] = [];
    for (const r of runs) {
      const corners = [apply(m, r.x0, base - descent), apply(m, r.x1, base - descent), apply(m, r.x0, base + ascent), apply(m, r.x1, base + ascent)];
      const pageBox = boxOf(corners);
      if (!(pageBox.x + pageBox.w >= 0 && pageBox.y + pageBox.h >= 0 && pageBox.x <= pageWidth && pageBox.y <= pageHeight)) continue; // off the page
      const word: LayoutWord = {
        text: r.text,
        bbox: horizontal ? pageBox : boxOf(corners.map(toFrame)),
        baseline: toFrame(apply(m, r.x0, base))[1],
        size: vSize,
        glueLeft: r.glueLeft,
        glueRight: r.glueRight,
      };
      if (!horizontal) word.pageBox = pageBox;
      group.push(word);
    }
    if (horizontal) out.words.push(...group);
    else if (group.length) {
      const list = out.rotated.get(angle);
      if (list) list.push(...group);
      else out.rotated.set(angle, group);
    }
  };

  const showText = (glyphs: Array<Glyph | number | null>) => {
    const font = fonts(s.font);
    const size = s.fontSize;
    const fm0 = Number(font?.fontMatrix?.[0]) || 0.001;
    const widthScale = size * fm0;
    const invisible = INVISIBLE_MODES.has(s.mode);
    const gap = WORD_GAP_EM * Math.abs(size) * Math.abs(s.hScale);
    const runs: Run[] = [];
    let run: Run | null = null;
    let afterSpace = false;
    let xl = 0; // advance within this string, in unscaled text space
    for (const g of glyphs) {
      if (g === null || g === undefined) continue;
      if (typeof g === 'number') {
        xl -= (g * size) / 1000;
        continue;
      }
      const ch = charOf(g.unicode ?? '');
      const unicode = ch.text;
      const width = (Number(g.width) || 0) * widthScale;
      // isSpace means "byte code 32" (it gets the word spacing); subset fonts may draw any
      // letter with that code, so words are split on the Unicode value only.
      const space = unicode === '' ? !!g.isSpace : ch.blank;
      const spacing = (g.isSpace ? s.wordSpacing : 0) + s.charSpacing;
      const x0 = s.x + xl * s.hScale;
      const x1 = x0 + width * s.hScale;
      if (space) {
        textParts.push(' ');
        if (run) {
          run.glueRight = false;
          runs.push(run);
          run = null;
        }
        afterSpace = true;
      } else {
        out.glyphs++;
        if (invisible) out.invisibleGlyphs++;
        if (!unicode) out.unmappedGlyphs++;
        textParts.push(unicode);
        if (unicode) {
          // A gap (TJ adjustment, spacing) or a step back starts a new word.
          if (run && (x0 - run.x1 > gap || x0 < run.x1 - Math.abs(size))) {
            run.glueRight = false;
            runs.push(run);
            run = { text: unicode, x0, x1, glueLeft: false, glueRight: true };
          } else if (run) {
            run.text += unicode;
            run.x1 = Math.max(run.x1, x1);
          } else {
            run = { text: unicode, x0, x1, glueLeft: runs.length === 0 && !afterSpace, glueRight: true };
          }
        }
        afterSpace = false;
      }
      xl += width + spacing * s.fontDirection;
    }
    if (run) runs.push(run);
    textParts.push(' ');
    if (size !== 0) emitRuns(runs, font);
    if (font?.vertical) s.y -= xl;
    else s.x += xl * s.hScale;
  };

  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i]!;
    const args = (argsArray[i] ?? []) as unknown[];
    switch (fn) {
      case ops.save:
        push();
        break;
      case ops.restore:
        pop();
        break;
      case ops.transform: {
        const m = asMatrix(args);
        if (m) s.ctm = multiply(s.ctm, m);
        break;
      }
      case ops.paintFormXObjectBegin: {
        push();
        const m = asMatrix(args[0]);
        if (m) s.ctm = multiply(s.ctm, m);
        break;
      }
      case ops.beginGroup: {
        push();
        const m = asMatrix((args[0] as { matrix?: unknown } | undefined)?.matrix);
        if (m) s.ctm = multiply(s.ctm, m);
        break;
      }
      case ops.paintFormXObjectEnd:
      case ops.endGroup:
      case ops.endAnnotation:
        pop();
        break;
      case ops.beginAnnotation: {
        // Annotations start from the page's base state: [id, rect, transform, matrix, ...].
        push();
        const transform = asMatrix(args[2]) ?? IDENTITY;
        const matrix = asMatrix(args[3]) ?? IDENTITY;
        s = { ...s, ctm: multiply(transform, matrix), mode: 0, charSpacing: 0, wordSpacing: 0, hScale: 1, rise: 0, tm: IDENTITY, x: 0, y: 0, lineX: 0, lineY: 0 };
        break;
      }
      case ops.beginText:
        s.tm = IDENTITY;
        s.x = s.y = s.lineX = s.lineY = 0;
        break;
      case ops.setTextMatrix: {
        const m = asMatrix(args[0]) ?? asMatrix(args);
        if (m) s.tm = m;
        s.x = s.y = s.lineX = s.lineY = 0;
        break;
      }
      case ops.moveText:
        moveText(Number(args[0]) || 0, Number(args[1]) || 0);
        break;
      case ops.setLeadingMoveText:
        s.leading = Number(args[1]) || 0;
        moveText(Number(args[0]) || 0, Number(args[1]) || 0);
        break;
      case ops.nextLine:
        moveText(0, s.leading);
        break;
      case ops.setLeading:
        s.leading = -(Number(args[0]) || 0);
        break;
      case ops.setCharSpacing:
        s.charSpacing = Number(args[0]) || 0;
        break;
      case ops.setWordSpacing:
        s.wordSpacing = Number(args[0]) || 0;
        break;
      case ops.setHScale:
        s.hScale = (Number(args[0]) || 100) / 100;
        break;
      case ops.setTextRise:
        s.rise = Number(args[0]) || 0;
        break;
      case ops.setTextRenderingMode:
        s.mode = Number(args[0]) || 0;
        break;
      case ops.setFont: {
        s.font = String(args[0] ?? '');
        const size = Number(args[1]) || 0;
        s.fontSize = Math.abs(size);
        s.fontDirection = size < 0 ? -1 : 1;
        break;
      }
      case ops.showText:
        if (Array.isArray(args[0])) showText(args[0] as Array<Glyph | number | null>);
        break;
      case ops.paintImageXObject:
      case ops.paintInlineImageXObject:
        paintUnitSquare(s.ctm);
        break;
      case ops.paintImageMaskXObject:
        paintUnitSquare(s.ctm);
        break;
      case ops.paintImageXObjectRepeat: {
        // [objId, scaleX, scaleY, positions]
        const [, sx, sy, positions] = args as [unknown, number, number, ArrayLike<number>];
        for (let p = 0; p + 1 < (positions?.length ?? 0); p += 2) paintUnitSquare(multiply(s.ctm, [sx, 0, 0, sy, positions[p]!, positions[p + 1]!]));
        break;
      }
      case ops.paintImageMaskXObjectRepeat: {
        // [img, scaleX, skewX, skewY, scaleY, positions]
        const [, sx, kx, ky, sy, positions] = args as [unknown, number, number, number, number, ArrayLike<number>];
        for (let p = 0; p + 1 < (positions?.length ?? 0); p += 2) paintUnitSquare(multiply(s.ctm, [sx, kx ?? 0, ky ?? 0, sy, positions[p]!, positions[p + 1]!]));
        break;
      }
      case ops.paintInlineImageXObjectGroup: {
        for (const entry of (args[1] as Array<{ transform: unknown }> | undefined) ?? []) {
          const m = asMatrix(entry.transform);
          if (m) paintUnitSquare(multiply(s.ctm, m));
        }
        break;
      }
      case ops.paintImageMaskXObjectGroup: {
        for (const image of (args[0] as Array<{ transform: unknown }> | undefined) ?? []) {
          const m = asMatrix(image.transform);
          if (m) paintUnitSquare(multiply(s.ctm, m));
        }
        break;
      }
    }
  }
  out.text = textParts.join('');
  return out;
}
