// Listing, retrieving and deleting documents (spec 3, 4.2, 4.5, 4.6): pagination, sort,
// filters and their validation, malformed ids, and deletion of terminal vs. active work.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import {
  account,
  assertError,
  assertValidation,
  call,
  newKey,
  pdfBytes,
  pngBytes,
  startApi,
  toReply,
  upload,
  waitTerminal,
  type ApiServer,
} from './support.js';

let server: ApiServer;
let lister: ReturnType<typeof account>;
/** Ids of the lister's documents in creation order: five generic, then one energy. */
let ids: number[] = [];

before(async () => {
  server = await startApi();
  // Zero credits: every upload answers 402 and leaves a terminal (blocked) document, so the
  // list is exactly known and never changes under the test.
  lister = account(server.dataDir, { credits: 0, name: 'lister' });
  for (let i = 0; i < 5; i++) {
    const r = await toReply(await upload(server.url, { token: lister.token, file: { name: `doc-${i}.pdf`, data: pdfBytes(1, `list ${i}`) } }));
    assert.equal(r.status, 402);
    ids.push(r.body.document.id);
  }
  const energy = await toReply(await upload(server.url, { token: lister.token, file: { name: 'energy.pdf', data: pdfBytes(1, 'energy') }, fields: { extraction_profile: 'de.energy.supply-invoice' } }));
  assert.equal(energy.status, 402);
  ids.push(energy.body.document.id);
});
after(async () => {
  await server?.close();
});

const list = (query = '', token = lister.token) => call(server.url, `/api/v1/documents${query}`, { token });

describe('GET /api/v1/documents', () => {
  it('returns data, links and meta for the account', async () => {
    const r = await list();
    assert.equal(r.status, 200);
    assert.deepEqual(Object.keys(r.body).sort(), ['data', 'links', 'meta']);
    assert.deepEqual([...r.body.data.map((d: any) => d.id)].sort((a: number, b: number) => a - b), ids);
    assert.deepEqual(r.body.meta, { current_page: 1, from: 1, last_page: 1, per_page: 100, to: 6, total: 6 });
    assert.deepEqual(Object.keys(r.body.links).sort(), ['first', 'last', 'next', 'prev']);
    assert.match(r.body.links.first, new RegExp(`^${server.url}/api/v1/documents\\?`));
    assert.match(r.body.links.last, new RegExp(`^${server.url}/api/v1/documents\\?`));
    assert.equal(r.body.links.prev, null);
    assert.equal(r.body.links.next, null);
  });

  it('each element carries the list extras: scanner fields, locale, custom_types, requester, the full run with quality', async () => {
    const r = await list();
    for (const d of r.body.data) {
      for (const k of ['scanner_status', 'scanner_provider', 'scanner_message', 'locale', 'custom_types', 'requester', 'latest_extraction_run']) {
        assert.ok(k in d, `list element lacks ${k}`);
      }
      assert.ok('quality' in d.latest_extraction_run, 'the list carries the run with quality');
      assert.ok('profile_version' in d.latest_extraction_run);
    }
  });

  it('sort=created_at is oldest first; sort=-created_at is newest first', async () => {
    const asc = await list('?sort=created_at');
    assert.equal(asc.status, 200);
    assert.deepEqual(asc.body.data.map((d: any) => d.id), ids);
    const desc = await list('?sort=-created_at');
    assert.deepEqual(desc.body.data.map((d: any) => d.id), [...ids].reverse());
    const created = asc.body.data.map((d: any) => d.created_at);
    assert.deepEqual([...created].sort(), created, 'created_at ascends with sort=created_at');
  });

  it('paginates with per_page and page, with consistent links and meta', async () => {
    const first = await list('?per_page=4&sort=created_at');
    assert.equal(first.status, 200);
    assert.deepEqual(first.body.data.map((d: any) => d.id), ids.slice(0, 4));
    assert.deepEqual(first.body.meta, { current_page: 1, from: 1, last_page: 2, per_page: 4, to: 4, total: 6 });
    assert.equal(first.body.links.prev, null);
    assert.ok(first.body.links.next);

    // Following the links keeps per_page and sort.
    const nextUrl = new URL(first.body.links.next);
    assert.equal(nextUrl.searchParams.get('page'), '2');
    assert.equal(nextUrl.searchParams.get('per_page'), '4');
    const second = await call(server.url, `${nextUrl.pathname}${nextUrl.search}`, { token: lister.token });
    assert.equal(second.status, 200);
    assert.deepEqual(second.body.data.map((d: any) => d.id), ids.slice(4));
    assert.deepEqual(second.body.meta, { current_page: 2, from: 5, last_page: 2, per_page: 4, to: 6, total: 6 });
    assert.equal(second.body.links.next, null);
    assert.ok(second.body.links.prev);
    assert.equal(new URL(second.body.links.prev).searchParams.get('page'), '1');
    assert.equal(new URL(second.body.links.last).searchParams.get('page'), '2');
    assert.equal(new URL(second.body.links.first).searchParams.get('page'), '1');

    const prevUrl = new URL(second.body.links.prev);
    const back = await call(server.url, `${prevUrl.pathname}${prevUrl.search}`, { token: lister.token });
    assert.deepEqual(back.body.data, first.body.data);
  });

  it('walking every page of per_page=1 yields every document exactly once', async () => {
    const seen: number[] = [];
    let path: string | null = '/api/v1/documents?per_page=1&sort=-created_at';
    while (path) {
      const r = await call(server.url, path, { token: lister.token });
      assert.equal(r.status, 200);
      assert.equal(r.body.data.length, 1);
      seen.push(r.body.data[0].id);
      path = r.body.links.next ? `${new URL(r.body.links.next).pathname}${new URL(r.body.links.next).search}` : null;
      assert.ok(seen.length <= ids.length, 'pagination must end');
    }
    assert.deepEqual(seen, [...ids].reverse());
  });

  it('a page past the end is empty with from/to null', async () => {
    const r = await list('?per_page=4&page=3');
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.data, []);
    assert.equal(r.body.meta.total, 6);
    assert.equal(r.body.meta.current_page, 3);
    assert.equal(r.body.meta.from, null);
    assert.equal(r.body.meta.to, null);
    assert.equal(r.body.links.next, null);
  });

  it('filters by extraction_profile', async () => {
    const generic = await list('?extraction_profile=generic&sort=created_at');
    assert.equal(generic.status, 200);
    assert.deepEqual(generic.body.data.map((d: any) => d.id), ids.slice(0, 5));
    assert.equal(generic.body.meta.total, 5);
    const energy = await list('?extraction_profile=de.energy.supply-invoice');
    assert.deepEqual(energy.body.data.map((d: any) => d.id), [ids[5]]);
    assert.equal(new URL(energy.body.links.first).searchParams.get('extraction_profile'), 'de.energy.supply-invoice', 'links keep the filter');
  });

  it('filters by review_status and handoff_status (no profile results exist: empty)', async () => {
    for (const q of ['?review_status=needs_review', '?review_status=accepted', '?handoff_status=accepted']) {
      const r = await list(q);
      assert.equal(r.status, 200, q);
      assert.deepEqual(r.body.data, []);
      assert.equal(r.body.meta.total, 0);
    }
  });

  it('invalid query parameters answer 422 naming the parameter', async () => {
    const cases: Array<[string, string]> = [
      ['?per_page=0', 'per_page'],
      ['?per_page=101', 'per_page'],
      ['?per_page=abc', 'per_page'],
      ['?page=0', 'page'],
      ['?page=abc', 'page'],
      ['?page=100000000000000000000', 'page'],
      ['?page=1e400', 'page'],
      ['?page=Infinity', 'page'],
      ['?page=0x2', 'page'],
      ['?per_page=1e1', 'per_page'],
      ['?per_page=', 'per_page'],
      ['?per_page=5&per_page=6', 'per_page'],
      ['?sort=name', 'sort'],
      ['?sort=created', 'sort'],
      ['?extraction_profile=unknown', 'extraction_profile'],
      ['?review_status=maybe', 'review_status'],
      ['?handoff_status=somewhere', 'handoff_status'],
    ];
    for (const [q, field] of cases) assertValidation(await list(q), field);
  });

  it('per_page=100 and per_page=1 are the accepted bounds', async () => {
    assert.equal((await list('?per_page=100')).status, 200);
    assert.equal((await list('?per_page=1')).body.data.length, 1);
  });

  it('another account sees none of these documents', async () => {
    const other = account(server.dataDir, { credits: 0 });
    const r = await list('', other.token);
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.data, []);
    assert.equal(r.body.meta.total, 0);
  });
});

describe('GET /api/v1/documents/{document}', () => {
  it('returns {data: document} for an own document', async () => {
    const r = await call(server.url, `/api/v1/documents/${ids[0]}`, { token: lister.token });
    assert.equal(r.status, 200);
    assert.equal(r.body.data.id, ids[0]);
    assert.equal(r.body.data.status, 'blocked');
  });

  it('answers 404 for ids that do not exist', async () => {
    assertError(await call(server.url, `/api/v1/documents/${ids[5]! + 1000}`, { token: lister.token }), 404, 'not_found');
  });

  it('answers 404 for malformed ids, even ones that numerically equal an existing id', async () => {
    const id = ids[0]!;
    const malformed = ['abc', '0', '-1', '1.5', `${id}.0`, `+${id}`, `0${id}`, `0x${id.toString(16)}`, `${id}e0`, `%20${id}`, `${id}%20`, '99999999999999999999'];
    for (const m of malformed) {
      for (const suffix of ['', '/previews', '/extractions', '/thumbnail']) {
        assertError(await call(server.url, `/api/v1/documents/${m}${suffix}`, { token: lister.token }), 404, 'not_found');
      }
      assertError(await call(server.url, `/api/v1/documents/${m}`, { method: 'DELETE', token: lister.token }), 404, 'not_found');
      assertError(await call(server.url, `/api/v1/previews/${m}`, { token: lister.token }), 404, 'not_found');
    }
    // The canonical form still works.
    assert.equal((await call(server.url, `/api/v1/documents/${id}`, { token: lister.token })).status, 200);
  });
});

describe('DELETE /api/v1/documents/{document}', () => {
  it('deletes a terminal (blocked) document: 204 without body, then 404 everywhere', async () => {
    const acc = account(server.dataDir, { credits: 0 });
    const r = await toReply(await upload(server.url, { token: acc.token, file: { name: 'gone.pdf', data: pdfBytes(1, 'to delete') } }));
    assert.equal(r.status, 402);
    const id = r.body.document.id;

    const del = await call(server.url, `/api/v1/documents/${id}`, { method: 'DELETE', token: acc.token, headers: { 'X-Request-ID': 'delete-1' } });
    assert.equal(del.status, 204);
    assert.equal(del.bytes.length, 0);
    assert.equal(del.headers.get('x-request-id'), 'delete-1');

    for (const suffix of ['', '/previews', '/extractions', '/thumbnail']) {
      assertError(await call(server.url, `/api/v1/documents/${id}${suffix}`, { token: acc.token }), 404, 'not_found');
    }
    assertError(await call(server.url, `/api/v1/documents/${id}`, { method: 'DELETE', token: acc.token }), 404, 'not_found');
    const after = await list('', acc.token);
    assert.equal(after.body.meta.total, 0);
  });

  it('deletes a completed thumbnail document; its thumbnail is gone too', async () => {
    const acc = account(server.dataDir, { credits: 0 });
    const r = await toReply(await upload(server.url, { token: acc.token, file: { name: 'p.png', data: await pngBytes() }, fields: { processing_mode: 'thumbnail' } }));
    assert.equal(r.status, 201);
    const done = await waitTerminal(server.url, acc.token, r.body.data.id);
    assert.equal(done.status, 'completed', done.processing_error);
    assert.equal((await call(server.url, `/api/v1/documents/${done.id}/thumbnail`, { token: acc.token })).status, 200);
    assert.equal((await call(server.url, `/api/v1/documents/${done.id}`, { method: 'DELETE', token: acc.token })).status, 204);
    assertError(await call(server.url, `/api/v1/documents/${done.id}/thumbnail`, { token: acc.token }), 404, 'not_found');
  });

  it('answers 409 document_processing_active while the document is pending, and 204 once terminal', { timeout: 180_000 }, async () => {
    // One document at a time for this account, and eight images ahead of the target that
    // are small files but 64-megapixel decodes: the target waits for capacity behind all
    // of them, and the DELETE is sent right after its upload.
    const acc = account(server.dataDir, { credits: 0, extra: ['--concurrency', '1'] });
    const heavy = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: { r: 250, g: 250, b: 250 } } }).png().toBuffer();
    const aheadReplies = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => toReply(await upload(server.url, { token: acc.token, key: newKey('ahead'), file: { name: `heavy-${i}.png`, data: heavy }, fields: { processing_mode: 'thumbnail' } }))),
    );
    const ahead: number[] = [];
    for (const r of aheadReplies) {
      assert.equal(r.status, 201);
      ahead.push(r.body.data.id);
    }
    const target = await toReply(await upload(server.url, { token: acc.token, file: { name: 'target.png', data: await pngBytes() }, fields: { processing_mode: 'thumbnail' } }));
    assert.equal(target.status, 201);
    assert.equal(target.body.data.processing_stage, 'waiting_for_capacity', 'the account is at its concurrent standard-lane limit');
    const id = target.body.data.id;

    const refused = await call(server.url, `/api/v1/documents/${id}`, { method: 'DELETE', token: acc.token });
    assertError(refused, 409, 'document_processing_active');
    const stillThere = await call(server.url, `/api/v1/documents/${id}`, { token: acc.token });
    assert.equal(stillThere.status, 200);

    // "Retry after a terminal status."
    for (const other of ahead) await waitTerminal(server.url, acc.token, other, 120_000);
    const done = await waitTerminal(server.url, acc.token, id, 120_000);
    assert.equal(done.status, 'completed', done.processing_error);
    assert.equal((await call(server.url, `/api/v1/documents/${id}`, { method: 'DELETE', token: acc.token })).status, 204);
  });
});
