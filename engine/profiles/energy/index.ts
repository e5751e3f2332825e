// Registration of `de.energy.supply-invoice` (spec 1, 8, 9.3): PDF only, extraction mode
// only, AI allowed; 3 credits per started 10-page band; profile 2.0.1 / schema 2.0.0 for new
// uploads, 2.0.0 still readable.
import type { ExportProjection, ProfileDefinition } from '../types.js';
import { energyProjections } from './exports.js';
import { ENERGY_PROFILE_ID, ENERGY_PROFILE_VERSION, ENERGY_SCHEMA_VERSION } from './payload.js';
import { runEnergyProfile } from './run.js';
import { energyReviewer } from './reviewer.js';
import { ENERGY_PAYLOAD_SCHEMA } from './schema.js';

/** Spec 1 / 2.7: the registered projections (`canonical_json`, `invoice_lines_csv`), by name. */
export const ENERGY_EXPORTS: Record<string, ExportProjection> = Object.fromEntries(energyProjections.map((p) => [p.name, p]));

export const energyProfile: ProfileDefinition<typeof ENERGY_PROFILE_ID> = {
  id: ENERGY_PROFILE_ID,
  profile_version: ENERGY_PROFILE_VERSION,
  readable_versions: ['2.0.0', ENERGY_PROFILE_VERSION],
  schema_version: ENERGY_SCHEMA_VERSION,
  credit_cost: 3,
  label: { en: 'German energy supply invoice', de: 'Energieabrechnung (Strom/Gas)' },
  uploadRules(input) {
    const errors = [];
    if (input.processing_mode !== 'extraction') errors.push({ field: 'extraction_profile', message: `The ${ENERGY_PROFILE_ID} profile requires extraction mode.` });
    if (input.file_family !== null && input.file_family !== 'pdf') errors.push({ field: 'extraction_profile', message: `The ${ENERGY_PROFILE_ID} profile accepts only PDF files.` });
    if (!input.allow_ai_processing) errors.push({ field: 'allow_ai_processing', message: `The ${ENERGY_PROFILE_ID} profile requires AI processing to be allowed.` });
    return errors;
  },
  run: runEnergyProfile,
  payload_schema: ENERGY_PAYLOAD_SCHEMA,
  exports: ENERGY_EXPORTS,
  reviewer: energyReviewer,
};
