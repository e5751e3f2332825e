// Resource schemas shared by several routes (spec section 2 and 7). Route modules
// reference them; the OpenAPI builder publishes them under components.schemas.
import type { JsonSchema, ResponseDoc } from './route.js';
import { PROFILES, PROFILE_IDS } from '../profiles/registry.js';
import { profileSchemas } from './profile-schemas.js';

const ts = { type: ['string', 'null'], format: 'date-time' };
const str = { type: 'string' };
const nstr = { type: ['string', 'null'] };
const int = { type: 'integer' };
const nint = { type: ['integer', 'null'] };
const bool = { type: 'boolean' };
const nobj = { type: ['object', 'null'] };
const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const strs = { type: 'array', items: str };
const ints = { type: 'array', items: int };
const namedReasons = { type: 'array', items: { type: 'object', required: ['filename', 'reason'], properties: { filename: str, reason: str } } };

export const componentSchemas: Record<string, JsonSchema> = {
  Error: {
    type: 'object',
    required: ['message', 'code', 'request_id'],
    properties: {
      message: str,
      code: str,
      request_id: str,
      errors: { type: 'object', additionalProperties: { type: 'array', items: str } },
      retry_after: nint,
      available_credits: int,
      required_credits: int,
      // The blocked document of a 402, or only the id of the cleanup-only document of an
      // interrupted upload (409 `document_created`).
      document: { anyOf: [ref('Document'), ref('DocumentReference')] },
      account_daily_document_limit: int,
      user_daily_document_limit: int,
      token_daily_document_limit: int,
      expected_lock_version: int,
      current_lock_version: int,
      conflict_reason: str,
      document_ids: { type: 'array', items: int },
      rate_limit_profile: str,
      rate_limit_scope: str,
      rate_limit_window: str,
      rate_limit_limit: int,
    },
  },
  Quality: {
    type: ['object', 'null'],
    required: ['status', 'degraded', 'reasons'],
    properties: {
      status: { enum: ['normal', 'degraded'] },
      degraded: bool,
      reasons: { type: 'array', items: str },
      ai: ref('AiQuality'),
      pdf: ref('PdfQuality'),
      email: ref('EmailQuality'),
      structured: ref('StructuredQuality'),
    },
  },
  // quality.ai (docs/decisions.md, AI assistance).
  AiQuality: {
    type: ['object', 'null'],
    required: ['status'],
    properties: {
      status: { enum: ['disabled', 'not_configured', 'completed', 'degraded', 'unavailable'] },
      reason: nstr,
      provider: nstr,
      model: nstr,
      conflict_fields: strs,
      rejected_fields: strs,
      recovered_fields: strs,
      changed_fields: strs,
    },
  },
  // quality.pdf: page-level reading facts; page lists are physical page numbers.
  PdfQuality: {
    type: ['object', 'null'],
    required: ['page_count', 'native_text_available', 'ocr_attempted_pages', 'ocr_successful_pages', 'failed_pages', 'skipped_pages', 'empty_pages', 'blank_pages', 'unreliable_pages'],
    properties: {
      page_count: int,
      page_count_known: bool,
      native_text_available: bool,
      native_text_truncated: bool,
      ocr_attempted_pages: int,
      ocr_successful_pages: int,
      ocr_page_limit_reached: bool,
      ocr_page_limit: int,
      pages_beyond_ocr_limit: int,
      failed_pages: ints,
      skipped_pages: ints,
      empty_pages: ints,
      blank_pages: ints,
      conflict_pages: ints,
      unreliable_pages: ints,
      limited_pages: ints,
      embedded_files: { type: 'array', items: { type: 'object', required: ['filename', 'size'], properties: { filename: str, size: int, mime: nstr } } },
    },
  },
  // quality.email (docs/quality-email.md).
  EmailQuality: {
    type: ['object', 'null'],
    properties: {
      container_format: { enum: ['eml', 'msg'] },
      container_bytes: int,
      bounded: bool,
      attachments_total: int,
      attachments_considered: int,
      components: { type: 'array', items: { type: 'object', required: ['ref', 'filename', 'format'], properties: { ref: str, filename: str, format: str } } },
      ignored_decoration: strs,
      unsupported_attachments: namedReasons,
      failed_attachments: namedReasons,
      over_limit_attachments: namedReasons,
      body_source: { enum: ['text', 'html', 'none'] },
      body_truncated: bool,
      several_document_candidates: bool,
      document_candidates: { type: 'array' },
      selected_component: nstr,
      selection_reason: nstr,
    },
  },
  // Spec 2.3 quality.structured (contract_version 1); values decided in docs/decisions.md.
  StructuredQuality: {
    type: ['object', 'null'],
    properties: {
      contract_version: { enum: [1] },
      detection_status: { enum: ['recognized', 'not_detected', 'inconclusive'] },
      syntax: { enum: ['ubl', 'cii', 'zugferd1', null] },
      document_kind: { enum: ['invoice', 'credit_note', null] },
      profile: nstr,
      specification_id: nstr,
      supported: bool,
      retryable: bool,
      detected: {
        type: 'array',
        description: 'Analysis mode: the invoice XML found (standalone or embedded), without validation.',
        items: { type: 'object', required: ['syntax'], properties: { syntax: str, root: nstr, specification_id: nstr, embedded_filename: nstr } },
      },
      conflict_fields: { type: 'array', items: str, description: 'Extraction mode: fields where the visible text disagrees with the invoice XML.' },
      visualization: { enum: ['html', null], description: 'Analysis mode: an HTML rendering of the invoice XML is among the previews.' },
      validation_status: { enum: ['valid', 'valid_with_warnings', 'invalid', 'unsupported', 'not_evaluable', 'not_validated', 'unavailable'] },
      validation_scope: { enum: ['xml_profile_conformance', 'structural_and_business', 'none'] },
      assessment: { enum: ['pass', 'pass_with_warnings', 'fail', 'indeterminate', 'not_applicable'] },
      reason: nstr,
      validation_errors: {
        type: ['object', 'null'],
        required: ['errors', 'warnings', 'information', 'counts'],
        properties: {
          errors: { type: 'array', items: str },
          warnings: { type: 'array', items: str },
          information: { type: 'array', items: str },
          counts: { type: 'object', required: ['error', 'warning', 'information'], properties: { error: int, warning: int, information: int } },
          truncated: bool,
        },
      },
      validator: { type: ['object', 'null'], properties: { engine: str, engine_version: str, configuration: str, standard: nstr, scenario: nstr } },
      source: { type: ['object', 'null'], properties: { origin: { enum: ['standalone', 'pdf_embedded', 'email_attachment'] }, filename: str, size: int } },
      embedded_xml_candidates: { type: 'array', items: { type: 'object', properties: { filename: str, size: int, origin: str, component_ref: str, status: { enum: ['invoice', 'not_safely_evaluable', 'inconclusive', 'not_invoice', 'not_examined'] } } } },
      linkage: {
        type: ['object', 'null'],
        description: 'Hybrid-PDF linkage by rendered OCR (spec R5): field names only, never values.',
        required: ['status'],
        properties: {
          status: { enum: ['linked', 'conflict', 'not_linked', 'indeterminate'] },
          text_source: { enum: ['rendered_ocr'] },
          ocr_pages: { type: 'array', items: int },
          ocr_page_limit: int,
          pages_beyond_ocr_limit: int,
          checked_fields: { type: 'array', items: str },
          matched_fields: { type: 'array', items: str },
          partial_fields: { type: 'array', items: str },
          missing_fields: { type: 'array', items: str },
          conflict_fields: { type: 'array', items: str },
        },
      },
    },
  },
  ExtractionRun: {
    type: 'object',
    required: ['id', 'mode', 'processing_lane', 'status', 'credits_charged', 'extraction_profile', 'billing_mode', 'credit_cost', 'credit_cost_source'],
    properties: {
      id: int,
      mode: { enum: ['live', 'test'] },
      processing_lane: { enum: ['standard', 'batch'] },
      source: { enum: ['api', 'app', 'mcp', 'x402', null] },
      status: { enum: ['pending', 'processing', 'completed', 'blocked', 'error'] },
      blocked_reason: nstr,
      error_code: nstr,
      error_message: nstr,
      credits_charged: nint,
      extraction_schema_version: nstr,
      extractor_version: nstr,
      ai_prompt_version: nstr,
      normalization_version: nstr,
      extraction_profile: str,
      profile_version: str,
      ai_model: nstr,
      ai_reasoning_effort: nstr,
      strategies_used: { type: ['array', 'null'] },
      provenance_summary: nobj,
      billing_mode: str,
      credit_cost: int,
      credit_cost_source: str,
      quality: ref('Quality'),
      started_at: ts,
      completed_at: ts,
      created_at: ts,
    },
  },
  // Spec 2.6; provenance per docs/decisions.md (Extraction mode).
  ExtractionField: {
    type: 'object',
    required: ['value', 'candidates', 'provenance'],
    properties: {
      value: { type: ['string', 'number', 'array', 'object', 'null'] },
      candidates: { type: ['array', 'null'], items: { type: 'object' } },
      provenance: {
        type: ['object', 'null'],
        required: ['method', 'source', 'derived_from', 'transforms'],
        properties: {
          method: str,
          source: {
            type: ['object', 'null'],
            properties: {
              component_ref: str,
              page: nint,
              bbox: { type: ['object', 'null'], description: 'Top-left origin, in the units of page_size.', properties: { x: { type: 'number' }, y: { type: 'number' }, w: { type: 'number' }, h: { type: 'number' } } },
              page_size: {
                type: ['object', 'null'],
                description: 'Docdesk addition: the page size in the bbox units (PDF points, image pixels), so bbox/page_size places the box on any page preview; null when the box is not page geometry.',
                properties: { width: { type: 'number' }, height: { type: 'number' } },
              },
              text: str,
            },
          },
          derived_from: { type: 'array', items: str },
          transforms: { type: 'array', items: str },
        },
      },
    },
  },
  /** Fields keyed by name (extraction mode), or an empty array (other modes). */
  Extractions: { anyOf: [{ type: 'object', additionalProperties: ref('ExtractionField') }, { type: 'array', maxItems: 0 }] },
  Preview: {
    type: 'object',
    required: ['id', 'filename', 'file_format', 'file_size', 'preview'],
    properties: { id: int, filename: str, file_format: str, file_size: int, preview: { type: 'string', format: 'uri' } },
  },
  DocumentReference: {
    type: 'object',
    required: ['id'],
    additionalProperties: false,
    properties: { id: int },
  },
  Document: {
    type: 'object',
    required: ['id', 'mode', 'processing_mode', 'processing_lane', 'status', 'filename', 'file_format', 'ai_processing', 'created_at', 'updated_at'],
    properties: {
      id: int,
      mode: { enum: ['live', 'test'] },
      processing_mode: { enum: ['extraction', 'analysis', 'validation', 'thumbnail'] },
      processing_lane: { enum: ['standard', 'batch'] },
      pages: nstr,
      status: { enum: ['pending', 'completed', 'error', 'blocked'] },
      processing_stage: nstr,
      processing_error: nstr,
      blocked_reason: nstr,
      scanner_status: { enum: ['clean', 'rejected', null] },
      scanner_provider: nstr,
      scanner_message: nstr,
      scanned_at: ts,
      processing_started_at: ts,
      processed_at: ts,
      filename: str,
      file_format: str,
      file_size: int,
      additional_text: nstr,
      additional_text_plain: nstr,
      custom_types: { type: ['array', 'null'], items: str },
      requester: nstr,
      locale: nstr,
      number_of_pages: nint,
      extracted_text: nstr,
      extracted_text_plain: nstr,
      origin: { enum: ['api', 'app', 'mcp', 'x402', null] },
      ai_processing: bool,
      extraction_profile: { enum: PROFILE_IDS },
      is_e_invoice: bool,
      thumbnail: { type: ['string', 'null'], format: 'uri' },
      previews: { type: ['array', 'null'], items: ref('Preview') },
      extractions: { anyOf: [ref('Extractions'), { type: 'null' }] },
      latest_extraction_run: { oneOf: [ref('ExtractionRun'), { type: 'null' }] },
      sector_extraction_summary: { anyOf: [ref('SectorExtractionSummary'), { type: 'null' }] },
      processing_progress: {
        type: ['object', 'null'],
        description: 'Docdesk addition: pages done of the pages to process, once the page count is known.',
        required: ['pages_done', 'pages_total'],
        properties: { pages_done: int, pages_total: int },
      },
      duplicate_of: {
        type: ['array', 'null'],
        items: int,
        description: 'Docdesk addition: ids of earlier documents of the account this one repeats (a warning; nothing is blocked or merged). Null when none.',
      },
      duplicate_reason: {
        enum: ['same_file', 'same_invoice', null],
        description: 'Docdesk addition: `same_file` = identical content (SHA-256); `same_invoice` = same sender, document number and gross amount.',
      },
      created_at: ts,
      updated_at: ts,
    },
  },
  ...profileSchemas,
};

componentSchemas.SectorExtractionSummary = {
  type: 'object',
  description: 'Spec 2.7: compact profile result summary.',
  required: ['id', 'extraction_run_id', 'profile', 'profile_version', 'schema_version', 'machine_outcome', 'effective_outcome', 'handoff_status', 'lock_version', 'etag'],
  properties: {
    id: int, extraction_run_id: int, profile: { enum: PROFILE_IDS }, profile_version: str, schema_version: str,
    machine_outcome: { enum: ['accepted', 'needs_review', 'unsupported', 'failed'] },
    effective_outcome: { enum: ['accepted', 'needs_review', 'unsupported', 'failed', 'rejected'] },
    handoff_status: { enum: ['pending_review', 'accepted', 'blocked', 'rejected', 'not_applicable'] },
    review_reasons: { type: 'array', items: str }, handoff_review_reasons: { type: 'array', items: str }, warnings: { type: 'array', items: str },
    lock_version: int, etag: str, extractions_url: { type: 'string', format: 'uri' },
    exports: { type: 'object', additionalProperties: ref('ExportDescriptor') },
  },
};

/** Component name of a profile's payload schema (machine_payload / effective_payload). */
function profilePayloadSchemaName(profileId: string): string {
  return `ProfilePayload_${profileId.replace(/[^A-Za-z0-9]+/g, '_')}`;
}
for (const p of PROFILES) if (p.payload_schema) componentSchemas[profilePayloadSchemaName(p.id)] = p.payload_schema as JsonSchema;
/** `machine_payload` / `effective_payload` of any registered profile, or null (a failed result). */
componentSchemas.ProfilePayload = { anyOf: [...PROFILES.filter((p) => p.payload_schema).map((p) => ref(profilePayloadSchemaName(p.id))), { type: 'null' }] };

export const schemaRef = ref;

export const documentParam: JsonSchema = {
  type: 'object',
  required: ['document'],
  properties: { document: { type: 'integer', minimum: 1 } },
};

export function errorResponse(description: string): ResponseDoc {
  return { description, schema: ref('Error') };
}

export const commonErrors = {
  401: errorResponse('Missing, invalid or revoked token.'),
  403: errorResponse('The token lacks the required ability or cannot access the resource.'),
  404: errorResponse('No such resource in this account.'),
  429: errorResponse('Rate limit exceeded; wait the full Retry-After.'),
} satisfies Record<number, ResponseDoc>;
