// Schemas of profile results (spec 2.8-2.10) and review bodies (4.14), published under
// components.schemas beside the shared resource schemas (schemas.ts spreads them in; it also
// adds `ProfilePayload`, the registered payload schemas or null).
import type { JsonSchema } from './route.js';

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const str = { type: 'string' };
const nstr = { type: ['string', 'null'] };
const int = { type: 'integer' };
const nint = { type: ['integer', 'null'] };
const ts = { type: ['string', 'null'], format: 'date-time' };
const strings = { type: 'array', items: str };
const outcome = { enum: ['accepted', 'needs_review', 'unsupported', 'failed', 'rejected'] };
const handoff = { enum: ['pending_review', 'accepted', 'blocked', 'rejected', 'not_applicable'] };
const bbox = { type: ['object', 'null'], required: ['x', 'y', 'w', 'h'], properties: { x: { type: 'number' }, y: { type: 'number' }, w: { type: 'number' }, h: { type: 'number' } }, description: 'PDF points of the rendered page, origin top-left.' };
const sources = ['native_text', 'embedded_ocr', 'tesseract_ocr', 'combined'];

const DECISION_PROPERTIES: Record<string, JsonSchema> = {
  id: int,
  action: { enum: ['confirm', 'correct', 'reject'] },
  invoice_ref: nstr,
  entity_ref: nstr,
  field: nstr,
  reason: nstr,
  previous_value: {},
  corrected_value: {},
  evidence_reference: { anyOf: [ref('ProfileEvidenceReference'), { type: 'null' }] },
  review_duration_seconds: { type: ['integer', 'null'], minimum: 1, maximum: 86400, description: 'null means unmeasured, never zero.' },
  reviewer_user_id: nint,
  account_api_token_id: nint,
  previous_effective_outcome: outcome,
  resulting_effective_outcome: outcome,
  previous_handoff_status: handoff,
  resulting_handoff_status: handoff,
  expected_lock_version: int,
  resulting_lock_version: int,
  idempotency_key_prefix: str,
  created_at: ts,
};

export const profileSchemas: Record<string, JsonSchema> = {
  /** 409 `profile_export_not_ready` of a single export (spec 4.12): the envelope plus the result's current state. */
  ProfileExportNotReady: {
    allOf: [ref('Error'), { type: 'object', required: ['effective_outcome', 'handoff_status'], properties: { effective_outcome: outcome, handoff_status: handoff, review_reasons: strings, handoff_review_reasons: strings } }],
  },
  ProfileEvidence: {
    type: 'object',
    required: ['entity_ref', 'field', 'field_status', 'component_ref', 'physical_page', 'text', 'source', 'match'],
    properties: {
      invoice_ref: str,
      entity_ref: str,
      field: str,
      field_status: str,
      component_ref: str,
      physical_page: { type: 'integer', minimum: 1 },
      printed_page: nstr,
      label: nstr,
      text: str,
      source: { enum: sources },
      match: { enum: ['exact', 'normalized', 'manual'] },
      bbox,
      page_size: {
        anyOf: [
          { type: 'object', required: ['width', 'height', 'unit'], properties: { width: { type: 'number' }, height: { type: 'number' }, unit: { const: 'pt' } }, additionalProperties: false },
          { type: 'null' },
        ],
        description: 'The page bbox is measured on: PDF points of the page as rendered (after /Rotate), origin top-left, y down. Place a box on a page image by x/width, y/height.',
      },
      unconfirmed: { type: 'string', description: 'Why the span alone does not settle the value (the policy then reports unconfirmed_value unless a check confirms it).' },
      reviewer_transcribed: { type: 'boolean' },
    },
  },
  EvidencePage: {
    type: 'object',
    required: ['physical_page', 'available', 'preview_url'],
    properties: { physical_page: { type: 'integer', minimum: 1 }, available: { type: 'boolean' }, preview_url: { type: ['string', 'null'], format: 'uri' } },
  },
  ExportDescriptor: {
    type: 'object',
    required: ['url', 'contract_version', 'available'],
    properties: { url: { type: 'string', format: 'uri' }, filename: str, content_type: str, contract_version: str, batch: { type: 'boolean' }, available: { type: 'boolean' } },
  },
  ReviewDecision: {
    type: 'object',
    required: ['id', 'action', 'expected_lock_version', 'resulting_lock_version'],
    properties: DECISION_PROPERTIES,
  },
  /** Stored reviewer evidence (V6): always `match=manual`, `reviewer_transcribed=true`. */
  ProfileEvidenceReference: {
    type: 'object',
    required: ['component_ref', 'physical_page', 'text', 'source', 'match', 'reviewer_transcribed'],
    properties: { component_ref: str, physical_page: int, printed_page: nstr, label: nstr, text: str, source: { enum: sources }, match: { const: 'manual' }, bbox, reviewer_transcribed: { const: true } },
  },
  SectorExtraction: {
    type: 'object',
    required: ['id', 'document_id', 'extraction_run_id', 'profile', 'profile_version', 'schema_version', 'machine_outcome', 'effective_outcome', 'handoff_status', 'lock_version', 'etag', 'review_decisions', 'exports'],
    properties: {
      id: int,
      document_id: int,
      extraction_run_id: int,
      profile: str,
      profile_version: str,
      schema_version: str,
      machine_outcome: { enum: ['accepted', 'needs_review', 'unsupported', 'failed'] },
      effective_outcome: outcome,
      handoff_status: handoff,
      review_reasons: strings,
      handoff_review_reasons: strings,
      warnings: strings,
      lock_version: int,
      etag: str,
      acceptance_source: { enum: ['machine', 'human_review', null] },
      reviewed_at: ts,
      machine_payload: ref('ProfilePayload'),
      effective_payload: ref('ProfilePayload'),
      validation_summary: { type: 'object' },
      source_components: { type: 'array', items: { type: 'object' } },
      evidence: { type: 'array', items: ref('ProfileEvidence'), description: 'Only with include=evidence.' },
      evidence_pages: { type: 'array', items: ref('EvidencePage'), description: 'Only with include=evidence; ascending physical pages.' },
      review_decisions: { type: 'array', items: ref('ReviewDecision') },
      exports: { type: 'object', additionalProperties: ref('ExportDescriptor') },
      created_at: ts,
      updated_at: ts,
    },
  },
  /** What a review-only token receives after its write (spec 4.14). */
  SectorExtractionAudit: {
    type: 'object',
    required: ['id', 'machine_outcome', 'effective_outcome', 'handoff_status', 'lock_version', 'etag'],
    additionalProperties: false,
    properties: { id: int, machine_outcome: { enum: ['accepted', 'needs_review', 'unsupported', 'failed'] }, effective_outcome: outcome, handoff_status: handoff, lock_version: int, etag: str },
  },
  ReviewDecisionAudit: {
    type: 'object',
    description: 'A decision without field values or evidence (review-only tokens).',
    required: ['id', 'action', 'expected_lock_version', 'resulting_lock_version'],
    additionalProperties: false,
    properties: Object.fromEntries(Object.entries(DECISION_PROPERTIES).filter(([k]) => !['previous_value', 'corrected_value', 'evidence_reference'].includes(k))),
  },
};

/** Spec 4.14 request body; the energy profile's rules (V1-V7) apply beyond this shape. */
export const reviewRequestSchema: JsonSchema = {
  type: 'object',
  required: ['action'],
  properties: {
    action: { enum: ['confirm', 'correct', 'reject'] },
    invoice_ref: { type: 'string', description: 'Required for confirm and correct; omitted for reject.' },
    entity_ref: { type: 'string' },
    field: { type: 'string' },
    corrected_value: {
      anyOf: [
        { type: 'string', minLength: 1 },
        { type: 'object', description: 'billing_period/period {start, end}; an address {street, house_number, postal_code, city, country_code, raw?}; a reading {date, value, kind}.' },
      ],
    },
    reason: { type: 'string', description: 'Required for reject.' },
    review_duration_seconds: { type: ['integer', 'null'], minimum: 1, maximum: 86400 },
    evidence_reference: {
      type: 'object',
      required: ['component_ref', 'physical_page', 'text', 'source'],
      properties: { component_ref: str, physical_page: { type: 'integer', minimum: 1 }, printed_page: nstr, label: nstr, text: str, source: { enum: sources }, match: { type: 'string', description: 'manual, or omitted: reviewer-supplied evidence is always stored as transcribed (V6).' }, bbox },
    },
  },
};
