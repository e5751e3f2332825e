// The desk's own endpoints (docs/desk-api.md) on a real server: the one-time sign-in link,
// session cookies accepted by /api/v1, the CSRF header, tokens, webhooks with a real
// receiver, credits, the inbox listing and reprocessing — every response checked against
// the desk's published OpenAPI document.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { Contract } from './contract.js';
import { assertError, call, cli, pdfBytes, pngBytes, startApi, upload, waitTerminal, type ApiServer, type Reply } from './support.js';

const DESK = { 'X-Docdesk-Desk': '1' };

function cookieOf(reply: Reply): string {
  const set = reply.headers.get('set-cookie') ?? '';
  const m = /docdesk_session=([^;]*)/.exec(set);
  assert.ok(m, `no session cookie in ${set}`);
  assert.match(set, /HttpOnly/);
  assert.match(set, /SameSite=Strict/);
  return `docdesk_session=${m[1]}`;
}

describe('desk endpoints', () => {
  let api: ApiServer;
  let contract: Contract;
  let cookie: string;

  const desk = async (path: string, opts: { method?: string; body?: unknown; cookie?: string | null; headers?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { ...(opts.method && opts.method !== 'GET' ? DESK : {}), ...(opts.body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...(opts.headers ?? {}) };
    const c = opts.cookie === undefined ? cookie : opts.cookie;
    if (c) headers.Cookie = c;
    return call(api.url, path, { method: opts.method ?? 'GET', headers, ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}) });
  };

  before(async () => {
    api = await startApi();
    contract = new Contract(await (await fetch(`${api.url}/app/v1/openapi.json`)).json());
  });
  after(async () => api?.close());

  it('signs a browser in once through the printed link, then the link is spent', async () => {
    assert.match(api.signinUrl, /^http:\/\/127\.0\.0\.1:\d+\/\?login=[A-Za-z0-9_-]+$/);
    const first = await fetch(api.signinUrl, { redirect: 'manual' });
    assert.equal(first.status, 302);
    assert.equal(first.headers.get('location'), '/');
    assert.equal(first.headers.get('referrer-policy'), 'no-referrer');
    cookie = cookieOf({ status: 302, headers: first.headers, body: null, bytes: Buffer.alloc(0) });
    const again = await fetch(api.signinUrl, { redirect: 'manual' });
    assert.equal(again.status, 302);
    assert.equal(again.headers.get('location'), '/?signin=expired');
    assert.equal(again.headers.get('set-cookie'), null);

    const session = await desk('/app/v1/session');
    assert.equal(session.status, 200);
    contract.assertResponse('getSession', session);
    assert.equal(session.body.data.account.name, 'Local workspace');
    assert.equal(session.body.data.can_manage_workspace, true);
    assert.equal(session.body.data.data_dir, api.dataDir);
    assert.ok(session.body.data.token.abilities.includes('workspace:manage'));
  });

  it('`docdesk signin-url` mints a fresh link for the running server', async () => {
    const { signin_url } = cli<{ signin_url: string }>(api.dataDir, ['signin-url']);
    assert.ok(signin_url.startsWith(`${api.url}/?login=`));
    const res = await fetch(signin_url, { redirect: 'manual' });
    assert.equal(res.headers.get('location'), '/');
  });

  it('answers 401 without a session, and signs in with an API token', async () => {
    assertError(await desk('/app/v1/session', { cookie: null }), 401, 'unauthenticated');
    assertError(await desk('/app/v1/session', { cookie: 'docdesk_session=forged' }), 401, 'unauthenticated');
    const empty = await desk('/app/v1/tokens', { method: 'DELETE', headers: { 'Content-Type': 'application/json' } });
    assert.equal(empty.status, 404, 'an empty JSON body is no body, not malformed JSON');
    assertError(await desk('/app/v1/session', { method: 'POST', body: undefined, headers: { 'Content-Type': 'application/json' }, cookie: null }), 422, 'validation_failed');
    const bad = await desk('/app/v1/session', { method: 'POST', body: { token: 'dd_live_nope' }, cookie: null });
    assertError(bad, 401, 'unauthenticated');
    contract.assertResponse('signIn', bad);
    assertError(await desk('/app/v1/session', { method: 'POST', body: {}, cookie: null }), 422, 'validation_failed');
    const ok = await desk('/app/v1/session', { method: 'POST', body: { token: api.appToken }, cookie: null });
    assert.equal(ok.status, 200);
    contract.assertResponse('signIn', ok);
    assert.ok(cookieOf(ok));
  });

  it('lets the session cookie stand in for the bearer token on /api/v1, with the CSRF header on writes', async () => {
    const ping = await desk('/api/v1/ping');
    assert.equal(ping.status, 200);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await pngBytes())], { type: 'image/png' }), 'a.png');
    form.append('processing_mode', 'thumbnail');
    const noHeader = await fetch(`${api.url}/api/v1/documents`, { method: 'POST', body: form, headers: { Cookie: cookie, 'Idempotency-Key': 'desk-1' } });
    assert.equal(noHeader.status, 403);
    assert.equal(((await noHeader.json()) as { code: string }).code, 'csrf_header_missing');
    const withHeader = await fetch(`${api.url}/api/v1/documents`, { method: 'POST', body: form, headers: { Cookie: cookie, 'Idempotency-Key': 'desk-2', 'X-Docdesk-Desk': '1' } });
    assert.equal(withHeader.status, 201);
  });

  it('creates, lists and revokes tokens; the secret is shown once; the own token is protected', async () => {
    const created = await desk('/app/v1/tokens', { method: 'POST', body: { name: 'Accounting export', mode: 'test', abilities: ['documents:read'] } });
    assert.equal(created.status, 201);
    contract.assertResponse('createToken', created);
    assert.match(created.body.secret, /^dd_test_/);
    const id = created.body.data.id;

    const listed = await desk('/app/v1/tokens');
    contract.assertResponse('listTokens', listed);
    assert.equal(listed.body.data[0].id, id, 'newest first');
    assert.ok(!JSON.stringify(listed.body).includes(created.body.secret), 'never shown again');

    // The new token works, but cannot manage the workspace.
    assert.equal((await call(api.url, '/api/v1/ping', { token: created.body.secret })).status, 200);
    assertError(await call(api.url, '/app/v1/tokens', { token: created.body.secret }), 403, 'missing_ability');

    assertError(await desk('/app/v1/tokens', { method: 'POST', body: { name: 'x', mode: 'live', abilities: ['documents:fly'] } }), 422, 'validation_failed');
    assertError(await desk('/app/v1/tokens', { method: 'POST', body: { name: 'x', mode: 'live', abilities: [] } }), 422, 'validation_failed');

    const session = await desk('/app/v1/session');
    const own = await desk(`/app/v1/tokens/${session.body.data.token.id}`, { method: 'DELETE' });
    assertError(own, 409, 'cannot_revoke_own_token');
    contract.assertResponse('revokeToken', own);

    const revoked = await desk(`/app/v1/tokens/${id}`, { method: 'DELETE' });
    assert.equal(revoked.status, 200);
    contract.assertResponse('revokeToken', revoked);
    assert.ok(revoked.body.data.revoked_at);
    assertError(await call(api.url, '/api/v1/ping', { token: created.body.secret }), 401, 'unauthenticated');
    assertError(await desk('/app/v1/tokens/99999', { method: 'DELETE' }), 404, 'not_found');
  });

  it('ends the sessions of a revoked token', async () => {
    const created = await desk('/app/v1/tokens', { method: 'POST', body: { name: 'browser', mode: 'live', abilities: ['documents:read'] } });
    const signedIn = await desk('/app/v1/session', { method: 'POST', body: { token: created.body.secret }, cookie: null });
    const other = cookieOf(signedIn);
    assert.equal((await desk('/app/v1/session', { cookie: other })).body.data.can_manage_workspace, false);
    await desk(`/app/v1/tokens/${created.body.data.id}`, { method: 'DELETE' });
    assertError(await desk('/app/v1/session', { cookie: other }), 401, 'unauthenticated');
  });

  it('manages webhooks: add, reveal and rotate the secret, see deliveries and retry one', async () => {
    let answer = 500;
    const received: string[] = [];
    const receiver: Server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push(body);
        res.writeHead(answer).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    try {
      const port = (receiver.address() as { port: number }).port;
      assertError(await desk('/app/v1/webhooks', { method: 'POST', body: { url: 'ftp://example.org/hook' } }), 422, 'validation_failed');
      assertError(await desk('/app/v1/webhooks', { method: 'POST', body: { url: 'http://x', events: ['document.exploded'] } }), 422, 'validation_failed');
      const added = await desk('/app/v1/webhooks', { method: 'POST', body: { url: `http://127.0.0.1:${port}/hook`, events: ['document.completed'] } });
      assert.equal(added.status, 201);
      contract.assertResponse('createWebhook', added);
      const id = added.body.data.id;
      const revealed = await desk(`/app/v1/webhooks/${id}/secret`);
      contract.assertResponse('revealWebhookSecret', revealed);
      assert.equal(revealed.body.secret, added.body.secret);
      const rotated = await desk(`/app/v1/webhooks/${id}/rotate-secret`, { method: 'POST' });
      contract.assertResponse('rotateWebhookSecret', rotated);
      assert.notEqual(rotated.body.secret, added.body.secret);
      contract.assertResponse('listWebhooks', await desk('/app/v1/webhooks'));

      const res = await upload(api.url, { token: api.appToken, file: { name: 'hook.png', data: await pngBytes(), type: 'image/png' }, fields: { processing_mode: 'thumbnail' } });
      const doc = ((await res.json()) as { data: { id: number } }).data;
      await waitTerminal(api.url, api.appToken, doc.id);

      // This document's delivery, found by its document: another test's document that completes
      // late (a loaded machine) is delivered to this endpoint too, and may be the newest row.
      type Delivery = { id: number; document_id: number; event: string; status: string; last_status_code: number | null };
      const ofThisDocument = (r: Reply) => (r.body.data as Delivery[]).find((d) => d.document_id === doc.id);
      let deliveries: Reply;
      for (let i = 0; ; i++) {
        deliveries = await desk(`/app/v1/webhooks/${id}/deliveries`);
        if (ofThisDocument(deliveries)?.last_status_code) break;
        assert.ok(i < 100, 'a delivery attempt is logged');
        await new Promise((r) => setTimeout(r, 100));
      }
      contract.assertResponse('listWebhookDeliveries', deliveries);
      const delivery = ofThisDocument(deliveries)!;
      assert.equal(delivery.document_id, doc.id);
      assert.equal(delivery.event, 'document.completed');
      assert.equal(delivery.last_status_code, 500);

      answer = 200;
      const retried = await desk(`/app/v1/webhook-deliveries/${delivery.id}/retry`, { method: 'POST' });
      assert.equal(retried.status, 202);
      contract.assertResponse('retryWebhookDelivery', retried);
      for (let i = 0; ; i++) {
        const d = ofThisDocument(await desk(`/app/v1/webhooks/${id}/deliveries`))!;
        if (d.status === 'delivered') break;
        assert.ok(i < 100, 'the retried delivery arrives');
        await new Promise((r) => setTimeout(r, 100));
      }
      assertError(await desk(`/app/v1/webhook-deliveries/${delivery.id}/retry`, { method: 'POST' }), 409, 'delivery_already_delivered');
      assert.ok(received.length >= 2);

      assert.equal((await desk(`/app/v1/webhooks/${id}`, { method: 'DELETE' })).status, 204);
      assertError(await desk(`/app/v1/webhooks/${id}/secret`), 404, 'not_found');
    } finally {
      receiver.close();
    }
  });

  it('shows the credit balance and the ledger, newest first, in windows', async () => {
    const res = await upload(api.url, { token: api.appToken, file: { name: 'two.pdf', data: pdfBytes(2), type: 'application/pdf' }, fields: { processing_mode: 'analysis' } });
    const doc = ((await res.json()) as { data: { id: number } }).data;
    await waitTerminal(api.url, api.appToken, doc.id);
    const page = await desk('/app/v1/credits?limit=1');
    contract.assertResponse('getCredits', page);
    assert.equal(page.body.data.entries.length, 1);
    assert.equal(page.body.has_more, true);
    assert.equal(page.body.data.entries[0].document_id, doc.id);
    const all = await desk('/app/v1/credits');
    const sum = all.body.data.entries.reduce((s: number, e: { amount: number }) => s + e.amount, 0);
    assert.equal(all.body.data.available_credits, sum, 'the balance is the sum of the ledger');
    const older = await desk(`/app/v1/credits?before=${page.body.data.entries[0].id}`);
    assert.ok(older.body.data.entries.every((e: { id: number }) => e.id < page.body.data.entries[0].id));
  });

  it('lists the inbox with filters, search over filename and text, sort and windows', async () => {
    const res = await upload(api.url, { token: api.appToken, file: { name: 'Stromrechnung März.pdf', data: pdfBytes(1, 'Rechnung Stadtwerke Quellental'), type: 'application/pdf' }, fields: { processing_mode: 'analysis' } });
    const doc = ((await res.json()) as { data: { id: number } }).data;
    await waitTerminal(api.url, api.appToken, doc.id);

    const all = await desk('/app/v1/inbox');
    contract.assertResponse('inbox', all);
    assert.ok(all.body.total >= 4);
    assert.equal(all.body.data[0].id, doc.id, 'newest first');
    const row = all.body.data[0];
    assert.equal(row.status, 'completed');
    assert.equal(row.page_count, 1);
    assert.ok(row.credits_charged > 0);
    assert.match(row.thumbnail_url, new RegExp(`/api/v1/documents/${doc.id}/thumbnail$`));

    assert.deepEqual((await desk('/app/v1/inbox?q=märz')).body.data.map((r: { id: number }) => r.id), [doc.id], 'filename, case-insensitive');
    assert.deepEqual((await desk('/app/v1/inbox?q=quellental')).body.data.map((r: { id: number }) => r.id), [doc.id], 'extracted text');
    assert.equal((await desk('/app/v1/inbox?q=100%25')).body.total, 0, 'LIKE wildcards are literal');
    const thumbs = await desk('/app/v1/inbox?processing_mode=thumbnail');
    assert.ok(thumbs.body.data.length >= 2 && thumbs.body.data.every((r: { processing_mode: string }) => r.processing_mode === 'thumbnail'));
    assert.equal((await desk('/app/v1/inbox?status=blocked')).body.total, 0);
    const window = await desk('/app/v1/inbox?limit=1&offset=1&sort=created_at');
    assert.equal(window.body.data.length, 1);
    assert.equal(window.body.offset, 1);
    const byName = (await desk('/app/v1/inbox?sort=filename')).body.data.map((r: { filename: string }) => r.filename.toLowerCase());
    assert.deepEqual(byName, [...byName].sort());
    assertError(await desk('/app/v1/inbox?limit=501'), 422, 'validation_failed');
    assertError(await desk('/app/v1/inbox?status=lost'), 422, 'validation_failed');
  });

  it('reprocesses a terminal document and refuses while it is pending', async () => {
    const res = await upload(api.url, { token: api.appToken, file: { name: 'again.pdf', data: pdfBytes(1), type: 'application/pdf' }, fields: { processing_mode: 'analysis' } });
    const doc = ((await res.json()) as { data: { id: number } }).data;
    const early = await desk(`/app/v1/documents/${doc.id}/reprocess`, { method: 'POST' });
    if (early.status === 409) assertError(early, 409, 'document_pending');
    await waitTerminal(api.url, api.appToken, doc.id);
    const again = await desk(`/app/v1/documents/${doc.id}/reprocess`, { method: 'POST' });
    assert.equal(again.status, 202);
    contract.assertResponse('reprocessDocument', again);
    assert.equal(again.body.data.status, 'pending');
    const done = await waitTerminal(api.url, api.appToken, doc.id);
    assert.equal(done.status, 'completed');
    assertError(await desk('/app/v1/documents/999999/reprocess', { method: 'POST' }), 404, 'not_found');
  });

  it('downloads the original as an attachment with its filename', async () => {
    const bytes = pdfBytes(1, 'original');
    const res = await upload(api.url, { token: api.appToken, file: { name: 'Größe 1.pdf', data: bytes, type: 'application/pdf' }, fields: { processing_mode: 'thumbnail' } });
    const doc = ((await res.json()) as { data: { id: number } }).data;
    const got = await desk(`/app/v1/documents/${doc.id}/original`);
    assert.equal(got.status, 200);
    contract.assertResponse('downloadOriginal', got);
    assert.deepEqual(got.bytes, bytes);
    const disposition = got.headers.get('content-disposition') ?? '';
    assert.match(disposition, /^attachment; filename="Gr__e 1.pdf"; filename\*=UTF-8''Gr%C3%B6%C3%9Fe%201.pdf$/);
    assert.equal(got.headers.get('x-content-type-options'), 'nosniff');
    await waitTerminal(api.url, api.appToken, doc.id);
    assert.equal((await call(api.url, `/api/v1/documents/${doc.id}`, { method: 'DELETE', token: api.appToken })).status, 204);
    assertError(await desk(`/app/v1/documents/${doc.id}/original`), 404, 'not_found');
  });

  it('serves the desk shell with a strict CSP on client routes, never on API paths', async () => {
    for (const path of ['/', '/documents/12']) {
      const res = await fetch(`${api.url}${path}`, { headers: { Accept: 'text/html' } });
      assert.equal(res.status, 200, path);
      assert.match(res.headers.get('content-type') ?? '', /text\/html/);
      const csp = res.headers.get('content-security-policy') ?? '';
      assert.match(csp, /script-src 'self'/);
      assert.match(csp, /frame-ancestors 'none'/);
    }
    assertError(await call(api.url, '/api/v1/nothing', { headers: { Accept: 'text/html' } }), 404, 'not_found');
    assert.equal((await fetch(`${api.url}/assets/..%2f..%2fdocdesk.sqlite`)).status, 404);
    assert.equal((await fetch(`${api.url}/docdesk.sqlite`)).status, 404);
  });

  it('keeps the desk endpoints out of the published API contract', async () => {
    const published = (await (await fetch(`${api.url}/api/v1/openapi.json`)).json()) as { paths: Record<string, unknown> };
    assert.ok(Object.keys(published.paths).every((p) => p.startsWith('/api/v1/')));
    assert.ok(Object.keys(contract.doc.paths).every((p: string) => p.startsWith('/app/v1/')));
  });

  it('signs out', async () => {
    const out = await desk('/app/v1/session', { method: 'DELETE' });
    assert.equal(out.status, 204);
    assert.match(out.headers.get('set-cookie') ?? '', /Max-Age=0/);
    assertError(await desk('/app/v1/session'), 401, 'unauthenticated');
  });
});
