// ping, the anonymous x402 routes, X-Request-ID handling and unknown routes (spec 4.1, 4.4,
// 7, 8), over real HTTP against a real `docdesk serve` process.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError, assertRequestIdHeader, call, startApi, toReply, type ApiServer } from './support.js';

let server: ApiServer;

before(async () => {
  server = await startApi();
});
after(async () => {
  await server?.close();
});

describe('GET /api/v1/ping', () => {
  it('answers 200 {status: true} for a valid token, with a generated X-Request-ID', async () => {
    const r = await call(server.url, '/api/v1/ping', { token: server.appToken });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, { status: true });
    assertRequestIdHeader(r);
  });

  it('generates a different request id for every request', async () => {
    const a = await call(server.url, '/api/v1/ping', { token: server.appToken });
    const b = await call(server.url, '/api/v1/ping', { token: server.appToken });
    assert.notEqual(assertRequestIdHeader(a), assertRequestIdHeader(b));
  });

  it('answers 401 without a token, with the error envelope', async () => {
    assertError(await call(server.url, '/api/v1/ping'), 401, 'unauthenticated');
  });

  it('answers 401 for an unknown token and for a non-Bearer scheme', async () => {
    assertError(await call(server.url, '/api/v1/ping', { token: 'dd_live_not-a-real-token' }), 401, 'unauthenticated');
    assertError(await call(server.url, '/api/v1/ping', { headers: { Authorization: `Basic ${server.appToken}` } }), 401, 'unauthenticated');
    assertError(await call(server.url, '/api/v1/ping', { headers: { Authorization: 'Bearer' } }), 401, 'unauthenticated');
  });
});

describe('X-Request-ID', () => {
  it('echoes a caller value of 128 visible ASCII characters on success', async () => {
    const id = `r${'x'.repeat(126)}Z`;
    assert.equal(id.length, 128);
    const r = await call(server.url, '/api/v1/ping', { token: server.appToken, headers: { 'X-Request-ID': id } });
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('x-request-id'), id);
  });

  it('echoes the caller value in error bodies too', async () => {
    const id = 'trace-1234/abc:DEF';
    const r = await call(server.url, '/api/v1/ping', { headers: { 'X-Request-ID': id } });
    const body = assertError(r, 401, 'unauthenticated');
    assert.equal(body.request_id, id);
  });

  it('replaces a 129-character value with a generated id', async () => {
    const id = 'y'.repeat(129);
    const r = await call(server.url, '/api/v1/ping', { headers: { 'X-Request-ID': id } });
    const body = assertError(r, 401, 'unauthenticated');
    const got = assertRequestIdHeader(r);
    assert.notEqual(got, id);
    assert.ok(got.length <= 128);
    assert.equal(body.request_id, got);
  });

  it('replaces a value with non-visible characters (space) with a generated id', async () => {
    const r = await call(server.url, '/api/v1/ping', { token: server.appToken, headers: { 'X-Request-ID': 'has space' } });
    assert.equal(r.status, 200);
    assert.notEqual(assertRequestIdHeader(r), 'has space');
  });

  it('is present on the OpenAPI document, the web shell and unknown routes', async () => {
    for (const path of ['/api/v1/openapi.json', '/', '/api/v1/no-such-route']) {
      const r = await call(server.url, path, { headers: { 'X-Request-ID': `probe-${path.length}` } });
      assert.equal(r.headers.get('x-request-id'), `probe-${path.length}`, path);
    }
  });
});

describe('unknown routes', () => {
  it('answers 404 not_found with the error envelope', async () => {
    assertError(await call(server.url, '/api/v1/no-such-route', { token: server.appToken }), 404, 'not_found');
    assertError(await call(server.url, '/api/v2/documents', { token: server.appToken }), 404, 'not_found');
  });
});

describe('anonymous x402 routes', () => {
  it('POST /api/v1/x402/extractions answers 503 x402_unavailable without any token', async () => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')]), 'a.pdf');
    const res = await fetch(`${server.url}/api/v1/x402/extractions`, { method: 'POST', body: form, headers: { 'X-Request-ID': 'x402-probe' } });
    const r = await toReply(res);
    const body = assertError(r, 503, 'x402_unavailable');
    assert.equal(body.request_id, 'x402-probe');
  });

  it('POST /api/v1/x402/extractions answers 503 with an empty body too', async () => {
    assertError(await call(server.url, '/api/v1/x402/extractions', { method: 'POST' }), 503, 'x402_unavailable');
  });

  it('GET /api/v1/x402/extractions/{document} answers 404 without any token', async () => {
    assertError(await call(server.url, '/api/v1/x402/extractions/1'), 404, 'not_found');
  });

  it('GET /api/v1/x402/extractions/{document} answers 404 for a malformed id and with a token', async () => {
    assertError(await call(server.url, '/api/v1/x402/extractions/abc'), 404, 'not_found');
    assertError(await call(server.url, '/api/v1/x402/extractions/1', { token: server.appToken }), 404, 'not_found');
  });
});
