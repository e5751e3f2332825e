// The one way a route sends bytes that came from a document (originals, thumbnails, page
// previews, e-invoice visualizations, exports): safe by construction, whatever the bytes are.
// A stored artefact is served on the desk's own origin, next to the signed-in session, so it
// must never run as a page of that origin (docs/security.md, "Served artefacts"):
// - its own CSP with `sandbox` (opaque origin, no script, no forms, no plugins) and
//   `default-src 'none'` (no fetch, no image, no frame from it);
// - `nosniff`, and a content type from a short list of types that cannot execute: anything
//   XML-like (XHTML, SVG, XSLT) is sent as text/plain; HTML only when Docdesk generated it;
// - everything else as an octet-stream attachment.
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { BlobNotFoundError, type BlobStore } from '../store/blobs.js';
import { notFound } from './errors.js';

/** No script, no subresource, no origin: what every stored artefact gets. */
export const ARTEFACT_CSP = "default-src 'none'; sandbox";
/**
 * Docdesk's own HTML visualizations (escaped, no script) additionally need their inline
 * style and data: images, and are shown in the desk's sandboxed frame.
 */
export const GENERATED_HTML_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'; sandbox";

const INLINE_TYPES: Record<string, string> = {
  'image/jpeg': 'image/jpeg',
  'image/png': 'image/png',
  'text/plain': 'text/plain; charset=utf-8',
  'text/csv': 'text/csv; charset=utf-8',
  'application/json': 'application/json; charset=utf-8',
};

export interface ServedType {
  contentType: string;
  csp: string;
  /** false: sent as an attachment (download), never rendered. */
  inline: boolean;
}

/**
 * What a stored content type is served as. `generatedHtml` is true only for HTML that
 * Docdesk rendered itself from escaped values (the e-invoice visualization).
 */
export function servedType(stored: string, opts: { generatedHtml?: boolean } = {}): ServedType {
  const base = stored.split(';')[0]!.trim().toLowerCase();
  if (base === 'text/html' && opts.generatedHtml) return { contentType: 'text/html; charset=utf-8', csp: GENERATED_HTML_CSP, inline: true };
  // XML roots can be XHTML or SVG documents that a browser would run: show them as text.
  if (base.endsWith('/xml') || base.endsWith('+xml') || base === 'text/xsl') return { contentType: 'text/plain; charset=utf-8', csp: ARTEFACT_CSP, inline: true };
  const inline = INLINE_TYPES[base];
  if (inline) return { contentType: inline, csp: ARTEFACT_CSP, inline: true };
  return { contentType: 'application/octet-stream', csp: ARTEFACT_CSP, inline: false };
}

/** A filename for Content-Disposition: ASCII fallback plus the UTF-8 form (RFC 6266). */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\;]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export interface StoredBytes {
  /** The bytes: generated in memory, or a stored blob's stream (see sendStoredBlob). */
  body: Buffer | string | Readable;
  /** The content type it was stored with. */
  contentType: string;
  filename?: string;
  generatedHtml?: boolean;
  /** Force a download even for an inline-safe type (originals). */
  attachment?: boolean;
  cacheControl?: string;
}

export function sendStoredBytes(reply: FastifyReply, item: StoredBytes): FastifyReply {
  const served = servedType(item.contentType, { generatedHtml: item.generatedHtml });
  const inline = served.inline && !item.attachment;
  reply.header('Content-Security-Policy', served.csp);
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Cross-Origin-Resource-Policy', 'same-origin');
  reply.header('Referrer-Policy', 'no-referrer');
  reply.header('Cache-Control', item.cacheControl ?? 'private, no-store');
  if (item.filename !== undefined || !inline) reply.header('Content-Disposition', contentDisposition(inline ? 'inline' : 'attachment', item.filename ?? 'download'));
  // A forced download keeps its safe type (an export's text/csv); unsafe types are octet-streams.
  return reply.type(served.inline ? served.contentType : 'application/octet-stream').send(item.body);
}

/**
 * Sends a stored blob (original, thumbnail, preview) from whichever blob store holds it. The
 * object is opened before any header goes out, so a missing one is a 404 envelope naming
 * `what`, and an unreachable store a 503 (storage-errors.ts), never a broken response.
 */
export async function sendStoredBlob(reply: FastifyReply, blobs: BlobStore, key: string | null, what: string, item: Omit<StoredBytes, 'body'>): Promise<FastifyReply> {
  if (!key) throw notFound(what);
  const blob = await blobs.get(key).catch((err: unknown) => {
    if (err instanceof BlobNotFoundError) throw notFound(what);
    throw err;
  });
  reply.header('Content-Length', String(blob.size));
  return sendStoredBytes(reply, { ...item, body: blob.stream });
}
