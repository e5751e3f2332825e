// The run of `de.energy.supply-invoice` (issue 11 items 5–7): the deterministic extractor,
// the AI second opinion when one is configured, then the validation policy. The pipeline
// has already read the PDF (native text, OCR for image pages) and settled the page bands.
import type { ProfileRead, ProfileRunContext, ProfileRunOutput } from '../types.js';
import { energySecondOpinion } from './ai.js';
import { ENERGY_EXTRACTOR_VERSION, extractEnergy } from './extract/index.js';
import { ENERGY_PROFILE_ID, ENERGY_SCHEMA_VERSION, type EnergyEvidence, type EnergyExtraction } from './payload.js';
import { evaluateEnergyPayload } from './policy.js';

function failed(ctx: ProfileRunContext, message: string, error_code: string, quality: Record<string, unknown>): ProfileRunOutput {
  return {
    result: {
      profile: ENERGY_PROFILE_ID, profile_version: ctx.profile_version, schema_version: ENERGY_SCHEMA_VERSION,
      machine_payload: null, machine_outcome: 'failed', effective_outcome: 'failed', handoff_status: 'not_applicable',
      review_reasons: [], handoff_review_reasons: [], warnings: [], validation_summary: { machine_outcome: 'failed', error_code, message },
      source_components: [], evidence: [], acceptance_source: null,
    },
    extractor_version: ENERGY_EXTRACTOR_VERSION, strategies_used: [], quality, ai_model: null, ai_reasoning_effort: null, ai_prompt_version: null,
    failure: { message, error_code },
  };
}

export async function runEnergyProfile(read: ProfileRead, ctx: ProfileRunContext): Promise<ProfileRunOutput> {
  const pdfPages = read.pages.filter((p) => read.components.some((c) => c.kind === 'pdf' && c.pages.includes(p.page)));
  if (!pdfPages.some((p) => p.text.trim())) {
    // Nothing readable (blank or unreadable pages): no usable payload, credits returned.
    return failed(ctx, 'No text could be read from the PDF (neither a text layer nor OCR); no energy invoice data can be extracted.', 'no_usable_text', {});
  }
  let extraction: EnergyExtraction = extractEnergy(read);
  const second = await energySecondOpinion(ctx.ai, extraction, read.pages);
  extraction = second.extraction;

  const evaluation = evaluateEnergyPayload(extraction.payload, extraction.evidence, extraction.packet_reasons, { warnings: extraction.warnings });
  // Spec 2.9 field_status: the policy's verdict on each cited field.
  const quality = new Map(evaluation.payload.invoices.map((inv) => [inv.invoice_ref, inv.data.field_quality]));
  const evidence: EnergyEvidence[] = extraction.evidence.map((ev) => ({ ...ev, field_status: quality.get(ev.invoice_ref)?.[`${ev.entity_ref}.${ev.field}`] ?? ev.field_status }));
  return {
    result: {
      profile: ENERGY_PROFILE_ID,
      profile_version: ctx.profile_version,
      schema_version: ENERGY_SCHEMA_VERSION,
      machine_payload: evaluation.payload,
      machine_outcome: evaluation.machine_outcome,
      effective_outcome: evaluation.machine_outcome,
      handoff_status: evaluation.handoff_status,
      review_reasons: evaluation.review_reasons,
      handoff_review_reasons: evaluation.handoff_review_reasons,
      warnings: evaluation.warnings,
      validation_summary: evaluation.validation_summary as unknown as Record<string, unknown>,
      source_components: evaluation.payload.packet.source_components,
      evidence,
      acceptance_source: evaluation.machine_outcome === 'accepted' ? 'machine' : null,
    },
    extractor_version: ENERGY_EXTRACTOR_VERSION,
    strategies_used: ['energy_packet_split', 'energy_field_rules', 'energy_validation_policy', ...(second.quality.changed_fields.length ? ['ai_second_opinion'] : [])],
    quality: { ai: second.quality },
    ai_model: second.model,
    ai_reasoning_effort: second.reasoning_effort,
    ai_prompt_version: second.prompt_version,
    failure: null,
  };
}
