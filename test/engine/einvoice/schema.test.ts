// The schema test set: valid invoices mutated structurally (an unknown element, two siblings
// swapped, an element duplicated, an element removed), each judged by the official XSD. Every
// mutant the schema rejects must come back `invalid` (reason schema_invalid, KoSIT's cvc-*
// codes, the same ones native libxml2's messages give); a mutant the schema accepts must not
// be reported as a schema failure; every original stays valid. Originals: the generated fixtures plus a fixed selection of the accepted UBL and
// CII files of the shared samples.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateInvoiceXml } from '../../../engine/einvoice/index.js';
import { isSchemaErrorId, schemaErrorCode, validateXsd } from '../../../engine/einvoice/xsd.js';
import { structuralMutants, judgeBySchema, MUTATIONS } from '../../helpers/schema-mutants.js';
import { skipUnlessSamples, sampleSet } from '../../helpers/samples.js';
import { bytes, ciiInvoice, ublInvoice } from './fixtures.js';
import { loadExpected } from './sample-runner.js';

function checkMutants(originals: Array<{ name: string; xml: Uint8Array }>): { invalid: number; valid: number } {
  for (const o of originals) {
    assert.ok(judgeBySchema(o.xml), `${o.name} is schema-valid`);
    const q = validateInvoiceXml(o.xml);
    assert.ok(q.validation_status === 'valid' || q.validation_status === 'valid_with_warnings', `${o.name}: ${q.validation_status} ${q.validation_errors.errors.join(' ')}`);
  }
  const wrong: string[] = [];
  let invalid = 0;
  let valid = 0;
  for (const m of structuralMutants(originals)) {
    const q = validateInvoiceXml(m.xml);
    const label = `${m.origin} ${m.mutation} ${m.target}`;
    if (!m.schemaValid) {
      invalid++;
      const ok = q.validation_status === 'invalid' && q.reason === 'schema_invalid' && q.validation_errors.errors.length > 0 && q.validation_errors.errors.every(isSchemaErrorId);
      if (!ok) wrong.push(`${label}: schema rejects it, got ${q.validation_status}/${q.reason}`);
      // The same codes as native libxml2 reports (the engine runs libxml2's WebAssembly build).
      const codes = [...new Set(m.schemaCodes)].sort().join(' ');
      if (ok && q.validation_errors.errors.join(' ') !== codes) wrong.push(`${label}: codes ${q.validation_errors.errors.join(' ')}, native libxml2 ${codes}`);
    } else {
      valid++;
      if (q.reason === 'schema_invalid') wrong.push(`${label}: schema accepts it, got a schema failure ${q.validation_errors.errors.join(' ')}`);
    }
  }
  assert.deepEqual(wrong, []);
  return { invalid, valid };
}

describe('XML Schema validation against the official UBL 2.1 and CII D16B schemas', () => {
  it('maps libxml2 schema messages to the codes KoSIT reports', () => {
    assert.equal(schemaErrorCode("Element '{x}A': This element is not expected. Expected is ( {x}B )."), 'cvc-complex-type.2.4.a');
    assert.equal(schemaErrorCode("Element '{x}A': Missing child element(s). Expected is ( {x}B )."), 'cvc-complex-type.2.4.b');
    assert.equal(schemaErrorCode("Element '{x}Indicator': 'no' is not a valid value of the atomic type 'xs:boolean'."), 'cvc-datatype-valid.1.2.1');
    assert.equal(schemaErrorCode("Element '{x}A', attribute 'b': The attribute 'b' is not allowed."), 'cvc-complex-type.3.2.2');
    assert.equal(schemaErrorCode('something else'), 'generic-error');
  });

  it('generated UBL and CII invoices: every structural mutant the XSD rejects is invalid, the rest are not schema failures', () => {
    const r = checkMutants([
      { name: 'fixture-ubl', xml: bytes(ublInvoice({ lines: 3 })) },
      { name: 'fixture-cii', xml: bytes(ciiInvoice({ lines: 3 })) },
    ]);
    assert.equal(r.invalid, 2 * MUTATIONS.length, `${r.invalid} schema-invalid mutants`);
  });

  it('an element in a foreign namespace and a wrong root are schema failures', () => {
    const foreign = validateInvoiceXml(bytes(ublInvoice().replace('<cbc:IssueDate>', '<x:Extra xmlns:x="urn:example:x">1</x:Extra><cbc:IssueDate>')));
    assert.equal(foreign.reason, 'schema_invalid');
    assert.deepEqual(foreign.validation_errors.errors, ['cvc-complex-type.2.4.a']);
  });

  it('documents in other encodings are checked as the characters the pre-parse read', () => {
    const name = (xml: string) => xml.replace('Erika Muster', 'J\u00fcrgen M\u00fc\u00dfig');
    const unknown = (xml: string) => xml.replace('<cbc:IssueDate>', '<cbc:Foo>1</cbc:Foo><cbc:IssueDate>');
    const as = (xml: string, encoding: string): Uint8Array => {
      const text = xml.replace('encoding="UTF-8"', `encoding="${encoding}"`);
      return encoding === 'UTF-16' ? Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]) : Buffer.from(text, 'latin1');
    };
    for (const encoding of ['ISO-8859-1', 'windows-1252', 'UTF-16']) {
      for (const xml of [name(ublInvoice({ lines: 2 })), name(ciiInvoice({ lines: 2 }))]) {
        const q = validateInvoiceXml(as(xml, encoding));
        assert.ok(q.validation_status === 'valid' || q.validation_status === 'valid_with_warnings', `${encoding}: ${q.validation_status} ${q.validation_errors.errors.join(' ')}`);
      }
      const bad = validateInvoiceXml(as(unknown(name(ublInvoice({ lines: 2 }))), encoding));
      assert.equal(bad.reason, 'schema_invalid', encoding);
      assert.deepEqual(bad.validation_errors.errors, ['cvc-complex-type.2.4.a'], encoding);
    }
  });

  it('a compiled schema is reused: verdicts stay the same across interleaved kinds and documents', () => {
    const ubl = bytes(ublInvoice({ lines: 2 }));
    const cii = bytes(ciiInvoice({ lines: 2 }));
    const ublBad = bytes(ublInvoice({ lines: 2 }).replace(/<cbc:IssueDate>[^<]*<\/cbc:IssueDate>/, ''));
    const ciiBad = bytes(ciiInvoice({ lines: 2 }).replace('<ram:TypeCode>380</ram:TypeCode>', '<ram:TypeCode>380</ram:TypeCode><ram:TypeCode>380</ram:TypeCode>'));
    const cases: Array<[Uint8Array, 'ubl-invoice' | 'cii']> = [[ubl, 'ubl-invoice'], [ublBad, 'ubl-invoice'], [cii, 'cii'], [ciiBad, 'cii']];
    const first = cases.map(([x, k]) => validateXsd(x, k));
    assert.deepEqual(first[0], []);
    assert.deepEqual(first[2], []);
    assert.ok(first[1]!.length > 0 && first[1]!.every(isSchemaErrorId), first[1]!.join(' '));
    assert.ok(first[3]!.length > 0 && first[3]!.every(isSchemaErrorId), first[3]!.join(' '));
    for (let round = 0; round < 3; round++) {
      for (const i of [3, 0, 1, 2]) assert.deepEqual(validateXsd(cases[i]![0], cases[i]![1]), first[i], `round ${round}, case ${i}`);
    }
  });

  it('a schema location named in the document is not read: the shipped schema decides', () => {
    const xml = ublInvoice({ lines: 2 }).replace('<ubl:Invoice ', '<ubl:Invoice xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2 /etc/hostname" ');
    assert.ok(xml.includes('xsi:schemaLocation'));
    assert.deepEqual(validateXsd(bytes(xml), 'ubl-invoice'), []);
  });

  it('accepted sample invoices (UBL and CII): mutants judged by the XSD', { skip: skipUnlessSamples('einvoice') }, () => {
    const dir = sampleSet('einvoice')!;
    const expected = loadExpected(dir);
    // A fixed selection: every third accepted and supported UBL/CII XML file in path order (30 originals).
    const accepted = Object.entries(expected)
      .filter(([f, e]) => e.accepted && e.supported !== false && e.container === 'xml' && f.startsWith('valid/') && ['UBL', 'CII'].includes((e as { syntax?: string }).syntax ?? ''))
      .map(([f]) => f)
      .sort()
      .filter((_, i) => i % 3 === 0)
      .slice(0, 30);
    assert.ok(accepted.length >= 20, `${accepted.length} originals`);
    const r = checkMutants(accepted.map((f) => ({ name: f, xml: new Uint8Array(readFileSync(join(dir, f))) })));
    assert.ok(r.invalid >= accepted.length * MUTATIONS.length * 0.9, `${r.invalid} schema-invalid of ${r.invalid + r.valid} mutants`);
  });
});
