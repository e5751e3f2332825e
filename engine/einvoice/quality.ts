// The assessment object `quality.structured` (spec 2.3): its types, the empty starting value
// for a detection and the internal-failure verdict. Kept apart from the validator so that
// code which only reports verdicts (the engine's pipeline, the CLI) does not load the XML
// Schema engine.
import type { InvoiceDetection } from './detect.js';
import { CONFIGURATION } from './scenario.js';

export const ENGINE_VERSION = '1.0.0';
export const CONTRACT_VERSION = 1;

/**
 * validation_status values (decided, docs/decisions.md): valid, valid_with_warnings, invalid,
 * unsupported, not_evaluable (input not safely evaluable: too large, DTD, not well-formed),
 * not_validated (no invoice detected, or the detection was inconclusive), unavailable
 * (internal failure of the validator; retryable).
 */
export type ValidationStatus = 'valid' | 'valid_with_warnings' | 'invalid' | 'unsupported' | 'not_evaluable' | 'not_validated' | 'unavailable';
export type Assessment = 'pass' | 'pass_with_warnings' | 'fail' | 'indeterminate' | 'not_applicable';

export interface ValidationErrors {
  /** Rule ids at error level (schema failures as KoSIT's `cvc-*` codes), sorted, bounded. */
  errors: string[];
  warnings: string[];
  information: string[];
  counts: { error: number; warning: number; information: number };
  truncated: boolean;
}

export interface StructuredQuality {
  contract_version: 1;
  detection_status: InvoiceDetection['detection_status'];
  syntax: InvoiceDetection['syntax'] | null;
  document_kind: InvoiceDetection['document_kind'] | null;
  profile: InvoiceDetection['profile'] | null;
  specification_id: string | null;
  supported: boolean;
  validation_status: ValidationStatus;
  validation_scope: 'xml_profile_conformance' | 'structural_and_business' | 'none';
  assessment: Assessment;
  /** Machine-readable reason for fail/indeterminate/not_applicable outcomes that are not rule findings. */
  reason: string | null;
  validation_errors: ValidationErrors;
  validator: { engine: 'docdesk'; engine_version: string; configuration: string; standard: string | null; scenario: string | null };
  /** True only for validation_status 'unavailable': the pipeline retries before reporting it. */
  retryable: boolean;
}

const NO_ERRORS: ValidationErrors = { errors: [], warnings: [], information: [], counts: { error: 0, warning: 0, information: 0 }, truncated: false };

export function base(d: InvoiceDetection): StructuredQuality {
  return {
    contract_version: 1,
    detection_status: d.detection_status,
    syntax: d.syntax ?? null,
    document_kind: d.document_kind ?? null,
    profile: d.profile ?? null,
    // A known standard identifier only: an unknown one is document text and stays out.
    specification_id: d.specification_id !== undefined && d.profile !== undefined && d.profile !== 'unknown' ? d.specification_id.slice(0, 200) : null,
    supported: d.supported,
    validation_status: 'not_validated',
    validation_scope: 'none',
    assessment: 'not_applicable',
    reason: null,
    validation_errors: NO_ERRORS,
    validator: { engine: 'docdesk', engine_version: ENGINE_VERSION, configuration: CONFIGURATION, standard: null, scenario: null },
    retryable: false,
  };
}

/** An internal failure: never "valid", and the pipeline may retry. */
export function unavailable(d?: InvoiceDetection): StructuredQuality {
  return { ...base(d ?? { detection_status: 'inconclusive', supported: false }), validation_status: 'unavailable', assessment: 'indeterminate', reason: 'validator_unavailable', retryable: true };
}
