// Issue 15, item 4: a test-mode token sees and acts on test documents only, a live token on
// live ones — in every route that names or lists documents (docs/decisions.md).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { account, assertError, call, cli, pdfBytes, startApi, upload, waitTerminal, type ApiServer } from './support.js';

describe('live and test documents are separate worlds within an account', () => {
  let server: ApiServer;
  let live: string;
  let test: string;
  const docs = {} as Record<'live' | 'test', { id: number; preview: string; thumbnail: string }>;

  before(async () => {
    server = await startApi();
    const acc = account(server.dataDir, { credits: 100, abilities: 'documents:read,documents:write' });
    live = acc.token;
    test = cli(server.dataDir, ['token', 'create', '--account', String(acc.accountId), '--mode', 'test', '--abilities', 'documents:read,documents:write']).token;
    for (const [mode, token] of [['live', live], ['test', test]] as const) {
      const res = await upload(server.url, { token, file: { name: `${mode}.pdf`, data: pdfBytes(1, `${mode} document`) }, fields: { processing_mode: 'analysis' } });
      const body = (await res.json()) as any;
      assert.equal(res.status, 201, JSON.stringify(body));
      const doc = await waitTerminal(server.url, token, body.data.id, 120_000);
      assert.equal(doc.status, 'completed', JSON.stringify(doc.processing_error));
      assert.equal(doc.mode, mode);
      docs[mode] = { id: doc.id, preview: new URL(doc.previews[0].preview).pathname, thumbnail: new URL(doc.thumbnail).pathname };
    }
  });
  after(() => server?.close());

  for (const [who, other] of [['test', 'live'], ['live', 'test']] as const) {
    it(`a ${who} token gets 404 on every route of a ${other} document`, async () => {
      const token = who === 'test' ? test : live;
      const id = docs[other].id;
      for (const path of [
        `/api/v1/documents/${id}`,
        `/api/v1/documents/${id}/previews`,
        `/api/v1/documents/${id}/thumbnail`,
        `/api/v1/documents/${id}/extractions`,
        `/api/v1/documents/${id}/exports/canonical_json`,
        `/api/v1/documents/${id}/extraction-runs/1/pages/1/preview`,
        `/api/v1/documents/exports/invoice_lines_csv?document_ids[]=${id}`,
        docs[other].preview,
        docs[other].thumbnail,
        `/app/v1/documents/${id}/original`,
      ]) {
        assertError(await call(server.url, path, { token }), 404, 'not_found');
      }
      assertError(await call(server.url, `/api/v1/documents/${id}`, { token, method: 'DELETE' }), 404, 'not_found');
      assertError(await call(server.url, `/app/v1/documents/${id}/reprocess`, { token, method: 'POST' }), 404, 'not_found');
      // Still there for its own mode.
      const own = await call(server.url, `/api/v1/documents/${id}`, { token: other === 'test' ? test : live });
      assert.equal(own.status, 200);
    });

    it(`a ${who} token lists only ${who} documents (API list and desk inbox)`, async () => {
      const token = who === 'test' ? test : live;
      const list = await call(server.url, '/api/v1/documents', { token });
      assert.equal(list.status, 200);
      assert.deepEqual(list.body.data.map((d: any) => d.id), [docs[who].id]);
      assert.equal(list.body.meta.total, 1);
      const inbox = await call(server.url, '/app/v1/inbox', { token });
      assert.equal(inbox.status, 200);
      assert.deepEqual(inbox.body.data.map((d: any) => d.id), [docs[who].id]);
    });
  }

  it('each token reads its own previews, thumbnail and original', async () => {
    for (const [mode, token] of [['live', live], ['test', test]] as const) {
      for (const path of [docs[mode].preview, docs[mode].thumbnail, `/app/v1/documents/${docs[mode].id}/original`]) {
        const res = await call(server.url, path, { token });
        assert.equal(res.status, 200, `${mode} ${path}`);
        // Every route returning stored bytes: its own sandbox CSP, nosniff, an inert type.
        assert.equal(res.headers.get('content-security-policy'), "default-src 'none'; sandbox", path);
        assert.equal(res.headers.get('x-content-type-options'), 'nosniff', path);
        assert.match(res.headers.get('content-type') ?? '', /^(image\/jpeg|application\/octet-stream)$/, path);
      }
      const original = await call(server.url, `/app/v1/documents/${docs[mode].id}/original`, { token });
      assert.match(original.headers.get('content-disposition') ?? '', /^attachment; filename="(live|test)\.pdf"/);
    }
  });

  it('a test token cannot delete a live document; the live token can', async () => {
    assertError(await call(server.url, `/api/v1/documents/${docs.live.id}`, { token: test, method: 'DELETE' }), 404, 'not_found');
    assert.equal((await call(server.url, `/api/v1/documents/${docs.live.id}`, { token: live, method: 'DELETE' })).status, 204);
  });
});
