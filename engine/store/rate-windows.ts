// Rate-limit windows kept in the database (hour and day policies): one counter per key and
// window start. Callers hold `immediateTransaction` when they read, decide, then count.
import type { Db, DbTx } from './db.js';

/** Requests counted so far in the window starting at `windowStart` (Unix seconds). */
export async function windowCount(tx: DbTx, key: string, windowStart: number): Promise<number> {
  const row = await tx.selectFrom('rate_counters').select('count').where('counter_key', '=', key).where('window_start', '=', windowStart).executeTakeFirst();
  return row?.count ?? 0;
}

export async function countInWindow(tx: DbTx, key: string, windowStart: number, windowSeconds: number): Promise<void> {
  await tx
    .insertInto('rate_counters')
    .values({ counter_key: key, window_start: windowStart, window_seconds: windowSeconds, count: 1 })
    .onConflict((oc) => oc.columns(['counter_key', 'window_start']).doUpdateSet((eb) => ({ count: eb('rate_counters.count', '+', 1) })))
    .execute();
}

/** Deletes windows that ended before `nowSec`. */
export async function deleteEndedWindows(db: Db, nowSec: number): Promise<void> {
  await db.deleteFrom('rate_counters').where((eb) => eb(eb('window_start', '+', eb.ref('window_seconds')), '<', nowSec)).execute();
}
