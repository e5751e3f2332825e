// The MCP server (issue 18): a local assistant files and reads documents over stdio. Every
// tool is a call of the HTTP API in-process (engine/intake/local-api.ts) with the token
// given at start, so abilities, rate limits, validation and the error envelope are the
// API's own; a refused call comes back as a tool error carrying that envelope.
import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult, ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { DOCDESK_VERSION } from '../version.js';
import { sha256File } from '../intake/files.js';
import { importKey } from '../intake/importer.js';
import type { ApiResponse, LocalApi } from '../intake/local-api.js';

/** Text handed to the assistant per call, so one long document cannot flood its context. */
const TEXT_PAGE_CHARS = 20_000;

const ok = (data: unknown): CallToolResult => ({ content: [{ type: 'text', text: JSON.stringify(data, null, 2) }] });

/** The API's error envelope, with the HTTP status, as a tool error. */
function refused(res: ApiResponse): CallToolResult {
  const body = typeof res.body === 'object' && res.body !== null && !Buffer.isBuffer(res.body) ? res.body : { message: String(res.body) };
  return { isError: true, content: [{ type: 'text', text: JSON.stringify({ status: res.status, ...body }) }] };
}

function compact(doc: any) {
  return {
    id: doc.id,
    filename: doc.filename,
    status: doc.status,
    processing_stage: doc.processing_stage,
    processing_mode: doc.processing_mode,
    origin: doc.origin,
    is_e_invoice: doc.is_e_invoice,
    number_of_pages: doc.number_of_pages,
    duplicate_of: doc.duplicate_of ?? null,
    duplicate_reason: doc.duplicate_reason ?? null,
    created_at: doc.created_at,
  };
}

function fieldValues(doc: any): Record<string, unknown> | null {
  if (!doc.extractions || Array.isArray(doc.extractions)) return null;
  return Object.fromEntries(Object.entries(doc.extractions as Record<string, { value: unknown }>).map(([k, f]) => [k, f?.value ?? null]));
}

function einvoiceVerdict(doc: any) {
  const s = doc.latest_extraction_run?.quality?.structured ?? null;
  return {
    is_e_invoice: doc.is_e_invoice,
    detection_status: s?.detection_status ?? null,
    validation_status: s?.validation_status ?? null,
    assessment: s?.assessment ?? null,
    reason: s?.reason ?? null,
    validation_errors: s?.validation_errors ?? null,
    run_error_code: doc.latest_extraction_run?.error_code ?? null,
  };
}

const documentId = z.number().int().positive().describe('Document ID');

const REVIEW_ROUTE = '/api/v1/documents/:document/extractions/reviews';

export function buildMcpServer(api: LocalApi): McpServer {
  const server = new McpServer({ name: 'docdesk', version: DOCDESK_VERSION }, { capabilities: { tools: {}, resources: {} } });

  const getDocument = (id: number) => api.request('GET', `/api/v1/documents/${id}`);

  server.registerTool(
    'upload_document',
    {
      title: 'Upload a file',
      description:
        'Upload a file from this computer by its absolute path (needs documents:write). Returns the new document; processing continues in the background (poll get_document). The same content with the same settings is one upload: sending it again returns the existing document.',
      inputSchema: {
        path: z.string().min(1).describe('Absolute path of the file'),
        processing_mode: z.enum(['extraction', 'analysis', 'validation', 'thumbnail']).optional(),
        extraction_profile: z.enum(['generic', 'de.energy.supply-invoice']).optional(),
        pages: z.string().max(255).optional().describe('Analysis mode: first, last, all or page numbers, comma-separated'),
        text: z.string().optional().describe('Context treated as document evidence, never as instructions'),
        locale: z.string().optional(),
        allow_ai_processing: z.boolean().optional(),
      },
    },
    async (args) => {
      const path = resolve(args.path);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) return refused({ status: 422, headers: {}, body: { message: `No readable file at ${path}.`, code: 'validation_failed', errors: { path: ['No readable file at this path.'] } } });
      const settings = {
        processing_mode: args.processing_mode,
        extraction_profile: args.extraction_profile,
        pages: args.pages,
        locale: args.locale,
        text: args.text,
        allow_ai_processing: args.allow_ai_processing === undefined ? undefined : String(args.allow_ai_processing),
      };
      const res = await api.upload({ path }, basename(path), settings, importKey(await sha256File(path), settings), 'mcp');
      if (res.status !== 201) return refused(res);
      return ok({ replayed: res.headers['idempotent-replayed'] === 'true', document: compact(res.body.data) });
    },
  );

  server.registerTool(
    'list_documents',
    {
      title: 'List documents',
      description: 'Documents of the account, newest first (needs documents:read).',
      inputSchema: {
        page: z.number().int().positive().optional(),
        per_page: z.number().int().min(1).max(100).optional(),
        extraction_profile: z.string().optional(),
      },
    },
    async (args) => {
      const q = new URLSearchParams({ sort: '-created_at', per_page: String(args.per_page ?? 20), page: String(args.page ?? 1) });
      if (args.extraction_profile) q.set('extraction_profile', args.extraction_profile);
      const res = await api.request('GET', `/api/v1/documents?${q}`);
      if (res.status !== 200) return refused(res);
      return ok({ documents: res.body.data.map(compact), meta: res.body.meta });
    },
  );

  server.registerTool(
    'search_documents',
    {
      title: 'Search documents',
      description: 'Finds documents whose file name, extracted text or extracted field values contain every word of the query (case-insensitive), newest first (needs documents:read; reads the list page by page like any API client).',
      inputSchema: { query: z.string().min(1).max(500), limit: z.number().int().min(1).max(50).optional() },
    },
    async (args) => {
      const words = args.query.toLowerCase().split(/\s+/).filter(Boolean);
      const limit = args.limit ?? 10;
      const hits: unknown[] = [];
      for (let page = 1; page <= 20 && hits.length < limit; page++) {
        const res = await api.request('GET', `/api/v1/documents?sort=-created_at&per_page=100&page=${page}`);
        if (res.status !== 200) return refused(res);
        for (const doc of res.body.data as any[]) {
          const hay = [doc.filename, doc.extracted_text_plain ?? '', JSON.stringify(fieldValues(doc) ?? {})].join('\n').toLowerCase();
          if (words.every((w) => hay.includes(w))) hits.push({ ...compact(doc), fields: fieldValues(doc) });
          if (hits.length >= limit) break;
        }
        if (!res.body.links?.next) break;
      }
      return ok({ query: args.query, documents: hits });
    },
  );

  server.registerTool(
    'get_document',
    {
      title: 'Get a document with its fields',
      description: 'Status, extracted field values (with their evidence), duplicate warning and e-invoice verdict of one document (needs documents:read).',
      inputSchema: { document_id: documentId },
    },
    async (args) => {
      const res = await getDocument(args.document_id);
      if (res.status !== 200) return refused(res);
      const doc = res.body.data;
      return ok({ ...compact(doc), processing_error: doc.processing_error, fields: fieldValues(doc), extractions: doc.extractions, einvoice: einvoiceVerdict(doc), previews: (doc.previews ?? []).map((p: any) => `docdesk://previews/${p.id}`) });
    },
  );

  server.registerTool(
    'get_document_text',
    {
      title: 'Get a document\'s text',
      description: `The extracted text (pages separated by form feeds), ${TEXT_PAGE_CHARS} characters per call; continue with offset (needs documents:read).`,
      inputSchema: { document_id: documentId, offset: z.number().int().min(0).optional(), plain: z.boolean().optional().describe('Normalized text without diagnostic markers') },
    },
    async (args) => {
      const res = await getDocument(args.document_id);
      if (res.status !== 200) return refused(res);
      const doc = res.body.data;
      const text: string = (args.plain ? doc.extracted_text_plain : doc.extracted_text) ?? '';
      const offset = args.offset ?? 0;
      const slice = text.slice(offset, offset + TEXT_PAGE_CHARS);
      return ok({ document_id: doc.id, status: doc.status, total_chars: text.length, offset, next_offset: offset + slice.length < text.length ? offset + slice.length : null, text: slice });
    },
  );

  server.registerTool(
    'get_einvoice_verdict',
    {
      title: 'E-invoice verdict',
      description: 'Whether the document is an accepted structured e-invoice (XRechnung, ZUGFeRD/Factur-X, UBL, CII) and the validation outcome with its findings (needs documents:read).',
      inputSchema: { document_id: documentId },
    },
    async (args) => {
      const res = await getDocument(args.document_id);
      if (res.status !== 200) return refused(res);
      return ok({ document_id: args.document_id, status: res.body.data.status, ...einvoiceVerdict(res.body.data) });
    },
  );

  // Review decisions (spec 4.14) exist once the profile-results API is part of the build;
  // the tool is offered exactly when the route is.
  if (api.hasRoute('POST', REVIEW_ROUTE)) {
    server.registerTool(
      'review_extraction',
      {
        title: 'Record a review decision',
        description:
          'Confirm, correct or reject a field of a document\'s profile result (spec 4.14; needs extractions:review, a privileged attestation). Without etag the latest one is read first (needs documents:read). The Idempotency-Key is derived from the decision, so an identical retry is replayed.',
        inputSchema: {
          document_id: documentId,
          action: z.enum(['confirm', 'correct', 'reject']),
          invoice_ref: z.string().optional(),
          entity_ref: z.string().optional(),
          field: z.string().optional(),
          corrected_value: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
          reason: z.string().optional(),
          review_duration_seconds: z.number().int().min(1).max(86_400).nullable().optional(),
          evidence_reference: z.record(z.string(), z.unknown()).optional(),
          etag: z.string().optional().describe('The sector_extraction ETag the decision is based on'),
        },
      },
      async (args) => {
        const { document_id: id, etag: given, ...decision } = args;
        let etag = given;
        if (!etag) {
          const current = await api.request('GET', `/api/v1/documents/${id}/extractions`);
          if (current.status !== 200) return refused(current);
          etag = current.headers.etag as string | undefined;
          if (!etag) return refused({ status: 404, headers: {}, body: { message: 'This document has no profile result to review.', code: 'not_found' } });
        }
        const key = `docdesk-mcp-review-${createHash('sha256').update(JSON.stringify([id, etag, decision])).digest('hex')}`;
        const res = await api.request('POST', `/api/v1/documents/${id}/extractions/reviews`, { json: decision, headers: { 'idempotency-key': key, 'if-match': etag } });
        if (res.status !== 201) return refused(res);
        return ok({ replayed: res.headers['idempotent-replayed'] === 'true', etag: res.headers.etag ?? null, ...res.body.data });
      },
    );
  }

  const blob = async (uri: URL, path: string): Promise<ReadResourceResult> => {
    const res = await api.request('GET', path);
    if (res.status !== 200) throw new Error(`${res.status} ${(res.body as any)?.code ?? ''}: ${(res.body as any)?.message ?? 'refused'}`);
    const data = Buffer.isBuffer(res.body) ? res.body : Buffer.from(JSON.stringify(res.body));
    return { contents: [{ uri: uri.href, mimeType: String(res.headers['content-type'] ?? 'application/octet-stream').split(';')[0], blob: data.toString('base64') }] };
  };

  server.registerResource(
    'document-thumbnail',
    new ResourceTemplate('docdesk://documents/{document}/thumbnail', {
      list: async () => {
        const res = await api.request('GET', '/api/v1/documents?sort=-created_at&per_page=20');
        if (res.status !== 200) return { resources: [] };
        return { resources: (res.body.data as any[]).filter((d) => d.thumbnail).map((d) => ({ uri: `docdesk://documents/${d.id}/thumbnail`, name: `${d.filename} (thumbnail)`, mimeType: 'image/jpeg' })) };
      },
    }),
    { title: 'Document thumbnail', description: 'JPEG thumbnail of a document', mimeType: 'image/jpeg' },
    (uri, vars) => blob(uri, `/api/v1/documents/${Number(vars.document)}/thumbnail`),
  );

  server.registerResource(
    'preview',
    new ResourceTemplate('docdesk://previews/{preview}', { list: undefined }),
    { title: 'Preview', description: 'A preview file of a completed document (see get_document → previews)' },
    (uri, vars) => blob(uri, `/api/v1/previews/${Number(vars.preview)}`),
  );

  return server;
}
