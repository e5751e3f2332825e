// Page-band arithmetic (spec section 8, credits). Pure functions; the per-band rate of a
// profile is the registry's `credit_cost`.
import { DEFAULT_PROFILE, requireProfile, type ExtractionProfile } from '../profiles/registry.js';

const PAGES_PER_BAND = 10;

/** Started 10-page bands: 1-10 pages = 1, 11-20 = 2, ... (0 or unknown counts as one band). */
function startedBands(pages: number | null): number {
  if (pages === null || pages <= 0) return 1;
  return Math.ceil(pages / PAGES_PER_BAND);
}

export function bandTotal(creditCost: number, pages: number | null): number {
  return creditCost * startedBands(pages);
}

/** Rate for a run: analysis and validation always use the generic rate (spec, modes table). */
export function creditCostFor(processingMode: string, profile: ExtractionProfile): { creditCost: number; source: string } {
  if (processingMode === 'extraction') {
    return { creditCost: requireProfile(profile).credit_cost, source: profile === DEFAULT_PROFILE ? 'generic_rate' : `profile_rate:${profile}` };
  }
  return { creditCost: requireProfile(DEFAULT_PROFILE).credit_cost, source: `${processingMode}_generic_rate` };
}
