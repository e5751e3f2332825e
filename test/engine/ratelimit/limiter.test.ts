import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { EngineContext } from '../../../engine/index.js';
import { RateLimiter } from '../../../engine/ratelimit/limiter.js';
import { policiesFor, UPLOAD_LIMITS, READ_DELETE_LIMITS } from '../../../engine/ratelimit/policies.js';
import { TEST_ON_POSTGRES } from '../../helpers/database.js';
import { testEngine, type TestEngine } from '../../helpers/engine.js';

const subject = (over: Partial<{ tokenId: number; accountId: number; userId: number; testMode: boolean }> = {}) => ({ tokenId: 1, accountId: 1, userId: 1, profile: 'restricted' as const, testMode: false, ...over });

describe('rate-limit policies', () => {
  it('apply every upload limit of the profile, plus the sandbox limits for test tokens', () => {
    const live = policiesFor('upload', subject(), '127.0.0.1');
    assert.deepEqual(live.map((p) => `${p.scope}/${p.window}=${p.limit}`), ['token/minute=30', 'token/hour=300', 'account/minute=60', 'account/hour=600', 'account/day=1000']);
    const test = policiesFor('upload', subject({ testMode: true }), '127.0.0.1');
    assert.deepEqual(test.slice(5).map((p) => `${p.scope}/${p.window}=${p.limit}/${p.code}`), ['token/day=10/test_mode_limit_exceeded', 'account/day=25/test_mode_limit_exceeded', 'user/day=50/test_mode_limit_exceeded']);
  });

  it('match the tables of every profile', () => {
    assert.deepEqual(UPLOAD_LIMITS.enterprise, { tokenMinute: 1200, tokenHour: 60000, accountMinute: 2400, accountHour: 120000, accountDay: 2000000 });
    assert.deepEqual(READ_DELETE_LIMITS.trusted, { readToken: 720, readAccount: 1440, deleteToken: 240, deleteAccount: 480 });
    assert.deepEqual(policiesFor('anonymous_status', null, '10.0.0.1').map((p) => [p.scope, p.limit]), [['ip', 120]]);
  });
});

describe('rate limiter', () => {
  let opened: TestEngine;
  let engine: EngineContext;
  before(async () => {
    opened = await testEngine();
    engine = opened.engine;
  });
  after(async () => {
    await opened.close();
  });

  it('rejects the request after the limit, reports the policy that blocks longest, and does not count rejected requests', async () => {
    const limiter = new RateLimiter(engine.db);
    const t0 = Date.UTC(2026, 10, 25, 10, 0, 30);
    const policies = policiesFor('delete', subject({ tokenId: 7, accountId: 7 }), '');
    for (let i = 0; i < 60; i++) assert.equal((await limiter.consume(policies, t0))!.allowed, true);
    const rejected = (await limiter.consume(policies, t0))!;
    assert.equal(rejected.allowed, false);
    assert.equal(rejected.reported.policy.scope, 'token');
    assert.equal(rejected.reported.remaining, 0);
    assert.equal(rejected.reported.reset, t0 / 1000 + 30);
    assert.equal(rejected.retryAfter, 30);
    // The next minute is a fresh window.
    assert.equal((await limiter.consume(policies, t0 + 30_000))!.allowed, true);
  });

  it('keeps hour and day windows in SQLite, so a new limiter (a restart) still enforces them', async () => {
    const t0 = Date.UTC(2026, 10, 25, 12, 0, 0);
    const policies = policiesFor('upload', subject({ tokenId: 9, accountId: 9, userId: 9, testMode: true }), '');
    const first = new RateLimiter(engine.db);
    for (let i = 0; i < 10; i++) assert.equal((await first.consume(policies, t0 + i * 61_000))!.allowed, true);
    const restarted = new RateLimiter(engine.db);
    const decision = (await restarted.consume(policies, t0 + 11 * 61_000))!;
    assert.equal(decision.allowed, false);
    assert.equal(decision.reported.policy.code, 'test_mode_limit_exceeded');
    assert.equal(decision.reported.policy.scope, 'token');
    assert.equal(decision.reported.reset, Date.UTC(2026, 10, 26) / 1000);
  });

  it('reports the policy closest to its limit on allowed requests', async () => {
    const limiter = new RateLimiter(engine.db);
    const t0 = Date.UTC(2026, 10, 25, 14, 0, 0);
    const a = policiesFor('read', subject({ tokenId: 21, accountId: 20 }), '');
    const b = policiesFor('read', subject({ tokenId: 22, accountId: 20 }), '');
    for (let i = 0; i < 299; i++) await limiter.consume(a, t0);
    const d = (await limiter.consume(b, t0))!;
    assert.equal(d.allowed, true);
    // token 22: 299 left of 300; workspace: 700 left of 1,000 → the workspace is tighter.
    assert.equal(d.reported.policy.scope, 'account');
    assert.equal(d.reported.remaining, 700);
  });
  it('counts minute windows across API replicas on the team server; per process on the desktop', async () => {
    // Two limiters on one database stand for two API processes answering the same token.
    const t0 = Date.UTC(2026, 10, 25, 16, 0, 5);
    const policies = policiesFor('delete', subject({ tokenId: 31, accountId: 31 }), '');
    const limit = Math.min(...policies.map((p) => p.limit));
    const replicaA = new RateLimiter(engine.db);
    const replicaB = new RateLimiter(engine.db);
    for (let i = 0; i < limit; i++) assert.equal((await (i % 2 ? replicaB : replicaA).consume(policies, t0))!.allowed, true);
    const next = (await replicaB.consume(policies, t0))!;
    if (TEST_ON_POSTGRES) {
      assert.equal(next.allowed, false, 'the replica must see the requests the other one counted');
      assert.equal(next.reported.reset, t0 / 1000 + 55);
    } else {
      assert.equal(next.allowed, true, 'the desktop counts minute windows in memory, per process');
    }
  });
});
