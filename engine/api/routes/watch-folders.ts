// Watched folders of the desk (issue 18, docs/desk-api.md): folders the running server
// imports from, with their state. The server runs them (engine/intake/watch.ts) as the
// token that set them up, so uploads have that token's abilities and limits.
import { stat } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { nowTimestamp } from '../../store/time.js';
import { accountFolders, deleteFolder as deleteFolderRow, folderFileCounts, insertFolder, isFolderWatched, recentFolderFiles, type WatchFolderRow as FolderRow } from '../../store/watch-folders.js';
import { ApiError, forbidden, notFound, validationFailed } from '../errors.js';
import { defineRoutes, type HandlerContext, type JsonSchema } from '../route.js';
import { commonErrors, errorResponse } from '../schemas.js';

const int = { type: 'integer' };
const nstr = { type: ['string', 'null'] };
const AFTER = ['keep', 'move', 'mark'];
const MODES = ['extraction', 'analysis', 'validation', 'thumbnail'];

const folderSchema: JsonSchema = {
  type: 'object',
  required: ['id', 'path', 'processing_mode', 'extraction_profile', 'pages', 'after_import', 'done_folder', 'active', 'last_scan_at', 'last_error', 'counts', 'recent', 'created_at'],
  properties: {
    id: int,
    path: { type: 'string' },
    processing_mode: { enum: MODES },
    extraction_profile: nstr,
    pages: nstr,
    after_import: { enum: AFTER },
    done_folder: nstr,
    active: { type: 'boolean' },
    last_scan_at: nstr,
    last_error: nstr,
    counts: { type: 'object', required: ['imported', 'skipped', 'failed'], properties: { imported: int, skipped: int, failed: int } },
    recent: {
      type: 'array',
      items: { type: 'object', required: ['path', 'status', 'document_id', 'error', 'at'], properties: { path: { type: 'string' }, status: { enum: ['imported', 'skipped', 'failed'] }, document_id: { type: ['integer', 'null'] }, error: nstr, at: { type: 'string' } } },
    },
    created_at: { type: 'string' },
  },
};

async function present(ctx: HandlerContext, row: FolderRow) {
  const key = `watch:${row.id}`;
  const counts = await folderFileCounts(ctx.engine.db, key);
  const recent = await recentFolderFiles(ctx.engine.db, key, 10);
  const count = (s: string) => Number(counts.find((c) => c.status === s)?.n ?? 0);
  return {
    id: row.id,
    path: row.path,
    processing_mode: row.processing_mode,
    extraction_profile: row.extraction_profile,
    pages: row.pages,
    after_import: row.after_import,
    done_folder: row.done_folder,
    active: row.active === 1,
    last_scan_at: row.last_scan_at,
    last_error: row.last_error,
    counts: { imported: count('imported'), skipped: count('skipped'), failed: count('failed') },
    recent: recent.map((r) => ({ path: r.path, status: r.status, document_id: r.document_id, error: r.error, at: r.updated_at })),
    created_at: row.created_at,
  };
}

async function listFolders(_req: FastifyRequest, _reply: FastifyReply, ctx: HandlerContext) {
  const rows = await accountFolders(ctx.engine.db, ctx.auth!.accountId);
  return { data: await Promise.all(rows.map((r) => present(ctx, r))) };
}

async function createFolder(req: FastifyRequest, reply: FastifyReply, ctx: HandlerContext) {
  const auth = ctx.auth!;
  if (!auth.abilities.includes('documents:write')) throw forbidden('A watched folder uploads as the token you are signed in with; it lacks documents:write.', 'missing_ability');
  const body = req.body as { path: string; processing_mode?: string; extraction_profile?: string | null; pages?: string | null; after_import?: string; done_folder?: string | null };
  if (!isAbsolute(body.path)) throw validationFailed({ path: ['Give the absolute path of a folder on this computer.'] });
  const path = resolve(body.path);
  if (!(await stat(path).catch(() => null))?.isDirectory()) throw validationFailed({ path: ['No folder at this path.'] });
  if (body.done_folder && !isAbsolute(body.done_folder)) throw validationFailed({ done_folder: ['Give an absolute path.'] });
  if (await isFolderWatched(ctx.engine.db, auth.accountId, path)) throw new ApiError(409, 'watch_folder_exists', 'This folder is already watched.');
  const row = await insertFolder(ctx.engine.db, {
    account_id: auth.accountId,
    token_id: auth.tokenId,
    path,
    processing_mode: (body.processing_mode ?? 'extraction') as FolderRow['processing_mode'],
    extraction_profile: body.extraction_profile ?? null,
    pages: body.pages ?? null,
    after_import: (body.after_import ?? 'keep') as FolderRow['after_import'],
    done_folder: body.done_folder ? resolve(body.done_folder) : null,
    active: 1,
    last_scan_at: null,
    last_error: null,
    created_at: nowTimestamp(),
  });
  reply.code(201);
  return { data: await present(ctx, row) };
}

async function deleteFolder(req: FastifyRequest, reply: FastifyReply, ctx: HandlerContext) {
  const { id } = req.params as { id: number };
  if (!(await deleteFolderRow(ctx.engine.db, id, ctx.auth!.accountId))) throw notFound('watched folder');
  return reply.code(204).send();
}

const tags = ['desk'];
const errors = { 401: commonErrors[401], 403: commonErrors[403], 429: commonErrors[429] };

export const watchFolderRoutes = defineRoutes([
  {
    method: 'GET', url: '/app/v1/watch-folders', operationId: 'listWatchFolders', summary: 'Watched folders with their state', tags, auth: 'workspace:manage', rateClass: 'read',
    responses: { 200: { description: 'The account\'s watched folders.', schema: { type: 'object', required: ['data'], properties: { data: { type: 'array', items: folderSchema } } } }, ...errors },
    handler: listFolders,
  },
  {
    method: 'POST', url: '/app/v1/watch-folders', operationId: 'createWatchFolder', summary: 'Watch a folder (the server imports complete files from it)', tags, auth: 'workspace:manage', rateClass: 'none',
    requestBody: {
      contentType: 'application/json',
      required: true,
      schema: {
        type: 'object', required: ['path'], additionalProperties: false,
        properties: {
          path: { type: 'string', minLength: 1, maxLength: 4096 },
          processing_mode: { enum: MODES },
          extraction_profile: { enum: ['generic', 'de.energy.supply-invoice', null] },
          pages: { type: ['string', 'null'], maxLength: 255 },
          after_import: { enum: AFTER },
          done_folder: { type: ['string', 'null'], maxLength: 4096 },
        },
      },
    },
    responses: { 201: { description: 'Watching.', schema: { type: 'object', required: ['data'], properties: { data: folderSchema } } }, ...errors, 409: errorResponse('Already watched.'), 422: errorResponse('No such folder.') },
    handler: createFolder,
  },
  {
    method: 'DELETE', url: '/app/v1/watch-folders/:id', operationId: 'deleteWatchFolder', summary: 'Stop watching a folder (its files stay)', tags, auth: 'workspace:manage', rateClass: 'none',
    params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } },
    responses: { 204: { description: 'No longer watched.' }, ...errors, 404: commonErrors[404] },
    handler: deleteFolder,
  },
]);
