// A small, strict, non-validating XML parser for untrusted input. It is safe by
// construction: a DOCTYPE is refused outright, so there is no DTD to load, no external
// entity to fetch and no entity to expand; only the five predefined entities and
// character references exist. Documents that are not well-formed are refused with the line
// of the first error.
//
// Why not libxmljs2: it is a NAN addon that is not context-aware, so it cannot be loaded in
// more than one worker thread of a process ("Module did not self-register"), and
// thumbnails run in a worker pool. Its text() also expands internal entities even with
// `noent: false`.

export class XmlSafetyError extends Error {
  constructor(readonly kind: 'dtd' | 'malformed', message: string, readonly line: number | null = null) {
    super(message);
  }
}

export interface XmlAttribute {
  /** Qualified name as written, e.g. "w:val". */
  name: string;
  prefix: string | null;
  local: string;
  value: string;
}

export interface XmlElement {
  kind: 'element';
  name: string;
  prefix: string | null;
  local: string;
  /** Namespace URI in scope for the element's prefix (or the default namespace). */
  namespace: string | null;
  attributes: XmlAttribute[];
  /** The xmlns / xmlns:p declarations written on this element. */
  namespaceDeclarations: Array<{ prefix: string | null; uri: string }>;
  children: XmlNode[];
}

export type XmlNode =
  | XmlElement
  | { kind: 'text'; text: string }
  | { kind: 'cdata'; text: string }
  | { kind: 'comment'; text: string }
  | { kind: 'pi'; target: string; data: string };

export interface XmlDocument {
  root: XmlElement;
}

/** Nesting deeper than this is refused; consumers walk the tree recursively. */
const MAX_DEPTH = 256;

// ---- helpers for consumers ----

export function childElements(el: XmlElement): XmlElement[] {
  return el.children.filter((c): c is XmlElement => c.kind === 'element');
}

/** First child element with this local name. */
export function childElement(el: XmlElement | undefined, local: string): XmlElement | undefined {
  return el?.children.find((c): c is XmlElement => c.kind === 'element' && c.local === local);
}

/** Attribute by local name, whatever its prefix. */
export function attribute(el: XmlElement | undefined, local: string): string | null {
  return el?.attributes.find((a) => a.local === local)?.value ?? null;
}

export function textContent(node: XmlNode): string {
  if (node.kind === 'text' || node.kind === 'cdata') return node.text;
  if (node.kind !== 'element') return '';
  return node.children.map(textContent).join('');
}

// ---- decoding ----

/** Text of the document, honouring a byte order mark or the declared encoding. */
export function decodeXml(data: Uint8Array): string {
  const b = data;
  try {
    if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return new TextDecoder('utf-8', { fatal: true }).decode(b.subarray(3));
    if (b[0] === 0xff && b[1] === 0xfe) return new TextDecoder('utf-16le', { fatal: true }).decode(b.subarray(2));
    if (b[0] === 0xfe && b[1] === 0xff) return new TextDecoder('utf-16be', { fatal: true }).decode(b.subarray(2));
    if (b[0] === 0x3c && b[1] === 0x00) return new TextDecoder('utf-16le', { fatal: true }).decode(b);
    if (b[0] === 0x00 && b[1] === 0x3c) return new TextDecoder('utf-16be', { fatal: true }).decode(b);
  } catch {
    throw new XmlSafetyError('malformed', 'the text is not valid in its encoding', null);
  }
  const head = Buffer.from(b.buffer, b.byteOffset, Math.min(b.byteLength, 256)).toString('latin1');
  const declared = /^<\?xml\s[^>]*?encoding\s*=\s*["']([A-Za-z][A-Za-z0-9._-]*)["']/.exec(head)?.[1]?.toLowerCase() ?? 'utf-8';
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(declared === 'utf8' ? 'utf-8' : declared, { fatal: true });
  } catch {
    throw new XmlSafetyError('malformed', `the declared encoding "${declared}" is not supported`, 1);
  }
  try {
    return decoder.decode(b);
  } catch {
    throw new XmlSafetyError('malformed', `the text is not valid ${declared}`, null);
  }
}

// ---- parsing ----

const NAME_START = 'A-Za-z_:\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\uD800-\\uDBFF\\uDC00-\\uDFFF';
const NAME_CHAR = `${NAME_START}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F-\\u2040`;
const NAME = new RegExp(`[${NAME_START}][${NAME_CHAR}]*`, 'y');
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' };
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
/** Shared by the many elements without attributes or declarations (never mutated). */
const NO_ATTRIBUTES: XmlAttribute[] = [];
const NO_DECLARATIONS: Array<{ prefix: string | null; uri: string }> = [];

function isXmlChar(code: number): boolean {
  return code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff);
}

export function parseXmlSafely(data: Uint8Array): XmlDocument {
  return parseXmlText(decodeXml(data));
}

export function parseXmlText(source: string): XmlDocument {
  // XML end-of-line handling: every CR LF and lone CR becomes LF.
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const lineAt = (pos: number) => {
    let line = 1;
    for (let k = text.indexOf('\n'); k >= 0 && k < pos; k = text.indexOf('\n', k + 1)) line++;
    return line;
  };
  const fail = (message: string, pos: number): never => {
    throw new XmlSafetyError('malformed', message, lineAt(pos));
  };
  const bad = FORBIDDEN_CHAR.exec(text);
  if (bad) fail('the document contains a character that XML does not allow', bad.index);

  const decodeEntities = (raw: string, at: number): string => {
    if (!raw.includes('&')) return raw;
    return raw.replace(/&([^;&<\s]*)(;?)/g, (_m: string, ref: string, semi: string, offset: number) => {
      if (!semi || !ref) fail('an "&" is not escaped as &amp;', at + offset);
      if (ref in PREDEFINED) return PREDEFINED[ref]!;
      const num = /^#x([0-9a-fA-F]+)$/.exec(ref) ?? /^#([0-9]+)$/.exec(ref);
      if (num) {
        const code = parseInt(num[1]!, ref[1] === 'x' ? 16 : 10);
        if (!isXmlChar(code)) fail(`the character reference &${ref}; is not allowed`, at + offset);
        return String.fromCodePoint(code);
      }
      return fail(`the entity &${ref}; is not defined`, at + offset);
    });
  };
  // Hand-written scanners: regex exec allocates a match per call, which dominated parsing.
  const nameEnd = (pos: number): number => {
    let k = pos;
    for (;;) {
      const c = text.charCodeAt(k);
      const ascii = (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f || c === 0x3a;
      if (ascii || (k > pos && ((c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2e))) k++;
      else if (c >= 0x80) {
        NAME.lastIndex = pos; // non-ASCII names take the exact (slower) rule
        return NAME.exec(text) ? NAME.lastIndex : pos;
      } else return k;
    }
  };
  const readName = (pos: number): string | null => {
    const end = nameEnd(pos);
    return end > pos ? text.slice(pos, end) : null;
  };
  const skipSpace = (pos: number): number => {
    let k = pos;
    for (let c = text.charCodeAt(k); c === 0x20 || c === 0x0a || c === 0x09; c = text.charCodeAt(++k));
    return k;
  };

  interface Open {
    el: XmlElement;
    pos: number;
    scope: Map<string | null, string>;
  }
  const stack: Open[] = [];
  let current: Open | undefined;
  let root: XmlElement | null = null;
  let rootClosed = false;
  const rootScope = new Map<string | null, string>([['xml', XML_NS]]);

  let i = 0;
  if (text.startsWith('<?xml') && /\s/.test(text[5] ?? '')) {
    const end = text.indexOf('?>');
    if (end < 0) fail('the XML declaration is not closed', 0);
    i = end + 2;
  }
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    const stop = lt < 0 ? text.length : lt;
    if (stop > i) {
      const raw = text.slice(i, stop);
      if (!current) {
        if (raw.trim()) fail(rootClosed ? 'there is text after the root element' : 'there is text before the root element', i);
      } else {
        if (raw.includes(']]>')) fail('"]]>" is not allowed in text', i + raw.indexOf(']]>'));
        current.el.children.push({ kind: 'text', text: decodeEntities(raw, i) });
      }
    }
    if (lt < 0) break;
    i = lt;
    const next = text.charCodeAt(i + 1);
    if (next === 0x21 /* ! */) {
      if (text.startsWith('<!--', i)) {
        const end = text.indexOf('-->', i + 4);
        if (end < 0) fail('a comment is not closed', i);
        const body = text.slice(i + 4, end);
        if (body.includes('--') || body.endsWith('-')) fail('"--" is not allowed inside a comment', i);
        current?.el.children.push({ kind: 'comment', text: body });
        i = end + 3;
      } else if (text.startsWith('<![CDATA[', i)) {
        if (!current) fail('a CDATA section is outside the root element', i);
        const end = text.indexOf(']]>', i + 9);
        if (end < 0) fail('a CDATA section is not closed', i);
        current!.el.children.push({ kind: 'cdata', text: text.slice(i + 9, end) });
        i = end + 3;
      } else if (text.startsWith('<!DOCTYPE', i)) {
        throw new XmlSafetyError('dtd', 'the document declares a DTD', lineAt(i));
      } else {
        fail('unexpected "<!"', i);
      }
    } else if (next === 0x3f /* ? */) {
      const target = readName(i + 2);
      if (!target) fail('a processing instruction has no name', i);
      if (target!.toLowerCase() === 'xml') fail('the XML declaration must come first', i);
      const end = text.indexOf('?>', i + 2);
      if (end < 0) fail('a processing instruction is not closed', i);
      current?.el.children.push({ kind: 'pi', target: target!, data: text.slice(i + 2 + target!.length, end).trim() });
      i = end + 2;
    } else if (next === 0x2f /* / */) {
      const end = nameEnd(i + 2);
      if (end === i + 2 || !current) fail('an end tag has no matching start tag', i);
      const open = current!.el.name;
      // Compare in place; slicing every end tag's name only to compare it costs time.
      if (end - (i + 2) !== open.length || !text.startsWith(open, i + 2)) {
        fail(`</${text.slice(i + 2, end)}> does not match <${open}> opened on line ${lineAt(current!.pos)}`, i);
      }
      const name = open;
      const after = skipSpace(end);
      if (text.charCodeAt(after) !== 0x3e) fail(`the end tag </${name}> is not closed`, i);
      stack.pop();
      current = stack[stack.length - 1];
      if (!current) rootClosed = true;
      i = after + 1;
    } else {
      i = parseStartTag(i);
    }
  }

  /** Parses the start tag at `start`, attaches the element; returns the position after it. */
  function parseStartTag(start: number): number {
    const name = readName(start + 1);
    if (!name) return fail('"<" is not followed by an element name', start);
    if (!current && rootClosed) fail('there is a second root element', start);
    if (stack.length >= MAX_DEPTH) fail(`elements are nested deeper than ${MAX_DEPTH} levels`, start);
    let p = start + 1 + name.length;
    let attributes: XmlAttribute[] = NO_ATTRIBUTES;
    let declarations: Array<{ prefix: string | null; uri: string }> = NO_DECLARATIONS;
    let selfClosing = false;
    for (;;) {
      const q = skipSpace(p);
      const c = text.charCodeAt(q);
      if (c === 0x3e /* > */) {
        p = q + 1;
        break;
      }
      if (c === 0x2f /* / */ && text.charCodeAt(q + 1) === 0x3e) {
        selfClosing = true;
        p = q + 2;
        break;
      }
      const an = q === p ? null : readName(q);
      if (!an) return fail(`the start tag <${name}> is malformed`, q);
      let r = skipSpace(q + an.length);
      if (text.charCodeAt(r) !== 0x3d /* = */) fail(`the attribute ${an} has no value`, r);
      r = skipSpace(r + 1);
      const quote = text[r];
      if (quote !== '"' && quote !== "'") fail(`the value of ${an} is not quoted`, r);
      const close = text.indexOf(quote!, r + 1);
      if (close < 0) fail(`the value of ${an} is not closed`, r);
      const raw = text.slice(r + 1, close);
      if (raw.includes('<')) fail(`the value of ${an} contains "<"`, r);
      // Attribute-value normalisation: whitespace characters become spaces.
      const value = decodeEntities(raw.includes('\t') || raw.includes('\n') ? raw.replace(/[\t\n]/g, ' ') : raw, r + 1);
      if (an === 'xmlns' || an.startsWith('xmlns:')) {
        if (declarations === NO_DECLARATIONS) declarations = [];
        const prefix = an === 'xmlns' ? null : an.slice(6);
        if (declarations.some((d) => d.prefix === prefix)) fail(`the attribute ${an} appears twice`, q);
        declarations.push({ prefix, uri: value });
      } else {
        if (attributes === NO_ATTRIBUTES) attributes = [];
        if (attributes.some((a) => a.name === an)) fail(`the attribute ${an} appears twice`, q);
        const colon = an.indexOf(':');
        attributes.push({ name: an, prefix: colon > 0 ? an.slice(0, colon) : null, local: colon > 0 ? an.slice(colon + 1) : an, value });
      }
      p = close + 1;
    }
    let scope = current?.scope ?? rootScope;
    if (declarations.length > 0) {
      scope = new Map(scope);
      for (const d of declarations) scope.set(d.prefix, d.uri);
    }
    const colon = name.indexOf(':');
    const prefix = colon > 0 ? name.slice(0, colon) : null;
    const el: XmlElement = {
      kind: 'element',
      name,
      prefix,
      local: colon > 0 ? name.slice(colon + 1) : name,
      namespace: scope.get(prefix) || null,
      attributes,
      namespaceDeclarations: declarations,
      children: [],
    };
    if (current) current.el.children.push(el);
    else root = el;
    if (!selfClosing) {
      current = { el, pos: start, scope };
      stack.push(current);
    } else if (!current) rootClosed = true;
    return p;
  }

  if (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    fail(`the element <${top.el.name}> opened on line ${lineAt(top.pos)} is not closed`, text.length);
  }
  if (!root) fail('the document has no root element', 0);
  return { root: root! };
}
