// The generic profile (spec 1): the generic field map of extraction mode, one credit per
// band, no profile result. Its run is the pipeline's built-in extraction (pipeline/extraction.ts).
import type { ProfileDefinition } from '../types.js';

const GENERIC_PROFILE_ID = 'generic' as const;

export const genericProfile: ProfileDefinition<typeof GENERIC_PROFILE_ID> = {
  id: GENERIC_PROFILE_ID,
  profile_version: '2026-11-25.1',
  readable_versions: ['2026-11-25.1'],
  schema_version: 'generic:2026-11-25.1',
  credit_cost: 1,
  label: { en: 'Generic document', de: 'Allgemeines Dokument' },
  uploadRules: () => [],
  run: null,
  payload_schema: null,
  exports: {},
};
