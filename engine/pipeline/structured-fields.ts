// The seam between the e-invoice assessment and generic extraction (issue 6 item 7; spec 2.4,
// 2.6, Q4, Q5): what extraction mode does with an invoice XML it found. Pure decisions over
// an `Assessed` (validation-work.ts) — accepted values become v1 fields with provenance
// `structured_invoice`; rejected XML never feeds a field silently.
import type { DocumentRow, RunRow } from '../store/rows.js';
import type { FileFormat } from '../formats/detect.js';
import { DocumentFailure, RetryableFailure, runFiles, runTask, type PipelineDeps } from './steps.js';
import type { Assessed } from './validation-work.js';
import { recordUnavailable, VALIDATOR_UNAVAILABLE, type ValidationStructured } from './validation.js';
import { unavailable } from '../einvoice/quality.js';

/** Spec 2.6 field object. */
export interface ExtractionField {
  value: unknown;
  candidates: unknown[] | null;
  provenance: { method: string; source: string; derived_from: string[]; transforms: string[] } | null;
}

export type StructuredPlan =
  /** Accepted XML: these fields are the result; text extraction may add fields the XML lacks, never override. */
  | { kind: 'use_structured'; fields: Record<string, ExtractionField> }
  /** Q4: a rejected standalone XML fails the run (error_code unsupported_structured_invoice). */
  | { kind: 'fail'; error_code: 'unsupported_structured_invoice'; message: string }
  /** A hybrid PDF / e-mail whose XML was rejected: extract from the visible text, degraded, with conflict metadata. */
  | { kind: 'visible_text_degraded'; reason: 'structured_invoice_rejected' | 'structured_invoice_ambiguous'; rejected_fields: Record<string, unknown> | null }
  /** No invoice XML: ordinary extraction. */
  | { kind: 'visible_text' }
  /** Technical validator failure: retry (RetryableFailure validator_unavailable), never "invalid". */
  | { kind: 'retry' };

const FIELD_ORDER = ['type', 'document_number', 'issue_date', 'payment_due_date', 'sender_name', 'sender_vat_number', 'recipient_name', 'currency', 'net_amount', 'gross_amount', 'tax_breakdowns', 'iban', 'bic', 'payment_reference'];

function structuredProvenance(a: Assessed): ExtractionField['provenance'] {
  return {
    method: 'structured_invoice',
    source: a.source?.origin ?? 'standalone',
    derived_from: a.source ? [a.source.filename] : [],
    transforms: [`${a.structured.syntax ?? 'xml'}_to_en16931`, 'en16931_to_generic_v1'],
  };
}

/** Decides how extraction mode uses the assessment; `container` is the uploaded file's family. */
export function planStructuredExtraction(a: Assessed, container: 'xml' | 'pdf' | 'email'): StructuredPlan {
  if (a.structured.validation_status === 'unavailable') return { kind: 'retry' };
  if (a.accepted && a.fields) {
    const provenance = structuredProvenance(a);
    const fields: Record<string, ExtractionField> = {};
    for (const name of FIELD_ORDER) {
      const value = a.fields[name] ?? null;
      // Spec 2.6: provenance is null for null values.
      fields[name] = { value, candidates: null, provenance: value === null ? null : provenance };
    }
    return { kind: 'use_structured', fields };
  }
  if (a.outcome === 'not_detected') return { kind: 'visible_text' };
  if (container === 'xml') {
    return { kind: 'fail', error_code: 'unsupported_structured_invoice', message: rejectionMessage(a) };
  }
  return { kind: 'visible_text_degraded', reason: a.outcome === 'multiple' || a.outcome === 'inconclusive' ? 'structured_invoice_ambiguous' : 'structured_invoice_rejected', rejected_fields: a.fields };
}

function rejectionMessage(a: Assessed): string {
  const s = a.structured;
  if (s.validation_status === 'not_evaluable') return 'The XML invoice cannot be evaluated safely (too large, unsafe or not well-formed).';
  if (s.validation_status === 'unsupported') return 'The XML invoice uses a profile Docdesk does not support; see quality.structured.';
  if (s.validation_status === 'invalid') return 'The XML invoice violates structured-invoice validation rules; see quality.structured.validation_errors.';
  return 'The XML is not a supported structured invoice; see quality.structured.';
}

const norm = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  const s = String(v).trim();
  if (s === '') return null;
  if (/^-?\d+(\.\d+)?$/.test(s)) return String(Number(s).toFixed(2));
  return s.replace(/\s+/g, '').toUpperCase();
};

/**
 * Names of the scalar fields where two sources disagree (both present, different after
 * normalization) — the conflict metadata of a degraded run. Names only, never values.
 */
export function fieldConflicts(a: Record<string, unknown> | null, b: Record<string, unknown> | null): string[] {
  if (!a || !b) return [];
  return FIELD_ORDER.filter((f) => f !== 'tax_breakdowns' && f !== 'type').filter((f) => {
    const x = norm(a[f]);
    const y = norm(b[f]);
    return x !== null && y !== null && x !== y;
  });
}

/**
 * The one call extraction mode needs (worker task `einvoice.assess`): the assessment of the
 * upload's invoice XML and what to do with it. A validator outage throws RetryableFailure
 * (the scheduler retries; never an "invalid invoice") after recording the `unavailable`
 * snapshot on the run. `structured` goes to quality.structured as is.
 */
export async function assessForExtraction(deps: PipelineDeps, doc: DocumentRow, run: RunRow, format: FileFormat): Promise<{ plan: StructuredPlan; structured: ValidationStructured | null; assessed: Assessed | null }> {
  const container = format === 'xml' ? 'xml' : format === 'pdf' ? 'pdf' : format === 'eml' || format === 'msg' ? 'email' : null;
  if (!container) return { plan: { kind: 'visible_text' }, structured: null, assessed: null };
  let assessed: Assessed;
  try {
    assessed = await runTask<Assessed>(deps, { kind: 'einvoice.assess', path: runFiles(deps).source, format: format as 'pdf' | 'xml' | 'eml' | 'msg', filename: doc.filename }, 180_000);
  } catch (err) {
    if (err instanceof DocumentFailure) throw err;
    await recordUnavailable(deps, run, unavailable());
    throw new RetryableFailure(`The e-invoice validator failed: ${err instanceof Error ? err.message : String(err)}`, VALIDATOR_UNAVAILABLE);
  }
  const plan = planStructuredExtraction(assessed, container);
  if (plan.kind === 'retry') {
    // R5: after the last retry the failed run shows validation_status unavailable.
    await recordUnavailable(deps, run, assessed.structured);
    throw new RetryableFailure('The e-invoice validator is temporarily unavailable.', VALIDATOR_UNAVAILABLE);
  }
  const structured: ValidationStructured = { ...assessed.structured, source: assessed.source, embedded_xml_candidates: assessed.candidates, linkage: null };
  return { plan, structured, assessed };
}
