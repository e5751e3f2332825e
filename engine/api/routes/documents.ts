// Document read/delete routes (spec 4.2, 4.5-4.8); profile results are in profile-results.ts.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { findDocument, listDocuments, loadView } from '../../documents/queries.js';
import { deleteDocument } from '../../documents/delete.js';
import { PROFILE_IDS } from '../../profiles/registry.js';
import { notFound } from '../errors.js';
import { presentDocument, presentPreview } from '../../documents/representation.js';
import type { DocumentView } from '../../store/rows.js';
import { assertSchemaDescribes, CHECK_SERIALIZATION } from '../serializer-schema.js';
import { sendStoredBlob } from '../stored-bytes.js';
import { defineRoutes, type HandlerContext } from '../route.js';
import { commonErrors, documentParam, errorResponse, schemaRef } from '../schemas.js';

/** Filter values: the effective outcome and handoff status of the delivered profile result. */
export const REVIEW_STATUSES = ['accepted', 'needs_review', 'unsupported', 'failed', 'rejected'];
const HANDOFF_STATUSES = ['pending_review', 'accepted', 'blocked', 'rejected', 'not_applicable'];

const docId = (req: FastifyRequest) => (req.params as { document: number }).document;

/** The document of the path, within the token's account (404 otherwise). */
export async function requireDocument(req: FastifyRequest, ctx: HandlerContext) {
  const doc = await findDocument(ctx.engine.db, ctx.auth!, docId(req));
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
  const { total, views } = await listDocuments(ctx.engine.db, ctx.auth!, {
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

/** Written bodies of the views loadView hands out again while the database is unchanged. */
const writtenBodies = new WeakMap<DocumentView, { baseUrl: string; body: string }>();

async function get(req: FastifyRequest, reply: FastifyReply, ctx: HandlerContext) {
  const view = await loadView(ctx.engine.db, ctx.auth!, docId(req));
  if (!view) throw notFound('document');
  const written = writtenBodies.get(view);
  let body = written?.baseUrl === ctx.baseUrl ? written.body : undefined;
  if (body === undefined) {
    const payload = { data: presentDocument(view, ctx.baseUrl) };
    body = reply.serialize(payload) as string; // the route's schema serializer
    if (CHECK_SERIALIZATION) assertSchemaDescribes(payload, body, 'GET /api/v1/documents/:document');
    writtenBodies.set(view, { baseUrl: ctx.baseUrl, body });
  }
  return reply.type('application/json; charset=utf-8').send(body);
}

async function remove(req: FastifyRequest, reply: FastifyReply, ctx: HandlerContext) {
  await deleteDocument(ctx.engine, ctx.auth!, docId(req));
  return reply.code(204).send();
}

async function thumbnail(req: FastifyRequest, reply: FastifyReply, ctx: HandlerContext) {
  const doc = await requireDocument(req, ctx);
  return sendStoredBlob(reply, ctx.engine.blobs, doc.thumbnail_path, 'thumbnail', { contentType: 'image/jpeg', cacheControl: 'private, max-age=300' });
}

async function previews(req: FastifyRequest, _reply: FastifyReply, ctx: HandlerContext) {
  const view = await loadView(ctx.engine.db, ctx.auth!, docId(req));
  if (!view) throw notFound('document');
  return { data: view.previews.map((p) => presentPreview(p, ctx.baseUrl)) };
}

const docResponse = { type: 'object', required: ['data'], properties: { data: schemaRef('Document') } };
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
]);
