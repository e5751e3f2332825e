// The credit ledger: append-only rows per account; the balance is their sum. A run's
// `credits_charged` is kept equal to the net of its own rows in the same transaction.
import { sql } from 'kysely';
import type { Db } from '../store/db.js';
import type { CreditLedgerTable } from '../store/schema.js';
import { nowTimestamp } from '../store/time.js';
import type { Selectable } from 'kysely';

export type LedgerEntry = Selectable<CreditLedgerTable>;

export async function balance(db: Db, accountId: number): Promise<number> {
  const row = await db
    .selectFrom('credit_ledger')
    .select(sql<number>`COALESCE(SUM(amount), 0)`.as('total'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function grant(db: Db, accountId: number, amount: number, note?: string): Promise<LedgerEntry> {
  if (!Number.isInteger(amount) || amount === 0) throw new Error('a grant must be a non-zero integer');
  return db
    .insertInto('credit_ledger')
    .values({ account_id: accountId, document_id: null, run_id: null, kind: 'grant', amount, note: note ?? null, created_at: nowTimestamp() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function entries(db: Db, accountId: number): Promise<LedgerEntry[]> {
  return db.selectFrom('credit_ledger').selectAll().where('account_id', '=', accountId).orderBy('id').execute();
}

/** Applies the first band of a run at acceptance (caller holds the write transaction). */
export async function applyFirstBand(tx: Db, run: { accountId: number; documentId: number; runId: number; amount: number }): Promise<void> {
  if (run.amount === 0) return;
  await tx
    .insertInto('credit_ledger')
    .values({ account_id: run.accountId, document_id: run.documentId, run_id: run.runId, kind: 'apply_first_band', amount: -run.amount, note: null, created_at: nowTimestamp() })
    .execute();
  await tx.updateTable('extraction_runs').set({ credits_charged: run.amount }).where('id', '=', run.runId).execute();
}

/** Returns every credit applied to a run (terminal failure without a usable result). */
export async function returnAll(tx: Db, runId: number, note: string): Promise<number> {
  const row = await tx
    .selectFrom('credit_ledger')
    .select(['account_id', 'document_id', sql<number>`COALESCE(SUM(amount), 0)`.as('net')])
    .where('run_id', '=', runId)
    .groupBy(['account_id', 'document_id'])
    .executeTakeFirst();
  const net = row ? Number(row.net) : 0;
  if (row && net !== 0) {
    await tx
      .insertInto('credit_ledger')
      .values({ account_id: row.account_id, document_id: row.document_id, run_id: runId, kind: 'return', amount: -net, note, created_at: nowTimestamp() })
      .execute();
  }
  await tx.updateTable('extraction_runs').set({ credits_charged: 0 }).where('id', '=', runId).execute();
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
    await tx.updateTable('extraction_runs').set({ credits_charged: 0 }).where('id', '=', run.runId).execute();
    return { outcome: 'charged', total: 0 };
  }
  const charged = await netCharged(tx, run.runId);
  const further = run.total - charged;
  if (further > 0) {
    const available = await balance(tx, run.accountId);
    if (available < further) {
      await returnAll(tx, run.runId, 'further page band not covered');
      return { outcome: 'blocked', required: further, available };
    }
  }
  if (further !== 0) {
    await tx
      .insertInto('credit_ledger')
      .values({ account_id: run.accountId, document_id: run.documentId, run_id: run.runId, kind: 'adjust_bands', amount: -further, note: `page-band total ${run.total}`, created_at: nowTimestamp() })
      .execute();
  }
  await tx.updateTable('extraction_runs').set({ credits_charged: run.total }).where('id', '=', run.runId).execute();
  return { outcome: 'charged', total: run.total };
}

/** Credits currently charged to a run: the negated sum of its ledger rows. */
export async function netCharged(tx: Db, runId: number): Promise<number> {
  const row = await tx.selectFrom('credit_ledger').select(sql<number>`COALESCE(SUM(amount), 0)`.as('net')).where('run_id', '=', runId).executeTakeFirstOrThrow();
  return -Number(row.net);
}
