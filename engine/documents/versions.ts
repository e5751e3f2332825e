// Version labels recorded on every run (spec 9.4): dated or dotted labels.
import type { ExtractionProfile } from '../billing/bands.js';
import type { ProcessingMode } from '../store/schema.js';

export const GENERIC_PROFILE_VERSION = '2026-11-25.1';
export const ENERGY_PROFILE_VERSION = '2.0.1';
export const ENERGY_SCHEMA_VERSION = '2.0.0';

export function profileVersionFor(profile: ExtractionProfile): string {
  return profile === 'generic' ? GENERIC_PROFILE_VERSION : ENERGY_PROFILE_VERSION;
}

export function runVersionsFor(mode: ProcessingMode, profile: ExtractionProfile) {
  const extraction = mode === 'extraction';
  return {
    extraction_profile: profile,
    profile_version: profileVersionFor(profile),
    extraction_schema_version: extraction ? (profile === 'generic' ? 'generic:2026-11-25.1' : ENERGY_SCHEMA_VERSION) : null,
    extractor_version: `docdesk-${mode}:2026-11-25.1`,
    ai_prompt_version: null,
    normalization_version: extraction ? 'normalize:2026-11-25.1' : null,
  };
}
