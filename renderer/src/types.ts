// Shapes of the engine's answers the renderer reads (spec section 2, docs/desk-api.md).
export type DocumentStatus = 'pending' | 'completed' | 'error' | 'blocked';
export type ProcessingMode = 'extraction' | 'analysis' | 'validation' | 'thumbnail';

export interface Session {
  account: { id: number; name: string; status: string; rate_limit_profile: string; available_credits: number };
  token: { id: number; name: string; mode: 'live' | 'test'; abilities: string[] };
  can_manage_workspace: boolean;
  data_dir?: string;
  version: string;
}

export interface Progress {
  pages_total: number;
  pages_done: number;
}

export interface InboxRow {
  id: number;
  filename: string;
  file_format: string;
  status: DocumentStatus;
  processing_stage: string | null;
  processing_progress: Progress | null;
  processing_mode: ProcessingMode;
  processing_lane: string;
  extraction_profile: string;
  mode: 'live' | 'test';
  page_count: number | null;
  credits_charged: number | null;
  review_status: string | null;
  blocked_reason: string | null;
  processing_error: string | null;
  thumbnail_url: string | null;
  duplicate_of?: number[] | null;
  duplicate_reason?: 'same_file' | 'same_invoice' | null;
  created_at: string;
  completed_at: string | null;
}

export interface InboxQuery {
  status: string;
  processing_mode: string;
  extraction_profile: string;
  review_status: string;
  q: string;
  sort: string;
}

export interface Preview {
  id: number;
  filename: string;
  file_format: string;
  file_size: number;
  preview: string;
}

export interface Run {
  id: number;
  mode: string;
  processing_lane: string;
  status: string;
  blocked_reason: string | null;
  error_code: string | null;
  error_message: string | null;
  credits_charged: number | null;
  extraction_schema_version: string | null;
  extractor_version: string | null;
  normalization_version: string | null;
  extraction_profile: string;
  profile_version: string;
  billing_mode: string;
  credit_cost: number;
  quality: Quality | null;
  started_at: string | null;
  completed_at: string | null;
  created_at: string | null;
}

export interface Quality {
  status: 'normal' | 'degraded';
  degraded: boolean;
  reasons: string[];
  pdf: null | {
    page_count: number;
    native_text_available: boolean;
    ocr_attempted_pages: number;
    ocr_successful_pages: number;
    ocr_page_limit_reached: boolean;
    failed_pages: number[];
    skipped_pages: number[];
    empty_pages: number[];
    blank_pages: number[];
    unreliable_pages: number[];
    embedded_files?: Array<{ filename: string; size: number; mime: string }>;
  };
  email: null | {
    attachments_total?: number;
    components?: Array<{ ref: string; filename: string; format: string }>;
    failed_attachments?: Array<{ filename: string; reason: string }>;
    unsupported_attachments?: Array<{ filename: string; reason: string }>;
    over_limit_attachments?: Array<{ filename: string; reason: string }>;
    ignored_decoration?: string[];
    body_truncated?: boolean;
    several_document_candidates?: boolean;
  };
  structured: null | { detection_status?: string; assessment?: string; validation_status?: string; detected?: Array<{ syntax: string; embedded_filename: string | null }> };
}

export interface DocumentObject {
  id: number;
  mode: 'live' | 'test';
  processing_mode: ProcessingMode;
  processing_lane: string;
  pages?: string | null;
  status: DocumentStatus;
  processing_stage: string | null;
  processing_error: string | null;
  blocked_reason?: string | null;
  filename: string;
  file_format: string;
  file_size?: number;
  requester?: string | null;
  locale?: string | null;
  custom_types?: string[] | null;
  number_of_pages?: number | null;
  extracted_text?: string | null;
  origin: string | null;
  ai_processing: boolean;
  extraction_profile?: string;
  is_e_invoice?: boolean;
  thumbnail: string | null;
  previews: Preview[] | null;
  extractions: Record<string, ExtractionField> | unknown[] | null;
  latest_extraction_run: Run | null;
  processing_progress?: Progress | null;
  processing_started_at?: string | null;
  processed_at?: string | null;
  duplicate_of?: number[] | null;
  duplicate_reason?: 'same_file' | 'same_invoice' | null;
  created_at: string;
  updated_at: string;
}

export interface Token {
  id: number;
  name: string;
  mode: 'live' | 'test';
  abilities: string[];
  token_prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface Webhook {
  id: number;
  url: string;
  events: string[];
  active: boolean;
  created_at: string;
}

export interface Delivery {
  id: number;
  delivery_id: string;
  event: string;
  document_id: number | null;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
  next_attempt_at: string | null;
}

export interface LedgerEntry {
  id: number;
  kind: 'grant' | 'apply_first_band' | 'adjust_bands' | 'return' | 'reprocess';
  amount: number;
  document_id: number | null;
  run_id: number | null;
  note: string | null;
  created_at: string;
}

export interface Credits {
  available_credits: number;
  entries: LedgerEntry[];
}

/** Spec 2.6 field object; provenance as documented in docs/decisions.md. */
export interface ExtractionField {
  value: unknown;
  candidates: unknown[] | null;
  provenance: { method: string; source: { component_ref: string; page: number | null; text: string } | null } | null;
}

/** A folder the server imports from (docs/desk-api.md, watched folders). */
export interface WatchFolder {
  id: number;
  path: string;
  processing_mode: ProcessingMode;
  extraction_profile: string | null;
  pages: string | null;
  after_import: 'keep' | 'move' | 'mark';
  done_folder: string | null;
  active: boolean;
  last_scan_at: string | null;
  last_error: string | null;
  counts: { imported: number; skipped: number; failed: number };
  recent: Array<{ path: string; status: 'imported' | 'skipped' | 'failed'; document_id: number | null; error: string | null; at: string }>;
  created_at: string;
}
