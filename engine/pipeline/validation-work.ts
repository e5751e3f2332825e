// Worker side of validation mode (spec 1 R5): find the invoice XML of a PDF or XML upload,
// validate it, and hand back the assessment plus the facts the visible PDF must show. File
// in, plain data out; the XML itself never leaves the worker.
import { mkdir, open, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { renderInvoiceHtml, renderInvoiceJpeg } from '../einvoice/render/index.js';
import { extractPdfAttachment, readPdfInfo } from '../formats/pdf/index.js';
import { readEmail } from '../formats/email.js';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { MAX_XML_BYTES } from '../formats/limits.js';
import { detectInvoiceXml, ENGINE_VERSION, invoiceToGenericFields, parseInvoice, unavailable, validateInvoiceXml, type StructuredQuality } from '../einvoice/index.js';
import { CONFIGURATION } from '../einvoice/scenario.js';
import { linkageFacts, type LinkageFacts } from '../einvoice/linkage.js';
import { boundedXmlBytes, looksLikeXml, MAX_XML_CANDIDATES, selectInvoiceSource, standaloneCandidate, type CandidateReport, type SourceSelection, type XmlCandidate } from '../einvoice/sources.js';
import { writeFileAtomic } from '../store/blobs.js';

export interface AssessTask {
  kind: 'einvoice.assess';
  path: string;
  /** eml/msg: extraction mode with e-mail containers (validation mode admits PDF and XML only). */
  format: 'pdf' | 'xml' | 'eml' | 'msg';
  filename: string;
}

export interface InvoiceSourceInfo {
  origin: XmlCandidate['origin'];
  filename: string;
  size: number;
}

export interface Assessed {
  outcome: SourceSelection['outcome'];
  source: InvoiceSourceInfo | null;
  candidates: CandidateReport[];
  structured: StructuredQuality;
  /** Only for a valid XML embedded in a PDF: what the visible pages must show. */
  facts: LinkageFacts | null;
  /** A supported profile whose validation passed (with or without warnings). */
  accepted: boolean;
  /**
   * The generic v1 field values of the selected XML whenever it parses — also when rejected,
   * so a caller can name conflicting fields. Only `accepted` values may be used as results
   * (Q4; see pipeline/structured-fields.ts).
   */
  fields: Record<string, unknown> | null;
}

/** The structured snapshot when no single XML could be validated (none, several, inconclusive). */
function unvalidated(detection: StructuredQuality['detection_status'], assessment: StructuredQuality['assessment'], reason: string): StructuredQuality {
  return {
    contract_version: 1,
    detection_status: detection,
    syntax: null,
    document_kind: null,
    profile: null,
    specification_id: null,
    supported: false,
    validation_status: 'not_validated',
    validation_scope: 'none',
    assessment,
    reason,
    validation_errors: { errors: [], warnings: [], information: [], counts: { error: 0, warning: 0, information: 0 }, truncated: false },
    validator: { engine: 'docdesk', engine_version: ENGINE_VERSION, configuration: CONFIGURATION, standard: null, scenario: null },
    retryable: false,
  };
}

async function readBounded(path: string): Promise<{ bytes: Uint8Array; size: number }> {
  const { size } = await stat(path);
  const fh = await open(path, 'r');
  try {
    const want = Math.min(size, MAX_XML_BYTES + 1);
    const buf = Buffer.alloc(want);
    let off = 0;
    while (off < want) {
      const { bytesRead } = await fh.read(buf, off, want - off, off);
      if (bytesRead === 0) break;
      off += bytesRead;
    }
    return { bytes: buf.subarray(0, off), size };
  } finally {
    await fh.close();
  }
}

async function pdfCandidates(path: string, componentRef = 'main'): Promise<XmlCandidate[]> {
  const info = await readPdfInfo(path);
  const xmlish = info.attachments.filter((a) => looksLikeXml(a.filename, a.mime));
  const out: XmlCandidate[] = [];
  for (const [i, a] of xmlish.entries()) {
    const c: XmlCandidate = { filename: a.filename, size: a.size, origin: 'pdf_embedded', component_ref: componentRef, bytes: null };
    if (i < MAX_XML_CANDIDATES) {
      try {
        c.bytes = boundedXmlBytes(await extractPdfAttachment(path, a.filename));
      } catch {
        c.unreadable = 'unreadable';
      }
    }
    out.push(c);
  }
  return out;
}

/**
 * An e-mail's invoice XML candidates: XML attachments themselves, plus the XML embedded in
 * attached PDFs. Attachments refused by the e-mail limits stay candidates without bytes, so
 * an oversize factur-x.xml is reported, not silently ignored.
 */
async function emailCandidates(path: string, format: 'eml' | 'msg'): Promise<XmlCandidate[]> {
  const mail = await readEmail(path, format);
  const out: XmlCandidate[] = [];
  const ref = (index: number) => `att-${index}`;
  for (const att of mail.attachments) {
    if (att.format === 'xml' || (att.format === null && looksLikeXml(att.filename, att.mime))) {
      const base = { filename: att.filename, size: att.size, origin: 'email_attachment' as const, component_ref: att.ref ?? ref(att.index) };
      if (att.data) out.push({ ...base, bytes: boundedXmlBytes(att.data) });
      else if (att.reason === 'xml_over_5_mib') out.push({ ...base, bytes: null, unreadable: 'xml_over_5_mib' });
      else if (att.reason === 'unsafe_or_malformed_xml') out.push({ ...base, bytes: null, unreadable: 'unsafe_or_malformed_xml' });
    } else if (att.format === 'pdf' && att.data) {
      const dir = await mkdtemp(join(tmpdir(), 'docdesk-mailpdf-'));
      try {
        const file = join(dir, 'attachment.pdf');
        await writeFile(file, att.data);
        out.push(...(await pdfCandidates(file, att.ref ?? ref(att.index)).catch(() => [])));
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }
  }
  return out;
}

const isValid = (s: StructuredQuality) => s.validation_status === 'valid' || s.validation_status === 'valid_with_warnings';

/** Field values of an XML that parses into the model; null otherwise. */
function fieldsOf(bytes: Uint8Array | null, s: StructuredQuality): Record<string, unknown> | null {
  if (!bytes || s.detection_status !== 'recognized') return null;
  try {
    return invoiceToGenericFields(parseInvoice(bytes));
  } catch {
    return null;
  }
}

export async function assessInvoiceFile(task: AssessTask): Promise<Assessed> {
  // Fault injection for the retry tests: the validator dependency fails like a real outage.
  const fault = process.env.DOCDESK_FAULT_VALIDATOR === 'unavailable';
  if (task.format === 'xml') {
    const info = (c: XmlCandidate): InvoiceSourceInfo => ({ origin: c.origin, filename: c.filename, size: c.size });
    const { bytes, size } = await readBounded(task.path);
    const c = standaloneCandidate(task.filename, bytes, size);
    const structured = fault ? unavailable() : validateInvoiceXml(c.bytes!);
    const report: CandidateReport = { filename: c.filename, size, origin: 'standalone', component_ref: 'main', status: structured.detection_status === 'recognized' ? 'invoice' : structured.detection_status === 'inconclusive' ? 'inconclusive' : 'not_invoice' };
    const outcome: SourceSelection['outcome'] = structured.detection_status === 'recognized' ? 'single' : structured.validation_status === 'not_evaluable' ? 'not_safely_evaluable' : structured.detection_status === 'inconclusive' ? 'inconclusive' : 'not_detected';
    return { outcome, source: info(c), candidates: [report], structured, facts: null, accepted: structured.supported && isValid(structured), fields: fieldsOf(c.bytes, structured) };
  }

  const candidates = task.format === 'pdf' ? await pdfCandidates(task.path) : await emailCandidates(task.path, task.format);
  return assessCandidates(candidates, fault);
}

/** Validates the one invoice XML among `candidates`, or says why there is none to validate. */
function assessCandidates(candidates: XmlCandidate[], fault = false): Assessed {
  const info = (c: XmlCandidate): InvoiceSourceInfo => ({ origin: c.origin, filename: c.filename, size: c.size });
  const selection = selectInvoiceSource(candidates);
  switch (selection.outcome) {
    case 'single':
    case 'not_safely_evaluable': {
      const c = selection.candidate;
      const structured = fault ? unavailable() : c.bytes ? validateInvoiceXml(c.bytes) : { ...unvalidated('inconclusive', 'fail', c.unreadable === 'xml_over_5_mib' ? 'input_too_large' : 'input_unreadable'), validation_status: 'not_evaluable' as const };
      // Linkage facts only where a visible PDF exists to compare with (the uploaded PDF).
      const facts = selection.outcome === 'single' && c.origin === 'pdf_embedded' && c.component_ref === 'main' && isValid(structured) ? linkageFacts(parseInvoice(c.bytes!)) : null;
      return { outcome: selection.outcome, source: info(c), candidates: selection.candidates, structured, facts, accepted: structured.supported && isValid(structured), fields: fieldsOf(c.bytes, structured) };
    }
    case 'multiple':
      // R5: indeterminate; none of the files is validated or preferred.
      return { outcome: 'multiple', source: null, candidates: selection.candidates, structured: unvalidated('recognized', 'indeterminate', selection.reason), facts: null, accepted: false, fields: null };
    case 'inconclusive':
      return { outcome: 'inconclusive', source: null, candidates: selection.candidates, structured: unvalidated('inconclusive', 'indeterminate', 'invoice_xml_inconclusive'), facts: null, accepted: false, fields: null };
    case 'not_detected':
      return { outcome: 'not_detected', source: null, candidates: selection.candidates, structured: unvalidated('not_detected', 'not_applicable', 'no_invoice_xml'), facts: null, accepted: false, fields: null };
  }
}

// ---------------------------------------------------------------- visualization (spec 2.5)

export interface RenderInvoiceTask {
  kind: 'einvoice.render';
  path: string;
  format: 'pdf' | 'xml' | 'eml' | 'msg';
  filename: string;
  locale: string | null;
  /** Folder for invoice.html and invoice.jpg. */
  out_dir: string;
}

export interface RenderedInvoice {
  html: { path: string; bytes: number };
  jpeg: { path: string; bytes: number };
  /** The file visualized: the upload, an e-mail attachment, or a file embedded in a PDF. */
  source: { origin: XmlCandidate['origin']; filename: string };
  /**
   * The document component that IS this XML ("main" for an XML upload, "att-N" for an XML
   * e-mail attachment); null when the XML sits inside a PDF, whose pages stay its preview.
   */
  component_ref: string | null;
}

/**
 * The HTML visualization and its JPEG fallback of the document's one invoice XML (an XML
 * upload, or the single invoice XML embedded in a PDF); null when there is none, several, or
 * the XML is not a recognized UBL/CII/ZUGFeRD 1.0 invoice (other XML keeps the pretty-printed
 * preview). Rendering needs no validation verdict: what the XML says is shown as it is.
 */
export async function renderInvoiceFile(task: RenderInvoiceTask): Promise<RenderedInvoice | null> {
  let bytes: Uint8Array;
  let source: RenderedInvoice['source'];
  let componentRef: string | null;
  if (task.format === 'xml') {
    const read = await readBounded(task.path);
    if (read.size > MAX_XML_BYTES) return null;
    bytes = read.bytes;
    source = { origin: 'standalone', filename: task.filename };
    componentRef = 'main';
  } else {
    const candidates = task.format === 'pdf' ? await pdfCandidates(task.path) : await emailCandidates(task.path, task.format);
    const selection = selectInvoiceSource(candidates);
    if (selection.outcome !== 'single') return null;
    const c = selection.candidate;
    bytes = c.bytes!;
    source = { origin: c.origin, filename: c.filename };
    componentRef = c.origin === 'email_attachment' ? c.component_ref : null;
  }
  if (detectInvoiceXml(bytes).detection_status !== 'recognized') return null;
  let model;
  try {
    model = parseInvoice(bytes);
  } catch {
    return null; // recognized root, but not parseable into the model: the XML preview stays
  }
  await mkdir(task.out_dir, { recursive: true });
  const htmlPath = join(task.out_dir, 'invoice.html');
  const jpegPath = join(task.out_dir, 'invoice.jpg');
  const html = Buffer.from(renderInvoiceHtml(model, { locale: task.locale }), 'utf8');
  await writeFileAtomic(htmlPath, html);
  const jpeg = await renderInvoiceJpeg(model, { locale: task.locale });
  await writeFileAtomic(jpegPath, jpeg);
  return { html: { path: htmlPath, bytes: html.length }, jpeg: { path: jpegPath, bytes: jpeg.length }, source, component_ref: componentRef };
}

// ---------------------------------------------------------------- detection only (analysis mode)

export interface DetectSourcesTask {
  kind: 'einvoice.detect';
  path: string;
  format: 'pdf' | 'xml' | 'eml' | 'msg';
  filename: string;
}

export interface DetectedSources {
  detection_status: 'recognized' | 'not_detected' | 'inconclusive';
  outcome: SourceSelection['outcome'];
  candidates: CandidateReport[];
}

/** Issue 6 item 1: where the invoice XML is and whether there is one — without validating it. */
export async function detectInvoiceSources(task: DetectSourcesTask): Promise<DetectedSources> {
  let candidates: XmlCandidate[];
  if (task.format === 'xml') {
    const { bytes, size } = await readBounded(task.path);
    candidates = [standaloneCandidate(task.filename, bytes, size)];
  } else if (task.format === 'pdf') candidates = await pdfCandidates(task.path);
  else candidates = await emailCandidates(task.path, task.format);
  const selection = selectInvoiceSource(candidates);
  const detection_status = selection.outcome === 'single' || selection.outcome === 'multiple' ? 'recognized' : selection.outcome === 'not_detected' ? 'not_detected' : 'inconclusive';
  return { detection_status, outcome: selection.outcome, candidates: selection.candidates };
}
