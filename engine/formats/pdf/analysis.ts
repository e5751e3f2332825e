// Page-level judgements over plain numbers: how much of the page images cover, which
// characters mean an unusable text layer, and from that whether the page needs OCR.

/** Resolution of the coverage grid (cells per side). */
const COVERAGE_GRID = 128;

/** Share (0..1) of the page area covered by the union of the boxes (grid approximation). */
export function coverage(boxes: ReadonlyArray<readonly [number, number, number, number]>, width: number, height: number): number {
  if (!(width > 0 && height > 0) || boxes.length === 0) return 0;
  const cells = new Uint8Array(COVERAGE_GRID * COVERAGE_GRID);
  const cw = width / COVERAGE_GRID;
  const ch = height / COVERAGE_GRID;
  for (const [x0, y0, x1, y1] of boxes) {
    // Cells whose centre lies inside the box.
    const c0 = Math.max(0, Math.ceil(x0 / cw - 0.5));
    const c1 = Math.min(COVERAGE_GRID - 1, Math.floor(x1 / cw - 0.5));
    const r0 = Math.max(0, Math.ceil(y0 / ch - 0.5));
    const r1 = Math.min(COVERAGE_GRID - 1, Math.floor(y1 / ch - 0.5));
    for (let r = r0; r <= r1; r++) cells.fill(1, r * COVERAGE_GRID + c0, r * COVERAGE_GRID + c1 + 1);
  }
  let covered = 0;
  for (const c of cells) covered += c;
  return covered / cells.length;
}

// ---------------------------------------------------------------- OCR decision

/**
 * Characters that mean the text layer does not carry the real text: U+FFFD (pdf.js's
 * replacement for undecodable codes), C0/C1 control characters (raw glyph ids of fonts
 * without a Unicode mapping come out as these) and private-use code points (symbol fonts and
 * generators that map glyphs to the PUA).
 */
export function isGarbageChar(cp: number): boolean {
  if (cp === 0xfffd) return true;
  if (cp < 0x20) return cp !== 0x09 && cp !== 0x0a && cp !== 0x0d;
  if (cp >= 0x7f && cp <= 0x9f) return true;
  if (cp >= 0xe000 && cp <= 0xf8ff) return true;
  return cp >= 0xf0000;
}

export interface TextStats {
  /** Non-whitespace characters of the extracted text. */
  chars: number;
  /** ...of which garbage (isGarbageChar). */
  garbage: number;
}

export function textStats(text: string): TextStats {
  let chars = 0;
  let garbage = 0;
  for (const ch of text) {
    if (/\s/u.test(ch)) continue;
    chars++;
    if (isGarbageChar(ch.codePointAt(0)!)) garbage++;
  }
  return { chars, garbage };
}

/** Fewer non-space characters than this is "very little text"... */
export const MIN_TEXT_CHARS = 20;
/** ...which matters on a page at least this much covered by images (a scan with a stamp, a page number). */
export const SCAN_IMAGE_COVERAGE = 0.5;
/** At least this share of the characters (plus glyphs without Unicode) being garbage: garbage_text. */
export const GARBAGE_SHARE = 0.3;
/** At least this share of the drawn glyphs being invisible (render mode 3/7): hidden_text_layer. */
export const HIDDEN_GLYPH_SHARE = 0.5;
/** Images covering at least this share of the page are "significant" (has_images). Logos stay below. */
export const SIGNIFICANT_IMAGE_COVERAGE = 0.05;

export interface OcrInputs {
  text: TextStats;
  glyphs: number;
  invisibleGlyphs: number;
  unmappedGlyphs: number;
  imageCoverage: number;
}

export type OcrDecision = 'no_text_layer' | 'too_little_text' | 'garbage_text' | 'hidden_text_layer' | null;

/**
 * In this order: no text at all → no_text_layer; mostly invisible text (OCRmyPDF-style
 * layer over a scan) → hidden_text_layer; mostly undecodable characters → garbage_text;
 * a handful of characters on a page mostly covered by images → too_little_text; else null.
 */
export function decideOcr(f: OcrInputs): OcrDecision {
  if (f.text.chars === 0 && f.glyphs === 0) return 'no_text_layer';
  if (f.glyphs > 0 && f.invisibleGlyphs / f.glyphs >= HIDDEN_GLYPH_SHARE) return 'hidden_text_layer';
  const bad = f.text.garbage + f.unmappedGlyphs;
  const total = f.text.chars + f.unmappedGlyphs;
  if (total === 0) return 'no_text_layer';
  if (bad / total >= GARBAGE_SHARE) return 'garbage_text';
  if (f.text.chars < MIN_TEXT_CHARS && f.imageCoverage >= SCAN_IMAGE_COVERAGE) return 'too_little_text';
  return null;
}
