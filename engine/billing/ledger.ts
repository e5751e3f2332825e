// The billing rules over the credit ledger (store/credit-ledger.ts): grants, the first band
// at acceptance, page-band settlement, returns. A run's `credits_charged` is kept equal to
// the net of its own rows in the same transaction.
import type { Db } from '../store/db.js';
import { accountBalance, appendEntry, runCharged, runNet, setRunCharged, type LedgerEntry } from '../store/credit-ledger.js';

export { accountBalance as balance, accountEntries as entries, type LedgerEntry } from '../store/credit-ledger.js';

export async function grant(db: Db, accountId: number, amount: number, note?: string): Promise<LedgerEntry> {
  if (!Number.isInteger(amount) || amount === 0) throw new Error('a grant must be a non-zero integer');
  return appendEntry(db, { account_id: accountId, document_id: null, run_id: null, kind: 'grant', amount, note: note ?? null });
}

/** Applies the first band of a run at acceptance (caller holds the write transaction). */
export async function applyFirstBand(tx: Db, run: { accountId: number; documentId: number; runId: number; amount: number }): Promise<void> {
  if (run.amount === 0) return;
  await appendEntry(tx, { account_id: run.accountId, document_id: run.documentId, run_id: run.runId, kind: 'apply_first_band', amount: -run.amount, note: null });
  await setRunCharged(tx, run.runId, run.amount);
}

/** Returns every credit applied to a run (terminal failure without a usable result). */
export async function returnAll(tx: Db, runId: number, note: string): Promise<number> {
  const row = await runNet(tx, runId);
  const net = row?.net ?? 0;
  if (row && net !== 0) await appendEntry(tx, { account_id: row.account_id, document_id: row.document_id, run_id: runId, kind: 'return', amount: -net, note });
  await setRunCharged(tx, runId, 0);
  return -net;
}

export type SettleOutcome = { outcome: 'charged'; total: number } | { outcome: 'blocked'; required: number; available: number };

/**
 * When the page count is known (spec 3): bring the run's charge up to its page-band total.
 * If the account cannot cover the further bands, nothing is charged at all: the first band
 * is returned and the caller blocks the document with `page_band_insufficient_credits`.
 */
export async function settleBands(tx: Db, run: { runId: number; accountId: number; documentId: number; total: number; chargeable: boolean }): Promise<SettleOutcome> {
  if (!run.chargeable) {
    await setRunCharged(tx, run.runId, 0);
    return { outcome: 'charged', total: 0 };
  }
  const charged = await runCharged(tx, run.runId);
  const further = run.total - charged;
  if (further > 0) {
    const available = await accountBalance(tx, run.accountId);
    if (available < further) {
      await returnAll(tx, run.runId, 'further page band not covered');
      return { outcome: 'blocked', required: further, available };
    }
  }
  if (further !== 0) await appendEntry(tx, { account_id: run.accountId, document_id: run.documentId, run_id: run.runId, kind: 'adjust_bands', amount: -further, note: `page-band total ${run.total}` });
  await setRunCharged(tx, run.runId, run.total);
  return { outcome: 'charged', total: run.total };
}
