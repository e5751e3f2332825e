// Which engine processes are alive. On the desktop (SQLite, one machine) the owner id
// `pid@starttime` answers it from /proc (config/owner.ts). On PostgreSQL the processes may
// run on several machines, where a PID means nothing: every process registers a row
// (host, pid, role, started, last seen) and renews it on a heartbeat; an owner is alive
// while its row was seen within the last three heartbeats, by the database's own clock (no
// clock skew between machines); on its own machine its PID must exist too. Each machine (or
// container) needs a hostname of its own. docs/deploy.md, "Which processes are running".
import { hostname } from 'node:os';
import { sql } from 'kysely';
import type { Db } from './db.js';
import { dialectOf } from './dialect.js';
import { ownerAlive } from '../config/owner.js';

/** How often a process renews its row (DOCDESK_PROCESS_HEARTBEAT_MS, default 10 s). */
function processHeartbeatMs(): number {
  const fromEnv = Number(process.env.DOCDESK_PROCESS_HEARTBEAT_MS);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : 10_000;
}

/** Dead after three missed heartbeats. */
const missedHeartbeats = 3;
const databaseNow = sql<string>`to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Whether the process `owner` is running: its PID on SQLite; on PostgreSQL its heartbeat,
 * and for a process on this machine also its PID (a crashed local process is dead at once,
 * as on the desktop, without waiting for three missed heartbeats).
 */
export async function ownerLive(db: Db, owner: string): Promise<boolean> {
  if (dialectOf(db) === 'sqlite') return ownerAlive(owner);
  const row = await db
    .selectFrom('processes')
    .select('host')
    .where('owner', '=', owner)
    .where(sql<boolean>`last_seen_at::timestamptz > clock_timestamp() - make_interval(secs => ${(processHeartbeatMs() * missedHeartbeats) / 1000})`)
    .executeTakeFirst();
  if (!row) return false;
  return row.host !== hostname() || ownerAlive(owner);
}

/** Registers this process and renews it until `stop` (PostgreSQL only; SQLite needs no row). */
export async function startProcessHeartbeat(db: Db, owner: string, role: string): Promise<{ setRole(role: string): Promise<void>; stop(): Promise<void> }> {
  if (dialectOf(db) === 'sqlite') return { async setRole() {}, async stop() {} };
  const pid = Number(owner.split('@')[0]) || process.pid;
  await db
    .insertInto('processes')
    .values({ owner, host: hostname(), pid, role, started_at: databaseNow, last_seen_at: databaseNow })
    .onConflict((oc) => oc.column('owner').doUpdateSet({ role, last_seen_at: databaseNow }))
    .execute();
  // Rows of processes that died long ago (kill -9, power loss) are dropped by the living.
  await db.deleteFrom('processes').where(sql<boolean>`last_seen_at::timestamptz < clock_timestamp() - interval '1 day'`).execute();
  const timer = setInterval(() => void db.updateTable('processes').set({ last_seen_at: databaseNow }).where('owner', '=', owner).execute().catch(() => undefined), processHeartbeatMs());
  timer.unref();
  return {
    async setRole(next: string) {
      await db.updateTable('processes').set({ role: next, last_seen_at: databaseNow }).where('owner', '=', owner).execute();
    },
    async stop() {
      clearInterval(timer);
      await db.deleteFrom('processes').where('owner', '=', owner).execute().catch(() => undefined);
    },
  };
}
