// Upload idempotency (spec 4 common headers, 4.3, 7): stored replays of 201 and 402,
// payload mismatches, concurrent attempts with one key, keys that are not consumed, and the
// interrupted attempt that created a document (a real crash of the server process).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { removeDir, startServerProcess } from '../helpers/server.js';
import { loadContract } from './contract.js';
import { account, assertError, call, cli, newKey, pdfBytes, pngBytes, startApi, toReply, upload, type ApiServer, type Reply } from './support.js';

let server: ApiServer;

before(async () => {
  server = await startApi();
});
after(async () => {
  await server?.close();
});

type File = { name: string; data: Buffer };

async function send(token: string, key: string, file: File, fields: Record<string, string | string[]> = {}, headers: Record<string, string> = {}): Promise<Reply> {
  return toReply(await upload(server.url, { token, key, file, fields, headers }));
}

async function documentIds(token: string): Promise<number[]> {
  const r = await call(server.url, '/api/v1/documents?per_page=100', { token });
  assert.equal(r.status, 200);
  return r.body.data.map((d: any) => d.id);
}

describe('identical retries replay the stored response', () => {
  it('a 201 is replayed with the same status and body and Idempotent-Replayed: true; one document exists', async () => {
    const acc = account(server.dataDir, { credits: 10 });
    const key = newKey('replay-201');
    const file = { name: 'invoice.pdf', data: pdfBytes(1, 'replay 201') };
    const fields = { locale: 'de', requester: 'ERP-4711', 'custom_types[]': ['invoice', 'reminder'] };
    const first = await send(acc.token, key, file, fields);
    assert.equal(first.status, 201, JSON.stringify(first.body));
    assert.equal(first.headers.get('idempotent-replayed'), null, 'the original response is not a replay');

    const again = await send(acc.token, key, file, fields, { 'X-Request-ID': 'retry-trace' });
    assert.equal(again.status, 201);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.equal(again.headers.get('x-request-id'), 'retry-trace');
    assert.deepEqual(again.body, first.body);

    const third = await send(acc.token, key, file, fields);
    assert.equal(third.status, 201);
    assert.deepEqual(third.body, first.body);
    assert.deepEqual(await documentIds(acc.token), [first.body.data.id]);
  });

  it('a thumbnail-mode 201 is replayed with its reduced shape', async () => {
    const acc = account(server.dataDir, { credits: 0 });
    const key = newKey('replay-thumb');
    const file = { name: 'photo.png', data: await pngBytes() };
    const first = await send(acc.token, key, file, { processing_mode: 'thumbnail' });
    assert.equal(first.status, 201);
    const again = await send(acc.token, key, file, { processing_mode: 'thumbnail' });
    assert.equal(again.status, 201);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(again.body, first.body);
    assert.deepEqual(await documentIds(acc.token), [first.body.data.id]);
  });

  it('a 402 is stored and replayed; still one (blocked) document', async () => {
    const acc = account(server.dataDir, { credits: 0 });
    const key = newKey('replay-402');
    const file = { name: 'invoice.pdf', data: pdfBytes(1, 'replay 402') };
    const first = await send(acc.token, key, file);
    const body = assertError(first, 402, 'insufficient_credits');
    assert.equal(first.headers.get('idempotent-replayed'), null);

    const again = await send(acc.token, key, file);
    assert.equal(again.status, 402);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(again.body, body);
    assert.deepEqual(await documentIds(acc.token), [body.document.id]);
  });

  it('a 402 stays replayed even after credits were added (a new logical upload needs a new key)', async () => {
    const acc = account(server.dataDir, { credits: 0 });
    const key = newKey('replay-402-topup');
    const file = { name: 'invoice.pdf', data: pdfBytes(1, 'replay 402 topup') };
    const first = await send(acc.token, key, file);
    assert.equal(first.status, 402);
    cli(server.dataDir, ['credits', 'grant', '--account', String(acc.accountId), '--amount', '5']);
    const again = await send(acc.token, key, file);
    assert.equal(again.status, 402);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    const fresh = await send(acc.token, newKey('after-topup'), file);
    assert.equal(fresh.status, 201, JSON.stringify(fresh.body));
    assert.equal((await documentIds(acc.token)).length, 2);
  });

  it('keys are scoped to the account: another account may use the same key', async () => {
    const a = account(server.dataDir, { credits: 5 });
    const b = account(server.dataDir, { credits: 5 });
    const key = newKey('shared');
    const file = { name: 'a.pdf', data: pdfBytes(1, 'scoped key') };
    const ra = await send(a.token, key, file);
    const rb = await send(b.token, key, file);
    assert.equal(ra.status, 201);
    assert.equal(rb.status, 201);
    assert.equal(rb.headers.get('idempotent-replayed'), null);
    assert.notEqual(ra.body.data.id, rb.body.data.id);
  });
});

describe('payload mismatches', () => {
  let acc: ReturnType<typeof account>;
  let key: string;
  let original: Reply;
  const file = { name: 'invoice.pdf', data: pdfBytes(1, 'mismatch original') };

  before(async () => {
    acc = account(server.dataDir, { credits: 10 });
    key = newKey('mismatch');
    original = await send(acc.token, key, file, { locale: 'en' });
    assert.equal(original.status, 201);
  });

  const cases: Array<[string, () => Promise<{ file: File; fields: Record<string, string> }>]> = [
    ['a different file', async () => ({ file: { name: 'invoice.pdf', data: pdfBytes(1, 'mismatch other') }, fields: { locale: 'en' } })],
    ['a different field value', async () => ({ file, fields: { locale: 'de' } })],
    ['a missing field', async () => ({ file, fields: {} })],
    ['an additional field', async () => ({ file, fields: { locale: 'en', requester: 'someone' } })],
    ['a different processing mode', async () => ({ file, fields: { locale: 'en', processing_mode: 'thumbnail' } })],
    ['an explicit allow_ai_processing', async () => ({ file, fields: { locale: 'en', allow_ai_processing: 'false' } })],
  ];
  for (const [name, make] of cases) {
    it(`the same key with ${name} answers 409 idempotency_conflict payload_mismatch`, async () => {
      const { file: f, fields } = await make();
      const body = assertError(await send(acc.token, key, f, fields), 409, 'idempotency_conflict');
      assert.equal(body.conflict_reason, 'payload_mismatch');
    });
  }

  it('the same key with an invalid payload is a mismatch too, not a 422', async () => {
    const body = assertError(await send(acc.token, key, file, { locale: 'en', processing_mode: 'nonsense' }), 409, 'idempotency_conflict');
    assert.equal(body.conflict_reason, 'payload_mismatch');
  });

  it('the mismatches changed nothing: the original is still replayed and only one document exists', async () => {
    const again = await send(acc.token, key, file, { locale: 'en' });
    assert.equal(again.status, 201);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(again.body, original.body);
    assert.deepEqual(await documentIds(acc.token), [original.body.data.id]);
  });
});

describe('concurrent attempts with one key', () => {
  it('10 simultaneous uploads: exactly one creates the document, the rest conflict or replay', async () => {
    const acc = account(server.dataDir, { credits: 50 });
    const key = newKey('concurrent');
    const file = { name: 'concurrent.pdf', data: pdfBytes(2, 'concurrent') };
    const replies = await Promise.all(Array.from({ length: 10 }, () => send(acc.token, key, file, { requester: 'race' })));

    const created = replies.filter((r) => r.status === 201 && r.headers.get('idempotent-replayed') === null);
    const replayed = replies.filter((r) => r.status === 201 && r.headers.get('idempotent-replayed') === 'true');
    const inProgress = replies.filter((r) => r.status === 409);
    assert.equal(created.length, 1, `statuses: ${replies.map((r) => r.status).join(',')}`);
    assert.equal(created.length + replayed.length + inProgress.length, 10, `statuses: ${replies.map((r) => `${r.status}/${r.body?.code}`).join(',')}`);
    for (const r of replayed) assert.deepEqual(r.body, created[0]!.body);
    for (const r of inProgress) {
      const body = assertError(r, 409, 'idempotency_conflict');
      assert.equal(body.conflict_reason, 'request_in_progress');
    }
    assert.deepEqual(await documentIds(acc.token), [created[0]!.body.data.id]);

    // Once the winner finished, the key replays.
    const later = await send(acc.token, key, file, { requester: 'race' });
    assert.equal(later.status, 201);
    assert.equal(later.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(later.body, created[0]!.body);
  });
});

describe('attempts that do not consume the key', () => {
  it('422, 401 and 403 leave the key free; the first accepted attempt owns it', async () => {
    const acc = account(server.dataDir, { credits: 5, abilities: 'documents:read,documents:write' });
    const readOnly = account(server.dataDir, { abilities: 'documents:read' });
    const key = newKey('not-consumed');
    const file = { name: 'a.pdf', data: pdfBytes(1, 'not consumed') };
    assertError(await send(acc.token, key, file, { processing_lane: 'nope' }), 422, 'validation_failed');
    assertError(await send('dd_live_invalid', key, file), 401, 'unauthenticated');
    assertError(await send(readOnly.token, key, file), 403, 'missing_ability');
    const ok = await send(acc.token, key, file);
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
    assert.equal(ok.headers.get('idempotent-replayed'), null);
    assert.equal((await documentIds(acc.token)).length, 1);
  });
});

describe('a rate-limited upload does not consume the key', () => {
  it('the 11th test-mode upload of a token answers 429; another token of the account then uses the same key', async () => {
    const acc = account(server.dataDir, { credits: 0, mode: 'test' });
    for (let i = 0; i < 10; i++) {
      const r = await send(acc.token, newKey('sandbox'), { name: `s-${i}.pdf`, data: pdfBytes(1, `sandbox ${i}`) });
      assert.equal(r.status, 201, `upload ${i + 1}: ${JSON.stringify(r.body)}`);
    }
    const key = newKey('limited');
    const file = { name: 'limited.pdf', data: pdfBytes(1, 'limited') };
    const limited = await send(acc.token, key, file);
    const body = assertError(limited, 429, 'test_mode_limit_exceeded');
    assert.equal(body.token_daily_document_limit, 10);
    assert.equal(typeof body.account_daily_document_limit, 'number');
    assert.equal(typeof body.user_daily_document_limit, 'number');
    assert.equal(String(body.retry_after), limited.headers.get('retry-after'));
    (await loadContract(server.url)).assertResponse('uploadDocument', limited);

    const second = cli(server.dataDir, ['token', 'create', '--account', String(acc.accountId), '--mode', 'test', '--abilities', 'documents:read,documents:write']).token;
    const ok = await send(second, key, file);
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
    assert.equal(ok.headers.get('idempotent-replayed'), null);
    assert.equal(ok.body.data.mode, 'test');
  });
});

describe('an interrupted attempt that created a document', () => {
  it('after a crash, the retry answers 409 document_created and the cleanup-only document can be deleted', { timeout: 120_000 }, async () => {
    const crashing = await startServerProcess({ env: { DOCDESK_FAULT_AFTER_DOCUMENT_CREATED: '1' } });
    const dataDir = crashing.dataDir;
    const token = crashing.appToken;
    const key = newKey('interrupted');
    const file = { name: 'interrupted.pdf', data: pdfBytes(1, 'interrupted upload') };
    let restarted: Awaited<ReturnType<typeof startServerProcess>> | null = null;
    try {
      await assert.rejects(upload(crashing.url, { token, key, file }), 'the client sees the connection drop, not a response');
      await crashing.kill(); // waits for the exit the fault already caused
      assert.equal(crashing.proc.signalCode, 'SIGKILL');

      restarted = await startServerProcess({ dataDir });
      const retry = await toReply(await upload(restarted.url, { token, key, file }));
      const body = assertError(retry, 409, 'idempotency_conflict');
      (await loadContract(restarted.url)).assertResponse('uploadDocument', retry);
      assert.equal(body.conflict_reason, 'document_created');
      assert.equal(typeof body.document?.id, 'number');
      const docId = body.document.id as number;

      // Another payload under the same key gets the same answer: the key is spent.
      const other = assertError(await toReply(await upload(restarted.url, { token, key, file: { name: 'x.pdf', data: pdfBytes(1, 'other') } })), 409, 'idempotency_conflict');
      assert.equal(other.conflict_reason, 'document_created');
      assert.equal(other.document.id, docId);

      const doc = await call(restarted.url, `/api/v1/documents/${docId}`, { token });
      assert.equal(doc.status, 200);
      assert.equal(doc.body.data.status, 'error');
      assert.match(doc.body.data.processing_error, /cleanup-only/);
      assert.equal(doc.body.data.latest_extraction_run.credits_charged, 0, 'no credits stay charged for the cleanup-only document');

      const del = await call(restarted.url, `/api/v1/documents/${docId}`, { method: 'DELETE', token });
      assert.equal(del.status, 204);
      assert.equal(del.bytes.length, 0);
      assertError(await call(restarted.url, `/api/v1/documents/${docId}`, { token }), 404, 'not_found');

      // A new key is a new logical upload.
      const fresh = await toReply(await upload(restarted.url, { token, key: newKey('after-interrupt'), file }));
      assert.equal(fresh.status, 201, JSON.stringify(fresh.body));
    } finally {
      await crashing.kill();
      await restarted?.stop();
      removeDir(dataDir);
    }
  });
});
