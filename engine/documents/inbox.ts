// The desk's inbox listing (docs/desk-api.md): compact rows, status/mode filters, search by
// filename or extracted text, offset windows for a virtualised list of thousands.
import { sql } from 'kysely';
import type { Db } from '../store/db.js';
import { scopeAccount, scopeMode, type DocumentScope } from './queries.js';

export const INBOX_SORTS = ['-created_at', 'created_at', 'filename', '-filename', 'status'] as const;
export type InboxSort = (typeof INBOX_SORTS)[number];

export interface InboxQuery {
  status?: string;
  processing_mode?: string;
  extraction_profile?: string;
  review_status?: string;
  q?: string;
  sort: InboxSort;
  offset: number;
  limit: number;
}

export async function inboxPage(db: Db, scope: DocumentScope, query: InboxQuery) {
  let base = db.selectFrom('documents').where('account_id', '=', scopeAccount(scope)).where('deleted_at', 'is', null);
  const mode = scopeMode(scope);
  if (mode !== null) base = base.where('mode', '=', mode);
  if (query.status) base = base.where('status', '=', query.status as 'pending');
  if (query.processing_mode) base = base.where('processing_mode', '=', query.processing_mode as 'analysis');
  if (query.extraction_profile) base = base.where('extraction_profile', '=', query.extraction_profile);
  // No profile results exist before the energy profile lands (as in GET /api/v1/documents).
  if (query.review_status) base = base.where(sql<boolean>`0`);
  const q = query.q?.trim();
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) => eb.or([sql<boolean>`filename LIKE ${pattern} ESCAPE '\\'`, sql<boolean>`extracted_text_plain LIKE ${pattern} ESCAPE '\\'`]));
  }
  const { total } = await base.select(sql<number>`COUNT(*)`.as('total')).executeTakeFirstOrThrow();
  let rows = base.select([
    'id', 'filename', 'file_format', 'status', 'processing_stage', 'processing_mode', 'processing_lane', 'extraction_profile', 'mode',
    'number_of_pages', 'blocked_reason', 'processing_error', 'thumbnail_path', 'progress_pages_done', 'progress_pages_total', 'created_at', 'processed_at', 'duplicate_of', 'duplicate_reason',
    sql<number | null>`(SELECT credits_charged FROM extraction_runs r WHERE r.document_id = documents.id ORDER BY r.id DESC LIMIT 1)`.as('credits_charged'),
  ]);
  switch (query.sort) {
    case 'created_at': rows = rows.orderBy('id', 'asc'); break;
    case 'filename': rows = rows.orderBy(sql`filename COLLATE NOCASE`, 'asc').orderBy('id', 'desc'); break;
    case '-filename': rows = rows.orderBy(sql`filename COLLATE NOCASE`, 'desc').orderBy('id', 'desc'); break;
    case 'status': rows = rows.orderBy('status', 'asc').orderBy('id', 'desc'); break;
    default: rows = rows.orderBy('id', 'desc');
  }
  return { total: Number(total), rows: await rows.limit(query.limit).offset(query.offset).execute() };
}
