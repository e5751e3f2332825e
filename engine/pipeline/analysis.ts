// Analysis mode (spec 1, modes table; R4; 2.3 quality.pdf; section 8 limits): every page of
// the document becomes text (native or OCR) and a preview. Stages: scanning → thumbnailing
// → counting_pages → (band settlement) → reading → ocr → assembling → completed.
// Extraction mode reads the same way (readForRun) and then extracts (./extraction.ts).
import { join } from 'node:path';
import type { DocumentRow, RunRow } from '../store/rows.js';
import type { FileFormat } from '../formats/detect.js';
import { familyOf } from '../formats/detect.js';
import type { Component, PageText, XmlInvoiceDetection } from '../formats/model.js';
import { setPagesDone } from '../store/documents.js';
import { resolvePageSelection, VISUAL_PAGE_LIMIT } from './page-selection.js';
import { MAX_EMAIL_ATTACHMENT_PDF_PAGES } from '../formats/limits.js';
import type { PageWorkResult } from './page-work.js';
import { DocumentFailure, runFiles, runTask, setStage, settlePageBands, thumbnail, type PipelineDeps } from './steps.js';
import type { EmailRead, PdfInfoResult } from './worker-entry.js';
import { hasUsableContent, saveResults, type Assembled, type PagePlan, type ReadModel } from './analysis-results.js';
import type { DetectedSources, RenderedInvoice } from './validation-work.js';

/** Spec 8: 512 MiB of rendered data per document; 8 MiB of retained OCR text. */
export const RENDERED_BYTES_LIMIT = 512 * 1024 * 1024;
export const OCR_TEXT_LIMIT = 8 * 1024 * 1024;
const PAGE_TIMEOUT_MS = 180_000;
const PROGRESS_INTERVAL_MS = 250;
/** Per-document processing deadline for the page work (DOCDESK_DOCUMENT_DEADLINE_SECONDS). */
const DEFAULT_DOCUMENT_DEADLINE_MS = 30 * 60_000;

export function documentDeadlineMs(): number {
  const raw = process.env.DOCDESK_DOCUMENT_DEADLINE_SECONDS;
  const seconds = raw ? Number(raw) : NaN;
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : DEFAULT_DOCUMENT_DEADLINE_MS;
}
const SINGLE_PAGE_FORMATS: FileFormat[] = ['jpg', 'png', 'webp', 'gif', 'bmp', 'xml'];

export { PageBandBlocked } from './steps.js';

export async function runAnalysis(deps: PipelineDeps, doc: DocumentRow, run: RunRow, format: FileFormat): Promise<void> {
  await readForRun(deps, doc, run, format);
}

/**
 * The reading steps shared by analysis and extraction mode: thumbnail, page count and band
 * settlement, text (native or OCR) and previews of every page, stored results. Returns the
 * run's page model for the steps that follow.
 */
export interface ReadOptions {
  /**
   * false: a document without any readable text is still handed on (a specialized profile
   * records its own failed result, spec 2.8); a deadline that cut the reading short always fails.
   */
  emptyIsFailure?: boolean;
}

export async function readForRun(deps: PipelineDeps, doc: DocumentRow, run: RunRow, format: FileFormat, opts: ReadOptions = {}): Promise<ReadModel> {
  await thumbnail(deps, doc, format);
  const modeName = doc.processing_mode === 'extraction' ? 'Extraction' : 'Analysis';
  if (familyOf(format) === 'video') throw new DocumentFailure(`${modeName} mode reads documents and images; for a video, use thumbnail mode.`, 'unsupported_for_mode');

  await setStage(deps, doc.id, 'counting_pages');
  const sourcePath = runFiles(deps).source;
  const plan = await planPages(deps, doc, sourcePath, format);
  const totalPages = plan.pages.length;
  const selected = plan.pages.filter((p) => p.selected);

  // Spec 3: when the page count is known, the run's charge becomes the page-band total —
  // or the document is blocked when a further band is not covered.
  await settlePageBands(deps, doc, run, selected.length, totalPages, selected.length);

  const { results, deadlineReached } = await readPages(deps, doc, run, plan.pages, plan.structuredPages);
  plan.deadlineReached = deadlineReached;
  await setStage(deps, doc.id, 'assembling');
  plan.invoiceSources = await invoiceSources(deps, doc, format);
  // Spec 3 / 8 rule 4: a document that yielded nothing usable is an error and costs nothing.
  if (!hasUsableContent(plan, results) && (opts.emptyIsFailure !== false || deadlineReached)) {
    throw new DocumentFailure(
      deadlineReached
        ? `No text could be read before the per-document processing deadline of ${Math.round(documentDeadlineMs() / 1000)} seconds passed; nothing was charged.`
        : 'Docdesk could not read any text from this document (no page has a text layer or legible content); nothing was charged.',
      deadlineReached ? 'processing_deadline_exceeded' : 'no_usable_content',
    );
  }
  plan.invoicePreview = await invoiceVisualization(deps, doc, run, format, plan);
  return saveResults(deps, doc, run, plan, results);
}

/**
 * Spec 2.5: the HTML visualization (and JPEG fallback) of an XML upload that is an invoice,
 * or of the single invoice XML embedded in a PDF. A rendering failure costs the preview
 * only, never the analysis (the pretty-printed XML preview stays).
 */
async function invoiceVisualization(deps: PipelineDeps, doc: DocumentRow, run: RunRow, format: FileFormat, a: Assembled): Promise<RenderedInvoice | null> {
  if (a.invoiceSources?.outcome !== 'single') return null;
  const outDir = runFiles(deps).artefactDir(`run-${run.id}`);
  return runTask<RenderedInvoice | null>(deps, { kind: 'einvoice.render', path: runFiles(deps).source, format: format as 'pdf' | 'xml' | 'eml' | 'msg', filename: doc.filename, locale: doc.locale, out_dir: outDir }, PAGE_TIMEOUT_MS).catch(() => null);
}

/** Issue 6 item 1: the invoice XML of the upload, its embedded files or its e-mail attachments. */
async function invoiceSources(deps: PipelineDeps, doc: DocumentRow, format: FileFormat): Promise<DetectedSources | null> {
  if (format !== 'pdf' && format !== 'xml' && format !== 'eml' && format !== 'msg') return null;
  return runTask<DetectedSources>(deps, { kind: 'einvoice.detect', path: runFiles(deps).source, format, filename: doc.filename }, PAGE_TIMEOUT_MS);
}

/** Builds the page list of the whole document (components in order) and applies R4. */
async function planPages(deps: PipelineDeps, doc: DocumentRow, path: string, format: FileFormat): Promise<Assembled> {
  const components: Component[] = [];
  const pages: PagePlan[] = [];
  const structuredPages = new Map<number, PageText>();
  let pdfInfo: Assembled['pdfInfo'] = null;
  let emailQuality: Record<string, unknown> | null = null;
  let xml: Assembled['xml'] = null;

  const attachmentPagesLimited: Array<{ component_ref: string; filename: string; page_count: number; pages_read: number }> = [];
  const add = async (ref: string, file: string, fmt: FileFormat, filename: string) => {
    const component: Component = { ref, kind: componentKind(fmt), filename, format: fmt, pages: [] };
    components.push(component);
    const count = await countPages(deps, doc, file, fmt, ref, (n, text) => structuredPages.set(pages.length + n, text));
    if (ref === 'main' && fmt === 'pdf') pdfInfo = count.pdf;
    if (count.xml) xml = count.xml;
    // Spec 8: an e-mail's attached PDF is read up to 100 pages; the rest is reported.
    let read = count.pages;
    if (ref !== 'main' && familyOf(fmt) === 'pdf' && read > MAX_EMAIL_ATTACHMENT_PDF_PAGES) {
      attachmentPagesLimited.push({ component_ref: ref, filename, page_count: read, pages_read: MAX_EMAIL_ATTACHMENT_PDF_PAGES });
      read = MAX_EMAIL_ATTACHMENT_PDF_PAGES;
    }
    for (let local = 1; local <= read; local++) {
      const physical = pages.length + 1;
      component.pages.push(physical);
      pages.push({ physical, component, local, sourcePath: file, format: fmt, selected: true });
    }
  };

  if (format === 'eml' || format === 'msg') {
    const email = await runTask<EmailRead>(deps, { kind: 'email.read', path, format, attachments_dir: runFiles(deps).artefactDir('attachments') }, PAGE_TIMEOUT_MS);
    emailQuality = email.quality;
    const body: Component = { ref: 'main', kind: 'email-body', filename: doc.filename, format, pages: [1] };
    components.push(body);
    pages.push({ physical: 1, component: body, local: 1, sourcePath: path, format, selected: true });
    structuredPages.set(1, textPage(1, 'main', `[email header]\n${email.header_text}\n[email body]\n${email.body_text}`));
    for (const att of email.components) await add(att.ref, att.path, att.format, att.filename);
    if (attachmentPagesLimited.length) emailQuality = { ...emailQuality, attachment_pages_limited: attachmentPagesLimited };
  } else {
    await add('main', path, format, doc.filename);
  }

  // R4: analysis-mode page selection applies to the document's pages.
  if (doc.processing_mode === 'analysis' && doc.pages !== null) {
    const chosen = new Set(resolvePageSelection(doc.pages, pages.length, SINGLE_PAGE_FORMATS.includes(format)));
    for (const p of pages) p.selected = chosen.has(p.physical);
  }
  return { pages, components, emailQuality, pdfInfo, xml, structuredPages };
}

function componentKind(format: FileFormat): Component['kind'] {
  switch (familyOf(format)) {
    case 'pdf':
      return 'pdf';
    case 'word':
      return 'docx';
    case 'xml':
      return 'xml';
    case 'email':
      return 'email-body';
    default:
      return 'image';
  }
}

function textPage(physical: number, ref: string, text: string): PageText {
  return { page: physical, component_ref: ref, source: 'structured', width: 595.28, height: 841.89, words: [], lines: [], text };
}

async function countPages(deps: PipelineDeps, doc: DocumentRow, path: string, format: FileFormat, ref: string, structured: (n: number, text: PageText) => void) {
  const family = familyOf(format);
  if (family === 'pdf') {
    const info = await runTask<PdfInfoResult>(deps, { kind: 'pdf.info', path }, PAGE_TIMEOUT_MS);
    return { pages: info.pageCount, pdf: { pageCount: info.pageCount, attachments: info.attachments.map((a) => ({ ...a, component_ref: ref })), invoice_xml: info.invoice_xml }, xml: null };
  }
  if (family === 'image') return { pages: await runTask<number>(deps, { kind: 'image.count', path, format }, PAGE_TIMEOUT_MS), pdf: null, xml: null };
  if (family === 'word') {
    const docx = await runTask<{ pages: Array<{ text: string }> }>(deps, { kind: 'docx.read', path }, PAGE_TIMEOUT_MS);
    docx.pages.forEach((p, i) => structured(i + 1, textPage(0, ref, p.text)));
    return { pages: Math.max(1, docx.pages.length), pdf: null, xml: null };
  }
  if (family === 'xml') {
    const read = await runTask<{ pretty: string; invoice: XmlInvoiceDetection | null }>(deps, { kind: 'xml.read', path }, PAGE_TIMEOUT_MS);
    structured(1, textPage(0, ref, read.pretty));
    return { pages: 1, pdf: null, xml: read };
  }
  throw new DocumentFailure(`Docdesk cannot read ${format} files in ${doc.processing_mode} mode.`, 'unsupported_for_mode');
}

/** Reads every page: native text first (stage `reading`), then OCR where needed (`ocr`). */
async function readPages(deps: PipelineDeps, doc: DocumentRow, run: RunRow, plan: PagePlan[], structuredPages: Map<number, PageText>): Promise<{ results: PageWorkResult[]; deadlineReached: boolean }> {
  await setStage(deps, doc.id, 'reading');
  // Pages not started before the deadline are not read; they are reported as failed.
  const deadline = Date.now() + documentDeadlineMs();
  let deadlineReached = false;
  const pastDeadline = (p: PagePlan): PageWorkResult | null => {
    if (Date.now() < deadline) return null;
    deadlineReached = true;
    return { ...notProcessed(p), failed: 'not read: the per-document processing deadline had passed' };
  };
  const previewDir = runFiles(deps).artefactDir(`run-${run.id}`);
  let renderedBytes = 0;
  let visualCount = 0;
  let done = 0;
  const results = new Map<number, PageWorkResult>();
  // One write per page would cost thousands of commits for a long scan whose pages are
  // skipped in microseconds; progress is written at most every PROGRESS_INTERVAL_MS.
  const selectedCount = plan.filter((p) => p.selected).length;
  let lastWrite = 0;
  const progress = async () => {
    done++;
    if (done < selectedCount && Date.now() - lastWrite < PROGRESS_INTERVAL_MS) return;
    lastWrite = Date.now();
    await setPagesDone(deps.db, doc.id, done);
  };
  // The first page always gets a preview (R4), even when it was not selected.
  const work = plan.filter((p) => p.selected || p.physical === 1);
  const visualFor = (p: PagePlan) => {
    const ok = visualCount < VISUAL_PAGE_LIMIT && renderedBytes < RENDERED_BYTES_LIMIT;
    if (ok) visualCount++;
    return ok;
  };
  const previewPath = (p: PagePlan) => join(previewDir, `page-${String(p.physical).padStart(4, '0')}.jpg`);

  const phase1 = work.filter((p) => familyOf(p.format) === 'pdf');
  const later: PagePlan[] = work.filter((p) => familyOf(p.format) !== 'pdf');
  await parallel(phase1, deps.pool.size, async (p) => {
    const visual = visualFor(p);
    const r = pastDeadline(p) ?? await runTask<PageWorkResult>(deps, { kind: 'pdf.page', path: p.sourcePath, page: p.local, physical_page: p.physical, component_ref: p.component.ref, visual, preview_path: visual ? previewPath(p) : null }, PAGE_TIMEOUT_MS).catch((err) => failedPage(p, err));
    renderedBytes += r.rendered_bytes;
    results.set(p.physical, r);
    if (r.ocr_reason && visual) later.push(p);
    else if (p.selected) await progress();
  });

  if (later.some((p) => familyOf(p.format) !== 'word' && familyOf(p.format) !== 'xml' && familyOf(p.format) !== 'email')) await setStage(deps, doc.id, 'ocr');
  let ocrTextBytes = 0;
  await parallel(inReadingOrder(later), deps.pool.size, async (p) => {
    const family = familyOf(p.format);
    let r: PageWorkResult;
    const late = pastDeadline(p);
    if (late) {
      r = late;
    } else if (family === 'pdf') {
      r = await runTask<PageWorkResult>(deps, { kind: 'pdf.ocr', path: p.sourcePath, page: p.local, physical_page: p.physical, component_ref: p.component.ref, native: results.get(p.physical)!, preview_path: previewPath(p) }, PAGE_TIMEOUT_MS).catch((err) => failedPage(p, err));
    } else if (family === 'image') {
      const visual = visualFor(p);
      // Beyond the visual limit an image page has nothing to read: skipped without decoding.
      r = !visual ? { ...notProcessed(p), ocr_reason: 'no_text_layer' } : await runTask<PageWorkResult>(deps, { kind: 'image.page', path: p.sourcePath, format: p.format, index: p.local - 1, physical_page: p.physical, component_ref: p.component.ref, visual, preview_path: visual ? previewPath(p) : null }, PAGE_TIMEOUT_MS).catch((err) => failedPage(p, err));
    } else {
      r = await runTask<PageWorkResult>(deps, { kind: 'structured.page', path: p.sourcePath, format: p.format, index: p.local - 1, physical_page: p.physical, component_ref: p.component.ref, preview_path: previewPath(p), text: structuredPages.get(p.physical)?.text }, PAGE_TIMEOUT_MS).catch((err) => failedPage(p, err));
    }
    renderedBytes += r.rendered_bytes;
    if (r.page.source === 'ocr' || r.page.source === 'combined') {
      ocrTextBytes += Buffer.byteLength(r.page.text);
      if (ocrTextBytes > OCR_TEXT_LIMIT) {
        r.page.text = '';
        r.page.words = [];
        r.page.lines = [];
        r.truncated = true;
      }
    }
    results.set(p.physical, r);
    if (p.selected) await progress();
  });
  return { results: plan.map((p) => results.get(p.physical) ?? notProcessed(p)), deadlineReached };
}

/**
 * Phase 2 takes its pages in page order, not in the order phase 1 happened to hand them back:
 * phase 1 of a scanned page is a few milliseconds, so that order is a race between the two
 * workers, and on the bench's 10-page scan it put page 3 (one of the dearest: 5 s of re-reads)
 * last, leaving the other worker idle for its whole read. Costs are not known before a page is
 * read (neither the scan's bytes nor its size tell a dear page), so a fixed order is the fair one.
 */
export function inReadingOrder(pages: PagePlan[]): PagePlan[] {
  return [...pages].sort((a, b) => a.physical - b.physical);
}

function failedPage(p: PagePlan, err: unknown): PageWorkResult {
  return { ...notProcessed(p), failed: err instanceof Error ? err.message : String(err) };
}

function notProcessed(p: PagePlan): PageWorkResult {
  return { page: textPage(p.physical, p.component.ref, ''), ocr_reason: null, ocr_attempted: false, ocr_succeeded: false, ocr_confidence: null, conflict: false, limited: false, blank: false, preview: null, rendered_bytes: 0, failed: null, truncated: false };
}

async function parallel<T>(items: T[], width: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.max(1, Math.min(width, items.length)) }, async () => {
    while (next < items.length) await fn(items[next++]!);
  });
  await Promise.all(lanes);
}
