// The energy profile's review hook (registry slot `reviewer`): a checked decision applied to
// the effective payload, then the whole result judged again by the validation policy, so a
// corrected value passes exactly the checks a machine value passes. Handoff reasons of the
// machine result (an ambiguous supply-point association) survive every review (spec 3).
import type { ProfileResult } from '../../store/profile-results.js';
import type { ProfileReviewer } from '../types.js';
import type { EnergyEvidence, EnergyPayload } from './payload.js';
import { applyReviewDecision, checkReviewTarget, parseReviewRequest, stateAfterFieldDecision, stateAfterReject, type ReviewRequest } from './review.js';

export const energyReviewer: ProfileReviewer<ReviewRequest> = {
  parse: parseReviewRequest,
  revise(result: ProfileResult, req: ReviewRequest) {
    const audit = { action: req.action, reason: req.reason, review_duration_seconds: req.review_duration_seconds };
    if (req.action === 'reject') {
      return { ok: true, decision: { ...audit, invoice_ref: null, entity_ref: null, field: null, previous_value: null, corrected_value: null, evidence_reference: null }, next: stateAfterReject(result) };
    }
    const payload = result.effective_payload as EnergyPayload | null;
    if (!payload) return { ok: false, errors: { action: ['This result has no usable payload to confirm or correct; only reject applies.'] } };
    const evidence = result.evidence as EnergyEvidence[];
    const checked = checkReviewTarget(req, payload, evidence);
    if (!checked.ok) return checked;
    const applied = applyReviewDecision(payload, evidence, checked.value);
    return {
      ok: true,
      decision: {
        ...audit,
        invoice_ref: req.invoice_ref,
        entity_ref: req.entity_ref,
        field: req.field,
        previous_value: checked.value.previous_value,
        corrected_value: req.action === 'correct' ? checked.value.value : null,
        evidence_reference: req.evidence_reference,
      },
      next: stateAfterFieldDecision(result, applied.payload, applied.evidence),
    };
  },
};
