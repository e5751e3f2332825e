// Truth adapter for corpus sources whose truth is not an embedded invoice XML but a JSON file of
// their own beside the PDF (round 7b: serhiibublyk88/pdf-to-xrechnung's
// `apps/api/evals/dataset/<case>/ground-truth.json`, one synthetic invoice per case, native or
// scanned). Only fields the JSON states unambiguously are mapped to eval-generic's truth fields:
//
//   data.invoiceNumber        -> document_number
//   data.issueDate            -> issue_date            (ISO date as given)
//   data.dueDate              -> payment_due_date
//   data.currency             -> currency
//   data.seller.name          -> sender_name
//   data.seller.vatId         -> sender_vat_number
//   data.buyer.name           -> recipient_name
//   data.sellerIban / Bic     -> iban / bic
//   data.netTotal             -> net_amount
//   data.vatTotal             -> tax_total
//   data.grossTotal           -> gross_amount
//   data.vatBreakdown[]       -> tax_breakdowns {tax_rate: rate, taxable_amount: base, tax_amount: amount}
//   meta.content "invoice"    -> type "invoice"
//
// Not mapped (no eval-generic field, or not one the product outputs): deliveryDate,
// buyerReference, paymentTerms, lineItems, addresses, tax numbers, contacts, electronic addresses.
// A null (or empty) value means "not stated" and is not scored, as for an XML element that is
// absent (005-missing-fields-de has no number, no seller VAT id and no gross on purpose: a product
// value there is neither right nor wrong for the eval).

/** Whether a case is an invoice with a truth at all (not a contract, blank or illegible scan). */
export function usableGroundTruth(json) {
  return json?.meta?.content === 'invoice' && json?.meta?.expectedOutcome !== 'failed' && json?.data != null;
}

/** Whether the case is a scan (its own image-only PDF, read through the normal PDF path with OCR). */
export function isScannedCase(json) {
  return json?.meta?.sourceType === 'ocr';
}

/** eval-generic's truth fields from one ground-truth.json (parsed); null when the case has none. */
export function truthFromGroundTruthJson(json) {
  if (!usableGroundTruth(json)) return null;
  const d = json.data;
  const truth = {
    type: 'invoice',
    document_number: d.invoiceNumber,
    issue_date: d.issueDate,
    payment_due_date: d.dueDate,
    currency: d.currency,
    sender_name: d.seller?.name,
    sender_vat_number: d.seller?.vatId,
    recipient_name: d.buyer?.name,
    iban: d.sellerIban,
    bic: d.sellerBic,
    net_amount: d.netTotal,
    tax_total: d.vatTotal,
    gross_amount: d.grossTotal,
    tax_breakdowns: (d.vatBreakdown ?? []).filter((r) => r && r.amount != null).map((r) => ({ taxable_amount: r.base, tax_amount: r.amount, tax_rate: r.rate })),
  };
  for (const k of Object.keys(truth)) if (truth[k] === undefined || truth[k] === null || truth[k] === '' || (Array.isArray(truth[k]) && !truth[k].length)) delete truth[k];
  return truth;
}
