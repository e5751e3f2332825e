// Profile results over real HTTP (spec 4.10-4.14): sector_extraction with evidence, evidence
// page previews, review decisions with every rule, single and batch exports, list filters.
// Results come from the sample truth payloads judged by the energy policy (energy-results.ts).
import assert from 'node:assert/strict';
import { unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Contract, loadContract } from './contract.js';
import { seedEnergyResult, pageImage, type Seeded } from './energy-results.js';
import { account, assertError, assertValidation, call, cli, newKey, pdfBytes, startApi, toReply, upload, type ApiServer, type Reply } from './support.js';
import { skipUnlessSamples } from '../helpers/samples.js';

const skip = skipUnlessSamples('energy');

let server: ApiServer;
let contract: Contract;
let owner: ReturnType<typeof account>;
let stranger: ReturnType<typeof account>;
let readOnly: string;
let reviewOnly: string;
let readWrite: string;

/** A blocked generic and a blocked energy document (no result), from the stubs era. */
let blocked: number[] = [];

const MALO_OK = '68272826240';
const MALO_BAD = '68272826241';

const tokenFor = (abilities: string) => cli(server.dataDir, ['token', 'create', '--account', String(owner.accountId), '--mode', 'live', '--abilities', abilities]).token as string;

before(async () => {
  server = await startApi();
  contract = await loadContract(server.url);
  owner = account(server.dataDir, { credits: 0, name: 'profile owner' });
  stranger = account(server.dataDir, { credits: 0, name: 'stranger' });
  readOnly = tokenFor('documents:read');
  reviewOnly = tokenFor('extractions:review');
  readWrite = tokenFor('documents:read,documents:write');
  for (const fields of [{}, { extraction_profile: 'de.energy.supply-invoice' }] as Array<Record<string, string>>) {
    const r = await toReply(await upload(server.url, { token: owner.token, file: { name: 'a.pdf', data: pdfBytes(1, JSON.stringify(fields)) }, fields }));
    assert.equal(r.status, 402);
    blocked.push(r.body.document.id);
  }
  blocked.sort((a, b) => a - b);
});
after(async () => {
  await server?.close();
});

const get = (path: string, token = owner.token) => call(server.url, path, { token });
const extractionsOf = (id: number, query = '', token = owner.token) => get(`/api/v1/documents/${id}/extractions${query}`, token);
const seed = (opts: Parameters<typeof seedEnergyResult>[2] = {}) => seedEnergyResult(server, owner.token, opts);
/** inv-1's MaLo gets a wrong check digit: `invalid_identifier`, so `needs_review`. */
const needsReview = () => seed({ mutate: (p) => void (p.invoices[0]!.data.supply_points[0]!.malo_id = MALO_BAD) });

function reviewCall(id: number, body: unknown, opts: { etag?: string; key?: string | null; token?: string } = {}) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (opts.key !== null) headers['Idempotency-Key'] = opts.key ?? newKey('review');
  if (opts.etag !== undefined) headers['If-Match'] = opts.etag;
  return call(server.url, `/api/v1/documents/${id}/extractions/reviews`, { method: 'POST', token: opts.token ?? owner.token, headers, body: JSON.stringify(body) });
}

async function etagOf(id: number): Promise<string> {
  const r = await extractionsOf(id);
  assert.equal(r.status, 200);
  return r.headers.get('etag')!;
}

const ev = (text: string, extra: Record<string, unknown> = {}) => ({ component_ref: 'src-1', physical_page: 1, text, source: 'native_text', ...extra });
const correctMalo = { action: 'correct', invoice_ref: 'inv-1', entity_ref: 'sp-1', field: 'malo_id', corrected_value: MALO_OK, evidence_reference: ev(`MaLo-ID ${MALO_OK}`), review_duration_seconds: 42 };

function assertOk(r: Reply, status: number, operationId: string) {
  assert.equal(r.status, status, r.bytes.toString('utf8').slice(0, 600));
  contract.assertResponse(operationId, r);
}

describe('GET /api/v1/documents/{document}/extractions with a profile result (4.10)', { skip }, () => {
  let s: Seeded;
  before(async () => {
    s = await seed({ pagesWithoutImage: [2] });
  });

  it('the compact response carries every field of 2.8 but no evidence, and the ETag header', async () => {
    const r = await extractionsOf(s.documentId);
    assertOk(r, 200, 'listDocumentExtractions');
    const se = r.body.sector_extraction;
    for (const k of ['id', 'document_id', 'extraction_run_id', 'profile', 'profile_version', 'schema_version', 'machine_outcome', 'effective_outcome', 'handoff_status', 'review_reasons', 'handoff_review_reasons', 'warnings', 'lock_version', 'etag', 'acceptance_source', 'reviewed_at', 'machine_payload', 'effective_payload', 'validation_summary', 'source_components', 'review_decisions', 'exports', 'created_at', 'updated_at']) {
      assert.ok(k in se, `sector_extraction.${k}`);
    }
    assert.ok(!('evidence' in se) && !('evidence_pages' in se));
    assert.equal(se.document_id, s.documentId);
    assert.equal(se.extraction_run_id, s.runId);
    assert.equal(se.machine_outcome, 'accepted');
    assert.equal(se.acceptance_source, 'machine');
    assert.equal(r.headers.get('etag'), se.etag);
    assert.equal(se.effective_payload.invoices.length, 2);
    assert.deepEqual(Object.keys(se.exports).sort(), ['canonical_json', 'invoice_lines_csv']);
    assert.equal(se.exports.invoice_lines_csv.available, true);
    assert.equal(se.exports.invoice_lines_csv.url, `${server.url}/api/v1/documents/${s.documentId}/exports/invoice_lines_csv`);
  });

  it('include=evidence adds the flattened evidence and sorted cited pages with run-bound preview URLs', async () => {
    const r = await extractionsOf(s.documentId, '?include=evidence');
    assertOk(r, 200, 'listDocumentExtractions');
    const se = r.body.sector_extraction;
    assert.ok(se.evidence.length > 20);
    const pages = se.evidence_pages.map((p: any) => p.physical_page);
    assert.deepEqual(pages, [...new Set(pages as number[])].sort((a, b) => a - b));
    for (const p of se.evidence_pages) {
      if (p.physical_page === 2) {
        assert.equal(p.available, false);
        assert.equal(p.preview_url, null);
      } else {
        assert.equal(p.available, true);
        assert.equal(p.preview_url, `${server.url}/api/v1/documents/${s.documentId}/extraction-runs/${s.runId}/pages/${p.physical_page}/preview`);
      }
    }
  });

  it('a blocked document has no result; an error document exposes its failed result', async () => {
    const r = await extractionsOf(blocked[1]!);
    assertOk(r, 200, 'listDocumentExtractions');
    assert.ok(!('sector_extraction' in r.body));
    const failed = await seed({ failed: true });
    const f = await extractionsOf(failed.documentId);
    assertOk(f, 200, 'listDocumentExtractions');
    assert.equal(f.body.sector_extraction.machine_outcome, 'failed');
    assert.equal(f.body.sector_extraction.machine_payload, null);
    assert.equal(f.body.sector_extraction.exports.canonical_json.available, false);
  });

  it('another account gets 404', async () => {
    assertError(await extractionsOf(s.documentId, '', stranger.token), 404, 'not_found');
  });
});

describe('GET /api/v1/documents list filters', { skip }, () => {
  it('review_status and handoff_status follow the current result; invalid values are a 422', async () => {
    const pending = await needsReview();
    const ids = async (q: string) => ((await get(`/api/v1/documents?${q}`)).body.data as any[]).map((d) => d.id);
    assert.ok((await ids('review_status=needs_review')).includes(pending.documentId));
    assert.ok(!(await ids('review_status=accepted')).includes(pending.documentId));
    assert.ok((await ids('handoff_status=pending_review')).includes(pending.documentId));
    assert.ok((await ids('extraction_profile=de.energy.supply-invoice')).includes(pending.documentId));
    assert.ok(!(await ids('extraction_profile=generic')).includes(pending.documentId));
    const r = await reviewCall(pending.documentId, correctMalo, { etag: pending.result.etag });
    assert.equal(r.status, 201, r.bytes.toString('utf8'));
    assert.ok((await ids('review_status=accepted&handoff_status=accepted')).includes(pending.documentId), 'a review is visible in the list at once');
    assert.ok(!(await ids('review_status=needs_review')).includes(pending.documentId));
    assertValidation(await get('/api/v1/documents?review_status=maybe'), 'review_status');
    assertValidation(await get('/api/v1/documents?handoff_status=done'), 'handoff_status');
  });
});

describe('GET .../extraction-runs/{run}/pages/{page}/preview (4.11)', { skip }, () => {
  let s: Seeded;
  let other: Seeded;
  const previewOf = (doc: number, run: number, page: number | string, token = owner.token) => get(`/api/v1/documents/${doc}/extraction-runs/${run}/pages/${page}/preview`, token);
  before(async () => {
    s = await seed({ pagesWithoutImage: [2] });
    other = await seed();
  });

  it('serves the cited page of the exact run inline with its stored type, private no-store and a sandbox', async () => {
    const r = await previewOf(s.documentId, s.runId, 1);
    assertOk(r, 200, 'downloadDocumentExtractionEvidencePagePreview');
    assert.equal(r.headers.get('content-type'), 'image/jpeg');
    assert.equal(r.headers.get('cache-control'), 'private, no-store');
    assert.equal(r.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(r.headers.get('content-security-policy'), "default-src 'none'; sandbox");
    assert.deepEqual(r.bytes, await pageImage(1));
  });

  it('fails closed: another run, an uncited or out-of-range page, a page without image, a deleted file', async () => {
    assertError(await previewOf(s.documentId, other.runId, 1), 404, 'not_found');
    assertError(await previewOf(other.documentId, s.runId, 1), 404, 'not_found');
    assertError(await previewOf(s.documentId, s.runId, 99), 404, 'not_found');
    assertError(await previewOf(s.documentId, s.runId, 2), 404, 'not_found');
    unlinkSync(join(server.dataDir, 'files', 'artefacts', String(s.documentId), `run-${s.runId}`, 'page-3.jpg'));
    assertError(await previewOf(s.documentId, s.runId, 3), 404, 'not_found');
    for (const [run, page] of [['abc', '1'], ['1', '0'], ['1', 'x']]) assertError(await get(`/api/v1/documents/${s.documentId}/extraction-runs/${run}/pages/${page}/preview`), 404, 'not_found');
  });

  it('another account gets 404; a token without documents:read gets 403', async () => {
    assertError(await previewOf(s.documentId, s.runId, 1, stranger.token), 404, 'not_found');
    assertError(await previewOf(s.documentId, s.runId, 1, reviewOnly), 403, 'missing_ability');
  });
});

describe('exports (4.12, 4.13)', { skip }, () => {
  let accepted: Seeded[] = [];
  let pending: Seeded;
  before(async () => {
    accepted = [await seed({ sample: 'energy-7-0001' }), await seed({ sample: 'energy-7-0002' }), await seed({ sample: 'energy-7-0003' })];
    pending = await needsReview();
  });
  const exportOf = (id: number, projection: string, token = owner.token) => get(`/api/v1/documents/${id}/exports/${projection}`, token);
  const batch = (ids: Array<number | string>, token = owner.token, projection = 'invoice_lines_csv') => get(`/api/v1/documents/exports/${projection}?${ids.map((id) => `document_ids[]=${id}`).join('&')}`, token);

  it('an accepted result downloads invoice-lines.csv and canonical.json with ETag, version and private no-store', async () => {
    const s = accepted[0]!;
    const csv = await exportOf(s.documentId, 'invoice_lines_csv');
    assertOk(csv, 200, 'downloadDocumentProfileExport');
    assert.match(csv.headers.get('content-type')!, /^text\/csv/);
    assert.equal(csv.headers.get('etag'), s.result.etag);
    assert.equal(csv.headers.get('x-projection-version'), '2.0.0');
    assert.equal(csv.headers.get('cache-control'), 'private, no-store');
    assert.equal(csv.headers.get('content-disposition'), `attachment; filename="invoice-lines.csv"; filename*=UTF-8''invoice-lines.csv`);
    const lines = csv.bytes.toString('utf8').split('\r\n');
    assert.equal(lines[0], 'document_id,invoice_ref,invoice_number,invoice_date,page_first,page_last,line_ref,category,description,period_start,period_end,quantity,unit,unit_price,net_amount,vat_rate');
    const charges = s.result.effective_payload as any;
    assert.equal(lines.length - 2, charges.invoices.reduce((n: number, i: any) => n + i.data.charges.length, 0));

    const json = await exportOf(s.documentId, 'canonical_json');
    assertOk(json, 200, 'downloadDocumentProfileExport');
    assert.equal(json.headers.get('content-disposition'), `attachment; filename="canonical.json"; filename*=UTF-8''canonical.json`);
    const body = JSON.parse(json.bytes.toString('utf8'));
    assert.equal(body.profile_version, '2.0.1');
    assert.equal(body.invoices.length, 2);
  });

  it('a result that is not accepted answers 409 profile_export_not_ready with its outcome and handoff', async () => {
    const body = assertError(await exportOf(pending.documentId, 'canonical_json'), 409, 'profile_export_not_ready');
    assert.equal(body.effective_outcome, 'needs_review');
    assert.equal(body.handoff_status, 'pending_review');
    assert.deepEqual(body.review_reasons, ['invalid_identifier']);
    contract.assertResponse('downloadDocumentProfileExport', await exportOf(pending.documentId, 'canonical_json'));
  });

  it('404: unknown projection, no result, a generic document, another account', async () => {
    assertError(await exportOf(accepted[0]!.documentId, 'not_a_projection'), 404, 'not_found');
    assertError(await exportOf(blocked[1]!, 'canonical_json'), 404, 'not_found');
    assertError(await exportOf(blocked[0]!, 'canonical_json'), 404, 'not_found');
    assertError(await exportOf(accepted[0]!.documentId, 'canonical_json', stranger.token), 404, 'not_found');
  });

  it('a batch is ordered by document id whatever the request order, with a shared version and a composite ETag', async () => {
    const ids = accepted.map((s) => s.documentId);
    const r = await batch([...ids].reverse());
    assertOk(r, 200, 'downloadDocumentProfileExportBatch');
    assert.equal(r.headers.get('x-projection-version'), '2.0.0');
    assert.equal(r.headers.get('cache-control'), 'private, no-store');
    assert.match(r.headers.get('etag')!, /^"batch-[0-9a-f]+"$/);
    const rows = r.bytes.toString('utf8').split('\r\n').slice(1, -1);
    const docs = rows.map((l) => Number(l.split(',')[0]));
    assert.deepEqual([...new Set(docs)], [...ids].sort((a, b) => a - b));
    assert.deepEqual(docs, [...docs].sort((a, b) => a - b));
    const again = await batch(ids);
    assert.deepEqual(again.bytes, r.bytes);
    assert.equal(again.headers.get('etag'), r.headers.get('etag'));
  });

  it('all-or-nothing: an unknown or foreign id is a 404; an unaccepted one a 409 naming it', async () => {
    const ids = accepted.map((s) => s.documentId);
    assertError(await batch([...ids, 999_999]), 404, 'not_found');
    assertError(await batch(ids, stranger.token), 404, 'not_found');
    const body = assertError(await batch([pending.documentId, ...ids, blocked[0]!]), 409, 'profile_export_not_ready');
    assert.deepEqual(body.document_ids, [blocked[0]!, pending.documentId].sort((a, b) => a - b));
    contract.assertResponse('downloadDocumentProfileExportBatch', await batch([pending.documentId]));
  });

  it('results without one shared batch projection answer 409 profile_export_incompatible', async () => {
    const old = await seed({ profileVersion: '1.9.0' });
    assertError(await batch([accepted[0]!.documentId, old.documentId]), 409, 'profile_export_incompatible');
  });

  it('bad id lists are a 422; an unknown batch projection a 404', async () => {
    assertValidation(await get('/api/v1/documents/exports/invoice_lines_csv'), 'document_ids[]');
    assertValidation(await batch(Array.from({ length: 101 }, (_, i) => 1_000_000 + i)), 'document_ids[]');
    assertError(await batch(Array.from({ length: 100 }, (_, i) => 1_000_000 + i)), 404, 'not_found');
    assertValidation(await batch([blocked[0]!, blocked[0]!]), 'document_ids[]');
    for (const bad of ['abc', '1.5', '0', '-3', '', '1e400', 'Infinity', '0x1', '1e0', '99999999999999999999']) assertValidation(await batch([blocked[0]!, bad]), 'document_ids[]');
    assertError(await batch([accepted[0]!.documentId], owner.token, 'not_a_projection'), 404, 'not_found');
    assertError(await batch([accepted[0]!.documentId], owner.token, 'canonical_json'), 404, 'not_found');
  });
});

describe('POST /api/v1/documents/{document}/extractions/reviews (4.14)', { skip }, () => {
  it('403 without extractions:review; 404 without a result, for an unknown id and across accounts', async () => {
    const s = await needsReview();
    assertError(await reviewCall(s.documentId, correctMalo, { etag: s.result.etag, token: readWrite }), 403, 'missing_ability');
    assertError(await reviewCall(blocked[1]!, { action: 'reject', reason: 'x' }, { etag: '"1-1-00"' }), 404, 'not_found');
    assertError(await reviewCall(blocked[0]!, { action: 'reject', reason: 'x' }, { etag: '"1-1-00"' }), 404, 'not_found');
    assertError(await reviewCall(999_999, { action: 'reject', reason: 'x' }, { etag: '"1-1-00"' }), 404, 'not_found');
    assertError(await reviewCall(s.documentId, correctMalo, { etag: s.result.etag, token: stranger.token }), 404, 'not_found');
  });

  it('Idempotency-Key and If-Match are both required (422)', async () => {
    const s = await needsReview();
    assertValidation(await reviewCall(s.documentId, correctMalo, { key: null, etag: s.result.etag }), 'Idempotency-Key');
    assertValidation(await reviewCall(s.documentId, correctMalo), 'If-Match');
    assertValidation(await reviewCall(s.documentId, correctMalo, { key: 'x'.repeat(256), etag: s.result.etag }), 'Idempotency-Key');
  });

  it('a correction revalidates the result: accepted by human review, lock and ETag advance, decision appended', async () => {
    const s = await needsReview();
    const r = await reviewCall(s.documentId, correctMalo, { etag: s.result.etag });
    assertOk(r, 201, 'reviewDocumentExtraction');
    const { decision, sector_extraction: se } = r.body.data;
    assert.equal(decision.action, 'correct');
    assert.equal(decision.invoice_ref, 'inv-1');
    assert.equal(decision.previous_value, MALO_BAD);
    assert.equal(decision.corrected_value, MALO_OK);
    assert.equal(decision.review_duration_seconds, 42);
    assert.equal(decision.expected_lock_version, 1);
    assert.equal(decision.resulting_lock_version, 2);
    assert.equal(decision.previous_effective_outcome, 'needs_review');
    assert.equal(decision.resulting_effective_outcome, 'accepted');
    assert.equal(decision.evidence_reference.match, 'manual');
    assert.equal(decision.evidence_reference.reviewer_transcribed, true);
    assert.equal(se.lock_version, 2);
    assert.equal(se.effective_outcome, 'accepted');
    assert.equal(se.handoff_status, 'accepted');
    assert.equal(se.acceptance_source, 'human_review');
    assert.equal(se.machine_outcome, 'needs_review', 'the machine outcome never changes');
    assert.equal(r.headers.get('etag'), se.etag);
    assert.notEqual(se.etag, s.result.etag);
    const inv = se.effective_payload.invoices;
    assert.equal(inv[0].data.supply_points[0].malo_id, MALO_OK);
    assert.equal(inv[0].data.field_quality['sp-1.malo_id'], 'reviewed');
    assert.equal(se.machine_payload.invoices[0].data.supply_points[0].malo_id, MALO_BAD);

    const after = await extractionsOf(s.documentId, '?include=evidence');
    assert.equal(after.headers.get('etag'), se.etag);
    assert.equal(after.body.sector_extraction.review_decisions.length, 1);
    const cited = after.body.sector_extraction.evidence.find((e: any) => e.invoice_ref === 'inv-1' && e.entity_ref === 'sp-1' && e.field === 'malo_id');
    assert.equal(cited.reviewer_transcribed, true);
    const doc = await get(`/api/v1/documents/${s.documentId}`);
    if (doc.body.data.sector_extraction_summary) assert.equal(doc.body.data.sector_extraction_summary.effective_outcome, 'accepted');

    // V7: the accepted handoff is terminal.
    const late = await reviewCall(s.documentId, { action: 'reject', reason: 'too late' }, { etag: se.etag });
    assertValidation(late, 'action');
    assert.equal((await get(`/api/v1/documents/${s.documentId}/exports/invoice_lines_csv`)).status, 200);
  });

  it('an identical retry replays the 201; the same key with another decision is a 409 idempotency_conflict', async () => {
    const s = await needsReview();
    const key = newKey('replay');
    const first = await reviewCall(s.documentId, correctMalo, { etag: s.result.etag, key });
    assert.equal(first.status, 201);
    assert.equal(first.headers.get('idempotent-replayed'), null);
    const again = await reviewCall(s.documentId, { ...correctMalo }, { etag: s.result.etag, key });
    assertOk(again, 201, 'reviewDocumentExtraction');
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(again.body, first.body);
    assert.equal((await extractionsOf(s.documentId)).body.sector_extraction.review_decisions.length, 1, 'no second decision');
    const body = assertError(await reviewCall(s.documentId, { ...correctMalo, review_duration_seconds: 43 }, { etag: s.result.etag, key }), 409, 'idempotency_conflict');
    assert.equal(body.conflict_reason, 'payload_mismatch');
  });

  it('a stale If-Match is a 409 extraction_version_conflict with both lock versions', async () => {
    const s = await needsReview();
    const confirm = { action: 'confirm', invoice_ref: 'inv-1', entity_ref: 'settlement', field: 'gross_total' };
    assert.equal((await reviewCall(s.documentId, confirm, { etag: s.result.etag })).status, 201);
    const r = await reviewCall(s.documentId, correctMalo, { etag: s.result.etag });
    const body = assertError(r, 409, 'extraction_version_conflict');
    assert.equal(body.expected_lock_version, 1);
    assert.equal(body.current_lock_version, 2);
    contract.assertResponse('reviewDocumentExtraction', r);
  });

  it('two reviewers with one ETag: one wins, the other gets 409 and succeeds after reloading', async () => {
    const s = await needsReview();
    const a = { action: 'confirm', invoice_ref: 'inv-1', entity_ref: 'settlement', field: 'net_total' };
    const b = { action: 'confirm', invoice_ref: 'inv-1', entity_ref: 'settlement', field: 'vat_total' };
    const [ra, rb] = await Promise.all([reviewCall(s.documentId, a, { etag: s.result.etag }), reviewCall(s.documentId, b, { etag: s.result.etag })]);
    assert.deepEqual([ra.status, rb.status].sort(), [201, 409]);
    const [, loser] = ra.status === 201 ? [a, b] : [b, a];
    const retry = await reviewCall(s.documentId, loser, { etag: await etagOf(s.documentId) });
    assert.equal(retry.status, 201, retry.bytes.toString('utf8'));
    assert.equal(retry.body.data.sector_extraction.lock_version, 3);
    assert.equal((await extractionsOf(s.documentId)).body.sector_extraction.review_decisions.length, 2);
  });

  it('reject needs a reason and no invoice_ref; a rejected result is terminal', async () => {
    const s = await needsReview();
    assertValidation(await reviewCall(s.documentId, { action: 'reject' }, { etag: s.result.etag }), 'reason');
    assertValidation(await reviewCall(s.documentId, { action: 'reject', reason: 'x', invoice_ref: 'inv-1' }, { etag: s.result.etag }), 'invoice_ref');
    const r = await reviewCall(s.documentId, { action: 'reject', reason: 'Not our supply contract.', review_duration_seconds: null }, { etag: s.result.etag });
    assertOk(r, 201, 'reviewDocumentExtraction');
    assert.equal(r.body.data.sector_extraction.effective_outcome, 'rejected');
    assert.equal(r.body.data.sector_extraction.handoff_status, 'rejected');
    assert.equal(r.body.data.decision.review_duration_seconds, null);
    assertValidation(await reviewCall(s.documentId, correctMalo, { etag: r.body.data.sector_extraction.etag }), 'action');
    assertError(await get(`/api/v1/documents/${s.documentId}/exports/canonical_json`), 409, 'profile_export_not_ready');
  });

  it('a review-only token receives audit metadata only; with documents:read the full result', async () => {
    const s = await needsReview();
    const r = await reviewCall(s.documentId, correctMalo, { etag: s.result.etag, token: reviewOnly });
    assertOk(r, 201, 'reviewDocumentExtraction');
    const { decision, sector_extraction: se } = r.body.data;
    assert.deepEqual(Object.keys(se).sort(), ['effective_outcome', 'etag', 'handoff_status', 'id', 'lock_version', 'machine_outcome']);
    for (const k of ['previous_value', 'corrected_value', 'evidence_reference']) assert.ok(!(k in decision), k);
    assert.equal(decision.resulting_lock_version, 2);
    // The key's replay for a reader shows the full body; for the review-only token still audit only.
    assertError(await extractionsOf(s.documentId, '', reviewOnly), 403, 'missing_ability');
  });

  it('review_duration_seconds is 1-86,400 or null; other invalid bodies are 422', async () => {
    const s = await needsReview();
    for (const bad of [0, 86_401, 2.5]) assertValidation(await reviewCall(s.documentId, { ...correctMalo, review_duration_seconds: bad }, { etag: s.result.etag }), 'review_duration_seconds');
    assertValidation(await reviewCall(s.documentId, { action: 'approve' }, { etag: s.result.etag }), 'action');
    assertValidation(await reviewCall(s.documentId, { ...correctMalo, field: 'nonsense' }, { etag: s.result.etag }), 'field');
    assertValidation(await reviewCall(s.documentId, { ...correctMalo, corrected_value: undefined }, { etag: s.result.etag }), 'corrected_value');
    assertValidation(await reviewCall(s.documentId, { ...correctMalo, evidence_reference: undefined }, { etag: s.result.etag }), 'evidence_reference');
    assert.equal((await reviewCall(s.documentId, { ...correctMalo, review_duration_seconds: 86_400 }, { etag: s.result.etag })).status, 201);
  });

  /** One failing and one passing decision per rule, chained on one result. */
  it('V1-V6 over HTTP: each rule refuses one decision and accepts another', async () => {
    const s = await needsReview();
    let etag = s.result.etag;
    const fails = async (body: Record<string, unknown>, field: string) => assertValidation(await reviewCall(s.documentId, body, { etag }), field);
    const passes = async (body: Record<string, unknown>) => {
      const r = await reviewCall(s.documentId, body, { etag });
      assert.equal(r.status, 201, r.bytes.toString('utf8').slice(0, 600));
      etag = r.body.data.sector_extraction.etag;
      return r.body.data;
    };
    const correct = (entity_ref: string, field: string, corrected_value: unknown, evidence: Record<string, unknown>, invoice_ref = 'inv-1') => ({ action: 'correct', invoice_ref, entity_ref, field, corrected_value, evidence_reference: evidence });
    const number = (s.result.effective_payload as any).invoices[1].data.identity.invoice_number as string;

    // V1: page manifest of the invoice (inv-2 is pages 4-6).
    await fails(correct('identity', 'invoice_number', number, ev(`Rechnungsnummer ${number}`, { physical_page: 2 }), 'inv-2'), 'evidence_reference.physical_page');
    await passes(correct('identity', 'invoice_number', number, ev(`Rechnungsnummer ${number}`, { physical_page: 4 }), 'inv-2'));
    // V2: the evidence supports the whole value.
    await fails(correct('settlement', 'advance_payments_total', '100.00', ev('Abschläge bezahlt 10,00 EUR')), 'evidence_reference.text');
    // V3: identifier label of the right type; party role.
    await fails(correct('sp-1', 'malo_id', MALO_OK, ev(`Zählernummer ${MALO_OK}`)), 'evidence_reference.text');
    await fails(correct('supplier', 'name', 'Rheinauen Energie AG', ev('Kunde Rheinauen Energie AG')), 'evidence_reference.text');
    const supplier = await passes(correct('supplier', 'name', 'Rheinauen Energie AG', ev('Rheinauen Energie AG', { label: 'Lieferant' })));
    assert.equal(supplier.decision.evidence_reference.label, 'Lieferant');
    // V4: address components in the evidence; a country code visibly.
    const addr = { street: 'Hauptstraße', house_number: '10', postal_code: '55218', city: 'Ingelheim am Rhein', country_code: 'DE' };
    await fails(correct('customer', 'billing_address', addr, ev('Rechnungsanschrift: Hauptstraße 10, 55218 Ingelheim am Rhein')), 'evidence_reference.text');
    const billing = await passes(correct('customer', 'billing_address', addr, ev('Rechnungsanschrift: Hauptstraße 10, 55218 Ingelheim am Rhein, Deutschland')));
    assert.deepEqual(billing.sector_extraction.effective_payload.invoices[0].data.customer.billing_address, addr);
    // V5: identifiers normalized and checked; V6: only transcribed evidence; objects where the field takes one.
    await fails(correct('sp-1', 'malo_id', MALO_BAD, ev(`MaLo-ID ${MALO_BAD}`)), 'corrected_value');
    await fails({ ...correctMalo, evidence_reference: ev(`MaLo-ID ${MALO_OK}`, { match: 'exact' }) }, 'evidence_reference.match');
    await fails(correct('identity', 'billing_period', '2025-01-01/2025-04-19', ev('01.01.2025 - 19.04.2025')), 'corrected_value');
    const malo = await passes(correct('sp-1', 'malo_id', '6827 2826 240', ev('MaLo-ID 6827 2826 240', { match: 'manual', bbox: { x: 10, y: 20, w: 100, h: 10 } })));
    assert.equal(malo.decision.corrected_value, MALO_OK);
    assert.equal(malo.decision.evidence_reference.reviewer_transcribed, true);
    assert.equal(malo.sector_extraction.effective_outcome, 'accepted');
    // V7: the accepted handoff takes no further decision.
    await fails({ action: 'confirm', invoice_ref: 'inv-1', entity_ref: 'settlement', field: 'gross_total' }, 'action');
  });

  it('a review never clears an ambiguous supply-point association', async () => {
    const s = await seed({
      mutate: (p) => {
        const d = p.invoices[0]!.data;
        d.supply_points.push({ ...d.supply_points[0]!, entity_ref: 'sp-2', malo_id: '41373559241', legacy_metering_point_id: null });
        d.meters[0]!.supply_point_ref = null;
      },
    });
    assert.ok(s.result.handoff_review_reasons.includes('ambiguous_supply_point_association'), JSON.stringify(s.result.handoff_review_reasons));
    const r = await reviewCall(s.documentId, { action: 'correct', invoice_ref: 'inv-1', entity_ref: 'meter-1', field: 'supply_point_ref', corrected_value: 'sp-1', evidence_reference: ev(`Zähler 1HAG1102012224 Marktlokation ${MALO_OK}`) }, { etag: s.result.etag });
    assert.equal(r.status, 201, r.bytes.toString('utf8').slice(0, 600));
    const se = r.body.data.sector_extraction;
    assert.ok(se.handoff_review_reasons.includes('ambiguous_supply_point_association'));
    assert.notEqual(se.handoff_status, 'accepted');
    assert.notEqual(se.effective_outcome, 'accepted');
  });
});

describe('a real bill through the energy pipeline, then reviewed and exported', { skip }, () => {
  it('evidence pages of the real run are served; the result takes a decision or exports as its outcome allows', async () => {
    const { readFileSync } = await import('node:fs');
    const { samplePath } = await import('../helpers/samples.js');
    const { waitTerminal } = await import('./support.js');
    const payer = account(server.dataDir, { credits: 30, name: 'real bills' });
    const pdf = samplePath('energy', 'energy-7-0007.pdf');
    const truth = JSON.parse(readFileSync(pdf.replace('.pdf', '.truth.json'), 'utf8'));
    const res = await toReply(await upload(server.url, { token: payer.token, file: { name: 'bill.pdf', data: readFileSync(pdf) }, fields: { extraction_profile: 'de.energy.supply-invoice' } }));
    assert.equal(res.status, 201, res.bytes.toString('utf8').slice(0, 300));
    const doc = await waitTerminal(server.url, payer.token, res.body.data.id, 300_000);
    assert.equal(doc.status, 'completed', doc.processing_error);

    const r = await extractionsOf(doc.id, '?include=evidence', payer.token);
    assertOk(r, 200, 'listDocumentExtractions');
    const se = r.body.sector_extraction;
    assert.equal(r.headers.get('etag'), se.etag);
    assert.equal(se.extraction_run_id, doc.latest_extraction_run.id);
    assert.ok(se.evidence.length > 20);
    assert.ok(se.evidence_pages.length >= 1 && se.evidence_pages.every((p: any) => p.available && p.preview_url));
    const page = await call(server.url, new URL(se.evidence_pages[0].preview_url).pathname, { token: payer.token });
    assertOk(page, 200, 'downloadDocumentExtractionEvidencePagePreview');
    assert.equal(page.headers.get('content-type'), 'image/jpeg');
    assert.ok(page.bytes.length > 1000 && page.bytes[0] === 0xff && page.bytes[1] === 0xd8, 'a real JPEG page render');

    const confirm = { action: 'confirm', invoice_ref: 'inv-1', entity_ref: 'identity', field: 'invoice_number' };
    const review = await reviewCall(doc.id, confirm, { etag: se.etag, token: payer.token });
    if (se.effective_outcome === 'accepted' && se.handoff_status === 'accepted') {
      assertValidation(review, 'action');
      const csv = await get(`/api/v1/documents/${doc.id}/exports/invoice_lines_csv`, payer.token);
      assertOk(csv, 200, 'downloadDocumentProfileExport');
      assert.equal(csv.bytes.toString('utf8').split('\r\n').length - 2, truth.invoices[0].data.charges.length);
    } else {
      assertOk(review, 201, 'reviewDocumentExtraction');
      assert.equal(review.body.data.sector_extraction.lock_version, 2);
      assert.equal(review.body.data.sector_extraction.effective_payload.invoices[0].data.field_quality['identity.invoice_number'], 'reviewed');
      assertError(await get(`/api/v1/documents/${doc.id}/exports/invoice_lines_csv`, payer.token), 409, 'profile_export_not_ready');
    }
  });
});
