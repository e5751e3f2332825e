// Duplicate warnings (issue 18): a document that repeats an earlier one of the same account,
// either byte for byte (`same_file`) or as the same invoice again (`same_invoice`: sender,
// document number and gross amount). Only a warning: nothing is blocked or merged.
import type { Db } from '../store/db.js';
import { completedWithDocumentNumber, duplicateFactsOf, duplicateMarksOf, sameFileDocuments, setDuplicateMarks } from '../store/documents.js';
import { latestRunOf } from '../store/runs.js';

export type DuplicateReason = 'same_file' | 'same_invoice';

const fieldValue = (fields: Record<string, { value?: unknown } | undefined>, name: string): unknown => fields[name]?.value ?? null;

/** VAT number when both sides have one, else the name with case, spacing and punctuation folded. */
function sameSender(a: Record<string, { value?: unknown }>, b: Record<string, { value?: unknown }>): boolean {
  const vatA = fieldValue(a, 'sender_vat_number');
  const vatB = fieldValue(b, 'sender_vat_number');
  if (vatA && vatB) return String(vatA).replace(/\s/g, '').toUpperCase() === String(vatB).replace(/\s/g, '').toUpperCase();
  const fold = (v: unknown) => (v === null ? '' : String(v).toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ''));
  const nameA = fold(fieldValue(a, 'sender_name'));
  return nameA !== '' && nameA === fold(fieldValue(b, 'sender_name'));
}

/**
 * After an extraction completes: earlier documents whose latest run extracted the same
 * sender, document number and gross amount. Runs inside the terminal transaction.
 */
export async function recordDuplicates(tx: Db, documentId: number): Promise<void> {
  const doc = await duplicateFactsOf(tx, documentId);
  if (!doc) return;
  const run = await latestRunOf(tx, documentId);
  const fields = run?.fields ? (JSON.parse(run.fields) as Record<string, { value?: unknown }>) : null;
  const number = fields ? fieldValue(fields, 'document_number') : null;
  const gross = fields ? fieldValue(fields, 'gross_amount') : null;
  const ids = new Set<number>(doc.duplicate_of ? (JSON.parse(doc.duplicate_of) as number[]) : []);
  let reason = doc.duplicate_reason;
  for (const id of await sameFileDocuments(tx, doc.account_id, doc.file_sha256, doc.id)) ids.add(id);
  if (ids.size && !reason) reason = 'same_file';
  if (fields && number !== null && gross !== null) {
    const candidates = await completedWithDocumentNumber(tx, doc.account_id, doc.id, String(number));
    for (const c of candidates) {
      const other = JSON.parse(c.fields ?? '{}') as Record<string, { value?: unknown }>;
      if (String(fieldValue(other, 'gross_amount')) !== String(gross) || !sameSender(fields, other)) continue;
      // Documents finish in any order (pages of several documents interleave): the later
      // upload is always the one flagged, whichever of the two completes last.
      if (c.id < doc.id) {
        ids.add(c.id);
        reason ??= 'same_invoice';
      } else await markDuplicate(tx, c.id, [doc.id], 'same_invoice');
    }
  }
  if (ids.size) await markDuplicate(tx, documentId, [...ids], reason ?? 'same_invoice');
}

/** Adds `earlier` to a document's duplicate_of; an existing reason stays. */
async function markDuplicate(tx: Db, documentId: number, earlier: number[], reason: DuplicateReason): Promise<void> {
  const row = await duplicateMarksOf(tx, documentId);
  if (!row) return;
  const ids = new Set<number>([...(row.duplicate_of ? (JSON.parse(row.duplicate_of) as number[]) : []), ...earlier]);
  await setDuplicateMarks(tx, documentId, JSON.stringify([...ids].sort((a, b) => a - b)), row.duplicate_reason ?? reason);
}
