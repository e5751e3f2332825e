// Extraction mode, generic profile (spec 1 modes table, R2, 2.2, 2.3 quality.ai, 2.6, Q1–Q5):
// the analysis reading steps (readForRun), then `extracting`: the deterministic field map
// with candidates and provenance, optionally a second opinion from the configured AI
// provider, stored on the run. Stages: scanning → thumbnailing → counting_pages → reading →
// ocr → assembling → extracting → completed.
import type { DocumentRow, RunRow } from '../store/rows.js';
import { EXTRACTION_SCHEMA_VERSION, EXTRACTOR_VERSION, NORMALIZATION_VERSION, extractGeneric, provenanceSummary, type FieldResult, type GenericField } from '../extract/index.js';
import { baseAiQuality, runAi, type AiQuality } from '../extract/ai/merge.js';
import { OpenAiCompatibleProvider } from '../extract/ai/openai-http.js';
import { AI_PROMPT_VERSION } from '../extract/ai/provider.js';
import { getAiSettings } from '../extract/ai/settings.js';
import type { FileFormat } from '../formats/detect.js';
import { requireProfile } from '../profiles/registry.js';
import { immediateTransaction } from '../store/db.js';
import { setEInvoice } from '../store/documents.js';
import { recordRunOutcome, setRunQuality } from '../store/runs.js';
import { readForRun } from './analysis.js';
import type { ReadModel } from './analysis-results.js';
import { runProfileExtraction } from './profile-extraction.js';
import { DocumentFailure, setStage, type PipelineDeps } from './steps.js';
import { assessForExtraction, fieldConflicts } from './structured-fields.js';

/** Reasons from the extraction rules that make a run degraded (Q1: money, tax, dates). */
const DEGRADING = new Set(['amounts_not_consistent', 'gross_amount_not_found', 'issue_date_not_found']);

interface StructuredOutcome {
  /** Accepted structured values (provenance structured_invoice), by field. */
  fields: Partial<Record<GenericField, FieldResult>> | null;
  /** The quality.structured snapshot of the run (null: no invoice XML anywhere). */
  structured: Record<string, unknown> | null;
  /** Why the run is degraded because of the XML (Q4), if it is. */
  reason: string | null;
  /** Field values of a rejected XML, used only to name conflicts, never as results. */
  rejectedValues: Record<string, unknown> | null;
}

/**
 * Spec 2.4, Q4, Q6: an invoice XML found while reading (standalone, embedded in the PDF, or
 * an e-mail attachment) is validated; accepted values become fields with provenance
 * `structured_invoice`; a rejected standalone XML fails the run; a rejected XML inside a
 * container leaves the visible text to complete the run, degraded.
 */
async function structuredInvoice(deps: PipelineDeps, doc: DocumentRow, run: RunRow, format: FileFormat, read: ReadModel): Promise<StructuredOutcome> {
  const none: StructuredOutcome = { fields: null, structured: null, reason: null, rejectedValues: null };
  const sources = read.assembled.invoiceSources;
  if (!sources || sources.detection_status === 'not_detected') return none;
  // A validator outage is recorded and retried inside (RetryableFailure), never "invalid".
  const { plan, structured: snapshot, assessed } = await assessForExtraction(deps, doc, run, format);
  const structured = snapshot as unknown as Record<string, unknown> | null;
  switch (plan.kind) {
    case 'retry':
    case 'visible_text':
      return { ...none, structured };
    case 'fail':
      // The run keeps the assessment (spec 2.2 error_code: inspect quality.structured).
      await setRunQuality(deps.db, run.id, { ...read.quality, structured });
      throw new DocumentFailure(plan.message, plan.error_code);
    case 'visible_text_degraded':
      return { fields: null, structured, reason: plan.reason, rejectedValues: plan.rejected_fields };
    case 'use_structured': {
      const xml = assessed!.source;
      const source = { component_ref: assessed!.candidates.find((c) => c.filename === xml?.filename)?.component_ref ?? 'main', page: null, bbox: null, text: xml?.filename ?? doc.filename };
      const fields: Partial<Record<GenericField, FieldResult>> = {};
      for (const [name, f] of Object.entries(plan.fields)) {
        if (f.value === null) continue;
        fields[name as GenericField] = { value: f.value, candidates: null, provenance: { method: 'structured_invoice', source, derived_from: f.provenance?.derived_from ?? [], transforms: f.provenance?.transforms ?? [] } };
      }
      return { fields, structured, reason: null, rejectedValues: null };
    }
  }
}

const values = (fields: Record<string, FieldResult>) => Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f.value]));

export async function runExtraction(deps: PipelineDeps, doc: DocumentRow, run: RunRow, format: FileFormat): Promise<void> {
  // A profile with its own run (e.g. de.energy.supply-invoice) stores a profile result;
  // the generic profile is this module's built-in field map.
  const profile = requireProfile(doc.extraction_profile);
  if (profile.run) return runProfileExtraction(deps, doc, run, format, profile.run);
  const read = await readForRun(deps, doc, run, format);
  await setStage(deps, doc.id, 'extracting');
  const structured = await structuredInvoice(deps, doc, run, format, read);

  const customTypes = doc.custom_types ? (JSON.parse(doc.custom_types) as string[]) : [];
  const det = extractGeneric({ components: read.components, pages: read.pages, text: doc.additional_text, custom_types: customTypes, locale: doc.locale });
  let fields = det.fields;
  // Accepted XML values are the result; the visible text fills only what the XML lacks, and
  // what it read is kept as the candidates a reviewer can compare with.
  const visibleConflicts = structured.fields ? fieldConflicts(values(structured.fields), values(det.fields)) : fieldConflicts(structured.rejectedValues, values(det.fields));
  if (structured.fields) {
    fields = { ...fields };
    for (const [name, f] of Object.entries(structured.fields) as Array<[GenericField, FieldResult]>) fields[name] = { ...f, candidates: det.fields[name]?.candidates ?? null };
  }

  const selectedPages = read.pages.filter((p) => p.component_ref === (det.selection.component_ref ?? p.component_ref) && det.selection.pages.includes(p.page));
  const documentText = selectedPages.map((p) => p.text).join('\n\f\n');
  const noUsableText = documentText.trim() === '' && !(doc.additional_text ?? '').trim();

  // R2 and the AI switch: AI only when the upload allows it and a provider is configured;
  // otherwise deterministic only, never an error, and quality.ai says which case applied.
  let ai: AiQuality;
  let aiModel: string | null = null;
  let aiEffort: string | null = null;
  if (doc.ai_processing !== 1) ai = baseAiQuality(det, noUsableText, 'disabled', 'allow_ai_processing_false');
  // Validated structured values are not second-guessed by a language model.
  else if (structured.fields) ai = baseAiQuality(det, noUsableText, 'disabled', 'structured_invoice_accepted');
  else {
    const settings = await getAiSettings(deps.db);
    if (!settings) ai = baseAiQuality(det, noUsableText, 'not_configured', 'no_provider_configured');
    else {
      const provider = new OpenAiCompatibleProvider(settings);
      const fromEmailBody = read.components.find((c) => c.ref === det.selection.component_ref)?.kind === 'email-body';
      const out = await runAi(provider, { ...det, fields }, { documentText, additionalText: doc.additional_text, maxChars: settings.max_input_chars, customTypes, fromEmailBody });
      fields = out.fields;
      ai = out.quality;
      aiModel = settings.model;
      aiEffort = settings.reasoning_effort;
    }
  }

  const quality = structuredClone(read.quality) as Omit<ReadModel['quality'], 'ai' | 'email'> & { ai: AiQuality | null; email: Record<string, unknown> | null; extraction?: unknown };
  quality.ai = ai;
  const reasons = new Set(quality.reasons);
  for (const r of det.reasons) if (DEGRADING.has(r)) reasons.add(r);
  if (ai.conflict_fields.length) reasons.add('conflicting_values');
  if (ai.rejected_fields.length) reasons.add('rejected_values');
  if (ai.status === 'degraded' || ai.status === 'unavailable') reasons.add(`ai_${ai.status}`);
  if (structured.reason) reasons.add(structured.reason);
  if (structured.structured) {
    // Field names only (2.3): where the visible text and the XML disagree.
    quality.structured = { ...structured.structured, conflict_fields: visibleConflicts } as unknown as typeof quality.structured;
    if (structured.fields && visibleConflicts.length) reasons.add('structured_visible_conflict');
  }
  quality.reasons = [...reasons];
  quality.status = reasons.size ? 'degraded' : 'normal';
  quality.degraded = reasons.size > 0;
  // Q5: which component of a container the result describes, and how many were candidates.
  if (quality.email) quality.email = { ...quality.email, document_candidates: det.selection.document_candidates, selected_component: det.selection.component_ref, selection_reason: det.selection.reason };
  // Docdesk addition: what the extraction step looked at (packets: the first invoice's pages).
  quality.extraction = { component_ref: det.selection.component_ref, pages: det.selection.pages, selection_reason: det.selection.reason, notes: det.reasons };

  const strategies = [...det.strategies, ...(ai.status === 'completed' || ai.changed_fields.length ? ['ai_second_opinion'] : [])];
  await immediateTransaction(deps.db, async (tx) => {
    await recordRunOutcome(tx, run.id, {
      fields: JSON.stringify(fields),
      quality: JSON.stringify(quality),
      provenance_summary: JSON.stringify(provenanceSummary(fields)),
      strategies_used: JSON.stringify(strategies),
      extraction_schema_version: EXTRACTION_SCHEMA_VERSION,
      extractor_version: EXTRACTOR_VERSION,
      normalization_version: NORMALIZATION_VERSION,
      ai_prompt_version: aiModel ? AI_PROMPT_VERSION : null,
      ai_model: aiModel,
      ai_reasoning_effort: aiEffort,
    });
    // Spec 2.1: an e-invoice only when its structured data was accepted.
    await setEInvoice(tx, doc.id, !!structured.fields);
  }, { account: doc.account_id });
}
