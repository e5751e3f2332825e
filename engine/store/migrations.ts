// Versioned schema migrations, one source for SQLite and PostgreSQL. Each entry runs once,
// in order, inside one transaction; never edit an applied migration: append a new one.
// The DDL is written in SQLite's words and runs on SQLite exactly as written (files created
// by earlier releases keep their schema); `renderMigration` translates the few SQLite-isms
// for Postgres. Triggers differ in kind (RAISE vs plpgsql), so they are declared as data
// and rendered for each database.
import type { DialectName } from './dialect.js';

/** A trigger that refuses a change with `message` (append-only tables, immutable columns). */
export interface RefusalTrigger {
  name: string;
  table: string;
  /** e.g. `UPDATE`, `DELETE`, `UPDATE OF a, b`. */
  event: string;
  message: string;
  /** SQL comment written above the trigger. */
  comment?: string;
}

export interface Migration {
  version: number;
  name: string;
  sql: string;
  triggers?: RefusalTrigger[];
  /** Postgres only: statements with no SQLite counterpart (change notifications). */
  postgres?: string;
}

export const migrations: Migration[] = [
  {
    version: 1,
    name: 'foundation',
    sql: `
CREATE TABLE accounts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active','suspended')),
  rate_limit_profile TEXT NOT NULL DEFAULT 'standard'
    CHECK (rate_limit_profile IN ('restricted','standard','trusted','high_volume','enterprise')),
  batch_lane_eligible INTEGER NOT NULL DEFAULT 0,
  concurrent_standard_limit INTEGER NOT NULL DEFAULT 4 CHECK (concurrent_standard_limit >= 1),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE users (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  name TEXT NOT NULL,
  role TEXT NOT NULL DEFAULT 'owner' CHECK (role IN ('owner','member','reviewer')),
  created_at TEXT NOT NULL
);
CREATE INDEX users_account ON users(account_id);

CREATE TABLE api_tokens (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  name TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('live','test')),
  abilities TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  token_prefix TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_used_at TEXT,
  revoked_at TEXT
);
CREATE INDEX api_tokens_account ON api_tokens(account_id);

CREATE TABLE credit_ledger (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  document_id INTEGER,
  run_id INTEGER,
  kind TEXT NOT NULL CHECK (kind IN ('grant','apply_first_band','adjust_bands','return','reprocess')),
  amount INTEGER NOT NULL,
  note TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX credit_ledger_account ON credit_ledger(account_id);
CREATE INDEX credit_ledger_run ON credit_ledger(run_id);

CREATE TABLE documents (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  token_id INTEGER REFERENCES api_tokens(id),
  mode TEXT NOT NULL CHECK (mode IN ('live','test')),
  processing_mode TEXT NOT NULL CHECK (processing_mode IN ('extraction','analysis','validation','thumbnail')),
  processing_lane TEXT NOT NULL CHECK (processing_lane IN ('standard','batch')),
  pages TEXT,
  status TEXT NOT NULL CHECK (status IN ('pending','completed','error','blocked')),
  processing_stage TEXT,
  processing_error TEXT,
  blocked_reason TEXT,
  scanner_status TEXT CHECK (scanner_status IN ('clean','rejected')),
  scanner_provider TEXT,
  scanner_message TEXT,
  scanned_at TEXT,
  processing_started_at TEXT,
  processed_at TEXT,
  filename TEXT NOT NULL,
  file_format TEXT NOT NULL,
  file_size INTEGER NOT NULL,
  file_sha256 TEXT NOT NULL,
  blob_path TEXT,
  additional_text TEXT,
  custom_types TEXT,
  requester TEXT,
  locale TEXT,
  number_of_pages INTEGER,
  extracted_text TEXT,
  extracted_text_plain TEXT,
  origin TEXT CHECK (origin IN ('api','app','mcp','x402')),
  ai_processing INTEGER NOT NULL DEFAULT 0,
  extraction_profile TEXT NOT NULL DEFAULT 'generic',
  profile_version TEXT NOT NULL,
  is_e_invoice INTEGER NOT NULL DEFAULT 0,
  thumbnail_path TEXT,
  deleted_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX documents_account_created ON documents(account_id, deleted_at, id);

CREATE TABLE extraction_runs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  document_id INTEGER NOT NULL REFERENCES documents(id),
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  mode TEXT NOT NULL,
  processing_lane TEXT NOT NULL,
  source TEXT,
  status TEXT NOT NULL CHECK (status IN ('pending','processing','completed','blocked','error')),
  blocked_reason TEXT,
  error_code TEXT,
  error_message TEXT,
  credits_charged INTEGER,
  extraction_schema_version TEXT,
  extractor_version TEXT,
  ai_prompt_version TEXT,
  normalization_version TEXT,
  extraction_profile TEXT NOT NULL,
  profile_version TEXT NOT NULL,
  ai_model TEXT,
  ai_reasoning_effort TEXT,
  strategies_used TEXT,
  provenance_summary TEXT,
  billing_mode TEXT NOT NULL,
  credit_cost INTEGER NOT NULL,
  credit_cost_source TEXT NOT NULL,
  quality TEXT,
  started_at TEXT,
  completed_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX extraction_runs_document ON extraction_runs(document_id, id);

CREATE TABLE previews (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  document_id INTEGER NOT NULL REFERENCES documents(id),
  run_id INTEGER REFERENCES extraction_runs(id),
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  page INTEGER,
  filename TEXT NOT NULL,
  file_format TEXT NOT NULL,
  content_type TEXT NOT NULL,
  file_size INTEGER NOT NULL,
  path TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX previews_document ON previews(document_id, id);

CREATE TABLE jobs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  document_id INTEGER NOT NULL REFERENCES documents(id),
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  lane TEXT NOT NULL CHECK (lane IN ('standard','batch')),
  status TEXT NOT NULL CHECK (status IN ('queued','running','done','dead')),
  attempts INTEGER NOT NULL DEFAULT 0,
  max_attempts INTEGER NOT NULL DEFAULT 3,
  interruptions INTEGER NOT NULL DEFAULT 0,
  owner TEXT,
  lease_until TEXT,
  last_error TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX jobs_status ON jobs(status, lane, id);

CREATE TABLE idempotency_keys (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  idempotency_key TEXT NOT NULL,
  request_hash TEXT,
  status TEXT NOT NULL CHECK (status IN ('in_progress','completed','interrupted')),
  owner TEXT NOT NULL,
  document_id INTEGER,
  response_status INTEGER,
  response_body TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (account_id, idempotency_key)
);

CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
`,
    // Postgres has no data_version: writes that can change who is authenticated notify the
    // API processes, which drop their resolved-token caches (docs/decisions.md).
    postgres: `
CREATE FUNCTION docdesk_notify_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('docdesk_auth_changed', TG_TABLE_NAME);
  RETURN NULL;
END $$;
CREATE TRIGGER accounts_auth_changed AFTER INSERT OR UPDATE OR DELETE ON accounts FOR EACH STATEMENT EXECUTE FUNCTION docdesk_notify_auth_change();
CREATE TRIGGER api_tokens_auth_changed AFTER INSERT OR UPDATE OR DELETE ON api_tokens FOR EACH STATEMENT EXECUTE FUNCTION docdesk_notify_auth_change();
`,
  },
  {
    version: 2,
    name: 'account layer: rate counters and webhooks',
    sql: `
CREATE TABLE rate_counters (
  counter_key TEXT NOT NULL,
  window_start INTEGER NOT NULL,
  window_seconds INTEGER NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (counter_key, window_start)
) WITHOUT ROWID;

CREATE TABLE webhook_endpoints (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  url TEXT NOT NULL,
  secret TEXT NOT NULL,
  events TEXT NOT NULL,
  active INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX webhook_endpoints_account ON webhook_endpoints(account_id);

CREATE TABLE webhook_deliveries (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  delivery_id TEXT NOT NULL UNIQUE,
  endpoint_id INTEGER NOT NULL REFERENCES webhook_endpoints(id),
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  document_id INTEGER NOT NULL,
  event TEXT NOT NULL,
  body TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending','delivered','failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  last_status_code INTEGER,
  last_error TEXT,
  created_at TEXT NOT NULL,
  delivered_at TEXT
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries(status, next_attempt_at);
`,
  },
  {
    version: 3,
    name: 'analysis progress',
    sql: `
ALTER TABLE documents ADD COLUMN progress_pages_done INTEGER;
ALTER TABLE documents ADD COLUMN progress_pages_total INTEGER;
`,
  },
  {
    version: 4,
    name: 'desk sessions and sign-in codes',
    sql: `
CREATE TABLE desk_sessions (
  session_hash TEXT PRIMARY KEY,
  token_id INTEGER NOT NULL REFERENCES api_tokens(id),
  created_at TEXT NOT NULL,
  expires_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE desk_login_codes (
  code_hash TEXT PRIMARY KEY,
  token_id INTEGER NOT NULL REFERENCES api_tokens(id),
  expires_at INTEGER NOT NULL
) WITHOUT ROWID;
`,
    postgres: `
CREATE TRIGGER desk_sessions_auth_changed AFTER INSERT OR UPDATE OR DELETE ON desk_sessions FOR EACH STATEMENT EXECUTE FUNCTION docdesk_notify_auth_change();
`,
  },
  {
    version: 5,
    name: 'generic extraction fields per run',
    sql: `
ALTER TABLE extraction_runs ADD COLUMN fields TEXT;
`,
  },
  {
    version: 6,
    name: 'profile results and append-only review decisions',
    sql: `
CREATE TABLE profile_results (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  document_id INTEGER NOT NULL REFERENCES documents(id),
  run_id INTEGER NOT NULL REFERENCES extraction_runs(id),
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  profile TEXT NOT NULL,
  profile_version TEXT NOT NULL,
  schema_version TEXT NOT NULL,
  machine_payload TEXT,
  effective_payload TEXT,
  machine_outcome TEXT NOT NULL CHECK (machine_outcome IN ('accepted','needs_review','unsupported','failed')),
  effective_outcome TEXT NOT NULL CHECK (effective_outcome IN ('accepted','needs_review','unsupported','failed','rejected')),
  handoff_status TEXT NOT NULL CHECK (handoff_status IN ('pending_review','accepted','blocked','rejected','not_applicable')),
  review_reasons TEXT NOT NULL DEFAULT '[]',
  handoff_review_reasons TEXT NOT NULL DEFAULT '[]',
  warnings TEXT NOT NULL DEFAULT '[]',
  validation_summary TEXT NOT NULL DEFAULT '{}',
  source_components TEXT NOT NULL DEFAULT '[]',
  evidence TEXT NOT NULL DEFAULT '[]',
  lock_version INTEGER NOT NULL DEFAULT 1 CHECK (lock_version >= 1),
  etag TEXT NOT NULL,
  acceptance_source TEXT CHECK (acceptance_source IN ('machine','human_review')),
  reviewed_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX profile_results_run ON profile_results(run_id);
CREATE INDEX profile_results_document ON profile_results(document_id, id);

CREATE TABLE profile_review_decisions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  result_id INTEGER NOT NULL REFERENCES profile_results(id),
  document_id INTEGER NOT NULL REFERENCES documents(id),
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  action TEXT NOT NULL CHECK (action IN ('confirm','correct','reject')),
  invoice_ref TEXT,
  entity_ref TEXT,
  field TEXT,
  reason TEXT,
  previous_value TEXT,
  corrected_value TEXT,
  evidence_reference TEXT,
  review_duration_seconds INTEGER CHECK (review_duration_seconds IS NULL OR review_duration_seconds BETWEEN 1 AND 86400),
  reviewer_user_id INTEGER,
  account_api_token_id INTEGER,
  previous_effective_outcome TEXT NOT NULL,
  resulting_effective_outcome TEXT NOT NULL,
  previous_handoff_status TEXT NOT NULL,
  resulting_handoff_status TEXT NOT NULL,
  expected_lock_version INTEGER NOT NULL,
  resulting_lock_version INTEGER NOT NULL,
  idempotency_key_prefix TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX profile_review_decisions_result ON profile_review_decisions(result_id, id);
`,
    triggers: [
      {
        name: 'profile_results_machine_immutable',
        table: 'profile_results',
        event: 'UPDATE OF machine_payload, machine_outcome, document_id, run_id, profile, profile_version, schema_version',
        message: 'profile_results: the machine result is immutable',
        comment: 'The machine result never changes once written (spec 2.8: machine_outcome and machine_payload are immutable).',
      },
      { name: 'profile_review_decisions_no_update', table: 'profile_review_decisions', event: 'UPDATE', message: 'profile_review_decisions is append-only', comment: 'Spec 2.10: the decision history is immutable.' },
      { name: 'profile_review_decisions_no_delete', table: 'profile_review_decisions', event: 'DELETE', message: 'profile_review_decisions is append-only' },
    ],
  },
  {
    version: 8,
    name: 'per-account PDF JavaScript allowance for the upload scanner',
    sql: `
ALTER TABLE accounts ADD COLUMN allow_pdf_javascript INTEGER NOT NULL DEFAULT 0;
`,
  },
  {
    version: 9,
    name: 'intake: duplicate warnings, watched folders and their files',
    sql: `
ALTER TABLE documents ADD COLUMN duplicate_of TEXT;
ALTER TABLE documents ADD COLUMN duplicate_reason TEXT;
CREATE INDEX documents_account_sha256 ON documents(account_id, file_sha256);
CREATE TABLE watch_folders (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  token_id INTEGER REFERENCES api_tokens(id),
  path TEXT NOT NULL,
  processing_mode TEXT NOT NULL,
  extraction_profile TEXT,
  pages TEXT,
  after_import TEXT NOT NULL,
  done_folder TEXT,
  active INTEGER NOT NULL DEFAULT 1,
  last_scan_at TEXT,
  last_error TEXT,
  created_at TEXT NOT NULL,
  UNIQUE (account_id, path)
);
CREATE TABLE watch_files (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  folder_key TEXT NOT NULL,
  path TEXT NOT NULL,
  size INTEGER NOT NULL,
  mtime_ms INTEGER NOT NULL,
  sha256 TEXT,
  status TEXT NOT NULL,
  document_id INTEGER,
  error TEXT,
  updated_at TEXT NOT NULL,
  UNIQUE (folder_key, path, size, mtime_ms)
);
`,
  },
  {
    version: 10,
    name: 'process heartbeats: which engine processes are alive, on any machine (PostgreSQL)',
    sql: `
CREATE TABLE processes (
  owner TEXT PRIMARY KEY,
  host TEXT NOT NULL,
  pid INTEGER NOT NULL,
  role TEXT NOT NULL,
  started_at TEXT NOT NULL,
  last_seen_at TEXT NOT NULL
);
`,
  },
];

const REFUSE_FUNCTION = `CREATE OR REPLACE FUNCTION docdesk_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '%', TG_ARGV[0] USING ERRCODE = 'restrict_violation';
END $$;
`;

function renderTrigger(t: RefusalTrigger, dialect: DialectName): string {
  const comment = t.comment ? `-- ${t.comment}\n` : '';
  if (dialect === 'sqlite') return `${comment}CREATE TRIGGER ${t.name}\nBEFORE ${t.event} ON ${t.table}\nBEGIN\n  SELECT RAISE(ABORT, '${t.message}');\nEND;\n`;
  return `${comment}CREATE TRIGGER ${t.name} BEFORE ${t.event} ON ${t.table} FOR EACH ROW EXECUTE FUNCTION docdesk_refuse_change('${t.message}');\n`;
}

/**
 * The migration's SQL for one database. Postgres: ids become identity columns, every
 * INTEGER a BIGINT (epoch milliseconds do not fit 32 bits; the pool parses BIGINT back to
 * numbers), and WITHOUT ROWID (a SQLite storage hint) is dropped.
 */
export function renderMigration(m: Migration, dialect: DialectName): string {
  const triggers = (m.triggers ?? []).map((t) => renderTrigger(t, dialect));
  if (dialect === 'sqlite') return [m.sql, ...triggers].join('\n');
  const ddl = m.sql
    .replace(/\bINTEGER PRIMARY KEY AUTOINCREMENT\b/g, 'BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY')
    .replace(/\bINTEGER\b/g, 'BIGINT')
    .replace(/\)\s*WITHOUT ROWID;/g, ');');
  return [ddl, triggers.length ? REFUSE_FUNCTION : '', ...triggers, m.postgres ?? ''].join('\n');
}
