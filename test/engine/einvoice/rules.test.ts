// One generated case per rule id (rule-cases.ts): the mutated fixture fires the rule, the
// untouched fixture does not. Plus the generic mutation classes the issue names — remove a
// mandatory element, break a sum, use a wrong code — which must fire exactly the expected ids.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseXmlText } from '../../../engine/formats/safe-xml.js';
import { detectRoot } from '../../../engine/einvoice/detect.js';
import { evaluateRules } from '../../../engine/einvoice/evaluate.js';
import { modelFromRoot, validateInvoiceXml } from '../../../engine/einvoice/index.js';
import { RULES } from '../../../engine/einvoice/rules/index.js';
import { selectScenario } from '../../../engine/einvoice/scenario.js';
import { bytes, ciiInvoice, ublInvoice, zf1Invoice } from './fixtures.js';
import { RULE_CASES } from './rule-cases.js';

/** Rule ids a document fires under the scenario its unmutated fixture selects. */
function fired(xml: string, scenarioXml: string): Set<string> {
  const scenario = selectScenario(detectRoot(parseXmlText(scenarioXml).root));
  assert.ok(scenario, 'the fixture selects a scenario');
  const root = parseXmlText(xml).root;
  const d = detectRoot(root);
  const model = modelFromRoot(root, { ...d, syntax: d.syntax ?? 'ubl' });
  return new Set(evaluateRules(root, model, { ...d, profile: d.profile }, scenario).map((f) => f.id));
}

const fixture = (syntax: 'ubl' | 'cii' | 'zf1', spec?: string) => (syntax === 'cii' ? ciiInvoice({ spec }) : syntax === 'zf1' ? zf1Invoice() : ublInvoice({ spec }));

describe('every rule case fires its rule id', () => {
  for (const c of RULE_CASES) {
    it(`${c.id} (${c.syntax}${c.spec ? `, ${c.spec.split('#').pop()}` : ''})`, () => {
      const base = fixture(c.syntax, c.spec);
      const mutated = c.mutate(base);
      assert.ok(!fired(base, base).has(c.id), `${c.id} must not fire on the passing fixture`);
      assert.ok(fired(mutated, base).has(c.id), `${c.id} must fire on the mutation`);
    });
  }

  it('every case names a rule of the table', () => {
    const ids = new Set(RULES.map((r) => r.id));
    for (const c of RULE_CASES) assert.ok(ids.has(c.id), `${c.id} is not in the rule table`);
  });

  it('reports which rule ids have a generated case', (t) => {
    const covered = new Set(RULE_CASES.map((c) => c.id));
    const missing = RULES.map((r) => r.id).filter((id) => !covered.has(id));
    t.diagnostic(`${covered.size} of ${new Set(RULES.map((r) => r.id)).size} rule ids have a generated case; without: ${missing.join(' ')}`);
    assert.deepEqual(missing, [], 'every rule id has a generated case');
  });
});

describe('generated mutations fire exactly the expected rules', () => {
  const errorsOf = (xml: string) => validateInvoiceXml(bytes(xml)).validation_errors.errors;
  it('the fixtures pass with no finding at all', () => {
    for (const xml of [ublInvoice(), ciiInvoice()]) {
      const q = validateInvoiceXml(bytes(xml));
      assert.equal(q.assessment, 'pass');
      assert.deepEqual(q.validation_errors.counts, { error: 0, warning: 0, information: 0 });
    }
  });
  it('removing a mandatory element (buyer reference BT-10)', () => {
    assert.deepEqual(errorsOf(ublInvoice().replace('<cbc:BuyerReference>04011000-12345-03</cbc:BuyerReference>', '')), ['BR-DE-15']);
    assert.deepEqual(errorsOf(ciiInvoice().replace('<ram:BuyerReference>04011000-12345-03</ram:BuyerReference>', '')), ['BR-DE-15']);
  });
  it('breaking a sum (line total BT-106)', () => {
    assert.deepEqual(errorsOf(ublInvoice().replace('<cbc:LineExtensionAmount currencyID="EUR">300.00</cbc:LineExtensionAmount>', '<cbc:LineExtensionAmount currencyID="EUR">300.01</cbc:LineExtensionAmount>')), ['BR-CO-10', 'BR-CO-13']);
    assert.deepEqual(errorsOf(ciiInvoice().replace('<ram:LineTotalAmount>300.00</ram:LineTotalAmount>', '<ram:LineTotalAmount>300.01</ram:LineTotalAmount>')), ['BR-CO-10', 'BR-CO-13']);
  });
  it('a wrong code (currency BT-5)', () => {
    assert.deepEqual(errorsOf(ciiInvoice().replace('<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>', '<ram:InvoiceCurrencyCode>EUX</ram:InvoiceCurrencyCode>')), ['BR-CL-04', 'BR-CO-15', 'PEPPOL-EN16931-R054']);
    assert.deepEqual(errorsOf(ublInvoice().replace('<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>', '<cbc:InvoiceTypeCode>999</cbc:InvoiceTypeCode>')), ['BR-CL-01']);
  });
});
