// Where the invoice XML of a document is (spec 1 R5, 2.3, issue 6 item 1): the uploaded XML
// itself, one of the files embedded in a PDF (factur-x.xml, ZUGFeRD-invoice.xml,
// xrechnung.xml or any XML file with an invoice root), or an e-mail attachment. Pure: the
// caller reads the bytes (worker side); this module decides which single XML is the invoice,
// or why there is none / more than one. Never merges or picks among several (Q5).
import { MAX_XML_BYTES } from '../formats/limits.js';
import { detectInvoiceXml } from './index.js';

export type SourceOrigin = 'standalone' | 'pdf_embedded' | 'email_attachment';

export interface XmlCandidate {
  filename: string;
  /** Bytes as declared by the container (embedded file size, attachment size, upload size). */
  size: number;
  origin: SourceOrigin;
  /** The component carrying it: "main" for the upload, "att-N" for an e-mail attachment. */
  component_ref: string;
  /**
   * The file's bytes; for files over the 5 MiB XML limit only a prefix (enough to see the
   * root element). Null when the container could not give them (then `unreadable` says why).
   */
  bytes: Uint8Array | null;
  unreadable?: 'xml_over_5_mib' | 'unsafe_or_malformed_xml' | 'unreadable';
}

/** File names the hybrid-invoice standards prescribe for the embedded XML (compared case-insensitively). */
const INVOICE_ATTACHMENT_NAMES = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml'] as const;
/** How many XML-looking embedded files / attachments are examined at most (the rest are listed only). */
export const MAX_XML_CANDIDATES = 16;
/** Prefix kept of an oversized XML file: enough to see its root element. */
const SNIFF_BYTES = 64 * 1024;

export type CandidateStatus = 'invoice' | 'not_safely_evaluable' | 'inconclusive' | 'not_invoice' | 'not_examined';

export interface CandidateReport {
  filename: string;
  size: number;
  origin: SourceOrigin;
  component_ref: string;
  status: CandidateStatus;
}

export type SourceSelection =
  | { outcome: 'single'; candidate: XmlCandidate; candidates: CandidateReport[] }
  | { outcome: 'multiple'; reason: 'multiple_embedded_invoice_xml_attachments'; candidates: CandidateReport[] }
  | { outcome: 'not_safely_evaluable'; reason: 'xml_over_5_mib' | 'unsafe_or_malformed_xml'; candidate: XmlCandidate; candidates: CandidateReport[] }
  | { outcome: 'inconclusive'; candidates: CandidateReport[] }
  | { outcome: 'not_detected'; candidates: CandidateReport[] };

export function isInvoiceAttachmentName(filename: string): boolean {
  const base = filename.split(/[\\/]/).pop()!.toLowerCase();
  return (INVOICE_ATTACHMENT_NAMES as readonly string[]).includes(base);
}

/** Embedded files / attachments worth opening as XML: by name or declared type. */
export function looksLikeXml(filename: string, mime: string | null): boolean {
  return /\.xml$/i.test(filename) || (mime !== null && /[/+]xml\b/i.test(mime)) || isInvoiceAttachmentName(filename);
}

const INVOICE_ROOTS: Array<{ local: string; namespace: string }> = [
  { local: 'Invoice', namespace: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2' },
  { local: 'CreditNote', namespace: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2' },
  { local: 'CrossIndustryInvoice', namespace: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100' },
  { local: 'CrossIndustryDocument', namespace: 'urn:ferd:CrossIndustryDocument:invoice:1p0' },
];

/**
 * Root element of an XML prefix without parsing the document (used only for files that are
 * too large to parse): skips the prolog, comments and processing instructions, then reads
 * the first start tag and the namespace declared for its prefix on that tag.
 */
export function sniffRoot(prefix: Uint8Array): { local: string; namespace: string | null } | null {
  let s = new TextDecoder('utf-8', { fatal: false }).decode(prefix.subarray(0, SNIFF_BYTES));
  s = s.replace(/^\uFEFF/, '');
  let i = 0;
  for (;;) {
    while (i < s.length && /\s/.test(s[i]!)) i++;
    if (s.startsWith('<?', i)) {
      const end = s.indexOf('?>', i);
      if (end < 0) return null;
      i = end + 2;
    } else if (s.startsWith('<!--', i)) {
      const end = s.indexOf('-->', i);
      if (end < 0) return null;
      i = end + 3;
    } else break;
  }
  const tag = /^<([A-Za-z_][\w.-]*)(?::([A-Za-z_][\w.-]*))?([^>]*)>?/.exec(s.slice(i, i + 8192));
  if (!tag) return null;
  const [prefixName, local] = tag[2] ? [tag[1]!, tag[2]] : [null, tag[1]!];
  const attrs = tag[3] ?? '';
  const decl = prefixName ? new RegExp(`xmlns:${prefixName.replace(/[.]/g, '\\.')}\\s*=\\s*["']([^"']*)["']`) : /xmlns\s*=\s*["']([^"']*)["']/;
  return { local, namespace: decl.exec(attrs)?.[1] ?? null };
}

export function sniffsAsInvoice(prefix: Uint8Array): boolean {
  const root = sniffRoot(prefix);
  return root !== null && INVOICE_ROOTS.some((r) => r.local === root.local && r.namespace === root.namespace);
}

function classify(c: XmlCandidate, examined: number): CandidateStatus {
  if (examined >= MAX_XML_CANDIDATES) return 'not_examined';
  const tooLarge = c.size > MAX_XML_BYTES || c.unreadable === 'xml_over_5_mib';
  if (tooLarge) {
    // Too large to evaluate safely: it still counts when it is evidently the invoice.
    return isInvoiceAttachmentName(c.filename) || (c.bytes !== null && sniffsAsInvoice(c.bytes)) ? 'not_safely_evaluable' : 'not_invoice';
  }
  if (c.bytes === null) return isInvoiceAttachmentName(c.filename) ? 'not_safely_evaluable' : 'not_invoice';
  const d = detectInvoiceXml(c.bytes);
  if (d.detection_status === 'recognized') return 'invoice';
  if (d.detection_status === 'inconclusive') {
    // A prescribed invoice file name that does not parse is an invoice we cannot evaluate.
    return isInvoiceAttachmentName(c.filename) ? 'not_safely_evaluable' : 'inconclusive';
  }
  return 'not_invoice';
}

/** Chooses the invoice XML among the candidates of one document. */
export function selectInvoiceSource(candidates: XmlCandidate[]): SourceSelection {
  const reports: CandidateReport[] = [];
  candidates.forEach((c, i) => {
    reports.push({ filename: c.filename, size: c.size, origin: c.origin, component_ref: c.component_ref, status: classify(c, i) });
  });
  const invoices = candidates.filter((_, i) => reports[i]!.status === 'invoice');
  const unevaluable = candidates.filter((_, i) => reports[i]!.status === 'not_safely_evaluable');
  // R5: several invoice XML files give an indeterminate result; none is picked silently.
  if (invoices.length + unevaluable.length > 1) return { outcome: 'multiple', reason: 'multiple_embedded_invoice_xml_attachments', candidates: reports };
  if (invoices.length === 1) return { outcome: 'single', candidate: invoices[0]!, candidates: reports };
  if (unevaluable.length === 1) {
    const c = unevaluable[0]!;
    const reason = c.size > MAX_XML_BYTES || c.unreadable === 'xml_over_5_mib' ? 'xml_over_5_mib' : 'unsafe_or_malformed_xml';
    return { outcome: 'not_safely_evaluable', reason, candidate: c, candidates: reports };
  }
  if (reports.some((r) => r.status === 'inconclusive')) return { outcome: 'inconclusive', candidates: reports };
  return { outcome: 'not_detected', candidates: reports };
}

/** A standalone XML upload is its own single candidate (its verdict comes from the validator). */
export function standaloneCandidate(filename: string, bytes: Uint8Array, size = bytes.byteLength): XmlCandidate {
  return { filename, size, origin: 'standalone', component_ref: 'main', bytes: boundedXmlBytes(bytes) };
}

/**
 * Bytes kept of a candidate: all of a file within the 5 MiB limit; one byte more than the
 * limit of a larger one, so the validator still sees it is too large without holding it all.
 */
export function boundedXmlBytes(bytes: Uint8Array): Uint8Array {
  return bytes.byteLength > MAX_XML_BYTES ? bytes.subarray(0, MAX_XML_BYTES + 1) : bytes;
}
