// Page selection of analysis mode (spec R4).
export const VISUAL_PAGE_LIMIT = 200;

/**
 * Resolves a `pages` selection (`first`, `last`, `all`, 1-based numbers, comma separated)
 * to sorted page numbers. Numbers beyond the document are ignored; a selection that lies
 * wholly beyond it selects the first page. When the count is unknown, `last` and `all`
 * resolve within the visual processing limit. Single-page types collapse to page 1.
 */
export function resolvePageSelection(selection: string | null, pageCount: number | null, singlePageType = false): number[] {
  if (singlePageType) return [1];
  const bound = pageCount ?? VISUAL_PAGE_LIMIT;
  if (selection === null) return range(1, bound);
  const pages = new Set<number>();
  for (const raw of selection.split(',')) {
    const token = raw.trim();
    if (token === 'first') pages.add(1);
    else if (token === 'last') pages.add(bound);
    else if (token === 'all') range(1, bound).forEach((p) => pages.add(p));
    else {
      const n = Number(token);
      if (Number.isInteger(n) && n >= 1 && n <= bound) pages.add(n);
    }
  }
  if (pages.size === 0) pages.add(1);
  return [...pages].sort((a, b) => a - b);
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}
