// What confirms each field of the payload contract before an invoice may be `accepted`
// (docs/decisions.md, "Energy profile: confirmation by construction"). The policy reads this
// table: a present field is confirmed when one of its `checks` passed, or — only for fields
// marked `span` — when its evidence is a span the extractor did not doubt (a labelled value
// with no rival reading under the same label family, a cell that holds the whole value).
// A field missing from the table, or marked `check` with no passing check, is
// `unconfirmed_value`: a new field can never slip into `accepted` unchecked.

/** Entity kinds as named by entity_ref (`meter-1.reg-2` is a register, `charge-3` a charge). */
export type EntityKind = 'identity' | 'supplier' | 'customer' | 'supply_point' | 'meter' | 'register' | 'tariff' | 'consumption' | 'charge' | 'tax' | 'settlement' | 'payment' | 'advance_plan';

export interface FieldConfirmation {
  /** `check`: only a passing check vouches; `span`: an undoubted span may settle it too. */
  by: 'check' | 'span';
  /** Policy rules whose pass confirms the field (names as in the validation summary). */
  checks: string[];
}

const span = (...checks: string[]): FieldConfirmation => ({ by: 'span', checks });
const check = (...checks: string[]): FieldConfirmation => ({ by: 'check', checks });

export const FIELD_CONFIRMATION: Record<EntityKind, Record<string, FieldConfirmation>> = {
  identity: {
    invoice_number: span('payment_reference'),
    invoice_date: span(),
    document_type: span(),
    billing_period: span('charge_periods'),
    customer_number: span(),
    contract_account: span(),
    contract_number: span(),
  },
  supplier: { name: span(), address: span(), vat_id: check('vat_id'), tax_number: span(), commercial_register: span() },
  customer: { name: span(), billing_address: span() },
  supply_point: {
    commodity: span(),
    malo_id: check('malo_id'),
    melo_id: span('melo_id'),
    legacy_metering_point_id: span('legacy_metering_point_id'),
    service_address: span(),
    network_operator_name: span(),
    network_operator_code: check('operator_code'),
    metering_operator_name: span(),
  },
  meter: { supply_point_ref: span('supply_point_association'), meter_number: span(), meter_type: span() },
  register: {
    obis_code: span(),
    label: span(),
    reading_start: span(),
    reading_end: span(),
    multiplier: check('register_consumption'),
    consumption_value: check('register_consumption'),
    consumption_unit: span(),
    volume_m3: check('gas_conversion'),
    calorific_value_kwh_per_m3: check('gas_conversion'),
    z_number: check('gas_conversion'),
    energy_kwh: check('gas_conversion'),
  },
  tariff: {
    name: span(),
    commodity: span(),
    energy_price_ct_per_kwh: check('tariff_billed'),
    base_price_eur: check('tariff_billed'),
    base_price_period: span(),
    valid_from: span(),
    valid_to: span(),
  },
  consumption: { supply_point_ref: span('supply_point_association'), period: span(), quantity_kwh: check('consumption_billed'), prior_year_quantity_kwh: span() },
  charge: {
    category: span(),
    description: span(),
    period: span(),
    quantity: check('charge_product'),
    unit: check('charge_product'),
    unit_price: check('charge_product'),
    net_amount: check('charges_sum'),
    vat_rate: check('vat_row_rate'),
  },
  tax: { tax_type: span(), rate: check('tax_row'), taxable_amount: check('tax_row'), tax_amount: check('tax_row', 'vat_sum') },
  settlement: {
    net_total: check('charges_sum', 'net_plus_vat'),
    vat_total: check('vat_sum', 'net_plus_vat'),
    gross_total: check('net_plus_vat', 'balance'),
    advance_payments_total: check('balance'),
    balance_amount: check('balance'),
    balance_direction: check('balance'),
  },
  payment: {
    due_date: span(),
    payment_method: span(),
    iban: check('iban'),
    bic: span(),
    payment_reference: span('payment_reference'),
    mandate_reference: span(),
    creditor_id: check('creditor_id'),
  },
  advance_plan: { due_date: check('plan_regular'), amount: check('plan_regular') },
};

export function entityKind(ref: string): EntityKind | null {
  if (/^meter-\d+\.reg-\d+$/.test(ref)) return 'register';
  const m = /^(identity|supplier|customer|settlement|payment)$|^(sp|meter|tariff|cons|charge|tax|adv)-\d+$/.exec(ref);
  if (!m) return null;
  if (m[1]) return m[1] as EntityKind;
  return ({ sp: 'supply_point', meter: 'meter', tariff: 'tariff', cons: 'consumption', charge: 'charge', tax: 'tax', adv: 'advance_plan' } as const)[m[2] as 'sp'];
}

export function confirmationOf(entityRef: string, field: string): FieldConfirmation | null {
  const kind = entityKind(entityRef);
  return kind ? (FIELD_CONFIRMATION[kind][field] ?? null) : null;
}
