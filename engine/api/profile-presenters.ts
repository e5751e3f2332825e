// Profile results in the API's shapes: `sector_extraction` (spec 2.8) with its evidence
// (2.9) and cited pages, review decisions (2.10), export descriptors (2.7/2.8 `exports`)
// and the two 201 bodies of a review (4.14: audit metadata, or everything with documents:read).
import type { ProfileResult, ReviewDecision } from '../store/profile-results.js';
import { presentProfileSummary } from '../documents/representation.js';

const evidencePageUrl = (baseUrl: string, documentId: number, runId: number, page: number) =>
  `${baseUrl}/api/v1/documents/${documentId}/extraction-runs/${runId}/pages/${page}/preview`;

export function presentDecision(d: ReviewDecision) {
  return {
    id: d.id,
    action: d.action,
    invoice_ref: d.invoice_ref,
    entity_ref: d.entity_ref,
    field: d.field,
    reason: d.reason,
    previous_value: d.previous_value,
    corrected_value: d.corrected_value,
    evidence_reference: d.evidence_reference,
    review_duration_seconds: d.review_duration_seconds,
    reviewer_user_id: d.reviewer_user_id,
    account_api_token_id: d.account_api_token_id,
    previous_effective_outcome: d.previous_effective_outcome,
    resulting_effective_outcome: d.resulting_effective_outcome,
    previous_handoff_status: d.previous_handoff_status,
    resulting_handoff_status: d.resulting_handoff_status,
    expected_lock_version: d.expected_lock_version,
    resulting_lock_version: d.resulting_lock_version,
    idempotency_key_prefix: d.idempotency_key_prefix,
    created_at: d.created_at,
  };
}

/** Field values and citations stripped: what a review-only token may see of a decision. */
export function presentDecisionAudit(d: ReturnType<typeof presentDecision>) {
  const { previous_value: _p, corrected_value: _c, evidence_reference: _e, ...audit } = d;
  return audit;
}

export interface CitedPage {
  physical_page: number;
  available: boolean;
}

export interface SectorExtractionOptions {
  decisions: ReviewDecision[];
  /** With `include=evidence`: the cited pages and whether a stored page artifact exists for each. */
  evidencePages?: CitedPage[];
}

export function presentSectorExtraction(r: ProfileResult, baseUrl: string, opts: SectorExtractionOptions) {
  const { extractions_url: _url, exports, ...state } = presentProfileSummary(r, baseUrl);
  return {
    ...state,
    document_id: r.document_id,
    acceptance_source: r.acceptance_source,
    reviewed_at: r.reviewed_at,
    machine_payload: r.machine_payload,
    effective_payload: r.effective_payload,
    validation_summary: r.validation_summary,
    source_components: r.source_components,
    ...(opts.evidencePages
      ? {
          evidence: r.evidence,
          evidence_pages: opts.evidencePages.map((p) => ({ physical_page: p.physical_page, available: p.available, preview_url: p.available ? evidencePageUrl(baseUrl, r.document_id, r.run_id, p.physical_page) : null })),
        }
      : {}),
    review_decisions: opts.decisions.map(presentDecision),
    exports,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** The concurrency state a review-only token receives (spec 4.14). */
export const presentResultAudit = (r: Pick<ProfileResult, 'id' | 'machine_outcome' | 'effective_outcome' | 'handoff_status' | 'lock_version' | 'etag'>) => ({
  id: r.id,
  machine_outcome: r.machine_outcome,
  effective_outcome: r.effective_outcome,
  handoff_status: r.handoff_status,
  lock_version: r.lock_version,
  etag: r.etag,
});
