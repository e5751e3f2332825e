// Version labels recorded on every run (spec 9.4): dated or dotted labels. The profile and
// schema versions of new uploads come from the registry; reprocessing copies the run's own.
import { requireProfile, type ExtractionProfile } from '../profiles/registry.js';
import type { ProcessingMode } from '../store/schema.js';

export function profileVersionFor(profile: ExtractionProfile): string {
  return requireProfile(profile).profile_version;
}

export function runVersionsFor(mode: ProcessingMode, profile: ExtractionProfile) {
  const extraction = mode === 'extraction';
  return {
    extraction_profile: profile,
    profile_version: profileVersionFor(profile),
    extraction_schema_version: extraction ? requireProfile(profile).schema_version : null,
    extractor_version: `docdesk-${mode}:2026-11-25.1`,
    ai_prompt_version: null,
    normalization_version: extraction ? 'normalize:2026-11-25.1' : null,
  };
}
