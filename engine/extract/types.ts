// Shapes of the generic extraction result (spec 2.2 provenance_summary, 2.3 quality.ai,
// 2.6 extraction field object).
import type { BBox } from '../formats/model.js';

export const GENERIC_FIELDS = [
  'type', 'document_number', 'issue_date', 'payment_due_date', 'sender_name', 'sender_vat_number', 'recipient_name', 'currency',
  'net_amount', 'gross_amount', 'tax_breakdowns', 'iban', 'bic', 'payment_reference',
  // Docdesk additions (documented in docs/decisions.md): useful, found by the same rules.
  'tax_amount', 'customer_number',
] as const;
export type GenericField = (typeof GENERIC_FIELDS)[number];

/** How a value was found. */
export type Method =
  | 'label_value' // a printed label and the value right of, after or below it
  | 'sentence' // a payment or amount phrase in running text
  | 'pattern' // a self-validating pattern (IBAN, VAT id, BIC) in its context
  | 'sender_line' // the return-address line above the recipient's address
  | 'address_block' // the recipient's address block
  | 'legal_footer' // the company block in the page footer
  | 'title' // the document title
  | 'totals_table' // a tax/totals row checked arithmetically
  | 'derived' // computed from other chosen fields
  | 'text_field' // the upload's `text` field (evidence, never instructions)
  | 'ai' // proposed by the AI provider, checked by the same normalizers and rules
  | 'structured_invoice'; // accepted structured e-invoice values

export interface SourceRef {
  component_ref: string;
  /** Physical page (0 for the upload's `text` field; null for a structured invoice's XML). */
  page: number | null;
  bbox: BBox | null;
  /** Size of the page in the bbox's units, so a viewer can place the box on the page image;
   * null when the box is not page geometry (text without word boxes, XML, the `text` field). */
  page_size?: { width: number; height: number } | null;
  /** The printed text the value was read from. */
  text: string;
}

export interface Candidate {
  field: GenericField;
  value: unknown;
  raw: string;
  score: number;
  method: Method;
  source: SourceRef | null;
  label?: string;
  transforms: string[];
  derived_from?: string[];
  /** Extra facts for selection (tax row parts, customer-account flags …). */
  meta?: Record<string, unknown>;
}

export interface Provenance {
  method: Method;
  source: SourceRef | null;
  derived_from: string[];
  transforms: string[];
}

export interface FieldResult {
  value: unknown;
  candidates: Array<{ value: unknown; raw: string; method: Method; score: number; page: number | null }> | null;
  provenance: Provenance | null;
}

export interface TaxRow {
  taxable_amount: string | null;
  tax_amount: string;
  tax_rate: string | null;
  tax_collection_mechanism: string;
  taxability?: string;
  tax_exemption_reason?: string;
}

export interface ExtractionInput {
  components: Array<{ ref: string; kind: string; filename: string; format: string; pages: number[] }>;
  pages: import('../formats/model.js').PageText[];
  /** The upload's `text` form field: evidence, never instructions. */
  text?: string | null;
  custom_types?: string[] | null;
  locale?: string | null;
}

export interface DeterministicResult {
  fields: Record<GenericField, FieldResult>;
  candidates: Map<GenericField, Candidate[]>;
  conflict_fields: string[];
  rejected_fields: string[];
  recovered_fields: string[];
  /** Review reasons (Q1/Q2) found by the consistency rules. */
  reasons: string[];
  /** Which component and pages the result describes (Q5, packets). */
  selection: { component_ref: string | null; pages: number[]; document_candidates: number; reason: string };
  strategies: string[];
}
