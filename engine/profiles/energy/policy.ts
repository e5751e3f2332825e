// The validation policy of `de.energy.supply-invoice` (contract "Checks the validation
// policy runs"; spec 2.8, 3 "Profile result outcomes"). Pure: a payload, its evidence and
// the packet-level findings in; per-invoice outcomes, reasons and field quality, the
// result-level outcome, handoff status and a validation summary out. Reviews call it again
// on the effective payload, so a corrected value is judged by exactly the same rules.
//
// The rule that matters most: an invoice is `accepted` only when every check that applies
// passed and every non-null field has evidence on the invoice's own pages. A check that
// cannot be evaluated (an operand is missing or unreadable) counts as failed.
import type { HandoffStatus } from '../../store/schema.js';
import type { EnergyEvidence, EnergyInvoice, EnergyPayload, FieldQuality, InvoiceData, MachineOutcome } from './payload.js';
import { creditorIdValid, ibanValid, maloValid, meteringPointIdValid, normalizeMeteringPointId, operatorCodeValid, vatIdValid } from './identifiers.js';
import { confirmationOf } from './confirmation.js';

export const ENERGY_POLICY_VERSION = 'energy-policy:2026-11-26.8';

/** Review reason codes (contract), plus `invalid_value` for a date or number that is not one. */
export type EnergyReasonCode =
  | 'missing_required_field'
  | 'invalid_identifier'
  | 'invalid_value'
  | 'arithmetic_mismatch'
  | 'missing_evidence'
  | 'unconfirmed_value'
  | 'ambiguous_supply_point_association'
  | 'multiple_invoices_unsplit'
  | 'unsupported_document';

/** Reasons a review cannot clear: they block the handoff until a new extraction. */
export const HANDOFF_REASONS: ReadonlySet<string> = new Set(['ambiguous_supply_point_association']);

export interface CheckFailure {
  rule: string;
  code: EnergyReasonCode;
  /** `<entity_ref>.<field>` keys the failure is about. */
  fields: string[];
  detail: string;
}

export interface InvoiceSummary {
  invoice_ref: string;
  outcome: MachineOutcome;
  review_reasons: string[];
  checks: { run: number; passed: number; failed: number };
  field_counts: Record<FieldQuality, number>;
  failures: CheckFailure[];
}

/** The `validation_summary` snapshot (spec 2.8); shape recorded in docs/decisions.md. */
export interface ValidationSummary {
  policy_version: string;
  schema_version: string;
  machine_outcome: MachineOutcome;
  invoice_count: number;
  packet_reasons: string[];
  invoices: InvoiceSummary[];
}

export interface EnergyEvaluation {
  /** The payload with `outcome`, `review_reasons` and `data.field_quality` written in. */
  payload: EnergyPayload;
  machine_outcome: MachineOutcome;
  review_reasons: string[];
  handoff_review_reasons: string[];
  warnings: string[];
  validation_summary: ValidationSummary;
  handoff_status: HandoffStatus;
}

export interface EvaluateOptions {
  /** Non-blocking notes to carry (e.g. the extractor's warnings). */
  warnings?: string[];
  /**
   * Handoff reasons of the machine result, by invoice_ref: a review re-evaluates the effective
   * payload but never clears them (spec 3: only a new extraction resolves the association).
   */
  keepHandoffReasons?: Record<string, string[]>;
}

const DECIMAL = /^-?\d+(?:\.\d+)?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isDate(v: string): boolean {
  const m = ISO_DATE.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!));
  return d.getUTCFullYear() === +m[1]! && d.getUTCMonth() === +m[2]! - 1 && d.getUTCDate() === +m[3]!;
}

/** Exact cents of a money string (null: absent or not a number). */
function cents(v: string | null | undefined): number | null {
  if (v == null || !DECIMAL.test(v)) return null;
  return Math.round(Number(v) * 100);
}

function num(v: string | null | undefined): number | null {
  return v == null || !DECIMAL.test(v) ? null : Number(v);
}

function decimalsOf(v: string): number {
  const i = v.indexOf('.');
  return i < 0 ? 0 : v.length - i - 1;
}

const eur = (c: number) => (c / 100).toFixed(2);

/** Entities of an invoice in payload order, each with its fields (entity_ref and registers are structure, not fields). */
function entitiesOf(data: InvoiceData): Array<{ ref: string; obj: Record<string, unknown> }> {
  const out: Array<{ ref: string; obj: Record<string, unknown> }> = [];
  const add = (o: { entity_ref: string } | null | undefined) => {
    if (o) out.push({ ref: o.entity_ref, obj: o as unknown as Record<string, unknown> });
  };
  add(data.identity);
  add(data.supplier);
  add(data.customer);
  data.supply_points.forEach(add);
  for (const m of data.meters) {
    add(m);
    m.registers.forEach(add);
  }
  data.tariffs.forEach(add);
  data.consumption.forEach(add);
  data.charges.forEach(add);
  data.taxes.forEach(add);
  add(data.settlement);
  add(data.payment);
  data.advance_plan.forEach(add);
  return out;
}

const STRUCTURE_KEYS = new Set(['entity_ref', 'registers']);

/** Every `<entity_ref>.<field>` key of an invoice with its value. */
export function fieldsOf(data: InvoiceData): Array<{ key: string; entity_ref: string; field: string; value: unknown }> {
  const out: Array<{ key: string; entity_ref: string; field: string; value: unknown }> = [];
  for (const { ref, obj } of entitiesOf(data)) {
    for (const [field, value] of Object.entries(obj)) {
      if (STRUCTURE_KEYS.has(field)) continue;
      out.push({ key: `${ref}.${field}`, entity_ref: ref, field, value });
    }
  }
  return out;
}

/** A value counts as present when it (or, for an object, any of its parts) is non-null. */
function present(v: unknown): boolean {
  if (v === null || v === undefined || v === '') return false;
  if (typeof v === 'object') return Object.values(v as Record<string, unknown>).some(present);
  return true;
}

/** Usable evidence: non-empty supporting text on a page of this invoice. */
function usableEvidence(ev: EnergyEvidence, inv: EnergyInvoice): boolean {
  if (!ev.text || !ev.text.trim()) return false;
  const { first, last } = inv.page_range ?? { first: 0, last: 0 };
  return Number.isInteger(ev.physical_page) && ev.physical_page >= first && ev.physical_page <= last;
}

class Checks {
  failures: CheckFailure[] = [];
  run = 0;
  invalid = new Set<string>();
  /** Fields a passing identifier or arithmetic check vouches for. */
  confirmed = new Set<string>();
  /** `confirms`: what a pass vouches for when it is less than `fields` (a reading's value, not its date or kind). */
  check(rule: string, code: EnergyReasonCode, ok: boolean, fields: string[], detail: () => string, confirms: string[] = fields): void {
    this.run++;
    if (ok) {
      if (code === 'invalid_identifier' || code === 'arithmetic_mismatch') for (const f of confirms) this.confirmed.add(f);
      return;
    }
    this.failures.push({ rule, code, fields, detail: detail() });
    if (code === 'invalid_identifier' || code === 'invalid_value') for (const f of fields) this.invalid.add(f);
  }
}

function checkRequired(data: InvoiceData, c: Checks): void {
  const req = (key: string, value: unknown) => c.check('required', 'missing_required_field', present(value), [key], () => `${key} is required`);
  req('identity.invoice_number', data.identity?.invoice_number);
  req('identity.invoice_date', data.identity?.invoice_date);
  const period = data.identity?.billing_period;
  c.check('required', 'missing_required_field', !!period?.start && !!period?.end, ['identity.billing_period'], () => 'identity.billing_period needs start and end');
  req('supplier.name', data.supplier?.name);
  req('customer.name', data.customer?.name);
  c.check('required', 'missing_required_field', data.supply_points.some((sp) => !!sp.malo_id || !!sp.melo_id), ['supply_points'], () => 'at least one supply point needs a malo_id or melo_id');
  req('settlement.gross_total', data.settlement?.gross_total);
  const creditBalance = data.settlement?.balance_direction === 'credit';
  c.check('required', 'missing_required_field', !!data.payment?.due_date || creditBalance, ['payment.due_date'], () => 'payment.due_date is required unless the balance is a credit');
}

function checkIdentifiers(data: InvoiceData, c: Checks): void {
  for (const sp of data.supply_points) {
    if (sp.malo_id) c.check('malo_id', 'invalid_identifier', maloValid(sp.malo_id), [`${sp.entity_ref}.malo_id`], () => `MaLo-ID ${sp.malo_id} fails the format or BDEW check digit`);
    if (sp.melo_id) c.check('melo_id', 'invalid_identifier', meteringPointIdValid(sp.melo_id), [`${sp.entity_ref}.melo_id`], () => `MeLo-ID ${sp.melo_id} is not DE + 6 digits + postcode + 20 characters`);
    if (sp.legacy_metering_point_id) {
      c.check('legacy_metering_point_id', 'invalid_identifier', meteringPointIdValid(sp.legacy_metering_point_id), [`${sp.entity_ref}.legacy_metering_point_id`], () => `Zählpunkt ${sp.legacy_metering_point_id} is not DE + 6 digits + postcode + 20 characters`);
    }
    if (sp.network_operator_code) c.check('operator_code', 'invalid_identifier', operatorCodeValid(sp.network_operator_code), [`${sp.entity_ref}.network_operator_code`], () => `operator code ${sp.network_operator_code} is not 13 digits with a valid check digit`);
  }
  if (data.payment?.iban) c.check('iban', 'invalid_identifier', ibanValid(data.payment.iban), ['payment.iban'], () => `IBAN ${data.payment.iban} fails ISO 13616 mod-97`);
  if (data.payment?.creditor_id) c.check('creditor_id', 'invalid_identifier', creditorIdValid(data.payment.creditor_id.replace(/\s/g, '').toUpperCase()), ['payment.creditor_id'], () => `creditor id ${data.payment.creditor_id} fails ISO 7064 mod-97`);
  if (data.supplier?.vat_id) c.check('vat_id', 'invalid_identifier', vatIdValid(data.supplier.vat_id), ['supplier.vat_id'], () => `VAT ID ${data.supplier.vat_id} is not DE + 9 digits with a valid check digit`);
}

const DATE_FIELDS = new Set(['invoice_date', 'valid_from', 'valid_to', 'due_date']);
const PERIOD_FIELDS = new Set(['billing_period', 'period']);
const READING_FIELDS = new Set(['reading_start', 'reading_end']);
const NUMBER_FIELDS = new Set([
  'energy_price_ct_per_kwh', 'base_price_eur', 'quantity_kwh', 'prior_year_quantity_kwh', 'quantity', 'unit_price', 'net_amount', 'vat_rate', 'rate', 'taxable_amount', 'tax_amount',
  'net_total', 'vat_total', 'gross_total', 'advance_payments_total', 'balance_amount', 'amount', 'multiplier', 'consumption_value', 'volume_m3', 'calorific_value_kwh_per_m3', 'z_number', 'energy_kwh',
]);

/** Party and operator names: a German postcode inside a name means the address ran into it. */
const NAME_FIELDS = new Set(['supplier.name', 'customer.name', 'network_operator_name', 'metering_operator_name']);
const POSTCODE_IN_NAME = /(?:^|[\s,])\d{5}(?:[\s,]|$)/;

/** Dates are real `YYYY-MM-DD` dates, numbers dot-decimal strings (contract "Shape"). */
function checkValueFormats(data: InvoiceData, c: Checks): void {
  for (const f of fieldsOf(data)) {
    if (f.value === null || f.value === undefined) continue;
    if ((NAME_FIELDS.has(f.key) || NAME_FIELDS.has(f.field)) && typeof f.value === 'string' && POSTCODE_IN_NAME.test(f.value)) {
      c.check('name_plausible', 'invalid_value', false, [f.key], () => `${f.key} contains a postcode: the address ran into the name (${JSON.stringify(f.value)})`);
      continue;
    }
    let ok = true;
    if (DATE_FIELDS.has(f.field)) ok = typeof f.value === 'string' && isDate(f.value);
    else if (PERIOD_FIELDS.has(f.field)) {
      const p = f.value as { start: string | null; end: string | null };
      ok = (p.start === null || isDate(p.start)) && (p.end === null || isDate(p.end)) && !(p.start && p.end && p.start > p.end);
    } else if (READING_FIELDS.has(f.field)) {
      const r = f.value as { date: string | null; value: string | null };
      ok = (r.date === null || isDate(r.date)) && (r.value === null || DECIMAL.test(r.value));
    } else if (NUMBER_FIELDS.has(f.field)) ok = typeof f.value === 'string' && DECIMAL.test(f.value);
    if (!ok) c.check('value_format', 'invalid_value', false, [f.key], () => `${f.key} is not a valid ${DATE_FIELDS.has(f.field) || PERIOD_FIELDS.has(f.field) ? 'date' : 'number'}: ${JSON.stringify(f.value)}`);
  }
}

/**
 * `printed(key)`: the value was read, not computed. A register's consumption computed from its
 * readings agrees with them by construction, so the register check vouches for it (and the
 * multiplier) only when the consumption was printed; else the billed consumption must.
 */
function checkArithmetic(data: InvoiceData, c: Checks, printed: (key: string) => boolean = () => true): void {
  const s = data.settlement;
  const net = cents(s?.net_total);
  const vat = cents(s?.vat_total);
  const gross = cents(s?.gross_total);

  // Σ charges.net_amount = settlement.net_total
  if (s?.net_total != null || data.charges.length) {
    const amounts = data.charges.map((ch) => cents(ch.net_amount));
    const sum = amounts.every((a) => a !== null) ? amounts.reduce<number>((a, b) => a + b!, 0) : null;
    c.check('charges_sum', 'arithmetic_mismatch', net !== null && sum !== null && data.charges.length > 0 && sum === net, ['settlement.net_total', ...data.charges.map((ch) => `${ch.entity_ref}.net_amount`)], () =>
      net === null || sum === null || !data.charges.length ? 'charge lines and net total cannot be compared (a value is missing)' : `charge lines sum to ${eur(sum)}, net total is ${eur(net)}`);
  }
  // Σ taxes(vat).tax_amount = settlement.vat_total
  const vatRows = data.taxes.filter((t) => t.tax_type === 'vat');
  if (s?.vat_total != null || vatRows.length) {
    const amounts = vatRows.map((t) => cents(t.tax_amount));
    const sum = amounts.every((a) => a !== null) ? amounts.reduce<number>((a, b) => a + b!, 0) : null;
    c.check('vat_sum', 'arithmetic_mismatch', vat !== null && sum !== null && vatRows.length > 0 && sum === vat, ['settlement.vat_total', ...vatRows.map((t) => `${t.entity_ref}.tax_amount`)], () =>
      vat === null || sum === null || !vatRows.length ? 'VAT rows and VAT total cannot be compared (a value is missing)' : `VAT rows sum to ${eur(sum)}, VAT total is ${eur(vat)}`);
  }
  // net + vat = gross
  if (s?.gross_total != null || s?.net_total != null || s?.vat_total != null) {
    c.check('net_plus_vat', 'arithmetic_mismatch', net !== null && vat !== null && gross !== null && net + vat === gross, ['settlement.net_total', 'settlement.vat_total', 'settlement.gross_total'], () =>
      net === null || vat === null || gross === null ? 'net, VAT and gross total cannot be compared (a value is missing)' : `${eur(net)} + ${eur(vat)} = ${eur(net + vat)}, gross total is ${eur(gross)}`);
  }
  // gross − advance_payments_total = ±balance (credit notes: a positive gross is a credit)
  if (s?.balance_amount != null || s?.balance_direction != null) {
    const adv = s.advance_payments_total == null ? 0 : cents(s.advance_payments_total);
    const bal = cents(s.balance_amount);
    let ok = gross !== null && adv !== null && bal !== null && s.balance_direction !== null;
    let detail = 'gross, advances and balance cannot be compared (a value is missing)';
    if (ok) {
      const diff = gross! - adv!;
      const creditNote = data.identity?.document_type === 'credit_note';
      const expectedDirection = diff === 0 ? s.balance_direction : (diff > 0) !== creditNote ? 'amount_due' : 'credit';
      ok = Math.abs(diff) === bal && expectedDirection === s.balance_direction;
      detail = `gross ${eur(gross!)} − advances ${eur(adv!)} = ${eur(diff)}, balance is ${eur(bal!)} (${s.balance_direction})`;
    }
    c.check('balance', 'arithmetic_mismatch', ok, ['settlement.gross_total', 'settlement.advance_payments_total', 'settlement.balance_amount', 'settlement.balance_direction'], () => detail);
  }
  // each tax row: tax_amount ≈ taxable_amount × rate (±0.01 EUR); VAT rates are percent, energy taxes ct/kWh
  for (const t of data.taxes) {
    const rate = num(t.rate);
    const base = num(t.taxable_amount);
    const amount = num(t.tax_amount);
    const expected = rate !== null && base !== null ? (base * rate) / 100 : null;
    c.check('tax_row', 'arithmetic_mismatch', expected !== null && amount !== null && Math.abs(expected - amount) <= 0.01 + 1e-9, [`${t.entity_ref}.rate`, `${t.entity_ref}.taxable_amount`, `${t.entity_ref}.tax_amount`], () =>
      expected === null || amount === null ? `${t.entity_ref} cannot be checked (a value is missing)` : `${t.entity_ref}: ${t.taxable_amount} × ${t.rate} / 100 = ${expected.toFixed(4)}, tax amount is ${t.tax_amount}`);
  }
  for (const m of data.meters) {
    for (const r of m.registers) {
      // register consumption = (end − start) × multiplier, within the printed precision
      if (r.consumption_value != null || r.reading_start?.value != null || r.reading_end?.value != null) {
        const start = num(r.reading_start?.value);
        const end = num(r.reading_end?.value);
        const mult = r.multiplier == null ? 1 : num(r.multiplier);
        const value = num(r.consumption_value);
        const expected = start !== null && end !== null && mult !== null ? (end - start) * mult : null;
        const tolerance = value === null ? 0 : 0.5 * 10 ** -decimalsOf(r.consumption_value!) + 1e-9;
        c.check('register_consumption', 'arithmetic_mismatch', expected !== null && value !== null && Math.abs(expected - value) <= tolerance, [`${r.entity_ref}.reading_start`, `${r.entity_ref}.reading_end`, `${r.entity_ref}.multiplier`, `${r.entity_ref}.consumption_value`], () =>
          expected === null || value === null ? `${r.entity_ref}: readings and consumption cannot be compared (a value is missing)` : `${r.entity_ref}: (${r.reading_end?.value} − ${r.reading_start?.value}) × ${r.multiplier ?? 1} = ${expected}, consumption is ${r.consumption_value}`,
          printed(`${r.entity_ref}.consumption_value`) ? [`${r.entity_ref}.multiplier`, `${r.entity_ref}.consumption_value`] : []);
      }
      // gas: energy_kwh ≈ volume_m3 × z_number × calorific_value (±0.5 %)
      const gas = [r.volume_m3, r.z_number, r.calorific_value_kwh_per_m3, r.energy_kwh];
      if (gas.some((v) => v != null)) {
        const [vol, z, cal, kwh] = gas.map(num);
        const expected = vol != null && z != null && cal != null ? vol * z * cal : null;
        c.check('gas_conversion', 'arithmetic_mismatch', expected !== null && kwh != null && Math.abs(expected - kwh) <= 0.005 * Math.abs(expected) + 1e-9, ['volume_m3', 'z_number', 'calorific_value_kwh_per_m3', 'energy_kwh'].map((f) => `${r.entity_ref}.${f}`), () =>
          expected === null || kwh == null ? `${r.entity_ref}: gas conversion cannot be checked (a value is missing)` : `${r.entity_ref}: ${r.volume_m3} m³ × ${r.z_number} × ${r.calorific_value_kwh_per_m3} = ${expected.toFixed(1)} kWh, printed ${r.energy_kwh}`);
      }
    }
  }
}

/**
 * A charge line whose quantity × unit price gives its amount (per kWh or m³; a day count at a
 * yearly or monthly price) vouches for its quantity, unit and price. Confirm-only: bills round
 * per day or per price period, so a line that does not multiply out is not an error, it just
 * leaves those fields to their spans.
 */
function confirmChargeLines(data: InvoiceData, c: Checks): void {
  for (const ch of data.charges) {
    const q = num(ch.quantity);
    const p = num(ch.unit_price);
    const net = num(ch.net_amount);
    if (q === null || p === null || net === null) continue;
    const products = ch.unit === 'day' ? [(q * p) / 365, (q * p) / 366, q * p] : ch.unit === 'month' ? [(q * p) / 12, q * p] : [q * p];
    const tolerance = Math.max(0.011, Math.abs(net) * 0.001);
    if (products.some((x) => Math.abs(Math.abs(x) - Math.abs(net)) <= tolerance)) for (const f of ['quantity', 'unit', 'unit_price']) c.confirmed.add(`${ch.entity_ref}.${f}`);
  }
}

/**
 * A price of the tariff table is confirmed by a charge line that bills at it: the energy
 * price (ct/kWh) as a kWh line's unit price, the base price as a pro-rated line's yearly price.
 * A charge line's VAT rate is confirmed by the invoice's single VAT row.
 */
function confirmTariffPrices(data: InvoiceData, c: Checks): void {
  // One VAT row that adds up (tax_row passed) confirms the rate of every charge line billed at it.
  const vat = data.taxes.filter((t) => t.tax_type === 'vat');
  if (vat.length === 1 && c.confirmed.has(`${vat[0]!.entity_ref}.rate`)) {
    for (const ch of data.charges) if (num(ch.vat_rate) !== null && num(ch.vat_rate) === num(vat[0]!.rate)) c.confirmed.add(`${ch.entity_ref}.vat_rate`);
  }
  for (const t of data.tariffs) {
    const ct = num(t.energy_price_ct_per_kwh);
    const base = num(t.base_price_eur);
    if (ct !== null && data.charges.some((ch) => ch.unit === 'kWh' && num(ch.unit_price) !== null && Math.abs(num(ch.unit_price)! * 100 - ct) < 1e-6)) c.confirmed.add(`${t.entity_ref}.energy_price_ct_per_kwh`);
    if (base !== null && data.charges.some((ch) => (ch.unit === 'day' || ch.unit === 'month') && num(ch.unit_price) !== null && Math.abs(num(ch.unit_price)! - base) < 0.005)) c.confirmed.add(`${t.entity_ref}.base_price_eur`);
  }
}

/**
 * Cross-field confirmations (confirm-only): the consumption billed by the charge lines, the
 * billing period spanned by the charge periods, a transfer reference that repeats the invoice
 * number, and a charge's VAT rate by the VAT row whose base its lines add up to.
 */
function confirmCrossFields(data: InvoiceData, c: Checks): void {
  for (const cons of data.consumption) {
    const q = num(cons.quantity_kwh);
    if (q === null) continue;
    const regs = data.meters.flatMap((m) => m.registers);
    const kwhLines = data.charges.filter((ch) => ch.unit === 'kWh' && num(ch.quantity) !== null);
    const energy = kwhLines.filter((ch) => ch.category === 'energy').reduce((a, ch) => a + num(ch.quantity)!, 0);
    // Gas: the converted energy of every register (each passed its conversion check) adds up to it.
    const gas = regs.length > 0 && regs.every((r) => r.energy_kwh != null && c.confirmed.has(`${r.entity_ref}.energy_kwh`)) && Math.abs(regs.reduce((a, r) => a + num(r.energy_kwh)!, 0) - q) < 0.5;
    if (gas || kwhLines.some((ch) => Math.abs(num(ch.quantity)! - q) < 0.5) || (energy > 0 && Math.abs(energy - q) < 0.5)) {
      c.confirmed.add(`${cons.entity_ref}.quantity_kwh`);
      // Its registers' consumption, and so the readings' difference times the multiplier, is billed as printed.
      if (!gas && regs.length && Math.abs(regs.reduce((a, r) => a + (num(r.consumption_value) ?? NaN), 0) - q) < 0.5) for (const r of regs) for (const f of ['consumption_value', 'multiplier']) c.confirmed.add(`${r.entity_ref}.${f}`);
    }
  }
  // Gas: the volume of a conversion that checks out is the register's consumption.
  for (const r of data.meters.flatMap((m) => m.registers)) {
    if (c.confirmed.has(`${r.entity_ref}.volume_m3`) && num(r.volume_m3) !== null && num(r.volume_m3) === num(r.consumption_value)) for (const f of ['consumption_value', 'multiplier']) c.confirmed.add(`${r.entity_ref}.${f}`);
  }
  // An advance plan is a regular series: equal amounts on dates a month (or a fixed number of
  // months) apart; a misread digit breaks it, so a regular plan confirms its rows.
  const plan = data.advance_plan;
  if (plan.length >= 2) {
    const months = plan.map((a) => (isDate(a.due_date ?? '') ? Number(a.due_date!.slice(0, 4)) * 12 + Number(a.due_date!.slice(5, 7)) : NaN));
    const step = months[1]! - months[0]!;
    const dayOk = plan.every((a) => a.due_date!.slice(8) === plan[0]!.due_date!.slice(8) || Number(a.due_date!.slice(8)) >= 28);
    if (step > 0 && months.every((m, i) => i === 0 || m - months[i - 1]! === step) && dayOk) for (const a of plan) c.confirmed.add(`${a.entity_ref}.due_date`);
    if (plan.every((a) => cents(a.amount) !== null && cents(a.amount) === cents(plan[0]!.amount))) for (const a of plan) c.confirmed.add(`${a.entity_ref}.amount`);
  }
  const period = data.identity?.billing_period;
  const periods = data.charges.map((ch) => ch.period).filter((p): p is { start: string; end: string } => !!p?.start && !!p?.end);
  if (period?.start && period.end && periods.length && periods.map((p) => p.start).sort()[0] === period.start && periods.map((p) => p.end).sort().at(-1) === period.end) c.confirmed.add('identity.billing_period');
  const ref = data.payment?.payment_reference;
  if (ref && data.identity?.invoice_number && ref.replace(/[\s./-]/g, '') === data.identity.invoice_number.replace(/[\s./-]/g, '')) {
    c.confirmed.add('payment.payment_reference');
    c.confirmed.add('identity.invoice_number');
  }
  for (const t of data.taxes.filter((x) => x.tax_type === 'vat')) {
    const base = cents(t.taxable_amount);
    if (base === null || !c.confirmed.has(`${t.entity_ref}.rate`)) continue;
    const at = data.charges.filter((ch) => num(ch.vat_rate) !== null && num(ch.vat_rate) === num(t.rate));
    if (at.length && at.reduce((a, ch) => a + (cents(ch.net_amount) ?? NaN), 0) === base) for (const ch of at) c.confirmed.add(`${ch.entity_ref}.vat_rate`);
  }
}

/** Checks that vouch for an identifier's form only (check digits), not for its choice among rivals. */
const FORMAT_CHECKS = new Set(['malo_id', 'vat_id', 'iban', 'creditor_id', 'operator_code']);

const DAY = 86_400_000;
const dayOf = (v: string | null | undefined) => (v && isDate(v) ? Date.parse(`${v}T00:00:00Z`) / DAY : null);

/**
 * Dates that contradict each other leave both to a reviewer (each may be the misread one): a
 * due date before the invoice date or more than 120 days after it, a reading dated far outside
 * the billing period (45 days either side).
 */
function implausibleDates(data: InvoiceData): Map<string, string> {
  const out = new Map<string, string>();
  const inv = dayOf(data.identity?.invoice_date);
  const due = dayOf(data.payment?.due_date);
  if (inv !== null && due !== null && (due < inv || due - inv > 120)) {
    const why = `due date ${data.payment.due_date} and invoice date ${data.identity.invoice_date} do not fit together`;
    out.set('payment.due_date', why);
    out.set('identity.invoice_date', why);
  }
  const start = dayOf(data.identity?.billing_period?.start);
  const end = dayOf(data.identity?.billing_period?.end);
  if (start !== null && end !== null) {
    // A charge's or consumption row's period lies inside the billing period (a day's slack for
    // inclusive ends); a tariff is valid for some of it. A date read from the wrong column fails.
    const rows: Array<[string, { start: string | null; end: string | null } | null]> = [...data.charges.map((ch) => [`${ch.entity_ref}.period`, ch.period] as [string, typeof ch.period]), ...data.consumption.map((co) => [`${co.entity_ref}.period`, co.period] as [string, typeof co.period])];
    for (const [key, p] of rows) {
      const a = dayOf(p?.start);
      const b = dayOf(p?.end);
      if ((a !== null && (a < start - 1 || a > end)) || (b !== null && (b < start || b > end + 1)) || (a !== null && b !== null && a > b)) out.set(key, `${p!.start} – ${p!.end} is not inside the billing period ${data.identity.billing_period!.start} – ${data.identity.billing_period!.end}`);
    }
    for (const t of data.tariffs) {
      const a = dayOf(t.valid_from);
      const b = dayOf(t.valid_to);
      if ((a !== null && a > end + 1) || (b !== null && b < start - 1) || (a !== null && b !== null && a > b)) {
        const why = `a tariff valid ${t.valid_from ?? '…'} – ${t.valid_to ?? '…'} does not overlap the billing period`;
        if (a !== null) out.set(`${t.entity_ref}.valid_from`, why);
        if (b !== null) out.set(`${t.entity_ref}.valid_to`, why);
      }
    }
    for (const m of data.meters) {
      for (const r of m.registers) {
        for (const k of ['reading_start', 'reading_end'] as const) {
          const d = dayOf(r[k]?.date);
          if (d !== null && (d < start - 45 || d > end + 45)) out.set(`${r.entity_ref}.${k}`, `a reading dated ${r[k]!.date}, far outside the billing period`);
        }
      }
    }
  }
  return out;
}

/**
 * A register's unit must fit what it measures, or the value is read in the wrong unit (a gas
 * register's kWh figure taken for its m³): electricity counts kWh; a gas register's consumption
 * in m³ is its converted volume, in kWh its converted energy.
 */
function implausibleUnits(data: InvoiceData, out: Map<string, string>): void {
  const commodities = new Set(data.supply_points.map((sp) => sp.commodity).filter(Boolean));
  for (const r of data.meters.flatMap((m) => m.registers)) {
    if (!r.consumption_unit) continue;
    const value = num(r.consumption_value);
    const gasAs = r.consumption_unit === 'm3' ? num(r.volume_m3) : num(r.energy_kwh);
    const why =
      commodities.size === 1 && commodities.has('electricity') && r.consumption_unit !== 'kWh' ? `an electricity register counted in ${r.consumption_unit}`
      : value !== null && gasAs !== null && Math.abs(value - gasAs) > 0.5 ? `${r.consumption_value} ${r.consumption_unit} is not the register's ${r.consumption_unit === 'm3' ? 'volume' : 'energy'} (${r.consumption_unit === 'm3' ? r.volume_m3 : r.energy_kwh})`
      : null;
    if (why) {
      out.set(`${r.entity_ref}.consumption_unit`, why);
      out.set(`${r.entity_ref}.consumption_value`, why);
    }
  }
}

/**
 * The invoice's own numbers name different things: one value read into two of them (a customer
 * number also taken as the contract number, the invoice number as the contract account) is
 * wrong in at least one, and a label alone cannot tell which.
 */
function implausibleIdentifiers(data: InvoiceData, out: Map<string, string>): void {
  const keys = ['invoice_number', 'customer_number', 'contract_account', 'contract_number'] as const;
  const compact = (v: string | null | undefined) => (v ? v.replace(/[\s./-]/g, '').toUpperCase() : null);
  for (let i = 0; i < keys.length; i++) {
    for (let j = i + 1; j < keys.length; j++) {
      const a = compact(data.identity?.[keys[i]!]);
      if (a && a === compact(data.identity?.[keys[j]!])) {
        const why = `${keys[i]} and ${keys[j]} read the same value ${data.identity[keys[i]!]}`;
        out.set(`identity.${keys[i]}`, why);
        out.set(`identity.${keys[j]}`, why);
      }
    }
  }
}

const ENDS_IN_LEGAL_FORM = /(?:\bGmbH(?: & Co\.? KG)?|\bmbH|\bAG|\beG|\bSE|\bKG|\bKGaA|\bAöR|\bOHG|\bGbR|\be\.\s?V\.|\bUG(?: \(haftungsbeschränkt\))?)$/;
const TARIFF_HEADER = /(?<!\p{L})(?:gültig|netto|brutto|zeitraum|arbeitspreis|grundpreis|verbrauchspreis|produkt|tarifbezeichnung|bezeichnung|preise?)(?!\p{L})/iu;
const PER_TIME = new Set(['day', 'month', 'year']);
const BIC = /^[A-Z]{4}([A-Z]{2})[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/;
const OBIS = /^(\d{1,2})-(\d{1,2}):(\d{1,2})\.(\d{1,2})\.(\d{1,2})$/;
/** SEPA mandate reference: up to 35 characters of the SEPA character set. */
const MANDATE = /^[A-Za-z0-9+?/\-:().,' ]{1,35}$/;
/** "Amtsgericht Frankfurt am Main HRB 12345", "Amtsgericht Charlottenburg HRB 201874 B" (mass print in capitals): court, register type, number. */
const REGISTER = /^(?:Amtsgericht|AMTSGERICHT) \p{Lu}[\p{L}.-]*(?: (?:\p{Lu}[\p{L}.-]*|\(\p{Lu}\p{L}*\)|am|an|im|in|der|a\.|i\.))* (?:HRA|HRB|GnR|GNR|PR|VR) \d{1,6}(?: ?[A-Z])?$/u;

/**
 * A customer name that names no one (eighth pass): a salutation alone ("Herrn", "Firma"), a
 * recipient in care of ("c/o …", "z. Hd. …"), a department or mail-room line ("Abteilung
 * Rechnungseingang", "Kreditorenbuchhaltung", "Postfach"), or a street ("Lindenstraße").
 */
const NOT_A_CUSTOMER = /^(?:(?:herrn?|frau|firma|familie|eheleute|herrn? und frau|damen und herren)\.?$|(?:c\/o|z\.\s?(?:hd|h)\.|zu händen)\s|(?:abt\.|abteilung|buchhaltung|kreditorenbuchhaltung|rechnungseingang|rechnungsprüfung|posteingang|einkauf|postfach)(?:\s|$))|\s(?:c\/o|z\.\s?hd\.)\s|(?:straße|strasse|str\.|allee|gasse|chaussee)$/iu;

/**
 * Span fields that no sum ties down, each held against what its own format and the invoice's
 * other fields say (fifth pass, docs/decisions.md): a value these contradict was read from the
 * wrong place or cut short, and a reviewer decides.
 * - BIC: 8 or 11 characters; its country (characters 5–6) is the IBAN's; without an IBAN
 *   nothing ties it to the payment, so it is not accepted on its label alone.
 * - Mandate reference: SEPA characters, at most 35, and a code, not a word (a digit in it):
 *   "Mandatsreferenz lautet …" must not yield "lautet".
 * - OBIS code: A-B:C.D.E; medium A is 1 for electricity, 7 for gas; an electricity energy
 *   register (C 1 or 2, D 8) labelled HT counts tariff 1, NT tariff 2, a single register not 2;
 *   two registers of one meter never share a code (the next row's code read for this one).
 * - Register labels: HT and NT come as a pair in one meter, and no label twice (a tariff
 *   name "… HT" above a single register's row is not its label).
 * - Charge category against the line: a base or metering fee is not billed per kWh; energy,
 *   levies, taxes and the CO2 price are not billed per day, month or year; electricity tax is
 *   no gas bill's and energy tax no electricity bill's.
 * - Prior-year quantity: the current quantity read again under the prior-year label is not it.
 * - Tax number (Steuernummer): 10 to 13 digits in every state's format; fewer is a number cut short.
 * - Supply address: a metering point id (MeLo, Zählpunkt) carries the postcode of its supply
 *   point (characters 9–13); a service address in another postcode is another address (the
 *   customer's billing address read as the supply point's).
 * - Operator names end in their legal form (GmbH, mbH, AG, KG …): a name without one was cut
 *   short or ran into the next words. A customer name holds no digits or label colon and is not
 *   the supplier's or an operator's name.
 * - The invoice date follows the billing period (an advance bill aside), within 180 days: a date
 *   read from another label (a reading, a contract start) does not.
 * - The bill's own numbers (invoice, customer, contract account, contract, meter) are codes: a
 *   lower-case word in one ("12345 Vertrag 99887766") means it ran on into the next label.
 * - A tariff name is a product's name, not a table header or a price: header words ("gültig",
 *   "Arbeitspreis", "netto"), a date or an amount in it mean the row was read from the wrong cell.
 * - Commercial register: the court ("Amtsgericht …", capitalised words), a register type of
 *   HRA, HRB, GnR, PR, VR and a number of up to six digits: anything else was misread.
 * - Document type against the bill's content: a final bill plans no further advances, a credit
 *   note asks for no payment, an advance (interim) bill reads no meter.
 */
function implausibleSpans(data: InvoiceData, out: Map<string, string>): void {
  const p = data.payment;
  if (p?.bic) {
    const bic = BIC.exec(p.bic.replace(/\s/g, '').toUpperCase());
    const iban = p.iban ? p.iban.replace(/\s/g, '').toUpperCase() : null;
    const why = !bic ? `${p.bic} is not a BIC (8 or 11 characters: bank, country, location, branch)`
      : !iban ? 'a BIC without the IBAN it belongs to'
      : bic[1] !== iban.slice(0, 2) ? `BIC ${p.bic} names country ${bic[1]}, the IBAN ${iban.slice(0, 2)}`
      : null;
    if (why) out.set('payment.bic', why);
  }
  const register = data.supplier?.commercial_register;
  if (register && !REGISTER.test(register.trim())) out.set('supplier.commercial_register', `"${register}" is not a register entry (Amtsgericht <court> HRA/HRB/GnR/PR/VR <number>): its court or type is unreadable`);
  if (p?.mandate_reference && (!MANDATE.test(p.mandate_reference) || !/\d/.test(p.mandate_reference))) out.set('payment.mandate_reference', `"${p.mandate_reference}" is not a SEPA mandate reference (a code of at most 35 SEPA characters)`);
  const commodities = new Set(data.supply_points.map((sp) => sp.commodity).filter(Boolean));
  const commodity = commodities.size === 1 ? [...commodities][0] : null;
  for (const m of data.meters) {
    const seen = new Map<string, string>();
    for (const r of m.registers) {
      if (!r.obis_code) continue;
      const key = `${r.entity_ref}.obis_code`;
      const o = OBIS.exec(r.obis_code.trim());
      const energyRegister = o && (o[3] === '1' || o[3] === '2') && o[4] === '8';
      const why = !o ? `${r.obis_code} is not an OBIS code (A-B:C.D.E)`
        : commodity === 'electricity' && o[1] !== '1' ? `an electricity register with the medium-${o[1]} OBIS code ${r.obis_code}`
        : commodity === 'gas' && o[1] !== '7' ? `a gas register with the medium-${o[1]} OBIS code ${r.obis_code}`
        : energyRegister && r.label === 'HT' && o[5] !== '1' ? `an HT register with the tariff-${o[5]} OBIS code ${r.obis_code}`
        : energyRegister && r.label === 'NT' && o[5] !== '2' ? `an NT register with the tariff-${o[5]} OBIS code ${r.obis_code}`
        : energyRegister && r.label === 'single' && o[5] === '2' ? `a single register with the NT OBIS code ${r.obis_code}`
        : null;
      if (why) out.set(key, why);
      const twin = seen.get(r.obis_code.trim());
      if (twin) {
        const same = `two registers of ${m.entity_ref} read the OBIS code ${r.obis_code}`;
        out.set(key, same);
        out.set(twin, same);
      }
      seen.set(r.obis_code.trim(), key);
    }
  }
  for (const sp of data.supply_points) {
    const code = sp.service_address?.postal_code;
    const ids = [sp.melo_id, sp.legacy_metering_point_id].filter((v): v is string => !!v && meteringPointIdValid(v)).map(normalizeMeteringPointId);
    const other = code ? ids.find((id) => id.slice(8, 13) !== code) : undefined;
    if (other) out.set(`${sp.entity_ref}.service_address`, `the metering point ${other} lies in postcode ${other.slice(8, 13)}, the service address in ${code}`);
  }
  const companies = new Set<string>();
  for (const sp of data.supply_points) {
    for (const k of ['network_operator_name', 'metering_operator_name'] as const) {
      const name = sp[k];
      if (!name) continue;
      companies.add(name.toLowerCase());
      if (!ENDS_IN_LEGAL_FORM.test(name.trim())) out.set(`${sp.entity_ref}.${k}`, `"${name}" does not end in a legal form: cut short or run on`);
    }
  }
  if (data.supplier?.name) companies.add(data.supplier.name.toLowerCase());
  const customer = data.customer?.name;
  if (customer && (/\d|:/.test(customer) || companies.has(customer.toLowerCase()))) out.set('customer.name', `"${customer}" is not the customer's name (a digit, a label, or another party's name)`);
  else if (customer && NOT_A_CUSTOMER.test(customer.trim())) out.set('customer.name', `"${customer}" is a salutation, a department, a c/o line or a street, not the customer's name`);
  const issued = dayOf(data.identity?.invoice_date);
  const periodEnd = dayOf(data.identity?.billing_period?.end);
  if (issued !== null && periodEnd !== null && data.identity.document_type !== 'interim_invoice' && (issued < periodEnd || issued - periodEnd > 180)) {
    out.set('identity.invoice_date', `an invoice dated ${data.identity.invoice_date} for a period ending ${data.identity.billing_period!.end}`);
  }
  const codes: Array<[string, string | null | undefined]> = [
    ...(['invoice_number', 'customer_number', 'contract_account', 'contract_number'] as const).map((k) => [`identity.${k}`, data.identity?.[k]] as [string, string | null]),
    ...data.meters.map((m) => [`${m.entity_ref}.meter_number`, m.meter_number] as [string, string | null]),
  ];
  for (const [key, v] of codes) if (v && /\p{Ll}{3,}/u.test(v)) out.set(key, `"${v}" holds a word: the number ran on into the next label`);
  for (const t of data.tariffs) {
    if (t.name && (TARIFF_HEADER.test(t.name) || /\d{1,2}\.\d{1,2}\.\d{2,4}|\d,\d{2}|€|ct\b/i.test(t.name))) out.set(`${t.entity_ref}.name`, `"${t.name}" reads like a table header or a price, not a tariff's name`);
  }
  const type = data.identity?.document_type;
  const typeWhy = type === 'final_invoice' && data.advance_plan.length ? 'a final bill with a plan of further advances'
    : type === 'credit_note' && data.settlement?.balance_direction === 'amount_due' ? 'a credit note asking for a payment'
    : type === 'interim_invoice' && data.meters.some((m) => m.registers.some((r) => r.reading_end?.value != null)) ? 'an advance bill with meter readings'
    : null;
  if (typeWhy) out.set('identity.document_type', typeWhy);
  const taxNumber = data.supplier?.tax_number;
  if (taxNumber && !/^\d{10,13}$/.test(taxNumber.replace(/[\s/]/g, ''))) out.set('supplier.tax_number', `${taxNumber} is not a tax number (10 to 13 digits)`);
  for (const ch of data.charges) {
    const cat = ch.category;
    const why = (cat === 'base_fee' || cat === 'metering') && ch.unit === 'kWh' ? `a ${cat} line billed per kWh`
      : (cat === 'energy' || cat === 'levy' || cat === 'electricity_tax' || cat === 'energy_tax' || cat === 'co2') && ch.unit && PER_TIME.has(ch.unit) ? `a ${cat} line billed per ${ch.unit}`
      : (cat === 'electricity_tax' && commodity === 'gas') || (cat === 'energy_tax' && commodity === 'electricity') ? `${cat} on a ${commodity} bill`
      : null;
    if (why) out.set(`${ch.entity_ref}.category`, why);
  }
  for (const m of data.meters) {
    const labels = m.registers.map((r) => r.label);
    for (const r of m.registers) {
      if (r.label !== 'HT' && r.label !== 'NT') continue;
      const pair = r.label === 'HT' ? 'NT' : 'HT';
      if (!labels.includes(pair) || labels.filter((l) => l === r.label).length > 1) out.set(`${r.entity_ref}.label`, `an ${r.label} register of ${m.entity_ref} without one ${pair} register beside it`);
    }
  }
  // Eighth pass: fields the bill's other fields contradict. A direct debit names its mandate or
  // creditor id, a transfer needs neither; a tariff is for the supply point's commodity; a
  // supply point's commodity fits its registers and taxes (a gas conversion or energy tax is no
  // electricity bill's, electricity tax no gas bill's); a tax row's type fits the commodity too.
  const method = p?.payment_method;
  if (method === 'sepa_direct_debit' && !p?.mandate_reference && !p?.creditor_id) out.set('payment.payment_method', 'a direct debit without a mandate reference or creditor id');
  if (method === 'transfer' && p?.mandate_reference) out.set('payment.payment_method', `a transfer with the mandate reference ${p.mandate_reference}`);
  for (const t of data.tariffs) if (t.commodity && commodity && t.commodity !== commodity) out.set(`${t.entity_ref}.commodity`, `a ${t.commodity} tariff on a ${commodity} bill`);
  const gasSigns = data.meters.some((m) => m.registers.some((r) => r.volume_m3 != null || r.calorific_value_kwh_per_m3 != null || r.z_number != null)) || data.charges.some((c) => c.category === 'energy_tax') || data.taxes.some((t) => t.tax_type === 'energy_tax');
  const powerSigns = data.charges.some((c) => c.category === 'electricity_tax') || data.taxes.some((t) => t.tax_type === 'electricity_tax');
  for (const sp of data.supply_points) {
    if ((sp.commodity === 'electricity' && gasSigns) || (sp.commodity === 'gas' && powerSigns)) out.set(`${sp.entity_ref}.commodity`, `${sp.commodity}, but the bill converts gas volumes or levies the other commodity's tax`);
  }
  for (const t of data.taxes) {
    if ((t.tax_type === 'electricity_tax' && commodity === 'gas') || (t.tax_type === 'energy_tax' && commodity === 'electricity')) out.set(`${t.entity_ref}.tax_type`, `${t.tax_type} on a ${commodity} bill`);
  }
  for (const co of data.consumption) {
    if (co.prior_year_quantity_kwh != null && co.quantity_kwh != null && num(co.prior_year_quantity_kwh) === num(co.quantity_kwh)) out.set(`${co.entity_ref}.prior_year_quantity_kwh`, `the prior-year figure ${co.prior_year_quantity_kwh} kWh is this period's quantity`);
  }
}

/** Every meter and consumption row must name exactly one existing supply point. */
function checkAssociation(data: InvoiceData, c: Checks): void {
  const refs = new Set(data.supply_points.map((sp) => sp.entity_ref));
  const tied = (ref: string | null) => (ref === null ? data.supply_points.length === 1 : refs.has(ref));
  for (const row of [...data.meters, ...data.consumption]) {
    c.check('supply_point_association', 'ambiguous_supply_point_association', tied(row.supply_point_ref), [`${row.entity_ref}.supply_point_ref`], () =>
      row.supply_point_ref === null ? `${row.entity_ref} names no supply point and the invoice has ${data.supply_points.length}` : `${row.entity_ref} names ${row.supply_point_ref}, which is not a supply point of this invoice`);
  }
}

function evaluateInvoice(inv: EnergyInvoice, evidence: Map<string, EnergyEvidence>, packetReasons: string[], keep: string[]): { invoice: EnergyInvoice; summary: InvoiceSummary } {
  const data = inv.data;
  const c = new Checks();
  checkRequired(data, c);
  checkValueFormats(data, c);
  checkIdentifiers(data, c);
  checkArithmetic(data, c, (key) => {
    const ev = evidence.get(`${inv.invoice_ref}|${key}`);
    return !!ev && ev.field_status !== 'derived';
  });
  checkAssociation(data, c);
  confirmChargeLines(data, c);
  confirmTariffPrices(data, c);
  confirmCrossFields(data, c);

  const quality: Record<string, FieldQuality> = {};
  const unevidenced: string[] = [];
  for (const f of fieldsOf(data)) {
    if (!present(f.value)) {
      quality[f.key] = 'missing';
      continue;
    }
    const ev = evidence.get(`${inv.invoice_ref}|${f.key}`);
    if (!ev || !usableEvidence(ev, inv)) unevidenced.push(f.key);
    if (c.invalid.has(f.key)) quality[f.key] = 'invalid';
    else if (ev && (ev.field_status === 'reviewed' || ev.match === 'manual')) quality[f.key] = 'reviewed';
    else quality[f.key] = ev?.field_status === 'derived' ? 'derived' : 'extracted';
  }
  c.check('evidence', 'missing_evidence', unevidenced.length === 0, unevidenced, () => `${unevidenced.length} field(s) without evidence on the invoice's pages`);
  // A reviewer trusts `accepted` blindly: a value whose span the extractor could not settle
  // (a competing candidate, a cell that may go on, an OCR identifier without a check digit)
  // stands only when a check confirms it or a reviewer has.
  // By construction (confirmation.ts): a field is confirmed by a passing check, or — where the
  // table allows it — by an undoubted span; anything else waits for a reviewer.
  const unconfirmed: string[] = [];
  const why: string[] = [];
  const implausible = implausibleDates(data);
  implausibleUnits(data, implausible);
  implausibleIdentifiers(data, implausible);
  implausibleSpans(data, implausible);
  for (const f of fieldsOf(data)) {
    if (!present(f.value) || c.invalid.has(f.key)) continue;
    const ev = evidence.get(`${inv.invoice_ref}|${f.key}`);
    if (ev && (ev.field_status === 'reviewed' || ev.match === 'manual')) continue;
    const rule = confirmationOf(f.entity_ref, f.field);
    // A check digit proves a well-formed identifier, not which of two printed ones is billed:
    // a rival the extractor saw (a second MaLo) outweighs a format check, never a sum.
    const rivalled = !!ev?.unconfirmed && !!rule && rule.checks.length > 0 && rule.checks.every((k) => FORMAT_CHECKS.has(k));
    if (c.confirmed.has(f.key) && !implausible.has(f.key) && !rivalled) continue;
    const doubt = implausible.get(f.key) ?? (rivalled ? ev!.unconfirmed! : null) ?? (!rule ? 'no check is defined for this field' : rule.by === 'check' ? `no check confirmed it (${rule.checks.join(', ')})` : (ev?.unconfirmed ?? null));
    if (!doubt) continue;
    unconfirmed.push(f.key);
    why.push(`${f.key}: ${doubt}`);
  }
  c.check('confirmation', 'unconfirmed_value', unconfirmed.length === 0, unconfirmed, () => why.join('; '));

  const reasons = new Set<string>(c.failures.map((f) => f.code));
  for (const r of packetReasons) if (r === 'multiple_invoices_unsplit') reasons.add(r);
  for (const r of keep) reasons.add(r);
  const review_reasons = [...reasons].sort();
  const outcome: MachineOutcome = review_reasons.length ? 'needs_review' : 'accepted';
  const field_counts: Record<FieldQuality, number> = { extracted: 0, derived: 0, missing: 0, invalid: 0, reviewed: 0 };
  for (const q of Object.values(quality)) field_counts[q]++;
  return {
    invoice: { ...inv, outcome: inv.outcome === 'rejected' ? 'rejected' : outcome, review_reasons, data: { ...data, field_quality: quality } },
    summary: { invoice_ref: inv.invoice_ref, outcome, review_reasons, checks: { run: c.run, passed: c.run - c.failures.length, failed: c.failures.length }, field_counts, failures: c.failures },
  };
}

/**
 * Judges a payload (machine or effective). `packetReasons` are the extractor's packet-level
 * findings (`multiple_invoices_unsplit`, `unsupported_document`).
 */
export function evaluateEnergyPayload(payload: EnergyPayload, evidence: EnergyEvidence[], packetReasons: string[], options: EvaluateOptions = {}): EnergyEvaluation {
  const byKey = new Map<string, EnergyEvidence>();
  for (const ev of evidence) {
    const key = `${ev.invoice_ref}|${ev.entity_ref}.${ev.field}`;
    // A reviewer's citation replaces the machine's for the same field.
    if (!byKey.has(key) || ev.match === 'manual' || ev.field_status === 'reviewed') byKey.set(key, ev);
  }
  const packet = [...new Set(packetReasons)].sort();
  const evaluated = payload.invoices.map((inv) => evaluateInvoice(inv, byKey, packet, options.keepHandoffReasons?.[inv.invoice_ref] ?? []));
  const invoices = evaluated.map((e) => e.invoice);

  let machine_outcome: MachineOutcome;
  const all = new Set<string>(packet);
  for (const e of evaluated) for (const r of e.summary.review_reasons) all.add(r);
  if (invoices.length === 0) {
    // A verified non-invoice (contract: invoices = [] → unsupported).
    machine_outcome = 'unsupported';
    all.add('unsupported_document');
  } else {
    machine_outcome = all.size ? 'needs_review' : 'accepted';
  }
  const handoff_review_reasons = [...all].filter((r) => HANDOFF_REASONS.has(r)).sort();
  const review_reasons = [...all].filter((r) => !HANDOFF_REASONS.has(r)).sort();
  const handoff_status: HandoffStatus =
    machine_outcome === 'unsupported' ? 'not_applicable' : handoff_review_reasons.length ? 'blocked' : machine_outcome === 'accepted' ? 'accepted' : 'pending_review';
  return {
    payload: { packet: { ...payload.packet, invoice_count: invoices.length }, invoices },
    machine_outcome,
    review_reasons,
    handoff_review_reasons,
    warnings: [...new Set(options.warnings ?? [])].sort(),
    validation_summary: {
      policy_version: ENERGY_POLICY_VERSION,
      schema_version: '2.0.0',
      machine_outcome,
      invoice_count: invoices.length,
      packet_reasons: packet,
      invoices: evaluated.map((e) => e.summary),
    },
    handoff_status,
  };
}

/** Handoff reasons of an evaluation by invoice, to keep through reviews. */
export function handoffReasonsByInvoice(payload: EnergyPayload): Record<string, string[]> {
  return Object.fromEntries(payload.invoices.map((inv) => [inv.invoice_ref, inv.review_reasons.filter((r) => HANDOFF_REASONS.has(r))]));
}
