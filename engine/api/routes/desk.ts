// The desk's own endpoints (docs/desk-api.md): sign-in sessions, and what the spec leaves to
// "the product's web application" — tokens, webhooks, credits — plus the inbox listing and
// reprocessing. Not part of the published /api/v1 contract; own OpenAPI at /app/v1/openapi.json.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ABILITIES, type Ability } from '../../accounts/abilities.js';
import { createSession, endSession, SESSION_COOKIE, SESSION_LIFETIME_MS } from '../../accounts/sessions.js';
import { balance } from '../../billing/ledger.js';
import { inboxPage, INBOX_SORTS, INBOX_VERDICTS, type InboxQuery } from '../../documents/inbox.js';
import { findDocument, loadView } from '../../documents/queries.js';
import { PROFILES, PROFILE_IDS } from '../../profiles/registry.js';
import { reprocessDocument, ReprocessError } from '../../documents/reprocess.js';
import { retryDelivery } from '../../webhooks/dispatcher.js';
import { addEndpoint, endpointSecret, listEndpoints, removeEndpoint, rotateSecret, WEBHOOK_EVENTS, type WebhookEndpoint } from '../../webhooks/endpoints.js';
import type { WebhookEvent } from '../../store/schema.js';
import { tokenSummary } from '../../store/accounts.js';
import { activeEndpointOf } from '../../store/webhook-endpoints.js';
import { ledgerPage } from '../../store/credit-ledger.js';
import { deliveriesToEndpoint, findDelivery } from '../../store/webhook-deliveries.js';
import { DOCDESK_VERSION } from '../../version.js';
import { ApiError, notFound, unauthenticated, validationFailed } from '../errors.js';
import { readCookie } from '../cookies.js';
import { sendStoredBlob } from '../stored-bytes.js';
import { presentDocument, thumbnailUrl } from '../../documents/representation.js';
import { defineRoutes, type HandlerContext, type JsonSchema } from '../route.js';
import { commonErrors, errorResponse } from '../schemas.js';
import { REVIEW_STATUSES } from './documents.js';

const str = { type: 'string' };
const nstr = { type: ['string', 'null'] };
const int = { type: 'integer' };
const nint = { type: ['integer', 'null'] };
const idParams = (name: string): JsonSchema => ({ type: 'object', required: [name], properties: { [name]: { type: 'integer', minimum: 1 } } });
const data = (schema: JsonSchema, extra: Record<string, JsonSchema> = {}): JsonSchema => ({ type: 'object', required: ['data', ...Object.keys(extra)], properties: { data: schema, ...extra } });
const list = (item: JsonSchema): JsonSchema => data({ type: 'array', items: item });

const sessionSchema: JsonSchema = {
  type: 'object',
  required: ['account', 'token', 'can_manage_workspace', 'version'],
  properties: {
    account: { type: 'object', required: ['id', 'name', 'status', 'rate_limit_profile', 'available_credits'], properties: { id: int, name: str, status: str, rate_limit_profile: str, available_credits: int } },
    token: { type: 'object', required: ['id', 'name', 'mode', 'abilities'], properties: { id: int, name: str, mode: { enum: ['live', 'test'] }, abilities: { type: 'array', items: str } } },
    can_manage_workspace: { type: 'boolean' },
    data_dir: str,
    version: str,
    profiles: {
      type: 'array',
      description: 'The extraction profiles of this engine (registry order) for the desk\'s profile choosers.',
      items: { type: 'object', properties: { id: str, profile_version: str, credit_cost: int, label: { type: 'object', properties: { en: str, de: str } } } },
    },
  },
};
const tokenSchema: JsonSchema = {
  type: 'object',
  required: ['id', 'name', 'mode', 'abilities', 'token_prefix', 'created_at', 'last_used_at', 'revoked_at'],
  properties: { id: int, name: str, mode: { enum: ['live', 'test'] }, abilities: { type: 'array', items: str }, token_prefix: str, created_at: str, last_used_at: nstr, revoked_at: nstr },
};
const webhookSchema: JsonSchema = { type: 'object', required: ['id', 'url', 'events', 'active', 'created_at'], properties: { id: int, url: str, events: { type: 'array', items: str }, active: { type: 'boolean' }, created_at: str } };
const deliverySchema: JsonSchema = {
  type: 'object',
  required: ['id', 'delivery_id', 'event', 'document_id', 'status', 'attempts', 'last_status_code', 'last_error', 'created_at', 'delivered_at', 'next_attempt_at'],
  properties: { id: int, delivery_id: str, event: str, document_id: nint, status: { enum: ['pending', 'delivered', 'failed'] }, attempts: int, last_status_code: nint, last_error: nstr, created_at: str, delivered_at: nstr, next_attempt_at: int },
};
const ledgerEntrySchema: JsonSchema = {
  type: 'object',
  required: ['id', 'kind', 'amount', 'document_id', 'run_id', 'note', 'created_at'],
  properties: { id: int, kind: { enum: ['grant', 'apply_first_band', 'adjust_bands', 'return', 'reprocess'] }, amount: int, document_id: nint, run_id: nint, note: nstr, created_at: str },
};
const inboxRowSchema: JsonSchema = {
  type: 'object',
  required: [
    'id', 'filename', 'file_format', 'status', 'processing_stage', 'processing_progress', 'processing_mode', 'processing_lane', 'extraction_profile', 'mode',
    'page_count', 'credits_charged', 'review_status', 'needs_review', 'blocked_reason', 'processing_error', 'thumbnail_url', 'created_at', 'completed_at',
    'sender_name', 'document_number', 'gross_amount', 'currency', 'payment_due_date', 'einvoice',
  ],
  properties: {
    id: int, filename: str, file_format: str,
    status: { enum: ['pending', 'completed', 'error', 'blocked'] },
    processing_stage: nstr,
    processing_progress: { type: ['object', 'null'], required: ['pages_done', 'pages_total'], properties: { pages_done: int, pages_total: int } },
    processing_mode: { enum: ['extraction', 'analysis', 'validation', 'thumbnail'] },
    processing_lane: { enum: ['standard', 'batch'] },
    extraction_profile: str, mode: { enum: ['live', 'test'] }, page_count: nint, credits_charged: nint,
    review_status: { enum: [...REVIEW_STATUSES, null] },
    needs_review: { type: 'boolean', description: 'Completed, and its reading was degraded or its e-invoice failed or could not be assessed.' },
    blocked_reason: nstr, processing_error: nstr, thumbnail_url: nstr, created_at: str, completed_at: nstr,
    duplicate_of: { type: ['array', 'null'], items: int }, duplicate_reason: { enum: ['same_file', 'same_invoice', null] },
    sender_name: nstr,
    document_number: nstr,
    gross_amount: { type: ['string', 'null'], description: 'Decimal string as in the extraction.' },
    currency: nstr,
    payment_due_date: { type: ['string', 'null'], description: 'YYYY-MM-DD.' },
    einvoice: {
      type: ['object', 'null'],
      description: 'The latest run\'s e-invoice verdict (quality.structured), when an e-invoice was recognised.',
      required: ['validation_status', 'assessment'],
      properties: { validation_status: nstr, assessment: nstr },
    },
  },
};

// --- sessions -------------------------------------------------------------------------

async function sessionView(ctx: HandlerContext) {
  const auth = ctx.auth!;
  const [account, token] = await Promise.all([
    ctx.engine.accounts.getAccount(auth.accountId),
    tokenSummary(ctx.engine.db, auth.tokenId),
  ]);
  const canManage = auth.abilities.includes('workspace:manage');
  return {
    account: { id: account.id, name: account.name, status: account.status, rate_limit_profile: account.rate_limit_profile, available_credits: await balance(ctx.engine.db, account.id) },
    token: { id: token.id, name: token.name, mode: token.mode, abilities: auth.abilities },
    can_manage_workspace: canManage,
    ...(canManage ? { data_dir: ctx.engine.layout.root } : {}),
    version: DOCDESK_VERSION,
    profiles: PROFILES.map((p) => ({ id: p.id, profile_version: p.profile_version, credit_cost: p.credit_cost, label: p.label })),
  };
}

export function sessionCookie(sessionId: string): string {
  return `${SESSION_COOKIE}=${sessionId}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${Math.floor(SESSION_LIFETIME_MS / 1000)}`;
}

async function signIn(req: FastifyRequest, reply: FastifyReply, ctx: HandlerContext) {
  const { token } = req.body as { token: string };
  req.server.authThrottle.check('signin_token', req.ip, reply);
  const auth = await ctx.engine.accounts.authenticate(token.trim());
  if (!auth) {
    req.server.authThrottle.fail('signin_token', req.ip);
    throw unauthenticated('This token is unknown or has been revoked.');
  }
  const { sessionId } = await createSession(ctx.engine.db, auth.tokenId);
  reply.header('Set-Cookie', sessionCookie(sessionId));
  return { data: await sessionView({ ...ctx, auth }) };
}

async function signOut(req: FastifyRequest, reply: FastifyReply, ctx: HandlerContext) {
  const session = readCookie(req, SESSION_COOKIE);
  if (session) await endSession(ctx.engine.db, session);
  ctx.engine.accounts.invalidate();
  reply.header('Set-Cookie', `${SESSION_COOKIE}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0`);
  return reply.code(204).send();
}

// --- tokens ---------------------------------------------------------------------------

function presentToken(t: { id: number; name: string; mode: string; abilities: string[]; token_prefix: string; created_at: string; last_used_at: string | null; revoked_at: string | null }) {
  return { id: t.id, name: t.name, mode: t.mode, abilities: t.abilities, token_prefix: t.token_prefix, created_at: t.created_at, last_used_at: t.last_used_at, revoked_at: t.revoked_at };
}

async function listTokens(_req: FastifyRequest, _reply: FastifyReply, ctx: HandlerContext) {
  const tokens = await ctx.engine.accounts.listTokens(ctx.auth!.accountId);
  return { data: tokens.reverse().map(presentToken) };
}

async function createToken(req: FastifyRequest, reply: FastifyReply, ctx: HandlerContext) {
  const body = req.body as { name: string; mode: 'live' | 'test'; abilities: Ability[] };
  const { token, listing } = await ctx.engine.accounts.createToken({ accountId: ctx.auth!.accountId, userId: ctx.auth!.userId, name: body.name, mode: body.mode, abilities: body.abilities });
  reply.code(201);
  return { data: presentToken(listing), secret: token };
}

async function revokeToken(req: FastifyRequest, _reply: FastifyReply, ctx: HandlerContext) {
  const { id } = req.params as { id: number };
  if (id === ctx.auth!.tokenId) throw new ApiError(409, 'cannot_revoke_own_token', 'This is the token you are signed in with; sign in with another token to revoke it.');
  try {
    return { data: presentToken(await ctx.engine.accounts.revokeToken(id, ctx.auth!.accountId)) };
  } catch {
    throw notFound('token');
  }
}

// --- webhooks -------------------------------------------------------------------------

function presentWebhook(w: WebhookEndpoint) {
  return { id: w.id, url: w.url, events: JSON.parse(w.events) as string[], active: w.active === 1, created_at: w.created_at };
}

async function findWebhook(ctx: HandlerContext, id: number): Promise<WebhookEndpoint> {
  const row = await activeEndpointOf(ctx.engine.db, ctx.auth!.accountId, id);
  if (!row) throw notFound('webhook');
  return row;
}

async function listWebhooks(_req: FastifyRequest, _reply: FastifyReply, ctx: HandlerContext) {
  return { data: (await listEndpoints(ctx.engine.db, ctx.auth!.accountId)).map(presentWebhook) };
}

async function createWebhook(req: FastifyRequest, reply: FastifyReply, ctx: HandlerContext) {
  const body = req.body as { url: string; events?: WebhookEvent[] };
  let endpoint: WebhookEndpoint;
  try {
    endpoint = await addEndpoint(ctx.engine.db, ctx.auth!.accountId, body.url.trim(), body.events?.length ? [...new Set(body.events)] : [...WEBHOOK_EVENTS]);
  } catch (err) {
    throw validationFailed({ url: [`url ${(err as Error).message}.`] });
  }
  reply.code(201);
  return { data: presentWebhook(endpoint), secret: endpoint.secret };
}

async function deleteWebhook(req: FastifyRequest, reply: FastifyReply, ctx: HandlerContext) {
  const { id } = req.params as { id: number };
  await findWebhook(ctx, id);
  await removeEndpoint(ctx.engine.db, id, ctx.auth!.accountId);
  return reply.code(204).send();
}

async function revealSecret(req: FastifyRequest, _reply: FastifyReply, ctx: HandlerContext) {
  const { id } = req.params as { id: number };
  return { secret: endpointSecret(ctx.engine.db, (await findWebhook(ctx, id)).secret) };
}

async function rotateWebhookSecret(req: FastifyRequest, _reply: FastifyReply, ctx: HandlerContext) {
  const { id } = req.params as { id: number };
  await findWebhook(ctx, id);
  const endpoint = await rotateSecret(ctx.engine.db, id, ctx.auth!.accountId);
  return { data: presentWebhook(endpoint), secret: endpoint.secret };
}

async function listDeliveries(req: FastifyRequest, _reply: FastifyReply, ctx: HandlerContext) {
  const { id } = req.params as { id: number };
  const { limit } = req.query as { limit: number };
  await findWebhook(ctx, id);
  const rows = await deliveriesToEndpoint(ctx.engine.db, ctx.auth!.accountId, id, limit);
  return { data: rows };
}

async function retryWebhookDelivery(req: FastifyRequest, reply: FastifyReply, ctx: HandlerContext) {
  const { id } = req.params as { id: number };
  const row = await findDelivery(ctx.engine.db, ctx.auth!.accountId, id);
  if (!row) throw notFound('webhook delivery');
  if (row.status === 'delivered') throw new ApiError(409, 'delivery_already_delivered', 'This delivery was received by the endpoint; there is nothing to retry.');
  await retryDelivery(ctx.engine.db, id, ctx.auth!.accountId);
  ctx.engine.wakeWebhooks();
  reply.code(202);
  return { data: await findDelivery(ctx.engine.db, ctx.auth!.accountId, id) };
}

// --- credits --------------------------------------------------------------------------

async function credits(req: FastifyRequest, _reply: FastifyReply, ctx: HandlerContext) {
  const { limit, before } = req.query as { limit: number; before?: number };
  const accountId = ctx.auth!.accountId;
  const rows = await ledgerPage(ctx.engine.db, accountId, limit + 1, before);
  return { data: { available_credits: await balance(ctx.engine.db, accountId), entries: rows.slice(0, limit) }, has_more: rows.length > limit };
}

// --- inbox and document actions -------------------------------------------------------

async function inbox(req: FastifyRequest, _reply: FastifyReply, ctx: HandlerContext) {
  const query = req.query as InboxQuery;
  const { total, rows } = await inboxPage(ctx.engine.db, ctx.auth!, query);
  return {
    data: rows.map((r) => ({
      id: r.id,
      filename: r.filename,
      file_format: r.file_format,
      status: r.status,
      processing_stage: r.processing_stage,
      processing_progress: r.progress_pages_total === null ? null : { pages_done: r.progress_pages_done ?? 0, pages_total: r.progress_pages_total },
      processing_mode: r.processing_mode,
      processing_lane: r.processing_lane,
      extraction_profile: r.extraction_profile,
      mode: r.mode,
      page_count: r.number_of_pages,
      credits_charged: r.credits_charged,
      review_status: r.review_status,
      needs_review: r.needs_review === 1,
      blocked_reason: r.blocked_reason,
      processing_error: r.processing_error,
      thumbnail_url: thumbnailUrl(r, ctx.baseUrl),
      created_at: r.created_at,
      completed_at: r.processed_at,
      duplicate_of: r.duplicate_of === null ? null : (JSON.parse(r.duplicate_of) as number[]),
      duplicate_reason: r.duplicate_reason,
      sender_name: r.sender_name,
      document_number: r.document_number,
      gross_amount: r.gross_amount === null ? null : String(r.gross_amount),
      currency: r.currency,
      payment_due_date: r.payment_due_date,
      einvoice: r.einvoice_assessment && r.einvoice_assessment !== 'not_applicable' ? { validation_status: r.einvoice_validation_status, assessment: r.einvoice_assessment } : null,
    })),
    total,
    offset: query.offset,
    limit: query.limit,
  };
}

async function reprocess(req: FastifyRequest, reply: FastifyReply, ctx: HandlerContext) {
  const { id } = req.params as { id: number };
  try {
    await reprocessDocument(ctx.engine.db, id, ctx.auth!);
  } catch (err) {
    if (!(err instanceof ReprocessError)) throw err;
    if (err.message.startsWith('no document')) throw notFound('document');
    throw new ApiError(409, err.message.includes('still being processed') ? 'document_pending' : 'reprocess_not_allowed', `${err.message}.`);
  }
  ctx.engine.wakeScheduler();
  reply.code(202);
  return { data: presentDocument((await loadView(ctx.engine.db, ctx.auth!, id))!, ctx.baseUrl) };
}

/** Always a download, never shown inline: the original is untrusted content. */
async function original(req: FastifyRequest, reply: FastifyReply, ctx: HandlerContext) {
  const { id } = req.params as { id: number };
  const doc = await findDocument(ctx.engine.db, ctx.auth!, id);
  if (!doc) throw notFound('document');
  return sendStoredBlob(reply, ctx.engine.blobs, doc.blob_path, 'document', { contentType: 'application/octet-stream', filename: doc.filename, attachment: true });
}

// --- route table ----------------------------------------------------------------------

const manage = 'workspace:manage' as const;
const tags = ['desk'];
const errors = { 401: commonErrors[401], 403: commonErrors[403], 429: commonErrors[429] };
const json = (schema: JsonSchema) => ({ contentType: 'application/json', required: true, schema });

export const deskRoutes = defineRoutes([
  {
    method: 'GET', url: '/app/v1/session', operationId: 'getSession', summary: 'The signed-in session', tags, auth: 'authenticated', rateClass: 'read',
    responses: { 200: { description: 'Signed in.', schema: data(sessionSchema) }, ...errors },
    handler: async (_req, _reply, ctx) => ({ data: await sessionView(ctx) }),
  },
  {
    method: 'POST', url: '/app/v1/session', operationId: 'signIn', summary: 'Sign in with an API token', tags, auth: null, rateClass: 'none',
    requestBody: json({ type: 'object', required: ['token'], additionalProperties: false, properties: { token: { type: 'string', minLength: 1, maxLength: 512 } } }),
    responses: { 200: { description: 'Signed in; the session cookie is set.', schema: data(sessionSchema) }, 401: commonErrors[401], 422: errorResponse('Malformed body.') },
    handler: signIn,
  },
  {
    method: 'DELETE', url: '/app/v1/session', operationId: 'signOut', summary: 'Sign out', tags, auth: 'authenticated', rateClass: 'none',
    responses: { 204: { description: 'Signed out; the cookie is cleared.' }, ...errors },
    handler: signOut,
  },
  {
    method: 'GET', url: '/app/v1/tokens', operationId: 'listTokens', summary: 'API tokens of the account', tags, auth: manage, rateClass: 'read',
    responses: { 200: { description: 'Tokens, newest first.', schema: list(tokenSchema) }, ...errors },
    handler: listTokens,
  },
  {
    method: 'POST', url: '/app/v1/tokens', operationId: 'createToken', summary: 'Create an API token', tags, auth: manage, rateClass: 'none',
    requestBody: json({
      type: 'object', required: ['name', 'mode', 'abilities'], additionalProperties: false,
      properties: { name: { type: 'string', minLength: 1, maxLength: 100 }, mode: { enum: ['live', 'test'] }, abilities: { type: 'array', minItems: 1, uniqueItems: true, items: { enum: [...ABILITIES] } } },
    }),
    responses: { 201: { description: 'Created; the secret is shown only now.', schema: data(tokenSchema, { secret: str }) }, ...errors, 422: errorResponse('Invalid fields.') },
    handler: createToken,
  },
  {
    method: 'DELETE', url: '/app/v1/tokens/:id', operationId: 'revokeToken', summary: 'Revoke an API token', tags, auth: manage, rateClass: 'none', params: idParams('id'),
    responses: { 200: { description: 'Revoked.', schema: data(tokenSchema) }, ...errors, 404: commonErrors[404], 409: errorResponse('The session\'s own token.') },
    handler: revokeToken,
  },
  {
    method: 'GET', url: '/app/v1/webhooks', operationId: 'listWebhooks', summary: 'Webhook endpoints', tags, auth: manage, rateClass: 'read',
    responses: { 200: { description: 'Active endpoints.', schema: list(webhookSchema) }, ...errors },
    handler: listWebhooks,
  },
  {
    method: 'POST', url: '/app/v1/webhooks', operationId: 'createWebhook', summary: 'Add a webhook endpoint', tags, auth: manage, rateClass: 'none',
    requestBody: json({
      type: 'object', required: ['url'], additionalProperties: false,
      properties: { url: { type: 'string', minLength: 1, maxLength: 2048 }, events: { type: 'array', items: { enum: [...WEBHOOK_EVENTS] } } },
    }),
    responses: { 201: { description: 'Added; the signing secret.', schema: data(webhookSchema, { secret: str }) }, ...errors, 422: errorResponse('Invalid URL or events.') },
    handler: createWebhook,
  },
  {
    method: 'DELETE', url: '/app/v1/webhooks/:id', operationId: 'deleteWebhook', summary: 'Remove a webhook endpoint (its delivery log stays)', tags, auth: manage, rateClass: 'none', params: idParams('id'),
    responses: { 204: { description: 'Removed.' }, ...errors, 404: commonErrors[404] },
    handler: deleteWebhook,
  },
  {
    method: 'GET', url: '/app/v1/webhooks/:id/secret', operationId: 'revealWebhookSecret', summary: 'Reveal the signing secret', tags, auth: manage, rateClass: 'read', params: idParams('id'),
    responses: { 200: { description: 'The secret.', schema: { type: 'object', required: ['secret'], properties: { secret: str } } }, ...errors, 404: commonErrors[404] },
    handler: revealSecret,
  },
  {
    method: 'POST', url: '/app/v1/webhooks/:id/rotate-secret', operationId: 'rotateWebhookSecret', summary: 'Replace the signing secret', tags, auth: manage, rateClass: 'none', params: idParams('id'),
    responses: { 200: { description: 'The new secret.', schema: data(webhookSchema, { secret: str }) }, ...errors, 404: commonErrors[404] },
    handler: rotateWebhookSecret,
  },
  {
    method: 'GET', url: '/app/v1/webhooks/:id/deliveries', operationId: 'listWebhookDeliveries', summary: 'Delivery log of an endpoint', tags, auth: manage, rateClass: 'read', params: idParams('id'),
    querystring: { type: 'object', properties: { limit: { type: 'integer', minimum: 1, maximum: 500, default: 50 } } },
    responses: { 200: { description: 'Deliveries, newest first.', schema: list(deliverySchema) }, ...errors, 404: commonErrors[404] },
    handler: listDeliveries,
  },
  {
    method: 'POST', url: '/app/v1/webhook-deliveries/:id/retry', operationId: 'retryWebhookDelivery', summary: 'Send an undelivered delivery again now', tags, auth: manage, rateClass: 'none', params: idParams('id'),
    responses: { 202: { description: 'Queued.', schema: data(deliverySchema) }, ...errors, 404: commonErrors[404], 409: errorResponse('Already delivered.') },
    handler: retryWebhookDelivery,
  },
  {
    method: 'GET', url: '/app/v1/credits', operationId: 'getCredits', summary: 'Credit balance and ledger', tags, auth: manage, rateClass: 'read',
    querystring: { type: 'object', properties: { limit: { type: 'integer', minimum: 1, maximum: 500, default: 100 }, before: { type: 'integer', minimum: 1 } } },
    responses: {
      200: { description: 'Balance and entries, newest first.', schema: { type: 'object', required: ['data', 'has_more'], properties: { data: { type: 'object', required: ['available_credits', 'entries'], properties: { available_credits: int, entries: { type: 'array', items: ledgerEntrySchema } } }, has_more: { type: 'boolean' } } } },
      ...errors,
    },
    handler: credits,
  },
  {
    method: 'GET', url: '/app/v1/inbox', operationId: 'inbox', summary: 'Compact document rows for the desk inbox', tags, auth: 'documents:read', rateClass: 'read',
    querystring: {
      type: 'object',
      properties: {
        status: { enum: ['pending', 'completed', 'error', 'blocked'] },
        processing_mode: { enum: ['extraction', 'analysis', 'validation', 'thumbnail'] },
        extraction_profile: { enum: PROFILE_IDS },
        review_status: { enum: REVIEW_STATUSES },
        einvoice: { enum: [...INBOX_VERDICTS], description: 'The e-invoice assessment of the latest run.' },
        needs_review: { type: 'boolean', description: 'Only rows with needs_review true.' },
        q: { type: 'string', maxLength: 200 },
        sort: { enum: [...INBOX_SORTS], default: '-created_at' },
        offset: { type: 'integer', minimum: 0, default: 0 },
        limit: { type: 'integer', minimum: 1, maximum: 500, default: 100 },
      },
    },
    responses: {
      200: { description: 'A window of rows.', schema: { type: 'object', required: ['data', 'total', 'offset', 'limit'], properties: { data: { type: 'array', items: inboxRowSchema }, total: int, offset: int, limit: int } } },
      ...errors,
      422: errorResponse('Invalid query parameter.'),
    },
    handler: inbox,
  },
  {
    method: 'GET', url: '/app/v1/documents/:id/original', operationId: 'downloadOriginal', summary: 'Download the uploaded original', tags, auth: 'documents:read', rateClass: 'read', params: idParams('id'),
    responses: { 200: { description: 'The original bytes as an attachment.', contentType: 'application/octet-stream' }, ...errors, 404: commonErrors[404] },
    handler: original,
  },
  {
    method: 'POST', url: '/app/v1/documents/:id/reprocess', operationId: 'reprocessDocument', summary: 'Process a terminal document again (same settings and rate)', tags, auth: 'documents:write', rateClass: 'upload', params: idParams('id'),
    responses: { 202: { description: 'Queued; the document as it is now.', schema: { type: 'object', required: ['data'], properties: { data: { $ref: '#/components/schemas/Document' } } } }, ...errors, 404: commonErrors[404], 409: errorResponse('Still processing, or cannot be reprocessed.') },
    handler: reprocess,
  },
]);
