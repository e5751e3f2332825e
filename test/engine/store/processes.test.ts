// Which processes are alive (store/processes.ts): on PostgreSQL by heartbeat rows, so a
// process on another machine (whose PID means nothing here) counts as alive while its row is
// fresh and as dead once it stops renewing it; on SQLite by PID as before.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { openEngineContext, type EngineContext } from '../../../engine/index.js';
import { ownerLive, startProcessHeartbeat } from '../../../engine/store/processes.js';
import { otherWorkersRunning, registerWorker } from '../../../engine/jobs/workers.js';
import { ownerAlive, ownerId } from '../../../engine/config/owner.js';
import { skipUnlessPostgres } from '../../helpers/postgres.js';
import { engineOnPostgres, type TestEngine } from '../../helpers/engine.js';
import { removeDir, tempDataDir } from '../../helpers/server.js';

// A process id that cannot be running on this machine (above Linux's pid_max).
const ELSEWHERE = '4194305@123456';

describe('process liveness on PostgreSQL: heartbeat rows, any machine', { skip: skipUnlessPostgres() }, () => {
  let opened: TestEngine;
  let engine: EngineContext;

  before(async () => {
    opened = await engineOnPostgres();
    engine = opened.engine;
  });
  after(async () => {
    await opened?.close();
  });

  it('registers every engine process with host, pid and role; the row makes it alive', async () => {
    await engine.setRole('worker');
    const row = await engine.db.selectFrom('processes').selectAll().where('owner', '=', engine.owner).executeTakeFirstOrThrow();
    assert.deepEqual([row.pid, row.role], [process.pid, 'worker']);
    assert.ok(row.host.length > 0 && row.started_at <= row.last_seen_at);
    assert.equal(await ownerLive(engine.db, engine.owner), true);
  });

  it('a worker on another machine is alive while it renews its row, dead three heartbeats later; a crashed local process is dead at once; a clean stop removes the row', async () => {
    assert.equal(ownerAlive(ELSEWHERE), false, 'by PID it would look dead here');
    const remote = await startProcessHeartbeat(engine.db, ELSEWHERE, 'worker');
    // As if it had registered from another machine.
    await engine.db.updateTable('processes').set({ host: 'other-machine' }).where('owner', '=', ELSEWHERE).execute();
    await registerWorker(engine.db, ELSEWHERE);
    assert.equal(await ownerLive(engine.db, ELSEWHERE), true);
    assert.equal(await otherWorkersRunning(engine.db, engine.owner), true, 'an import here knows its jobs will be processed');
    // Another one died without a word (kill -9, power loss): its last heartbeat is 31 s old.
    const dead = '4194306@123456';
    await sql`INSERT INTO processes (owner, host, pid, role, started_at, last_seen_at)
      VALUES (${dead}, 'other-machine', 4194306, 'worker', '2026-01-01T00:00:00.000Z',
        to_char((clock_timestamp() - interval '31 seconds') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`.execute(engine.db);
    await registerWorker(engine.db, dead);
    assert.equal(await ownerLive(engine.db, dead), false, 'three missed heartbeats (10 s each): dead');
    // On this machine a fresh row is not enough: a crashed local process (its PID gone) is dead at once.
    const crashedHere = '4194307@123456';
    const local = await startProcessHeartbeat(engine.db, crashedHere, 'serve');
    assert.equal(await ownerLive(engine.db, crashedHere), false);
    await local.stop();
    // A clean stop removes the row at once.
    await remote.stop();
    assert.equal(await ownerLive(engine.db, ELSEWHERE), false);
    assert.equal(await otherWorkersRunning(engine.db, engine.owner), false, 'no live worker left; the dead registrations are dropped');
    const left = await engine.db.selectFrom('settings').select('key').where('key', 'like', 'worker:%').execute();
    assert.deepEqual(left, []);
  });
});

describe('process liveness on SQLite: the PID on this machine, as before', () => {
  let dir: string;
  let engine: EngineContext;
  before(async () => {
    dir = tempDataDir();
    engine = await openEngineContext(dir);
  });
  after(async () => {
    await engine.close();
    removeDir(dir);
  });

  it('this process is alive, a PID that cannot run here is not; no rows are written', async () => {
    assert.equal(await ownerLive(engine.db, ownerId()), true);
    assert.equal(await ownerLive(engine.db, ELSEWHERE), false);
    await engine.setRole('serve');
    assert.equal((await engine.db.selectFrom('processes').selectAll().execute()).length, 0);
  });
});
