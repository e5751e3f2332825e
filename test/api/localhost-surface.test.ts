// Issue 15, item 5 (and the small items of 8): the Host allow-list on every route, URLs from
// the configured origin, failed-auth throttling with the 429 envelope, a private data
// folder, bidi controls removed from file names, a degraded e-mail when attachments were
// dropped, and the warning for a non-loopback bind.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { buildRichEml } from '../helpers/fixtures.js';
import { TEST_ON_POSTGRES } from '../helpers/database.js';
import { removeDir, startServerProcess, tempDataDir } from '../helpers/server.js';
import { account, assertError, call, freshWindowFor, pdfBytes, startApi, upload, waitTerminal, type ApiServer, type Reply } from './support.js';

/** fetch() cannot set Host; node:http can. */
function withHost(url: string, path: string, host: string, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { headers: { ...headers, Host: host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') h.set(k, v);
        resolve({ status: res.statusCode!, headers: h, body: (res.headers['content-type'] ?? '').includes('json') && bytes.length ? JSON.parse(bytes.toString()) : null, bytes });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the localhost surface', () => {
  let server: ApiServer;
  let token: string;
  let port: string;

  before(async () => {
    server = await startApi({ DOCDESK_AUTH_FAILURES_PER_MINUTE: '5' });
    token = account(server.dataDir, { credits: 100 }).token;
    port = new URL(server.url).port;
  });
  after(() => server?.close());

  it('answers the loopback names on every route, and nothing else (DNS rebinding)', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `LOCALHOST:${port}`]) {
      assert.equal((await withHost(server.url, '/api/v1/ping', host, { Authorization: `Bearer ${token}` })).status, 200, host);
    }
    for (const path of ['/', '/api/v1/ping', '/app/v1/session', '/api/v1/openapi.json', '/nope', `/?login=x`]) {
      for (const host of [`evil.example:${port}`, 'localhost', `127.0.0.1:${Number(port) + 1}`, `localhost.evil.example:${port}`]) {
        assertError(await withHost(server.url, path, host, { Authorization: `Bearer ${token}` }), 403, 'host_not_allowed');
      }
    }
  });

  it('builds response URLs from the configured origin, never from the Host header', async () => {
    const res = await upload(server.url, { token, file: { name: 'a.pdf', data: pdfBytes(1, 'origin check') }, fields: { processing_mode: 'analysis' } });
    const body = (await res.json()) as any;
    assert.equal(res.status, 201);
    const doc = await waitTerminal(server.url, token, body.data.id, 120_000);
    const viaLocalhost = await withHost(server.url, `/api/v1/documents/${doc.id}`, `localhost:${port}`, { Authorization: `Bearer ${token}` });
    assert.equal(viaLocalhost.status, 200);
    assert.ok(viaLocalhost.body.data.thumbnail.startsWith(`http://127.0.0.1:${port}/`), viaLocalhost.body.data.thumbnail);
    assert.ok(viaLocalhost.body.data.previews[0].preview.startsWith(`http://127.0.0.1:${port}/`));
    const list = await withHost(server.url, '/api/v1/documents', `[::1]:${port}`, { Authorization: `Bearer ${token}` });
    assert.ok(list.body.links.first.startsWith(`http://127.0.0.1:${port}/api/v1/documents?`), list.body.links.first);
  });

  it('throttles failed bearer tokens, session tokens, sign-in tokens and sign-in codes with the 429 envelope', async () => {
    const attempts: Array<[string, () => Promise<Reply>, number]> = [
      ['bearer', () => call(server.url, '/api/v1/ping', { token: 'dd_live_wrong' }), 401],
      ['session', () => call(server.url, '/api/v1/ping', { headers: { Cookie: 'docdesk_session=wrong' } }), 401],
      ['sign-in token', () => call(server.url, '/app/v1/session', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token: 'dd_live_wrong' }) }), 401],
      ['sign-in code', () => call(server.url, '/?login=wrongcode', { headers: { Accept: 'text/html' } }).catch(() => ({ status: 302 }) as Reply), 200],
    ];
    await freshWindowFor(attempts.length * 6 + 1);
    for (const [what, attempt, failStatus] of attempts) {
      for (let i = 0; i < 5; i++) assert.equal((await attempt()).status, failStatus, `${what} attempt ${i + 1}`);
      const limited = assertError(await attempt(), 429, 'rate_limited');
      assert.equal(limited.rate_limit_scope, 'ip', what);
      assert.equal(limited.rate_limit_window, 'minute');
      assert.equal(limited.rate_limit_limit, 5);
      assert.ok(limited.retry_after >= 1);
    }
    // The right bearer token is refused too while the address is throttled (else guessing
    // would not slow down), and other kinds of credential are unaffected... until the window ends.
    assertError(await call(server.url, '/api/v1/ping', { token }), 429, 'rate_limited');
  });

  it('keeps the data folder private: 0700 folders, 0600 files', () => {
    if (process.platform === 'win32') return;
    for (const rel of ['.', 'files', 'files/originals', 'tmp']) assert.equal(statSync(join(server.dataDir, rel)).mode & 0o777, 0o700, rel);
    // On the Postgres pass there is no database file in the folder.
    for (const rel of [...(TEST_ON_POSTGRES ? [] : ['docdesk.sqlite']), 'app-token.txt']) assert.equal(statSync(join(server.dataDir, rel)).mode & 0o777, 0o600, rel);
  });
});

describe('file names and e-mail quality', () => {
  let server: ApiServer;
  let token: string;
  before(async () => {
    server = await startApi();
    token = account(server.dataDir, { credits: 100 }).token;
  });
  after(() => server?.close());

  it('removes bidi controls (U+202E and friends) from the stored and displayed name', async () => {
    const res = await upload(server.url, { token, file: { name: 'rechnung\u202Efdp.exe\u2066x\u200F.pdf', data: pdfBytes(1) }, fields: { processing_mode: 'thumbnail' } });
    const body = (await res.json()) as any;
    assert.equal(res.status, 201);
    assert.equal(body.data.filename, 'rechnungfdp.exex.pdf');
    const inbox = await call(server.url, '/app/v1/inbox', { token });
    assert.equal(inbox.body.data[0].filename, 'rechnungfdp.exex.pdf');
  });

  it('an e-mail with 100 attachments of which 8 are considered reports quality degraded', async () => {
    const attachments = Array.from({ length: 100 }, (_, i) => ({ filename: `anlage-${i + 1}.txt`, data: Buffer.from(`Anlage ${i + 1}\n`), contentType: 'text/plain' }));
    const eml = buildRichEml({ text: 'Anbei 100 Anlagen.', attachments });
    const res = await upload(server.url, { token, file: { name: 'viele.eml', data: eml }, fields: { processing_mode: 'analysis' } });
    const body = (await res.json()) as any;
    assert.equal(res.status, 201, JSON.stringify(body));
    const doc = await waitTerminal(server.url, token, body.data.id, 120_000);
    const q = doc.latest_extraction_run.quality;
    assert.equal(q.email.attachments_considered, 8);
    assert.equal(q.email.over_limit_attachments.length, 92);
    assert.equal(q.status, 'degraded');
    assert.ok(q.reasons.includes('email_degraded'), JSON.stringify(q.reasons));
  });
});

describe('serve --host 0.0.0.0', () => {
  it('prints a loud warning naming the exposure', async () => {
    const dataDir = tempDataDir();
    const server = await startServerProcess({ dataDir, extraArgs: ['--host', '0.0.0.0'] });
    try {
      await new Promise((r) => setTimeout(r, 200));
      assert.match(server.stderr(), /WARNING: Docdesk is listening on 0\.0\.0\.0:\d+, not only on this machine/);
      // Still answers on the loopback names, with loopback URLs.
      assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/);
      assert.equal((await call(server.url, '/api/v1/ping', { token: server.appToken })).status, 200);
    } finally {
      await server.stop();
      removeDir(dataDir);
    }
  });

  it('a loopback serve prints no warning', async () => {
    const dataDir = tempDataDir();
    const server = await startServerProcess({ dataDir });
    await server.stop();
    assert.doesNotMatch(server.stderr(), /WARNING/);
    removeDir(dataDir);
  });
});
