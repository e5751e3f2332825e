// The published OpenAPI contract (spec 1.9, 9.2): it lists every operation of the spec's
// index with its documented statuses, its resource schemas carry the spec's fields, and
// real responses of this server validate against it (Ajv, JSON Schema 2020-12).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { compileErrors, validate } from '@readme/openapi-parser';
import { Contract, loadContract } from './contract.js';
import { DOCDESK_DOCUMENT_ADDITIONS, SPEC_DOCUMENT_FIELDS, SPEC_RUN_FIELDS, account, call, cli, newKey, pdfBytes, pngBytes, seedPreview, startApi, toReply, upload, waitTerminal, type ApiServer, type Reply } from './support.js';

let server: ApiServer;
let contract: Contract;

before(async () => {
  server = await startApi();
  contract = await loadContract(server.url);
});
after(async () => {
  await server?.close();
});

/** Spec section 4, endpoint index. */
const INDEX: Array<[string, string, string, number[]]> = [
  ['GET', '/api/v1/ping', 'ping', [200, 401, 429]],
  ['GET', '/api/v1/documents', 'listDocuments', [200, 403, 422, 429]],
  ['POST', '/api/v1/documents', 'uploadDocument', [201, 402, 403, 409, 422, 429]],
  ['POST', '/api/v1/x402/extractions', 'createAnonymousX402Extraction', [200, 201, 400, 402, 409, 422, 429, 503]],
  ['GET', '/api/v1/x402/extractions/{document}', 'getAnonymousX402Extraction', [200, 403, 404, 429]],
  ['GET', '/api/v1/documents/{document}', 'getDocument', [200, 403, 404, 429]],
  ['DELETE', '/api/v1/documents/{document}', 'deleteDocument', [204, 403, 404, 409, 429]],
  ['GET', '/api/v1/documents/{document}/thumbnail', 'getDocumentThumbnail', [200, 403, 404, 429]],
  ['GET', '/api/v1/documents/{document}/previews', 'listDocumentPreviews', [200, 403, 404, 429]],
  ['GET', '/api/v1/documents/{document}/extractions', 'listDocumentExtractions', [200, 403, 404, 429]],
  ['GET', '/api/v1/documents/{document}/extraction-runs/{extractionRun}/pages/{physicalPage}/preview', 'downloadDocumentExtractionEvidencePagePreview', [200, 403, 404, 429]],
  ['GET', '/api/v1/documents/{document}/exports/{projection}', 'downloadDocumentProfileExport', [200, 403, 404, 409, 429]],
  ['GET', '/api/v1/documents/exports/{projection}', 'downloadDocumentProfileExportBatch', [200, 403, 404, 409, 422, 429]],
  ['POST', '/api/v1/documents/{document}/extractions/reviews', 'reviewDocumentExtraction', [201, 403, 404, 409, 422, 429]],
  ['GET', '/api/v1/previews/{preview}', 'getPreview', [200, 403, 404, 429]],
];

/** Spec 2.5 and 7 (the document and run fields: support.ts). */
const PREVIEW_FIELDS = ['id', 'filename', 'file_format', 'file_size', 'preview'];
const ERROR_FIELDS = [
  'message', 'code', 'request_id', 'errors', 'retry_after', 'available_credits', 'required_credits', 'document',
  'account_daily_document_limit', 'user_daily_document_limit', 'token_daily_document_limit', 'expected_lock_version',
  'current_lock_version', 'conflict_reason', 'document_ids', 'rate_limit_profile', 'rate_limit_scope', 'rate_limit_window', 'rate_limit_limit',
];

describe('the OpenAPI document', () => {
  it('is served as OpenAPI 3.1 JSON with X-Request-ID and without authentication', async () => {
    const r = await call(server.url, '/api/v1/openapi.json');
    assert.equal(r.status, 200);
    assert.match(r.headers.get('content-type') ?? '', /application\/json/);
    assert.ok(r.headers.get('x-request-id'));
    assert.match(r.body.openapi, /^3\.1\.\d+$/);
    assert.equal(typeof r.body.info?.title, 'string');
    assert.equal(typeof r.body.info?.version, 'string');
    assert.equal(typeof r.body.paths, 'object');
    assert.equal(typeof r.body.components?.schemas, 'object');
  });

  // A maintained OpenAPI 3.1 validator (schema and semantics: $refs, path parameters,
  // operation ids, response objects) accepts both published documents as served.
  for (const path of ['/api/v1/openapi.json', '/app/v1/openapi.json']) {
    it(`${path} passes @readme/openapi-parser validation`, async () => {
      const r = await call(server.url, path);
      assert.equal(r.status, 200);
      const result = await validate(structuredClone(r.body));
      assert.ok(result.valid, compileErrors(result));
    });
  }

  it('the validator can fail: a Swagger 2 style response (schema beside description) is refused', async () => {
    const r = await call(server.url, '/api/v1/openapi.json');
    const broken = structuredClone(r.body);
    broken.components.responses.Error = { description: 'Error envelope.', schema: { $ref: '#/components/schemas/Error' } };
    assert.equal((await validate(broken)).valid, false);
  });

  it('lists every operation of the spec index at its method and path', () => {
    for (const [method, path, operationId] of INDEX) {
      const op = contract.operation(operationId);
      assert.equal(op.method, method, operationId);
      assert.equal(op.path, path, operationId);
    }
  });

  it('operation ids are unique', () => {
    const ids = contract.operations().map((o) => o.op.operationId).filter(Boolean);
    assert.equal(new Set(ids).size, ids.length);
  });

  for (const [, , operationId, statuses] of INDEX) {
    it(`${operationId} documents at least ${statuses.join(', ')}`, () => {
      const documented = Object.keys(contract.operation(operationId).op.responses).map(Number);
      for (const s of statuses) assert.ok(documented.includes(s), `${operationId} lacks ${s} (has ${documented.join(', ')})`);
    });
  }

  it('authenticated operations require the bearer scheme; the x402 routes do not', () => {
    assert.equal(contract.doc.components.securitySchemes?.bearerAuth?.scheme, 'bearer');
    for (const [, , operationId] of INDEX) {
      const security = contract.operation(operationId).op.security;
      const anonymous = operationId.includes('Anonymous');
      assert.deepEqual(security, anonymous ? [] : [{ bearerAuth: [] }], operationId);
    }
  });

  it('documents the Idempotency-Key header (max 255) on uploads and the integer path parameters', () => {
    const upload = contract.operation('uploadDocument').op;
    const key = upload.parameters.find((p: any) => p.in === 'header' && p.name === 'Idempotency-Key');
    assert.ok(key);
    assert.equal(key.required, true);
    assert.equal(key.schema.maxLength, 255);
    const get = contract.operation('getDocument').op;
    const param = get.parameters.find((p: any) => p.in === 'path' && p.name === 'document');
    assert.equal(param.required, true);
    assert.equal(param.schema.type, 'integer');
  });

  it('the resource schemas carry every field of spec sections 2.1, 2.2, 2.5 and 7', () => {
    const props = (name: string) => Object.keys(contract.doc.components.schemas[name]?.properties ?? {}).sort();
    assert.deepEqual(props('Document'), [...SPEC_DOCUMENT_FIELDS, ...DOCDESK_DOCUMENT_ADDITIONS].sort());
    assert.deepEqual(props('ExtractionRun'), [...SPEC_RUN_FIELDS].sort());
    assert.deepEqual(props('Preview'), [...PREVIEW_FIELDS].sort());
    assert.deepEqual(props('Error'), [...ERROR_FIELDS].sort());
    assert.deepEqual([...contract.doc.components.schemas.Error.required].sort(), ['code', 'message', 'request_id']);
  });

  it('the schemas reject what the spec forbids (the validator can fail)', () => {
    const doc = contract.component('Document');
    assert.equal(doc({ id: 'one' }), false);
    assert.equal(doc({ id: 1, mode: 'live', processing_mode: 'ocr', processing_lane: 'standard', status: 'pending', filename: 'a', file_format: 'pdf', ai_processing: false, created_at: '2026-01-01T00:00:00.000000Z', updated_at: '2026-01-01T00:00:00.000000Z' }), false);
    const err = contract.component('Error');
    assert.equal(err({ message: 'x', code: 'y' }), false, 'request_id is required');
    assert.equal(err({ message: 'x', code: 'y', request_id: 'z', errors: { file: 'not an array' } }), false);
    assert.equal(err({ message: 'x', code: 'y', request_id: 'z' }), true);
  });

  it('the upload 402 requires the credit fields and a full document; the upload 409 requires a conflict_reason', () => {
    const responses = contract.operation('uploadDocument').op.responses;
    const v402 = contract.validator(responses['402'].content['application/json'].schema);
    assert.equal(v402({ message: 'm', code: 'insufficient_credits', request_id: 'r' }), false);
    assert.equal(v402({ message: 'm', code: 'insufficient_credits', request_id: 'r', available_credits: 0, required_credits: 1, document: { id: 1 } }), false);
    const v409 = contract.validator(responses['409'].content['application/json'].schema);
    assert.equal(v409({ message: 'm', code: 'idempotency_conflict', request_id: 'r' }), false);
    assert.equal(v409({ message: 'm', code: 'idempotency_conflict', request_id: 'r', conflict_reason: 'other' }), false);
    assert.equal(v409({ message: 'm', code: 'idempotency_conflict', request_id: 'r', conflict_reason: 'document_created', document: { id: 7 } }), true);
  });
});

describe('real responses validate against the published contract', () => {
  let acc: ReturnType<typeof account>;
  let broke: ReturnType<typeof account>;
  let readOnly: string;
  let writeOnly: string;
  const seen = new Map<string, Set<number>>();

  const check = (operationId: string, reply: Reply) => {
    contract.assertResponse(operationId, reply);
    if (!seen.has(operationId)) seen.set(operationId, new Set());
    seen.get(operationId)!.add(reply.status);
    return reply;
  };
  const get = (path: string, token: string | null = acc.token) => call(server.url, path, { token });

  before(async () => {
    acc = account(server.dataDir, { credits: 10 });
    broke = account(server.dataDir, { credits: 0 });
    readOnly = cli(server.dataDir, ['token', 'create', '--account', String(acc.accountId), '--mode', 'live', '--abilities', 'documents:read']).token;
    writeOnly = cli(server.dataDir, ['token', 'create', '--account', String(acc.accountId), '--mode', 'live', '--abilities', 'documents:write']).token;
  });

  it('ping 200 and 401', async () => {
    check('ping', await get('/api/v1/ping'));
    check('ping', await get('/api/v1/ping', null));
  });

  it('uploads: 201 (extraction, analysis, thumbnail, test mode), 402, 403, 409, 422', async () => {
    const key = newKey('contract');
    const file = { name: 'a.pdf', data: pdfBytes(1, 'contract upload') };
    check('uploadDocument', await toReply(await upload(server.url, { token: acc.token, key, file, fields: { locale: 'en', 'custom_types[]': ['invoice'] } })));
    const replay = check('uploadDocument', await toReply(await upload(server.url, { token: acc.token, key, file, fields: { locale: 'en', 'custom_types[]': ['invoice'] } })));
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    check('uploadDocument', await toReply(await upload(server.url, { token: acc.token, key, file, fields: { locale: 'de' } })));
    check('uploadDocument', await toReply(await upload(server.url, { token: acc.token, file, fields: { processing_mode: 'analysis', pages: 'first' } })));
    const thumb = check('uploadDocument', await toReply(await upload(server.url, { token: acc.token, file: { name: 'p.png', data: await pngBytes() }, fields: { processing_mode: 'thumbnail' } })));
    assert.equal(thumb.status, 201);
    const testToken = account(server.dataDir, { credits: 0, mode: 'test' }).token;
    assert.equal(check('uploadDocument', await toReply(await upload(server.url, { token: testToken, file }))).status, 201);
    assert.equal(check('uploadDocument', await toReply(await upload(server.url, { token: broke.token, file }))).status, 402);
    assert.equal(check('uploadDocument', await toReply(await upload(server.url, { token: readOnly, file }))).status, 403);
    assert.equal(check('uploadDocument', await toReply(await upload(server.url, { token: acc.token, file, fields: { processing_mode: 'nope' } }))).status, 422);
    assert.equal(check('uploadDocument', await toReply(await upload(server.url, { token: acc.token, file, key: null }))).status, 422);
    assert.deepEqual([...seen.get('uploadDocument')!].sort(), [201, 402, 403, 409, 422]);
  });

  it('documents: get (pending, blocked, completed thumbnail), list, previews, extractions, thumbnail, delete', async () => {
    const pending = await toReply(await upload(server.url, { token: acc.token, file: { name: 'b.pdf', data: pdfBytes(3, 'contract get') } }));
    assert.equal(pending.status, 201);
    check('getDocument', await get(`/api/v1/documents/${pending.body.data.id}`));
    const blocked = await toReply(await upload(server.url, { token: broke.token, file: { name: 'c.pdf', data: pdfBytes(1, 'contract blocked') } }));
    check('getDocument', await get(`/api/v1/documents/${blocked.body.document.id}`, broke.token));
    check('getDocument', await get('/api/v1/documents/999999'));
    check('getDocument', await get(`/api/v1/documents/${pending.body.data.id}`, writeOnly));

    const thumb = await toReply(await upload(server.url, { token: acc.token, file: { name: 'p.png', data: await pngBytes(300, 200) }, fields: { processing_mode: 'thumbnail' } }));
    const done = await waitTerminal(server.url, acc.token, thumb.body.data.id);
    assert.equal(done.status, 'completed', done.processing_error);
    check('getDocument', await get(`/api/v1/documents/${done.id}`));
    const image = check('getDocumentThumbnail', await get(`/api/v1/documents/${done.id}/thumbnail`));
    assert.equal(image.status, 200);
    check('getDocumentThumbnail', await get(`/api/v1/documents/${blocked.body.document.id}/thumbnail`, broke.token));
    check('listDocumentPreviews', await get(`/api/v1/documents/${done.id}/previews`));
    check('listDocumentPreviews', await get('/api/v1/documents/999999/previews'));
    check('listDocumentExtractions', await get(`/api/v1/documents/${done.id}/extractions`));
    check('listDocumentExtractions', await get(`/api/v1/documents/${pending.body.data.id}/extractions`));
    check('listDocumentExtractions', await get('/api/v1/documents/999999/extractions'));

    check('listDocuments', await get('/api/v1/documents'));
    check('listDocuments', await get('/api/v1/documents?per_page=2&page=2&sort=created_at'));
    check('listDocuments', await get('/api/v1/documents?per_page=0'));
    check('listDocuments', await get('/api/v1/documents', writeOnly));
    check('listDocuments', await get('/api/v1/documents', null));

    const del = check('deleteDocument', await call(server.url, `/api/v1/documents/${blocked.body.document.id}`, { method: 'DELETE', token: broke.token }));
    assert.equal(del.status, 204);
    check('deleteDocument', await call(server.url, `/api/v1/documents/${blocked.body.document.id}`, { method: 'DELETE', token: broke.token }));
    check('deleteDocument', await call(server.url, `/api/v1/documents/${done.id}`, { method: 'DELETE', token: readOnly }));
  });

  it('previews, profile routes and x402 routes', async () => {
    const blocked = await toReply(await upload(server.url, { token: broke.token, file: { name: 'd.pdf', data: pdfBytes(1, 'contract previews') } }));
    const id = blocked.body.document.id;
    const previewId = await seedPreview(server.dataDir, { documentId: id, accountId: broke.accountId, bytes: await pngBytes(4, 4) });
    assert.equal(check('getPreview', await get(`/api/v1/previews/${previewId}`, broke.token)).status, 200);
    check('getPreview', await get(`/api/v1/previews/${previewId}`, acc.token));
    check('getPreview', await get(`/api/v1/previews/${previewId}`, writeOnly));

    check('downloadDocumentExtractionEvidencePagePreview', await get(`/api/v1/documents/${id}/extraction-runs/1/pages/1/preview`, broke.token));
    check('downloadDocumentProfileExport', await get(`/api/v1/documents/${id}/exports/canonical_json`, broke.token));
    check('downloadDocumentProfileExportBatch', await get(`/api/v1/documents/exports/invoice_lines_csv?document_ids[]=${id}`, broke.token));
    check('downloadDocumentProfileExportBatch', await get('/api/v1/documents/exports/invoice_lines_csv', broke.token));
    check('downloadDocumentProfileExportBatch', await get('/api/v1/documents/exports/invoice_lines_csv?document_ids[]=999999', broke.token));
    const reviewHeaders = { 'Content-Type': 'application/json', 'Idempotency-Key': newKey(), 'If-Match': '"1"' };
    check('reviewDocumentExtraction', await call(server.url, `/api/v1/documents/${id}/extractions/reviews`, { method: 'POST', token: broke.token, headers: reviewHeaders, body: '{"action":"confirm"}' }));
    check('reviewDocumentExtraction', await call(server.url, `/api/v1/documents/${id}/extractions/reviews`, { method: 'POST', token: readOnly, headers: reviewHeaders, body: '{"action":"confirm"}' }));

    check('createAnonymousX402Extraction', await call(server.url, '/api/v1/x402/extractions', { method: 'POST' }));
    check('getAnonymousX402Extraction', await call(server.url, '/api/v1/x402/extractions/1'));
  });

  it('covered every operation of the index with at least one real response', () => {
    for (const [, , operationId] of INDEX) assert.ok(seen.has(operationId), `no response of ${operationId} was validated`);
  });
});
