// Document read/delete routes and the profile-result routes (spec 4.2, 4.5-4.8, 4.10-4.14).
// Profile results arrive with the energy profile; until then those routes answer the
// documents that exist with the spec's 404/409 rules.
import { createReadStream } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { findDocument, listDocuments, loadView } from '../../documents/queries.js';
import { deleteDocument } from '../../documents/delete.js';
import { PROFILE_IDS } from '../../profiles/registry.js';
import { ApiError, notFound, validationFailed } from '../errors.js';
import { presentDocument, presentExtractions, presentPreview } from '../presenters.js';
import { defineRoutes, type HandlerContext } from '../route.js';
import { commonErrors, documentParam, errorResponse, schemaRef } from '../schemas.js';

export const REVIEW_STATUSES = ['accepted', 'needs_review', 'unsupported', 'failed', 'rejected'];
export const HANDOFF_STATUSES = ['not_ready', 'awaiting_review', 'accepted'];
export const PROJECTIONS = ['canonical_json', 'invoice_lines_csv'];

const docId = (req: FastifyRequest) => (req.params as { document: number }).document;

async function requireDocument(req: FastifyRequest, ctx: HandlerContext) {
  const doc = await findDocument(ctx.engine.db, ctx.auth!.accountId, docId(req));
  if (!doc) throw notFound('document');
  return doc;
}

interface ListQuery {
  sort?: 'created_at' | '-created_at';
  per_page?: number;
  page?: number;
  extraction_profile?: string;
  review_status?: string;
  handoff_status?: string;
}

async function list(req: FastifyRequest, _reply: FastifyReply, ctx: HandlerContext) {
  const q = req.query as ListQuery;
  const sort = q.sort ?? '-created_at';
  const perPage = q.per_page ?? 100;
  const page = q.page ?? 1;
  const { total, views } = await listDocuments(ctx.engine.db, ctx.auth!.accountId, {
    page,
    perPage,
    newestFirst: sort === '-created_at',
    filters: { extraction_profile: q.extraction_profile, review_status: q.review_status, handoff_status: q.handoff_status },
  });
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const link = (p: number) => {
    const params = new URLSearchParams({ sort, per_page: String(perPage) });
    for (const k of ['extraction_profile', 'review_status', 'handoff_status'] as const) if (q[k] !== undefined) params.set(k, q[k]!);
    params.set('page', String(p));
    return `${ctx.baseUrl}/api/v1/documents?${params.toString()}`;
  };
  const from = views.length === 0 ? null : (page - 1) * perPage + 1;
  return {
    data: views.map((v) => presentDocument(v, ctx.baseUrl)),
    links: { first: link(1), last: link(lastPage), prev: page > 1 ? link(Math.min(page - 1, lastPage)) : null, next: page < lastPage ? link(page + 1) : null },
    meta: { current_page: page, from, last_page: lastPage, per_page: perPage, to: from === null ? null : from + views.length - 1, total },
  };
}

async function get(req: FastifyRequest, _reply: FastifyReply, ctx: HandlerContext) {
  const view = await loadView(ctx.engine.db, ctx.auth!.accountId, docId(req));
  if (!view) throw notFound('document');
  return { data: presentDocument(view, ctx.baseUrl) };
}

async function remove(req: FastifyRequest, reply: FastifyReply, ctx: HandlerContext) {
  await deleteDocument(ctx.engine, ctx.auth!.accountId, docId(req));
  return reply.code(204).send();
}

async function thumbnail(req: FastifyRequest, reply: FastifyReply, ctx: HandlerContext) {
  const doc = await requireDocument(req, ctx);
  if (!doc.thumbnail_path || !(await ctx.engine.blobs.exists(doc.thumbnail_path))) throw notFound('thumbnail');
  reply.header('Cache-Control', 'private, max-age=300');
  return reply.type('image/jpeg').send(createReadStream(ctx.engine.blobs.absolute(doc.thumbnail_path)));
}

async function previews(req: FastifyRequest, _reply: FastifyReply, ctx: HandlerContext) {
  const view = await loadView(ctx.engine.db, ctx.auth!.accountId, docId(req));
  if (!view) throw notFound('document');
  return { data: view.previews.map((p) => presentPreview(p, ctx.baseUrl)) };
}

async function extractions(req: FastifyRequest, _reply: FastifyReply, ctx: HandlerContext) {
  const view = await loadView(ctx.engine.db, ctx.auth!.accountId, docId(req));
  if (!view) throw notFound('document');
  if (view.doc.processing_mode !== 'extraction') return { data: [] };
  // Fields exist once the run's extraction step stored them (a terminal document).
  return { data: view.doc.status === 'pending' ? {} : presentExtractions(view.run) };
}

async function evidencePage(req: FastifyRequest, _reply: FastifyReply, ctx: HandlerContext) {
  await requireDocument(req, ctx);
  // Evidence pages exist only for runs with a specialized profile result.
  throw notFound('evidence page');
}

async function exportOne(req: FastifyRequest, _reply: FastifyReply, ctx: HandlerContext) {
  await requireDocument(req, ctx);
  const { projection } = req.params as { projection: string };
  if (!PROJECTIONS.includes(projection)) throw notFound('projection');
  throw notFound('profile result');
}

async function exportBatch(req: FastifyRequest, _reply: FastifyReply, ctx: HandlerContext) {
  const { projection } = req.params as { projection: string };
  const ids = (req.query as { 'document_ids[]'?: number[] })['document_ids[]'];
  if (!ids) throw validationFailed({ 'document_ids[]': ['Send 1 to 100 distinct positive integer document_ids[].'] });
  if (projection !== 'invoice_lines_csv') throw notFound('batch projection');
  for (const id of ids) {
    if (!(await findDocument(ctx.engine.db, ctx.auth!.accountId, id))) throw notFound('document');
  }
  throw new ApiError(409, 'profile_export_not_ready', 'Not every document has an accepted profile result and handoff.', { document_ids: [...ids].sort((a, b) => a - b) });
}

async function review(req: FastifyRequest, _reply: FastifyReply, ctx: HandlerContext) {
  await requireDocument(req, ctx);
  throw notFound('profile result');
}

const docResponse = { type: 'object', required: ['data'], properties: { data: schemaRef('Document') } };
const projectionParam = {
  type: 'object',
  required: ['document', 'projection'],
  properties: { document: { type: 'integer', minimum: 1 }, projection: { type: 'string' } },
};

export const documentRoutes = defineRoutes([
  {
    method: 'GET',
    url: '/api/v1/documents',
    operationId: 'listDocuments',
    summary: 'List the account’s documents, paginated',
    tags: ['documents'],
    auth: 'documents:read',
    rateClass: 'read',
    querystring: {
      type: 'object',
      properties: {
        sort: { enum: ['created_at', '-created_at'], default: '-created_at' },
        per_page: { type: 'integer', minimum: 1, maximum: 100, default: 100 },
        page: { type: 'integer', minimum: 1, default: 1 },
        extraction_profile: { enum: PROFILE_IDS },
        review_status: { enum: REVIEW_STATUSES },
        handoff_status: { enum: HANDOFF_STATUSES },
      },
    },
    responses: {
      200: {
        description: 'One page of documents.',
        schema: {
          type: 'object',
          required: ['data', 'links', 'meta'],
          properties: {
            data: { type: 'array', items: schemaRef('Document') },
            links: { type: 'object', properties: { first: { type: 'string' }, last: { type: 'string' }, prev: { type: ['string', 'null'] }, next: { type: ['string', 'null'] } } },
            meta: {
              type: 'object',
              properties: { current_page: { type: 'integer' }, from: { type: ['integer', 'null'] }, last_page: { type: 'integer' }, per_page: { type: 'integer' }, to: { type: ['integer', 'null'] }, total: { type: 'integer' } },
            },
          },
        },
      },
      401: commonErrors[401],
      403: commonErrors[403],
      422: errorResponse('Invalid query parameter.'),
      429: commonErrors[429],
    },
    handler: list,
  },
  {
    method: 'GET',
    url: '/api/v1/documents/:document',
    operationId: 'getDocument',
    summary: 'Retrieve one document with its current status and results',
    tags: ['documents'],
    auth: 'documents:read',
    rateClass: 'read',
    params: documentParam,
    responses: { 200: { description: 'The document.', schema: docResponse }, 401: commonErrors[401], 403: commonErrors[403], 404: commonErrors[404], 429: commonErrors[429] },
    handler: get,
  },
  {
    method: 'DELETE',
    url: '/api/v1/documents/:document',
    operationId: 'deleteDocument',
    summary: 'Delete a terminal document',
    tags: ['documents'],
    auth: 'documents:write',
    rateClass: 'delete',
    params: documentParam,
    responses: {
      204: { description: 'Deleted.' },
      401: commonErrors[401],
      403: commonErrors[403],
      404: commonErrors[404],
      409: errorResponse('Processing is still active; retry after a terminal status.'),
      429: commonErrors[429],
    },
    handler: remove,
  },
  {
    method: 'GET',
    url: '/api/v1/documents/:document/thumbnail',
    operationId: 'getDocumentThumbnail',
    summary: 'Download the JPEG thumbnail',
    tags: ['documents'],
    auth: 'documents:read',
    rateClass: 'read',
    params: documentParam,
    responses: { 200: { description: 'JPEG thumbnail (video: a representative frame).', contentType: 'image/jpeg' }, 401: commonErrors[401], 403: commonErrors[403], 404: commonErrors[404], 429: commonErrors[429] },
    handler: thumbnail,
  },
  {
    method: 'GET',
    url: '/api/v1/documents/:document/previews',
    operationId: 'listDocumentPreviews',
    summary: 'List page previews',
    tags: ['previews'],
    auth: 'documents:read',
    rateClass: 'read',
    params: documentParam,
    responses: {
      200: { description: 'Previews of the document.', schema: { type: 'object', required: ['data'], properties: { data: { type: 'array', items: schemaRef('Preview') } } } },
      401: commonErrors[401],
      403: commonErrors[403],
      404: commonErrors[404],
      429: commonErrors[429],
    },
    handler: previews,
  },
  {
    method: 'GET',
    url: '/api/v1/documents/:document/extractions',
    operationId: 'listDocumentExtractions',
    summary: 'Extraction fields (and a specialized profile result when one exists)',
    tags: ['extractions'],
    auth: 'documents:read',
    rateClass: 'read',
    params: documentParam,
    querystring: { type: 'object', properties: { include: { enum: ['evidence'] } } },
    responses: {
      200: { description: 'Fields keyed by name, or an empty array for thumbnail, analysis and validation documents.', schema: { type: 'object', required: ['data'], properties: { data: { $ref: '#/components/schemas/Extractions' }, sector_extraction: { type: 'object' } } } },
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
    summary: 'Download a page artifact cited by a profile result',
    tags: ['extractions'],
    auth: 'documents:read',
    rateClass: 'read',
    params: {
      type: 'object',
      required: ['document', 'extractionRun', 'physicalPage'],
      properties: { document: { type: 'integer', minimum: 1 }, extractionRun: { type: 'integer', minimum: 1 }, physicalPage: { type: 'integer', minimum: 1 } },
    },
    responses: { 200: { description: 'The page artifact.', contentType: 'image/png' }, 401: commonErrors[401], 403: commonErrors[403], 404: commonErrors[404], 429: commonErrors[429] },
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
    params: projectionParam,
    responses: {
      200: { description: 'Projection attachment.', contentType: 'application/octet-stream' },
      401: commonErrors[401],
      403: commonErrors[403],
      404: commonErrors[404],
      409: errorResponse('profile_export_not_ready'),
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
      200: { description: 'Batch attachment.', contentType: 'text/csv' },
      401: commonErrors[401],
      403: commonErrors[403],
      404: commonErrors[404],
      409: errorResponse('profile_export_not_ready or profile_export_incompatible'),
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
      { name: 'Idempotency-Key', required: true, description: 'One key per decision.', schema: { type: 'string', maxLength: 255 } },
      { name: 'If-Match', required: true, description: 'Latest profile-result ETag.', schema: { type: 'string' } },
    ],
    requestBody: {
      contentType: 'application/json',
      required: true,
      schema: {
        type: 'object',
        required: ['action'],
        properties: {
          action: { enum: ['confirm', 'correct', 'reject'] },
          invoice_ref: { type: 'string' },
          entity_ref: { type: 'string' },
          field: { type: 'string' },
          corrected_value: { anyOf: [{ type: 'string' }, { type: 'object' }] },
          reason: { type: 'string' },
          review_duration_seconds: { type: ['integer', 'null'], minimum: 1, maximum: 86400 },
          evidence_reference: { type: 'object' },
        },
      },
    },
    responses: {
      201: { description: 'Decision recorded.', schema: { type: 'object', required: ['data'], properties: { data: { type: 'object' } } } },
      401: commonErrors[401],
      403: commonErrors[403],
      404: errorResponse('No document or specialized profile result.'),
      409: errorResponse('extraction_version_conflict or idempotency_conflict'),
      422: errorResponse('Invalid decision, headers, or terminal result.'),
      429: commonErrors[429],
    },
    handler: review,
  },
]);
