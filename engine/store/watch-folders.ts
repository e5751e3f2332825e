// Watched folders (issue 18) and the file versions taken from them. A folder's file rows
// are keyed by `folder_key` (`watch:<id>` for a desk folder, `cli:<account>:<path>` for
// `docdesk watch`), so a file version is recorded once per folder whoever watches it.
import type { Insertable, Selectable } from 'kysely';
import type { Db } from './db.js';
import type { WatchFilesTable, WatchFoldersTable } from './schema.js';
import { nowTimestamp } from './time.js';

export type WatchFolderRow = Selectable<WatchFoldersTable>;
export type WatchFileStatus = WatchFilesTable['status'];

export function accountFolders(db: Db, accountId: number): Promise<WatchFolderRow[]> {
  return db.selectFrom('watch_folders').selectAll().where('account_id', '=', accountId).orderBy('id').execute();
}

export function activeFolders(db: Db): Promise<WatchFolderRow[]> {
  return db.selectFrom('watch_folders').selectAll().where('active', '=', 1).execute();
}

export async function isFolderWatched(db: Db, accountId: number, path: string): Promise<boolean> {
  return (await db.selectFrom('watch_folders').select('id').where('account_id', '=', accountId).where('path', '=', path).executeTakeFirst()) !== undefined;
}

export function insertFolder(db: Db, values: Insertable<WatchFoldersTable>): Promise<WatchFolderRow> {
  return db.insertInto('watch_folders').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Deletes an account's folder (its file rows stay); false when it has no such folder. */
export async function deleteFolder(db: Db, id: number, accountId: number): Promise<boolean> {
  const gone = await db.deleteFrom('watch_folders').where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
  return Number(gone.numDeletedRows) > 0;
}

/** The outcome of the folder's latest scan (null: it went through). */
export async function recordFolderScan(db: Db, id: number, error: string | null): Promise<void> {
  await db.updateTable('watch_folders').set({ last_scan_at: nowTimestamp(), last_error: error }).where('id', '=', id).execute();
}

/** How many file versions of the folder ended in each status. */
export function folderFileCounts(db: Db, folderKey: string): Promise<{ status: WatchFileStatus; n: number }[]> {
  return db.selectFrom('watch_files').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).where('folder_key', '=', folderKey).groupBy('status').execute();
}

/** The folder's latest file versions, newest first. */
export function recentFolderFiles(db: Db, folderKey: string, limit: number): Promise<Pick<Selectable<WatchFilesTable>, 'path' | 'status' | 'document_id' | 'error' | 'updated_at'>[]> {
  return db.selectFrom('watch_files').select(['path', 'status', 'document_id', 'error', 'updated_at']).where('folder_key', '=', folderKey).orderBy('id', 'desc').limit(limit).execute();
}

export async function isFileRecorded(db: Db, folderKey: string, path: string, size: number, mtimeMs: number): Promise<boolean> {
  const row = await db.selectFrom('watch_files').select('id').where('folder_key', '=', folderKey).where('path', '=', path).where('size', '=', size).where('mtime_ms', '=', mtimeMs).executeTakeFirst();
  return row !== undefined;
}

/** Records a file version taken from a folder; a version already recorded keeps its row. */
export async function recordFile(db: Db, values: Omit<Insertable<WatchFilesTable>, 'updated_at'>): Promise<void> {
  await db
    .insertInto('watch_files')
    .values({ ...values, updated_at: nowTimestamp() })
    .onConflict((oc) => oc.columns(['folder_key', 'path', 'size', 'mtime_ms']).doNothing())
    .execute();
}
