// Path navigation over the safe-xml tree by local names ("a/b/c"). Namespace checks belong
// to the structural (schema) step; the parsers and rules only walk paths it has accepted.
import type { XmlElement, XmlNode } from '../formats/safe-xml.js';
import type { Identifier } from './model.js';

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

const splitCache = new Map<string, string[]>();
function steps(path: string): string[] {
  let s = splitCache.get(path);
  if (!s) splitCache.set(path, (s = path.split('/')));
  return s;
}

/** First element at a slash-separated path of local names. */
export function at(el: XmlElement | undefined, path: string): XmlElement | undefined {
  let cur = el;
  for (const step of steps(path)) {
    if (!cur) return undefined;
    cur = kid(cur, step);
  }
  return cur;
}

/** All elements at a path (every branch). */
export function all(el: XmlElement | undefined, path: string): XmlElement[] {
  if (!el) return EMPTY;
  let cur: XmlElement[] = [el];
  for (const step of steps(path)) {
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

/** An identifier with its scheme attribute (both syntaxes: UBL and CII name it alike). */
export function ident(el: XmlElement | undefined, schemeAttr = 'schemeID'): Identifier | undefined {
  const v = val(el);
  if (v === undefined || !el) return undefined;
  const scheme = attr(el, schemeAttr);
  return scheme === undefined ? { value: v } : { value: v, scheme };
}

interface TreeIndex {
  byName: Map<string, XmlElement[]>;
  parent: Map<XmlElement, XmlElement>;
}
const indexes = new WeakMap<XmlElement, TreeIndex>();

/** One walk per document: elements by local name (document order) and parent links. */
function treeIndex(root: XmlElement): TreeIndex {
  let idx = indexes.get(root);
  if (!idx) {
    const byName = new Map<string, XmlElement[]>();
    const parent = new Map<XmlElement, XmlElement>();
    const stack: XmlElement[] = [root];
    const order: XmlElement[] = [];
    // Iterative pre-order walk keeps document order without recursion depth concerns.
    while (stack.length > 0) {
      const el = stack.pop()!;
      order.push(el);
      const kidsOf = el.children.filter((c): c is XmlElement => c.kind === 'element');
      for (let i = kidsOf.length - 1; i >= 0; i--) {
        parent.set(kidsOf[i]!, el);
        stack.push(kidsOf[i]!);
      }
    }
    for (const el of order) {
      if (el === root) continue;
      let list = byName.get(el.local);
      if (!list) byName.set(el.local, (list = []));
      list.push(el);
    }
    idx = { byName, parent };
    indexes.set(root, idx);
  }
  return idx;
}

/** Every element below root with one of these local names, in document order. */
export function named(root: XmlElement, ...names: string[]): XmlElement[] {
  const idx = treeIndex(root);
  if (names.length === 1) return idx.byName.get(names[0]!) ?? EMPTY;
  const out: XmlElement[] = [];
  for (const n of names) out.push(...(idx.byName.get(n) ?? EMPTY));
  return out;
}

export function parentOf(root: XmlElement, el: XmlElement): XmlElement | null {
  return treeIndex(root).parent.get(el) ?? null;
}

/** Ancestors from the parent upwards. */
export function ancestorsOf(root: XmlElement, el: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  const parent = treeIndex(root).parent;
  for (let p = parent.get(el); p; p = parent.get(p)) out.push(p);
  return out;
}

const memos = new WeakMap<XmlElement, Map<string, unknown>>();
/** Per-document memo: rules that share a lookup compute it once per document. */
export function memo<T>(root: XmlElement, key: string, compute: () => T): T {
  let m = memos.get(root);
  if (!m) memos.set(root, (m = new Map()));
  if (!m.has(key)) m.set(key, compute());
  return m.get(key) as T;
}
