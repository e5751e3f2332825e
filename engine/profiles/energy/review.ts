// Review decisions on a `de.energy.supply-invoice` result (spec 2.10, 3, 4.14): the request
// is checked in two steps — its shape alone (`parseReviewRequest`), then against the current
// effective payload (`checkReviewTarget`: targeting, value normalization and V1–V5) — and a
// checked decision is applied to a copy of the payload and evidence (`applyReviewDecision`).
// Nothing here knows HTTP: failures are field errors the API turns into a 422.
import { findDates } from '../../extract/normalize/date.js';
import { checkIban } from '../../extract/normalize/iban.js';
import { creditorIdValid, maloValid, meteringPointIdValid, normalizeMeteringPointId, operatorCodeValid, vatIdValid } from './identifiers.js';
import type { EffectiveState, ProfileResult } from '../../store/profile-results.js';
import type { ReviewFieldErrors } from '../types.js';
import type { Address, EnergyEvidence, EnergyInvoice, EnergyPayload } from './payload.js';
import { evaluateEnergyPayload, handoffReasonsByInvoice, type ValidationSummary } from './policy.js';

export type ReviewAction = 'confirm' | 'correct' | 'reject';
export type EvidenceSource = EnergyEvidence['source'];

export const REVIEW_ACTIONS: readonly ReviewAction[] = ['confirm', 'correct', 'reject'];
export const EVIDENCE_SOURCES: readonly EvidenceSource[] = ['native_text', 'embedded_ocr', 'tesseract_ocr', 'combined'];
export const REVIEW_DURATION_MAX_SECONDS = 86_400;
const TEXT_MAX = 2000;

/** Evidence a reviewer supplies (spec 4.14); always stored as reviewer-transcribed (V6). */
export type EvidenceReference = Pick<EnergyEvidence, 'component_ref' | 'physical_page' | 'printed_page' | 'label' | 'text' | 'source' | 'bbox'> & {
  match: 'manual';
  reviewer_transcribed: true;
};

/** A request whose shape is valid; targeting is not yet checked against the payload. */
export interface ReviewRequest {
  action: ReviewAction;
  invoice_ref: string | null;
  entity_ref: string | null;
  field: string | null;
  corrected_value: unknown;
  reason: string | null;
  review_duration_seconds: number | null;
  evidence_reference: EvidenceReference | null;
}

/** A request checked against the payload: the value to write is normalized. */
export interface CheckedDecision extends ReviewRequest {
  /** The normalized corrected value (correct) or the confirmed current value (confirm). */
  value: unknown;
  previous_value: unknown;
}

type Result<T> = { ok: true; value: T } | { ok: false; errors: ReviewFieldErrors };

class Errors {
  readonly map: ReviewFieldErrors = {};
  add(field: string, message: string): void {
    (this.map[field] ??= []).push(message);
  }
  get any(): boolean {
    return Object.keys(this.map).length > 0;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

// ---------------------------------------------------------------------------------------
// Step 1: the request's own shape.

const REQUEST_KEYS = new Set(['action', 'invoice_ref', 'entity_ref', 'field', 'corrected_value', 'reason', 'review_duration_seconds', 'evidence_reference']);
const EVIDENCE_KEYS = new Set(['component_ref', 'physical_page', 'printed_page', 'label', 'text', 'source', 'match', 'bbox']);

export function parseReviewRequest(body: unknown): Result<ReviewRequest> {
  const e = new Errors();
  if (!isObject(body)) {
    e.add('request', 'Send the decision as a JSON object.');
    return { ok: false, errors: e.map };
  }
  for (const key of Object.keys(body)) if (!REQUEST_KEYS.has(key)) e.add(key, `${key} is not a review decision field.`);
  const action = body.action;
  if (!REVIEW_ACTIONS.includes(action as ReviewAction)) e.add('action', 'action must be confirm, correct or reject.');

  const optionalString = (name: string): string | null => {
    const v = body[name];
    if (v === undefined || v === null) return null;
    if (!nonEmpty(v) || v.length > TEXT_MAX) {
      e.add(name, `${name} must be a non-empty string of at most ${TEXT_MAX} characters.`);
      return null;
    }
    return v.trim();
  };
  const invoiceRef = optionalString('invoice_ref');
  const entityRef = optionalString('entity_ref');
  const field = optionalString('field');
  const reason = optionalString('reason');

  let duration: number | null = null;
  const d = body.review_duration_seconds;
  if (d !== undefined && d !== null) {
    if (typeof d !== 'number' || !Number.isInteger(d) || d < 1 || d > REVIEW_DURATION_MAX_SECONDS) {
      e.add('review_duration_seconds', `review_duration_seconds must be an integer from 1 to ${REVIEW_DURATION_MAX_SECONDS}, or null when unmeasured.`);
    } else duration = d;
  }

  const evidence = body.evidence_reference === undefined || body.evidence_reference === null ? null : parseEvidenceReference(body.evidence_reference, e);
  const hasCorrected = body.corrected_value !== undefined;

  if (action === 'reject') {
    if (!reason) e.add('reason', 'reason is required to reject a result.');
    for (const name of ['invoice_ref', 'entity_ref', 'field', 'corrected_value', 'evidence_reference'] as const) {
      if (body[name] !== undefined && body[name] !== null) e.add(name, `${name} must be omitted for reject: a rejection applies to the whole result.`);
    }
  } else if (action === 'confirm' || action === 'correct') {
    if (!invoiceRef && body.invoice_ref === undefined) e.add('invoice_ref', `invoice_ref is required for ${action}.`);
    if (!entityRef && body.entity_ref === undefined) e.add('entity_ref', `entity_ref is required for ${action}.`);
    if (!field && body.field === undefined) e.add('field', `field is required for ${action}.`);
    if (action === 'correct') {
      if (!hasCorrected || body.corrected_value === null) e.add('corrected_value', 'corrected_value is required for correct.');
      else if (typeof body.corrected_value !== 'string' && !isObject(body.corrected_value)) e.add('corrected_value', 'corrected_value must be a string or an object.');
      if (body.evidence_reference === undefined || body.evidence_reference === null) e.add('evidence_reference', 'evidence_reference is required for correct.');
    } else if (hasCorrected) e.add('corrected_value', 'corrected_value is only sent with correct.');
  }
  if (e.any) return { ok: false, errors: e.map };
  return {
    ok: true,
    value: {
      action: action as ReviewAction,
      invoice_ref: invoiceRef,
      entity_ref: entityRef,
      field,
      corrected_value: hasCorrected ? body.corrected_value : undefined,
      reason,
      review_duration_seconds: duration,
      evidence_reference: evidence,
    },
  };
}

function parseEvidenceReference(v: unknown, e: Errors): EvidenceReference | null {
  const at = (k: string) => `evidence_reference.${k}`;
  if (!isObject(v)) {
    e.add('evidence_reference', 'evidence_reference must be an object.');
    return null;
  }
  const before = Object.keys(e.map).length;
  for (const key of Object.keys(v)) if (!EVIDENCE_KEYS.has(key)) e.add(at(key), `${key} is not an evidence reference field.`);
  if (!nonEmpty(v.component_ref)) e.add(at('component_ref'), 'component_ref is required.');
  if (typeof v.physical_page !== 'number' || !Number.isInteger(v.physical_page) || v.physical_page < 1) e.add(at('physical_page'), 'physical_page must be a one-based integer.');
  for (const k of ['printed_page', 'label'] as const) {
    if (v[k] !== undefined && v[k] !== null && (!nonEmpty(v[k]) || (v[k] as string).length > TEXT_MAX)) e.add(at(k), `${k} must be a non-empty string or null.`);
  }
  if (!nonEmpty(v.text) || v.text.length > TEXT_MAX) e.add(at('text'), `text is required: the supporting span as printed (at most ${TEXT_MAX} characters).`);
  if (!EVIDENCE_SOURCES.includes(v.source as EvidenceSource)) e.add(at('source'), `source must be one of ${EVIDENCE_SOURCES.join(', ')}.`);
  // V6: evidence a reviewer supplies is transcribed by a human, whatever the page says.
  if (v.match !== undefined && v.match !== 'manual') e.add(at('match'), 'Reviewer-supplied evidence is transcribed: match must be manual (or omitted).');
  let bbox: EvidenceReference['bbox'] = null;
  if (v.bbox !== undefined && v.bbox !== null) {
    const b = v.bbox;
    const num = (x: unknown) => typeof x === 'number' && Number.isFinite(x);
    if (!isObject(b) || Object.keys(b).some((k) => !['x', 'y', 'w', 'h'].includes(k)) || ![b.x, b.y, b.w, b.h].every(num) || (b.x as number) < 0 || (b.y as number) < 0 || (b.w as number) <= 0 || (b.h as number) <= 0) {
      e.add(at('bbox'), 'bbox must be {x, y, w, h} in page points (x, y >= 0; w, h > 0) or null.');
    } else bbox = { x: b.x as number, y: b.y as number, w: b.w as number, h: b.h as number };
  }
  if (Object.keys(e.map).length > before) return null;
  return {
    component_ref: (v.component_ref as string).trim(),
    physical_page: v.physical_page as number,
    printed_page: nonEmpty(v.printed_page) ? v.printed_page.trim() : null,
    label: nonEmpty(v.label) ? v.label.trim() : null,
    text: v.text as string,
    source: v.source as EvidenceSource,
    match: 'manual',
    bbox,
    reviewer_transcribed: true,
  };
}

// ---------------------------------------------------------------------------------------
// The field catalogue: what each entity's fields hold, so a value can be normalized and
// checked against its evidence.

type Kind =
  | { t: 'text' }
  | { t: 'date' }
  | { t: 'decimal'; scale?: number; ct?: boolean }
  | { t: 'enum'; values: Record<string, string[]> }
  | { t: 'period' }
  | { t: 'address'; role: string[] | null }
  | { t: 'reading' }
  | { t: 'id'; id: IdentifierType }
  | { t: 'supply_point_ref' };

type IdentifierType =
  | 'invoice_number' | 'customer_number' | 'contract_account' | 'contract_number' | 'vat_id' | 'tax_number' | 'commercial_register'
  | 'malo_id' | 'melo_id' | 'network_operator_code' | 'meter_number' | 'obis_code' | 'iban' | 'bic' | 'payment_reference' | 'mandate_reference' | 'creditor_id';

const text: Kind = { t: 'text' };
const date: Kind = { t: 'date' };
const amount: Kind = { t: 'decimal', scale: 2 };
const decimal: Kind = { t: 'decimal' };
const id = (t: IdentifierType): Kind => ({ t: 'id', id: t });
const enumOf = (values: Record<string, string[]>): Kind => ({ t: 'enum', values });

// Words that show an enumerated value on a German bill (V2 for values never printed verbatim).
const COMMODITY = { electricity: ['strom', 'elektrizität', 'electricity'], gas: ['gas', 'erdgas'] };
const KIND_WORDS = { actual: ['abgelesen', 'ablesung', 'tatsächlich', 'actual', 'messung'], estimated: ['geschätzt', 'schätzung', 'estimated'], customer: ['kundenablesung', 'selbstablesung', 'kunde', 'customer'] };

/** Role words (V3): a party name or an address must be cited where its role is printed. */
const SUPPLIER_ROLE = ['lieferant', 'versorger', 'energieversorger', 'rechnungssteller', 'absender', 'anbieter', 'supplier'];
const CUSTOMER_ROLE = ['kunde', 'kundin', 'rechnungsempfänger', 'rechnungsanschrift', 'vertragspartner', 'herrn', 'frau', 'customer'];
const SERVICE_ADDRESS_ROLE = ['lieferstelle', 'lieferanschrift', 'verbrauchsstelle', 'abnahmestelle', 'entnahmestelle', 'versorgungsadresse', 'anlagenadresse', 'service address'];
const BILLING_ADDRESS_ROLE = ['rechnungsanschrift', 'rechnungsadresse', 'rechnungsempfänger', 'anschrift', 'kunde', 'billing address'];

/** Type-compatible labels (V3) an identifier's evidence text must contain. */
const ID_LABELS: Record<IdentifierType, string[]> = {
  invoice_number: ['rechnungsnummer', 'rechnungs-nr', 'rechnung nr', 'rechnung', 'gutschrift', 'belegnummer', 'beleg-nr', 're.-nr', 'invoice'],
  customer_number: ['kundennummer', 'kunden-nr', 'kundennr', 'kunde'],
  contract_account: ['vertragskonto', 'vk-nr', 'vertragskontonummer'],
  contract_number: ['vertragsnummer', 'vertrags-nr', 'vertrag'],
  vat_id: ['ust-idnr', 'ust-id', 'ustid', 'umsatzsteuer-id', 'umsatzsteuer', 'vat'],
  tax_number: ['steuernummer', 'steuer-nr', 'st.-nr', 'stnr'],
  commercial_register: ['hrb', 'hra', 'handelsregister', 'registergericht', 'amtsgericht'],
  malo_id: ['malo', 'marktlokation', 'marktlokations'],
  melo_id: ['melo', 'messlokation', 'zählpunkt'],
  network_operator_code: ['codenummer', 'marktpartner', 'mp-id', 'bdew', 'dvgw', 'netzbetreiber'],
  meter_number: ['zählernummer', 'zähler-nr', 'zählernr', 'zähler', 'meter'],
  obis_code: ['obis', 'kennzahl'],
  iban: ['iban'],
  bic: ['bic', 'swift'],
  payment_reference: ['verwendungszweck', 'zahlungsreferenz', 'referenz', 'reference'],
  mandate_reference: ['mandatsreferenz', 'mandat'],
  creditor_id: ['gläubiger-id', 'gläubiger', 'creditor'],
};
// A legacy Zählpunkt is labelled as such; it shares the MeLo format.
const LEGACY_LABELS = ['zählpunkt', 'zählpunktbezeichnung', 'messlokation', 'melo'];

const FIELDS: Record<string, Record<string, Kind>> = {
  identity: {
    invoice_number: id('invoice_number'),
    invoice_date: date,
    document_type: enumOf({ invoice: ['rechnung'], final_invoice: ['schlussrechnung', 'endabrechnung', 'schlussabrechnung'], interim_invoice: ['abschlagsrechnung', 'zwischenrechnung', 'abschlag'], credit_note: ['gutschrift'], correction: ['korrektur', 'berichtigung'], cancellation: ['storno', 'stornierung'] }),
    billing_period: { t: 'period' },
    customer_number: id('customer_number'),
    contract_account: id('contract_account'),
    contract_number: id('contract_number'),
  },
  supplier: { name: text, address: { t: 'address', role: null }, vat_id: id('vat_id'), tax_number: id('tax_number'), commercial_register: id('commercial_register') },
  customer: { name: text, billing_address: { t: 'address', role: BILLING_ADDRESS_ROLE } },
  supply_point: {
    commodity: enumOf(COMMODITY),
    malo_id: id('malo_id'),
    melo_id: id('melo_id'),
    legacy_metering_point_id: id('melo_id'),
    service_address: { t: 'address', role: SERVICE_ADDRESS_ROLE },
    network_operator_name: text,
    network_operator_code: id('network_operator_code'),
    metering_operator_name: text,
  },
  meter: { supply_point_ref: { t: 'supply_point_ref' }, meter_number: id('meter_number'), meter_type: text },
  register: {
    obis_code: id('obis_code'),
    label: text,
    reading_start: { t: 'reading' },
    reading_end: { t: 'reading' },
    multiplier: decimal,
    consumption_value: decimal,
    consumption_unit: enumOf({ kWh: ['kwh'], m3: ['m³', 'm3', 'kubikmeter'] }),
    volume_m3: decimal,
    calorific_value_kwh_per_m3: decimal,
    z_number: decimal,
    energy_kwh: decimal,
  },
  tariff: {
    name: text,
    commodity: enumOf(COMMODITY),
    energy_price_ct_per_kwh: decimal,
    base_price_eur: amount,
    base_price_period: enumOf({ year: ['jahr', 'jährlich', '/a', 'p.a.'], month: ['monat', 'monatlich'], day: ['tag', 'täglich'] }),
    valid_from: date,
    valid_to: date,
  },
  consumption: { supply_point_ref: { t: 'supply_point_ref' }, period: { t: 'period' }, quantity_kwh: decimal, prior_year_quantity_kwh: decimal },
  charge: {
    category: enumOf({
      energy: ['arbeitspreis', 'verbrauch', 'energie'],
      base_fee: ['grundpreis', 'grundgebühr', 'leistungspreis'],
      network: ['netz'],
      metering: ['messstelle', 'messung', 'messentgelt', 'zähler'],
      levy: ['umlage', 'abgabe', 'aufschlag'],
      electricity_tax: ['stromsteuer'],
      energy_tax: ['energiesteuer', 'erdgassteuer'],
      co2: ['co2', 'co₂', 'kohlendioxid', 'behg'],
      other: [],
    }),
    description: text,
    period: { t: 'period' },
    quantity: decimal,
    unit: text,
    unit_price: { t: 'decimal', ct: true },
    net_amount: amount,
    vat_rate: decimal,
  },
  tax: {
    tax_type: enumOf({ vat: ['mwst', 'umsatzsteuer', 'mehrwertsteuer', 'ust'], electricity_tax: ['stromsteuer'], energy_tax: ['energiesteuer', 'erdgassteuer'] }),
    rate: decimal,
    taxable_amount: decimal,
    tax_amount: amount,
  },
  settlement: {
    net_total: amount,
    vat_total: amount,
    gross_total: amount,
    advance_payments_total: amount,
    balance_amount: amount,
    balance_direction: enumOf({ amount_due: ['nachzahlung', 'zu zahlen', 'offener betrag', 'zahlbetrag', 'fällig', 'rechnungsbetrag'], credit: ['guthaben', 'gutschrift', 'erstattung', 'rückzahlung'] }),
  },
  payment: {
    due_date: date,
    payment_method: enumOf({ sepa_direct_debit: ['lastschrift', 'sepa-lastschrift', 'abbuchung', 'eingezogen', 'einzug'], transfer: ['überweisung', 'überweisen'] }),
    iban: id('iban'),
    bic: id('bic'),
    payment_reference: id('payment_reference'),
    mandate_reference: id('mandate_reference'),
    creditor_id: id('creditor_id'),
  },
  advance_plan: { due_date: date, amount },
};

interface Target {
  kind: string;
  entity: Record<string, unknown>;
  /** Entities of the same kind elsewhere in the invoice (identifier ownership, V5). */
  siblings: Array<Record<string, unknown>>;
}

const LIST_KINDS: Array<[RegExp, keyof EnergyInvoice['data'], string]> = [
  [/^sp-\d+$/, 'supply_points', 'supply_point'],
  [/^meter-\d+$/, 'meters', 'meter'],
  [/^tariff-\d+$/, 'tariffs', 'tariff'],
  [/^cons-\d+$/, 'consumption', 'consumption'],
  [/^charge-\d+$/, 'charges', 'charge'],
  [/^tax-\d+$/, 'taxes', 'tax'],
  [/^adv-\d+$/, 'advance_plan', 'advance_plan'],
];
const SINGLETONS = ['identity', 'supplier', 'customer', 'settlement', 'payment'] as const;

function resolveEntity(invoice: EnergyInvoice, entityRef: string): Target | null {
  const data = invoice.data;
  if ((SINGLETONS as readonly string[]).includes(entityRef)) return { kind: entityRef, entity: data[entityRef as (typeof SINGLETONS)[number]] as unknown as Record<string, unknown>, siblings: [] };
  const reg = /^(meter-\d+)\.reg-\d+$/.exec(entityRef);
  if (reg) {
    const registers = data.meters.flatMap((m) => m.registers) as unknown as Array<Record<string, unknown>>;
    const entity = registers.find((r) => r.entity_ref === entityRef);
    return entity ? { kind: 'register', entity, siblings: registers.filter((r) => r !== entity) } : null;
  }
  for (const [pattern, key, kind] of LIST_KINDS) {
    if (!pattern.test(entityRef)) continue;
    const list = data[key] as unknown as Array<Record<string, unknown>>;
    const entity = list.find((x) => x.entity_ref === entityRef);
    return entity ? { kind, entity, siblings: list.filter((x) => x !== entity) } : null;
  }
  return null;
}

// ---------------------------------------------------------------------------------------
// Identifiers (V5): normalized, then format- and checksum-checked.

const compact = (s: string) => s.replace(/[\s.\u00a0]/g, '').toUpperCase();

/** Normalizes an identifier; a string message when it fails its format. */
function normalizeIdentifier(type: IdentifierType, raw: string, field: string): { value: string } | { error: string } {
  const trimmed = raw.trim().replace(/\s+/g, ' ');
  switch (type) {
    case 'malo_id': {
      const v = trimmed.replace(/[\s.\u00a0]/g, '');
      return maloValid(v) ? { value: v } : { error: 'A MaLo-ID has 11 digits (first 1-9) with a valid BDEW check digit.' };
    }
    case 'melo_id': {
      const what = field === 'legacy_metering_point_id' ? 'A Zählpunkt' : 'A MeLo-ID';
      return meteringPointIdValid(trimmed) ? { value: normalizeMeteringPointId(trimmed) } : { error: `${what} has 33 characters: DE, 6 digits, a 5-digit postcode and 20 letters or digits.` };
    }
    case 'network_operator_code': {
      const v = compact(trimmed);
      return operatorCodeValid(v) ? { value: v } : { error: 'An operator code has 13 digits with a valid check digit.' };
    }
    case 'iban': {
      const check = checkIban(trimmed);
      return check.status === 'valid' ? { value: check.iban } : { error: 'The IBAN fails its country length or mod-97 check.' };
    }
    case 'vat_id': {
      const v = compact(trimmed);
      return vatIdValid(v) ? { value: v } : { error: 'A German VAT ID is DE followed by 9 digits with a valid check digit.' };
    }
    case 'bic': {
      const v = compact(trimmed);
      return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(v) ? { value: v } : { error: 'A BIC has 8 or 11 characters (bank, country, location, branch).' };
    }
    case 'creditor_id': {
      const v = compact(trimmed);
      return creditorIdValid(v) ? { value: v } : { error: 'The creditor identifier fails its format or mod-97 check.' };
    }
    case 'obis_code':
      return /^(\d{1,3}-\d{1,3}:)?\d{1,3}\.\d{1,3}(\.\d{1,3})?(\*\d{1,3})?$/.test(trimmed) ? { value: trimmed } : { error: 'An OBIS code reads like 1-0:1.8.0.' };
    default:
      return trimmed.length > 0 && trimmed.length <= 200 ? { value: trimmed } : { error: `${field} must be 1-200 characters.` };
  }
}

// ---------------------------------------------------------------------------------------
// Values and their support in evidence text (V2-V4).

const folded = (s: string) => s.toLowerCase().replace(/\s+/g, ' ');
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

function validDate(v: unknown): v is string {
  if (typeof v !== 'string' || !DATE_RE.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** Dot-decimal string without leading `+`; `scale` fixes the number of decimals. */
function validDecimal(v: unknown, scale?: number): v is string {
  if (typeof v !== 'string') return false;
  const re = scale === undefined ? /^-?\d{1,15}(\.\d{1,6})?$/ : new RegExp(`^-?\\d{1,15}\\.\\d{${scale}}$`);
  return re.test(v);
}

/** A decimal as a comparable canonical string: no trailing fractional zeros, no leading zeros. */
function canonicalDecimal(v: string): string {
  let [int, frac = ''] = v.replace(/^-/, '').split('.');
  int = int!.replace(/^0+(?=\d)/, '');
  frac = frac.replace(/0+$/, '');
  const sign = v.startsWith('-') && (int !== '0' || frac !== '') ? '-' : '';
  return `${sign}${int}${frac ? `.${frac}` : ''}`;
}

function shiftDecimal(v: string, places: number): string {
  const neg = v.startsWith('-');
  const [int, frac = ''] = v.replace(/^-/, '').split('.');
  const digits = int! + frac.padEnd(places, '0');
  const point = int!.length + places;
  return canonicalDecimal(`${neg ? '-' : ''}${digits.slice(0, point)}.${digits.slice(point)}`);
}

const NUMBER_RE = /(?<![\d.,])-?\d{1,3}(?:[.\s\u00a0']\d{3})+(?:,\d+)?|(?<![\d.,])-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|(?<![\d.,])-?\d+(?:[.,]\d+)?/g;

/** Every number printed in a text, read both the German and the English way. */
function numbersIn(textValue: string): Set<string> {
  const out = new Set<string>();
  for (const m of textValue.matchAll(NUMBER_RE)) {
    const raw = m[0].replace(/[\s\u00a0']/g, '');
    const readings = [raw.replace(/\./g, '').replace(',', '.'), raw.replace(/,/g, '')];
    // `1.328` is 1328 in German print and 1.328 in English; both readings stay candidates.
    if (/^-?\d+\.\d+$/.test(raw)) readings.push(raw);
    for (const r of readings) if (/^-?\d+(\.\d+)?$/.test(r)) out.add(canonicalDecimal(r));
  }
  return out;
}

function numberSupported(value: string, evidenceText: string, ct: boolean): boolean {
  const found = numbersIn(evidenceText);
  const want = canonicalDecimal(value);
  if (found.has(want) || found.has(canonicalDecimal(want.replace(/^-/, '')))) return true;
  // A EUR unit price printed in cent (32,15 ct/kWh for 0.3215 EUR/kWh).
  return ct && /\bct\b|cent/i.test(evidenceText) && found.has(shiftDecimal(want.replace(/^-/, ''), 2));
}

const datesIn = (t: string) => new Set(findDates(t, 'dmy').map((h) => h.value));

/** The text with its dates blanked, so a date's digits never count as a reading. */
function withoutDates(t: string): string {
  let out = t;
  for (const h of findDates(t, 'dmy')) out = out.slice(0, h.index) + ' '.repeat(h.length) + out.slice(h.index + h.length);
  return out;
}

function containsWord(haystack: string, word: string): boolean {
  const h = folded(haystack);
  const w = folded(word);
  let from = 0;
  for (let i = h.indexOf(w, from); i >= 0; i = h.indexOf(w, from)) {
    const before = i === 0 ? '' : h[i - 1]!;
    if (!/\p{L}|\d/u.test(before)) return true;
    from = i + 1;
  }
  return false;
}

const anyWord = (t: string, words: string[]) => words.some((w) => containsWord(t, w));

/** The evidence text plus its label: what the reviewer says the page shows. */
const evidenceText = (ev: Pick<EvidenceReference, 'text' | 'label'>) => (ev.label ? `${ev.label} ${ev.text}` : ev.text);

const COUNTRY_NAMES: Record<string, string[]> = { DE: ['deutschland', 'germany'], AT: ['österreich', 'austria'], CH: ['schweiz', 'switzerland'], NL: ['niederlande', 'netherlands'], FR: ['frankreich', 'france'], LU: ['luxemburg', 'luxembourg'], BE: ['belgien', 'belgium'], DK: ['dänemark', 'denmark'], PL: ['polen', 'poland'], CZ: ['tschechien', 'czechia'] };

const ADDRESS_KEYS = ['street', 'house_number', 'postal_code', 'city', 'country_code'] as const;

function normalizeAddress(v: unknown, e: Errors, field: string): Address | null {
  if (!isObject(v)) {
    e.add('corrected_value', `${field} takes an address object {street, house_number, postal_code, city, country_code}.`);
    return null;
  }
  for (const k of Object.keys(v)) if (!(ADDRESS_KEYS as readonly string[]).includes(k) && k !== 'raw') e.add(`corrected_value.${k}`, `${k} is not an address component.`);
  const out: Record<string, string | null> = {};
  for (const k of ADDRESS_KEYS) {
    const c = v[k];
    if (c === undefined || c === null) out[k] = null;
    else if (!nonEmpty(c) || c.length > 200) e.add(`corrected_value.${k}`, `${k} must be a non-empty string or null.`);
    else out[k] = c.trim().replace(/\s+/g, ' ');
  }
  if (out.postal_code && !/^[0-9A-Z][0-9A-Z -]{2,9}$/i.test(out.postal_code)) e.add('corrected_value.postal_code', 'postal_code is not a postal code.');
  if (out.country_code) {
    if (!/^[A-Z]{2}$/.test(out.country_code)) e.add('corrected_value.country_code', 'country_code is an uppercase ISO 3166 alpha-2 code.');
  }
  if (ADDRESS_KEYS.every((k) => out[k] === null)) e.add('corrected_value', 'An address needs at least one component.');
  // V4: every populated component must occur in the raw address as the reviewer read it.
  if (v.raw !== undefined) {
    if (!nonEmpty(v.raw)) e.add('corrected_value.raw', 'raw must be the address as printed.');
    else for (const k of ADDRESS_KEYS) if (k !== 'country_code' && out[k] && !folded(v.raw).includes(folded(out[k]!))) e.add(`corrected_value.${k}`, `${k} "${out[k]}" does not occur in the raw address.`);
  }
  return out as unknown as Address;
}

/** V4: every populated component occurs in the evidence; a country code visibly so. */
function addressSupport(a: Address, t: string): string[] {
  const missing: string[] = [];
  for (const k of ADDRESS_KEYS) {
    const c = a[k];
    if (!c) continue;
    if (k === 'country_code') {
      const visible = new RegExp(`(?<![A-Za-z])${c}(?![A-Za-z])`).test(t) || anyWord(t, COUNTRY_NAMES[c] ?? []);
      if (!visible) missing.push(`country_code ${c} (neither the code nor the country name is visible)`);
    } else if (!folded(t).includes(folded(c))) missing.push(`${k} "${c}"`);
  }
  return missing;
}

/** Normalizes a corrected value for its field kind; null after adding an error. */
function normalizeValue(kind: Kind, v: unknown, field: string, e: Errors, invoice: EnergyInvoice): unknown {
  const bad = (msg: string) => {
    e.add('corrected_value', msg);
    return null;
  };
  switch (kind.t) {
    case 'text':
      return nonEmpty(v) && v.length <= 1000 ? v.trim().replace(/\s+/g, ' ') : bad(`${field} takes a non-empty string.`);
    case 'date':
      return validDate(v) ? v : bad(`${field} takes a date YYYY-MM-DD.`);
    case 'decimal':
      return validDecimal(v, kind.scale) ? v : bad(kind.scale === 2 ? `${field} takes an amount with two decimals, e.g. "1234.50".` : `${field} takes a dot-decimal string, e.g. "1328" or "0.3215".`);
    case 'enum':
      return typeof v === 'string' && Object.hasOwn(kind.values, v) ? v : bad(`${field} takes one of ${Object.keys(kind.values).join(', ')}.`);
    case 'period': {
      if (!isObject(v) || Object.keys(v).some((k) => k !== 'start' && k !== 'end') || !validDate(v.start) || !validDate(v.end)) return bad(`${field} takes an object {start, end} of dates YYYY-MM-DD.`);
      if (v.start > v.end) return bad(`${field}.start must not be after ${field}.end.`);
      return { start: v.start, end: v.end };
    }
    case 'reading': {
      const kinds = Object.keys(KIND_WORDS);
      if (!isObject(v) || Object.keys(v).some((k) => !['date', 'value', 'kind'].includes(k)) || !validDate(v.date) || !validDecimal(v.value) || !(v.kind === undefined || v.kind === null || kinds.includes(v.kind as string))) {
        return bad(`${field} takes an object {date: YYYY-MM-DD, value: dot-decimal string, kind: ${kinds.join('|')} or null}.`);
      }
      return { date: v.date, value: v.value, kind: (v.kind as string | undefined) ?? null };
    }
    case 'address':
      return normalizeAddress(v, e, field);
    case 'id': {
      if (!nonEmpty(v)) return bad(`${field} takes a non-empty string.`);
      const n = normalizeIdentifier(kind.id, v, field);
      return 'value' in n ? n.value : bad(n.error);
    }
    case 'supply_point_ref':
      return typeof v === 'string' && invoice.data.supply_points.some((sp) => sp.entity_ref === v) ? v : bad(`${field} must name a supply point of this invoice (${invoice.data.supply_points.map((sp) => sp.entity_ref).join(', ') || 'none'}).`);
  }
}

/** V2/V3/V4: the reasons the evidence does not support the value (empty when it does). */
function supportProblems(kind: Kind, value: unknown, field: string, targetKind: string, ev: EvidenceReference, invoice: EnergyInvoice): string[] {
  const t = evidenceText(ev);
  switch (kind.t) {
    case 'text': {
      const problems = folded(t).includes(folded(value as string)) ? [] : [`The evidence text does not contain the whole value "${value as string}".`];
      if (field === 'name' && targetKind === 'supplier' && !anyWord(t, SUPPLIER_ROLE)) problems.push(`A supplier name needs the supplier role in the evidence (label or text), e.g. "Lieferant".`);
      if (field === 'name' && targetKind === 'customer' && !anyWord(t, CUSTOMER_ROLE)) problems.push(`A customer name needs the customer role in the evidence (label or text), e.g. "Kunde" or "Rechnungsempfänger".`);
      return problems;
    }
    case 'id': {
      const problems = compact(t).includes(compact(value as string)) ? [] : [`The evidence text does not contain ${field} ${value as string}.`];
      const labels = field === 'legacy_metering_point_id' ? LEGACY_LABELS : ID_LABELS[kind.id];
      if (!anyWord(t, labels)) problems.push(`Identifier evidence needs a label of its type in the text (${labels.slice(0, 3).join(', ')} …).`);
      return problems;
    }
    case 'date':
      return datesIn(t).has(value as string) ? [] : [`The evidence text does not show the date ${value as string}.`];
    case 'period': {
      const p = value as { start: string; end: string };
      const dates = datesIn(t);
      return dates.has(p.start) && dates.has(p.end) ? [] : [`The evidence text must show both ${p.start} and ${p.end}.`];
    }
    case 'reading': {
      const r = value as { date: string; value: string };
      const problems: string[] = [];
      if (!datesIn(t).has(r.date)) problems.push(`The evidence text does not show the reading date ${r.date}.`);
      if (!numberSupported(r.value, withoutDates(t), false)) problems.push(`The evidence text does not show the reading ${r.value}.`);
      return problems;
    }
    case 'decimal':
      return numberSupported(value as string, t, Boolean(kind.ct)) ? [] : [`The evidence text does not show ${value as string}.`];
    case 'enum': {
      const words = kind.values[value as string] ?? [];
      if (value === 'other') return [];
      return anyWord(t, words) || folded(t).includes(folded(value as string)) ? [] : [`The evidence text does not show ${field} ${value as string} (e.g. "${words[0] ?? value}").`];
    }
    case 'address': {
      const problems = addressSupport(value as Address, t).map((m) => `The evidence does not show ${m}.`);
      if (kind.role && !anyWord(t, kind.role)) problems.push(`A ${field.replace('_', ' ')} needs its address role in the evidence (label or text), e.g. "${kind.role[0]}".`);
      return problems;
    }
    case 'supply_point_ref': {
      const sp = invoice.data.supply_points.find((s) => s.entity_ref === value);
      const ids = [sp?.malo_id, sp?.melo_id, sp?.legacy_metering_point_id].filter((x): x is string => Boolean(x));
      return ids.some((x) => compact(t).includes(compact(x))) ? [] : ['The evidence must show an identifier (MaLo, MeLo or Zählpunkt) of the named supply point.'];
    }
  }
}

/** V5 ownership: an identifier owned by another entity of the same kind cannot move here. */
function ownershipProblem(kind: Kind, field: string, value: unknown, target: Target): string | null {
  if (kind.t !== 'id' || typeof value !== 'string') return null;
  if (!['malo_id', 'melo_id', 'network_operator_code', 'meter_number'].includes(kind.id)) return null;
  for (const other of target.siblings) {
    const fields = kind.id === 'melo_id' ? ['melo_id', 'legacy_metering_point_id'] : [field];
    if (!fields.some((f) => typeof other[f] === 'string' && compact(other[f] as string) === compact(value))) continue;
    // One operator serves several supply points: its code is shared, not owned by one of them.
    if (field === 'network_operator_code' && other.network_operator_name === target.entity.network_operator_name) continue;
    return `${value} is the ${field} of ${other.entity_ref as string}; it cannot also belong to ${target.entity.entity_ref as string}.`;
  }
  return null;
}

// ---------------------------------------------------------------------------------------
// Step 2: the request against the current effective payload.

export function checkReviewTarget(req: ReviewRequest, payload: EnergyPayload, evidence: readonly EnergyEvidence[]): Result<CheckedDecision> {
  const e = new Errors();
  if (req.action === 'reject') return { ok: true, value: { ...req, value: null, previous_value: null } };
  const invoice = payload.invoices.find((i) => i.invoice_ref === req.invoice_ref);
  if (!invoice) {
    e.add('invoice_ref', `invoice_ref must name an invoice of this result (${payload.invoices.map((i) => i.invoice_ref).join(', ') || 'none'}).`);
    return { ok: false, errors: e.map };
  }
  const target = resolveEntity(invoice, req.entity_ref!);
  if (!target) {
    e.add('entity_ref', `entity_ref ${req.entity_ref} does not exist in ${invoice.invoice_ref}.`);
    return { ok: false, errors: e.map };
  }
  const field = req.field!;
  const kind = FIELDS[target.kind]?.[field];
  // MaLo/MeLo only on supply points, meter numbers only on meters (V5): the catalogue says which entity owns which field.
  if (!kind || (target.kind === 'register' && ['volume_m3', 'calorific_value_kwh_per_m3', 'z_number', 'energy_kwh'].includes(field) && target.entity.consumption_unit !== 'm3' && !(field in target.entity))) {
    e.add('field', `${field} is not a reviewable field of ${target.kind.replace('_', ' ')} ${req.entity_ref}.`);
    return { ok: false, errors: e.map };
  }
  const previous = target.entity[field] ?? null;

  let value: unknown;
  if (req.action === 'correct') {
    value = normalizeValue(kind, req.corrected_value, field, e, invoice);
  } else {
    if (previous === null) e.add('field', `${req.entity_ref}.${field} has no value to confirm; send a correction with evidence instead.`);
    else if (kind.t === 'id') {
      // V5 applies to confirmations too: an identifier that fails its check cannot be attested.
      const n = normalizeIdentifier(kind.id, String(previous), field);
      if ('error' in n) e.add('field', `The current ${field} cannot be confirmed: ${n.error}`);
    }
    value = previous;
    const cited = evidence.some((x) => x.invoice_ref === invoice.invoice_ref && x.entity_ref === req.entity_ref && x.field === field);
    if (!req.evidence_reference && !cited) e.add('evidence_reference', `${req.entity_ref}.${field} has no citation to retain; send evidence_reference.`);
  }
  if (e.any) return { ok: false, errors: e.map };

  const owner = ownershipProblem(kind, field, value, target);
  if (owner) e.add('corrected_value', owner);

  const ev = req.evidence_reference;
  if (ev) {
    // V1: the cited component and page belong to this invoice in the recorded page manifest.
    const component = payload.packet.source_components.find((c) => c.component_ref === ev.component_ref);
    if (!component) e.add('evidence_reference.component_ref', `component_ref must be one of the run's components (${payload.packet.source_components.map((c) => c.component_ref).join(', ')}).`);
    else if (!component.pages.includes(ev.physical_page) || ev.physical_page < invoice.page_range.first || ev.physical_page > invoice.page_range.last) {
      e.add('evidence_reference.physical_page', `Page ${ev.physical_page} is not a page of ${invoice.invoice_ref} (pages ${invoice.page_range.first}-${invoice.page_range.last} of ${component.component_ref}).`);
    }
    for (const problem of supportProblems(kind, value, field, target.kind, ev, invoice)) e.add('evidence_reference.text', problem);
  }
  if (e.any) return { ok: false, errors: e.map };
  return { ok: true, value: { ...req, value, previous_value: previous } };
}

// ---------------------------------------------------------------------------------------
// Application: only the invoice named by invoice_ref changes.

export interface AppliedDecision {
  payload: EnergyPayload;
  evidence: EnergyEvidence[];
}

export function applyReviewDecision(payload: EnergyPayload, evidence: readonly EnergyEvidence[], d: CheckedDecision): AppliedDecision {
  if (d.action === 'reject') return { payload, evidence: [...evidence] };
  const next = structuredClone(payload);
  const invoice = next.invoices.find((i) => i.invoice_ref === d.invoice_ref)!;
  const target = resolveEntity(invoice, d.entity_ref!)!;
  if (d.action === 'correct') target.entity[d.field!] = structuredClone(d.value);
  invoice.data.field_quality[`${d.entity_ref}.${d.field}`] = 'reviewed';

  const same = (x: EnergyEvidence) => x.invoice_ref === d.invoice_ref && x.entity_ref === d.entity_ref && x.field === d.field;
  let nextEvidence: EnergyEvidence[];
  if (d.evidence_reference) {
    const ev = d.evidence_reference;
    const cited: EnergyEvidence = {
      invoice_ref: d.invoice_ref!,
      entity_ref: d.entity_ref!,
      field: d.field!,
      field_status: 'reviewed',
      component_ref: ev.component_ref,
      physical_page: ev.physical_page,
      printed_page: ev.printed_page,
      label: ev.label,
      text: ev.text,
      source: ev.source,
      match: 'manual',
      bbox: ev.bbox,
      // A drawn box is measured on the page the machine's evidence describes.
      page_size: evidence.find((x) => x.physical_page === ev.physical_page && x.component_ref === ev.component_ref && x.page_size)?.page_size ?? null,
      reviewer_transcribed: true,
    };
    const at = evidence.findIndex(same);
    nextEvidence = evidence.filter((x) => !same(x));
    nextEvidence.splice(at < 0 ? nextEvidence.length : at, 0, cited);
  } else {
    nextEvidence = evidence.map((x) => (same(x) ? { ...x, field_status: 'reviewed' as const } : x));
  }
  return { payload: next, evidence: nextEvidence };
}

// ---------------------------------------------------------------------------------------
// Transitions (spec 3): reject is terminal; confirm and correct re-run the validation policy
// on the effective payload, keeping what a review cannot change — the machine's packet
// findings and its handoff reasons (an ambiguous supply-point association stays until a new
// extraction).

/** Whether a result still takes decisions (V7: rejected results and accepted handoffs are terminal). */
export function acceptsDecisions(r: Pick<ProfileResult, 'effective_outcome' | 'handoff_status'>): boolean {
  return r.effective_outcome !== 'rejected' && !(r.effective_outcome === 'accepted' && r.handoff_status === 'accepted');
}

export function stateAfterReject(current: ProfileResult): EffectiveState {
  return {
    effective_payload: current.effective_payload,
    effective_outcome: 'rejected',
    handoff_status: 'rejected',
    review_reasons: current.review_reasons,
    handoff_review_reasons: current.handoff_review_reasons,
    warnings: current.warnings,
    validation_summary: current.validation_summary,
    evidence: current.evidence,
    acceptance_source: null,
  };
}

/** The effective state after a confirm or correct produced `payload` and `evidence`. */
export function stateAfterFieldDecision(current: ProfileResult, payload: EnergyPayload, evidence: EnergyEvidence[]): EffectiveState {
  const machine = current.machine_payload as EnergyPayload;
  const packetReasons = (current.validation_summary as Partial<ValidationSummary>).packet_reasons ?? [];
  const ev = evaluateEnergyPayload(payload, evidence, packetReasons, { warnings: current.warnings, keepHandoffReasons: handoffReasonsByInvoice(machine) });
  const quality = new Map(ev.payload.invoices.map((inv) => [inv.invoice_ref, inv.data.field_quality]));
  const accepted = ev.machine_outcome === 'accepted';
  return {
    effective_payload: ev.payload,
    effective_outcome: ev.machine_outcome,
    handoff_status: ev.handoff_status,
    review_reasons: ev.review_reasons,
    handoff_review_reasons: ev.handoff_review_reasons,
    warnings: ev.warnings,
    validation_summary: ev.validation_summary as unknown as Record<string, unknown>,
    evidence: evidence.map((e) => ({ ...e, field_status: quality.get(e.invoice_ref)?.[`${e.entity_ref}.${e.field}`] ?? e.field_status })),
    acceptance_source: accepted ? 'human_review' : null,
  };
}
