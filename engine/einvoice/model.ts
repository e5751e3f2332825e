// One EN 16931 semantic model (business terms BT-*, groups BG-*) that both syntaxes (UBL 2.1,
// UN/CEFACT CII D16B, and ZUGFeRD 1.0 which is a CII predecessor) are parsed into, so the
// business rules, the field mapping and the visualization read the same object. Amounts,
// quantities and percentages stay the decimal strings of the document; arithmetic converts
// them to exact fixed point (decimal.ts) where a rule computes.

export type InvoiceSyntax = 'ubl' | 'cii' | 'zugferd1';

/** A value with its scheme identifier (BT-29-1, BT-46-1, ...). */
export interface Identifier {
  value: string;
  scheme?: string;
}

export interface PostalAddress {
  line1?: string; // BT-35 / BT-50 / BT-64 / BT-75
  line2?: string;
  line3?: string;
  city?: string;
  postcode?: string;
  subdivision?: string;
  country_code?: string; // BT-40 / BT-55 / BT-69 / BT-80
}

export interface Contact {
  name?: string; // BT-41 / BT-56
  telephone?: string;
  email?: string;
}

/** BG-4 seller, BG-7 buyer, BG-10 payee, BG-11 seller tax representative. */
export interface Party {
  name?: string; // BT-27 / BT-44 / BT-59 / BT-62
  trading_name?: string;
  identifiers: Identifier[]; // BT-29 / BT-46 / BT-60
  legal_registration_id?: Identifier; // BT-30 / BT-47 / BT-61
  vat_id?: string; // BT-31 / BT-48 / BT-63
  tax_registration_id?: string; // BT-32
  legal_form?: string; // BT-33
  electronic_address?: Identifier; // BT-34 / BT-49
  address?: PostalAddress;
  contact?: Contact;
}

export interface Delivery {
  party_name?: string; // BT-70
  location_id?: Identifier; // BT-71
  actual_delivery_date?: string; // BT-72
  address?: PostalAddress; // BG-15
}

export interface Period {
  start?: string; // BT-73 / BT-134
  end?: string; // BT-74 / BT-135
}

/** BG-16 payment instructions. */
export interface PaymentInstructions {
  means_code?: string; // BT-81
  means_text?: string; // BT-82
  remittance_information?: string; // BT-83
  credit_transfers: Array<{ account_id?: string; account_name?: string; service_provider_id?: string }>; // BG-17 BT-84..86
  card?: { pan?: string; holder?: string }; // BG-18
  direct_debit?: { mandate_id?: string; creditor_id?: string; debited_account?: string }; // BG-19 BT-89..91
}

/** BG-20 / BG-21 document level, BG-27 / BG-28 line level. */
export interface AllowanceCharge {
  charge: boolean;
  /** The raw ChargeIndicator text, for the boolean checks of the syntax. */
  indicator_text?: string;
  amount?: string; // BT-92 / BT-99 / BT-136 / BT-141
  base_amount?: string; // BT-93 / BT-100
  percentage?: string; // BT-94 / BT-101
  vat_category?: string; // BT-95 / BT-102
  vat_rate?: string; // BT-96 / BT-103
  reason?: string; // BT-97 / BT-104
  reason_code?: string; // BT-98 / BT-105
}

/** BG-23 VAT breakdown. */
export interface VatBreakdown {
  taxable_amount?: string; // BT-116
  tax_amount?: string; // BT-117
  category?: string; // BT-118
  rate?: string; // BT-119
  exemption_reason?: string; // BT-120
  exemption_reason_code?: string; // BT-121
  /** The tax scheme (VAT in EN 16931; ZUGFeRD/XRechnung extensions know others). */
  type_code?: string;
}

/** BG-22 document totals. */
export interface Totals {
  line_net_sum?: string; // BT-106
  allowance_sum?: string; // BT-107
  charge_sum?: string; // BT-108
  net_amount?: string; // BT-109
  vat_amount?: string; // BT-110
  vat_amount_currency?: string;
  vat_amount_accounting?: string; // BT-111
  vat_amount_accounting_currency?: string;
  gross_amount?: string; // BT-112
  prepaid_amount?: string; // BT-113
  rounding_amount?: string; // BT-114
  payable_amount?: string; // BT-115
}

/** BG-25 invoice line (with BG-DEX-01 sub-lines of the XRechnung Extension). */
export interface InvoiceLine {
  id?: string; // BT-126
  note?: string; // BT-127
  object_id?: Identifier; // BT-128
  quantity?: string; // BT-129
  unit_code?: string; // BT-130
  net_amount?: string; // BT-131
  order_line_reference?: string; // BT-132
  accounting_reference?: string; // BT-133
  period?: Period; // BG-26
  allowances: AllowanceCharge[]; // BG-27
  charges: AllowanceCharge[]; // BG-28
  price?: {
    net_price?: string; // BT-146
    discount?: string; // BT-147
    gross_price?: string; // BT-148
    base_quantity?: string; // BT-149
    base_quantity_unit?: string; // BT-150
  };
  vat_category?: string; // BT-151
  vat_rate?: string; // BT-152
  item_name?: string; // BT-153
  item_description?: string; // BT-154
  seller_item_id?: string; // BT-155
  buyer_item_id?: string; // BT-156
  standard_item_id?: Identifier; // BT-157
  classifications: Identifier[]; // BT-158
  origin_country?: string; // BT-159
  attributes: Array<{ name?: string; value?: string }>; // BG-32
  sub_lines: InvoiceLine[];
}

/** BG-24 additional supporting documents: references and attachment names, never content. */
export interface SupportingDocument {
  id?: string; // BT-122
  description?: string; // BT-123
  external_uri?: string; // BT-124
  attachment_filename?: string; // BT-125-2
  attachment_mime_code?: string; // BT-125-1
  has_attachment: boolean;
}

export interface InvoiceModel {
  syntax: InvoiceSyntax;
  document_kind: 'invoice' | 'credit_note';
  id?: string; // BT-1
  issue_date?: string; // BT-2 (ISO yyyy-mm-dd)
  type_code?: string; // BT-3
  currency?: string; // BT-5
  tax_currency?: string; // BT-6
  tax_point_date?: string; // BT-7
  tax_point_date_code?: string; // BT-8
  due_date?: string; // BT-9
  buyer_reference?: string; // BT-10
  project_reference?: string; // BT-11
  contract_reference?: string; // BT-12
  purchase_order_reference?: string; // BT-13
  sales_order_reference?: string; // BT-14
  receiving_advice_reference?: string; // BT-15
  despatch_advice_reference?: string; // BT-16
  tender_reference?: string; // BT-17
  invoiced_object_id?: Identifier; // BT-18
  buyer_accounting_reference?: string; // BT-19
  payment_terms?: string; // BT-20
  notes: Array<{ subject_code?: string; text?: string }>; // BG-1
  business_process?: string; // BT-23
  specification_id?: string; // BT-24
  preceding_invoices: Array<{ id?: string; issue_date?: string }>; // BG-3
  seller: Party; // BG-4
  buyer: Party; // BG-7
  payee?: Party; // BG-10
  tax_representative?: Party; // BG-11
  delivery?: Delivery; // BG-13
  invoice_period?: Period; // BG-14
  payment?: PaymentInstructions; // BG-16
  /** Further payment-means groups (XRechnung allows several; they feed the visualization). */
  payment_alternatives: PaymentInstructions[];
  allowances: AllowanceCharge[]; // BG-20
  charges: AllowanceCharge[]; // BG-21
  totals: Totals; // BG-22
  vat_breakdown: VatBreakdown[]; // BG-23
  supporting_documents: SupportingDocument[]; // BG-24
  lines: InvoiceLine[]; // BG-25
}
