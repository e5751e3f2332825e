// JSON schema of the `de.energy.supply-invoice` payload (contract energy-profile-2.0.0.md),
// built from the same names as payload.ts. The OpenAPI document references it for
// `machine_payload` / `effective_payload`.
type Schema = Record<string, unknown>;

const nullable = (s: Schema): Schema => ({ anyOf: [s, { type: 'null' }] });
const str: Schema = { type: 'string' };
const nstr = nullable(str);
const decimal: Schema = nullable({ type: 'string', pattern: '^-?\\d+(\\.\\d+)?$' });
const date: Schema = nullable({ type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const en = (...values: string[]): Schema => nullable({ type: 'string', enum: values });

function entity(ref: Schema, fields: Record<string, Schema>, extra: Record<string, Schema> = {}): Schema {
  return {
    type: 'object',
    required: ['entity_ref', ...Object.keys(fields)],
    properties: { entity_ref: ref, ...fields, ...extra },
    additionalProperties: false,
  };
}

const address: Schema = nullable({
  type: 'object',
  required: ['street', 'house_number', 'postal_code', 'city', 'country_code'],
  properties: { street: nstr, house_number: nstr, postal_code: nstr, city: nstr, country_code: nstr },
  additionalProperties: false,
});
const period: Schema = nullable({ type: 'object', required: ['start', 'end'], properties: { start: date, end: date }, additionalProperties: false });
const reading: Schema = nullable({ type: 'object', required: ['date', 'value', 'kind'], properties: { date, value: decimal, kind: en('actual', 'estimated', 'customer') }, additionalProperties: false });
const commodity = en('electricity', 'gas');
const refPattern = (p: string): Schema => ({ type: 'string', pattern: p });

export const FIELD_QUALITY_VALUES = ['extracted', 'derived', 'missing', 'invalid', 'reviewed'] as const;

const invoiceData: Schema = {
  type: 'object',
  required: ['identity', 'supplier', 'customer', 'supply_points', 'meters', 'tariffs', 'consumption', 'charges', 'taxes', 'settlement', 'payment', 'advance_plan', 'field_quality'],
  properties: {
    identity: entity({ const: 'identity' }, {
      invoice_number: nstr, invoice_date: date,
      document_type: en('invoice', 'final_invoice', 'interim_invoice', 'credit_note', 'correction', 'cancellation'),
      billing_period: period, customer_number: nstr, contract_account: nstr, contract_number: nstr,
    }),
    supplier: entity({ const: 'supplier' }, { name: nstr, address, vat_id: nstr, tax_number: nstr, commercial_register: nstr }),
    customer: entity({ const: 'customer' }, { name: nstr, billing_address: address }),
    supply_points: { type: 'array', items: entity(refPattern('^sp-\\d+$'), {
      commodity, malo_id: nstr, melo_id: nstr, legacy_metering_point_id: nstr, service_address: address,
      network_operator_name: nstr, network_operator_code: nstr, metering_operator_name: nstr,
    }) },
    meters: { type: 'array', items: entity(refPattern('^meter-\\d+$'), {
      supply_point_ref: nstr, meter_number: nstr, meter_type: nstr,
      registers: { type: 'array', items: entity(refPattern('^meter-\\d+\\.reg-\\d+$'), {
        obis_code: nstr, label: nstr, reading_start: reading, reading_end: reading, multiplier: decimal, consumption_value: decimal, consumption_unit: en('kWh', 'm3'),
      }, { volume_m3: decimal, calorific_value_kwh_per_m3: decimal, z_number: decimal, energy_kwh: decimal }) },
    }) },
    tariffs: { type: 'array', items: entity(refPattern('^tariff-\\d+$'), {
      name: nstr, commodity, energy_price_ct_per_kwh: decimal, base_price_eur: decimal, base_price_period: en('year', 'month', 'day'), valid_from: date, valid_to: date,
    }) },
    consumption: { type: 'array', items: entity(refPattern('^cons-\\d+$'), { supply_point_ref: nstr, period, quantity_kwh: decimal, prior_year_quantity_kwh: decimal }) },
    charges: { type: 'array', items: entity(refPattern('^charge-\\d+$'), {
      category: en('energy', 'base_fee', 'network', 'metering', 'levy', 'electricity_tax', 'energy_tax', 'co2', 'other'),
      description: nstr, period, quantity: decimal, unit: nstr, unit_price: decimal, net_amount: decimal, vat_rate: decimal,
    }) },
    taxes: { type: 'array', items: entity(refPattern('^tax-\\d+$'), { tax_type: en('vat', 'electricity_tax', 'energy_tax'), rate: decimal, taxable_amount: decimal, tax_amount: decimal }) },
    settlement: entity({ const: 'settlement' }, {
      net_total: decimal, vat_total: decimal, gross_total: decimal, advance_payments_total: decimal, balance_amount: decimal, balance_direction: en('amount_due', 'credit'),
    }),
    payment: entity({ const: 'payment' }, {
      due_date: date, payment_method: en('sepa_direct_debit', 'transfer'), iban: nstr, bic: nstr, payment_reference: nstr, mandate_reference: nstr, creditor_id: nstr,
    }),
    advance_plan: { type: 'array', items: entity(refPattern('^adv-\\d+$'), { due_date: date, amount: decimal }) },
    field_quality: { type: 'object', additionalProperties: { enum: [...FIELD_QUALITY_VALUES] } },
  },
  additionalProperties: false,
};

export const ENERGY_PAYLOAD_SCHEMA: Schema = {
  $id: 'EnergyPayload_2_0_0',
  title: 'de.energy.supply-invoice payload (schema 2.0.0)',
  type: 'object',
  required: ['packet', 'invoices'],
  properties: {
    packet: {
      type: 'object',
      required: ['page_count', 'invoice_count', 'commodities', 'supplier_name', 'source_components'],
      properties: {
        page_count: { type: 'integer', minimum: 0 },
        invoice_count: { type: 'integer', minimum: 0 },
        commodities: { type: 'array', items: { enum: ['electricity', 'gas'] } },
        supplier_name: nstr,
        source_components: { type: 'array', items: { type: 'object', required: ['component_ref', 'kind', 'pages'], properties: { component_ref: str, kind: str, pages: { type: 'array', items: { type: 'integer', minimum: 1 } } } } },
      },
    },
    invoices: {
      type: 'array',
      items: {
        type: 'object',
        required: ['invoice_ref', 'page_range', 'outcome', 'review_reasons', 'data'],
        properties: {
          invoice_ref: refPattern('^inv-\\d+$'),
          page_range: { type: 'object', required: ['first', 'last'], properties: { first: { type: 'integer', minimum: 1 }, last: { type: 'integer', minimum: 1 } } },
          outcome: { enum: ['accepted', 'needs_review', 'unsupported', 'failed', 'rejected'] },
          review_reasons: { type: 'array', items: str },
          data: invoiceData,
        },
      },
    },
  },
};
