// Page-band arithmetic (spec section 8, credits). Pure functions.
export const PAGES_PER_BAND = 10;

export const CREDIT_COST = {
  generic: 1,
  'de.energy.supply-invoice': 3,
} as const;

export type ExtractionProfile = keyof typeof CREDIT_COST;

/** Started 10-page bands: 1-10 pages = 1, 11-20 = 2, ... (0 or unknown counts as one band). */
export function startedBands(pages: number | null): number {
  if (pages === null || pages <= 0) return 1;
  return Math.ceil(pages / PAGES_PER_BAND);
}

export function bandTotal(creditCost: number, pages: number | null): number {
  return creditCost * startedBands(pages);
}

/** Rate for a run: analysis and validation always use the generic rate (spec, modes table). */
export function creditCostFor(processingMode: string, profile: ExtractionProfile): { creditCost: number; source: string } {
  if (processingMode === 'extraction') {
    return { creditCost: CREDIT_COST[profile], source: profile === 'generic' ? 'generic_rate' : `profile_rate:${profile}` };
  }
  return { creditCost: CREDIT_COST.generic, source: `${processingMode}_generic_rate` };
}
