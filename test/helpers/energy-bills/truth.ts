// A bill's truth in the payload contract's shape (the samples' *.truth.json format).
import type { InvoiceData } from '../../../engine/profiles/energy/payload.js';
import { type Bill, eur } from './model.js';

/** Fields a house style does not print: `<entity>.<field>` (e.g. `identity.contract_number`). */
export type Omit = string[];

export function invoiceData(b: Bill, omit: Omit): InvoiceData {
  const addr = (p: { street: string; house_number: string; postal_code: string; city: string }) => ({ street: p.street, house_number: p.house_number, postal_code: p.postal_code, city: p.city, country_code: 'DE' });
  const refund = b.direction === 'credit';
  const debit = b.method === 'sepa_direct_debit' && !refund;
  const d: InvoiceData = {
    identity: {
      entity_ref: 'identity', invoice_number: b.invoice_number, invoice_date: b.invoice_date, document_type: b.kind, billing_period: { ...b.period },
      customer_number: b.customer_number, contract_account: b.contract_account, contract_number: b.contract_number,
    },
    supplier: { entity_ref: 'supplier', name: b.supplier.name, address: addr(b.supplier), vat_id: b.supplier.vat_id, tax_number: b.supplier.tax_number, commercial_register: `${b.supplier.court} ${b.supplier.hrb}` },
    customer: { entity_ref: 'customer', name: b.customer.name, billing_address: addr(b.customer) },
    supply_points: [{
      entity_ref: 'sp-1', commodity: b.commodity, malo_id: b.malo, melo_id: b.melo, legacy_metering_point_id: null, service_address: addr(b.service),
      network_operator_name: b.operator, network_operator_code: b.operator_code, metering_operator_name: b.metering_operator,
    }],
    meters: b.kind === 'interim_invoice' ? [] : b.meter_numbers.map((number, m) => ({
      entity_ref: `meter-${m + 1}`, supply_point_ref: 'sp-1', meter_number: number, meter_type: b.meter_type,
      registers: b.registers.filter((r) => (r.meter ?? 0) === m).map((r, i) => ({
        entity_ref: `meter-${m + 1}.reg-${i + 1}`, obis_code: r.obis, label: r.label,
        reading_start: { date: r.start_date ?? b.period.start, value: String(r.start), kind: r.kind_start },
        reading_end: { date: r.end_date ?? b.period.end, value: String(r.end), kind: r.kind_end },
        multiplier: String(r.multiplier), consumption_value: String(r.consumption), consumption_unit: b.gas ? 'm3' : 'kWh',
        ...(b.gas ? { volume_m3: String(b.gas.volume_m3), calorific_value_kwh_per_m3: b.gas.hs, z_number: b.gas.z, energy_kwh: String(b.gas.kwh) } : {}),
      })),
    })),
    tariffs: b.tariffs.map((t, i) => ({ entity_ref: `tariff-${i + 1}`, name: t.name, commodity: b.commodity, energy_price_ct_per_kwh: t.ct, base_price_eur: t.base_year, base_price_period: 'year', valid_from: t.from, valid_to: t.to })),
    consumption: b.kind === 'interim_invoice' ? [] : [{ entity_ref: 'cons-1', supply_point_ref: 'sp-1', period: { ...b.period }, quantity_kwh: String(b.total_kwh), prior_year_quantity_kwh: String(b.prior_kwh) }],
    charges: b.charges.map((c, i) => ({
      entity_ref: `charge-${i + 1}`, category: c.category as never, description: c.description, period: { start: c.start, end: c.end }, quantity: c.quantity, unit: c.unit,
      unit_price: c.unit_price, net_amount: eur(c.net_cents), vat_rate: b.vat_rate,
    })),
    taxes: [
      { entity_ref: 'tax-1', tax_type: 'vat', rate: b.vat_rate, taxable_amount: eur(b.net_cents), tax_amount: eur(b.vat_cents) },
      ...b.charges.filter((c) => c.category === 'electricity_tax' || c.category === 'energy_tax').map((c, i) => ({ entity_ref: `tax-${i + 2}`, tax_type: c.category as 'electricity_tax' | 'energy_tax', rate: c.printed_price, taxable_amount: c.quantity, tax_amount: eur(c.net_cents) })),
    ],
    settlement: {
      entity_ref: 'settlement', net_total: eur(b.net_cents), vat_total: eur(b.vat_cents), gross_total: eur(b.gross_cents),
      advance_payments_total: b.advances_cents ? eur(b.advances_cents) : null, balance_amount: eur(b.balance_cents), balance_direction: b.direction,
    },
    payment: {
      entity_ref: 'payment', due_date: refund ? null : b.due_date, payment_method: debit ? 'sepa_direct_debit' : 'transfer',
      iban: debit || refund ? b.customer_iban : b.supplier.iban, bic: debit || refund ? b.customer_bic : b.supplier.bic,
      payment_reference: !debit && !refund ? b.invoice_number : null, mandate_reference: debit ? b.mandate : null, creditor_id: debit ? b.supplier.creditor_id : null,
    },
    advance_plan: b.plan.map((p, i) => ({ entity_ref: `adv-${i + 1}`, due_date: p.date, amount: eur(p.cents) })),
    field_quality: {},
  };
  for (const o of omit) {
    const [entity, field] = o.split('.') as [keyof InvoiceData | 'registers', string];
    const target = (entity === 'registers' ? d.meters.flatMap((m) => m.registers) : d[entity]) as unknown;
    const objs = Array.isArray(target) ? target : [target];
    for (const obj of objs) if (obj && typeof obj === 'object' && field in obj) (obj as Record<string, unknown>)[field] = null;
  }
  return d;
}
