// Which processes run a scheduler on this database: `docdesk serve` (unless --no-workers)
// and `docdesk worker` register here, so an import knows its jobs will be picked up.
import type { Db } from '../store/db.js';
import { deleteSetting, setSetting, settingsWithPrefix } from '../store/settings.js';
import { ownerLive } from '../store/processes.js';

export const WORKER_PREFIX = 'worker:';

export async function registerWorker(db: Db, owner: string): Promise<void> {
  await setSetting(db, `${WORKER_PREFIX}${owner}`, owner);
}

export async function unregisterWorker(db: Db, owner: string): Promise<void> {
  await deleteSetting(db, `${WORKER_PREFIX}${owner}`);
}

/** True when another live process processes jobs; registrations of dead processes are removed. */
export async function otherWorkersRunning(db: Db, self: string): Promise<boolean> {
  const rows = await settingsWithPrefix(db, WORKER_PREFIX);
  let running = false;
  for (const r of rows) {
    if (r.value === self) continue;
    if (await ownerLive(db, r.value)) running = true;
    else await deleteSetting(db, r.key);
  }
  return running;
}
