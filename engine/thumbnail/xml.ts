// XML thumbnails: the root element's name as a title and a pretty-printed (indented) view
// of the document's first lines in a monospace font. Only as many nodes are visited as
// lines fit on the page.
import { readFile, stat } from 'node:fs/promises';
import { parseXmlSafely, XmlSafetyError, type XmlElement } from '../formats/safe-xml.js';
import { ThumbnailError } from './errors.js';
import { MAX_XML_BYTES } from './limits.js';
import { renderTextPage, type Block } from './text-page.js';

export const XML_TOO_LARGE_MESSAGE = 'The XML file is larger than the 5 MiB limit.';
export const XML_DTD_MESSAGE = 'The XML file declares a DTD or entities, which Docdesk does not process for safety.';

/** Lines that fit below the title at the source font size. */
const MAX_LINES = 72;
const SOURCE_FONT_SIZE = 7;
const INDENT = '  ';

/** libxmljs2's typings omit text()/name() on plain nodes and the 'cdata' type. */
interface XmlNode {
  type(): string;
  text(): string;
  name(): string;
}

export async function renderXmlThumbnail(path: string): Promise<Buffer> {
  const { size } = await stat(path);
  if (size > MAX_XML_BYTES) throw new ThumbnailError(XML_TOO_LARGE_MESSAGE);
  const data = await readFile(path);
  let root: XmlElement;
  try {
    root = parseXmlSafely(data).root()!;
  } catch (err) {
    if (err instanceof XmlSafetyError && err.kind === 'dtd') throw new ThumbnailError(XML_DTD_MESSAGE);
    const line = err instanceof XmlSafetyError && err.line ? ` (first error on line ${err.line})` : '';
    throw new ThumbnailError(`The XML file is not well-formed${line}, so it cannot be displayed.`);
  }
  const blocks: Block[] = [
    { kind: 'paragraph', runs: [{ text: root.name(), bold: true }], size: 15, spaceAfter: 2 },
  ];
  const ns = root.namespace()?.href();
  if (ns) blocks.push({ kind: 'paragraph', runs: [{ text: ns }], size: 7.5, color: '#666666', wrap: false });
  blocks.push({ kind: 'rule', spaceBefore: 4, spaceAfter: 8 });
  for (const line of prettyLines(root, MAX_LINES)) {
    blocks.push({ kind: 'paragraph', runs: [{ text: line }], size: SOURCE_FONT_SIZE, mono: true, wrap: false, color: '#1a1a1a' });
  }
  return renderTextPage(blocks);
}

function qname(node: { name(): string; namespace(): { prefix(): string | null } | null }): string {
  const prefix = node.namespace()?.prefix();
  return prefix ? `${prefix}:${node.name()}` : node.name();
}

function escapeAttr(v: string): string {
  return v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function escapeText(v: string): string {
  return v.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

function openTag(el: XmlElement): string {
  const parts = [qname(el)];
  for (const ns of el.namespaces(true)) {
    const prefix = ns.prefix();
    parts.push(`${prefix ? `xmlns:${prefix}` : 'xmlns'}="${escapeAttr(ns.href())}"`);
  }
  for (const a of el.attrs()) parts.push(`${qname(a)}="${escapeAttr(a.value())}"`);
  return parts.join(' ');
}

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Indented source lines, depth first, stopping after `max` lines. */
export function prettyLines(root: XmlElement, max: number): string[] {
  const out: string[] = [];
  const visit = (el: XmlElement, depth: number): void => {
    if (out.length >= max) return;
    const pad = INDENT.repeat(depth);
    const children = (el.childNodes() as unknown as XmlNode[]).filter((n) => !(n.type() === 'text' && collapse(n.text()) === ''));
    if (children.length === 0) {
      out.push(`${pad}<${openTag(el)}/>`);
      return;
    }
    // Elements holding only text stay on one line, as people write them.
    if (children.every((n) => n.type() === 'text' || n.type() === 'cdata')) {
      out.push(`${pad}<${openTag(el)}>${escapeText(collapse(el.text()))}</${qname(el)}>`);
      return;
    }
    out.push(`${pad}<${openTag(el)}>`);
    for (const child of children) {
      if (out.length >= max) return;
      visitNode(child, depth + 1);
    }
    if (out.length < max) out.push(`${pad}</${qname(el)}>`);
  };
  const visitNode = (n: XmlNode, depth: number): void => {
    const pad = INDENT.repeat(depth);
    switch (n.type()) {
      case 'element':
        visit(n as unknown as XmlElement, depth);
        break;
      case 'text':
      case 'cdata':
        out.push(pad + escapeText(collapse(n.text())));
        break;
      case 'comment':
        out.push(`${pad}<!-- ${collapse(n.text())} -->`);
        break;
      case 'pi':
        out.push(`${pad}<?${n.name()} ${collapse(n.text())}?>`);
        break;
      default:
        break;
    }
  };
  visit(root, 0);
  return out;
}
