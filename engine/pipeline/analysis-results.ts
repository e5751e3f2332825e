// Turns the read pages into the stored results of a run: extracted text with its markers
// (spec 2.1), previews (2.5), quality.pdf / quality.email / quality.structured (2.3) and the
// page model (words with boxes) that later steps cite as evidence.
import type { DocumentRow, RunRow } from '../store/rows.js';
import { plainText } from '../documents/representation.js';
import type { FileFormat } from '../formats/detect.js';
import type { AttachmentInfo, Component, PageText, XmlInvoiceDetection } from '../formats/model.js';
import { immediateTransaction } from '../store/db.js';
import { nowTimestamp } from '../store/time.js';
import { setExtractedText } from '../store/documents.js';
import { deleteRunPreviews, insertPreview } from '../store/previews.js';
import { setRunQuality } from '../store/runs.js';
import { VISUAL_PAGE_LIMIT } from './page-selection.js';
import { UNRELIABLE_CONFIDENCE, type PageWorkResult } from './page-work.js';
import { runFiles, type PipelineDeps } from './steps.js';
import { DEFAULT_LANGUAGES } from '../ocr/index.js';
import type { DetectedSources, RenderedInvoice } from './validation-work.js';

export interface PagePlan {
  physical: number;
  component: Component;
  /** Page number inside its component (PDF page, TIFF frame + 1, …). */
  local: number;
  sourcePath: string;
  format: FileFormat;
  selected: boolean;
}

export interface Assembled {
  pages: PagePlan[];
  components: Component[];
  emailQuality: Record<string, unknown> | null;
  pdfInfo: { pageCount: number; attachments: AttachmentInfo[]; invoice_xml?: Array<XmlInvoiceDetection & { filename: string }> } | null;
  xml: { pretty: string; invoice: XmlInvoiceDetection | null } | null;
  structuredPages: Map<number, PageText>;
  /** The e-invoice visualization (spec 2.5) of the document's invoice XML, when there is one. */
  invoicePreview?: RenderedInvoice | null;
  /** Where the invoice XML is (upload, embedded in the PDF, e-mail attachments), when looked for. */
  invoiceSources?: DetectedSources | null;
  /** Pages were left unread because the per-document processing deadline passed. */
  deadlineReached?: boolean;
}

/** Some selected page has text (native, OCR or from the structure), or invoice XML was found. */
export function hasUsableContent(a: Assembled, results: PageWorkResult[]): boolean {
  if (a.xml || a.pdfInfo?.invoice_xml?.length || a.invoiceSources?.outcome === 'single') return true;
  return a.pages.some((p, i) => p.selected && ((results[i]?.page.text.trim() ?? '') !== '' || (a.structuredPages.get(p.physical)?.text.trim() ?? '') !== ''));
}

/** What the reading steps leave for the steps that follow: the page model and quality. */
export interface ReadModel {
  components: Component[];
  pages: PageText[];
  quality: ReturnType<typeof buildQuality>;
  assembled: Assembled;
  results: PageWorkResult[];
}

/** Bracketed markers in `extracted_text`; `extracted_text_plain` drops them. */
const MARKER_LINE = /^\[(page \d+|email header|email body|attachment \d+)[^\]\n]*\]$/;

function marker(plan: PagePlan, r: PageWorkResult): string {
  const p = r.page;
  if (r.failed) return `[page ${plan.physical}: could not be read]`;
  if (p.source === 'structured') return `[page ${plan.physical}: ${plan.component.kind === 'email-body' ? 'e-mail message' : `${plan.format} structure`}]`;
  if (p.source === 'ocr' || p.source === 'combined') return `[page ${plan.physical}: ${p.source === 'combined' ? 'text layer and ' : ''}OCR ${DEFAULT_LANGUAGES}, confidence ${Math.round(r.ocr_confidence ?? 0)}]`;
  if (r.ocr_reason && !r.ocr_attempted) return `[page ${plan.physical}: needs OCR, not performed (${r.ocr_reason})]`;
  return `[page ${plan.physical}: native text]`;
}

export function buildExtractedText(plans: PagePlan[], results: PageWorkResult[]): string {
  const pages: string[] = [];
  plans.forEach((plan, i) => {
    if (!plan.selected) return;
    const r = results[i]!;
    const lines: string[] = [];
    if (plan.component.ref.startsWith('att-') && plan.component.pages[0] === plan.physical) {
      lines.push(`[attachment ${plan.component.ref.slice(4)}: ${plan.component.filename}]`);
    }
    lines.push(marker(plan, r));
    if (r.page.text) lines.push(r.page.text);
    pages.push(lines.join('\n'));
  });
  return pages.join('\f');
}

export function buildPlainText(extracted: string): string {
  return plainText(
    extracted
      .split('\f')
      .map((page) => page.split('\n').filter((line) => !MARKER_LINE.test(line.trim())).join('\n'))
      .join('\f'),
  );
}

function pagesWhere(plans: PagePlan[], results: PageWorkResult[], pred: (r: PageWorkResult, p: PagePlan) => boolean): number[] {
  return plans.flatMap((p, i) => (p.selected && pred(results[i]!, p) ? [p.physical] : []));
}

export function buildQuality(a: Assembled, results: PageWorkResult[]) {
  const plans = a.pages;
  const pdfPages = (r: PageWorkResult, p: PagePlan) => p.component.kind === 'pdf' || p.component.kind === 'image';
  const needOcr = pagesWhere(plans, results, (r, p) => pdfPages(r, p) && r.ocr_reason !== null);
  const attempted = pagesWhere(plans, results, (r) => r.ocr_attempted);
  const skipped = pagesWhere(plans, results, (r, p) => pdfPages(r, p) && r.ocr_reason !== null && !r.ocr_attempted && !r.failed);
  const failed = pagesWhere(plans, results, (r) => r.failed !== null);
  const truncated = results.some((r) => r.truncated);
  const hasVisual = plans.some((p) => p.component.kind === 'pdf' || p.component.kind === 'image');
  const pdf = hasVisual
    ? {
        page_count: a.pdfInfo?.pageCount ?? plans.length,
        page_count_known: true,
        native_text_available: results.some((r) => r.page.source === 'native' && r.page.text.trim() !== ''),
        native_text_truncated: false,
        ocr_attempted_pages: attempted.length,
        ocr_successful_pages: pagesWhere(plans, results, (r) => r.ocr_succeeded).length,
        ocr_page_limit_reached: skipped.length > 0 && needOcr.length > 0 && plans.filter((p) => p.selected).length > VISUAL_PAGE_LIMIT,
        ocr_page_limit: VISUAL_PAGE_LIMIT,
        pages_beyond_ocr_limit: Math.max(0, plans.filter((p) => p.selected).length - VISUAL_PAGE_LIMIT),
        failed_pages: failed,
        skipped_pages: skipped,
        empty_pages: pagesWhere(plans, results, (r) => !r.failed && !r.blank && r.page.text.trim() === '' && (r.ocr_attempted || r.ocr_reason === null)),
        blank_pages: pagesWhere(plans, results, (r) => r.blank),
        conflict_pages: pagesWhere(plans, results, (r) => r.conflict),
        unreliable_pages: pagesWhere(plans, results, (r) => r.ocr_succeeded && (r.ocr_confidence ?? 100) < UNRELIABLE_CONFIDENCE),
        limited_pages: pagesWhere(plans, results, (r) => r.limited),
        embedded_files: (a.pdfInfo?.attachments ?? []).map(({ filename, size, mime }) => ({ filename, size, mime })),
      }
    : null;

  const invoices = [...(a.xml?.invoice ? [{ ...a.xml.invoice, filename: null as string | null }] : []), ...(a.pdfInfo?.invoice_xml ?? [])];
  const structured = {
    contract_version: 1,
    detection_status: a.invoiceSources?.detection_status ?? (invoices.length > 0 ? 'recognized' : 'not_detected'),
    validation_status: 'not_validated',
    validation_scope: 'none',
    assessment: 'not_applicable',
    validation_errors: null,
    validator: null,
    detected: invoices.map((i) => ({ syntax: i.syntax, root: i.root, specification_id: i.specification_id, embedded_filename: i.filename })),
    ...(a.invoiceSources ? { reason: a.invoiceSources.outcome === 'multiple' ? 'multiple_embedded_invoice_xml_attachments' : null, embedded_xml_candidates: a.invoiceSources.candidates } : {}),
    visualization: a.invoicePreview ? 'html' : null,
  };

  const reasons: string[] = [];
  if (pdf?.ocr_page_limit_reached) reasons.push('ocr_page_limit_reached');
  if (failed.length) reasons.push('pages_failed');
  if (skipped.length) reasons.push('pages_skipped');
  if (pdf?.unreliable_pages.length) reasons.push('unreliable_ocr');
  if (pdf?.conflict_pages.length) reasons.push('text_layer_conflict');
  if (truncated) reasons.push('ocr_text_truncated');
  if (a.deadlineReached) reasons.push('processing_deadline_reached');
  const email = a.emailQuality;
  // Attachments dropped by a count or size limit (a 100-attachment e-mail of which 8 are
  // read) or cut at the page limit leave the result incomplete, exactly like failed ones.
  const listed = (key: string) => ((email?.[key] as unknown[] | undefined)?.length ?? 0) > 0;
  if (email && (listed('failed_attachments') || listed('over_limit_attachments') || listed('attachment_pages_limited') || email.body_truncated)) reasons.push('email_degraded');
  return {
    status: reasons.length ? 'degraded' : 'normal',
    degraded: reasons.length > 0,
    reasons,
    ai: null,
    pdf,
    email,
    structured,
  };
}

export async function saveResults(deps: PipelineDeps, doc: DocumentRow, run: RunRow, a: Assembled, results: PageWorkResult[]): Promise<ReadModel> {
  // Structured pages (Word, XML, e-mail body) carry their text from the structure read.
  results.forEach((r, i) => {
    const plan = a.pages[i]!;
    const structured = a.structuredPages.get(plan.physical);
    if (structured) r.page = { ...structured, page: plan.physical, component_ref: plan.component.ref };
  });
  const extracted = buildExtractedText(a.pages, results);
  const quality = buildQuality(a, results);
  const runDir = `${doc.id}/run-${run.id}`;
  // The page model (words with boxes) of the run, for evidence and extraction steps.
  await deps.blobs.writeArtefact(`${runDir}/pages.json`, Buffer.from(JSON.stringify({ components: a.components, pages: results.map((r) => r.page) })));
  const invoice = a.invoicePreview ?? null;
  const rel = runFiles(deps).key;
  let xmlPreview: string | null = null;
  // Spec 2.5: an e-invoice gets its HTML visualization; other safe XML the pretty-printed source.
  if (a.xml && !invoice?.component_ref) xmlPreview = await deps.blobs.writeArtefact(`${runDir}/document.xml`, Buffer.from(a.xml.pretty));

  await immediateTransaction(deps.db, async (tx) => {
    const ts = nowTimestamp();
    // Idempotent: a retried step replaces what an interrupted attempt wrote.
    await deleteRunPreviews(tx, run.id);
    const insertHtml = () =>
      insertPreview(tx, { document_id: doc.id, run_id: run.id, account_id: doc.account_id, page: 1, filename: 'invoice.html', file_format: 'html', content_type: 'text/html; charset=utf-8', file_size: invoice!.html.bytes, path: rel(invoice!.html.path), created_at: ts });
    // An invoice XML (upload or e-mail attachment) has the visualization as its canonical
    // preview, first; a hybrid PDF keeps its pages first and the HTML follows.
    const invoiceComponent = invoice?.component_ref ?? null;
    if (invoiceComponent) await insertHtml();
    for (const [i, r] of results.entries()) {
      if (!r.preview) continue;
      const plan = a.pages[i]!;
      if (invoice && invoiceComponent === plan.component.ref) {
        // The JPEG fallback of an e-invoice is the drawn visualization, not the XML source.
        await insertPreview(tx, { document_id: doc.id, run_id: run.id, account_id: doc.account_id, page: plan.physical, filename: 'invoice.jpg', file_format: 'jpg', content_type: 'image/jpeg', file_size: invoice.jpeg.bytes, path: rel(invoice.jpeg.path), created_at: ts });
        continue;
      }
      await insertPreview(tx, {
        document_id: doc.id,
        run_id: run.id,
        account_id: doc.account_id,
        page: plan.physical,
        filename: `page-${plan.physical}.jpg`,
        file_format: 'jpg',
        content_type: 'image/jpeg',
        file_size: r.preview.bytes,
        path: rel(r.preview.path),
        created_at: ts,
      });
    }
    if (invoice && !invoiceComponent) await insertHtml();
    if (xmlPreview) {
      await insertPreview(tx, { document_id: doc.id, run_id: run.id, account_id: doc.account_id, page: 1, filename: 'document.xml', file_format: 'xml', content_type: 'application/xml; charset=utf-8', file_size: Buffer.byteLength(a.xml!.pretty), path: xmlPreview, created_at: ts });
    }
    await setRunQuality(tx, run.id, quality);
    await setExtractedText(tx, doc.id, extracted, buildPlainText(extracted), ts);
  }, { account: doc.account_id });
  return { components: a.components, pages: results.map((r) => r.page), quality, assembled: a, results };
}
