// Connected regions of a coarse grid of page cells, shared by the dropped-ink recovery (recover.ts) and the dark-band
// search (dark-bands.ts).

/** A region's bounding box in cells (inclusive) and how many cells it has. */
export interface GridRegion {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  cells: number;
}

/** The 4-connected regions of the non-zero cells of `on` (`gw` × `gh`, rows top to bottom), in the order of their first cell. */
export function gridRegions(on: Uint8Array, gw: number, gh: number): GridRegion[] {
  const seen = new Uint8Array(gw * gh);
  const stack: number[] = [];
  const regions: GridRegion[] = [];
  for (let start = 0; start < on.length; start++) {
    if (!on[start] || seen[start]) continue;
    const r: GridRegion = { x0: gw, y0: gh, x1: -1, y1: -1, cells: 0 };
    seen[start] = 1;
    stack.push(start);
    while (stack.length) {
      const i = stack.pop()!;
      const gx = i % gw;
      const gy = (i - gx) / gw;
      r.cells++;
      if (gx < r.x0) r.x0 = gx;
      if (gx > r.x1) r.x1 = gx;
      if (gy < r.y0) r.y0 = gy;
      if (gy > r.y1) r.y1 = gy;
      if (gx > 0 && on[i - 1] && !seen[i - 1]) (seen[i - 1] = 1), stack.push(i - 1);
      if (gx < gw - 1 && on[i + 1] && !seen[i + 1]) (seen[i + 1] = 1), stack.push(i + 1);
      if (gy > 0 && on[i - gw] && !seen[i - gw]) (seen[i - gw] = 1), stack.push(i - gw);
      if (gy < gh - 1 && on[i + gw] && !seen[i + gw]) (seen[i + gw] = 1), stack.push(i + gw);
    }
    regions.push(r);
  }
  return regions;
}
