// Idempotency-Key recovery at startup; the records themselves live in store/idempotency.ts.
import type { Db } from '../store/db.js';
import { attemptsInProgress, markInterrupted, releaseKey } from '../store/idempotency.js';
import { ownerLive } from '../store/processes.js';
import { failDocument } from '../pipeline/terminal.js';

/**
 * Startup: attempts whose process died. Without a document the key is simply freed; with
 * one, the caller never got its 201, so the key is marked interrupted and the document is
 * returned as cleanup-only (409 `document_created`).
 */
async function recoverAbandonedAttempts(db: Db, selfOwner: string): Promise<{ freed: number; interrupted: number[] }> {
  const rows = await attemptsInProgress(db);
  let freed = 0;
  const interrupted: number[] = [];
  for (const row of rows) {
    if (row.owner === selfOwner || (await ownerLive(db, row.owner))) continue;
    if (row.document_id === null) {
      await releaseKey(db, row.id);
      freed++;
    } else {
      await markInterrupted(db, row.id);
      interrupted.push(row.document_id);
    }
  }
  return { freed, interrupted };
}

/** Recovery plus its consequence: documents of interrupted attempts end as cleanup-only errors. */
export async function recoverInterruptedUploads(db: Db, selfOwner: string): Promise<void> {
  const { interrupted } = await recoverAbandonedAttempts(db, selfOwner);
  for (const documentId of interrupted) {
    await failDocument(db, documentId, null, 'The upload was interrupted before Docdesk could confirm it. This document is cleanup-only: delete it and upload again with a new Idempotency-Key.', 'upload_interrupted');
  }
}
