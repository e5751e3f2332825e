// Typed tables of the one SQLite file. Column names follow the spec's field names where
// a column backs a published field; JSON columns hold serialized arrays/objects.
import type { Generated } from 'kysely';

export type TokenMode = 'live' | 'test';
export type ProcessingMode = 'extraction' | 'analysis' | 'validation' | 'thumbnail';
export type ProcessingLane = 'standard' | 'batch';
export type DocumentStatus = 'pending' | 'completed' | 'error' | 'blocked';
export type RunStatus = 'pending' | 'processing' | 'completed' | 'blocked' | 'error';
export type RateLimitProfile = 'restricted' | 'standard' | 'trusted' | 'high_volume' | 'enterprise';

export interface AccountsTable {
  id: Generated<number>;
  name: string;
  status: 'active' | 'suspended';
  rate_limit_profile: RateLimitProfile;
  batch_lane_eligible: number;
  concurrent_standard_limit: number;
  /** The upload scanner accepts PDFs with document JavaScript (off by default). */
  allow_pdf_javascript: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface UsersTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  role: 'owner' | 'member' | 'reviewer';
  created_at: string;
}

export interface ApiTokensTable {
  id: Generated<number>;
  account_id: number;
  user_id: number;
  name: string;
  mode: TokenMode;
  abilities: string;
  token_hash: string;
  token_prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface CreditLedgerTable {
  id: Generated<number>;
  account_id: number;
  document_id: number | null;
  run_id: number | null;
  kind: 'grant' | 'apply_first_band' | 'adjust_bands' | 'return' | 'reprocess';
  amount: number;
  note: string | null;
  created_at: string;
}

export interface DocumentsTable {
  id: Generated<number>;
  account_id: number;
  user_id: number;
  token_id: number | null;
  mode: TokenMode;
  processing_mode: ProcessingMode;
  processing_lane: ProcessingLane;
  pages: string | null;
  status: DocumentStatus;
  processing_stage: string | null;
  processing_error: string | null;
  blocked_reason: string | null;
  scanner_status: 'clean' | 'rejected' | null;
  scanner_provider: string | null;
  scanner_message: string | null;
  scanned_at: string | null;
  processing_started_at: string | null;
  processed_at: string | null;
  filename: string;
  file_format: string;
  file_size: number;
  file_sha256: string;
  blob_path: string | null;
  additional_text: string | null;
  custom_types: string | null;
  requester: string | null;
  locale: string | null;
  number_of_pages: number | null;
  extracted_text: string | null;
  extracted_text_plain: string | null;
  origin: 'api' | 'app' | 'mcp' | 'x402' | null;
  ai_processing: number;
  extraction_profile: string;
  profile_version: string;
  is_e_invoice: number;
  thumbnail_path: string | null;
  progress_pages_done: number | null;
  progress_pages_total: number | null;
  /** JSON array of earlier document ids this one repeats (a warning, never a block). */
  duplicate_of: string | null;
  duplicate_reason: 'same_file' | 'same_invoice' | null;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ExtractionRunsTable {
  id: Generated<number>;
  document_id: number;
  account_id: number;
  mode: TokenMode;
  processing_lane: ProcessingLane;
  source: 'api' | 'app' | 'mcp' | 'x402' | null;
  status: RunStatus;
  blocked_reason: string | null;
  error_code: string | null;
  error_message: string | null;
  credits_charged: number | null;
  extraction_schema_version: string | null;
  extractor_version: string | null;
  ai_prompt_version: string | null;
  normalization_version: string | null;
  extraction_profile: string;
  profile_version: string;
  ai_model: string | null;
  ai_reasoning_effort: string | null;
  strategies_used: string | null;
  provenance_summary: string | null;
  billing_mode: string;
  credit_cost: number;
  credit_cost_source: string;
  quality: string | null;
  /** Generic extraction result: the spec 2.6 field map as JSON (extraction mode). */
  fields: string | null;
  started_at: string | null;
  completed_at: string | null;
  created_at: string;
}

export interface PreviewsTable {
  id: Generated<number>;
  document_id: number;
  run_id: number | null;
  account_id: number;
  page: number | null;
  filename: string;
  file_format: string;
  content_type: string;
  file_size: number;
  path: string;
  created_at: string;
}

export type JobStatus = 'queued' | 'running' | 'done' | 'dead';

export interface JobsTable {
  id: Generated<number>;
  document_id: number;
  account_id: number;
  lane: ProcessingLane;
  status: JobStatus;
  attempts: number;
  max_attempts: number;
  /** Times the engine itself died while this job ran (kill -9, power loss). */
  interruptions: number;
  owner: string | null;
  lease_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export interface IdempotencyKeysTable {
  id: Generated<number>;
  account_id: number;
  idempotency_key: string;
  request_hash: string | null;
  status: 'in_progress' | 'completed' | 'interrupted';
  owner: string;
  document_id: number | null;
  response_status: number | null;
  response_body: string | null;
  created_at: string;
  updated_at: string;
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  applied_at: string;
}

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface RateCountersTable {
  counter_key: string;
  window_start: number;
  window_seconds: number;
  count: number;
}

export type WebhookEvent = 'document.completed' | 'document.failed' | 'document.blocked';

export interface WebhookEndpointsTable {
  id: Generated<number>;
  account_id: number;
  url: string;
  secret: string;
  events: string;
  active: number;
  created_at: string;
  updated_at: string;
}

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  delivery_id: string;
  endpoint_id: number;
  account_id: number;
  document_id: number;
  event: WebhookEvent;
  /** The exact raw body sent (and signed) on every attempt. */
  body: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  /** Unix milliseconds. */
  next_attempt_at: number;
  last_status_code: number | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
}

export interface DeskSessionsTable {
  session_hash: string;
  token_id: number;
  created_at: string;
  /** Epoch milliseconds. */
  expires_at: number;
}

export interface DeskLoginCodesTable {
  code_hash: string;
  token_id: number;
  expires_at: number;
}

export type ProfileMachineOutcome = 'accepted' | 'needs_review' | 'unsupported' | 'failed';
export type ProfileEffectiveOutcome = ProfileMachineOutcome | 'rejected';
/**
 * Downstream handoff (spec 3 names only `accepted`; the rest is docs/decisions.md,
 * "Energy profile (engine)"): `pending_review` until a human settles the review reasons,
 * `accepted` (terminal), `blocked` while a handoff reason remains, `rejected` (terminal),
 * `not_applicable` for an unsupported or failed result (nothing to hand off).
 */
export type HandoffStatus = 'pending_review' | 'accepted' | 'blocked' | 'rejected' | 'not_applicable';

/** One profile result per run (spec 2.8); JSON columns hold serialized values. */
export interface ProfileResultsTable {
  id: Generated<number>;
  document_id: number;
  run_id: number;
  account_id: number;
  profile: string;
  profile_version: string;
  schema_version: string;
  machine_payload: string | null;
  effective_payload: string | null;
  machine_outcome: ProfileMachineOutcome;
  effective_outcome: ProfileEffectiveOutcome;
  handoff_status: HandoffStatus;
  review_reasons: string;
  handoff_review_reasons: string;
  warnings: string;
  validation_summary: string;
  source_components: string;
  evidence: string;
  lock_version: number;
  etag: string;
  acceptance_source: 'machine' | 'human_review' | null;
  reviewed_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Append-only review decisions (spec 2.10); triggers refuse UPDATE and DELETE. */
export interface ProfileReviewDecisionsTable {
  id: Generated<number>;
  result_id: number;
  document_id: number;
  account_id: number;
  action: 'confirm' | 'correct' | 'reject';
  invoice_ref: string | null;
  entity_ref: string | null;
  field: string | null;
  reason: string | null;
  /** JSON values (any JSON, `null` included). */
  previous_value: string | null;
  corrected_value: string | null;
  evidence_reference: string | null;
  review_duration_seconds: number | null;
  reviewer_user_id: number | null;
  account_api_token_id: number | null;
  previous_effective_outcome: ProfileEffectiveOutcome;
  resulting_effective_outcome: ProfileEffectiveOutcome;
  previous_handoff_status: HandoffStatus;
  resulting_handoff_status: HandoffStatus;
  expected_lock_version: number;
  resulting_lock_version: number;
  idempotency_key_prefix: string;
  created_at: string;
}

export interface WatchFoldersTable {
  id: Generated<number>;
  account_id: number;
  token_id: number | null;
  path: string;
  processing_mode: ProcessingMode;
  extraction_profile: string | null;
  pages: string | null;
  after_import: 'keep' | 'move' | 'mark';
  done_folder: string | null;
  active: number;
  last_scan_at: string | null;
  last_error: string | null;
  created_at: string;
}

/** One file version seen in a watched folder (`folder_key` = `watch:<id>` or the CLI's `cli:<account>:<path>`). */
export interface WatchFilesTable {
  id: Generated<number>;
  folder_key: string;
  path: string;
  size: number;
  mtime_ms: number;
  sha256: string | null;
  status: 'imported' | 'skipped' | 'failed';
  document_id: number | null;
  error: string | null;
  updated_at: string;
}

/** A running engine process (PostgreSQL: its heartbeat; store/processes.ts). */
export interface ProcessesTable {
  owner: string;
  host: string;
  pid: number;
  role: string;
  started_at: string;
  /** The database's clock, UTC ISO, renewed every heartbeat. */
  last_seen_at: string;
}

export interface Database {
  processes: ProcessesTable;
  profile_results: ProfileResultsTable;
  profile_review_decisions: ProfileReviewDecisionsTable;
  watch_folders: WatchFoldersTable;
  watch_files: WatchFilesTable;
  desk_sessions: DeskSessionsTable;
  desk_login_codes: DeskLoginCodesTable;
  rate_counters: RateCountersTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  settings: SettingsTable;
  accounts: AccountsTable;
  users: UsersTable;
  api_tokens: ApiTokensTable;
  credit_ledger: CreditLedgerTable;
  documents: DocumentsTable;
  extraction_runs: ExtractionRunsTable;
  previews: PreviewsTable;
  jobs: JobsTable;
  idempotency_keys: IdempotencyKeysTable;
  schema_migrations: SchemaMigrationsTable;
}
