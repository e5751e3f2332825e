// Path navigation over the safe-xml tree by local names ("a/b/c"). Namespace checks belong
// to the structural (schema) step; the parsers and rules only walk paths it has accepted.
import type { XmlElement, XmlNode } from '../formats/safe-xml.js';

const EMPTY: XmlElement[] = [];

export function kids(el: XmlElement | undefined, local?: string): XmlElement[] {
  if (!el) return EMPTY;
  const out: XmlElement[] = [];
  for (const c of el.children) if (c.kind === 'element' && (local === undefined || c.local === local)) out.push(c);
  return out;
}

function kid(el: XmlElement, local: string): XmlElement | undefined {
  for (const c of el.children) if (c.kind === 'element' && c.local === local) return c;
  return undefined;
}

/** First element at a slash-separated path of local names. */
export function at(el: XmlElement | undefined, path: string): XmlElement | undefined {
  let cur = el;
  for (const step of path.split('/')) {
    if (!cur) return undefined;
    cur = kid(cur, step);
  }
  return cur;
}

/** All elements at a path (every branch). */
export function all(el: XmlElement | undefined, path: string): XmlElement[] {
  if (!el) return EMPTY;
  let cur: XmlElement[] = [el];
  for (const step of path.split('/')) {
    const next: XmlElement[] = [];
    for (const c of cur) for (const k of c.children) if (k.kind === 'element' && k.local === step) next.push(k);
    cur = next;
    if (cur.length === 0) return EMPTY;
  }
  return cur;
}

export function rawText(node: XmlNode | undefined): string {
  if (!node) return '';
  if (node.kind === 'text' || node.kind === 'cdata') return node.text;
  if (node.kind !== 'element') return '';
  let s = '';
  for (const c of node.children) s += rawText(c);
  return s;
}

/** Normalised text (XPath normalize-space) of the first element at path, undefined when absent. */
export function txt(el: XmlElement | undefined, path?: string): string | undefined {
  const e = path ? at(el, path) : el;
  if (!e) return undefined;
  return rawText(e).replace(/\s+/g, ' ').trim();
}

export function attr(el: XmlElement | undefined, name: string): string | undefined {
  if (!el) return undefined;
  for (const a of el.attributes) if (a.local === name) return a.value;
  return undefined;
}

/** Text of the first element at path, or undefined when absent or empty. */
export function val(el: XmlElement | undefined, path?: string): string | undefined {
  const t = txt(el, path);
  return t === '' ? undefined : t;
}
