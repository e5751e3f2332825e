// Structural mutants of valid e-invoice XML for the schema test set: one change per mutant —
// an unknown element, two neighbouring siblings swapped, an element duplicated, an element
// removed — chosen with a seeded generator so the set is the same on every run. Each mutant is
// judged by native libxml2 (libxmljs2, compiling the official schema files as shipped) — an
// implementation independent of the engine's WebAssembly libxml2: its verdict, and the KoSIT
// codes its messages map to, are what the validator under test must reproduce.
import libxml from 'libxmljs2';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { schemaErrorCode, schemaResourceDir } from '../../engine/einvoice/xsd.js';

export type Mutation = 'unknown-element' | 'swap-siblings' | 'duplicate-element' | 'remove-element';
export const MUTATIONS: Mutation[] = ['unknown-element', 'swap-siblings', 'duplicate-element', 'remove-element'];

export interface Mutant {
  origin: string;
  mutation: Mutation;
  /** Local name of the element the mutation touched (for messages). */
  target: string;
  xml: Uint8Array;
  /** The official schema's verdict on the mutant. */
  schemaValid: boolean;
  /** The KoSIT codes of native libxml2's schema messages (empty when valid). */
  schemaCodes: string[];
}

const SAFE = { nonet: true, noent: false, dtdload: false, dtdvalid: false } as const;
const parse = (bytes: Uint8Array, options: object = SAFE) => libxml.parseXml(Buffer.from(bytes) as unknown as string, options);

/** Elements whose change would change the scenario (profile id), not the structure. */
const SCENARIO = /^(CustomizationID|ProfileID|GuidelineSpecifiedDocumentContextParameter|ExchangedDocumentContext|UBLExtensions)$/;

function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

const officialSchemas = new Map<string, libxml.Document>();
function official(rootName: string, ns: string): libxml.Document {
  const rel = ns.includes('CrossIndustryInvoice') ? 'cii-d16b/CrossIndustryInvoice_100pD16B.xsd' : rootName === 'CreditNote' ? 'ubl-2.1/xsd/maindoc/UBL-CreditNote-2.1.xsd' : 'ubl-2.1/xsd/maindoc/UBL-Invoice-2.1.xsd';
  let s = officialSchemas.get(rel);
  if (!s) {
    const path = join(schemaResourceDir(), rel);
    s = parse(readFileSync(path), { ...SAFE, baseUrl: path });
    officialSchemas.set(rel, s);
  }
  return s;
}

/** The KoSIT codes of the official schema's messages on one UBL or CII document (empty when valid). */
export function schemaCodesOf(xml: Uint8Array): string[] {
  const doc = parse(xml);
  const root = doc.root()!;
  if (doc.validate(official(root.name(), root.namespace()?.href() ?? ''))) return [];
  const codes = doc.validationErrors.filter((e) => (e.level ?? 2) >= 2).map((e) => schemaErrorCode(e.message));
  return codes.length > 0 ? codes : ['generic-error'];
}

/** The official schema's verdict on one UBL or CII document. */
export const judgeBySchema = (xml: Uint8Array): boolean => schemaCodesOf(xml).length === 0;

function elementsOf(doc: libxml.Document): libxml.Element[] {
  const out: libxml.Element[] = [];
  const walk = (el: libxml.Element) => {
    for (const c of el.childNodes()) {
      if (c.type() !== 'element') continue;
      const e = c as libxml.Element;
      if (SCENARIO.test(e.name())) continue;
      out.push(e);
      walk(e);
    }
  };
  walk(doc.root()!);
  return out;
}

const childElements = (el: libxml.Element) => el.childNodes().filter((c): c is libxml.Element => c.type() === 'element');

function mutate(doc: libxml.Document, m: Mutation, pick: () => number): string | null {
  const all = elementsOf(doc);
  const choose = <T>(xs: T[]): T | undefined => xs[Math.floor(pick() * xs.length)];
  switch (m) {
    case 'unknown-element': {
      const parent = choose(all.filter((e) => childElements(e).length > 0));
      if (!parent) return null;
      const kids = childElements(parent);
      const at = kids[Math.floor(pick() * kids.length)]!;
      const ns = at.namespace();
      const el = new libxml.Element(doc, 'DocdeskUnknownElement', 'x');
      if (ns) el.namespace(ns);
      at.addPrevSibling(el);
      return parent.name();
    }
    case 'swap-siblings': {
      const pairs: Array<[libxml.Element, libxml.Element]> = [];
      for (const e of all) {
        const kids = childElements(e);
        for (let i = 0; i + 1 < kids.length; i++) if (kids[i]!.name() !== kids[i + 1]!.name() && !SCENARIO.test(kids[i]!.name()) && !SCENARIO.test(kids[i + 1]!.name())) pairs.push([kids[i]!, kids[i + 1]!]);
      }
      const pair = choose(pairs);
      if (!pair) return null;
      pair[1].addNextSibling(pair[0].clone());
      pair[0].remove();
      return `${pair[0].name()}/${pair[1].name()}`;
    }
    case 'duplicate-element': {
      const el = choose(all);
      if (!el) return null;
      el.addNextSibling(el.clone());
      return el.name();
    }
    case 'remove-element': {
      const el = choose(all);
      if (!el) return null;
      el.remove();
      return el.name();
    }
  }
}

/**
 * For every original and every kind of mutation: random tries until the schema rejects one
 * (at most `attempts`). Every try is returned, so the schema-valid ones check that a valid
 * change is not reported as a schema failure.
 */
export function structuralMutants(originals: Array<{ name: string; xml: Uint8Array }>, attempts = 8): Mutant[] {
  const out: Mutant[] = [];
  for (const o of originals) {
    let seed = 0;
    for (const ch of o.name) seed = (seed * 31 + ch.charCodeAt(0)) >>> 0;
    const pick = rng(seed);
    for (const mutation of MUTATIONS) {
      for (let i = 0; i < attempts; i++) {
        const doc = parse(o.xml);
        const target = mutate(doc, mutation, pick);
        if (target === null) break;
        const xml = new TextEncoder().encode(doc.toString(false));
        const schemaCodes = schemaCodesOf(xml);
        const schemaValid = schemaCodes.length === 0;
        out.push({ origin: o.name, mutation, target, xml, schemaValid, schemaCodes });
        if (!schemaValid) break;
      }
    }
  }
  return out;
}
