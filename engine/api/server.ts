// The embedded HTTP server: request ids, authentication, the spec's error envelope and
// every route of /api/v1. Plugins first, then routes; one error handler for everything.
import { randomFillSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { AuthenticatedToken } from '../accounts/accounts.js';
import type { EngineContext } from '../context.js';
import { DOCDESK_VERSION } from '../version.js';
import { storageApiError } from './storage-errors.js';
import { ApiError, apiErrorOf, envelope, forbidden, notFound, unauthenticated, validationFailed, type FieldErrors } from './errors.js';
import { DomainError } from '../domain/errors.js';
import { buildOpenApi } from './openapi.js';
import type { JsonSchema, RouteDef } from './route.js';
import { assertSchemaDescribes, CHECK_SERIALIZATION, serializerSchema } from './serializer-schema.js';
import { componentSchemas } from './schemas.js';
import { documentRoutes } from './routes/documents.js';
import { profileResultRoutes } from './routes/profile-results.js';
import { miscRoutes } from './routes/misc.js';
import { uploadRoutes } from './routes/upload.js';
import { registerAppShell, wantsDeskShell } from './app-shell.js';
import { enforceRateLimit, rateLimitsEnabled } from './rate-limit.js';
import { RateLimiter } from '../ratelimit/limiter.js';
import { SESSION_COOKIE } from '../accounts/sessions.js';
import { readCookie } from './cookies.js';
import { deskRoutes } from './routes/desk.js';
import { UPLOAD_LIMITS } from '../documents/upload-rules.js';
import { allowedHosts, serverOrigin } from './localhost.js';
import { AuthThrottle } from './auth-throttle.js';
import { watchFolderRoutes } from './routes/watch-folders.js';

/** The published API (spec section 4). */
const apiRoutes: RouteDef[] = [...miscRoutes, ...documentRoutes, ...profileResultRoutes, ...uploadRoutes];
/** Everything the server answers: the API plus the desk's own endpoints (docs/desk-api.md). */
export const allRoutes: RouteDef[] = [...apiRoutes, ...deskRoutes, ...watchFolderRoutes];

/** The two published OpenAPI documents; the renderer's API types are generated from them (scripts/api-types.js). */
export function publishedOpenApi(): { api: Record<string, unknown>; desk: Record<string, unknown> } {
  return {
    api: buildOpenApi(apiRoutes, DOCDESK_VERSION),
    desk: buildOpenApi([...deskRoutes, ...watchFolderRoutes], DOCDESK_VERSION, { title: 'Docdesk — desk endpoints', description: 'The endpoints the desk UI uses beside /api/v1 (docs/desk-api.md). Not part of the published API contract.', security: [{ bearerAuth: [] }, { deskSession: [] }] }),
  };
}

const REQUEST_ID_PATTERN = /^[\x21-\x7e]{1,128}$/;
/** Every JSON body of the API is small; the one large body is the multipart upload. */
const JSON_BODY_LIMIT = 1024 * 1024;
/** The 500 MB file plus its form fields (text up to 256 KiB) and multipart framing. */
const UPLOAD_BODY_LIMIT = UPLOAD_LIMITS.fileBytes + 4 * 1024 * 1024;

/** 128 random bits as 32 hex digits, drawn from a pooled buffer (one randomUUID costs more than the rest of a read). */
const requestIdPool = Buffer.alloc(16 * 256);
let requestIdOffset = requestIdPool.length;
function newRequestId(): string {
  if (requestIdOffset === requestIdPool.length) {
    randomFillSync(requestIdPool);
    requestIdOffset = 0;
  }
  requestIdOffset += 16;
  return `req_${requestIdPool.toString('hex', requestIdOffset - 16, requestIdOffset)}`;
}

const payloadTooLarge = (message: string) => new ApiError(413, 'payload_too_large', message);

/**
 * An upload whose Content-Length already says it is over the limit is refused before a
 * byte of it is read; the connection closes instead of draining the body.
 */
function refuseAnnouncedOversize(req: FastifyRequest, reply: FastifyReply): void {
  const length = Number(req.headers['content-length']);
  if (Number.isFinite(length) && length > UPLOAD_BODY_LIMIT) {
    reply.header('Connection', 'close');
    throw payloadTooLarge(`The upload announces ${length} bytes; the limit is 500 MB per file (${UPLOAD_BODY_LIMIT} bytes per request with its form fields).`);
  }
}

const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'request_header_fields_too_large', 'The request headers are too large.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'request_timeout', 'The request was not received in time.'],
  ERR_HTTP_HEADERS_TIMEOUT: [408, 'request_timeout', 'The request headers were not received in time.'],
};

/** Node's HTTP parser refused the request before Fastify saw it: answer on the raw socket. */
function answerClientError(err: Error & { code?: string }, socket: import('node:net').Socket): void {
  if (!socket.writable) return void socket.destroy();
  const [status, code, message] = CLIENT_ERRORS[err.code ?? ''] ?? [400, 'bad_request', 'The request is not well-formed HTTP.'];
  const requestId = newRequestId();
  const body = JSON.stringify(envelope(new ApiError(status, code, message), requestId));
  const reason = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' }[status] ?? 'Bad Request';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Request-ID: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
  );
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthenticatedToken | null;
  }
  interface FastifyInstance {
    authThrottle: AuthThrottle;
  }
}

export interface ServerOptions {
  logger?: boolean;
  /** The address the server listens on (`serve --host`); default 127.0.0.1. */
  bindHost?: string;
  /** The configured public origin (`serve --public-origin`), already normalized. */
  publicOrigin?: string | null;
}

export async function buildServer(engine: EngineContext, opts: ServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ? { level: 'warn' } : false,
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      const value = Array.isArray(given) ? given[0] : given;
      return value && REQUEST_ID_PATTERN.test(value) ? value : newRequestId();
    },
    ajv: { customOptions: { coerceTypes: 'array', allErrors: true, removeAdditional: false } },
    bodyLimit: JSON_BODY_LIMIT,
    // Uploads can take long on a slow disk; idle sockets are still closed.
    requestTimeout: 0,
    // Requests Node's HTTP parser refuses (400, 408, 431) and URLs Fastify cannot route
    // still answer with the envelope and an X-Request-ID.
    clientErrorHandler: answerClientError,
    frameworkErrors: (err, req, reply) => {
      void (reply as FastifyReply).code(400).header('X-Request-ID', req.id).send(envelope(new ApiError(400, 'bad_request', `The request could not be read: ${err.message}`), req.id));
    },
  });

  app.decorateRequest('auth', null);
  app.decorate('authThrottle', new AuthThrottle());
  const bindHost = opts.bindHost ?? '127.0.0.1';
  // The port is known once listening and never changes; asking the socket costs a syscall.
  let listeningPort = 0;
  const port = () => listeningPort || (listeningPort = (app.server.address() as AddressInfo | null)?.port ?? 0);
  let hosts: { port: number; names: Set<string> } | null = null;
  let origins: { port: number; origin: string } | null = null;
  const origin = () => (origins?.port === port() ? origins.origin : (origins = { port: port(), origin: serverOrigin(bindHost, port(), opts.publicOrigin) }).origin);
  // Every route, the desk shell and the 404 answer only the names the server is reached by.
  // A callback hook: an async one costs a promise and a microtask on every request.
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('X-Request-ID', req.id);
    if (hosts?.port !== port()) hosts = { port: port(), names: allowedHosts(bindHost, port(), opts.publicOrigin) };
    const host = (req.headers.host ?? '').toLowerCase();
    if (!hosts.names.has(host)) {
      throw new ApiError(403, 'host_not_allowed', `This server answers only requests addressed to ${[...hosts.names].join(', ')}; the Host header was ${JSON.stringify(req.headers.host ?? '')}. Set --public-origin to serve another name.`);
    }
    done();
  });
  if (CHECK_SERIALIZATION) checkSerialization(app);

  await app.register(multipart, { throwFileSizeLimit: false });
  // A JSON content type with no body (a bare POST or DELETE from a generic client) means
  // "no fields", not a malformed request.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(validationFailed({ request: ['The body is not valid JSON.'] }), undefined);
    }
  });

  app.setErrorHandler((err: FastifyError | ApiError | DomainError, req, reply) => {
    const apiError = toApiError(err, req);
    for (const [k, v] of Object.entries(apiError.headers)) reply.header(k, v);
    void reply.code(apiError.status).send(envelope(apiError, req.id));
  });
  let deskShell: Awaited<ReturnType<typeof registerAppShell>> | null = null;
  app.setNotFoundHandler((req, reply) => {
    if (deskShell && wantsDeskShell(req)) return void deskShell.sendIndex(reply);
    const err = new ApiError(404, 'not_found', `No route for ${req.method} ${req.url.split('?')[0]}.`);
    void reply.code(404).send(envelope(err, req.id));
  });

  const limiter = rateLimitsEnabled() ? new RateLimiter(engine.db) : null;
  for (const route of allRoutes) registerRoute(app, engine, route, limiter, origin);

  const published = publishedOpenApi();
  app.get('/api/v1/openapi.json', async () => published.api);
  app.get('/app/v1/openapi.json', async () => published.desk);
  deskShell = await registerAppShell(app, engine);
  return app;
}

/** The JSON success bodies of a route, for Fastify's serializer (fast-json-stringify). */
function responseSchemas(route: RouteDef): Record<number, JsonSchema> | undefined {
  const entries = Object.entries(route.responses).filter(([status, doc]) => Number(status) < 300 && doc.schema);
  if (entries.length === 0) return undefined;
  return Object.fromEntries(entries.map(([status, doc]) => [Number(status), serializerSchema(doc.schema!, componentSchemas)]));
}

function registerRoute(app: FastifyInstance, engine: EngineContext, route: RouteDef, limiter: RateLimiter | null, origin: () => string): void {
  const response = responseSchemas(route);
  const multipartBody = route.requestBody?.contentType === 'multipart/form-data';
  const rest = async (req: FastifyRequest, reply: FastifyReply) => {
    if (multipartBody) refuseAnnouncedOversize(req, reply);
    if (limiter) await enforceRateLimit(limiter, route.rateClass, req.auth, req, reply);
  };
  app.route({
    method: route.method,
    url: route.url,
    schema: {
      ...(route.params ? { params: route.params } : {}),
      ...(route.querystring ? { querystring: route.querystring } : {}),
      ...(route.requestBody?.contentType === 'application/json' ? { body: route.requestBody.schema } : {}),
      ...(response ? { response } : {}),
    },
    // A read with a token resolved before completes this hook without a promise.
    onRequest: (req, reply, done) => {
      const auth = route.auth === null ? null : authenticate(engine, req, reply, route);
      if (!(auth instanceof Promise)) {
        req.auth = auth;
        if (!multipartBody && !limiter) return done();
      }
      Promise.resolve(auth)
        .then((resolved) => {
          req.auth = resolved;
          return rest(req, reply);
        })
        .then(() => done(), done);
    },
    preValidation: integerParamsCheck(route),
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      // URLs in responses come from the configured origin, never from the request's Host.
      return route.handler(req, reply, { engine, auth: req.auth, baseUrl: origin() });
    },
  });
}

/** A path id written the one canonical way: no sign, no leading zero, no exponent or hex. */
const CANONICAL_ID = /^[1-9][0-9]{0,15}$/;
/** A query integer: plain decimal digits (range rules stay with the schema). */
const DECIMAL_INTEGER = /^-?[0-9]{1,16}$/;

type PropertySchemas = Record<string, { type?: unknown; items?: { type?: unknown } }>;

const integerNames = (schema: RouteDef['params'], withArrays: boolean) =>
  Object.entries((schema?.properties ?? {}) as PropertySchemas)
    .filter(([, s]) => s.type === 'integer' || (withArrays && s.type === 'array' && s.items?.type === 'integer'))
    .map(([name]) => name);

/**
 * Integer parameters must be written as decimal integers before schema coercion sees them:
 * coercion alone reads `0x1`, `1e0`, `+1` or `1.0` as 1 (and `1e400` as Infinity, which
 * slips past `maximum`). A malformed path id names no resource (404, like any unknown id);
 * a malformed query integer is a 422 on that parameter.
 */
function integerParamsCheck(route: RouteDef): ((req: FastifyRequest, reply: FastifyReply, done: () => void) => void) | undefined {
  const pathNames = integerNames(route.params, false);
  const queryNames = integerNames(route.querystring, true);
  if (pathNames.length === 0 && queryNames.length === 0) return undefined;
  return (req, _reply, done) => {
    const params = req.params as Record<string, string | undefined>;
    for (const name of pathNames) if (!CANONICAL_ID.test(params[name] ?? '')) throw notFound('resource');
    const query = req.query as Record<string, unknown>;
    const errors: FieldErrors = {};
    for (const name of queryNames) {
      const raw = query[name];
      if (raw === undefined) continue;
      if (!(Array.isArray(raw) ? raw : [raw]).every((v) => typeof v === 'string' && DECIMAL_INTEGER.test(v))) {
        errors[name] = [`${name} must be a decimal integer.`];
      }
    }
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
    done();
  };
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** Synchronous when the bearer token was resolved before (the common case of a read). */
function authenticate(engine: EngineContext, req: FastifyRequest, reply: FastifyReply, route: RouteDef): AuthenticatedToken | Promise<AuthenticatedToken> {
  const header = req.headers.authorization;
  if (header !== undefined) {
    req.server.authThrottle.check('bearer_token', req.ip, reply);
    const token = BEARER.exec(header)?.[1];
    const cached = token === undefined ? undefined : engine.accounts.cachedToken(token);
    if (cached) return permitted(cached, route);
  }
  return lookUp(engine, req, reply, route);
}

async function lookUp(engine: EngineContext, req: FastifyRequest, reply: FastifyReply, route: RouteDef): Promise<AuthenticatedToken> {
  const header = req.headers.authorization;
  const throttle = req.server.authThrottle;
  let auth: AuthenticatedToken | null;
  if (header !== undefined) {
    const match = BEARER.exec(header);
    auth = match ? await engine.accounts.authenticate(match[1]!) : null;
    if (!auth) {
      throttle.fail('bearer_token', req.ip);
      throw unauthenticated(match ? 'The bearer token is invalid or has been revoked.' : 'Send Authorization: Bearer <token>.');
    }
  } else {
    const session = readCookie(req, SESSION_COOKIE);
    if (!session) throw unauthenticated('Send Authorization: Bearer <token>, or sign in to the desk.');
    throttle.check('session_token', req.ip, reply);
    auth = await engine.accounts.authenticateSession(session);
    if (!auth) {
      throttle.fail('session_token', req.ip);
      throw unauthenticated('The desk session has ended or its token was revoked; sign in again.');
    }
    // A cookie rides along on cross-site requests; a custom header cannot without a CORS
    // preflight, which this server never grants.
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.headers['x-docdesk-desk'] !== '1') {
      throw forbidden('Requests signed in by the desk session cookie must send the header X-Docdesk-Desk: 1.', 'csrf_header_missing');
    }
  }
  return permitted(auth, route);
}

function permitted(auth: AuthenticatedToken, route: RouteDef): AuthenticatedToken {
  if (route.auth !== 'authenticated' && route.auth !== null && !auth.abilities.includes(route.auth)) {
    throw forbidden(`This token lacks the ${route.auth} ability.`, 'missing_ability');
  }
  return auth;
}

const PAYLOAD = Symbol('payload');

/** Tests: every body written from a response schema is compared with JSON.stringify's (serializer-schema.ts). */
function checkSerialization(app: FastifyInstance): void {
  app.addHook('preSerialization', (_req, reply, payload, done) => {
    (reply as unknown as Record<symbol, unknown>)[PAYLOAD] = payload;
    done(null, payload);
  });
  app.addHook('onSend', (req, reply, written, done) => {
    const payload = (reply as unknown as Record<symbol, unknown>)[PAYLOAD];
    if (payload !== undefined && typeof written === 'string') assertSchemaDescribes(payload, written, `${req.method} ${req.routeOptions.url}`);
    done(null, written);
  });
}

function toApiError(err: FastifyError | ApiError | DomainError, req: FastifyRequest): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof DomainError) return apiErrorOf(err);
  const fe = err as FastifyError & { validationContext?: string };
  if (fe.validation) {
    // A malformed path id cannot name a resource of this account.
    if (fe.validationContext === 'params') return notFound('resource');
    const errors: FieldErrors = {};
    for (const v of fe.validation) {
      const missing = (v.params as { missingProperty?: string }).missingProperty;
      const field = missing ?? (v.instancePath.split('/').filter(Boolean)[0] ?? fe.validationContext ?? 'request');
      (errors[field] ??= []).push(`${field} ${v.message ?? 'is invalid'}.`);
    }
    return validationFailed(errors);
  }
  const status = fe.statusCode ?? 500;
  if (status === 404) return notFound('resource');
  if (status === 413) return payloadTooLarge(`The request body is larger than the ${Math.round(JSON_BODY_LIMIT / 1024)} KiB this endpoint accepts.`);
  if (status === 429) return new ApiError(429, 'rate_limited', fe.message);
  if (status >= 400 && status < 500) return validationFailed({ request: [fe.message] });
  const storage = storageApiError(err);
  if (storage) return storage;
  req.log.error({ err }, 'unhandled error');
  return new ApiError(500, 'internal_error', 'An internal error occurred; the request id identifies it in the log.');
}
