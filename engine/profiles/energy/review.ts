// How a review decision moves an energy result (spec 3 "Profile result outcomes and review";
// handoff values in docs/decisions.md): reject is terminal; confirm and correct re-run the
// validation policy on the effective payload, keeping what a review cannot change — the
// machine's packet findings and its handoff reasons (an ambiguous supply-point association
// stays until a new extraction).
import type { EffectiveState, ProfileResult } from '../../store/profile-results.js';
import type { EnergyEvidence, EnergyPayload } from './payload.js';
import { evaluateEnergyPayload, handoffReasonsByInvoice, type ValidationSummary } from './policy.js';

/** Whether a result still takes decisions (V7: rejected results and accepted handoffs are terminal). */
export function acceptsDecisions(r: Pick<ProfileResult, 'effective_outcome' | 'handoff_status'>): boolean {
  return r.effective_outcome !== 'rejected' && !(r.effective_outcome === 'accepted' && r.handoff_status === 'accepted');
}

export function stateAfterReject(current: ProfileResult): EffectiveState {
  return {
    effective_payload: current.effective_payload,
    effective_outcome: 'rejected',
    handoff_status: 'rejected',
    review_reasons: current.review_reasons,
    handoff_review_reasons: current.handoff_review_reasons,
    warnings: current.warnings,
    validation_summary: current.validation_summary,
    evidence: current.evidence,
    acceptance_source: null,
  };
}

/** The effective state after a confirm or correct produced `payload` and `evidence`. */
export function stateAfterFieldDecision(current: ProfileResult, payload: EnergyPayload, evidence: EnergyEvidence[]): EffectiveState {
  const machine = current.machine_payload as EnergyPayload;
  const packetReasons = (current.validation_summary as Partial<ValidationSummary>).packet_reasons ?? [];
  const ev = evaluateEnergyPayload(payload, evidence, packetReasons, { warnings: current.warnings, keepHandoffReasons: handoffReasonsByInvoice(machine) });
  const quality = new Map(ev.payload.invoices.map((inv) => [inv.invoice_ref, inv.data.field_quality]));
  const accepted = ev.machine_outcome === 'accepted';
  return {
    effective_payload: ev.payload,
    effective_outcome: ev.machine_outcome,
    handoff_status: ev.handoff_status,
    review_reasons: ev.review_reasons,
    handoff_review_reasons: ev.handoff_review_reasons,
    warnings: ev.warnings,
    validation_summary: ev.validation_summary as unknown as Record<string, unknown>,
    evidence: evidence.map((e) => ({ ...e, field_status: quality.get(e.invoice_ref)?.[`${e.entity_ref}.${e.field}`] ?? e.field_status })),
    acceptance_source: accepted ? 'human_review' : null,
  };
}
