// POST /api/v1/documents (spec 4.3): streamed multipart upload, field rules, first-band
// credit decision, idempotent replay.
import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { detectFormat } from '../../formats/detect.js';
import { DEFAULT_PROFILE, PROFILE_IDS } from '../../profiles/registry.js';
import { acceptUpload } from '../../documents/intake.js';
import { UPLOAD_LIMITS, validateUpload, type RawUpload, type UploadFields } from '../../documents/upload-rules.js';
import type { StagedUpload } from '../../store/blobs.js';
import { ApiError, forbidden, validationFailed } from '../errors.js';
import { storageApiError } from '../storage-errors.js';
import { claimKey, completeKey, releaseKey } from '../../store/idempotency.js';
import { presentDocument, presentThumbnailUpload } from '../../documents/representation.js';
import { defineRoutes, type HandlerContext } from '../route.js';
import { commonErrors, errorResponse, schemaRef } from '../schemas.js';

interface ReadUpload {
  raw: RawUpload;
  staged: StagedUpload | null;
  filename: string;
}

/**
 * The request body is not well-formed multipart: a client error, never a 500. A full disk
 * surfaces through the part stream too (the staged copy's writer destroys it) and stays
 * what it is, 507.
 */
function unreadableBody(err: unknown): ApiError {
  return storageApiError(err) ?? validationFailed({ file: [`The multipart body could not be read: ${(err as Error)?.message ?? String(err)}`] });
}

async function readMultipart(req: FastifyRequest, reply: FastifyReply, ctx: HandlerContext): Promise<ReadUpload> {
  const raw: RawUpload = { fields: [], file: { present: false, count: 0, size: 0, truncated: false, format: null, family: null } };
  let staged: StagedUpload | null = null;
  let filename = 'upload';
  try {
    let parts: AsyncIterator<Multipart>;
    try {
      // Throws at once for a malformed multipart Content-Type (e.g. no boundary).
      parts = req.parts({
        limits: { fileSize: UPLOAD_LIMITS.fileBytes, files: 4, fields: 200, parts: 210, fieldSize: 1024 * 1024, fieldNameSize: 200 },
      })[Symbol.asyncIterator]();
    } catch (err) {
      throw unreadableBody(err);
    }
    for (;;) {
      let next: IteratorResult<Multipart>;
      try {
        next = await parts.next();
      } catch (err) {
        throw unreadableBody(err); // the parser gave up on the body (truncated, malformed, limits)
      }
      if (next.done) break;
      const part = next.value;
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || staged) {
          part.file.resume();
          raw.file.count += part.fieldname === 'file' ? 1 : 0;
          if (part.fieldname !== 'file') raw.fields.push({ name: part.fieldname, value: '', truncated: true });
          continue;
        }
        // When the body arrived (and broke off) before it was read (the idempotency claim
        // awaited the database meanwhile), the parser hands over a part stream it already
        // destroyed; a pipeline from it would wait forever.
        if (part.file.destroyed && !part.file.readableEnded) throw unreadableBody(new Error('the body ended before the file part was complete'));
        // A failure of the part stream itself is the body's fault (ends early); a failure
        // writing the staged copy is ours and stays a 500.
        let partError: unknown = null;
        part.file.once('error', (err) => (partError = err));
        // A client that goes away mid-body must not leave the part stream (and its staged
        // file) waiting for bytes that never come.
        const onClose = () => {
          if (!req.raw.complete) part.file.destroy(new Error('the client closed the connection before the body was complete'));
        };
        req.raw.once('close', onClose);
        // Over the file limit: stop reading here rather than draining the rest of the body
        // (the parser would discard it to the end); the staged part is removed, the answer
        // is the spec's 422 on `file`, and the connection closes after it.
        const overLimit = new Error('the file is larger than the upload limit');
        part.file.once('limit', () => part.file.destroy(overLimit));
        filename = cleanFilename(part.filename);
        try {
          staged = await ctx.engine.blobs.stageUpload(part.file);
        } catch (err) {
          if (err === overLimit) {
            raw.file = { present: true, count: 1, size: UPLOAD_LIMITS.fileBytes, truncated: true, format: null, family: null };
            reply.header('Connection', 'close');
            break;
          }
          if (err === partError) throw unreadableBody(err);
          throw err;
        } finally {
          req.raw.off('close', onClose);
        }
        raw.file = { present: true, count: 1, size: staged.size, truncated: staged.truncated, format: null, family: null };
      } else {
        raw.fields.push({ name: part.fieldname, value: String(part.value ?? ''), truncated: part.valueTruncated });
      }
    }
  } catch (err) {
    if (staged) await ctx.engine.blobs.discard(staged.tmpPath);
    // Answering before the body was read to its end (e.g. a full disk mid-file): the rest of
    // it is never read, so the connection cannot carry another request.
    if (!req.raw.complete) reply.header('Connection', 'close');
    throw err;
  }
  if (staged && !staged.truncated && staged.size > 0) {
    const detection = await detectFormat(staged.tmpPath);
    raw.file.format = detection.format;
    raw.file.family = detection.family;
  }
  return { raw, staged, filename };
}

/**
 * Bidirectional controls (U+202E "right-to-left override" and friends) make
 * `invoice\u202Efdp.exe` display as `invoiceexe.pdf`: they are removed, so every display
 * shows the name in its real order (docs/security.md).
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

function cleanFilename(name: string | undefined): string {
  const base = basename((name ?? '').replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f]/g, '').replace(BIDI_CONTROLS, '').trim();
  return ([...base].slice(0, 255).join('') || 'upload');
}

function storedFormat(read: ReadUpload): string {
  if (read.raw.file.format) return read.raw.file.format;
  const ext = /\.([A-Za-z0-9]{1,10})$/.exec(read.filename)?.[1];
  return ext ? ext.toLowerCase() : 'unknown';
}

function requestHash(read: ReadUpload, fields: UploadFields | null, tokenMode: string): string {
  return createHash('sha256')
    .update(JSON.stringify({ file: read.staged?.sha256 ?? null, size: read.staged?.size ?? null, filename: read.filename, fields, tokenMode }))
    .digest('hex');
}

/** `origin` / run `source` (spec 2.1, 2.2): the desk sends `app`, the MCP server `mcp`; informational only. */
function uploadOrigin(header: string | string[] | undefined): 'api' | 'app' | 'mcp' {
  return header === 'app' || header === 'mcp' ? header : 'api';
}

async function upload(req: FastifyRequest, reply: FastifyReply, ctx: HandlerContext): Promise<unknown> {
  const auth = ctx.auth!;
  const engine = ctx.engine;
  if (auth.accountStatus === 'suspended') throw forbidden('This account is suspended and cannot upload documents.', 'account_suspended');

  const keyHeader = req.headers['idempotency-key'];
  const key = Array.isArray(keyHeader) ? keyHeader[0] : keyHeader;
  if (!key || key.trim() === '') throw validationFailed({ 'Idempotency-Key': ['An Idempotency-Key header is required for uploads (one key per logical upload).'] });
  if (key.length > UPLOAD_LIMITS.idempotencyKeyChars) throw validationFailed({ 'Idempotency-Key': ['The Idempotency-Key may be at most 255 characters.'] });
  if (!req.isMultipart()) throw validationFailed({ file: ['Send the upload as multipart/form-data with a "file" field.'] });

  const claim = await claimKey(engine.db, auth.accountId, key, engine.owner);
  if (!claim.claimed) {
    const row = claim.row;
    if (row.status === 'in_progress') {
      throw new ApiError(409, 'idempotency_conflict', 'An upload with this Idempotency-Key is still being processed; retry after it finishes.', { conflict_reason: 'request_in_progress' });
    }
    if (row.status === 'interrupted') {
      throw new ApiError(409, 'idempotency_conflict', 'An earlier attempt with this Idempotency-Key was interrupted after it created a document. Delete that cleanup-only document, then upload again with a new key.', {
        conflict_reason: 'document_created',
        document: { id: row.document_id },
      });
    }
    const read = await readMultipart(req, reply, ctx);
    if (read.staged) await engine.blobs.discard(read.staged.tmpPath);
    const verdict = validateUpload(read.raw, { batchLaneEligible: auth.batchLaneEligible });
    const hash = requestHash(read, 'fields' in verdict ? verdict.fields : null, auth.mode);
    if (hash !== row.request_hash) {
      throw new ApiError(409, 'idempotency_conflict', 'This Idempotency-Key was already used with a different file or different fields. Use a new key for a new upload.', { conflict_reason: 'payload_mismatch' });
    }
    reply.header('Idempotent-Replayed', 'true');
    return reply.code(row.response_status!).type('application/json').send(row.response_body);
  }

  let read: ReadUpload | null = null;
  let documentCreated = false;
  try {
    read = await readMultipart(req, reply, ctx);
    const verdict = validateUpload(read.raw, { batchLaneEligible: auth.batchLaneEligible });
    if ('errors' in verdict) throw validationFailed(verdict.errors);
    const accepted = await acceptUpload(engine.db, engine.blobs, {
      auth,
      fields: verdict.fields,
      staged: read.staged!,
      filename: read.filename,
      fileFormat: storedFormat(read),
      origin: uploadOrigin(req.headers['x-docdesk-origin']),
      idempotencyRowId: claim.rowId,
    });
    documentCreated = true;
    if (process.env.DOCDESK_FAULT_AFTER_DOCUMENT_CREATED === '1') process.kill(process.pid, 'SIGKILL');

    const view = accepted.view;
    let status: number;
    let body: unknown;
    if (accepted.outcome === 'insufficient_credits') {
      engine.wakeWebhooks();
      status = 402;
      body = {
        message: `The account's credits (${accepted.availableCredits}) do not cover the first page band (${accepted.requiredCredits}). The document was kept as blocked; add credits and upload again with a new Idempotency-Key.`,
        code: 'insufficient_credits',
        request_id: req.id,
        available_credits: accepted.availableCredits,
        required_credits: accepted.requiredCredits,
        document: presentDocument(view, ctx.baseUrl),
      };
    } else {
      status = 201;
      body = { data: verdict.fields.processing_mode === 'thumbnail' ? presentThumbnailUpload(view, ctx.baseUrl) : presentDocument(view, ctx.baseUrl) };
      engine.wakeScheduler();
    }
    await completeKey(engine.db, claim.rowId, requestHash(read, verdict.fields, auth.mode), status, body);
    return reply.code(status).send(body);
  } catch (err) {
    if (read?.staged && !documentCreated) await engine.blobs.discard(read.staged.tmpPath);
    if (!documentCreated) await releaseKey(engine.db, claim.rowId);
    throw err;
  }
}

const multipartSchema = {
  type: 'object',
  required: ['file'],
  properties: {
    file: { type: 'string', format: 'binary', description: 'The document (max 500 MB; lower format-specific limits apply).' },
    text: { type: ['string', 'null'], maxLength: UPLOAD_LIMITS.textBytes, description: 'Context treated as document evidence, never as instructions; max 262,144 UTF-8 bytes; rejected in validation mode.' },
    'custom_types[]': { type: 'array', maxItems: UPLOAD_LIMITS.customTypesItems, items: { type: 'string', maxLength: UPLOAD_LIMITS.customTypeChars } },
    requester: { type: ['string', 'null'], maxLength: UPLOAD_LIMITS.requesterChars },
    locale: { type: ['string', 'null'], description: 'en or de, optionally with a region (de-DE).' },
    processing_mode: { enum: ['extraction', 'analysis', 'validation', 'thumbnail'], default: 'extraction' },
    processing_lane: { enum: ['standard', 'batch'], default: 'standard' },
    pages: { type: 'string', maxLength: UPLOAD_LIMITS.pagesChars, description: 'Analysis mode only: comma-separated first, last, all or 1-based page numbers.' },
    allow_ai_processing: { type: 'string', description: 'true, false, 1 or 0 (case-insensitive).' },
    extraction_profile: { enum: PROFILE_IDS, default: DEFAULT_PROFILE },
  },
};

export const uploadRoutes = defineRoutes([
  {
    method: 'POST',
    url: '/api/v1/documents',
    operationId: 'uploadDocument',
    summary: 'Upload a document for asynchronous processing',
    tags: ['documents'],
    auth: 'documents:write',
    rateClass: 'upload',
    headers: [{ name: 'Idempotency-Key', required: true, description: 'One key per logical upload, max 255 characters.', schema: { type: 'string', maxLength: 255 } }],
    requestBody: { contentType: 'multipart/form-data', schema: multipartSchema, required: true },
    responses: {
      201: { description: 'Accepted; processing continues asynchronously.', schema: { type: 'object', required: ['data'], properties: { data: schemaRef('Document') } } },
      401: commonErrors[401],
      402: {
        description: 'Credits do not cover the first page band; the blocked document is in `document`.',
        schema: {
          allOf: [
            schemaRef('Error'),
            {
              type: 'object',
              required: ['available_credits', 'required_credits', 'document'],
              properties: { available_credits: { type: 'integer' }, required_credits: { type: 'integer' }, document: schemaRef('Document') },
            },
          ],
        },
      },
      403: errorResponse('Token lacks documents:write, or the account is suspended.'),
      409: {
        description: 'Idempotency key still processing, reused with another payload, or an interrupted attempt created a document (`document.id`).',
        schema: {
          allOf: [
            schemaRef('Error'),
            {
              type: 'object',
              required: ['conflict_reason'],
              properties: { conflict_reason: { enum: ['request_in_progress', 'payload_mismatch', 'document_created'] } },
            },
          ],
        },
      },
      413: errorResponse('The Content-Length announces more than the 500 MB upload limit (`payload_too_large`); refused before the body is read.'),
      422: errorResponse('A file or form field failed validation (`errors`).'),
      429: commonErrors[429],
    },
    handler: upload,
  },
]);
