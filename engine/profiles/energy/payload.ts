// The payload of `de.energy.supply-invoice` (profile 2.0.1 / schema 2.0.0), exactly as
// shared/contracts/energy-profile-2.0.0.md names it. The extractor produces it, the
// validation policy judges it, reviews edit it and the exports project it: one shape for all.

export const ENERGY_PROFILE_ID = 'de.energy.supply-invoice';
export const ENERGY_PROFILE_VERSION = '2.0.1';
export const ENERGY_SCHEMA_VERSION = '2.0.0';

/** Amounts, quantities and prices are dot-decimal strings; dates are `YYYY-MM-DD`. */
export type Decimal = string;
export type IsoDate = string;

export type Commodity = 'electricity' | 'gas';

export interface Address {
  street: string | null;
  house_number: string | null;
  postal_code: string | null;
  city: string | null;
  country_code: string | null;
}

export interface Period {
  start: IsoDate | null;
  end: IsoDate | null;
}

export interface Identity {
  entity_ref: 'identity';
  invoice_number: string | null;
  invoice_date: IsoDate | null;
  document_type: 'invoice' | 'final_invoice' | 'interim_invoice' | 'credit_note' | 'correction' | 'cancellation' | null;
  billing_period: Period | null;
  customer_number: string | null;
  contract_account: string | null;
  contract_number: string | null;
}

export interface Supplier {
  entity_ref: 'supplier';
  name: string | null;
  address: Address | null;
  vat_id: string | null;
  tax_number: string | null;
  commercial_register: string | null;
}

export interface Customer {
  entity_ref: 'customer';
  name: string | null;
  billing_address: Address | null;
}

export interface SupplyPoint {
  entity_ref: string; // sp-N
  commodity: Commodity | null;
  malo_id: string | null;
  melo_id: string | null;
  legacy_metering_point_id: string | null;
  service_address: Address | null;
  network_operator_name: string | null;
  network_operator_code: string | null;
  metering_operator_name: string | null;
}

export interface Reading {
  date: IsoDate | null;
  value: Decimal | null;
  kind: 'actual' | 'estimated' | 'customer' | null;
}

export interface Register {
  entity_ref: string; // meter-N.reg-M
  obis_code: string | null;
  label: string | null; // HT, NT, single, …
  reading_start: Reading | null;
  reading_end: Reading | null;
  multiplier: Decimal | null;
  consumption_value: Decimal | null;
  consumption_unit: 'kWh' | 'm3' | null;
  // Gas conversion, on the gas register only.
  volume_m3?: Decimal | null;
  calorific_value_kwh_per_m3?: Decimal | null;
  z_number?: Decimal | null;
  energy_kwh?: Decimal | null;
}

export interface Meter {
  entity_ref: string; // meter-N
  supply_point_ref: string | null;
  meter_number: string | null;
  meter_type: string | null;
  registers: Register[];
}

export interface Tariff {
  entity_ref: string; // tariff-N
  name: string | null;
  commodity: Commodity | null;
  energy_price_ct_per_kwh: Decimal | null;
  base_price_eur: Decimal | null;
  base_price_period: 'year' | 'month' | 'day' | null;
  valid_from: IsoDate | null;
  valid_to: IsoDate | null;
}

export interface Consumption {
  entity_ref: string; // cons-N
  supply_point_ref: string | null;
  period: Period | null;
  quantity_kwh: Decimal | null;
  prior_year_quantity_kwh: Decimal | null;
}

export type ChargeCategory = 'energy' | 'base_fee' | 'network' | 'metering' | 'levy' | 'electricity_tax' | 'energy_tax' | 'co2' | 'other';

export interface Charge {
  entity_ref: string; // charge-N
  category: ChargeCategory | null;
  description: string | null;
  period: Period | null;
  quantity: Decimal | null;
  unit: string | null;
  unit_price: Decimal | null;
  net_amount: Decimal | null;
  vat_rate: Decimal | null;
}

export interface TaxRow {
  entity_ref: string; // tax-N
  tax_type: 'vat' | 'electricity_tax' | 'energy_tax' | null;
  rate: Decimal | null;
  taxable_amount: Decimal | null;
  tax_amount: Decimal | null;
}

export interface Settlement {
  entity_ref: 'settlement';
  net_total: Decimal | null;
  vat_total: Decimal | null;
  gross_total: Decimal | null;
  advance_payments_total: Decimal | null;
  balance_amount: Decimal | null;
  balance_direction: 'amount_due' | 'credit' | null;
}

export interface Payment {
  entity_ref: 'payment';
  due_date: IsoDate | null;
  payment_method: 'sepa_direct_debit' | 'transfer' | null;
  iban: string | null;
  bic: string | null;
  payment_reference: string | null;
  mandate_reference: string | null;
  creditor_id: string | null;
}

export interface AdvancePlanItem {
  entity_ref: string; // adv-N
  due_date: IsoDate | null;
  amount: Decimal | null;
}

export type FieldQuality = 'extracted' | 'derived' | 'missing' | 'invalid' | 'reviewed';

export interface InvoiceData {
  identity: Identity;
  supplier: Supplier;
  customer: Customer;
  supply_points: SupplyPoint[];
  meters: Meter[];
  tariffs: Tariff[];
  consumption: Consumption[];
  charges: Charge[];
  taxes: TaxRow[];
  settlement: Settlement;
  payment: Payment;
  advance_plan: AdvancePlanItem[];
  /** Keyed `<entity_ref>.<field>`, e.g. `settlement.gross_total`, `meter-1.reg-2.reading_end`. */
  field_quality: Record<string, FieldQuality>;
}

export type MachineOutcome = 'accepted' | 'needs_review' | 'unsupported' | 'failed';
export type EffectiveOutcome = MachineOutcome | 'rejected';

export interface EnergyInvoice {
  invoice_ref: string; // inv-N, source order
  page_range: { first: number; last: number };
  outcome: EffectiveOutcome;
  review_reasons: string[];
  data: InvoiceData;
}

export interface SourceComponent {
  component_ref: string;
  kind: string; // pdf
  pages: number[];
}

export interface Packet {
  page_count: number;
  invoice_count: number;
  commodities: Commodity[];
  supplier_name: string | null;
  source_components: SourceComponent[];
}

export interface EnergyPayload {
  packet: Packet;
  invoices: EnergyInvoice[];
}

/**
 * Evidence for one non-null field (spec 2.9). `bbox` is in PDF points of the page as
 * rendered (origin top-left, y down, unrotated page box after /Rotate), the same units as
 * the reading layer's word boxes: `{x, y, w, h}`.
 */
export interface EnergyEvidence {
  invoice_ref: string;
  entity_ref: string;
  field: string;
  field_status: FieldQuality;
  component_ref: string;
  physical_page: number;
  printed_page: string | null;
  label: string | null;
  text: string;
  source: 'native_text' | 'embedded_ocr' | 'tesseract_ocr' | 'combined';
  match: 'exact' | 'normalized' | 'manual';
  bbox: { x: number; y: number; w: number; h: number } | null;
  /**
   * The size of the page `bbox` is measured on, in PDF points (1/72 in) of the page as
   * rendered (unrotated box after /Rotate); origin top-left, y down, like `bbox`. A box is
   * placed on a page image of any size by `x / width`, `y / height` (null: no page geometry).
   */
  page_size?: { width: number; height: number; unit: 'pt' } | null;
  reviewer_transcribed?: boolean;
  /**
   * Set by the extractor when the span does not settle the value on its own: a competing
   * candidate, a cell that may continue, a kind not tied to one reading, an OCR identifier
   * without a check digit read once. The policy accepts such a field only when a check
   * confirms it (or a reviewer does): otherwise `unconfirmed_value`.
   */
  unconfirmed?: string;
}

/** What the extractor hands to the validation policy: the payload plus evidence, before outcomes. */
export interface EnergyExtraction {
  payload: EnergyPayload;
  evidence: EnergyEvidence[];
  /** Packet-level findings, e.g. `multiple_invoices_unsplit`, `unsupported_document`. */
  packet_reasons: string[];
  warnings: string[];
}
