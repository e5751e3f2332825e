// The data folder holds every original, the database and the app token: readable by the
// user who runs Docdesk only. New files get 0600 and folders 0700 (umask plus explicit modes
// where Docdesk creates them); a folder created by an older version is fixed at start.
import { chmodSync, mkdirSync } from 'node:fs';
import { chmod, lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { isMainThread } from 'node:worker_threads';

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/**
 * Creates the data folder owner-only and makes everything this process creates from now on
 * private (umask 077: SQLite's -wal/-shm files, worker scratch files, artefacts).
 */
export function preparePrivateRoot(root: string): void {
  // Worker threads share the process's umask and may not set it.
  if (isMainThread) process.umask(0o077);
  mkdirSync(root, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (process.platform !== 'win32') chmodSync(root, PRIVATE_DIR_MODE);
}

/** Walks the data folder once and removes group/other access. Returns how many entries changed. */
export async function fixTreePermissions(root: string): Promise<number> {
  if (process.platform === 'win32') return 0;
  let changed = 0;
  const visit = async (path: string): Promise<void> => {
    const info = await lstat(path).catch(() => null);
    if (!info || info.isSymbolicLink()) return;
    const want = info.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
    if ((info.mode & 0o077) !== 0) {
      await chmod(path, want).catch(() => undefined);
      changed++;
    }
    if (info.isDirectory()) for (const name of await readdir(path).catch(() => [] as string[])) await visit(join(path, name));
  };
  await visit(root);
  return changed;
}
