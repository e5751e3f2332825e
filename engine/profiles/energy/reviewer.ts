// The energy profile's review hook (registry slot `reviewer`): a checked decision applied to
// the effective payload, then the whole result judged again by the validation policy, so a
// corrected value passes exactly the checks a machine value passes. Handoff reasons of the
// machine result (an ambiguous supply-point association) survive every review (spec 3).
import type { ProfileResult } from '../../store/profile-results.js';
import type { ProfileReviewer } from '../types.js';
import type { EnergyEvidence, EnergyPayload } from './payload.js';
import { evaluateEnergyPayload, handoffReasonsByInvoice } from './policy.js';
import { applyReviewDecision, checkReviewTarget, parseReviewRequest, type ReviewRequest } from './review.js';

export const energyReviewer: ProfileReviewer<ReviewRequest> = {
  parse: parseReviewRequest,
  revise(result: ProfileResult, req: ReviewRequest) {
    const audit = { action: req.action, reason: req.reason, review_duration_seconds: req.review_duration_seconds };
    if (req.action === 'reject') {
      return {
        ok: true,
        decision: { ...audit, invoice_ref: null, entity_ref: null, field: null, previous_value: null, corrected_value: null, evidence_reference: null },
        next: {
          effective_payload: result.effective_payload,
          effective_outcome: 'rejected',
          handoff_status: 'rejected',
          review_reasons: result.review_reasons,
          handoff_review_reasons: result.handoff_review_reasons,
          warnings: result.warnings,
          validation_summary: result.validation_summary,
          evidence: result.evidence,
          acceptance_source: null,
        },
      };
    }
    const payload = result.effective_payload as EnergyPayload | null;
    if (!payload) return { ok: false, errors: { action: ['This result has no usable payload to confirm or correct; only reject applies.'] } };
    const evidence = result.evidence as EnergyEvidence[];
    const checked = checkReviewTarget(req, payload, evidence);
    if (!checked.ok) return checked;
    const applied = applyReviewDecision(payload, evidence, checked.value);
    const packetReasons = (result.validation_summary.packet_reasons as string[] | undefined) ?? [];
    const machine = result.machine_payload as EnergyPayload | null;
    const judged = evaluateEnergyPayload(applied.payload, applied.evidence, packetReasons, {
      warnings: result.warnings,
      keepHandoffReasons: machine ? handoffReasonsByInvoice(machine) : {},
    });
    const accepted = judged.machine_outcome === 'accepted' && judged.handoff_status === 'accepted';
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
      next: {
        effective_payload: judged.payload,
        effective_outcome: judged.machine_outcome,
        handoff_status: judged.handoff_status,
        review_reasons: judged.review_reasons,
        handoff_review_reasons: judged.handoff_review_reasons,
        warnings: judged.warnings,
        validation_summary: judged.validation_summary as unknown as Record<string, unknown>,
        evidence: applied.evidence,
        acceptance_source: accepted ? 'human_review' : null,
      },
    };
  },
};
