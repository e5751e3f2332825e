// Profile-result routes (spec 4.11-4.14) while no specialized profile result exists:
// single and batch exports, evidence page previews and review writes.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { account, assertError, assertValidation, call, cli, newKey, pdfBytes, startApi, toReply, upload, type ApiServer } from './support.js';

let server: ApiServer;
let owner: ReturnType<typeof account>;
let stranger: ReturnType<typeof account>;
/** Two terminal (blocked) documents of `owner`, one generic and one energy. */
let docs: number[] = [];

before(async () => {
  server = await startApi();
  owner = account(server.dataDir, { credits: 0, name: 'profile owner' });
  stranger = account(server.dataDir, { credits: 0, name: 'stranger' });
  const variants: Array<Record<string, string>> = [{}, { extraction_profile: 'de.energy.supply-invoice' }];
  for (const fields of variants) {
    const r = await toReply(await upload(server.url, { token: owner.token, file: { name: 'a.pdf', data: pdfBytes(1, JSON.stringify(fields)) }, fields }));
    assert.equal(r.status, 402);
    docs.push(r.body.document.id);
  }
  docs.sort((a, b) => a - b);
});
after(async () => {
  await server?.close();
});

const batch = (query: string, token = owner.token) => call(server.url, `/api/v1/documents/exports/invoice_lines_csv${query}`, { token });
const idsQuery = (ids: Array<number | string>) => `?${ids.map((id) => `document_ids[]=${id}`).join('&')}`;

describe('GET /api/v1/documents/{document}/exports/{projection}', () => {
  it('an unknown projection answers 404', async () => {
    assertError(await call(server.url, `/api/v1/documents/${docs[1]}/exports/not_a_projection`, { token: owner.token }), 404, 'not_found');
  });

  it('a registered projection without a profile result answers 404', async () => {
    for (const projection of ['canonical_json', 'invoice_lines_csv']) {
      assertError(await call(server.url, `/api/v1/documents/${docs[1]}/exports/${projection}`, { token: owner.token }), 404, 'not_found');
    }
  });

  it('another account’s document answers 404', async () => {
    assertError(await call(server.url, `/api/v1/documents/${docs[1]}/exports/canonical_json`, { token: stranger.token }), 404, 'not_found');
  });
});

describe('GET /api/v1/documents/exports/{projection}', () => {
  it('no document_ids[] at all is a 422', async () => {
    assertValidation(await batch(''), 'document_ids[]');
  });

  it('101 ids are a 422; 100 distinct ids pass validation', async () => {
    const many = Array.from({ length: 101 }, (_, i) => 1_000_000 + i);
    assertValidation(await batch(idsQuery(many)), 'document_ids[]');
    // 100 unknown ids: past validation, then 404 (all-or-nothing).
    assertError(await batch(idsQuery(many.slice(0, 100))), 404, 'not_found');
  });

  it('duplicate ids are a 422', async () => {
    assertValidation(await batch(idsQuery([docs[0]!, docs[0]!])), 'document_ids[]');
  });

  it('ids that are not positive integers are a 422', async () => {
    for (const bad of ['abc', '1.5', '0', '-3', '', '1e400', 'Infinity', '0x1', '1e0', '99999999999999999999']) {
      assertValidation(await batch(idsQuery([docs[0]!, bad])), 'document_ids[]');
    }
  });

  it('an unknown id answers 404, also next to an own id', async () => {
    assertError(await batch(idsQuery([999_999])), 404, 'not_found');
    assertError(await batch(idsQuery([docs[0]!, 999_999])), 404, 'not_found');
  });

  it('an id of another account answers 404 without partial output', async () => {
    assertError(await batch(idsQuery([docs[0]!]), stranger.token), 404, 'not_found');
  });

  it('own documents without accepted results answer 409 profile_export_not_ready with document_ids ascending', async () => {
    const body = assertError(await batch(idsQuery([docs[1]!, docs[0]!])), 409, 'profile_export_not_ready');
    assert.deepEqual(body.document_ids, docs);
    const single = assertError(await batch(idsQuery([docs[0]!])), 409, 'profile_export_not_ready');
    assert.deepEqual(single.document_ids, [docs[0]]);
  });

  it('an unknown batch projection answers 404', async () => {
    assertError(await call(server.url, `/api/v1/documents/exports/not_a_projection${idsQuery([docs[0]!])}`, { token: owner.token }), 404, 'not_found');
  });
});

describe('GET /api/v1/documents/{document}/extraction-runs/{extractionRun}/pages/{physicalPage}/preview', () => {
  it('answers 404 when no profile result cites the page (own document, real run id)', async () => {
    const doc = await call(server.url, `/api/v1/documents/${docs[1]}`, { token: owner.token });
    const runId = doc.body.data.latest_extraction_run.id;
    assertError(await call(server.url, `/api/v1/documents/${docs[1]}/extraction-runs/${runId}/pages/1/preview`, { token: owner.token }), 404, 'not_found');
  });

  it('answers 404 for malformed run or page numbers', async () => {
    for (const [run, page] of [['abc', '1'], ['1', '0'], ['1', 'x']]) {
      assertError(await call(server.url, `/api/v1/documents/${docs[1]}/extraction-runs/${run}/pages/${page}/preview`, { token: owner.token }), 404, 'not_found');
    }
  });
});

describe('POST /api/v1/documents/{document}/extractions/reviews', () => {
  const review = (docId: number, token: string) =>
    call(server.url, `/api/v1/documents/${docId}/extractions/reviews`, {
      method: 'POST',
      token,
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': newKey('review'), 'If-Match': '"0"' },
      body: JSON.stringify({ action: 'reject', reason: 'not an energy invoice' }),
    });

  it('a token without extractions:review gets 403', async () => {
    const readWrite = cli(server.dataDir, ['token', 'create', '--account', String(owner.accountId), '--mode', 'live', '--abilities', 'documents:read,documents:write']).token;
    assertError(await review(docs[1]!, readWrite), 403, 'missing_ability');
  });

  it('with the ability, a document without a profile result answers 404', async () => {
    assertError(await review(docs[1]!, owner.token), 404, 'not_found');
    assertError(await review(docs[0]!, owner.token), 404, 'not_found');
  });

  it('a review-only token gets the same 404, and an unknown document is 404 too', async () => {
    const reviewOnly = cli(server.dataDir, ['token', 'create', '--account', String(owner.accountId), '--mode', 'live', '--abilities', 'extractions:review']).token;
    assertError(await review(docs[1]!, reviewOnly), 404, 'not_found');
    assertError(await review(999_999, owner.token), 404, 'not_found');
  });
});
