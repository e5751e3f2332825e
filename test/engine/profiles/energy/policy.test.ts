// The validation policy on the shared sample truths (payloads in the contract's shape) and
// on mutations of them: every truth that must be accepted is, given evidence for each
// field; a wrong check digit, a charge off by a cent, a missing citation… never is.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { evaluateEnergyPayload, fieldsOf, handoffReasonsByInvoice } from '../../../../engine/profiles/energy/policy.js';
import type { EnergyEvidence, EnergyPayload } from '../../../../engine/profiles/energy/payload.js';
import { sampleSet, skipUnlessSamples } from '../../../helpers/samples.js';
import Ajv2020 from 'ajv/dist/2020.js';
import { ENERGY_PAYLOAD_SCHEMA } from '../../../../engine/profiles/energy/schema.js';
import { confirmationOf } from '../../../../engine/profiles/energy/confirmation.js';
import { mod97 } from '../../../../engine/extract/normalize/iban.js';
import { generateDocument, type Spec } from '../../../helpers/energy-bills/index.js';
import { REPO_ROOT } from '../../../helpers/server.js';

/** Rule 7: a test may iterate and print only tuned truths; held-out results are never shown. */
const TUNED = new Set((JSON.parse(readFileSync(join(REPO_ROOT, 'eval', 'energy-split.json'), 'utf8')) as { tuned: string[] }).tuned);

interface Truth extends EnergyPayload {
  id: string;
  expected_outcome: string;
  invoices: Array<EnergyPayload['invoices'][number] & { evidence_pages?: Record<string, number> }>;
}

function truths(): Truth[] {
  const dir = sampleSet('energy')!;
  return readdirSync(dir)
    .filter((f) => f.endsWith('.truth.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Truth);
}

/** Evidence for every non-null field, on the page the truth records (else the invoice's first). */
function evidenceFor(t: EnergyPayload & { invoices: Truth['invoices'] }): EnergyEvidence[] {
  const out: EnergyEvidence[] = [];
  for (const inv of t.invoices) {
    for (const f of fieldsOf(inv.data)) {
      if (f.value === null || f.value === undefined) continue;
      out.push({
        invoice_ref: inv.invoice_ref, entity_ref: f.entity_ref, field: f.field, field_status: 'extracted', component_ref: 'src-1',
        physical_page: inv.evidence_pages?.[f.key] ?? inv.page_range.first, printed_page: null, label: null, text: JSON.stringify(f.value),
        source: 'native_text', match: 'normalized', bbox: null,
      });
    }
  }
  return out;
}

const clone = <T>(v: T): T => structuredClone(v);

function reasonsOf(payload: EnergyPayload, evidence?: EnergyEvidence[], packet: string[] = []) {
  const r = evaluateEnergyPayload(payload, evidence ?? evidenceFor(payload as Truth), packet);
  return { ...r, all: [...r.review_reasons, ...r.handoff_review_reasons] };
}

describe('energy validation policy on the sample truths', { skip: skipUnlessSamples('energy') }, () => {
  const all = sampleSet('energy') ? truths().filter((t) => TUNED.has(t.id)) : [];
  const invoiceTruths = all.filter((t) => t.invoices.length > 0);
  const firstElectricity = () => clone(invoiceTruths.find((t) => t.invoices[0]!.data.supply_points[0]!.commodity === 'electricity')!);
  const firstGas = () => clone(invoiceTruths.find((t) => t.invoices[0]!.data.meters.some((m) => m.registers.some((r) => r.volume_m3)))!);

  it('every truth evaluates to its expected outcome, with evidence for every field', () => {
    assert.ok(all.length >= 10, 'the tuned half of the sample set is there');
    for (const t of all) {
      const r = reasonsOf(t);
      // Plain evidence settles only what a span may settle: a field only a check confirms (a charge
      // line that does not multiply out, confirmation.ts) is left to a reviewer even in a truth.
      const onlyChecks = r.validation_summary.invoices.every((i) => i.failures.every((f) => f.code === 'unconfirmed_value' && f.fields.every((k) => confirmationOf(k.slice(0, k.lastIndexOf('.')), k.slice(k.lastIndexOf('.') + 1))?.by === 'check')));
      if (t.expected_outcome === 'accepted' && r.machine_outcome === 'needs_review' && onlyChecks) continue;
      assert.equal(r.machine_outcome, t.expected_outcome, `${t.id}: ${JSON.stringify(r.validation_summary.invoices.map((i) => i.failures))}`);
      if (t.expected_outcome === 'accepted') {
        assert.equal(r.handoff_status, 'accepted');
        for (const inv of r.payload.invoices) {
          assert.equal(inv.outcome, 'accepted');
          assert.ok(Object.values(inv.data.field_quality).every((q) => q === 'extracted' || q === 'missing'), t.id);
        }
      } else {
        assert.deepEqual(r.payload.invoices, []);
        assert.ok(r.review_reasons.includes('unsupported_document'));
        assert.equal(r.handoff_status, 'not_applicable');
      }
    }
  });

  it('every evaluated truth payload validates against the published payload schema', () => {
    const validate = new Ajv2020.default({ strict: true, allowUnionTypes: true }).compile(ENERGY_PAYLOAD_SCHEMA);
    for (const t of all) {
      const { payload } = reasonsOf(t);
      const clean = { packet: payload.packet, invoices: payload.invoices.map(({ invoice_ref, page_range, outcome, review_reasons, data }) => ({ invoice_ref, page_range, outcome, review_reasons, data })) };
      assert.ok(validate(clean), `${t.id}: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
    }
    const broken = clone(firstElectricity());
    (broken.invoices[0]!.data.settlement as any).gross_total = 12.5;
    assert.equal(validate(reasonsOf(broken).payload), false, 'a number where a decimal string belongs');
  });

  it('field_quality names every field as <entity_ref>.<field>', () => {
    const t = firstGas();
    const inv = reasonsOf(t).payload.invoices[0]!;
    assert.equal(inv.data.field_quality['settlement.gross_total'], 'extracted');
    assert.equal(inv.data.field_quality['meter-1.reg-1.energy_kwh'], 'extracted');
    assert.equal(inv.data.field_quality['identity.contract_number'], t.invoices[0]!.data.identity.contract_number ? 'extracted' : 'missing');
  });

  it('a wrong MaLo check digit is invalid_identifier and marks the field invalid', () => {
    const t = invoiceTruths.map(clone).find((x) => x.invoices[0]!.data.supply_points[0]!.malo_id)!;
    const sp = t.invoices[0]!.data.supply_points[0]!;
    const last = Number(sp.malo_id!.at(-1));
    sp.malo_id = sp.malo_id!.slice(0, 10) + String((last + 1) % 10);
    const r = reasonsOf(t);
    assert.equal(r.machine_outcome, 'needs_review');
    assert.ok(r.review_reasons.includes('invalid_identifier'));
    assert.equal(r.payload.invoices[0]!.data.field_quality['sp-1.malo_id'], 'invalid');
  });

  for (const [name, mutate] of [
    ['a metering point id one character short', (t: Truth) => {
      const sp = t.invoices[0]!.data.supply_points[0]!;
      if (sp.melo_id) sp.melo_id = sp.melo_id.slice(0, 32);
      else sp.legacy_metering_point_id = sp.legacy_metering_point_id!.slice(0, 32);
    }],
    ['an operator code with a wrong check digit', (t: Truth) => {
      const sp = t.invoices[0]!.data.supply_points[0]!;
      sp.network_operator_code = sp.network_operator_code!.slice(0, 12) + String((Number(sp.network_operator_code!.at(-1)) + 3) % 10);
    }],
    ['an IBAN with two digits swapped', (t: Truth) => {
      const p = t.invoices[0]!.data.payment;
      p.iban = p.iban!.slice(0, 10) + p.iban![11] + p.iban![10] + p.iban!.slice(12);
      if (p.iban === t.invoices[0]!.data.payment.iban && p.iban![10] === p.iban![11]) p.iban = p.iban!.slice(0, 21) + String((Number(p.iban!.at(-1)) + 1) % 10);
    }],
    ['a VAT id with a wrong check digit', (t: Truth) => {
      const s = t.invoices[0]!.data.supplier;
      s.vat_id = s.vat_id!.slice(0, 10) + String((Number(s.vat_id!.at(-1)) + 1) % 10);
    }],
  ] as const) {
    it(`${name} is invalid_identifier`, () => {
      const t = firstElectricity();
      mutate(t);
      assert.ok(reasonsOf(t).review_reasons.includes('invalid_identifier'), name);
    });
  }

  const arithmetic: Array<[string, (t: Truth) => void, () => Truth]> = [
    ['a charge line off by one cent (Σ charges ≠ net total)', (t) => {
      const ch = t.invoices[0]!.data.charges[0]!;
      ch.net_amount = (Number(ch.net_amount) + 0.01).toFixed(2);
    }, firstElectricity],
    ['a VAT row off by one cent (Σ VAT rows ≠ VAT total, tax row)', (t) => {
      const tax = t.invoices[0]!.data.taxes.find((x) => x.tax_type === 'vat')!;
      tax.tax_amount = (Number(tax.tax_amount) + 0.01).toFixed(2);
    }, firstElectricity],
    ['a gross total off by one cent (net + VAT ≠ gross)', (t) => {
      const s = t.invoices[0]!.data.settlement;
      s.gross_total = (Number(s.gross_total) + 0.01).toFixed(2);
    }, firstElectricity],
    ['a balance off by one cent', (t) => {
      const s = t.invoices[0]!.data.settlement;
      s.balance_amount = (Number(s.balance_amount) + 0.01).toFixed(2);
    }, firstElectricity],
    ['a balance with the wrong direction', (t) => {
      const s = t.invoices[0]!.data.settlement;
      s.balance_direction = s.balance_direction === 'credit' ? 'amount_due' : 'credit';
    }, firstElectricity],
    ['a tax row whose taxable amount does not give the tax', (t) => {
      const tax = t.invoices[0]!.data.taxes.find((x) => x.tax_type !== 'vat')!;
      tax.taxable_amount = String(Number(tax.taxable_amount) + 10);
    }, firstElectricity],
    ['a register reading off by one', (t) => {
      const r = t.invoices[0]!.data.meters[0]!.registers[0]!;
      r.reading_end = { ...r.reading_end!, value: String(Number(r.reading_end!.value) + 1) };
    }, firstElectricity],
    ['a register multiplier of 10', (t) => {
      t.invoices[0]!.data.meters[0]!.registers[0]!.multiplier = '10';
    }, firstElectricity],
    ['a gas conversion with a Brennwert 1 % off', (t) => {
      const r = t.invoices[0]!.data.meters.flatMap((m) => m.registers).find((x) => x.volume_m3)!;
      r.calorific_value_kwh_per_m3 = (Number(r.calorific_value_kwh_per_m3) * 1.01).toFixed(3);
    }, firstGas],
    ['a net total missing while charges exist', (t) => {
      t.invoices[0]!.data.settlement.net_total = null;
    }, firstElectricity],
  ];
  for (const [name, mutate, base] of arithmetic) {
    it(`${name} is arithmetic_mismatch`, () => {
      const t = base();
      mutate(t);
      const r = reasonsOf(t);
      assert.equal(r.machine_outcome, 'needs_review');
      assert.ok(r.review_reasons.includes('arithmetic_mismatch'), JSON.stringify(r.review_reasons));
    });
  }

  it('the gas tolerance is ±0.5 %: 0.4 % off passes, 0.6 % fails', () => {
    for (const [factor, ok] of [[1.004, true], [1.006, false]] as const) {
      const t = firstGas();
      const r = t.invoices[0]!.data.meters.flatMap((m) => m.registers).find((x) => x.volume_m3)!;
      r.energy_kwh = String(Math.round(Number(r.volume_m3) * Number(r.z_number) * Number(r.calorific_value_kwh_per_m3) * factor));
      assert.equal(reasonsOf(t).review_reasons.includes('arithmetic_mismatch'), !ok, `factor ${factor}`);
    }
  });

  it('a register unit that does not fit what it measures leaves the value to a reviewer (kWh read as m³)', () => {
    const unconfirmed = (t: Truth) => reasonsOf(t).validation_summary.invoices[0]!.failures.find((f) => f.code === 'unconfirmed_value')?.fields ?? [];
    const gas = firstGas();
    const r = gas.invoices[0]!.data.meters.flatMap((m) => m.registers).find((x) => x.volume_m3)!;
    assert.ok(!unconfirmed(gas).includes(`${r.entity_ref}.consumption_unit`), 'the truth itself fits');
    r.consumption_value = r.energy_kwh ?? null;
    r.consumption_unit = 'm3';
    assert.ok(unconfirmed(gas).includes(`${r.entity_ref}.consumption_unit`), 'kWh figure under m³');
    const el = firstElectricity();
    const er = el.invoices[0]!.data.meters[0]!.registers[0]!;
    er.consumption_unit = 'm3';
    assert.equal(reasonsOf(el).machine_outcome, 'needs_review');
    assert.ok(unconfirmed(el).includes(`${er.entity_ref}.consumption_unit`), 'an electricity register in m³');
  });

  it('a MaLo with a valid check digit but a rival printed beside it is left to a reviewer', () => {
    const t = invoiceTruths.map(clone).find((x) => x.invoices[0]!.data.supply_points[0]!.malo_id)!;
    assert.ok(!reasonsOf(t).validation_summary.invoices[0]!.failures.some((f) => f.fields.includes('sp-1.malo_id')));
    const ev = evidenceFor(t).map((e) => (e.entity_ref === 'sp-1' && e.field === 'malo_id' ? { ...e, unconfirmed: 'another Marktlokation is printed (51238696781)' } : e));
    const r = reasonsOf(t, ev);
    assert.equal(r.machine_outcome, 'needs_review');
    assert.ok(r.validation_summary.invoices[0]!.failures.some((f) => f.code === 'unconfirmed_value' && f.fields.includes('sp-1.malo_id')));
  });

  it('one value read as two of the invoice\'s own numbers leaves both to a reviewer', () => {
    const t = firstElectricity();
    const id = t.invoices[0]!.data.identity;
    id.contract_number = id.customer_number;
    const failures = reasonsOf(t).validation_summary.invoices[0]!.failures;
    assert.ok(failures.some((f) => f.code === 'unconfirmed_value' && f.fields.includes('identity.contract_number') && f.fields.includes('identity.customer_number')));
  });

  it('a charge period outside the billing period, or a tariff valid outside it, is left to a reviewer', () => {
    const unconfirmed = (t: Truth) => reasonsOf(t).validation_summary.invoices[0]!.failures.find((f) => f.code === 'unconfirmed_value')?.fields ?? [];
    const t = invoiceTruths.map(clone).find((x) => x.invoices[0]!.data.charges.some((c) => c.period?.start) && x.invoices[0]!.data.identity.billing_period)!;
    const ch = t.invoices[0]!.data.charges.find((c) => c.period?.start)!;
    assert.ok(!unconfirmed(t).includes(`${ch.entity_ref}.period`));
    const year = Number(t.invoices[0]!.data.identity.billing_period!.start!.slice(0, 4));
    ch.period = { ...ch.period!, start: `${year - 2}${ch.period!.start!.slice(4)}` };
    assert.ok(unconfirmed(t).includes(`${ch.entity_ref}.period`), 'a period starting two years early');
    const tariff = clone(t).invoices[0]!.data.tariffs[0];
    if (tariff) {
      const u = clone(t);
      u.invoices[0]!.data.tariffs[0]!.valid_to = `${year - 3}-12-31`;
      assert.ok(unconfirmed(u).includes(`${tariff.entity_ref}.valid_to`), 'a tariff that ended years before');
    }
  });

  it('a field without evidence, or with evidence outside the invoice, is missing_evidence', () => {
    const t = firstElectricity();
    const ev = evidenceFor(t).filter((e) => !(e.entity_ref === 'settlement' && e.field === 'gross_total'));
    assert.deepEqual(reasonsOf(t, ev).review_reasons, ['missing_evidence']);
    const moved = evidenceFor(t).map((e) => (e.entity_ref === 'payment' && e.field === 'iban' ? { ...e, physical_page: 999 } : e));
    assert.deepEqual(reasonsOf(t, moved).review_reasons, ['missing_evidence']);
    const blank = evidenceFor(t).map((e) => (e.entity_ref === 'supplier' && e.field === 'name' ? { ...e, text: '  ' } : e));
    assert.deepEqual(reasonsOf(t, blank).review_reasons, ['missing_evidence']);
  });

  it('a missing required field is missing_required_field (and a credit needs no due date)', () => {
    for (const mutate of [
      (t: Truth) => (t.invoices[0]!.data.identity.invoice_number = null),
      (t: Truth) => (t.invoices[0]!.data.identity.billing_period = { start: '2025-01-01', end: null }),
      (t: Truth) => (t.invoices[0]!.data.customer.name = null),
      (t: Truth) => t.invoices[0]!.data.supply_points.forEach((sp) => ((sp.malo_id = null), (sp.melo_id = null))),
    ]) {
      const t = firstElectricity();
      mutate(t);
      assert.ok(reasonsOf(t).review_reasons.includes('missing_required_field'));
    }
    const credit = clone(invoiceTruths.find((t) => t.invoices[0]!.data.settlement.balance_direction === 'credit')!);
    credit.invoices[0]!.data.payment.due_date = null;
    assert.ok(!reasonsOf(credit).review_reasons.includes('missing_required_field'));
  });

  it('a name with the address run into it is invalid_value', () => {
    const t = firstElectricity();
    t.invoices[0]!.data.supplier.name = `${t.invoices[0]!.data.supplier.name}, Karlstraße 88, 89073 Ulm`;
    const r = reasonsOf(t);
    assert.deepEqual(r.review_reasons, ['invalid_value']);
    assert.equal(r.payload.invoices[0]!.data.field_quality['supplier.name'], 'invalid');
  });

  it('an impossible date is invalid_value', () => {
    const t = firstElectricity();
    t.invoices[0]!.data.identity.invoice_date = '2025-02-30';
    const r = reasonsOf(t);
    assert.ok(r.review_reasons.includes('invalid_value'));
    assert.equal(r.payload.invoices[0]!.data.field_quality['identity.invoice_date'], 'invalid');
  });

  it('a meter tied to no supply point blocks the handoff, and a review cannot clear it', () => {
    const t = firstElectricity();
    t.invoices[0]!.data.meters[0]!.supply_point_ref = 'sp-9';
    const r = reasonsOf(t);
    assert.equal(r.machine_outcome, 'needs_review');
    assert.deepEqual(r.handoff_review_reasons, ['ambiguous_supply_point_association']);
    assert.equal(r.handoff_status, 'blocked');
    assert.deepEqual(r.payload.invoices[0]!.review_reasons, ['ambiguous_supply_point_association']);
    // A reviewer "corrects" the reference: the association still stays in review.
    const corrected = clone(r.payload);
    corrected.invoices[0]!.data.meters[0]!.supply_point_ref = 'sp-1';
    const again = evaluateEnergyPayload(corrected, evidenceFor(corrected as Truth), [], { keepHandoffReasons: handoffReasonsByInvoice(r.payload) });
    assert.deepEqual(again.handoff_review_reasons, ['ambiguous_supply_point_association']);
    assert.equal(again.handoff_status, 'blocked');
  });

  it('a null supply_point_ref is ambiguous only when the invoice has more than one supply point', () => {
    const t = firstElectricity();
    t.invoices[0]!.data.consumption[0]!.supply_point_ref = null;
    const ev = evidenceFor(t);
    assert.equal(evaluateEnergyPayload(t, ev, []).machine_outcome, 'accepted');
    t.invoices[0]!.data.supply_points.push({ ...t.invoices[0]!.data.supply_points[0]!, entity_ref: 'sp-2' });
    assert.ok(reasonsOf(t).handoff_review_reasons.includes('ambiguous_supply_point_association'));
  });

  it('packet reasons: an unsplit packet is needs_review for every invoice; no invoices is unsupported', () => {
    const t = firstElectricity();
    const r = reasonsOf(t, undefined, ['multiple_invoices_unsplit']);
    assert.equal(r.machine_outcome, 'needs_review');
    assert.ok(r.payload.invoices.every((i) => i.review_reasons.includes('multiple_invoices_unsplit')));
    const empty = evaluateEnergyPayload({ packet: t.packet, invoices: [] }, [], []);
    assert.equal(empty.machine_outcome, 'unsupported');
    assert.deepEqual(empty.review_reasons, ['unsupported_document']);
  });

  it('a reviewer citation (match manual) makes the field reviewed', () => {
    const t = firstElectricity();
    const ev = evidenceFor(t).map((e) => (e.entity_ref === 'identity' && e.field === 'invoice_number' ? { ...e, match: 'manual' as const, field_status: 'reviewed' as const, reviewer_transcribed: true } : e));
    const r = evaluateEnergyPayload(t, ev, []);
    assert.equal(r.machine_outcome, 'accepted');
    assert.equal(r.payload.invoices[0]!.data.field_quality['identity.invoice_number'], 'reviewed');
  });

  it('a value the extractor could not settle is unconfirmed_value, unless a check or a reviewer confirms it', () => {
    const t = firstElectricity();
    const doubt = (ev: EnergyEvidence[], key: string, why = 'a competing candidate') => ev.map((e) => (`${e.entity_ref}.${e.field}` === key ? { ...e, unconfirmed: why } : e));
    const charge = t.invoices[0]!.data.charges.find((c) => c.description && c.quantity && c.unit_price)!;
    // An unchecked field (a charge description, a reading) in doubt blocks acceptance.
    const r = evaluateEnergyPayload(t, doubt(evidenceFor(t), `${charge.entity_ref}.description`, 'the line below may continue it'), []);
    assert.equal(r.machine_outcome, 'needs_review');
    assert.deepEqual(r.payload.invoices[0]!.review_reasons, ['unconfirmed_value']);
    const failure = r.validation_summary.invoices[0]!.failures.find((f) => f.code === 'unconfirmed_value')!;
    assert.deepEqual(failure.fields, [`${charge.entity_ref}.description`]);
    assert.match(failure.detail, /may continue/);
    // A doubt on a field a sum vouches for does not: the net total adds up, the charge lines add up.
    for (const key of ['settlement.net_total', `${charge.entity_ref}.net_amount`]) assert.equal(evaluateEnergyPayload(t, doubt(evidenceFor(t), key), []).machine_outcome, 'accepted', key);
    // A check digit only proves the form: a rival MaLo the extractor saw keeps it in doubt.
    assert.equal(evaluateEnergyPayload(t, doubt(evidenceFor(t), 'sp-1.malo_id'), []).machine_outcome, 'needs_review');
    // The register check confirms the readings' numbers, never their kind: a doubted reading stays in doubt.
    const reg = t.invoices[0]!.data.meters[0]?.registers[0];
    if (reg) assert.equal(evaluateEnergyPayload(t, doubt(evidenceFor(t), `${reg.entity_ref}.reading_end`, 'one kind for two readings'), []).machine_outcome, 'needs_review');
    // A reviewer's confirmation settles it.
    const reviewed = doubt(evidenceFor(t), `${charge.entity_ref}.description`).map((e) => (e.entity_ref === charge.entity_ref && e.field === 'description' ? { ...e, field_status: 'reviewed' as const } : e));
    assert.equal(evaluateEnergyPayload(t, reviewed, []).machine_outcome, 'accepted');
  });

  it('quantity × unit price = amount confirms a charge line’s quantity and price; a line that does not multiply out leaves them in doubt', () => {
    const t = firstElectricity();
    const charges = t.invoices[0]!.data.charges.filter((c) => c.quantity && c.unit_price && c.unit === 'kWh');
    assert.ok(charges.length > 0);
    const doubtAll = (ev: EnergyEvidence[]) => ev.map((e) => (e.entity_ref.startsWith('charge-') && ['quantity', 'unit', 'unit_price'].includes(e.field) ? { ...e, unconfirmed: 'not multiplied out' } : e));
    const r = evaluateEnergyPayload(t, doubtAll(evidenceFor(t)), []);
    const failed = r.validation_summary.invoices[0]!.failures.find((f) => f.code === 'unconfirmed_value')?.fields ?? [];
    for (const c of charges) assert.ok(!failed.includes(`${c.entity_ref}.quantity`), `${c.entity_ref} multiplies out`);
    const off = clone(t);
    const c0 = off.invoices[0]!.data.charges.find((c) => c.entity_ref === charges[0]!.entity_ref)!;
    c0.quantity = String(Number(c0.quantity) + 100);
    const r2 = evaluateEnergyPayload(off, doubtAll(evidenceFor(off)), []);
    assert.ok(r2.validation_summary.invoices[0]!.failures.some((f) => f.code === 'unconfirmed_value' && f.fields.includes(`${c0.entity_ref}.quantity`)));
  });

  it('the validation summary counts checks and lists failures with their fields', () => {
    const t = firstElectricity();
    t.invoices[0]!.data.settlement.gross_total = '1.00';
    const s = reasonsOf(t).validation_summary;
    assert.equal(s.invoice_count, t.invoices.length);
    const inv = s.invoices[0]!;
    assert.ok(inv.checks.run > 20 && inv.checks.failed >= 1 && inv.checks.passed === inv.checks.run - inv.checks.failed);
    assert.ok(inv.failures.some((f) => f.rule === 'net_plus_vat' && f.fields.includes('settlement.gross_total')));
  });
});

describe('energy validation policy: confirmation by construction (generated bills)', () => {
  /** A generated bill's truth as a payload with evidence for every field. */
  function generated(seed: number, spec: Spec) {
    const { truth } = generateDocument(seed, spec);
    const payload: EnergyPayload = { packet: truth.packet as EnergyPayload['packet'], invoices: truth.invoices };
    return { payload, evidence: () => evidenceFor(payload as Truth) };
  }
  const failuresOf = (payload: EnergyPayload, evidence: EnergyEvidence[]) => evaluateEnergyPayload(payload, evidence, []).validation_summary.invoices[0]!.failures;
  const unconfirmed = (payload: EnergyPayload, evidence: EnergyEvidence[]) => failuresOf(payload, evidence).find((f) => f.code === 'unconfirmed_value')?.fields ?? [];

  it('the table names a confirmation for every field of the contract, and generated truths are accepted through it', () => {
    for (const [seed, spec] of [[1201, { style: 'compact', commodity: 'gas' }], [1202, { style: 'mono', twoRegisters: true, priceChange: true }], [1203, { style: 'portal' }]] as Array<[number, Spec]>) {
      const { payload, evidence } = generated(seed, spec);
      for (const f of fieldsOf(payload.invoices[0]!.data)) assert.ok(confirmationOf(f.entity_ref, f.field), `${f.key} has a rule`);
      const r = evaluateEnergyPayload(payload, evidence(), []);
      assert.equal(r.machine_outcome, 'accepted', `${seed}: ${JSON.stringify(r.validation_summary.invoices[0]!.failures)}`);
    }
  });

  it('a field only a check may confirm is unconfirmed_value when no check passes (consumption not billed by any charge line)', () => {
    const { payload, evidence } = generated(1204, { style: 'compact' });
    const cons = payload.invoices[0]!.data.consumption[0]!;
    cons.quantity_kwh = String(Number(cons.quantity_kwh) + 7);
    assert.deepEqual(unconfirmed(payload, evidence()), ['cons-1.quantity_kwh']);
    assert.match(failuresOf(payload, evidence()).find((f) => f.code === 'unconfirmed_value')!.detail, /no check confirmed it \(consumption_billed\)/);
  });

  it('a consumption computed from the readings is confirmed by the billed consumption, never by the register check alone', () => {
    const { payload, evidence } = generated(1209, { style: 'compact' });
    const d = payload.invoices[0]!.data;
    const reg = d.meters[0]!.registers[0]!;
    const derived = (ev: EnergyEvidence[]) => ev.map((e) => (e.entity_ref === reg.entity_ref && e.field === 'consumption_value' ? { ...e, field_status: 'derived' as const } : e));
    assert.equal(evaluateEnergyPayload(payload, derived(evidence()), []).machine_outcome, 'accepted', 'billed as read');
    // Readings misread by the same offset on the end: the register still multiplies out, the bill does not.
    reg.reading_end = { ...reg.reading_end!, value: String(Number(reg.reading_end!.value) + 7) };
    reg.consumption_value = String(Number(reg.consumption_value) + 7);
    assert.ok(unconfirmed(payload, derived(evidence())).includes(`${reg.entity_ref}.consumption_value`));
    // A printed consumption that agrees with the readings is what the register check vouches for.
    assert.ok(!unconfirmed(payload, evidence()).includes(`${reg.entity_ref}.consumption_value`));
  });

  it('an advance plan is confirmed by its regularity: a missing month or an odd amount leaves it to review', () => {
    const { payload, evidence } = generated(1210, { style: 'compact' });
    const plan = payload.invoices[0]!.data.advance_plan;
    assert.ok(plan.length >= 3);
    assert.deepEqual(unconfirmed(payload, evidence()).filter((k) => k.startsWith('adv-')), []);
    const gap = structuredClone(payload);
    gap.invoices[0]!.data.advance_plan.splice(2, 1);
    assert.ok(unconfirmed(gap, evidenceFor(gap as Truth)).some((k) => /^adv-\d+\.due_date$/.test(k)));
    const odd = structuredClone(payload);
    odd.invoices[0]!.data.advance_plan[1]!.amount = '1' + odd.invoices[0]!.data.advance_plan[1]!.amount;
    assert.ok(unconfirmed(odd, evidenceFor(odd as Truth)).includes('adv-1.amount'));
  });

  it('a field the table does not know never stands unchecked', () => {
    const { payload, evidence } = generated(1205, { style: 'compact' });
    (payload.invoices[0]!.data.identity as unknown as Record<string, unknown>).print_run = 'A7';
    const ev = [...evidence(), { ...evidence()[0]!, field: 'print_run', text: 'A7' }];
    assert.ok(unconfirmed(payload, ev).includes('identity.print_run'));
  });

  it('a creditor id with a wrong mod-97 check is invalid_identifier', () => {
    const { payload, evidence } = generated(1206, { style: 'compact' });
    const p = payload.invoices[0]!.data.payment;
    p.payment_method = 'sepa_direct_debit';
    const good = `DE${String(98 - mod97('04711000123DE00')).padStart(2, '0')}ZZZ04711000123`;
    p.creditor_id = good.replace(/^DE(\d\d)/, (_, d: string) => `DE${String((Number(d) + 1) % 100).padStart(2, '0')}`);
    assert.ok(failuresOf(payload, evidence()).some((f) => f.rule === 'creditor_id' && f.code === 'invalid_identifier'));
    p.creditor_id = good;
    assert.ok(!failuresOf(payload, evidence()).some((f) => f.rule === 'creditor_id'));
  });

  it('dates that contradict each other leave both to a reviewer: a due date before the invoice date, a reading far outside the period', () => {
    const { payload, evidence } = generated(1207, { style: 'compact' });
    const d = payload.invoices[0]!.data;
    d.payment.due_date = '2001-01-01';
    d.payment.payment_method = 'transfer';
    assert.deepEqual(unconfirmed(payload, evidence()).filter((k) => /due_date|invoice_date/.test(k)).sort(), ['identity.invoice_date', 'payment.due_date']);
    const fresh = generated(1207, { style: 'compact' });
    const reg = fresh.payload.invoices[0]!.data.meters[0]!.registers[0]!;
    reg.reading_end = { ...reg.reading_end!, date: '2031-01-01' };
    assert.ok(unconfirmed(fresh.payload, fresh.evidence()).includes(`${reg.entity_ref}.reading_end`));
  });

  it('cross-field confirmations vouch for doubted spans: the transfer reference repeats the invoice number; a VAT row’s base is the sum of its lines', () => {
    const { payload, evidence } = generated(1208, { style: 'compact' });
    const d = payload.invoices[0]!.data;
    d.payment.payment_reference = d.identity.invoice_number;
    const doubt = (key: string) => evidence().map((e) => (`${e.entity_ref}.${e.field}` === key ? { ...e, unconfirmed: 'a rival reading' } : e));
    assert.ok(!unconfirmed(payload, doubt('identity.invoice_number')).includes('identity.invoice_number'));
    d.payment.payment_reference = 'X-1';
    assert.ok(unconfirmed(payload, doubt('identity.invoice_number')).includes('identity.invoice_number'));
    // A charge at a VAT rate no row covers stays unconfirmed; its net amount still adds up.
    d.charges[0]!.vat_rate = '7.00';
    assert.ok(unconfirmed(payload, evidence()).includes('charge-1.vat_rate'));
  });
});

describe('energy validation policy: span fields held against their format and the other fields (fifth pass)', () => {
  function generated(seed: number, spec: Spec) {
    const { truth } = generateDocument(seed, spec);
    const payload: EnergyPayload = { packet: truth.packet as EnergyPayload['packet'], invoices: truth.invoices };
    return { payload, data: payload.invoices[0]!.data, evidence: () => evidenceFor(payload as Truth) };
  }
  const unconfirmed = (payload: EnergyPayload, evidence: EnergyEvidence[]) => evaluateEnergyPayload(payload, evidence, []).validation_summary.invoices[0]!.failures.find((f) => f.code === 'unconfirmed_value')?.fields ?? [];

  it('a BIC stands only in its format and in its IBAN’s country, and never without an IBAN', () => {
    const { payload, data, evidence } = generated(1301, { style: 'compact' });
    assert.ok(data.payment.iban && data.payment.bic, 'the bill names an account');
    assert.ok(!unconfirmed(payload, evidence()).includes('payment.bic'));
    for (const bic of ['BKAUATWWXXX', 'COBADEF', 'COBA DE FF XXX1', 'Kasseler']) {
      data.payment.bic = bic;
      assert.ok(unconfirmed(payload, evidence()).includes('payment.bic'), bic);
    }
    data.payment.bic = 'COBADEFFXXX';
    assert.ok(!unconfirmed(payload, evidence()).includes('payment.bic'));
    data.payment.iban = null;
    assert.ok(unconfirmed(payload, evidence()).includes('payment.bic'), 'no IBAN to tie it to');
  });

  it('a mandate reference is a SEPA code: a word after the label, or more than 35 characters, is not one', () => {
    const { payload, data, evidence } = generated(1302, { style: 'compact' });
    data.payment.mandate_reference = 'M123456789';
    assert.ok(!unconfirmed(payload, evidence()).includes('payment.mandate_reference'));
    data.payment.mandate_reference = 'M12345 6789';
    assert.ok(!unconfirmed(payload, evidence()).includes('payment.mandate_reference'), 'spaces are SEPA characters');
    for (const bad of ['lautet', 'MR_2024_0001', `M${'1'.repeat(35)}`]) {
      data.payment.mandate_reference = bad;
      assert.ok(unconfirmed(payload, evidence()).includes('payment.mandate_reference'), bad);
    }
  });

  it('an OBIS code fits its commodity, its register label and its meter: HT 1.8.1, NT 1.8.2, medium 7 for gas, no code twice', () => {
    const { payload, data, evidence } = generated(1303, { style: 'mono', twoRegisters: true });
    const [ht, nt] = data.meters[0]!.registers;
    assert.deepEqual([ht!.label, ht!.obis_code, nt!.label, nt!.obis_code], ['HT', '1-0:1.8.1', 'NT', '1-0:1.8.2']);
    assert.ok(!unconfirmed(payload, evidence()).some((k) => k.endsWith('.obis_code')));
    // The next row's code read for this one: HT with the NT code, and the same code twice.
    ht!.obis_code = '1-0:1.8.2';
    assert.deepEqual(unconfirmed(payload, evidence()).filter((k) => k.endsWith('.obis_code')).sort(), [`${ht!.entity_ref}.obis_code`, `${nt!.entity_ref}.obis_code`]);
    ht!.obis_code = '7-0:3.0.0';
    assert.ok(unconfirmed(payload, evidence()).includes(`${ht!.entity_ref}.obis_code`), 'a gas code on an electricity register');
    ht!.obis_code = '1-0:1.8';
    assert.ok(unconfirmed(payload, evidence()).includes(`${ht!.entity_ref}.obis_code`), 'not A-B:C.D.E');
    const gas = generated(1304, { style: 'compact', commodity: 'gas' });
    const reg = gas.data.meters[0]!.registers[0]!;
    reg.obis_code = '7-0:3.0.0';
    assert.ok(!unconfirmed(gas.payload, gas.evidence()).includes(`${reg.entity_ref}.obis_code`));
    reg.obis_code = '1-0:1.8.0';
    assert.ok(unconfirmed(gas.payload, gas.evidence()).includes(`${reg.entity_ref}.obis_code`), 'an electricity code on a gas register');
  });

  it('a document type the bill contradicts is left to a reviewer: a final bill with further advances, a credit note asking for payment, an advance bill with readings', () => {
    const { payload, data, evidence } = generated(1307, { style: 'compact', kind: 'invoice' });
    assert.ok(data.advance_plan.length > 0 && data.meters[0]!.registers.length > 0);
    assert.ok(!unconfirmed(payload, evidence()).includes('identity.document_type'));
    for (const type of ['final_invoice', 'interim_invoice'] as const) {
      data.identity.document_type = type;
      assert.ok(unconfirmed(payload, evidence()).includes('identity.document_type'), type);
    }
    data.identity.document_type = 'credit_note';
    data.settlement.balance_direction = 'amount_due';
    assert.ok(unconfirmed(payload, evidence()).includes('identity.document_type'), 'credit note');
  });

  it('a service address lies in the postcode its metering point id carries', () => {
    const { payload, data, evidence } = generated(1308, { style: 'compact' });
    const sp = data.supply_points[0]!;
    assert.ok(sp.melo_id && sp.service_address, 'a MeLo and a supply address are printed');
    assert.ok(!unconfirmed(payload, evidence()).includes('sp-1.service_address'));
    sp.service_address = { ...sp.service_address!, postal_code: sp.service_address!.postal_code === '10117' ? '10119' : '10117' };
    assert.ok(unconfirmed(payload, evidence()).includes('sp-1.service_address'));
  });

  it('names: an operator name ends in its legal form; a customer name is no label, number or other party', () => {
    const { payload, data, evidence } = generated(1309, { style: 'compact' });
    const sp = data.supply_points[0]!;
    assert.ok(sp.network_operator_name && data.customer.name);
    assert.equal(unconfirmed(payload, evidence()).filter((k) => /operator_name|customer\.name/.test(k)).length, 0);
    sp.network_operator_name = sp.network_operator_name!.replace(/\s+\S+$/, '');
    assert.ok(unconfirmed(payload, evidence()).includes('sp-1.network_operator_name'), 'cut short');
    for (const bad of ['Kundennummer: 4711', data.supplier.name!]) {
      data.customer.name = bad;
      assert.ok(unconfirmed(payload, evidence()).includes('customer.name'), bad);
    }
  });

  it('the invoice date follows the billing period, within 180 days (advance bills aside)', () => {
    const { payload, data, evidence } = generated(1310, { style: 'compact', kind: 'invoice' });
    assert.ok(!unconfirmed(payload, evidence()).includes('identity.invoice_date'));
    data.identity.invoice_date = data.identity.billing_period!.start;
    data.payment.due_date = null;
    assert.ok(unconfirmed(payload, evidence()).includes('identity.invoice_date'), 'the period start read as the invoice date');
  });

  it('a tariff name that reads like a table header or a price is left to a reviewer', () => {
    const { payload, data, evidence } = generated(1311, { style: 'compact' });
    assert.ok(!unconfirmed(payload, evidence()).includes('tariff-1.name'));
    for (const ok of ['Strom Fix 24', 'Wärmestrom Zweitarif HT', 'Ökostrom Plus']) {
      data.tariffs[0]!.name = ok;
      assert.ok(!unconfirmed(payload, evidence()).includes('tariff-1.name'), ok);
    }
    for (const bad of ['Produkt gültig von gültig bis', 'Arbeitspreis netto', 'Strom Basis 01.01.2025', 'Heimstrom 32,15 ct']) {
      data.tariffs[0]!.name = bad;
      assert.ok(unconfirmed(payload, evidence()).includes('tariff-1.name'), bad);
    }
  });

  it('the bill’s own numbers are codes: a number running on into the next label’s word goes to review', () => {
    const { payload, data, evidence } = generated(1312, { style: 'compact' });
    assert.ok(!unconfirmed(payload, evidence()).some((k) => k.startsWith('identity.') || k.endsWith('.meter_number')));
    data.identity.customer_number = `${data.identity.customer_number} Vertrag 99887766`;
    data.meters[0]!.meter_number = `${data.meters[0]!.meter_number} Zählwerk`;
    const got = unconfirmed(payload, evidence());
    assert.ok(got.includes('identity.customer_number') && got.includes('meter-1.meter_number'), JSON.stringify(got));
  });

  it('a tax number has 10 to 13 digits in any state’s format', () => {
    const { payload, data, evidence } = generated(1306, { style: 'compact' });
    for (const ok of ['44/530/3560/1', '75 559 11092', '2893081508152']) {
      data.supplier.tax_number = ok;
      assert.ok(!unconfirmed(payload, evidence()).includes('supplier.tax_number'), ok);
    }
    for (const bad of ['44/530', 'DE324893395']) {
      data.supplier.tax_number = bad;
      assert.ok(unconfirmed(payload, evidence()).includes('supplier.tax_number'), bad);
    }
  });

  it('a charge category fits its line: fees per time, energy and levies per kWh, the tax of the commodity', () => {
    const { payload, data, evidence } = generated(1315, { style: 'compact' });
    assert.ok(!unconfirmed(payload, evidence()).some((k) => k.endsWith('.category')));
    const base = data.charges.find((c) => c.category === 'base_fee')!;
    const energy = data.charges.find((c) => c.category === 'energy')!;
    base.category = 'energy';
    energy.category = 'base_fee';
    const got = unconfirmed(payload, evidence());
    assert.ok(got.includes(`${base.entity_ref}.category`) && got.includes(`${energy.entity_ref}.category`), JSON.stringify(got));
  });

  it('HT and NT registers come as a pair in one meter', () => {
    const { payload, data, evidence } = generated(1313, { style: 'mono', twoRegisters: true });
    const [ht, nt] = data.meters[0]!.registers;
    assert.ok(!unconfirmed(payload, evidence()).some((k) => k.endsWith('.label')));
    nt!.label = 'HT';
    nt!.obis_code = null;
    assert.ok(unconfirmed(payload, evidence()).includes(`${ht!.entity_ref}.label`), 'HT twice');
    const single = generated(1314, { style: 'compact' });
    const reg = single.data.meters[0]!.registers[0]!;
    reg.label = 'HT';
    reg.obis_code = null;
    assert.ok(unconfirmed(single.payload, single.evidence()).includes(`${reg.entity_ref}.label`), 'an HT register alone');
  });

  it('a prior-year quantity equal to this period’s quantity is the current figure read again', () => {
    const { payload, data, evidence } = generated(1305, { style: 'compact' });
    const cons = data.consumption[0]!;
    assert.ok(cons.prior_year_quantity_kwh && cons.prior_year_quantity_kwh !== cons.quantity_kwh);
    assert.ok(!unconfirmed(payload, evidence()).includes('cons-1.prior_year_quantity_kwh'));
    cons.prior_year_quantity_kwh = cons.quantity_kwh;
    assert.ok(unconfirmed(payload, evidence()).includes('cons-1.prior_year_quantity_kwh'));
  });
});
