// Review transitions of an energy result: a correction that makes every check pass accepts
// it (by human review); an ambiguous supply-point association stays blocked; reject is terminal.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { evaluateEnergyPayload, fieldsOf } from '../../../../engine/profiles/energy/policy.js';
import { acceptsDecisions, stateAfterFieldDecision, stateAfterReject } from '../../../../engine/profiles/energy/review.js';
import type { EnergyEvidence, EnergyPayload } from '../../../../engine/profiles/energy/payload.js';
import type { ProfileResult } from '../../../../engine/store/profile-results.js';
import { samplePath, skipUnlessSamples } from '../../../helpers/samples.js';

function evidenceFor(p: EnergyPayload): EnergyEvidence[] {
  return p.invoices.flatMap((inv) =>
    fieldsOf(inv.data)
      .filter((f) => f.value !== null)
      .map((f) => ({ invoice_ref: inv.invoice_ref, entity_ref: f.entity_ref, field: f.field, field_status: 'extracted' as const, component_ref: 'src-1', physical_page: inv.page_range.first, printed_page: null, label: null, text: JSON.stringify(f.value), source: 'native_text' as const, match: 'normalized' as const, bbox: null })),
  );
}

function machineResult(payload: EnergyPayload): ProfileResult {
  const ev = evaluateEnergyPayload(payload, evidenceFor(payload), []);
  return {
    id: 1, document_id: 1, run_id: 1, account_id: 1, profile: 'de.energy.supply-invoice', profile_version: '2.0.1', schema_version: '2.0.0',
    machine_payload: ev.payload, effective_payload: ev.payload, machine_outcome: ev.machine_outcome, effective_outcome: ev.machine_outcome, handoff_status: ev.handoff_status,
    review_reasons: ev.review_reasons, handoff_review_reasons: ev.handoff_review_reasons, warnings: ev.warnings, validation_summary: ev.validation_summary as unknown as Record<string, unknown>,
    source_components: [], evidence: evidenceFor(payload), lock_version: 1, etag: '"1-1-x"', acceptance_source: null, reviewed_at: null, created_at: '', updated_at: '',
  };
}

describe('energy review transitions', { skip: skipUnlessSamples('energy') }, () => {
  const truth = (): EnergyPayload => JSON.parse(readFileSync(samplePath('energy', 'energy-7-0007.truth.json'), 'utf8'));

  it('correcting the one wrong value accepts the result by human review', () => {
    const t = truth();
    const right = t.invoices[0]!.data.settlement.gross_total;
    t.invoices[0]!.data.settlement.gross_total = '1.00';
    const current = machineResult(t);
    assert.equal(current.machine_outcome, 'needs_review');
    assert.equal(current.handoff_status, 'pending_review');
    assert.ok(acceptsDecisions(current));

    const corrected = structuredClone(current.effective_payload) as EnergyPayload;
    corrected.invoices[0]!.data.settlement.gross_total = right;
    const evidence = (current.evidence as EnergyEvidence[]).map((e) =>
      e.entity_ref === 'settlement' && e.field === 'gross_total' ? { ...e, text: `Gesamtbetrag ${right}`, match: 'manual' as const, field_status: 'reviewed' as const, reviewer_transcribed: true } : e,
    );
    const next = stateAfterFieldDecision(current, corrected, evidence);
    assert.equal(next.effective_outcome, 'accepted');
    assert.equal(next.handoff_status, 'accepted');
    assert.equal(next.acceptance_source, 'human_review');
    const inv = (next.effective_payload as EnergyPayload).invoices[0]!;
    assert.equal(inv.data.field_quality['settlement.gross_total'], 'reviewed');
    assert.ok(!acceptsDecisions(next), 'an accepted handoff is terminal');
  });

  it('a correction leaving a check failing stays needs_review', () => {
    const t = truth();
    t.invoices[0]!.data.settlement.gross_total = '1.00';
    const current = machineResult(t);
    const next = stateAfterFieldDecision(current, current.effective_payload as EnergyPayload, current.evidence as EnergyEvidence[]);
    assert.equal(next.effective_outcome, 'needs_review');
    assert.equal(next.acceptance_source, null);
  });

  it('an ambiguous association survives every review; reject is terminal', () => {
    const t = truth();
    t.invoices[0]!.data.meters[0]!.supply_point_ref = 'sp-7';
    const current = machineResult(t);
    assert.equal(current.handoff_status, 'blocked');
    const fixed = structuredClone(current.effective_payload) as EnergyPayload;
    fixed.invoices[0]!.data.meters[0]!.supply_point_ref = 'sp-1';
    const next = stateAfterFieldDecision(current, fixed, current.evidence as EnergyEvidence[]);
    assert.equal(next.handoff_status, 'blocked');
    assert.deepEqual(next.handoff_review_reasons, ['ambiguous_supply_point_association']);
    assert.equal(next.effective_outcome, 'needs_review');
    const rejected = stateAfterReject(current);
    assert.equal(rejected.effective_outcome, 'rejected');
    assert.equal(rejected.handoff_status, 'rejected');
    assert.ok(!acceptsDecisions(rejected));
  });
});
