// The one place that knows which extraction profiles exist (spec 1 "Extraction profiles",
// 9.3). Upload rules, billing, run versions, the extraction dispatch, the OpenAPI enums
// and the desk's profile list read it.
import type { ProfileDefinition } from './types.js';
import { genericProfile } from './generic/index.js';
import { energyProfile } from './energy/index.js';

export const PROFILES = [genericProfile, energyProfile] as const;

export type ExtractionProfile = (typeof PROFILES)[number]['id'];

/** Profile keys in registry order: the enum of `extraction_profile` everywhere. */
export const PROFILE_IDS: ExtractionProfile[] = PROFILES.map((p) => p.id);

export const DEFAULT_PROFILE: ExtractionProfile = 'generic';

const byId = new Map<string, ProfileDefinition>(PROFILES.map((p) => [p.id, p]));

export function findProfile(id: string): ProfileDefinition | null {
  return byId.get(id) ?? null;
}

/** A profile recorded on a document or run; an unknown key there is a programming error. */
export function requireProfile(id: string): ProfileDefinition {
  const p = byId.get(id);
  if (!p) throw new Error(`unknown extraction profile ${id}`);
  return p;
}
