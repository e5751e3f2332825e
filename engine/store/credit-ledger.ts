// The credit ledger's rows: append-only per account, the balance is their sum; a run's
// `credits_charged` mirrors the net of its own rows. The billing rules that decide what to
// write live in billing/ledger.ts.
import { sql, type Selectable } from 'kysely';
import type { Db, DbTx } from './db.js';
import type { CreditLedgerTable } from './schema.js';
import { nowTimestamp } from './time.js';

export type LedgerEntry = Selectable<CreditLedgerTable>;
export type NewLedgerEntry = Pick<LedgerEntry, 'account_id' | 'document_id' | 'run_id' | 'kind' | 'amount' | 'note'>;

export async function accountBalance(db: DbTx, accountId: number): Promise<number> {
  const row = await db.selectFrom('credit_ledger').select(sql<number>`COALESCE(SUM(amount), 0)`.as('total')).where('account_id', '=', accountId).executeTakeFirstOrThrow();
  return Number(row.total);
}

export function appendEntry(db: DbTx, entry: NewLedgerEntry): Promise<LedgerEntry> {
  return db.insertInto('credit_ledger').values({ ...entry, created_at: nowTimestamp() }).returningAll().executeTakeFirstOrThrow();
}

/** The account's entries newest first, `limit` of them before entry `before` (the desk's credit history). */
export function ledgerPage(db: Db, accountId: number, limit: number, before?: number): Promise<Array<Pick<LedgerEntry, 'id' | 'kind' | 'amount' | 'document_id' | 'run_id' | 'note' | 'created_at'>>> {
  let q = db.selectFrom('credit_ledger').select(['id', 'kind', 'amount', 'document_id', 'run_id', 'note', 'created_at']).where('account_id', '=', accountId).orderBy('id', 'desc').limit(limit);
  if (before !== undefined) q = q.where('id', '<', before);
  return q.execute();
}

export function accountEntries(db: Db, accountId: number): Promise<LedgerEntry[]> {
  return db.selectFrom('credit_ledger').selectAll().where('account_id', '=', accountId).orderBy('id').execute();
}

/** The net of a run's rows with the account and document they were written for (none: null). */
export async function runNet(tx: DbTx, runId: number): Promise<{ account_id: number; document_id: number | null; net: number } | null> {
  const row = await tx
    .selectFrom('credit_ledger')
    .select(['account_id', 'document_id', sql<number>`COALESCE(SUM(amount), 0)`.as('net')])
    .where('run_id', '=', runId)
    .groupBy(['account_id', 'document_id'])
    .executeTakeFirst();
  return row ? { account_id: row.account_id, document_id: row.document_id, net: Number(row.net) } : null;
}

/** The negated sum of a run's rows: the credits currently charged to it. */
export async function runCharged(tx: DbTx, runId: number): Promise<number> {
  const row = await tx.selectFrom('credit_ledger').select(sql<number>`COALESCE(SUM(amount), 0)`.as('net')).where('run_id', '=', runId).executeTakeFirstOrThrow();
  return -Number(row.net);
}

export async function setRunCharged(tx: DbTx, runId: number, credits: number): Promise<void> {
  await tx.updateTable('extraction_runs').set({ credits_charged: credits }).where('id', '=', runId).execute();
}
