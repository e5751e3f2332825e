// Issue 15, item 3 (and the small items of 8): aborted and malformed uploads leave no file,
// an announced oversize body is refused before it is read, oversized JSON is a 413, and
// requests Node's HTTP parser refuses still get the envelope and an X-Request-ID.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { connect } from 'node:net';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { account, assertError, call, newKey, startApi, type ApiServer, type Reply } from './support.js';

const filesIn = (dir: string) => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);

async function until(check: () => boolean, timeoutMs = 20_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

/** Sends raw bytes and returns the raw response text (the socket is closed by the server). */
function raw(url: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    let out = '';
    socket.on('data', (d) => (out += d.toString('latin1')));
    socket.on('end', () => resolve(out));
    socket.on('error', reject);
    setTimeout(() => {
      socket.destroy();
      resolve(out);
    }, 5000);
  });
}

function parseRaw(text: string): { status: number; headers: Map<string, string>; body: any } {
  const [head, ...rest] = text.split('\r\n\r\n');
  const lines = head!.split('\r\n');
  const status = Number(lines[0]!.split(' ')[1]);
  const headers = new Map(lines.slice(1).map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()] as [string, string]));
  return { status, headers, body: JSON.parse(rest.join('\r\n\r\n')) };
}

function assertRawEnvelope(text: string, status: number, code: string): void {
  const r = parseRaw(text);
  assert.equal(r.status, status, text.slice(0, 300));
  assert.match(r.headers.get('content-type') ?? '', /application\/json/);
  assert.equal(r.body.code, code);
  assert.equal(typeof r.body.message, 'string');
  assert.ok(r.headers.get('x-request-id'), 'X-Request-ID header');
  assert.equal(r.body.request_id, r.headers.get('x-request-id'));
}

describe('upload hardening', () => {
  let server: ApiServer;
  let token: string;
  let tmpDir: string;
  let originalsDir: string;

  before(async () => {
    server = await startApi();
    token = account(server.dataDir, { credits: 1000 }).token;
    tmpDir = join(server.dataDir, 'tmp');
    originalsDir = join(server.dataDir, 'files', 'originals');
  });
  after(() => server?.close());

  it('an aborted 400 MB upload leaves no file behind (streamed, aborted half-way)', async () => {
    const boundary = '----docdesk-abort';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`);
    const total = 400 * 1024 * 1024;
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    const req = request(`${server.url}/api/v1/documents`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': newKey('abort'), 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': String(total) },
    });
    req.on('error', () => undefined);
    req.write(head);
    let sent = head.length;
    // Half-way: 200 MB written (with back-pressure), then the client goes away.
    while (sent < total / 2) {
      if (!req.write(chunk)) await new Promise((r) => req.once('drain', r));
      sent += chunk.length;
    }
    assert.ok(await until(() => filesIn(tmpDir).length === 1, 10_000), 'the upload was being staged');
    req.destroy();
    assert.ok(await until(() => filesIn(tmpDir).length === 0), `temp files left: ${filesIn(tmpDir).join(', ')}`);
    assert.deepEqual(filesIn(originalsDir), []);
    // The server is fine and the key can be used again.
    const ping = await call(server.url, '/api/v1/ping', { token });
    assert.equal(ping.status, 200);
  });

  it('a body that ends inside the file part (malformed multipart) is a 422 and leaves no file', async () => {
    const boundary = '----docdesk-trunc';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n${'x'.repeat(200_000)}`;
    const res = await fetch(`${server.url}/api/v1/documents`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': newKey('trunc'), 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    const reply: Reply = { status: res.status, headers: res.headers, body: JSON.parse(bytes.toString('utf8')), bytes };
    assertError(reply, 422, 'validation_failed');
    assert.ok(await until(() => filesIn(tmpDir).length === 0), `temp files left: ${filesIn(tmpDir).join(', ')}`);
    assert.deepEqual(filesIn(originalsDir), []);
  });

  it('an upload announcing more than 500 MB is refused with 413 before its body is sent', async () => {
    const raw413 = await raw(
      server.url,
      `POST /api/v1/documents HTTP/1.1\r\nHost: ${new URL(server.url).host}\r\nAuthorization: Bearer ${token}\r\nIdempotency-Key: ${newKey('big')}\r\n` +
        `Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 3000000000\r\n\r\n--x\r\n`,
    );
    assertRawEnvelope(raw413, 413, 'payload_too_large');
    assert.deepEqual(filesIn(tmpDir), []);
  });

  it('a chunked upload (no Content-Length) stops being read at the 500 MB limit: 422 on file, connection closed, no file', async () => {
    const boundary = '----docdesk-chunked';
    const req = request(`${server.url}/api/v1/documents`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': newKey('chunked'), 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Transfer-Encoding': 'chunked' },
    });
    // The server answers 422 and closes the connection while the client is still sending:
    // the client sees the answer, or (when the close overtakes it, as with any HTTP/1.1
    // server that stops reading) a reset. Either way the server stopped reading early.
    const answer = new Promise<{ status: number; connection: string | undefined; body: any } | { error: string }>((resolve) => {
      req.on('response', (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body: JSON.parse(text) }));
      });
      req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    });
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.pdf"\r\n\r\n%PDF-1.4\n`);
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    let sent = 0;
    let answered = false;
    void answer.then(() => (answered = true));
    // Offers up to 3 GB; the server must answer long before.
    while (!answered && sent < 3000 * 1024 * 1024) {
      if (!req.write(chunk)) await Promise.race([new Promise((r) => req.once('drain', r)), answer.catch(() => undefined)]);
      sent += chunk.length;
    }
    const res = await answer;
    req.destroy();
    if ('error' in res) assert.match(res.error, /EPIPE|ECONNRESET/);
    else {
      assert.equal(res.status, 422);
      assert.equal(res.body.code, 'validation_failed');
      assert.ok(res.body.errors.file, JSON.stringify(res.body));
      assert.equal(res.connection, 'close');
    }
    assert.ok(sent < 1000 * 1024 * 1024, `the server read ${Math.round(sent / 1048576)} MB before answering`);
    assert.ok(await until(() => filesIn(tmpDir).length === 0), `temp files left: ${filesIn(tmpDir).join(', ')}`);
    assert.deepEqual(filesIn(originalsDir), []);
  });

  it('a 5 MB JSON body is a 413 with the envelope, answered from its Content-Length', async () => {
    // Only the start of the body is sent: the server must answer from the announced length,
    // without waiting for (or reading) the 5 MB. A client that pushes the whole body at once
    // may see the close overtake the answer, as with any server that stops reading.
    const length = 5 * 1024 * 1024;
    const res = await raw(server.url, `POST /app/v1/session HTTP/1.1\r\nHost: ${new URL(server.url).host}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n{"token":"${'x'.repeat(64 * 1024)}`);
    assertRawEnvelope(res, 413, 'payload_too_large');
  });

  it('Node-level errors carry the envelope and X-Request-ID: 400 for a malformed request, 431 for huge headers', async () => {
    assertRawEnvelope(await raw(server.url, 'GARBAGE\r\n\r\n'), 400, 'bad_request');
    assertRawEnvelope(await raw(server.url, `GET /api/v1/ping HTTP/1.1\r\nHost: ${new URL(server.url).host}\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`), 431, 'request_header_fields_too_large');
  });

  it('a URL Fastify cannot decode is a 400 with the envelope', async () => {
    const res = await call(server.url, '/api/v1/documents/%E0%A4%A', { token });
    assert.ok(res.headers.get('x-request-id'));
    assert.ok([400, 404].includes(res.status), String(res.status));
    assert.equal(res.body.request_id, res.headers.get('x-request-id'));
  });
});
