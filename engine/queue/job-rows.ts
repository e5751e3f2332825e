// The desktop's `jobs` rows as a terminal transition closes them, inside its transaction
// (the document, its run, its credits and its job end together). Engines that keep jobs
// elsewhere (pg-boss) have no row id; a failure closes any row of the document still open.
import type { DbTx } from '../store/db.js';

export async function markJobDone(tx: DbTx, jobId: number, ts: string): Promise<void> {
  await tx.updateTable('jobs').set({ status: 'done', owner: null, lease_until: null, updated_at: ts }).where('id', '=', jobId).execute();
}

export async function markJobDead(tx: DbTx, jobId: number, message: string, ts: string): Promise<void> {
  await tx.updateTable('jobs').set({ status: 'dead', owner: null, lease_until: null, last_error: message, updated_at: ts }).where('id', '=', jobId).execute();
}

/** Every queued or running job of the document ends `dead`. */
export async function markDocumentJobsDead(tx: DbTx, documentId: number, message: string, ts: string): Promise<void> {
  await tx.updateTable('jobs').set({ status: 'dead', owner: null, lease_until: null, last_error: message, updated_at: ts }).where('document_id', '=', documentId).where('status', 'in', ['queued', 'running']).execute();
}
