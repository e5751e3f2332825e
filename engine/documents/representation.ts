// The document representation of the spec (sections 2.1, 2.2, 2.5, 2.7): what the API
// answers and what a webhook event carries, so it lives below both.
import type { ProfileResult } from '../store/profile-results.js';
import type { DocumentRow, DocumentView, PreviewRow, RunRow } from '../store/rows.js';
import { findProfile } from '../profiles/registry.js';
import { exportReady } from './profile-results.js';

const parseJson = <T>(v: string | null): T | null => (v === null ? null : (JSON.parse(v) as T));

function presentRun(run: RunRow) {
  return {
    id: run.id,
    mode: run.mode,
    processing_lane: run.processing_lane,
    source: run.source,
    status: run.status,
    blocked_reason: run.blocked_reason,
    error_code: run.error_code,
    error_message: run.error_message,
    credits_charged: run.credits_charged,
    extraction_schema_version: run.extraction_schema_version,
    extractor_version: run.extractor_version,
    ai_prompt_version: run.ai_prompt_version,
    normalization_version: run.normalization_version,
    extraction_profile: run.extraction_profile,
    profile_version: run.profile_version,
    ai_model: run.ai_model,
    ai_reasoning_effort: run.ai_reasoning_effort,
    strategies_used: parseJson<unknown[]>(run.strategies_used),
    provenance_summary: parseJson<Record<string, unknown>>(run.provenance_summary),
    billing_mode: run.billing_mode,
    credit_cost: run.credit_cost,
    credit_cost_source: run.credit_cost_source,
    quality: parseJson<Record<string, unknown>>(run.quality),
    started_at: run.started_at,
    completed_at: run.completed_at,
    created_at: run.created_at,
  };
}

export function presentPreview(p: PreviewRow, baseUrl: string) {
  return {
    id: p.id,
    filename: p.filename,
    file_format: p.file_format,
    file_size: p.file_size,
    preview: `${baseUrl}/api/v1/previews/${p.id}`,
  };
}

export function thumbnailUrl(doc: Pick<DocumentRow, 'id' | 'thumbnail_path'>, baseUrl: string): string | null {
  return doc.thumbnail_path ? `${baseUrl}/api/v1/documents/${doc.id}/thumbnail` : null;
}

/** spec 2.6: the generic field map of a run, keyed by field name ({} when none was stored). */
export function presentExtractions(run: RunRow | null): Record<string, unknown> {
  return parseJson<Record<string, unknown>>(run?.fields ?? null) ?? {};
}

const exportUrl = (baseUrl: string, documentId: number, projection: string) => `${baseUrl}/api/v1/documents/${documentId}/exports/${projection}`;

/** The registered projections of a result's profile with stable URL, contract version and availability. */
function exportDescriptors(result: ProfileResult, baseUrl: string): Record<string, unknown> {
  const profile = findProfile(result.profile);
  const registered = profile && profile.readable_versions.includes(result.profile_version) ? Object.values(profile.exports) : [];
  return Object.fromEntries(
    registered.map((p) => [
      p.name,
      { url: exportUrl(baseUrl, result.document_id, p.name), filename: p.filename, content_type: p.content_type, contract_version: p.contract_version, batch: p.batch, available: exportReady(result) },
    ]),
  );
}

/**
 * Spec 2.7 `sector_extraction_summary`; export descriptors as in `sector_extraction` (2.8).
 */
export function presentProfileSummary(r: ProfileResult, baseUrl: string) {
  return {
    id: r.id,
    extraction_run_id: r.run_id,
    profile: r.profile,
    profile_version: r.profile_version,
    schema_version: r.schema_version,
    machine_outcome: r.machine_outcome,
    effective_outcome: r.effective_outcome,
    handoff_status: r.handoff_status,
    review_reasons: r.review_reasons,
    handoff_review_reasons: r.handoff_review_reasons,
    warnings: r.warnings,
    lock_version: r.lock_version,
    etag: r.etag,
    extractions_url: `${baseUrl}/api/v1/documents/${r.document_id}/extractions`,
    exports: exportDescriptors(r, baseUrl),
  };
}

/** previews/extractions: empty arrays where the spec promises them, null while not loaded. */
function resultArrays(view: DocumentView, baseUrl: string) {
  const { doc } = view;
  if (doc.processing_mode === 'thumbnail') return { previews: [], extractions: [] };
  if (doc.status !== 'completed') return { previews: null, extractions: null };
  return {
    previews: view.previews.map((p) => presentPreview(p, baseUrl)),
    extractions: doc.processing_mode === 'extraction' ? presentExtractions(view.run) : [],
  };
}

export function presentDocument(view: DocumentView, baseUrl: string) {
  const { doc, run } = view;
  return {
    id: doc.id,
    mode: doc.mode,
    processing_mode: doc.processing_mode,
    processing_lane: doc.processing_lane,
    pages: doc.pages,
    status: doc.status,
    processing_stage: doc.processing_stage,
    processing_error: doc.processing_error,
    blocked_reason: doc.blocked_reason,
    scanner_status: doc.scanner_status,
    scanner_provider: doc.scanner_provider,
    scanner_message: doc.scanner_message,
    scanned_at: doc.scanned_at,
    processing_started_at: doc.processing_started_at,
    processed_at: doc.processed_at,
    filename: doc.filename,
    file_format: doc.file_format,
    file_size: doc.file_size,
    additional_text: doc.additional_text,
    additional_text_plain: doc.additional_text === null ? null : plainText(doc.additional_text),
    custom_types: parseJson<string[]>(doc.custom_types),
    requester: doc.requester,
    locale: doc.locale,
    number_of_pages: doc.number_of_pages,
    extracted_text: doc.extracted_text,
    extracted_text_plain: doc.extracted_text_plain,
    origin: doc.origin,
    ai_processing: doc.ai_processing === 1,
    extraction_profile: doc.extraction_profile,
    is_e_invoice: doc.is_e_invoice === 1,
    thumbnail: thumbnailUrl(doc, baseUrl),
    ...resultArrays(view, baseUrl),
    latest_extraction_run: run ? presentRun(run) : null,
    sector_extraction_summary: view.profile ? presentProfileSummary(view.profile, baseUrl) : null,
    // Docdesk addition: progress of the page work while the document is pending.
    processing_progress: doc.progress_pages_total === null ? null : { pages_done: doc.progress_pages_done ?? 0, pages_total: doc.progress_pages_total },
    // Docdesk addition: a warning only — the same file or the same invoice is already in the account.
    duplicate_of: parseJson<number[]>(doc.duplicate_of),
    duplicate_reason: doc.duplicate_reason,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
  };
}

/** The reduced shape returned by thumbnail-mode uploads (spec 2.1). */
export function presentThumbnailUpload(view: DocumentView, baseUrl: string) {
  const { doc } = view;
  return {
    id: doc.id,
    mode: doc.mode,
    processing_mode: doc.processing_mode,
    processing_lane: doc.processing_lane,
    status: doc.status,
    processing_stage: doc.processing_stage,
    processing_error: doc.processing_error,
    filename: doc.filename,
    file_format: doc.file_format,
    origin: doc.origin,
    ai_processing: false,
    thumbnail: thumbnailUrl(doc, baseUrl),
    previews: [],
    extractions: [],
    latest_extraction_run: null,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
  };
}

/** Plain text for search: whitespace collapsed within lines, form feeds kept between pages. */
export function plainText(text: string): string {
  return text
    .split('\f')
    .map((page) => page.replace(/\s+/g, ' ').trim())
    .join('\f');
}
