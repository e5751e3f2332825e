// Text set light on a dark band: a "Total" bar, a table's heading row, a name on a coloured plate (invert31). Tesseract
// reads dark text on a light ground; on a scan the page reading drops such a line whole, and the dropped-ink recovery
// (recover.ts) sees only a solid block. So before anything else reads the page, each band is mapped back to dark on
// light: the band's ground becomes paper, its letters ink.
//
// A band is found on a grid of 8-px cells: cells mostly darker than the page's Otsu threshold, connected, filling at
// least 85 % of their bounding box (a rectangle, not a cluster of bold glyphs), at least 12 cells wide and 3 tall, at
// most an eighth of the page tall (a photo is no band). Its box is then fitted to the pixel, and it is mapped only when
// it is 2.5 times as wide as tall (a logo square is no line), a row near its top and one near its bottom are ground all
// across (a line of bold glyphs has gaps in every row), and light pixels (its letters) make up 3–45 % of it: a black
// bar with nothing on it (a redaction, a scanner's edge) and a dark ground with dark text on it stay as they are.
import { gridRegions } from './grid.js';
import { percentile, type Gray } from './preprocess.js';

export const DARK_BANDS = {
  cell: 8,
  /** A cell is dark when this share of its (sampled) pixels is. */
  darkCell: 0.5,
  minWidthCells: 12,
  minHeightCells: 3,
  /** Taller than this share of the page is a picture, not a band. */
  maxHeightShare: 0.12,
  /** Dark cells over the bounding box: a filled rectangle. */
  minFill: 0.85,
  /** Light pixels (the letters) over the trimmed band. */
  minLight: 0.03,
  maxLight: 0.45,
  /** Ground and letters this close in grey are no light-on-dark text worth mapping. */
  minContrast: 48,
  /** Rows at the band's top and bottom searched for one that is ground all across (`solidRow` of it dark). */
  margin: 16,
  solidRow: 0.9,
  /** Pixels beyond a band's edge that are still its anti-aliased edge. */
  edge: 2,
  /** How far a band's edge may run off its box's row across the band (a scan turned by up to 2°), at most `maxSlant` px. */
  slant: 0.035,
  maxSlant: 40,
  /** A band is a line of text (or a few): at least this many times as wide as tall. */
  minAspect: 2.5,
};

export interface DarkBand {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Bands of light text on a dark ground in `img` (ink: grey ≤ `threshold`). */
export function findDarkBands(img: Gray, threshold: number): DarkBand[] {
  const { data, width: W, height: H } = img;
  const C = DARK_BANDS.cell;
  const gw = Math.ceil(W / C);
  const gh = Math.ceil(H / C);
  const dark = new Uint8Array(gw * gh);
  // Every other pixel of every other row: 16 samples a cell, a quarter of the page's pixels.
  for (let gy = 0; gy < gh; gy++) {
    const y1 = Math.min(H, gy * C + C);
    for (let gx = 0; gx < gw; gx++) {
      const x1 = Math.min(W, gx * C + C);
      let n = 0;
      let d = 0;
      for (let y = gy * C; y < y1; y += 2) {
        const row = y * W;
        for (let x = gx * C; x < x1; x += 2) {
          n++;
          if (data[row + x]! <= threshold) d++;
        }
      }
      if (d >= n * DARK_BANDS.darkCell) dark[gy * gw + gx] = 1;
    }
  }
  const bands: DarkBand[] = [];
  for (const { x0, y0, x1, y1, cells } of gridRegions(dark, gw, gh)) {
    const w = x1 - x0 + 1;
    const h = y1 - y0 + 1;
    if (w < DARK_BANDS.minWidthCells || h < DARK_BANDS.minHeightCells || h * C > H * DARK_BANDS.maxHeightShare || cells < w * h * DARK_BANDS.minFill) continue;
    const band = trim(img, threshold, { left: x0 * C, top: y0 * C, width: Math.min(W, (x1 + 1) * C) - x0 * C, height: Math.min(H, (y1 + 1) * C) - y0 * C });
    if (band) bands.push(band);
  }
  return bands;
}

/** Share of ink pixels of a row (`vertical` false) or a column of `box`. */
function darkShare(img: Gray, threshold: number, box: DarkBand, at: number, vertical: boolean): number {
  const { data, width: W } = img;
  let n = 0;
  let d = 0;
  if (vertical) {
    for (let y = box.top; y < box.top + box.height; y += 2, n++) if (data[y * W + at]! <= threshold) d++;
  } else {
    for (let x = box.left; x < box.left + box.width; x += 2, n++) if (data[at * W + x]! <= threshold) d++;
  }
  return n ? d / n : 0;
}

/**
 * The cell box fitted to the rows and columns that are mostly dark (grown by up to a cell, as the grid cuts a band's
 * edge, then shrunk); null when what is left is no band of light letters. A band has a margin of ground round its
 * letters, so a row near its top and one near its bottom are dark all across: a line of bold black glyphs, however
 * dense, has light gaps in every row.
 */
function trim(img: Gray, threshold: number, box: DarkBand): DarkBand | null {
  const b = { ...box };
  const C = DARK_BANDS.cell;
  const rowDark = (y: number) => darkShare(img, threshold, b, y, false) >= 0.5;
  const colDark = (x: number) => darkShare(img, threshold, b, x, true) >= 0.5;
  for (let k = 0; k < C && b.top > 0 && rowDark(b.top - 1); k++) (b.top--, b.height++);
  for (let k = 0; k < C && b.top + b.height < img.height && rowDark(b.top + b.height); k++) b.height++;
  for (let k = 0; k < C && b.left > 0 && colDark(b.left - 1); k++) (b.left--, b.width++);
  for (let k = 0; k < C && b.left + b.width < img.width && colDark(b.left + b.width); k++) b.width++;
  while (b.height > 1 && !rowDark(b.top)) (b.top++, b.height--);
  while (b.height > 1 && !rowDark(b.top + b.height - 1)) b.height--;
  while (b.width > 1 && !colDark(b.left)) (b.left++, b.width--);
  while (b.width > 1 && !colDark(b.left + b.width - 1)) b.width--;
  if (b.width < DARK_BANDS.minWidthCells * C * 0.75 || b.height < DARK_BANDS.minHeightCells * C * 0.75 || b.width < b.height * DARK_BANDS.minAspect) return null;
  const margin = Math.min(DARK_BANDS.margin, Math.floor(b.height / 4));
  const solid = (from: number) => {
    for (let y = from; y < from + margin; y++) if (darkShare(img, threshold, b, y, false) >= DARK_BANDS.solidRow) return true;
    return false;
  };
  if (!solid(b.top) || !solid(b.top + b.height - margin)) return null;
  let light = 0;
  let total = 0;
  for (let y = b.top; y < b.top + b.height; y++) {
    const row = y * img.width;
    for (let x = b.left; x < b.left + b.width; x++, total++) if (img.data[row + x]! > threshold) light++;
  }
  const share = light / total;
  return share >= DARK_BANDS.minLight && share <= DARK_BANDS.maxLight ? b : null;
}

/**
 * Maps each band of `bands` in place to dark on light: its ground (median of its dark pixels) to paper, its letters (the
 * 90th percentile of its light pixels) to ink, linearly between. Returns how many bands were mapped.
 */
export function mapDarkBands(img: Gray, threshold: number, bands: DarkBand[]): number {
  let mapped = 0;
  for (const b of bands) {
    const hist = new Float64Array(256);
    for (let y = b.top; y < b.top + b.height; y++) {
      const row = y * img.width;
      for (let x = b.left; x < b.left + b.width; x++) hist[img.data[row + x]!]++;
    }
    // A band holds both (trim: 3–45 % light), so neither range is empty.
    const ground = percentile(hist, 0, threshold, 0.5);
    const letters = percentile(hist, threshold + 1, 255, 0.9);
    if (letters - ground < DARK_BANDS.minContrast) continue;
    const lut = new Uint8Array(256);
    for (let v = 0; v < 256; v++) lut[v] = Math.max(0, Math.min(255, Math.round((255 * (letters - v)) / (letters - ground))));
    // Column by column: a scan's band runs a little aslant, so its edge is no one row. From the box's top row the
    // column's ground is followed up (or, where that row is paper, searched down) to the band's edge, likewise at the
    // bottom; only ground is crossed, never paper, so no neighbouring line is reached. Between the edges the band is
    // mapped; its anti-aliased edge rows and the paper between the box and the edge become paper.
    const E = DARK_BANDS.edge;
    const slant = Math.min(DARK_BANDS.maxSlant, Math.ceil(b.width * DARK_BANDS.slant));
    const bottom = b.top + b.height - 1;
    const dark = (x: number, y: number) => img.data[y * img.width + x]! <= threshold;
    for (let x = Math.max(0, b.left - E); x < Math.min(img.width, b.left + b.width + E); x++) {
      let a = b.top;
      if (dark(x, a)) while (a > 0 && a > b.top - slant && dark(x, a - 1)) a--;
      else while (a < b.top + slant && a < bottom && !dark(x, a)) a++;
      let z = bottom;
      if (dark(x, z)) while (z < img.height - 1 && z < bottom + slant && dark(x, z + 1)) z++;
      else while (z > bottom - slant && z > a && !dark(x, z)) z--;
      for (let y = Math.max(0, Math.min(a, b.top) - E); y < Math.min(img.height, Math.max(z, bottom) + E + 1); y++) {
        const i = y * img.width + x;
        // The band's own first and last rows are its anti-aliased edge too (no letter touches the edge).
        img.data[i] = y > a + 1 && y < z - 1 ? lut[img.data[i]!]! : 255;
      }
    }
    mapped++;
  }
  return mapped;
}
