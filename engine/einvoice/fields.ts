// Accepted document-level values → the spec's generic v1 field names (dot-decimal strings,
// ISO dates). Line hierarchy, attachments and further payment rows stay in the model for the
// visualization; they are not v1 fields.
import { dec, toText } from './decimal.js';
import type { InvoiceModel, PaymentInstructions } from './model.js';

const CREDIT_TYPE_CODES = new Set(['381', '396', '81', '83', '532']);

/** Dot-decimal normalisation of a decimal string; null when absent or not a decimal. */
function amount(v: string | undefined): string | null {
  const d = dec(v);
  if (d === null) return null;
  const t = toText(d);
  // Keep at least the written precision for money ("10.50" stays "10.50").
  const written = v!.trim().replace(/^\+/, '');
  return dec(written) === d && /^-?\d+(\.\d+)?$/.test(written) ? written.replace(/^(-?)0+(\d)/, '$1$2') : t;
}

function collectionMechanism(category: string | undefined): string | null {
  switch (category) {
    case 'AE':
      return 'reverse_charge';
    case 'S':
    case 'AA':
    case 'L':
    case 'M':
      return 'seller_collected';
    case 'K':
      return 'intra_community_supply';
    case 'G':
      return 'export';
    default:
      return null;
  }
}

function taxability(category: string | undefined): string | null {
  switch (category) {
    case 'S':
    case 'AA':
    case 'L':
    case 'M':
    case 'AE':
      return 'taxable';
    case 'Z':
      return 'zero_rated';
    case 'E':
    case 'K':
    case 'G':
      return 'exempt';
    case 'O':
      return 'not_subject';
    default:
      return null;
  }
}

/** All distinct payee accounts over every payment-means group. */
function accounts(m: InvoiceModel): Array<{ iban: string; bic: string | null }> {
  const seen = new Map<string, string | null>();
  const groups: PaymentInstructions[] = [...(m.payment ? [m.payment] : []), ...m.payment_alternatives];
  for (const g of groups) {
    for (const a of g.credit_transfers) {
      if (!a.account_id) continue;
      const iban = a.account_id.replace(/\s+/g, '').toUpperCase();
      if (!seen.has(iban)) seen.set(iban, a.service_provider_id ?? null);
    }
  }
  return [...seen].map(([iban, bic]) => ({ iban, bic }));
}

export function invoiceToGenericFields(model: InvoiceModel): Record<string, unknown> {
  const acc = accounts(model);
  // Several payee accounts are ambiguous (spec 2.4): they stay validation-only.
  const single = acc.length === 1 ? acc[0]! : null;
  const credit = model.document_kind === 'credit_note' || CREDIT_TYPE_CODES.has(model.type_code ?? '');
  return {
    type: credit ? 'credit-note' : 'invoice',
    document_number: model.id ?? null,
    issue_date: model.issue_date ?? null,
    payment_due_date: model.due_date ?? null,
    sender_name: model.seller.name ?? model.seller.trading_name ?? null,
    sender_vat_number: model.seller.vat_id ?? model.tax_representative?.vat_id ?? null,
    recipient_name: model.buyer.name ?? model.buyer.trading_name ?? null,
    currency: model.currency ?? null,
    net_amount: amount(model.totals.net_amount),
    gross_amount: amount(model.totals.gross_amount),
    tax_breakdowns: model.vat_breakdown.map((b) => {
      const row: Record<string, string | null> = {
        taxable_amount: amount(b.taxable_amount),
        tax_amount: amount(b.tax_amount),
        tax_rate: amount(b.rate ?? (b.category && b.category !== 'S' ? '0' : undefined)),
        tax_collection_mechanism: collectionMechanism(b.category),
      };
      const t = taxability(b.category);
      if (t) row.taxability = t;
      if (b.exemption_reason ?? b.exemption_reason_code) row.tax_exemption_reason = b.exemption_reason ?? b.exemption_reason_code!;
      return row;
    }),
    iban: single?.iban ?? null,
    bic: single?.bic ?? null,
    payment_reference: model.payment?.remittance_information ?? null,
  };
}
