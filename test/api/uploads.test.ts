// Accepted uploads and their shapes (spec 2.1, 2.2, 3, 4.3, 4.5, 4.7, 4.8, 4.10, 8 credits):
// 201 per mode, 402 for uncovered first bands, test mode, and a thumbnail document that
// completes for real.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  DOCDESK_DOCUMENT_ADDITIONS,
  SPEC_DOCUMENT_FIELDS,
  SPEC_RUN_FIELDS,
  TIMESTAMP,
  account,
  assertError,
  call,
  cli,
  newKey,
  pdfBytes,
  pngBytes,
  startApi,
  toReply,
  upload,
  waitTerminal,
  type ApiServer,
  type Reply,
} from './support.js';

let server: ApiServer;

before(async () => {
  server = await startApi();
});
after(async () => {
  await server?.close();
});

const THUMBNAIL_UPLOAD_KEYS = [
  'id', 'mode', 'processing_mode', 'processing_lane', 'status', 'processing_stage', 'processing_error', 'filename', 'file_format',
  'origin', 'ai_processing', 'thumbnail', 'previews', 'extractions', 'latest_extraction_run', 'created_at', 'updated_at',
];
const TIMESTAMP_FIELDS = ['scanned_at', 'processing_started_at', 'processed_at', 'created_at', 'updated_at'];

function assertTimestamps(doc: any) {
  for (const f of TIMESTAMP_FIELDS) {
    if (f in doc && doc[f] !== null) assert.match(doc[f], TIMESTAMP, `${f}: ${doc[f]}`);
  }
  assert.match(doc.created_at, TIMESTAMP);
  assert.match(doc.updated_at, TIMESTAMP);
  const run = doc.latest_extraction_run;
  if (run) for (const f of ['started_at', 'completed_at', 'created_at']) if (run[f] !== null) assert.match(run[f], TIMESTAMP, `run.${f}`);
}

function balance(accountId: number): number {
  return cli(server.dataDir, ['credits', 'show', '--account', String(accountId)]).balance;
}

async function send(token: string, file: { name: string; data: Buffer }, fields: Record<string, string | string[]> = {}): Promise<Reply> {
  return toReply(await upload(server.url, { token, file, fields, key: newKey('upload') }));
}

describe('201 in extraction mode', () => {
  let acc: ReturnType<typeof account>;
  let reply: Reply;
  const data = pdfBytes(2, 'extraction shape');

  before(async () => {
    acc = account(server.dataDir, { credits: 5 });
    reply = await send(acc.token, { name: 'Rechnung März.pdf', data }, { text: '  Some   context\tline two ', requester: 'ERP-1', locale: 'de-DE', 'custom_types[]': ['invoice', 'credit-note'] });
  });

  it('answers 201 {data: document} with every document field of spec 2.1 (and only documented additions)', () => {
    assert.equal(reply.status, 201, JSON.stringify(reply.body));
    assert.deepEqual(Object.keys(reply.body), ['data']);
    const keys = Object.keys(reply.body.data);
    for (const k of SPEC_DOCUMENT_FIELDS) assert.ok(keys.includes(k), `missing ${k}`);
    for (const k of keys) assert.ok(SPEC_DOCUMENT_FIELDS.includes(k) || DOCDESK_DOCUMENT_ADDITIONS.includes(k), `undocumented field ${k}`);
    assert.ok(reply.headers.get('x-request-id'));
  });

  it('is pending and queued, with no results yet', () => {
    const d = reply.body.data;
    assert.equal(typeof d.id, 'number');
    assert.equal(d.status, 'pending');
    assert.ok(['queued', 'waiting_for_capacity'].includes(d.processing_stage), d.processing_stage);
    assert.equal(d.number_of_pages, null);
    assert.equal(d.thumbnail, null);
    assert.equal(d.previews, null);
    assert.equal(d.extractions, null);
    assert.equal(d.processing_error, null);
    assert.equal(d.blocked_reason, null);
    assert.equal(d.processed_at, null);
    assert.equal(d.processing_started_at, null);
    assert.equal(d.extracted_text, null);
    assert.equal(d.sector_extraction_summary, null);
  });

  it('records what was sent', () => {
    const d = reply.body.data;
    assert.equal(d.mode, 'live');
    assert.equal(d.processing_mode, 'extraction');
    assert.equal(d.processing_lane, 'standard');
    assert.equal(d.pages, null);
    assert.equal(d.filename, 'Rechnung März.pdf');
    assert.equal(d.file_format, 'pdf');
    assert.equal(d.file_size, data.length);
    assert.equal(d.additional_text, '  Some   context\tline two ');
    assert.equal(typeof d.additional_text_plain, 'string');
    assert.deepEqual(d.custom_types, ['invoice', 'credit-note']);
    assert.equal(d.requester, 'ERP-1');
    assert.equal(d.locale, 'de-DE');
    assert.equal(d.origin, 'api');
    assert.equal(d.ai_processing, true);
    assert.equal(d.extraction_profile, 'generic');
    assert.equal(d.is_e_invoice, false);
  });

  it('carries a pending run that charged the first band (credit_cost 1)', () => {
    const run = reply.body.data.latest_extraction_run;
    assert.deepEqual(Object.keys(run).sort(), [...SPEC_RUN_FIELDS].sort());
    assert.equal(typeof run.id, 'number');
    assert.equal(run.status, 'pending');
    assert.equal(run.mode, 'live');
    assert.equal(run.processing_lane, 'standard');
    assert.equal(run.source, 'api');
    assert.equal(run.credits_charged, 1);
    assert.equal(run.credit_cost, 1);
    assert.equal(run.quality, null);
    assert.equal(run.started_at, null);
    assert.equal(run.completed_at, null);
    assert.equal(run.blocked_reason, null);
    assert.equal(run.extraction_profile, 'generic');
    assert.equal(typeof run.profile_version, 'string');
    assert.equal(typeof run.billing_mode, 'string');
    assert.equal(typeof run.credit_cost_source, 'string');
  });

  it('formats every timestamp with microseconds and Z', () => {
    assertTimestamps(reply.body.data);
  });

  it('applied the first band to the account at acceptance (spec 8.2)', () => {
    const shown = cli(server.dataDir, ['credits', 'show', '--account', String(acc.accountId)]);
    const applied = shown.ledger.filter((e: any) => e.document_id === reply.body.data.id && e.amount < 0);
    assert.equal(applied.length, 1, JSON.stringify(shown.ledger));
    assert.equal(applied[0].amount, -1);
  });

  it('GET returns the same document, and a terminal error returns the credits', async () => {
    const got = await call(server.url, `/api/v1/documents/${reply.body.data.id}`, { token: acc.token });
    assert.equal(got.status, 200);
    assert.deepEqual(Object.keys(got.body), ['data']);
    assert.equal(got.body.data.id, reply.body.data.id);
    assert.equal(got.body.data.created_at, reply.body.data.created_at);
    assertTimestamps(got.body.data);
    const done = await waitTerminal(server.url, acc.token, reply.body.data.id);
    assertTimestamps(done);
    assert.match(done.processed_at, TIMESTAMP);
    if (done.status === 'error') {
      assert.equal(typeof done.processing_error, 'string');
      assert.equal(done.latest_extraction_run.status, 'error');
      assert.equal(done.latest_extraction_run.credits_charged, 0, 'spec 8.4: no usable result, credits returned');
      assert.equal(balance(acc.accountId), 5);
    } else {
      assert.equal(done.status, 'completed');
      assert.ok(done.latest_extraction_run.credits_charged >= 1);
    }
  });
});

describe('201 in the other modes', () => {
  it('analysis mode reports ai_processing false even with allow_ai_processing=true (R1)', async () => {
    const acc = account(server.dataDir, { credits: 5 });
    const r = await send(acc.token, { name: 'a.pdf', data: pdfBytes() }, { processing_mode: 'analysis', allow_ai_processing: 'true' });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.equal(r.body.data.processing_mode, 'analysis');
    assert.equal(r.body.data.ai_processing, false);
    assert.equal(r.body.data.latest_extraction_run.credits_charged, 1);
    assert.equal(r.body.data.latest_extraction_run.status, 'pending');
    const got = await call(server.url, `/api/v1/documents/${r.body.data.id}`, { token: acc.token });
    assert.equal(got.body.data.ai_processing, false);
  });

  it('validation mode reports ai_processing false (R1) and charges 1', async () => {
    const acc = account(server.dataDir, { credits: 5 });
    const r = await send(acc.token, { name: 'a.pdf', data: pdfBytes() }, { processing_mode: 'validation' });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.equal(r.body.data.ai_processing, false);
    assert.equal(r.body.data.latest_extraction_run.credits_charged, 1);
  });

  it('extraction mode with allow_ai_processing=false reports ai_processing false and still charges (R2)', async () => {
    const acc = account(server.dataDir, { credits: 5 });
    const r = await send(acc.token, { name: 'a.pdf', data: pdfBytes() }, { allow_ai_processing: 'false' });
    assert.equal(r.status, 201);
    assert.equal(r.body.data.ai_processing, false);
    assert.equal(r.body.data.latest_extraction_run.credits_charged, 1);
  });

  it('thumbnail mode returns exactly the reduced shape of spec 2.1', async () => {
    const acc = account(server.dataDir, { credits: 5 });
    const r = await send(acc.token, { name: 'photo.png', data: await pngBytes() }, { processing_mode: 'thumbnail', allow_ai_processing: 'true' });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    const d = r.body.data;
    assert.deepEqual(Object.keys(d).sort(), [...THUMBNAIL_UPLOAD_KEYS].sort());
    assert.equal(d.processing_mode, 'thumbnail');
    assert.equal(d.status, 'pending');
    assert.ok(['queued', 'waiting_for_capacity'].includes(d.processing_stage));
    assert.equal(d.latest_extraction_run, null);
    assert.deepEqual(d.previews, []);
    assert.deepEqual(d.extractions, []);
    assert.equal(d.ai_processing, false);
    assert.equal(d.thumbnail, null);
    assert.equal(d.file_format, 'png');
    assertTimestamps(d);
    assert.equal(balance(acc.accountId), 5, 'thumbnail mode never uses credits');
  });
});

describe('402: credits do not cover the first band', () => {
  it('a live account with 0 credits gets 402 with the blocked document in extraction mode', async () => {
    const acc = account(server.dataDir, { credits: 0 });
    const r = await send(acc.token, { name: 'invoice.pdf', data: pdfBytes() });
    const body = assertError(r, 402, 'insufficient_credits');
    assert.equal(body.available_credits, 0);
    assert.equal(body.required_credits, 1);
    const doc = body.document;
    assert.equal(typeof doc.id, 'number');
    assert.equal(doc.status, 'blocked');
    assert.equal(doc.blocked_reason, 'insufficient_credits');
    assert.equal(doc.latest_extraction_run.status, 'blocked');
    assert.equal(doc.latest_extraction_run.blocked_reason, 'insufficient_credits');
    assert.ok(doc.latest_extraction_run.credits_charged === 0 || doc.latest_extraction_run.credits_charged === null, 'no charge');
    assertTimestamps(doc);

    const got = await call(server.url, `/api/v1/documents/${doc.id}`, { token: acc.token });
    assert.equal(got.status, 200);
    assert.equal(got.body.data.status, 'blocked');
    assert.equal(got.body.data.blocked_reason, 'insufficient_credits');
    const list = await call(server.url, '/api/v1/documents', { token: acc.token });
    assert.deepEqual(list.body.data.map((d: any) => d.id), [doc.id]);
    assert.equal(balance(acc.accountId), 0);
  });

  it('analysis and validation modes are blocked too', async () => {
    const acc = account(server.dataDir, { credits: 0 });
    for (const mode of ['analysis', 'validation']) {
      const body = assertError(await send(acc.token, { name: 'a.pdf', data: pdfBytes(1, mode) }, { processing_mode: mode }), 402, 'insufficient_credits');
      assert.equal(body.document.processing_mode, mode);
      assert.equal(body.document.status, 'blocked');
    }
  });

  it('the energy profile needs 3 credits: 2 available gives 402 with required_credits 3', async () => {
    const acc = account(server.dataDir, { credits: 2 });
    const body = assertError(await send(acc.token, { name: 'a.pdf', data: pdfBytes() }, { extraction_profile: 'de.energy.supply-invoice' }), 402, 'insufficient_credits');
    assert.equal(body.available_credits, 2);
    assert.equal(body.required_credits, 3);
    assert.equal(body.document.extraction_profile, 'de.energy.supply-invoice');
    assert.equal(balance(acc.accountId), 2);
  });

  it('thumbnail mode with 0 credits is accepted (201)', async () => {
    const acc = account(server.dataDir, { credits: 0 });
    const r = await send(acc.token, { name: 'a.pdf', data: pdfBytes() }, { processing_mode: 'thumbnail' });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.equal(r.body.data.latest_extraction_run, null);
  });

  it('a test-mode token with 0 credits is accepted: mode test, credits_charged 0', async () => {
    const acc = account(server.dataDir, { credits: 0, mode: 'test' });
    const r = await send(acc.token, { name: 'a.pdf', data: pdfBytes() });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.equal(r.body.data.mode, 'test');
    assert.equal(r.body.data.status, 'pending');
    assert.equal(r.body.data.latest_extraction_run.mode, 'test');
    assert.equal(r.body.data.latest_extraction_run.credits_charged, 0);
    const energy = await send(acc.token, { name: 'b.pdf', data: pdfBytes(1, 'energy') }, { extraction_profile: 'de.energy.supply-invoice' });
    assert.equal(energy.status, 201, JSON.stringify(energy.body));
    assert.equal(energy.body.data.latest_extraction_run.credits_charged, 0);
    assert.equal(balance(acc.accountId), 0);
  });
});

describe('a completed thumbnail document', () => {
  for (const [label, make] of [
    ['PNG', async () => ({ name: 'photo.png', data: await pngBytes(640, 480) })],
    ['PDF', async () => ({ name: 'letter.pdf', data: pdfBytes(2, 'thumbnail pdf') })],
  ] as const) {
    it(`${label}: completes with a thumbnail URL that serves a JPEG, and empty previews and extractions`, async () => {
      const acc = account(server.dataDir, { credits: 0 });
      const r = await send(acc.token, await make(), { processing_mode: 'thumbnail' });
      assert.equal(r.status, 201, JSON.stringify(r.body));
      const id = r.body.data.id as number;

      const done = await waitTerminal(server.url, acc.token, id);
      assert.equal(done.status, 'completed', `processing_error: ${done.processing_error}`);
      assert.equal(done.processing_stage, 'completed');
      assert.equal(done.processing_error, null);
      assert.equal(done.thumbnail, `${server.url}/api/v1/documents/${id}/thumbnail`);
      assert.equal(done.ai_processing, false);
      assert.deepEqual(done.previews, []);
      assert.deepEqual(done.extractions, []);
      assert.equal(done.latest_extraction_run, null);
      assert.equal(done.scanner_status, 'clean');
      assert.match(done.processed_at, TIMESTAMP);
      assertTimestamps(done);

      const thumb = await call(server.url, new URL(done.thumbnail).pathname, { token: acc.token });
      assert.equal(thumb.status, 200);
      assert.equal(thumb.headers.get('content-type'), 'image/jpeg');
      assert.ok(thumb.headers.get('x-request-id'));
      assert.deepEqual([...thumb.bytes.subarray(0, 2)], [0xff, 0xd8]);
      assert.deepEqual([...thumb.bytes.subarray(-2)], [0xff, 0xd9]);

      const previews = await call(server.url, `/api/v1/documents/${id}/previews`, { token: acc.token });
      assert.equal(previews.status, 200);
      assert.deepEqual(previews.body, { data: [] });
      const extractions = await call(server.url, `/api/v1/documents/${id}/extractions`, { token: acc.token });
      assert.equal(extractions.status, 200);
      assert.deepEqual(extractions.body, { data: [] });
      assert.equal(balance(acc.accountId), 0);
    });
  }

  it('a document without a thumbnail answers 404 on the thumbnail route', async () => {
    const acc = account(server.dataDir, { credits: 0 });
    const body = assertError(await send(acc.token, { name: 'a.pdf', data: pdfBytes() }), 402, 'insufficient_credits');
    assertError(await call(server.url, `/api/v1/documents/${body.document.id}/thumbnail`, { token: acc.token }), 404, 'not_found');
  });
});
