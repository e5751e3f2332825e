// Validation mode (spec 1 modes table, R3, R5; 2.3 quality.structured; 8 credits rule 5): a
// PDF or XML upload gets e-invoice detection, XML validation and, for a valid XML embedded
// in a PDF, the visible-PDF linkage check. No thumbnail, no previews, no retained text.
// Stages: scanning → counting_pages → (band settlement) → validating → linking (hybrid PDFs
// with a valid XML only) → assembling → completed.
import type { DocumentRow, RunRow } from '../store/rows.js';
import type { FileFormat } from '../formats/detect.js';
import { checkLinkage, linkagePages, type LinkageReport } from '../einvoice/linkage.js';
import { unavailable, type StructuredQuality } from '../einvoice/quality.js';
import { immediateTransaction } from '../store/db.js';
import { nowTimestamp } from '../store/time.js';
import { setEInvoice } from '../store/documents.js';
import { setRunQuality } from '../store/runs.js';
import { DocumentFailure, RetryableFailure, runFiles, runTask, setStage, settlePageBands, type PipelineDeps } from './steps.js';
import type { Assessed } from './validation-work.js';
import type { VisibleText } from './page-work.js';
import type { PdfInfoResult } from './worker-entry.js';

const TASK_TIMEOUT_MS = 180_000;

export const VALIDATOR_UNAVAILABLE = 'validator_unavailable';

/** quality.structured of a validation-mode run: the library's assessment plus where the XML came from and the linkage. */
export type ValidationStructured = StructuredQuality & {
  source: Assessed['source'];
  embedded_xml_candidates: Assessed['candidates'];
  linkage: LinkageReport | null;
};

export async function runValidation(deps: PipelineDeps, doc: DocumentRow, run: RunRow, format: FileFormat): Promise<void> {
  // The upload rules admit PDF and XML only; the content check may still find otherwise.
  if (format !== 'pdf' && format !== 'xml') throw new DocumentFailure('Validation mode accepts only PDF or XML files; this file is neither.', 'unsupported_for_mode');
  const path = runFiles(deps).source;

  // A reprocessed document is an e-invoice again only when this run accepts it.
  await setEInvoice(deps.db, doc.id, false);
  await setStage(deps, doc.id, 'counting_pages');
  const pageCount = format === 'pdf' ? (await runTask<PdfInfoResult>(deps, { kind: 'pdf.info', path }, TASK_TIMEOUT_MS)).pageCount : 1;
  // R5: the assessment is published only after the final page-band total is covered.
  await settlePageBands(deps, doc, run, pageCount, pageCount, null);

  await setStage(deps, doc.id, 'validating');
  let assessed: Assessed;
  try {
    assessed = await runTask<Assessed>(deps, { kind: 'einvoice.assess', path, format, filename: doc.filename }, TASK_TIMEOUT_MS);
  } catch (err) {
    if (err instanceof DocumentFailure) throw err; // the PDF itself cannot be read
    // A crashed or hung validator worker is a technical failure, never an invalid invoice.
    await recordUnavailable(deps, run, unavailable());
    throw new RetryableFailure(`The e-invoice validator failed: ${err instanceof Error ? err.message : String(err)}`, VALIDATOR_UNAVAILABLE);
  }
  if (assessed.structured.retryable) {
    await recordUnavailable(deps, run, assessed.structured);
    throw new RetryableFailure('The e-invoice validator is temporarily unavailable.', VALIDATOR_UNAVAILABLE);
  }

  let linkage: LinkageReport | null = null;
  if (assessed.facts && assessed.source?.origin === 'pdf_embedded') {
    await setStage(deps, doc.id, 'linking');
    const pages = await Promise.all(linkagePages(pageCount).map((page) => runTask<VisibleText>(deps, { kind: 'pdf.visible_text', path, page }, TASK_TIMEOUT_MS)));
    linkage = checkLinkage(assessed.facts, pages, pageCount);
  }

  await setStage(deps, doc.id, 'assembling');
  const structured = withLinkage(assessed, linkage);
  const accepted = structured.supported && (structured.assessment === 'pass' || structured.assessment === 'pass_with_warnings');
  await immediateTransaction(deps.db, async (tx) => {
    await setRunQuality(tx, run.id, validationQuality(structured));
    await setEInvoice(tx, doc.id, accepted, nowTimestamp());
  }, { account: doc.account_id });
}

/** Combines the XML verdict with the linkage: a valid XML fails when the visible PDF does not show it (2.3). */
function withLinkage(a: Assessed, linkage: LinkageReport | null): ValidationStructured {
  const s: ValidationStructured = { ...a.structured, source: a.source, embedded_xml_candidates: a.candidates, linkage };
  if (!linkage) return s;
  if (linkage.status === 'conflict') return { ...s, assessment: 'fail', reason: 'pdf_xml_conflict' };
  if (linkage.status === 'not_linked') return { ...s, assessment: 'fail', reason: 'pdf_xml_not_linked' };
  if (linkage.status === 'indeterminate') return { ...s, assessment: 'indeterminate', reason: 'visible_text_unavailable' };
  return s;
}

function validationQuality(structured: ValidationStructured) {
  // Q6: for structured invoices the assessment is the signal; quality.status stays normal.
  return { status: 'normal', degraded: false, reasons: [] as string[], ai: null, pdf: null, email: null, structured };
}

/** Spec R5: after a terminal technical failure the run shows `validation_status: unavailable`. */
export async function recordUnavailable(deps: PipelineDeps, run: RunRow, structured: StructuredQuality): Promise<void> {
  const s: ValidationStructured = { ...structured, source: null, embedded_xml_candidates: [], linkage: null };
  await setRunQuality(deps.db, run.id, validationQuality(s));
}
