// The HTTP API called in-process: requests go through Fastify's `inject` into the same
// routes a network client reaches (authentication, abilities, rate limits, idempotency,
// validation, error envelope), without opening a port. The CLI import, the watcher and the
// MCP server all upload through here, so none of them has a second upload path.
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../api/server.js';
import { createSession, endSession, SESSION_COOKIE } from '../accounts/sessions.js';
import type { EngineContext } from '../context.js';
import { deleteSetting, getSetting, setSetting } from '../store/settings.js';
import { ownerLive } from '../store/processes.js';

export interface ApiResponse<T = any> {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: T;
}

export type UploadSource = { path: string } | { bytes: Buffer };

/** Form fields of spec 4.3, as strings (arrays for `custom_types[]`). */
export type UploadForm = Record<string, string | string[] | undefined>;

/** Who the calls act as: an API token, or (for a watched folder set up in the desk) a token id by way of a desk session. */
export type Credential = { token: string } | { tokenId: number };

export type Origin = 'api' | 'mcp';

/** Settings key prefix of live in-process uploaders (CLI import, MCP). */
export const UPLOADER_PREFIX = 'uploader:';

export class LocalApi {
  private constructor(
    private readonly app: FastifyInstance,
    private readonly ownsApp: boolean,
    private readonly authHeaders: Record<string, string>,
    private readonly host: string,
    private readonly endSessionId: string | null,
    private readonly engine: EngineContext,
  ) {}

  /**
   * `app` may be a running server's own instance (the watcher inside `docdesk serve`);
   * otherwise a private one is built. Document URLs point at the running server when one
   * serves this data folder.
   */
  static async open(engine: EngineContext, credential: Credential, app?: FastifyInstance): Promise<LocalApi> {
    const own = !app;
    const host = await serverHost(engine);
    // A private instance never listens: it answers (and builds URLs for) the serving host.
    const instance = app ?? (await buildServer(engine, { publicOrigin: `http://${host}` }));
    let headers: Record<string, string>;
    let sessionId: string | null = null;
    if ('token' in credential) headers = { authorization: `Bearer ${credential.token}` };
    else {
      sessionId = (await createSession(engine.db, credential.tokenId)).sessionId;
      headers = { cookie: `${SESSION_COOKIE}=${sessionId}`, 'x-docdesk-desk': '1' };
    }
    // Announce this uploading process, so a server starting meanwhile leaves its staged and
    // just-committed files alone (index.ts, sweepOrphanFiles).
    if (own) {
      await setSetting(engine.db, `${UPLOADER_PREFIX}${engine.owner}`, engine.owner);
      await engine.setRole('uploader');
    }
    return new LocalApi(instance, own, headers, host, sessionId, engine);
  }

  async request<T = any>(method: 'GET' | 'POST' | 'DELETE', url: string, opts: { headers?: Record<string, string>; json?: unknown } = {}): Promise<ApiResponse<T>> {
    const res = await this.app.inject({
      method,
      url,
      headers: { host: this.host, ...this.authHeaders, ...(opts.json !== undefined ? { 'content-type': 'application/json' } : {}), ...(opts.headers ?? {}) },
      payload: opts.json !== undefined ? JSON.stringify(opts.json) : undefined,
    });
    const type = String(res.headers['content-type'] ?? '');
    return { status: res.statusCode, headers: res.headers, body: (type.includes('json') ? res.json() : res.rawPayload) as T };
  }

  /** POST /api/v1/documents with a streamed multipart body. */
  async upload<T = any>(source: UploadSource, filename: string, form: UploadForm, idempotencyKey: string, origin: Origin): Promise<ApiResponse<T>> {
    const boundary = `----docdesk${randomBytes(12).toString('hex')}`;
    const res = await this.app.inject({
      method: 'POST',
      url: '/api/v1/documents',
      headers: {
        host: this.host,
        ...this.authHeaders,
        'idempotency-key': idempotencyKey,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        ...(origin === 'mcp' ? { 'x-docdesk-origin': 'mcp' } : {}),
      },
      payload: Readable.from(multipartBody(boundary, source, filename, form)),
    });
    return { status: res.statusCode, headers: res.headers, body: res.json() as T };
  }

  /** Whether this build serves a route (features merged from other branches, e.g. reviews). */
  hasRoute(method: 'GET' | 'POST' | 'DELETE', url: string): boolean {
    return this.app.hasRoute({ method, url });
  }

  async close(): Promise<void> {
    if (this.endSessionId) await endSession(this.engine.db, this.endSessionId);
    if (this.ownsApp) {
      await this.app.close();
      await deleteSetting(this.engine.db, `${UPLOADER_PREFIX}${this.engine.owner}`);
    }
  }
}

async function* multipartBody(boundary: string, source: UploadSource, filename: string, form: UploadForm): AsyncGenerator<Buffer> {
  for (const [name, value] of Object.entries(form)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) {
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`);
    }
  }
  const quoted = filename.replace(/["\r\n\\]/g, '_');
  yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${quoted}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  if ('bytes' in source) yield source.bytes;
  else for await (const chunk of createReadStream(source.path)) yield chunk as Buffer;
  yield Buffer.from(`\r\n--${boundary}--\r\n`);
}

/** The host of the server serving this data folder, so returned URLs work from outside. */
async function serverHost(engine: EngineContext): Promise<string> {
  const owner = await getSetting(engine.db, 'server_owner');
  const url = await getSetting(engine.db, 'server_url');
  if (owner && url && (await ownerLive(engine.db, owner))) return new URL(url).host;
  return '127.0.0.1';
}
