// Profile results over HTTP (spec 4.10-4.14): extractions with `sector_extraction`, cited
// evidence page previews, single and batch exports, and review decisions.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { findDocument, loadView } from '../../documents/queries.js';
import { requireDocument } from './documents.js';
import { batchExport, SAFE_PAGE_CONTENT_TYPES, citedPageAvailability, deliveredResult, evidencePageArtifact, ExportRefused, singleExport, type ExportRefusal } from '../../documents/profile-results.js';
import { recordReviewDecision, ReviewRefused } from '../../documents/profile-reviews.js';
import { latestProfileResultForDocument, listReviewDecisions, type ProfileResult } from '../../store/profile-results.js';
import { PROFILES } from '../../profiles/registry.js';
import { ApiError, notFound, validationFailed } from '../errors.js';
import { claimKey, completeKey, releaseKey } from '../../store/idempotency.js';
import { presentExtractions } from '../../documents/representation.js';
import { presentDecision, presentDecisionAudit, presentResultAudit, presentSectorExtraction } from '../profile-presenters.js';
import { reviewRequestSchema } from '../profile-schemas.js';
import { sendStoredBlob, sendStoredBytes } from '../stored-bytes.js';
import { defineRoutes, type HandlerContext, type ResponseDoc } from '../route.js';
import { commonErrors, documentParam, errorResponse, schemaRef } from '../schemas.js';

const PRIVATE = 'private, no-store';
const docId = (req: FastifyRequest) => (req.params as { document: number }).document;
const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

// --- 4.10 -------------------------------------------------------------------------------

async function extractions(req: FastifyRequest, reply: FastifyReply, ctx: HandlerContext) {
  const view = await loadView(ctx.engine.db, ctx.auth!, docId(req));
  if (!view) throw notFound('document');
  if (view.doc.processing_mode !== 'extraction') return { data: [] };
  // Fields exist once the run's extraction step stored them (a terminal document).
  const data = view.doc.status === 'pending' ? {} : presentExtractions(view.run);
  const result = await deliveredResult(ctx.engine.db, view.doc, view.profile);
  if (!result) return { data };
  const withEvidence = (req.query as { include?: string }).include === 'evidence';
  const sector = presentSectorExtraction(result, ctx.baseUrl, {
    decisions: await listReviewDecisions(ctx.engine.db, result.id),
    ...(withEvidence ? { evidencePages: await citedPageAvailability(ctx.engine.db, ctx.engine.blobs, result) } : {}),
  });
  reply.header('ETag', result.etag);
  reply.header('Cache-Control', PRIVATE);
  return { data, sector_extraction: sector };
}

// --- 4.11 -------------------------------------------------------------------------------

async function evidencePage(req: FastifyRequest, reply: FastifyReply, ctx: HandlerContext) {
  const doc = await requireDocument(req, ctx);
  const { extractionRun, physicalPage } = req.params as { extractionRun: number; physicalPage: number };
  const artifact = await evidencePageArtifact(ctx.engine.db, ctx.engine.blobs, doc.id, extractionRun, physicalPage);
  if (!artifact) throw notFound('evidence page');
  return sendStoredBlob(reply, ctx.engine.blobs, artifact.path, 'evidence page', { contentType: artifact.content_type, filename: `page-${physicalPage}.${artifact.content_type.split('/')[1]}`, cacheControl: PRIVATE });
}

// --- 4.12 / 4.13 ------------------------------------------------------------------------

function exportError(r: ExportRefusal): ApiError {
  switch (r.kind) {
    case 'no_projection':
      return notFound('projection');
    case 'no_result':
      return notFound('profile result');
    case 'incompatible':
      return new ApiError(409, 'profile_export_incompatible', r.message);
    case 'not_ready': {
      const { kind: _k, ...details } = r;
      const message = r.document_ids
        ? 'Not every requested document has a completed profile result with accepted outcome and handoff.'
        : `The profile result is ${r.effective_outcome} with handoff ${r.handoff_status}; exports open once both are accepted.`;
      return new ApiError(409, 'profile_export_not_ready', message, r.document_ids ? { document_ids: r.document_ids } : details);
    }
  }
}

function sendAttachment(reply: FastifyReply, p: { filename: string; content_type: string; contract_version: string }, etag: string, body: string) {
  reply.header('ETag', etag);
  reply.header('X-Projection-Version', p.contract_version);
  return sendStoredBytes(reply, { body, contentType: p.content_type, filename: p.filename, attachment: true, cacheControl: PRIVATE });
}

async function exportOne(req: FastifyRequest, reply: FastifyReply, ctx: HandlerContext) {
  const doc = await requireDocument(req, ctx);
  const { projection } = req.params as { projection: string };
  try {
    const out = await singleExport(ctx.engine.db, doc, projection);
    return sendAttachment(reply, out.projection, out.result.etag, out.body);
  } catch (err) {
    throw err instanceof ExportRefused ? exportError(err.refusal) : err;
  }
}

/** Projection names any profile registers for batches (others name no batch resource). */
const batchProjections = () => new Set(PROFILES.flatMap((p) => Object.values(p.exports).filter((x) => x.batch).map((x) => x.name)));

async function exportBatch(req: FastifyRequest, reply: FastifyReply, ctx: HandlerContext) {
  const { projection } = req.params as { projection: string };
  const ids = (req.query as { 'document_ids[]'?: number[] })['document_ids[]'];
  if (!ids) throw validationFailed({ 'document_ids[]': ['Send 1 to 100 distinct positive integer document_ids[].'] });
  if (!batchProjections().has(projection)) throw notFound('batch projection');
  const docs = [];
  for (const id of ids) {
    const doc = await findDocument(ctx.engine.db, ctx.auth!, id);
    // All-or-nothing: no partial output, and no word on which id failed or why.
    if (!doc) throw notFound('document');
    docs.push(doc);
  }
  try {
    const out = await batchExport(ctx.engine.db, docs, projection);
    const etag = `"batch-${createHash('sha256').update(out.results.map((r) => `${r.document_id}:${r.etag}`).join(',')).digest('hex').slice(0, 32)}"`;
    return sendAttachment(reply, out.projection, etag, out.body);
  } catch (err) {
    throw err instanceof ExportRefused ? exportError(err.refusal) : err;
  }
}

// --- 4.14 -------------------------------------------------------------------------------

/** Key order does not change a decision: the replay hash reads a canonical JSON. */
function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])]));
  return v;
}

const reviewHash = (documentId: number, body: unknown) => createHash('sha256').update(JSON.stringify({ review: documentId, body: canonical(body ?? null) })).digest('hex');

/** The 201 body for this token: everything with documents:read, audit metadata otherwise. */
function reviewBody(full: { data: { decision: ReturnType<typeof presentDecision>; sector_extraction: Record<string, unknown> & { etag: string } } }, canRead: boolean) {
  if (canRead) return full;
  return { data: { decision: presentDecisionAudit(full.data.decision), sector_extraction: presentResultAudit(full.data.sector_extraction as unknown as ProfileResult) } };
}

async function review(req: FastifyRequest, reply: FastifyReply, ctx: HandlerContext) {
  const auth = ctx.auth!;
  const doc = await requireDocument(req, ctx);
  const result = await latestProfileResultForDocument(ctx.engine.db, doc.id);
  if (!result || doc.status === 'blocked' || doc.status === 'pending') throw notFound('profile result');

  const key = header(req, 'idempotency-key');
  const ifMatch = header(req, 'if-match');
  const missing: Record<string, string[]> = {};
  if (!key || key.trim() === '') missing['Idempotency-Key'] = ['An Idempotency-Key header is required for review writes (one key per decision).'];
  else if (key.length > 255) missing['Idempotency-Key'] = ['The Idempotency-Key may be at most 255 characters.'];
  if (!ifMatch || ifMatch.trim() === '') missing['If-Match'] = ['An If-Match header with the latest sector_extraction ETag is required.'];
  if (Object.keys(missing).length) throw validationFailed(missing);

  const canRead = auth.abilities.includes('documents:read');
  const hash = reviewHash(doc.id, req.body);
  const claim = await claimKey(ctx.engine.db, auth.accountId, key!, ctx.engine.owner);
  if (!claim.claimed) {
    const row = claim.row;
    if (row.status === 'in_progress') throw new ApiError(409, 'idempotency_conflict', 'A request with this Idempotency-Key is still being processed; retry after it finishes.', { conflict_reason: 'request_in_progress' });
    if (row.request_hash !== hash) throw new ApiError(409, 'idempotency_conflict', 'This Idempotency-Key was already used with another request. Use a new key for a new decision.', { conflict_reason: 'payload_mismatch' });
    const stored = JSON.parse(row.response_body!);
    reply.header('Idempotent-Replayed', 'true');
    reply.header('ETag', stored.data.sector_extraction.etag);
    return reply.code(201).send(reviewBody(stored, canRead));
  }

  try {
    const out = await recordReviewDecision(ctx.engine.db, { result, body: req.body, ifMatch: ifMatch!, idempotencyKey: key!, reviewerUserId: auth.userId, tokenId: auth.tokenId });
    const full = {
      data: {
        decision: presentDecision(out.decision),
        sector_extraction: presentSectorExtraction(out.result, ctx.baseUrl, { decisions: await listReviewDecisions(ctx.engine.db, out.result.id) }),
      },
    };
    await completeKey(ctx.engine.db, claim.rowId, hash, 201, full);
    reply.header('ETag', out.result.etag);
    return reply.code(201).send(reviewBody(full, canRead));
  } catch (err) {
    await releaseKey(ctx.engine.db, claim.rowId);
    if (!(err instanceof ReviewRefused)) throw err;
    const r = err.refusal;
    if (r.kind === 'invalid') throw validationFailed(r.errors);
    if (r.kind === 'terminal') throw new ApiError(422, 'validation_failed', r.message, { errors: { action: [r.message] } });
    throw new ApiError(409, 'extraction_version_conflict', 'The profile result changed since this ETag; reload it and decide again.', {
      ...(r.expected_lock_version === null ? {} : { expected_lock_version: r.expected_lock_version }),
      current_lock_version: r.current_lock_version,
    });
  }
}

// --- definitions ------------------------------------------------------------------------

const h = (description: string) => ({ description, schema: { type: 'string' } });
const attachmentHeaders = {
  ETag: h('Result ETag (single) or composite ETag (batch).'),
  'X-Projection-Version': h('Contract version of the projection.'),
  'Cache-Control': h('private, no-store'),
  'Content-Disposition': h('attachment; filename="…"'),
};
/** Each projection content type once; a JSON projection is an object, the rest are files. */
function projectionContent(batchOnly: boolean) {
  const types = PROFILES.flatMap((p) => Object.values(p.exports).filter((x) => !batchOnly || x.batch).map((x) => x.content_type.split(';')[0]!));
  return Object.fromEntries(types.map((t) => [t, t === 'application/json' ? { type: 'object' } : { type: 'string', format: 'binary' }]));
}
const attachment = (description: string, batchOnly: boolean): ResponseDoc => ({ description, contentTypes: projectionContent(batchOnly), headers: attachmentHeaders });
const notReady: ResponseDoc = { description: 'profile_export_not_ready with the result\'s effective_outcome, handoff_status and reasons.', schema: schemaRef('ProfileExportNotReady') };

export const profileResultRoutes = defineRoutes([
  {
    method: 'GET',
    url: '/api/v1/documents/:document/extractions',
    operationId: 'listDocumentExtractions',
    summary: 'Extraction fields, and the specialized profile result when one is delivered',
    tags: ['extractions'],
    auth: 'documents:read',
    rateClass: 'read',
    params: documentParam,
    querystring: { type: 'object', properties: { include: { enum: ['evidence'] } } },
    responses: {
      200: {
        description: 'Fields keyed by name (an empty array for thumbnail, analysis and validation documents); `sector_extraction` when a profile result is delivered, with its ETag in the header.',
        schema: { type: 'object', required: ['data'], properties: { data: schemaRef('Extractions'), sector_extraction: schemaRef('SectorExtraction') } },
        headers: { ETag: h('ETag of sector_extraction (when present): send it as If-Match on review writes.') },
      },
      401: commonErrors[401],
      403: commonErrors[403],
      404: commonErrors[404],
      429: commonErrors[429],
    },
    handler: extractions,
  },
  {
    method: 'GET',
    url: '/api/v1/documents/:document/extraction-runs/:extractionRun/pages/:physicalPage/preview',
    operationId: 'downloadDocumentExtractionEvidencePagePreview',
    summary: 'Download a page artifact cited by a profile result (exact run and page)',
    tags: ['extractions'],
    auth: 'documents:read',
    rateClass: 'read',
    params: {
      type: 'object',
      required: ['document', 'extractionRun', 'physicalPage'],
      properties: { document: { type: 'integer', minimum: 1 }, extractionRun: { type: 'integer', minimum: 1 }, physicalPage: { type: 'integer', minimum: 1 } },
    },
    responses: {
      200: {
        description: 'The stored page image, inline.',
        contentTypes: Object.fromEntries([...SAFE_PAGE_CONTENT_TYPES].map((t) => [t, { type: 'string', format: 'binary' }])),
        headers: { 'Cache-Control': h('private, no-store'), 'X-Content-Type-Options': h('nosniff'), 'Content-Security-Policy': h("default-src 'none'; sandbox") },
      },
      401: commonErrors[401],
      403: commonErrors[403],
      404: errorResponse('No such document, run/page relation or stored artifact (missing and expired artifacts fail closed).'),
      429: commonErrors[429],
    },
    handler: evidencePage,
  },
  {
    method: 'GET',
    url: '/api/v1/documents/:document/exports/:projection',
    operationId: 'downloadDocumentProfileExport',
    summary: 'Download a registered profile projection',
    tags: ['exports'],
    auth: 'documents:read',
    rateClass: 'read',
    params: { type: 'object', required: ['document', 'projection'], properties: { document: { type: 'integer', minimum: 1 }, projection: { type: 'string' } } },
    responses: {
      200: attachment('Projection attachment (canonical.json or invoice-lines.csv).', false),
      401: commonErrors[401],
      403: commonErrors[403],
      404: errorResponse('No document, profile result or registered projection.'),
      409: notReady,
      429: commonErrors[429],
    },
    handler: exportOne,
  },
  {
    method: 'GET',
    url: '/api/v1/documents/exports/:projection',
    operationId: 'downloadDocumentProfileExportBatch',
    summary: 'Combine 1-100 documents into one batch projection',
    tags: ['exports'],
    auth: 'documents:read',
    rateClass: 'read',
    params: { type: 'object', required: ['projection'], properties: { projection: { type: 'string' } } },
    querystring: { type: 'object', properties: { 'document_ids[]': { type: 'array', items: { type: 'integer', minimum: 1, maximum: 9007199254740991 }, minItems: 1, maxItems: 100, uniqueItems: true } } },
    responses: {
      200: attachment('Batch attachment; rows in ascending document id, then invoice, then charge order.', true),
      401: commonErrors[401],
      403: commonErrors[403],
      404: errorResponse('At least one id is unknown or outside the account; no partial output.'),
      409: errorResponse('profile_export_not_ready (with document_ids) or profile_export_incompatible.'),
      422: errorResponse('Not 1-100 distinct positive integer document_ids[].'),
      429: commonErrors[429],
    },
    handler: exportBatch,
  },
  {
    method: 'POST',
    url: '/api/v1/documents/:document/extractions/reviews',
    operationId: 'reviewDocumentExtraction',
    summary: 'Record one review decision on a profile result',
    tags: ['extractions'],
    auth: 'extractions:review',
    rateClass: 'review',
    params: documentParam,
    headers: [
      { name: 'Idempotency-Key', required: true, description: 'One key per decision (max 255 characters); a retry with the same decision replays the 201.', schema: { type: 'string', maxLength: 255 } },
      { name: 'If-Match', required: true, description: 'The latest sector_extraction ETag.', schema: { type: 'string' } },
    ],
    requestBody: { contentType: 'application/json', required: true, schema: reviewRequestSchema },
    responses: {
      201: {
        description: 'Decision recorded. With documents:read the full decision and result; a review-only token gets audit metadata only.',
        schema: {
          type: 'object',
          required: ['data'],
          properties: {
            data: {
              anyOf: [
                { type: 'object', required: ['decision', 'sector_extraction'], properties: { decision: schemaRef('ReviewDecision'), sector_extraction: schemaRef('SectorExtraction') } },
                { type: 'object', required: ['decision', 'sector_extraction'], properties: { decision: schemaRef('ReviewDecisionAudit'), sector_extraction: schemaRef('SectorExtractionAudit') } },
              ],
            },
          },
        },
        headers: { ETag: h('The new ETag of the result.'), 'Idempotent-Replayed': h('true on an identical retry.') },
      },
      401: commonErrors[401],
      403: commonErrors[403],
      404: errorResponse('No document or specialized profile result.'),
      409: errorResponse('extraction_version_conflict (stale If-Match; expected_lock_version, current_lock_version) or idempotency_conflict (conflict_reason).'),
      422: errorResponse('Invalid action, target field, corrected value, evidence reference or headers; or a terminal result.'),
      429: commonErrors[429],
    },
    handler: review,
  },
]);
