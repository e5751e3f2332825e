// Review decisions (spec 4.14): the request's shape, each V-rule with a passing and a
// failing case, and the application of a decision to the effective payload.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyReviewDecision, checkReviewTarget, parseReviewRequest, type CheckedDecision, type ReviewRequest } from '../../../../engine/profiles/energy/review.js';
import type { EnergyPayload } from '../../../../engine/profiles/energy/payload.js';
import { fieldValue, truthResult } from '../../../helpers/energy-results.js';
import { skipUnlessSamples } from '../../../helpers/samples.js';

const skip = skipUnlessSamples('energy');

const ev = (text: string, extra: Record<string, unknown> = {}) => ({ component_ref: 'src-1', physical_page: 1, text, source: 'native_text', ...extra });

function parsed(body: Record<string, unknown>): ReviewRequest {
  const r = parseReviewRequest(body);
  assert.ok(r.ok, `expected a valid shape, got ${JSON.stringify(!r.ok && r.errors)}`);
  return r.value;
}

function errorsOf(r: { ok: boolean; errors?: Record<string, string[]> } | { ok: true; value: unknown }): Record<string, string[]> {
  assert.equal(r.ok, false, 'expected field errors');
  return (r as { errors: Record<string, string[]> }).errors;
}

describe('review request shape', () => {
  it('accepts the three actions with their required fields', () => {
    parsed({ action: 'reject', reason: 'not our bill' });
    parsed({ action: 'confirm', invoice_ref: 'inv-1', entity_ref: 'identity', field: 'invoice_number' });
    parsed({ action: 'correct', invoice_ref: 'inv-1', entity_ref: 'identity', field: 'invoice_number', corrected_value: 'X', evidence_reference: ev('Rechnung X'), review_duration_seconds: 30 });
  });

  it('names every missing or misplaced field', () => {
    assert.ok(errorsOf(parseReviewRequest({ action: 'approve' })).action);
    assert.ok(errorsOf(parseReviewRequest({ action: 'reject' })).reason);
    assert.ok(errorsOf(parseReviewRequest({ action: 'reject', reason: 'x', invoice_ref: 'inv-1' })).invoice_ref);
    const c = errorsOf(parseReviewRequest({ action: 'correct' }));
    for (const k of ['invoice_ref', 'entity_ref', 'field', 'corrected_value', 'evidence_reference']) assert.ok(c[k], k);
    assert.ok(errorsOf(parseReviewRequest({ action: 'confirm', invoice_ref: 'inv-1', entity_ref: 'identity', field: 'x', corrected_value: 'y' })).corrected_value);
    assert.ok(errorsOf(parseReviewRequest({ action: 'reject', reason: 'x', extra: 1 })).extra);
    assert.ok(errorsOf(parseReviewRequest([])).request);
  });

  it('review_duration_seconds is 1-86,400 or null (null = unmeasured)', () => {
    assert.equal(parsed({ action: 'reject', reason: 'x', review_duration_seconds: null }).review_duration_seconds, null);
    assert.equal(parsed({ action: 'reject', reason: 'x' }).review_duration_seconds, null);
    assert.equal(parsed({ action: 'reject', reason: 'x', review_duration_seconds: 86_400 }).review_duration_seconds, 86_400);
    for (const bad of [0, 86_401, 1.5, '30', -1]) assert.ok(errorsOf(parseReviewRequest({ action: 'reject', reason: 'x', review_duration_seconds: bad })).review_duration_seconds, String(bad));
  });

  it('V6: supplied evidence is stored as reviewer-transcribed; another match kind or a bad bbox is refused', () => {
    const r = parsed({ action: 'correct', invoice_ref: 'inv-1', entity_ref: 'identity', field: 'invoice_number', corrected_value: 'X', evidence_reference: ev('Rechnung X') });
    assert.equal(r.evidence_reference?.match, 'manual');
    assert.equal(r.evidence_reference?.reviewer_transcribed, true);
    const bad = (extra: Record<string, unknown>) => errorsOf(parseReviewRequest({ action: 'correct', invoice_ref: 'inv-1', entity_ref: 'identity', field: 'invoice_number', corrected_value: 'X', evidence_reference: ev('Rechnung X', extra) }));
    assert.ok(bad({ match: 'exact' })['evidence_reference.match']);
    assert.ok(bad({ bbox: { x: 1, y: 1, w: 0, h: 3 } })['evidence_reference.bbox']);
    assert.ok(bad({ source: 'ai' })['evidence_reference.source']);
    assert.ok(bad({ physical_page: 0 })['evidence_reference.physical_page']);
    assert.ok(bad({ text: '' })['evidence_reference.text']);
  });
});

describe('review decisions against a result (V1-V5)', { skip }, () => {
  const base = () => truthResult('energy-7-0001');
  const check = (body: Record<string, unknown>, result = base()) => checkReviewTarget(parsed(body), result.payload, result.evidence);
  const correct = (entity_ref: string, field: string, corrected_value: unknown, evidence: Record<string, unknown>, invoice_ref = 'inv-1') =>
    check({ action: 'correct', invoice_ref, entity_ref, field, corrected_value, evidence_reference: evidence });
  const passes = (r: ReturnType<typeof check>) => {
    assert.ok(r.ok, `expected to pass, got ${JSON.stringify(!r.ok && r.errors)}`);
    return r.value;
  };

  it('targets: unknown invoice, entity and field are refused', () => {
    assert.ok(errorsOf(correct('identity', 'invoice_number', 'A-1', ev('Rechnungsnummer A-1'), 'inv-9')).invoice_ref);
    assert.ok(errorsOf(correct('sp-7', 'malo_id', '41373559241', ev('MaLo 41373559241'))).entity_ref);
    assert.ok(errorsOf(correct('identity', 'entity_ref', 'x', ev('x'))).field);
  });

  it('V1: the page must belong to the invoice in the page manifest, the component to the run', () => {
    passes(correct('identity', 'invoice_number', 'A-1', ev('Rechnungsnummer A-1', { physical_page: 3 })));
    assert.ok(errorsOf(correct('identity', 'invoice_number', 'A-1', ev('Rechnungsnummer A-1', { physical_page: 4 })))['evidence_reference.physical_page']);
    assert.ok(errorsOf(correct('identity', 'invoice_number', 'A-1', ev('Rechnungsnummer A-1', { physical_page: 9 })))['evidence_reference.physical_page']);
    assert.ok(errorsOf(correct('identity', 'invoice_number', 'A-1', ev('Rechnungsnummer A-1', { component_ref: 'att-1' })))['evidence_reference.component_ref']);
    // inv-2 lives on pages 4-6.
    passes(correct('identity', 'invoice_number', 'A-2', ev('Rechnungsnummer A-2', { physical_page: 5 }), 'inv-2'));
  });

  it('V2: the evidence supports the complete value', () => {
    passes(correct('settlement', 'gross_total', '1234.50', ev('Gesamtbetrag brutto 1.234,50 EUR')));
    assert.ok(errorsOf(correct('settlement', 'gross_total', '1234.50', ev('Gesamtbetrag brutto 1.234,00 EUR')))['evidence_reference.text']);
    passes(correct('identity', 'billing_period', { start: '2025-01-01', end: '2025-04-19' }, ev('Abrechnungszeitraum 01.01.2025 - 19.04.2025')));
    assert.ok(errorsOf(correct('identity', 'billing_period', { start: '2025-01-01', end: '2025-04-19' }, ev('Abrechnungszeitraum ab 01.01.2025')))['evidence_reference.text']);
    passes(correct('charge-1', 'unit_price', '0.14177', ev('Verbrauchspreis 14,177 ct/kWh')));
    assert.ok(errorsOf(correct('identity', 'invoice_number', 'A-123', ev('Rechnungsnummer A-12')))['evidence_reference.text']);
  });

  it('V3: identifiers need a type-compatible label; names and addresses their role', () => {
    passes(correct('sp-1', 'malo_id', '41373559241', ev('MaLo-ID: 4137 3559 241')));
    assert.ok(errorsOf(correct('sp-1', 'malo_id', '41373559241', ev('Zählernummer 41373559241')))['evidence_reference.text']);
    passes(correct('supplier', 'name', 'Rheinauen Energie AG', ev('Ihr Lieferant: Rheinauen Energie AG')));
    assert.ok(errorsOf(correct('supplier', 'name', 'Rheinauen Energie AG', ev('Kunde: Rheinauen Energie AG')))['evidence_reference.text']);
    passes(correct('customer', 'name', 'Lukas Öztürk', ev('Lukas Öztürk', { label: 'Rechnungsempfänger' })));
    const addr = { street: 'Hauptstraße', house_number: '10', postal_code: '55218', city: 'Ingelheim am Rhein', country_code: null };
    passes(correct('sp-1', 'service_address', addr, ev('Lieferstelle: Hauptstraße 10, 55218 Ingelheim am Rhein')));
    assert.ok(errorsOf(correct('sp-1', 'service_address', addr, ev('Rechnungsanschrift: Hauptstraße 10, 55218 Ingelheim am Rhein')))['evidence_reference.text']);
  });

  it('V4: every populated address component occurs in the raw value and the evidence; a country code visibly', () => {
    const addr = { street: 'Hauptstraße', house_number: '10', postal_code: '55218', city: 'Ingelheim am Rhein', country_code: 'DE' };
    passes(correct('customer', 'billing_address', { ...addr, raw: 'Hauptstraße 10, 55218 Ingelheim am Rhein' }, ev('Rechnungsanschrift: Hauptstraße 10, 55218 Ingelheim am Rhein, Deutschland')));
    passes(correct('customer', 'billing_address', addr, ev('Rechnungsanschrift: Hauptstraße 10, DE-55218 Ingelheim am Rhein')));
    assert.ok(errorsOf(correct('customer', 'billing_address', addr, ev('Rechnungsanschrift: Hauptstraße 10, 55218 Ingelheim am Rhein')))['evidence_reference.text']);
    assert.ok(errorsOf(correct('customer', 'billing_address', { ...addr, house_number: '12' }, ev('Rechnungsanschrift: Hauptstraße 10, 55218 Ingelheim am Rhein, Deutschland')))['evidence_reference.text']);
    assert.ok(errorsOf(correct('customer', 'billing_address', { ...addr, raw: 'Hauptstr. 10, 55218 Ingelheim' }, ev('Rechnungsanschrift: Hauptstraße 10, 55218 Ingelheim am Rhein, Deutschland')))['corrected_value.street']);
    assert.ok(errorsOf(correct('customer', 'billing_address', { ...addr, country_code: 'de' }, ev('Rechnungsanschrift: Hauptstraße 10, 55218 Ingelheim am Rhein, DE')))['corrected_value.country_code']);
  });

  it('V5: identifiers are normalized and checked on correct and confirm; they stay with their owner', () => {
    const ok = passes(correct('sp-1', 'legacy_metering_point_id', 'DE 77290 05521 8DNWM 4EGUD 2VK3H 116722', ev('Zählpunkt: DE77290055218DNWM4EGUD2VK3H116722')));
    assert.equal(ok.value, 'DE77290055218DNWM4EGUD2VK3H116722');
    assert.ok(errorsOf(correct('sp-1', 'malo_id', '41373559242', ev('MaLo 41373559242'))).corrected_value, 'wrong check digit');
    assert.ok(errorsOf(correct('sp-1', 'network_operator_code', '99631573858', ev('Codenummer Netzbetreiber 99631573858'))).corrected_value);
    assert.ok(errorsOf(correct('payment', 'iban', 'DE89370400440532013001', ev('IBAN DE89 3704 0044 0532 0130 01'))).corrected_value);
    passes(correct('payment', 'iban', 'de89 3704 0044 0532 0130 00', ev('IBAN DE89 3704 0044 0532 0130 00')));
    // A MaLo belongs to a supply point, never to a meter.
    assert.ok(errorsOf(correct('meter-1', 'malo_id', '41373559241', ev('MaLo 41373559241'))).field);

    // Confirm: an identifier that fails its check cannot be attested.
    const broken = base();
    broken.payload.invoices[0]!.data.supply_points[0]!.malo_id = '68272826241';
    assert.ok(errorsOf(check({ action: 'confirm', invoice_ref: 'inv-1', entity_ref: 'sp-1', field: 'malo_id' }, broken)).field);
    passes(check({ action: 'confirm', invoice_ref: 'inv-1', entity_ref: 'sp-1', field: 'malo_id' }));

    // Ownership: sp-2's MaLo cannot be written onto sp-1.
    const two = base();
    const data = two.payload.invoices[0]!.data;
    data.supply_points.push({ ...data.supply_points[0]!, entity_ref: 'sp-2', malo_id: '41373559241', network_operator_name: 'Other Netz GmbH', network_operator_code: '9900000000004' });
    assert.ok(errorsOf(check({ action: 'correct', invoice_ref: 'inv-1', entity_ref: 'sp-1', field: 'malo_id', corrected_value: '41373559241', evidence_reference: ev('MaLo 41373559241') }, two)).corrected_value);
    assert.ok(errorsOf(check({ action: 'correct', invoice_ref: 'inv-1', entity_ref: 'sp-1', field: 'network_operator_code', corrected_value: '9900000000004', evidence_reference: ev('Netzbetreiber-Codenummer 9900000000004') }, two)).corrected_value);
  });

  it('confirm keeps the current citation or needs one; a null value cannot be confirmed', () => {
    passes(check({ action: 'confirm', invoice_ref: 'inv-1', entity_ref: 'settlement', field: 'gross_total' }));
    const r = base();
    r.evidence = r.evidence.filter((e) => !(e.entity_ref === 'settlement' && e.field === 'gross_total' && e.invoice_ref === 'inv-1'));
    assert.ok(errorsOf(check({ action: 'confirm', invoice_ref: 'inv-1', entity_ref: 'settlement', field: 'gross_total' }, r)).evidence_reference);
    assert.ok(errorsOf(check({ action: 'confirm', invoice_ref: 'inv-1', entity_ref: 'identity', field: 'contract_number' })).field);
  });
});

describe('applying a decision', { skip }, () => {
  it('changes only the invoice named by invoice_ref, marks the field reviewed and cites the transcription', () => {
    const r = truthResult('energy-7-0001');
    const before = structuredClone(r.payload);
    const req = parsed({ action: 'correct', invoice_ref: 'inv-2', entity_ref: 'identity', field: 'billing_period', corrected_value: { start: '2025-01-01', end: '2025-03-31' }, evidence_reference: ev('Zeitraum 01.01.2025 bis 31.03.2025', { physical_page: 4 }) });
    const checked = checkReviewTarget(req, r.payload, r.evidence);
    assert.ok(checked.ok);
    const applied = applyReviewDecision(r.payload, r.evidence, checked.value);
    assert.deepEqual(r.payload, before, 'the input payload is not mutated');
    assert.deepEqual(applied.payload.invoices[0], before.invoices[0], 'inv-1 is untouched');
    assert.deepEqual(applied.payload.invoices[1]!.data.identity.billing_period, { start: '2025-01-01', end: '2025-03-31' });
    assert.equal(applied.payload.invoices[1]!.data.field_quality['identity.billing_period'], 'reviewed');
    assert.deepEqual(checked.value.previous_value, fieldValue(before.invoices[1]!.data, 'identity.billing_period'));
    const cited = applied.evidence.filter((e) => e.invoice_ref === 'inv-2' && e.entity_ref === 'identity' && e.field === 'billing_period');
    assert.equal(cited.length, 1);
    assert.equal(cited[0]!.match, 'manual');
    assert.equal(cited[0]!.reviewer_transcribed, true);
    assert.equal(cited[0]!.field_status, 'reviewed');
    assert.equal(cited[0]!.physical_page, 4);
    assert.equal(applied.evidence.length, r.evidence.length);
  });

  it('confirm without evidence keeps the citation and marks it reviewed; reject changes nothing', () => {
    const r = truthResult('energy-7-0001');
    const checked = checkReviewTarget(parsed({ action: 'confirm', invoice_ref: 'inv-1', entity_ref: 'sp-1', field: 'malo_id' }), r.payload, r.evidence) as { ok: true; value: CheckedDecision };
    const applied = applyReviewDecision(r.payload, r.evidence, checked.value);
    const cited = applied.evidence.find((e) => e.invoice_ref === 'inv-1' && e.entity_ref === 'sp-1' && e.field === 'malo_id')!;
    assert.equal(cited.match, 'exact');
    assert.equal(cited.field_status, 'reviewed');
    assert.equal(applied.payload.invoices[0]!.data.field_quality['sp-1.malo_id'], 'reviewed');
    const rejected = checkReviewTarget(parsed({ action: 'reject', reason: 'duplicate' }), r.payload, r.evidence) as { ok: true; value: CheckedDecision };
    assert.deepEqual(applyReviewDecision(r.payload, r.evidence, rejected.value).payload, r.payload as EnergyPayload);
  });
});
