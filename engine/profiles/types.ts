// What a profile is (spec 1 "Extraction profiles", 9.3): a versioned contract with its own
// rate, upload rules, run, payload schema, presenters and export projections. Everything
// that depends on the profile reads it from the registry (./registry.ts).
import type { AiProvider } from '../extract/ai/provider.js';
import type { Component, PageText } from '../formats/model.js';
import type { EffectiveState, NewProfileResult, NewReviewDecision, ProfileResult } from '../store/profile-results.js';
import type { ProcessingMode } from '../store/schema.js';
import type { FormatFamily } from '../formats/detect.js';

/** The upload as a profile's rules see it (spec 4.3, R3). */
export interface ProfileUploadInput {
  processing_mode: ProcessingMode;
  /** Null when no file was sent (that error is reported elsewhere). */
  file_family: FormatFamily | null;
  allow_ai_processing: boolean;
}

/** A refused upload field: the field name of the 422 envelope and its message. */
export interface ProfileUploadError {
  field: string;
  message: string;
}

/** One accepted result as a projection reads it (a stored ProfileResult fits). */
export interface ProjectionItem {
  document_id: number;
  result: Pick<ProfileResult, 'profile' | 'profile_version' | 'schema_version' | 'effective_payload'>;
}

/**
 * One export projection of a profile result (spec 4.12, 4.13); the projections themselves
 * are written with the export routes. `project` receives the accepted results in batch
 * order (document id, then the payload's own order) and returns the file body.
 */
export interface ExportProjection {
  name: string;
  filename: string;
  content_type: string;
  /** Carried in the descriptor and in `X-Projection-Version`. */
  contract_version: string;
  /** Whether the batch route (spec 4.13) may combine several results into one file. */
  batch: boolean;
  project(items: readonly ProjectionItem[]): string;
}

/** The document as the pipeline read it: components and pages of positioned words (native or OCR). */
export interface ProfileRead {
  components: Component[];
  pages: PageText[];
}

export interface ProfileRunContext {
  /** The run's recorded profile version (reprocessing keeps it). */
  profile_version: string;
  /** The configured AI provider when the upload allows AI and one is set up; else null and why. */
  ai: { provider: AiProvider; max_input_chars: number } | { provider: null; reason: 'allow_ai_processing_false' | 'no_provider_configured' };
}

/** What a profile's run hands back; the pipeline stores it (run row + profile result). */
export interface ProfileRunOutput {
  result: Omit<NewProfileResult, 'document_id' | 'run_id' | 'account_id'>;
  extractor_version: string;
  strategies_used: string[];
  /** Merged into the run's `quality` (e.g. `ai`). */
  quality: Record<string, unknown>;
  ai_model: string | null;
  ai_reasoning_effort: string | null;
  ai_prompt_version: string | null;
  /** No usable payload: the document ends in `error` and the credits are returned. */
  failure: { message: string; error_code: string } | null;
}

/**
 * A profile's run: pure with respect to storage (the pipeline reads, stores and settles
 * credits); it may call the AI provider it is given.
 */
export type ProfileRun = (read: ProfileRead, ctx: ProfileRunContext) => Promise<ProfileRunOutput>;

/** Field errors of a refused review decision (the API answers 422 with them). */
export type ReviewFieldErrors = Record<string, string[]>;

/**
 * A profile's review rules (spec 4.14): `parse` checks the request's own shape, `revise`
 * checks it against the current result and returns the decision to append and the new
 * effective state (revalidated by the profile's policy). Both are pure.
 */
export interface ProfileReviewer<Request = unknown> {
  parse(body: unknown): { ok: true; value: Request } | { ok: false; errors: ReviewFieldErrors };
  revise(
    result: ProfileResult,
    request: Request,
  ): { ok: true; decision: Omit<NewReviewDecision, 'reviewer_user_id' | 'account_api_token_id' | 'idempotency_key_prefix'>; next: EffectiveState } | { ok: false; errors: ReviewFieldErrors };
}

export interface ProfileDefinition<Id extends string = string> {
  id: Id;
  /** Version recorded for new uploads; older versions stay readable (reviews, exports). */
  profile_version: string;
  readable_versions: readonly string[];
  /** Payload schema version, or a dated label for profiles without a published schema. */
  schema_version: string;
  /** Credits per started 10-page band in extraction mode (spec 8). */
  credit_cost: number;
  /** Human names for the desk's profile list. */
  label: { en: string; de: string };
  /** Spec 1 / 4.3: what the profile demands of an upload; every refusal is a 422 field error. */
  uploadRules(input: ProfileUploadInput): ProfileUploadError[];
  /** The profile's run; null: the pipeline's built-in generic extraction (fields on the run, no profile result). */
  run: ProfileRun | null;
  /** JSON schema of the machine/effective payload (null: no profile result). */
  payload_schema: Record<string, unknown> | null;
  /** Export projections registered for this profile, by name (spec 2.7 `exports`). */
  exports: Readonly<Record<string, ExportProjection>>;
  /** Review decisions on the profile's results; absent: its results take none. */
  reviewer?: ProfileReviewer<any>;
}
