// Rate limits over real HTTP: exact headers and bodies per profile and scope, test-mode
// daily limits across a restart, and a 429 followed by a successful keyed retry.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { cli, createAccountWithToken, getJson, serverForSuite, upload } from '../helpers/server.js';
import { freshWindowFor } from './support.js';

const png = () => sharp({ create: { width: 32, height: 32, channels: 3, background: '#aa3300' } }).png().toBuffer();

async function hammer(n: number, fn: () => Promise<Response>): Promise<Response[]> {
  const out: Response[] = [];
  for (let i = 0; i < n; i++) {
    const res = await fn();
    await res.arrayBuffer();
    out.push(res);
  }
  return out;
}

/** The premise of a minute-limit test: every response was counted in the same window. */
function assertOneWindow(responses: Response[]): void {
  const resets = new Set(responses.map((r) => r.headers.get('x-ratelimit-reset')));
  assert.ok([...resets].every((r) => /^\d{10}$/.test(r ?? '')), 'every response names its window');
  assert.equal(resets.size, 1, `the burst straddled a window boundary: resets ${[...resets].join(', ')}`);
}

function assertLimitHeaders(res: Response, expected: { limit: number; remaining: number; profile: string; scope: string; window: string }) {
  assert.equal(res.headers.get('x-ratelimit-limit'), String(expected.limit));
  assert.equal(res.headers.get('x-ratelimit-remaining'), String(expected.remaining));
  assert.equal(res.headers.get('x-ratelimit-profile'), expected.profile);
  assert.equal(res.headers.get('x-ratelimit-scope'), expected.scope);
  assert.equal(res.headers.get('x-ratelimit-window'), expected.window);
  assert.match(res.headers.get('x-ratelimit-reset') ?? '', /^\d{10}$/);
}

describe('rate limits', () => {
  const suite = serverForSuite();

  it('limits reads per token (restricted: 300/min) with exact headers and body', async () => {
    const { token } = createAccountWithToken(suite.dataDir, { extra: ['--rate-profile', 'restricted'] });
    const ping = () => fetch(`${suite.server.url}/api/v1/ping`, { headers: { Authorization: `Bearer ${token}` } });
    await freshWindowFor(301);
    const ok = await hammer(300, ping);
    assert.ok(ok.every((r) => r.status === 200));
    assertLimitHeaders(ok[299]!, { limit: 300, remaining: 0, profile: 'restricted', scope: 'token', window: 'minute' });
    const res = await ping();
    assertOneWindow([...ok, res]);
    assert.equal(res.status, 429);
    assertLimitHeaders(res, { limit: 300, remaining: 0, profile: 'restricted', scope: 'token', window: 'minute' });
    const retryAfter = Number(res.headers.get('retry-after'));
    assert.ok(retryAfter >= 1 && retryAfter <= 60);
    const body = (await res.json()) as any;
    assert.equal(body.code, 'rate_limited');
    assert.equal(body.request_id, res.headers.get('x-request-id'));
    assert.deepEqual(
      { p: body.rate_limit_profile, s: body.rate_limit_scope, w: body.rate_limit_window, l: body.rate_limit_limit, r: body.retry_after },
      { p: 'restricted', s: 'token', w: 'minute', l: 300, r: retryAfter },
    );
  });

  it('limits reads per workspace across tokens (trusted: 1,440/min)', async () => {
    const { accountId, token } = createAccountWithToken(suite.dataDir, { extra: ['--rate-profile', 'trusted'] });
    const tokens = [token, ...[1, 2].map(() => cli(suite.dataDir, ['token', 'create', '--account', String(accountId), '--mode', 'live', '--abilities', 'documents:read']).token as string)];
    await freshWindowFor(1441);
    const all: Response[] = [];
    for (const [i, t] of tokens.entries()) {
      const n = i < 2 ? 720 : 0;
      const rs = await hammer(n, () => fetch(`${suite.server.url}/api/v1/ping`, { headers: { Authorization: `Bearer ${t}` } }));
      assert.ok(rs.every((r) => r.status === 200));
      all.push(...rs);
    }
    const res = await fetch(`${suite.server.url}/api/v1/ping`, { headers: { Authorization: `Bearer ${tokens[2]}` } });
    assertOneWindow([...all, res]);
    assert.equal(res.status, 429);
    assertLimitHeaders(res, { limit: 1440, remaining: 0, profile: 'trusted', scope: 'account', window: 'minute' });
    assert.equal(((await res.json()) as any).rate_limit_scope, 'account');
  });

  it('limits deletes per token (standard: 120/min)', async () => {
    const { token } = createAccountWithToken(suite.dataDir);
    const del = () => fetch(`${suite.server.url}/api/v1/documents/999999`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } });
    await freshWindowFor(121);
    const rs = await hammer(120, del);
    assert.ok(rs.every((r) => r.status === 404), 'deletes of unknown documents still count');
    const res = await del();
    assertOneWindow([...rs, res]);
    assert.equal(res.status, 429);
    assertLimitHeaders(res, { limit: 120, remaining: 0, profile: 'standard', scope: 'token', window: 'minute' });
  });

  it('answers a 429 on uploads, and the same keyed upload succeeds after Retry-After and then replays', { timeout: 120_000 }, async () => {
    const { token } = createAccountWithToken(suite.dataDir, { extra: ['--rate-profile', 'restricted'], credits: 0 });
    // Requests rejected by validation still count as uploads.
    await freshWindowFor(31);
    const rs = await hammer(30, () => upload(suite.server.url, { token, key: null, fields: { processing_mode: 'thumbnail' } }));
    assert.ok(rs.every((r) => r.status === 422));
    const file = { name: 'late.png', data: await png() };
    const limited = await upload(suite.server.url, { token, key: 'retry-me', file, fields: { processing_mode: 'thumbnail' } });
    assert.equal(limited.status, 429);
    assertLimitHeaders(limited, { limit: 30, remaining: 0, profile: 'restricted', scope: 'token', window: 'minute' });
    await new Promise((r) => setTimeout(r, Number(limited.headers.get('retry-after')) * 1000 + 200));
    const accepted = await upload(suite.server.url, { token, key: 'retry-me', file, fields: { processing_mode: 'thumbnail' } });
    assert.equal(accepted.status, 201, 'the 429 did not consume the Idempotency-Key');
    const first = (await accepted.json()) as any;
    const replay = await upload(suite.server.url, { token, key: 'retry-me', file, fields: { processing_mode: 'thumbnail' } });
    assert.equal(replay.status, 201);
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal(((await replay.json()) as any).data.id, first.data.id);
  });

  it('enforces the test-mode daily limits per token and workspace, across a restart', async () => {
    const { accountId, token } = createAccountWithToken(suite.dataDir, { mode: 'test', credits: 0 });
    const second = cli(suite.dataDir, ['token', 'create', '--account', String(accountId), '--mode', 'test', '--abilities', 'documents:write']).token as string;
    const third = cli(suite.dataDir, ['token', 'create', '--account', String(accountId), '--mode', 'test', '--abilities', 'documents:write']).token as string;
    const bad = (t: string) => upload(suite.server.url, { token: t, key: null });
    assert.ok((await hammer(10, () => bad(token))).every((r) => r.status === 422));

    await suite.restart();

    const res = await bad(token);
    assert.equal(res.status, 429);
    const body = (await res.json()) as any;
    assert.equal(body.code, 'test_mode_limit_exceeded');
    assert.equal(body.token_daily_document_limit, 10);
    assert.equal(body.account_daily_document_limit, 25);
    assert.equal(body.user_daily_document_limit, 50);
    assert.equal(body.retry_after, Number(res.headers.get('retry-after')));
    assert.equal(res.headers.get('x-ratelimit-window'), 'day');
    assert.equal(res.headers.get('x-ratelimit-scope'), 'token');

    assert.ok((await hammer(10, () => bad(second))).every((r) => r.status === 422));
    assert.ok((await hammer(5, () => bad(third))).every((r) => r.status === 422));
    const workspace = await bad(third);
    assert.equal(workspace.status, 429);
    assert.equal(workspace.headers.get('x-ratelimit-scope'), 'account');
    assert.equal(((await workspace.json()) as any).rate_limit_limit, 25);
    // A live token of the same workspace is not affected by the sandbox limits.
    const live = cli(suite.dataDir, ['token', 'create', '--account', String(accountId), '--mode', 'live', '--abilities', 'documents:write']).token as string;
    assert.equal((await bad(live)).status, 422);
  });

  it('limits anonymous x402 status checks per IP (120/min) without a profile header', async () => {
    const check = () => fetch(`${suite.server.url}/api/v1/x402/extractions/1`);
    await freshWindowFor(121);
    const rs = await hammer(120, check);
    assert.ok(rs.every((r) => r.status === 404));
    const res = await check();
    assertOneWindow([...rs, res]);
    assert.equal(res.status, 429);
    assert.equal(res.headers.get('x-ratelimit-scope'), 'ip');
    assert.equal(res.headers.get('x-ratelimit-profile'), null);
    const ping = await getJson(suite.server.url, '/api/v1/ping', suite.server.appToken);
    assert.equal(ping.status, 200, 'authenticated routes are not limited by the anonymous IP policy');
  });
});
