// Authentication, abilities, suspension and account scoping (spec 5, 4.x "403/404").
// Tokens are created, revoked and accounts suspended through the real CLI while the
// server process runs, the way an operator would.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  account,
  assertError,
  call,
  cli,
  newKey,
  pdfBytes,
  pngBytes,
  seedPreview,
  startApi,
  toReply,
  upload,
  waitTerminal,
  type ApiServer,
} from './support.js';

let server: ApiServer;

before(async () => {
  // This file sends dozens of wrong tokens on purpose; the throttle of failed attempts has
  // its own test (localhost-surface.test.ts).
  server = await startApi({ DOCDESK_AUTH_FAILURES_PER_MINUTE: '10000' });
});
after(async () => {
  await server?.close();
});

/** Every authenticated operation of the spec's index, with the ability it requires. */
function operations(docId: number, deleteId = docId) {
  return [
    { name: 'ping', method: 'GET', path: '/api/v1/ping', ability: null },
    { name: 'listDocuments', method: 'GET', path: '/api/v1/documents', ability: 'documents:read' },
    { name: 'uploadDocument', method: 'POST', path: '/api/v1/documents', ability: 'documents:write' },
    { name: 'getDocument', method: 'GET', path: `/api/v1/documents/${docId}`, ability: 'documents:read' },
    { name: 'deleteDocument', method: 'DELETE', path: `/api/v1/documents/${deleteId}`, ability: 'documents:write' },
    { name: 'getDocumentThumbnail', method: 'GET', path: `/api/v1/documents/${docId}/thumbnail`, ability: 'documents:read' },
    { name: 'listDocumentPreviews', method: 'GET', path: `/api/v1/documents/${docId}/previews`, ability: 'documents:read' },
    { name: 'listDocumentExtractions', method: 'GET', path: `/api/v1/documents/${docId}/extractions`, ability: 'documents:read' },
    { name: 'downloadDocumentExtractionEvidencePagePreview', method: 'GET', path: `/api/v1/documents/${docId}/extraction-runs/1/pages/1/preview`, ability: 'documents:read' },
    { name: 'downloadDocumentProfileExport', method: 'GET', path: `/api/v1/documents/${docId}/exports/canonical_json`, ability: 'documents:read' },
    { name: 'downloadDocumentProfileExportBatch', method: 'GET', path: `/api/v1/documents/exports/invoice_lines_csv?document_ids[]=${docId}`, ability: 'documents:read' },
    { name: 'reviewDocumentExtraction', method: 'POST', path: `/api/v1/documents/${docId}/extractions/reviews`, ability: 'extractions:review' },
    { name: 'getPreview', method: 'GET', path: '/api/v1/previews/1', ability: 'documents:read' },
  ] as const;
}

async function send(op: { method: string; path: string }, token: string | null) {
  if (op.method === 'POST' && op.path === '/api/v1/documents') {
    const res = await upload(server.url, { token: token ?? '', file: { name: 'a.pdf', data: pdfBytes() }, key: newKey('auth') });
    return toReply(res);
  }
  const headers: Record<string, string> = {};
  let body: string | undefined;
  if (op.method === 'POST') {
    headers['Content-Type'] = 'application/json';
    headers['Idempotency-Key'] = newKey('review');
    headers['If-Match'] = '"etag"';
    body = JSON.stringify({ action: 'reject', reason: 'test' });
  }
  return call(server.url, op.path, { method: op.method, token, headers, ...(body !== undefined ? { body } : {}) });
}

describe('401: missing, invalid or revoked token', () => {
  it('every authenticated operation answers 401 without a token', async () => {
    for (const op of operations(1)) {
      const r = op.method === 'POST' && op.path === '/api/v1/documents'
        ? await toReply(await fetch(`${server.url}${op.path}`, { method: 'POST', headers: { 'Idempotency-Key': newKey() }, body: new FormData() }))
        : await send(op, null);
      assertError(r, 401, 'unauthenticated');
    }
  });

  it('every authenticated operation answers 401 for an unknown token', async () => {
    for (const op of operations(1)) assertError(await send(op, 'dd_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'), 401, 'unauthenticated');
  });

  it('a token revoked through the CLI while the server runs is refused from then on', async () => {
    const acc = account(server.dataDir, { credits: 10 });
    const before = await call(server.url, '/api/v1/ping', { token: acc.token });
    assert.equal(before.status, 200);
    const listed = await call(server.url, '/api/v1/documents', { token: acc.token });
    assert.equal(listed.status, 200);

    const revoked = cli(server.dataDir, ['token', 'revoke', String(acc.tokenId)]);
    assert.ok(revoked.revoked_at, 'the CLI reports the revocation');

    for (const op of operations(1)) assertError(await send(op, acc.token), 401, 'unauthenticated');
  });

  it('revoking one token leaves the account’s other tokens working', async () => {
    const acc = account(server.dataDir);
    const second = cli(server.dataDir, ['token', 'create', '--account', String(acc.accountId), '--mode', 'live', '--abilities', 'documents:read']);
    cli(server.dataDir, ['token', 'revoke', String(acc.tokenId)]);
    assertError(await call(server.url, '/api/v1/ping', { token: acc.token }), 401, 'unauthenticated');
    assert.equal((await call(server.url, '/api/v1/documents', { token: second.token })).status, 200);
  });
});

describe('403: missing ability', () => {
  let docId: number;
  let tokens: Record<string, string>;

  before(async () => {
    const owner = account(server.dataDir, { credits: 0 });
    // A terminal (blocked) document of the same account, so every route has a real target.
    const r = await toReply(await upload(server.url, { token: owner.token, file: { name: 'a.pdf', data: pdfBytes() } }));
    assert.equal(r.status, 402);
    docId = r.body.document.id;
    const mk = (abilities: string) => cli(server.dataDir, ['token', 'create', '--account', String(owner.accountId), '--mode', 'live', '--abilities', abilities]).token as string;
    tokens = {
      'documents:read': mk('documents:read'),
      'documents:write': mk('documents:write'),
      'extractions:review': mk('extractions:review'),
    };
  });

  for (const held of ['documents:read', 'documents:write', 'extractions:review']) {
    it(`a token with only ${held} gets 403 missing_ability on every operation needing another ability`, async () => {
      let checked = 0;
      for (const op of operations(docId)) {
        if (op.ability === null || op.ability === held) continue;
        const body = assertError(await send(op, tokens[held]!), 403, 'missing_ability');
        assert.match(body.message, new RegExp(op.ability.replace(':', '.')), `${op.name}: the message names the ability`);
        checked++;
      }
      assert.ok(checked >= 3);
    });

    it(`a token with only ${held} passes the ability check of its own operations and ping`, async () => {
      // DELETE aims at an id that does not exist, so the shared document stays.
      for (const op of operations(docId, docId + 100_000)) {
        if (op.ability !== null && op.ability !== held) continue;
        const r = await send(op, tokens[held]!);
        assert.notEqual(r.status, 401, op.name);
        assert.notEqual(r.status, 403, `${op.name}: ${JSON.stringify(r.body)}`);
      }
    });
  }

  it('the read ability alone cannot upload or delete; the document survives', async () => {
    assertError(await send({ method: 'DELETE', path: `/api/v1/documents/${docId}` }, tokens['documents:read']!), 403, 'missing_ability');
    assert.equal((await call(server.url, `/api/v1/documents/${docId}`, { token: tokens['documents:read'] })).status, 200);
  });
});

describe('403: suspended account', () => {
  it('cannot upload while suspended, can still read, and the refused key stays unused', async () => {
    const acc = account(server.dataDir, { credits: 10 });
    const first = await toReply(await upload(server.url, { token: acc.token, file: { name: 'a.pdf', data: pdfBytes(1, 'suspension one') } }));
    assert.equal(first.status, 201);

    const suspended = cli(server.dataDir, ['account', 'suspend', String(acc.accountId)]);
    assert.equal(suspended.status, 'suspended');

    const key = newKey('suspended');
    const file = { name: 'b.pdf', data: pdfBytes(1, 'suspension two') };
    const refused = await toReply(await upload(server.url, { token: acc.token, file, key }));
    assertError(refused, 403, 'account_suspended');
    const refusedThumb = await toReply(await upload(server.url, { token: acc.token, file, fields: { processing_mode: 'thumbnail' } }));
    assertError(refusedThumb, 403, 'account_suspended');

    // Reads keep working for a suspended account.
    assert.equal((await call(server.url, '/api/v1/ping', { token: acc.token })).status, 200);
    const list = await call(server.url, '/api/v1/documents', { token: acc.token });
    assert.equal(list.status, 200);
    assert.deepEqual(list.body.data.map((d: any) => d.id), [first.body.data.id]);
    assert.equal((await call(server.url, `/api/v1/documents/${first.body.data.id}`, { token: acc.token })).status, 200);
    assert.equal((await call(server.url, `/api/v1/documents/${first.body.data.id}/previews`, { token: acc.token })).status, 200);

    const resumed = cli(server.dataDir, ['account', 'resume', String(acc.accountId)]);
    assert.equal(resumed.status, 'active');

    // The 403 did not consume the key: the same key now creates the document (no replay).
    const accepted = await toReply(await upload(server.url, { token: acc.token, file, key }));
    assert.equal(accepted.status, 201, JSON.stringify(accepted.body));
    assert.equal(accepted.headers.get('idempotent-replayed'), null);
    const after = await call(server.url, '/api/v1/documents', { token: acc.token });
    assert.equal(after.body.data.length, 2);
  });
});

describe('404: resources of another account', () => {
  let a: ReturnType<typeof account>;
  let b: ReturnType<typeof account>;
  let docId: number;
  let previewId: number;

  before(async () => {
    a = account(server.dataDir, { credits: 10, name: 'Account A' });
    b = account(server.dataDir, { credits: 10, name: 'Account B' });
    const r = await toReply(await upload(server.url, { token: a.token, file: { name: 'a.png', data: await pngBytes() }, fields: { processing_mode: 'thumbnail' } }));
    assert.equal(r.status, 201);
    docId = r.body.data.id;
    const done = await waitTerminal(server.url, a.token, docId);
    assert.equal(done.status, 'completed', `thumbnail document should complete: ${JSON.stringify(done)}`);
    previewId = await seedPreview(server.dataDir, { documentId: docId, accountId: a.accountId, bytes: await pngBytes(8, 8) });
  });

  it('the owner can read the document, its thumbnail, previews, extractions and the preview file', async () => {
    assert.equal((await call(server.url, `/api/v1/documents/${docId}`, { token: a.token })).status, 200);
    const thumb = await call(server.url, `/api/v1/documents/${docId}/thumbnail`, { token: a.token });
    assert.equal(thumb.status, 200);
    assert.equal(thumb.headers.get('content-type'), 'image/jpeg');
    assert.equal((await call(server.url, `/api/v1/documents/${docId}/previews`, { token: a.token })).status, 200);
    assert.equal((await call(server.url, `/api/v1/documents/${docId}/extractions`, { token: a.token })).status, 200);
    const preview = await call(server.url, `/api/v1/previews/${previewId}`, { token: a.token });
    assert.equal(preview.status, 200);
    assert.equal(preview.headers.get('content-type'), 'image/png');
    assert.deepEqual(preview.bytes.subarray(0, 4), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  });

  const foreignPaths = (id: number, preview: number) => [
    ['GET', `/api/v1/documents/${id}`],
    ['GET', `/api/v1/documents/${id}/thumbnail`],
    ['GET', `/api/v1/documents/${id}/previews`],
    ['GET', `/api/v1/documents/${id}/extractions`],
    ['GET', `/api/v1/documents/${id}/extraction-runs/1/pages/1/preview`],
    ['GET', `/api/v1/documents/${id}/exports/canonical_json`],
    ['GET', `/api/v1/documents/exports/invoice_lines_csv?document_ids[]=${id}`],
    ['GET', `/api/v1/previews/${preview}`],
    ['DELETE', `/api/v1/documents/${id}`],
  ] as const;

  it('another account gets 404 not_found on every document route, preview download and delete', async () => {
    for (const [method, path] of foreignPaths(docId, previewId)) {
      assertError(await call(server.url, path, { method, token: b.token }), 404, 'not_found');
    }
    const review = await call(server.url, `/api/v1/documents/${docId}/extractions/reviews`, {
      method: 'POST',
      token: b.token,
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': newKey(), 'If-Match': '"x"' },
      body: JSON.stringify({ action: 'reject', reason: 'not mine' }),
    });
    assertError(review, 404, 'not_found');
  });

  it('the foreign delete changed nothing and the foreign list does not show the document', async () => {
    const still = await call(server.url, `/api/v1/documents/${docId}`, { token: a.token });
    assert.equal(still.status, 200);
    assert.equal(still.body.data.id, docId);
    const listB = await call(server.url, '/api/v1/documents', { token: b.token });
    assert.equal(listB.status, 200);
    assert.ok(!listB.body.data.some((d: any) => d.id === docId));
    assert.equal(listB.body.meta.total, 0);
  });

  it('the same ids that do not exist at all answer the same 404 (no existence oracle)', async () => {
    const missingDoc = docId + 100_000;
    for (const [method, path] of foreignPaths(missingDoc, previewId + 100_000)) {
      assertError(await call(server.url, path, { method, token: a.token }), 404, 'not_found');
    }
  });
});
