// Shared pieces of the API tests: one real server process per test file, small request
// helpers that keep status, headers and body together, the spec's error-envelope check,
// and generators for minimal but real files of each format the upload rules look at.
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { zipSync, strToU8 } from 'fflate';
import { WINDOW_SECONDS } from '../../engine/ratelimit/policies.js';
import { ftypBox } from '../helpers/fixtures.js';
import { createAccountWithToken, removeDir, startServerProcess, type ServerProcess } from '../helpers/server.js';

export { cli, createAccountWithToken, getJson, upload, waitTerminal } from '../helpers/server.js';

/** Spec 2.1: every field of the document object. */
export const SPEC_DOCUMENT_FIELDS = [
  'id', 'mode', 'processing_mode', 'processing_lane', 'pages', 'status', 'processing_stage', 'processing_error', 'blocked_reason',
  'scanner_status', 'scanner_provider', 'scanner_message', 'scanned_at', 'processing_started_at', 'processed_at', 'filename',
  'file_format', 'file_size', 'additional_text', 'additional_text_plain', 'custom_types', 'requester', 'locale', 'number_of_pages',
  'extracted_text', 'extracted_text_plain', 'origin', 'ai_processing', 'extraction_profile', 'is_e_invoice', 'thumbnail', 'previews',
  'extractions', 'latest_extraction_run', 'sector_extraction_summary', 'created_at', 'updated_at',
];

/** Spec 2.2: every field of an extraction run. */
export const SPEC_RUN_FIELDS = [
  'id', 'mode', 'processing_lane', 'source', 'status', 'blocked_reason', 'error_code', 'error_message', 'credits_charged',
  'extraction_schema_version', 'extractor_version', 'ai_prompt_version', 'normalization_version', 'extraction_profile',
  'profile_version', 'ai_model', 'ai_reasoning_effort', 'strategies_used', 'provenance_summary', 'billing_mode', 'credit_cost',
  'credit_cost_source', 'quality', 'started_at', 'completed_at', 'created_at',
];

/**
 * Fields Docdesk adds to the spec's document object, each recorded in docs/decisions.md.
 * Anything else beyond spec 2.1 is drift.
 */
export const DOCDESK_DOCUMENT_ADDITIONS = ['processing_progress', 'duplicate_of', 'duplicate_reason'];

/** Spec section 2: ISO 8601 with microseconds and a Z suffix. */
export const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export interface ApiServer extends ServerProcess {
  /** Stops the process and removes its data folder. */
  close(): Promise<void>;
}

export async function startApi(env?: Record<string, string>): Promise<ApiServer> {
  const server = await startServerProcess(env ? { env } : {});
  return Object.assign(server, {
    async close() {
      await server.stop();
      removeDir(server.dataDir);
    },
  });
}

export interface Reply {
  status: number;
  headers: Headers;
  /** Parsed JSON when the response is JSON, else null. */
  body: any;
  bytes: Buffer;
}

export async function toReply(res: Response): Promise<Reply> {
  const bytes = Buffer.from(await res.arrayBuffer());
  const isJson = (res.headers.get('content-type') ?? '').includes('application/json');
  return { status: res.status, headers: res.headers, body: isJson && bytes.length ? JSON.parse(bytes.toString('utf8')) : null, bytes };
}

export async function call(
  url: string,
  path: string,
  opts: { method?: string; token?: string | null; headers?: Record<string, string>; body?: string } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  const res = await fetch(`${url}${path}`, { method: opts.method ?? 'GET', headers, ...(opts.body !== undefined ? { body: opts.body } : {}) });
  return toReply(res);
}

/** Asserts the spec's error envelope (section 7) and returns the body. */
export function assertError(reply: Reply, status: number, code: string): any {
  assert.equal(reply.status, status, `expected ${status} ${code}, got ${reply.status}: ${reply.bytes.toString('utf8').slice(0, 500)}`);
  assert.match(reply.headers.get('content-type') ?? '', /application\/json/);
  const body = reply.body;
  assert.equal(typeof body.message, 'string');
  assert.ok(body.message.length > 0, 'message must not be empty');
  assert.equal(body.code, code);
  assert.equal(typeof body.request_id, 'string');
  assert.equal(body.request_id, reply.headers.get('x-request-id'), 'request_id must equal the X-Request-ID header');
  return body;
}

/** A 422 `validation_failed` whose `errors` names `field` (arrays of non-empty messages). */
export function assertValidation(reply: Reply, field: string | RegExp): any {
  const body = assertError(reply, 422, 'validation_failed');
  assert.equal(typeof body.errors, 'object');
  assert.ok(body.errors !== null);
  for (const [k, v] of Object.entries(body.errors)) {
    assert.ok(Array.isArray(v) && v.length > 0, `errors.${k} must be a non-empty array`);
    for (const m of v as unknown[]) assert.equal(typeof m, 'string');
  }
  const keys = Object.keys(body.errors);
  const hit = typeof field === 'string' ? keys.includes(field) : keys.some((k) => field.test(k));
  assert.ok(hit, `errors should name ${String(field)}, got ${JSON.stringify(body.errors)}`);
  return body;
}

export function assertRequestIdHeader(reply: Reply): string {
  const id = reply.headers.get('x-request-id');
  assert.ok(id, 'every response carries X-Request-ID');
  assert.match(id, /^[\x21-\x7e]{1,128}$/);
  return id;
}

let keyCounter = 0;
/** A fresh Idempotency-Key. */
export function newKey(prefix = 'k'): string {
  keyCounter += 1;
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${keyCounter}`;
}

/**
 * An account with its own token; abilities default to all three. Its rate-limit profile is
 * `enterprise` unless `extra` says otherwise: these tests are about contracts, not limits,
 * and polling a document must not run into the read limit of a smaller profile.
 */
export function account(dataDir: string, opts: { credits?: number; mode?: 'live' | 'test'; abilities?: string; extra?: string[]; name?: string } = {}) {
  const extra = opts.extra ?? [];
  return createAccountWithToken(dataDir, { ...opts, extra: extra.includes('--rate-profile') ? extra : [...extra, '--rate-profile', 'enterprise'] });
}

// ---------------------------------------------------------------------------------------
// Files. Each is a real instance of its format as far as content detection and (for PDF,
// PNG, JPEG) rendering are concerned.

/** A valid PDF with `pages` pages of text; `label` makes files with equal page counts differ. */
export function pdfBytes(pages = 1, label = 'Docdesk test document'): Buffer {
  const pageIds: number[] = [];
  // 1: catalog, 2: pages, 3: font, then per page: page object + content stream.
  const fontId = 3;
  let next = 4;
  const pageObjects: Array<[number, string]> = [];
  for (let i = 0; i < pages; i++) {
    const pageId = next++;
    const contentId = next++;
    pageIds.push(pageId);
    const text = `BT /F1 24 Tf 72 720 Td (${label.replace(/[()\\]/g, '')} - page ${i + 1}) Tj ET`;
    pageObjects.push([pageId, `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${fontId} 0 R >> >> /Contents ${contentId} 0 R >>`]);
    pageObjects.push([contentId, `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`]);
  }
  const all: Array<[number, string]> = [
    [1, '<< /Type /Catalog /Pages 2 0 R >>'],
    [2, `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages} >>`],
    [fontId, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'],
    ...pageObjects,
  ];
  all.sort((a, b) => a[0] - b[0]);
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (const [id, body] of all) {
    offsets[id] = Buffer.byteLength(out, 'latin1');
    out += `${id} 0 obj\n${body}\nendobj\n`;
  }
  const xrefAt = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${all.length + 1}\n0000000000 65535 f \n`;
  for (let id = 1; id <= all.length; id++) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${all.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

export async function pngBytes(width = 64, height = 48, color = { r: 200, g: 40, b: 40 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();
}

export async function jpegBytes(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } }).jpeg().toBuffer();
}

export async function tiffBytes(): Promise<Buffer> {
  return sharp({ create: { width: 32, height: 32, channels: 3, background: { r: 0, g: 0, b: 0 } } }).tiff().toBuffer();
}

export function docxBytes(): Buffer {
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8('<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>'),
      'word/document.xml': strToU8('<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Hello</w:t></w:r></w:p></w:body></w:document>'),
    }),
  );
}

export function emlBytes(): Buffer {
  return Buffer.from('From: Sender <sender@example.com>\r\nTo: clerk@example.com\r\nSubject: Invoice 42\r\nDate: Mon, 2 Nov 2026 10:00:00 +0000\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nPlease find the invoice attached.\r\n');
}

/** The head of an MP4 file (an `ftyp` box): enough for content detection. */
export function mp4Bytes(): Buffer {
  const ftyp = ftypBox('isom', ['isom', 'iso2'], 0x200);
  const mdat = Buffer.alloc(16);
  mdat.writeUInt32BE(16, 0);
  mdat.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, mdat]);
}

export function xmlBytes(): Buffer {
  return Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>1</ID></Invoice>\n');
}

export const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Seeds one stored preview for a document straight into the server's data folder. No
 * processing mode produces previews yet, but GET /api/v1/previews/{preview} is live and
 * account-scoped; this gives it a real row and a real file to serve.
 */
export async function seedPreview(dataDir: string, opts: { documentId: number; accountId: number; bytes: Buffer; contentType?: string }): Promise<number> {
  const { openDatabase } = await import('../../engine/store/db.js');
  const { testDatabaseTarget } = await import('../helpers/database.js');
  const { mkdirSync, writeFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const rel = join('files', 'artefacts', String(opts.documentId), 'seeded-preview-1.png');
  mkdirSync(join(dataDir, 'files', 'artefacts', String(opts.documentId)), { recursive: true });
  writeFileSync(join(dataDir, rel), opts.bytes);
  const { db, close } = await openDatabase(testDatabaseTarget(dataDir));
  try {
    const row = await db
      .insertInto('previews')
      .values({ document_id: opts.documentId, run_id: null, account_id: opts.accountId, page: 1, filename: 'page-1.png', file_format: 'png', content_type: opts.contentType ?? 'image/png', file_size: opts.bytes.length, path: rel, created_at: '2026-01-01T00:00:00.000000Z' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  } finally {
    await close();
  }
}

// Minute windows are fixed and aligned to the Unix minute (the limiter's WINDOW_SECONDS) on
// the server's clock, which is this machine's. A burst that straddles a boundary sees its
// count restart half-way, so when the current window may not hold the whole burst (a generous
// budget per request, for a loaded machine) the burst starts at the next window instead.
export async function freshWindowFor(requests: number): Promise<void> {
  const windowMs = WINDOW_SECONDS.minute * 1000;
  const needMs = 5_000 + requests * 25;
  const leftMs = windowMs - (Date.now() % windowMs);
  if (leftMs < needMs) await new Promise((r) => setTimeout(r, leftMs + 50));
}
