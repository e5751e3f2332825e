// XML Schema validation with libxml2 against the official schemas shipped under
// resources/schemas: OASIS UBL 2.1 (Invoice, CreditNote) and UN/CEFACT CII D16B (the SCRDM
// subset with uncoupled code lists, as KoSIT's XRechnung configuration uses it). Runs after
// the safe pre-parse (no DTD, no entities).
//
// libxml2 is the WebAssembly build of libxml2-wasm: unlike libxmljs2 (whose validate()
// compiles the schema on every call) it keeps a compiled schema, so each process compiles a
// schema once, on first use, and then only parses and validates documents. The WebAssembly
// module has no network and no file system of its own: the one input provider registered
// here serves the shipped schema files under a virtual `docdesk-schemas:` base and refuses
// every other name.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ParseOption, XmlDocument, XmlParseError, XmlValidateError, XsdValidator, xmlRegisterInputProvider, type ErrorDetail, type ParseOptions } from 'libxml2-wasm';
import { decodeXml } from '../formats/safe-xml.js';

export type SchemaKind = 'ubl-invoice' | 'ubl-credit-note' | 'cii';

const MAIN: Record<SchemaKind, string> = {
  'ubl-invoice': 'ubl-2.1/xsd/maindoc/UBL-Invoice-2.1.xsd',
  'ubl-credit-note': 'ubl-2.1/xsd/maindoc/UBL-CreditNote-2.1.xsd',
  cii: 'cii-d16b/CrossIndustryInvoice_100pD16B.xsd',
};
/** Base of the schema files' names inside libxml2 (independent of the OS's path syntax). */
const BASE = 'docdesk-schemas:/';
/** No network, no external entities, no entity expansion, no DTD loading. */
const SAFE = ParseOption.XML_PARSE_NONET | ParseOption.XML_PARSE_NO_XXE;

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

/** The shipped file behind a `docdesk-schemas:` name, or null for anything else. */
function schemaFile(name: string): string | null {
  if (!name.startsWith(BASE) || !name.endsWith('.xsd')) return null;
  const root = schemaResourceDir();
  const path = normalize(join(root, ...name.slice(BASE.length).split('/')));
  return path.startsWith(root + sep) ? path : null;
}

let providerRegistered = false;

/** Lets libxml2 read the shipped schema files (imports and includes) and nothing else. */
function registerSchemaProvider(): void {
  if (providerRegistered) return;
  const open = new Map<number, { data: Buffer; at: number }>();
  let next = 1;
  const ok = xmlRegisterInputProvider({
    // Every name is claimed, so no other reader (the module's in-memory file system) sees one.
    match: () => true,
    open: (name) => {
      const path = schemaFile(name);
      if (!path || !existsSync(path)) return undefined;
      open.set(next, { data: readFileSync(path), at: 0 });
      return next++;
    },
    read: (fd, buf) => {
      const f = open.get(fd);
      if (!f) return -1;
      const n = Math.min(buf.byteLength, f.data.byteLength - f.at);
      buf.set(f.data.subarray(f.at, f.at + n));
      f.at += n;
      return n;
    },
    close: (fd) => open.delete(fd),
  });
  if (!ok) throw new Error('libxml2 did not accept the schema input provider');
  providerRegistered = true;
}

const validators = new Map<SchemaKind, XsdValidator>();
/** The main schema documents, alive as long as their compiled schemas (which may point into them). */
const schemaDocs: XmlDocument[] = [];

/** The compiled schema of `kind`, compiled once per process and kept. */
function validatorFor(kind: SchemaKind): XsdValidator {
  let v = validators.get(kind);
  if (!v) {
    registerSchemaProvider();
    const doc = XmlDocument.fromBuffer(readFileSync(join(schemaResourceDir(), MAIN[kind])), { url: BASE + MAIN[kind], option: SAFE });
    try {
      v = XsdValidator.fromDoc(doc);
    } catch (err) {
      doc.dispose();
      throw err;
    }
    schemaDocs.push(doc);
    validators.set(kind, v);
  }
  return v;
}

/**
 * The document as libxml2 gets it: UTF-8 bytes. A document in another encoding is handed over
 * as the text the pre-parse decoded, so both parsers read the same characters.
 */
function asUtf8(b: Uint8Array): { bytes: Uint8Array; options: ParseOptions } {
  const bom = b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf;
  const head = Buffer.from(b.buffer, b.byteOffset, Math.min(b.byteLength, 256)).toString('latin1');
  const declared = /^<\?xml\s[^>]*?encoding\s*=\s*["']([^"']*)["']/.exec(head)?.[1]?.toLowerCase();
  const utf16 = (b[0] === 0xff && b[1] === 0xfe) || (b[0] === 0xfe && b[1] === 0xff) || (b[0] === 0x3c && b[1] === 0x00) || (b[0] === 0x00 && b[1] === 0x3c);
  if (!utf16 && (bom || declared === undefined || declared === 'utf-8' || declared === 'utf8')) return { bytes: b, options: { option: SAFE } };
  return { bytes: Buffer.from(decodeXml(b), 'utf8'), options: { option: SAFE | ParseOption.XML_PARSE_IGNORE_ENC, encoding: 'utf-8' } };
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

const isError = (d: ErrorDetail) => (d.level ?? 2) >= 2;

/**
 * Validates the document against the official schema of `kind`; returns the KoSIT error codes
 * of the schema messages (empty when schema-valid). The caller has already rejected DTDs and
 * entities with its own pre-parse. Throws only for internal failures (the verdict is then
 * `unavailable`).
 */
export function validateXsd(xml: Uint8Array, kind: SchemaKind): string[] {
  const validator = validatorFor(kind);
  const input = asUtf8(xml);
  let doc: XmlDocument;
  try {
    doc = XmlDocument.fromBuffer(input.bytes, input.options);
  } catch (err) {
    // Well-formed for the pre-parse but not for libxml2 (e.g. nesting deeper than its limit):
    // the XML parser rejects it before the schema, as in KoSIT.
    if (err instanceof XmlParseError && !/memory/i.test(err.message)) return ['generic-error'];
    throw err;
  }
  try {
    validator.validate(doc);
    return [];
  } catch (err) {
    if (!(err instanceof XmlValidateError)) throw err;
    const codes = (err.details ?? []).filter(isError).map((d) => schemaErrorCode(d.message));
    // libxml2 may report failure with no message; still a schema failure.
    return codes.length > 0 ? codes : ['generic-error'];
  } finally {
    doc.dispose();
  }
}
