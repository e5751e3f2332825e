// Extraction mode, generic profile (spec 1 modes table, R2, 2.2, 2.3 quality.ai, 2.6, Q1–Q5):
// the analysis reading steps (readForRun), then `extracting`: the deterministic field map
// with candidates and provenance, optionally a second opinion from the configured AI
// provider, stored on the run. Stages: scanning → thumbnailing → counting_pages → reading →
// ocr → assembling → extracting → completed.
import type { DocumentRow, RunRow } from '../api/presenters.js';
import { EXTRACTION_SCHEMA_VERSION, EXTRACTOR_VERSION, NORMALIZATION_VERSION, extractGeneric, provenanceSummary, type FieldResult, type GenericField } from '../extract/index.js';
import { baseAiQuality, runAi, type AiQuality } from '../extract/ai/merge.js';
import { OpenAiCompatibleProvider } from '../extract/ai/openai-http.js';
import { AI_PROMPT_VERSION } from '../extract/ai/provider.js';
import { getAiSettings } from '../extract/ai/settings.js';
import type { FileFormat } from '../formats/detect.js';
import { immediateTransaction } from '../store/db.js';
import { readForRun } from './analysis.js';
import type { ReadModel } from './analysis-results.js';
import { DocumentFailure, setStage, type PipelineDeps } from './steps.js';

/** Reasons from the extraction rules that make a run degraded (Q1: money, tax, dates). */
const DEGRADING = new Set(['amounts_not_consistent', 'gross_amount_not_found', 'issue_date_not_found']);

/**
 * Seam for structured e-invoices (spec 2.4, Q4, Q6): when an embedded or standalone invoice
 * XML has been validated and accepted, its values win with provenance `structured_invoice`.
 * Wired at merge time to the e-invoice module (`invoiceToGenericFields`, `validateInvoiceXml`);
 * until then no structured values exist and the visible text is the only source.
 */
export async function structuredInvoiceValues(_read: ReadModel): Promise<Partial<Record<GenericField, FieldResult>> | null> {
  return null;
}

export async function runExtraction(deps: PipelineDeps, doc: DocumentRow, run: RunRow, format: FileFormat): Promise<void> {
  if (doc.extraction_profile !== 'generic') {
    throw new DocumentFailure('The de.energy.supply-invoice profile is not available in this version of Docdesk yet; upload with the generic profile.', 'mode_unavailable');
  }
  const read = await readForRun(deps, doc, run, format);
  await setStage(deps, doc.id, 'extracting');
  // Q4: a standalone invoice XML is never turned into fields from its pretty-printed text;
  // until structured values are available (the seam below) it fails with a clear reason.
  const structured = await structuredInvoiceValues(read);
  if (!structured && read.assembled.xml?.invoice) {
    throw new DocumentFailure('This file is structured e-invoice XML. Its values are read by the e-invoice validation, which this version of Docdesk cannot apply in extraction mode yet; upload it in validation mode, or upload the invoice PDF.', 'structured_invoice_unavailable');
  }

  const customTypes = doc.custom_types ? (JSON.parse(doc.custom_types) as string[]) : [];
  const det = extractGeneric({ components: read.components, pages: read.pages, text: doc.additional_text, custom_types: customTypes, locale: doc.locale });
  let fields = det.fields;
  if (structured) fields = { ...fields, ...structured };

  const selectedPages = read.pages.filter((p) => p.component_ref === (det.selection.component_ref ?? p.component_ref) && det.selection.pages.includes(p.page));
  const documentText = selectedPages.map((p) => p.text).join('\n\f\n');
  const noUsableText = documentText.trim() === '' && !(doc.additional_text ?? '').trim();

  // R2 and the AI switch: AI only when the upload allows it and a provider is configured;
  // otherwise deterministic only, never an error, and quality.ai says which case applied.
  let ai: AiQuality;
  let aiModel: string | null = null;
  let aiEffort: string | null = null;
  if (doc.ai_processing !== 1) ai = baseAiQuality(det, noUsableText, 'disabled', 'allow_ai_processing_false');
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
  quality.reasons = [...reasons];
  quality.status = reasons.size ? 'degraded' : 'normal';
  quality.degraded = reasons.size > 0;
  // Q5: which component of a container the result describes, and how many were candidates.
  if (quality.email) quality.email = { ...quality.email, document_candidates: det.selection.document_candidates, selected_component: det.selection.component_ref, selection_reason: det.selection.reason };
  // Docdesk addition: what the extraction step looked at (packets: the first invoice's pages).
  quality.extraction = { component_ref: det.selection.component_ref, pages: det.selection.pages, selection_reason: det.selection.reason, notes: det.reasons };

  const strategies = [...det.strategies, ...(ai.status === 'completed' || ai.changed_fields.length ? ['ai_second_opinion'] : [])];
  await immediateTransaction(deps.db, async (tx) => {
    await tx
      .updateTable('extraction_runs')
      .set({
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
      })
      .where('id', '=', run.id)
      .execute();
  });
}
