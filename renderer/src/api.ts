// The renderer's only door to the engine: /api/v1 (the spec) and /app/v1 (docs/desk-api.md).
// Cookie session; every request carries X-Docdesk-Desk so cookie-authenticated writes pass
// the engine's CSRF guard.
import type { CreatedToken, CreatedWebhook, Credits, Delivery, DocumentBody, DocumentObject, ExtractionsBody, InboxPage, InboxQuery, PreviewsBody, ReviewBody, SectorExtraction, Session, Token, WatchFolder, Webhook } from './types';

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId: string | null,
    readonly fieldErrors: Record<string, string[]> | null = null,
    readonly body: Record<string, unknown> | null = null,
  ) {
    super(message);
  }
}

const DESK_HEADER = { 'X-Docdesk-Desk': '1' } as const;

async function failureFrom(res: Response): Promise<ApiFailure> {
  const requestId = res.headers.get('X-Request-ID');
  let body: Record<string, unknown> | null = null;
  try {
    body = (await res.json()) as Record<string, unknown>;
  } catch {
    body = null;
  }
  const code = typeof body?.code === 'string' ? body.code : `http_${res.status}`;
  const message = typeof body?.message === 'string' ? body.message : res.statusText;
  const rid = typeof body?.request_id === 'string' ? body.request_id : requestId;
  const errors = body && typeof body.errors === 'object' && body.errors ? (body.errors as Record<string, string[]>) : null;
  return new ApiFailure(res.status, code, message, rid, errors, body);
}

/** Called on every 401 so the app can fall back to the sign-in page. */
let onUnauthenticated: () => void = () => {};
export function setUnauthenticatedHandler(fn: () => void): void {
  onUnauthenticated = fn;
}

/** One call; a non-2xx answer becomes an ApiFailure (a 401 also signs the desk out). */
async function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, opts: { quiet401?: boolean } = {}): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: { ...DESK_HEADER, Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiFailure(0, 'network_error', 'The engine could not be reached.', null);
  }
  if (!res.ok) {
    const failure = await failureFrom(res);
    if (res.status === 401 && !opts.quiet401) onUnauthenticated();
    throw failure;
  }
  return res;
}

async function request<T>(method: string, path: string, body?: unknown, opts: { quiet401?: boolean } = {}): Promise<T> {
  const res = await send(method, path, body, {}, opts);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

function qs(params: Record<string, string | number | undefined | null>): string {
  const u = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') u.set(k, String(v));
  const s = u.toString();
  return s ? `?${s}` : '';
}

export const api = {
  session: () => request<{ data: Session }>('GET', '/app/v1/session', undefined, { quiet401: true }),
  signIn: (token: string) => request<{ data: Session }>('POST', '/app/v1/session', { token }, { quiet401: true }),
  signOut: () => request<void>('DELETE', '/app/v1/session'),

  inbox: (q: InboxQuery, offset: number, limit: number) =>
    request<InboxPage>(
      'GET',
      `/app/v1/inbox${qs({ status: q.status, processing_mode: q.processing_mode, extraction_profile: q.extraction_profile, review_status: q.review_status, einvoice: q.einvoice, needs_review: q.needs_review ? 'true' : '', q: q.q, sort: q.sort, offset, limit })}`,
    ),
  document: (id: number) => request<DocumentBody>('GET', `/api/v1/documents/${id}`),
  previews: (id: number) => request<PreviewsBody>('GET', `/api/v1/documents/${id}/previews`),
  extractions: (id: number) => request<{ data: unknown }>('GET', `/api/v1/documents/${id}/extractions`),
  /** The document's profile result with its evidence (spec 4.10) and the ETag a review must send. */
  profileResult: async (id: number): Promise<{ sector: SectorExtraction | null; etag: string | null }> => {
    const res = await send('GET', `/api/v1/documents/${id}/extractions?include=evidence`);
    const body = (await res.json()) as ExtractionsBody;
    return { sector: body.sector_extraction ?? null, etag: res.headers.get('ETag') };
  },
  /** One review decision (spec 4.14): a new Idempotency-Key per decision, the current ETag as If-Match. */
  reviewExtraction: async (id: number, body: Record<string, unknown>, h: { idempotencyKey: string; ifMatch: string }) =>
    (await (await send('POST', `/api/v1/documents/${id}/extractions/reviews`, body, { 'Idempotency-Key': h.idempotencyKey, 'If-Match': h.ifMatch })).json()) as ReviewBody,
  deleteDocument: (id: number) => request<void>('DELETE', `/api/v1/documents/${id}`),
  reprocess: (id: number) => request<{ data: DocumentObject }>('POST', `/app/v1/documents/${id}/reprocess`),

  tokens: () => request<{ data: Token[] }>('GET', '/app/v1/tokens'),
  createToken: (body: { name: string; mode: 'live' | 'test'; abilities: string[] }) => request<CreatedToken>('POST', '/app/v1/tokens', body),
  revokeToken: (id: number) => request<{ data: Token }>('DELETE', `/app/v1/tokens/${id}`),

  webhooks: () => request<{ data: Webhook[] }>('GET', '/app/v1/webhooks'),
  createWebhook: (body: { url: string; events: string[] }) => request<CreatedWebhook>('POST', '/app/v1/webhooks', body),
  deleteWebhook: (id: number) => request<void>('DELETE', `/app/v1/webhooks/${id}`),
  webhookSecret: (id: number) => request<{ secret: string }>('GET', `/app/v1/webhooks/${id}/secret`),
  rotateWebhookSecret: (id: number) => request<{ data: Webhook; secret: string }>('POST', `/app/v1/webhooks/${id}/rotate-secret`),
  deliveries: (id: number) => request<{ data: Delivery[] }>('GET', `/app/v1/webhooks/${id}/deliveries?limit=50`),
  retryDelivery: (id: number) => request<{ data: Delivery }>('POST', `/app/v1/webhook-deliveries/${id}/retry`),

  watchFolders: () => request<{ data: WatchFolder[] }>('GET', '/app/v1/watch-folders'),
  createWatchFolder: (body: { path: string; processing_mode: string; after_import: string }) => request<{ data: WatchFolder }>('POST', '/app/v1/watch-folders', body),
  deleteWatchFolder: (id: number) => request<void>('DELETE', `/app/v1/watch-folders/${id}`),

  credits: (before?: number) => request<{ data: Credits; has_more: boolean }>('GET', `/app/v1/credits${qs({ limit: 100, before })}`),
};

/**
 * The engine writes absolute URLs (spec: `{base_url}/api/v1/...`); the page may be open on
 * another spelling of the same host (localhost vs 127.0.0.1), and the CSP allows only
 * 'self', so links are used as paths.
 */
export function localPath(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url, location.href);
    return u.pathname + u.search;
  } catch {
    return url;
  }
}

export type UploadFields = Record<string, string | string[]>;

export interface UploadHandle {
  promise: Promise<DocumentObject>;
  abort(): void;
}

/** Multipart upload through XMLHttpRequest: fetch has no upload progress events. */
export function uploadFile(file: File, fields: UploadFields, idempotencyKey: string, onProgress: (fraction: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<DocumentObject>((resolve, reject) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) for (const item of Array.isArray(v) ? v : [v]) form.append(k, item);
    form.append('file', file, file.name);
    xhr.open('POST', '/api/v1/documents');
    xhr.withCredentials = true;
    xhr.setRequestHeader('X-Docdesk-Desk', '1');
    xhr.setRequestHeader('Accept', 'application/json');
    // One key per logical upload; a retry of the same upload (after a 429) reuses it.
    xhr.setRequestHeader('Idempotency-Key', idempotencyKey);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiFailure(0, 'network_error', 'The engine could not be reached.', null));
    xhr.onabort = () => reject(new ApiFailure(0, 'aborted', 'The upload was cancelled.', null));
    xhr.onload = () => {
      let body: Record<string, unknown> | null = null;
      try {
        body = JSON.parse(xhr.responseText) as Record<string, unknown>;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) {
        onProgress(1);
        resolve(body.data as DocumentObject);
        return;
      }
      if (xhr.status === 401) onUnauthenticated();
      reject(
        new ApiFailure(
          xhr.status,
          typeof body?.code === 'string' ? body.code : `http_${xhr.status}`,
          typeof body?.message === 'string' ? body.message : xhr.statusText,
          typeof body?.request_id === 'string' ? body.request_id : xhr.getResponseHeader('X-Request-ID'),
          (body?.errors as Record<string, string[]> | undefined) ?? null,
          // Retry-After is authoritative for 429s (spec 8); keep it with the body.
          xhr.status === 429 ? { ...(body ?? {}), retry_after: Number(xhr.getResponseHeader('Retry-After') ?? body?.retry_after ?? 1) } : body,
        ),
      );
    };
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}
