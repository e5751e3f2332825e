// ping, preview download and the anonymous x402 routes (spec 4.1, 4.4, 4.9).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { findPreviewFile } from '../../store/previews.js';
import { ApiError, notFound } from '../errors.js';
import { sendStoredBlob } from '../stored-bytes.js';
import { defineRoutes, type HandlerContext } from '../route.js';
import { commonErrors, errorResponse } from '../schemas.js';

async function ping() {
  return { status: true };
}

async function preview(req: FastifyRequest, reply: FastifyReply, ctx: HandlerContext) {
  const { preview: id } = req.params as { preview: number };
  const row = await findPreviewFile(ctx.engine.db, ctx.auth!.accountId, ctx.auth!.mode, id);
  if (!row) throw notFound('preview');
  // HTML previews are only ever Docdesk's own e-invoice visualization (escaped, no script);
  // an XML source preview is served as text, whatever its root element.
  return sendStoredBlob(reply, ctx.engine.blobs, row.path, 'preview', {
    contentType: row.content_type,
    filename: row.filename,
    generatedHtml: row.file_format === 'html',
    cacheControl: 'private, max-age=300',
  });
}

async function x402Upload(): Promise<never> {
  throw new ApiError(503, 'x402_unavailable', 'Anonymous payment-based uploads are currently unavailable; use an authenticated upload (POST /api/v1/documents).');
}

async function x402Status(): Promise<never> {
  // No anonymous upload can have been accepted, so no anonymous document exists.
  throw notFound('anonymous extraction');
}

export const miscRoutes = defineRoutes([
  {
    method: 'GET',
    url: '/api/v1/ping',
    operationId: 'ping',
    summary: 'Check a token',
    tags: ['meta'],
    auth: 'authenticated',
    rateClass: 'read',
    responses: {
      200: { description: 'The token is valid.', schema: { type: 'object', required: ['status'], properties: { status: { type: 'boolean', const: true } } } },
      401: commonErrors[401],
      429: commonErrors[429],
    },
    handler: ping,
  },
  {
    method: 'GET',
    url: '/api/v1/previews/:preview',
    operationId: 'getPreview',
    summary: 'Download a preview binary',
    tags: ['previews'],
    auth: 'documents:read',
    rateClass: 'read',
    params: { type: 'object', required: ['preview'], properties: { preview: { type: 'integer', minimum: 1 } } },
    responses: { 200: { description: 'Preview binary; the content type depends on the preview.', contentType: 'application/octet-stream' }, 401: commonErrors[401], 403: commonErrors[403], 404: commonErrors[404], 429: commonErrors[429] },
    handler: preview,
  },
  {
    method: 'POST',
    url: '/api/v1/x402/extractions',
    operationId: 'createAnonymousX402Extraction',
    summary: 'Anonymous payment-based upload (currently unavailable)',
    tags: ['x402'],
    auth: null,
    rateClass: 'anonymous_upload',
    responses: {
      200: { description: 'Payment requirements (not issued while unavailable).' },
      201: { description: 'Accepted (not issued while unavailable).' },
      400: errorResponse('Malformed payment payload.'),
      402: errorResponse('Payment required.'),
      409: errorResponse('Conflict.'),
      422: errorResponse('Validation failure.'),
      429: errorResponse('20 uploads per IP and minute.'),
      503: errorResponse('Anonymous uploads are currently unavailable.'),
    },
    handler: x402Upload,
  },
  {
    method: 'GET',
    url: '/api/v1/x402/extractions/:document',
    operationId: 'getAnonymousX402Extraction',
    summary: 'Anonymous status check',
    tags: ['x402'],
    auth: null,
    rateClass: 'anonymous_status',
    params: { type: 'object', required: ['document'], properties: { document: { type: 'integer', minimum: 1 } } },
    responses: { 200: { description: 'Status of an anonymous extraction.' }, 403: errorResponse('Not the paying caller.'), 404: errorResponse('No such anonymous extraction.'), 429: errorResponse('120 status checks per IP and minute.') },
    handler: x402Status,
  },
]);
