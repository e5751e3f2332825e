// The store's contract on whichever database this pass runs on (SQLite file, or Postgres
// with DOCDESK_TEST_DATABASE=postgres): concurrent opening migrates once, the unit of work
// serialises read-then-write across handles, numbers come back as numbers, the dialect
// helpers agree, and another handle's write to tokens moves the change version.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { immediateTransaction, openDatabase, type OpenedDatabase } from '../../../engine/store/db.js';
import { dialectOf, jsonIsTrue, jsonText, jsonValue, likeInsensitive } from '../../../engine/store/dialect.js';
import { migrations } from '../../../engine/store/migrations.js';
import { nowTimestamp } from '../../../engine/store/time.js';
import { removeDir, tempDataDir } from '../../helpers/server.js';
import { TEST_ON_POSTGRES, testDatabaseTarget } from '../../helpers/database.js';

describe(`store on ${TEST_ON_POSTGRES ? 'PostgreSQL' : 'SQLite'}`, () => {
  let dir: string;
  let a: OpenedDatabase;
  let b: OpenedDatabase;
  before(async () => {
    dir = tempDataDir();
    // Two handles opening a fresh database at once: one migrates, the other waits for it.
    [a, b] = await Promise.all([openDatabase(testDatabaseTarget(dir)), openDatabase(testDatabaseTarget(dir))]);
  });
  after(async () => {
    await a?.close();
    await b?.close();
    removeDir(dir);
  });

  it('applies every migration exactly once and names its dialect', async () => {
    assert.equal(a.dialect, TEST_ON_POSTGRES ? 'postgres' : 'sqlite');
    assert.equal(dialectOf(a.db), a.dialect);
    const rows = await a.db.selectFrom('schema_migrations').select('version').orderBy('version').execute();
    assert.deepEqual(rows.map((r) => r.version), migrations.map((m) => m.version));
  });

  it('returns ids, counts, maxima and sums as JS numbers', async () => {
    const ts = nowTimestamp();
    const acc = await a.db.insertInto('accounts').values({ name: 'n', status: 'active', rate_limit_profile: 'standard', batch_lane_eligible: 0, concurrent_standard_limit: 4, created_at: ts, updated_at: ts }).returning('id').executeTakeFirstOrThrow();
    assert.equal(typeof acc.id, 'number');
    for (const amount of [5, 7]) await a.db.insertInto('credit_ledger').values({ account_id: acc.id, document_id: null, run_id: null, kind: 'grant', amount, note: null, created_at: ts }).execute();
    const row = await a.db
      .selectFrom('credit_ledger')
      .select([sql<number>`COUNT(*)`.as('n'), sql<number>`COALESCE(SUM(amount), 0)`.as('total'), sql<number>`MAX(id)`.as('last')])
      .where('account_id', '=', acc.id)
      .executeTakeFirstOrThrow();
    assert.deepEqual([typeof row.n, row.n, typeof row.total, row.total, typeof row.last], ['number', 2, 'number', 12, 'number']);
    // Epoch milliseconds need 64 bits.
    await a.db.insertInto('rate_counters').values({ counter_key: 'k', window_start: 1_800_000_000_000, window_seconds: 60, count: 1 }).execute();
    const counter = await a.db.selectFrom('rate_counters').select('window_start').where('counter_key', '=', 'k').executeTakeFirstOrThrow();
    assert.equal(counter.window_start, 1_800_000_000_000);
  });

  it('serialises read-then-write units of work (across pools on Postgres)', async () => {
    const key = 'counter';
    await a.db.insertInto('settings').values({ key, value: '0', updated_at: nowTimestamp() }).execute();
    const bump = (h: OpenedDatabase) =>
      immediateTransaction(h.db, async (tx) => {
        const row = await tx.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
        await new Promise((r) => setTimeout(r, 2)); // widen the window a lost update would need
        await tx.updateTable('settings').set({ value: String(Number(row.value) + 1) }).where('key', '=', key).execute();
      });
    // SQLite: one handle per process (better-sqlite3 blocks the thread while it waits for the
    // file lock, so a second handle in the same process would wait on itself); across
    // processes BEGIN IMMEDIATE does the same job. Postgres: two pools, as two servers.
    await Promise.all(Array.from({ length: 20 }, (_, i) => bump(i % 2 && TEST_ON_POSTGRES ? b : a)));
    const row = await a.db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
    assert.equal(row.value, '20');
  });

  it('rolls a failed unit of work back completely', async () => {
    await assert.rejects(
      immediateTransaction(a.db, async (tx) => {
        await tx.insertInto('settings').values({ key: 'half', value: 'x', updated_at: nowTimestamp() }).execute();
        throw new Error('boom');
      }),
      /boom/,
    );
    assert.equal(await a.db.selectFrom('settings').select('key').where('key', '=', 'half').executeTakeFirst(), undefined);
  });

  it('reads JSON columns and matches case-insensitively the same way on both databases', async () => {
    const ts = nowTimestamp();
    const acc = await a.db.insertInto('accounts').values({ name: 'j', status: 'active', rate_limit_profile: 'standard', batch_lane_eligible: 0, concurrent_standard_limit: 4, created_at: ts, updated_at: ts }).returning('id').executeTakeFirstOrThrow();
    await a.db
      .insertInto('webhook_endpoints')
      .values({ account_id: acc.id, url: 'http://127.0.0.1/Hook', secret: 's', events: JSON.stringify({ a: { value: 'x' }, n: { value: 12.5 }, flag: true, off: false }), active: 1, created_at: ts, updated_at: ts })
      .execute();
    const row = await a.db
      .selectFrom('webhook_endpoints')
      .select([
        jsonText(a.db, 'events', ['a', 'value']).as('text'),
        jsonValue(a.db, 'events', ['n', 'value']).as('num'),
        jsonValue(a.db, 'events', ['missing', 'value']).as('missing'),
        sql<number>`CASE WHEN ${jsonIsTrue(a.db, 'events', ['flag'])} THEN 1 ELSE 0 END`.as('flag'),
        sql<number>`CASE WHEN ${jsonIsTrue(a.db, 'events', ['off'])} THEN 1 ELSE 0 END`.as('off'),
      ])
      .where('account_id', '=', acc.id)
      .where(likeInsensitive(a.db, 'url', '%/hook'))
      .executeTakeFirstOrThrow();
    assert.deepEqual({ ...row }, { text: 'x', num: 12.5, missing: null, flag: 1, off: 0 });
  });

  it('moves the change version when another handle changes an account', async () => {
    // Postgres starts listening on first use and answers NaN (cache off) until it does.
    const listening = Date.now() + 5000;
    while (Number.isNaN(a.changeVersion()) && Date.now() < listening) await new Promise((r) => setTimeout(r, 10));
    const before = a.changeVersion();
    assert.ok(!Number.isNaN(before));
    const ts = nowTimestamp();
    const acc = await b.db.insertInto('accounts').values({ name: 'v', status: 'active', rate_limit_profile: 'standard', batch_lane_eligible: 0, concurrent_standard_limit: 4, created_at: ts, updated_at: ts }).returning('id').executeTakeFirstOrThrow();
    await b.db.updateTable('accounts').set({ status: 'suspended' }).where('id', '=', acc.id).execute();
    // Postgres notifies asynchronously (at commit); give the listener a moment.
    const deadline = Date.now() + 5000;
    while (a.changeVersion() === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    assert.notEqual(a.changeVersion(), before);
  });
});
