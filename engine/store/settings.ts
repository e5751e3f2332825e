import type { Db } from './db.js';
import { nowTimestamp } from './time.js';

export async function getSetting(db: Db, key: string): Promise<string | null> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value ?? null;
}

export async function setSetting(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value, updated_at: nowTimestamp() })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: nowTimestamp() }))
    .execute();
}

/** Settings whose key starts with `prefix` (registrations of processes, e.g. `worker:`). */
export function settingsWithPrefix(db: Db, prefix: string): Promise<Array<{ key: string; value: string }>> {
  return db.selectFrom('settings').select(['key', 'value']).where('key', 'like', `${prefix}%`).execute();
}

export async function deleteSetting(db: Db, key: string): Promise<void> {
  await db.deleteFrom('settings').where('key', '=', key).execute();
}
