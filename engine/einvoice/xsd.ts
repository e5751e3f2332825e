// XML Schema validation with libxml2 (libxmljs2) against the official schemas shipped under
// resources/schemas: OASIS UBL 2.1 (Invoice, CreditNote) and UN/CEFACT CII D16B (the SCRDM
// subset with uncoupled code lists, as KoSIT's XRechnung configuration uses it). Runs after
// the safe pre-parse (no DTD, no entities), with network access off.
//
// libxmljs2 0.35 compiles the schema inside every validate() call (its API has no handle for
// a compiled schema). The official files are mostly documentation, so once per machine and
// schema version they are copied without their xsd:annotation elements (no effect on
// validation) into a folder under the temp directory; each process keeps the loaded schema
// documents, and a call then costs the compile of the lean copy plus the validation.
import libxml from 'libxmljs2';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export type SchemaKind = 'ubl-invoice' | 'ubl-credit-note' | 'cii';

const MAIN: Record<SchemaKind, string> = {
  'ubl-invoice': 'ubl-2.1/xsd/maindoc/UBL-Invoice-2.1.xsd',
  'ubl-credit-note': 'ubl-2.1/xsd/maindoc/UBL-CreditNote-2.1.xsd',
  cii: 'cii-d16b/CrossIndustryInvoice_100pD16B.xsd',
};
const SCHEMA_SETS = ['ubl-2.1', 'cii-d16b'];
const XSD_NS = 'http://www.w3.org/2001/XMLSchema';
/** libxml2 parser options: no network, no entity expansion, no external DTD. */
const SAFE = { nonet: true, noent: false, dtdload: false, dtdvalid: false, dtdattr: false, xinclude: false } as const;

/** The folder holding the shipped schema sets (source tree, build output or packaged app). */
export function schemaResourceDir(): string {
  const candidates: string[] = [];
  const electronResources = (process as { resourcesPath?: string }).resourcesPath;
  if (electronResources) candidates.push(join(electronResources, 'resources', 'schemas'), join(electronResources, 'schemas'));
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    candidates.push(join(dir, 'resources', 'schemas'));
    dir = dirname(dir);
  }
  const found = candidates.find((c) => existsSync(join(c, MAIN.cii)) && existsSync(join(c, MAIN['ubl-invoice'])));
  if (!found) throw new Error('Docdesk\'s bundled XML schemas (resources/schemas) are missing; please reinstall the application.');
  return found;
}

function listXsd(dir: string, rel = ''): string[] {
  const out: string[] = [];
  for (const e of readdirSync(join(dir, rel), { withFileTypes: true })) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...listXsd(dir, r));
    else if (e.name.endsWith('.xsd')) out.push(r);
  }
  return out.sort();
}

/** libxmljs2 reads a Buffer as bytes (honouring the encoding declaration); its types only say string. */
function parseBytes(bytes: Buffer, options: libxml.ParserOptions = SAFE): libxml.Document {
  return libxml.parseXml(bytes as unknown as string, options);
}

let leanDir: string | null = null;

/** The annotation-free copy of the shipped schemas (made once per machine and version). */
function leanSchemaDir(): string {
  if (leanDir) return leanDir;
  const src = schemaResourceDir();
  const files = SCHEMA_SETS.flatMap((set) => listXsd(join(src, set)).map((f) => `${set}/${f}`));
  const hash = createHash('sha256');
  const contents = files.map((f) => {
    const bytes = readFileSync(join(src, f));
    hash.update(f).update('\0').update(bytes);
    return bytes;
  });
  const target = join(tmpdir(), `docdesk-xsd-${hash.digest('hex').slice(0, 16)}`);
  if (!existsSync(join(target, 'complete'))) {
    const work = `${target}.${process.pid}.${Date.now()}`;
    files.forEach((f, i) => {
      const doc = parseBytes(contents[i]!);
      for (const n of doc.find('//xsd:annotation', { xsd: XSD_NS })) n.remove();
      mkdirSync(dirname(join(work, f)), { recursive: true });
      writeFileSync(join(work, f), doc.toString(false));
    });
    writeFileSync(join(work, 'complete'), files.join('\n'));
    try {
      renameSync(work, target);
    } catch {
      // Another process made it first: theirs is identical.
      rmSync(work, { recursive: true, force: true });
    }
  }
  leanDir = target;
  return target;
}

const schemas = new Map<SchemaKind, libxml.Document>();

function schemaFor(kind: SchemaKind): libxml.Document {
  let s = schemas.get(kind);
  if (!s) {
    const path = join(leanSchemaDir(), MAIN[kind]);
    s = parseBytes(readFileSync(path), { ...SAFE, baseUrl: path });
    schemas.set(kind, s);
  }
  return s;
}

/**
 * The error codes KoSIT's report gives schema messages (Xerces' `cvc-*` codes; anything else is
 * `generic-error`), from libxml2's message text.
 */
const CODES: Array<[RegExp, string]> = [
  [/No matching global declaration available for the validation root/, 'cvc-elt.1.a'],
  [/This element is not expected\. Expected is/, 'cvc-complex-type.2.4.a'],
  [/This element is not expected/, 'cvc-complex-type.2.4.d'],
  [/Missing child element\(s\)/, 'cvc-complex-type.2.4.b'],
  [/\[facet 'enumeration'\]/, 'cvc-enumeration-valid'],
  [/\[facet 'pattern'\]/, 'cvc-pattern-valid'],
  [/\[facet 'minLength'\]/, 'cvc-minLength-valid'],
  [/\[facet 'maxLength'\]/, 'cvc-maxLength-valid'],
  [/\[facet 'length'\]/, 'cvc-length-valid'],
  [/\[facet 'totalDigits'\]/, 'cvc-totalDigits-valid'],
  [/\[facet 'fractionDigits'\]/, 'cvc-fractionDigits-valid'],
  [/\[facet '(minInclusive|maxInclusive|minExclusive|maxExclusive)'\]/, 'cvc-$1-valid'],
  [/is not a valid value of the (local )?(atomic|list|union) type/, 'cvc-datatype-valid.1.2.1'],
  [/The attribute '[^']*' is not allowed/, 'cvc-complex-type.3.2.2'],
  [/The attribute '[^']*' is required but missing/, 'cvc-complex-type.4'],
  [/Character content other than whitespace is not allowed/, 'cvc-complex-type.2.3'],
  [/Element content is not allowed, because the content type is a simple type/, 'cvc-type.3.1.2'],
  [/Duplicate key-sequence|Duplicate key/, 'cvc-identity-constraint.4.1'],
];

export function schemaErrorCode(message: string): string {
  for (const [re, code] of CODES) {
    const m = re.exec(message);
    if (m) return code.replace('$1', m[1] ?? '');
  }
  return 'generic-error';
}

/** True for the ids schema findings carry (they replace rule ids when the schema fails). */
export function isSchemaErrorId(id: string): boolean {
  return id.startsWith('cvc-') || id === 'generic-error';
}

/**
 * Validates the document against the official schema of `kind`; returns the KoSIT error codes
 * of the schema messages (empty when schema-valid). The caller has already rejected DTDs and
 * entities with its own pre-parse.
 */
export function validateXsd(xml: Uint8Array, kind: SchemaKind): string[] {
  const schema = schemaFor(kind);
  const doc = parseBytes(Buffer.from(xml.buffer, xml.byteOffset, xml.byteLength));
  if (doc.validate(schema)) return [];
  const codes = doc.validationErrors.filter((e) => (e.level ?? 2) >= 2).map((e) => schemaErrorCode(e.message));
  // libxml2 may report failure with no message; still a schema failure.
  return codes.length > 0 ? codes : ['generic-error'];
}
