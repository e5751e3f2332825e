// XML documents: safe parsing within the spec's 5 MiB source limit, a pretty-printed
// (indented) copy for previews and text, and recognition of invoice-like XML by root element
// and namespace. Recognition is not validation: the e-invoice module decides whether a
// recognized document is a supported, valid e-invoice.
import { readFile, stat } from 'node:fs/promises';
import { XmlReadError } from './errors.js';
import { MAX_XML_BYTES, MAX_XML_PRETTY_LINE_CHARS, MAX_XML_PRETTY_LINES } from './limits.js';
import type { XmlInvoiceDetection } from './model.js';
import { childElement, childElements, parseXmlSafely, textContent, XmlSafetyError, type XmlElement, type XmlNode } from './safe-xml.js';


export { XmlReadError } from './errors.js';
export const XML_TOO_LARGE_MESSAGE = 'The XML file is larger than the 5 MiB limit.';
export const XML_DTD_MESSAGE = 'The XML file declares a DTD or entities, which Docdesk does not process for safety.';

export interface XmlRead {
  /** The whole document re-indented (bounded: at most 20,000 lines, then a marker line). */
  pretty: string;
  /** The pretty copy was cut (too many lines, or over-long lines shortened). */
  pretty_truncated: boolean;
  /** Local name of the root element. */
  root: string;
  /** Namespace URI of the root element. */
  namespace: string | null;
  invoice: XmlInvoiceDetection | null;
}

// ---------------------------------------------------------------- parsing

/** Parses XML bytes safely; every refusal is an XmlReadError with a sentence for the clerk. */
function parseXmlDocument(data: Uint8Array): XmlElement {
  if (data.byteLength > MAX_XML_BYTES) throw new XmlReadError(XML_TOO_LARGE_MESSAGE);
  try {
    return parseXmlSafely(data).root;
  } catch (err) {
    if (!(err instanceof XmlSafetyError)) throw err;
    if (err.kind === 'dtd') throw new XmlReadError(XML_DTD_MESSAGE);
    const where = err.line ? `line ${err.line}: ${err.message}` : err.message;
    throw new XmlReadError(`The XML file is not well-formed (${where}).`);
  }
}

/** Reads and parses an XML file, refusing files over 5 MiB before reading them. */
export async function loadXmlFile(path: string): Promise<XmlElement> {
  const { size } = await stat(path);
  if (size > MAX_XML_BYTES) throw new XmlReadError(XML_TOO_LARGE_MESSAGE);
  return parseXmlDocument(await readFile(path));
}

export async function readXml(path: string): Promise<XmlRead> {
  return describeXml(await loadXmlFile(path));
}

/** The same for XML already in memory (e-mail attachments, files embedded in PDFs). */
export function readXmlBuffer(data: Uint8Array): XmlRead {
  return describeXml(parseXmlDocument(data));
}

function describeXml(root: XmlElement): XmlRead {
  const pretty = prettyXml(root);
  return { pretty: pretty.text, pretty_truncated: pretty.truncated, root: root.local, namespace: root.namespace, invoice: detectXmlInvoice(root) };
}

// ---------------------------------------------------------------- invoice recognition

const UBL_INVOICE_NS = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2';
const UBL_CREDIT_NOTE_NS = 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2';
const CII_NS = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';
const ZUGFERD1_NS = 'urn:ferd:CrossIndustryDocument:invoice:1p0';

const trimmedText = (el: XmlElement | undefined): string | null => {
  const t = el ? textContent(el).trim() : '';
  return t || null;
};

/** GuidelineSpecifiedDocumentContextParameter/ID inside the given context element. */
function guidelineId(context: XmlElement | undefined): string | null {
  if (!context) return null;
  for (const param of childElements(context)) {
    if (param.local !== 'GuidelineSpecifiedDocumentContextParameter') continue;
    const id = trimmedText(childElement(param, 'ID'));
    if (id) return id;
  }
  return null;
}

/**
 * Recognizes UBL 2.1 Invoice and CreditNote, UN/CEFACT CII D16B and ZUGFeRD 1.0 by root
 * element and namespace, with the specification identifier (BT-24) when present.
 */
function detectXmlInvoice(root: XmlElement): XmlInvoiceDetection | null {
  const ns = root.namespace;
  const found = (syntax: XmlInvoiceDetection['syntax'], specification_id: string | null): XmlInvoiceDetection => ({
    syntax, root: root.local, namespace: ns!, specification_id,
  });
  if (root.local === 'Invoice' && ns === UBL_INVOICE_NS) return found('ubl-invoice', trimmedText(childElement(root, 'CustomizationID')));
  if (root.local === 'CreditNote' && ns === UBL_CREDIT_NOTE_NS) return found('ubl-credit-note', trimmedText(childElement(root, 'CustomizationID')));
  if (root.local === 'CrossIndustryInvoice' && ns === CII_NS) return found('cii', guidelineId(childElement(root, 'ExchangedDocumentContext')));
  if (root.local === 'CrossIndustryDocument' && ns === ZUGFERD1_NS) {
    return found('zugferd-1', guidelineId(childElement(root, 'SpecifiedExchangedDocumentContext')));
  }
  return null;
}

// ---------------------------------------------------------------- pretty printing

const INDENT = '  ';

function escapeAttr(v: string): string {
  return v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function escapeText(v: string): string {
  return v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function openTag(el: XmlElement): string {
  const parts = [el.name];
  for (const ns of el.namespaceDeclarations) parts.push(`${ns.prefix ? `xmlns:${ns.prefix}` : 'xmlns'}="${escapeAttr(ns.uri)}"`);
  for (const a of el.attributes) parts.push(`${a.name}="${escapeAttr(a.value)}"`);
  return parts.join(' ');
}

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();
const isText = (n: XmlNode): n is Extract<XmlNode, { kind: 'text' | 'cdata' }> => n.kind === 'text' || n.kind === 'cdata';

/** Text as written between tags: escaped text, or a CDATA section kept as such. */
function inlineText(node: Extract<XmlNode, { kind: 'text' | 'cdata' }>, text: string): string {
  return node.kind === 'cdata' ? `<![CDATA[${text}]]>` : escapeText(text);
}

/**
 * Indented source lines, depth first. Elements holding only one line of text stay on one
 * line, as people write them; multi-line text keeps its lines. Stops after `maxLines` lines
 * and cuts lines longer than `maxLineChars`.
 */
export function prettyLines(root: XmlElement, maxLines: number, maxLineChars = MAX_XML_PRETTY_LINE_CHARS): { lines: string[]; truncated: boolean } {
  const out: string[] = [];
  let truncated = false;
  const emit = (line: string): boolean => {
    if (out.length >= maxLines) {
      truncated = true;
      return false;
    }
    if (line.length > maxLineChars) {
      out.push(`${line.slice(0, maxLineChars)}… [${line.length - maxLineChars} more characters]`);
      truncated = true;
    } else out.push(line);
    return true;
  };
  const textLines = (node: Extract<XmlNode, { kind: 'text' | 'cdata' }>, pad: string): boolean => {
    for (const l of node.text.split('\n')) {
      const t = l.trim();
      if (t && !emit(pad + inlineText(node, t))) return false;
    }
    return true;
  };
  const visit = (node: XmlNode, depth: number): boolean => {
    const pad = INDENT.repeat(depth);
    switch (node.kind) {
      case 'text':
      case 'cdata':
        return textLines(node, pad);
      case 'comment':
        return emit(`${pad}<!-- ${collapse(node.text)} -->`);
      case 'pi':
        return emit(`${pad}<?${node.target}${node.data ? ` ${collapse(node.data)}` : ''}?>`);
      case 'element':
        break;
    }
    const children = node.children.filter((c) => !(isText(c) && !c.text.trim()));
    if (children.length === 0) return emit(`${pad}<${openTag(node)}/>`);
    if (children.length === 1 && isText(children[0]!) && !children[0].text.trim().includes('\n')) {
      const only = children[0];
      return emit(`${pad}<${openTag(node)}>${inlineText(only, only.text.trim())}</${node.name}>`);
    }
    if (!emit(`${pad}<${openTag(node)}>`)) return false;
    for (const c of children) if (!visit(c, depth + 1)) return false;
    return emit(`${pad}</${node.name}>`);
  };
  visit(root, 0);
  return { lines: out, truncated };
}

/** The whole document, pretty-printed, bounded to MAX_XML_PRETTY_LINES lines plus a marker. */
export function prettyXml(root: XmlElement): { text: string; truncated: boolean } {
  const { lines, truncated } = prettyLines(root, MAX_XML_PRETTY_LINES);
  const all = ['<?xml version="1.0" encoding="UTF-8"?>', ...lines];
  if (truncated && lines.length >= MAX_XML_PRETTY_LINES) {
    all.push(`<!-- Docdesk: the document continues; only its first ${MAX_XML_PRETTY_LINES.toLocaleString('en-US')} lines are shown. -->`);
  }
  return { text: all.join('\n') + '\n', truncated };
}
