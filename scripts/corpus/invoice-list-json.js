// Truth adapter for round-8 sources whose truth is one JSON list of invoices beside their PDFs
// (SvenSonnborn/e-invoice-processor's `public/sample-invoices/invoices.json`: `{ invoices: [{
// filename, type, layout, invoice_no, issue_date "dd.mm.yyyy", due_date, currency, seller {name,
// vat_id}, buyer {name, vat_id}, totals {net, gross} }] }`, the generator's own input data).
// Mapped to eval-generic's truth fields, only where the list states them:
//
//   invoice_no                 -> document_number
//   issue_date / due_date      -> issue_date / payment_due_date   (dd.mm.yyyy -> ISO)
//   currency                   -> currency
//   seller.name / seller.vat_id -> sender_name / sender_vat_number
//   buyer.name                 -> recipient_name
//   totals.net / totals.gross  -> net_amount / gross_amount        (rounded to cents: the list keeps
//                                 float products such as 113.39509999999999, the page prints 113,40)
//   gross - net                -> tax_total                        (both rounded first; the page's VAT line)
//   type "CREDIT_NOTE"         -> type credit-note, else invoice
//
// A credit note's totals are negative in the list; they are scored by magnitude, as the corpus'
// CII/UBL credit notes (type 381) state them. Not mapped: addresses, tax numbers, customer numbers,
// line items, free-text VAT notes. An empty value means "not stated" and is not scored.

/** The list entry for one PDF (by file name), or null. */
export function invoiceListEntry(json, filename) {
  return (json?.invoices ?? []).find((i) => i?.filename === filename) ?? null;
}

const isoDate = (v) => {
  const m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(String(v ?? '').trim());
  return m ? `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}` : undefined;
};
const cents = (v) => (typeof v === 'number' && Number.isFinite(v) ? Math.round(Math.abs(v) * 100) : undefined);

/** eval-generic's truth fields from one list entry; null when there is none. */
export function truthFromInvoiceListEntry(entry) {
  if (!entry?.invoice_no) return null;
  const net = cents(entry.totals?.net);
  const gross = cents(entry.totals?.gross);
  const truth = {
    type: entry.type === 'CREDIT_NOTE' ? 'credit-note' : 'invoice',
    document_number: entry.invoice_no,
    issue_date: isoDate(entry.issue_date),
    payment_due_date: isoDate(entry.due_date),
    currency: entry.currency,
    sender_name: entry.seller?.name,
    sender_vat_number: entry.seller?.vat_id,
    recipient_name: entry.buyer?.name,
    net_amount: net === undefined ? undefined : (net / 100).toFixed(2),
    gross_amount: gross === undefined ? undefined : (gross / 100).toFixed(2),
    tax_total: net === undefined || gross === undefined ? undefined : ((gross - net) / 100).toFixed(2),
  };
  for (const k of Object.keys(truth)) if (truth[k] === undefined || truth[k] === null || truth[k] === '') delete truth[k];
  return truth;
}
