// The document lists: the API's paged list (spec 4.5) and the desk's inbox (docs/desk-api.md:
// compact rows, status/mode filters, search by filename or extracted text, offset windows
// for a virtualised list of thousands). Always one account; filters read the latest run and
// the latest profile result.
import { sql } from 'kysely';
import type { Db } from './db.js';
import { jsonIsTrue, jsonText, jsonValue, likeInsensitive } from './dialect.js';
import type { DocumentRow } from './rows.js';
import type { TokenMode } from './schema.js';

export interface ListFilters {
  extraction_profile?: string;
  review_status?: string;
  handoff_status?: string;
}

/** A page of an account's live documents (of one token mode when given), with the total it is taken from. */
export async function documentPage(db: Db, accountId: number, mode: TokenMode | null, opts: { page: number; perPage: number; newestFirst: boolean; filters: ListFilters }): Promise<{ total: number; rows: DocumentRow[] }> {
  let base = db.selectFrom('documents').where('account_id', '=', accountId).where('deleted_at', 'is', null);
  if (mode !== null) base = base.where('mode', '=', mode);
  if (opts.filters.extraction_profile) base = base.where('extraction_profile', '=', opts.filters.extraction_profile);
  // Review and handoff state are those of the document's latest profile result (its run is the newest).
  for (const [column, value] of [['effective_outcome', opts.filters.review_status], ['handoff_status', opts.filters.handoff_status]] as const) {
    if (!value) continue;
    base = base.where('id', 'in', (eb) =>
      eb
        .selectFrom('profile_results as pr')
        .select('pr.document_id')
        .where('pr.account_id', '=', accountId)
        .where(`pr.${column}`, '=', value as never)
        .where('pr.run_id', '=', (eb2) => eb2.selectFrom('profile_results as p2').select(sql<number>`MAX(p2.run_id)`.as('m')).whereRef('p2.document_id', '=', 'pr.document_id')),
    );
  }
  const { total } = await base.select(sql<number>`COUNT(*)`.as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('id', opts.newestFirst ? 'desc' : 'asc')
    .limit(opts.perPage)
    .offset((opts.page - 1) * opts.perPage)
    .execute();
  return { total: Number(total), rows };
}

export const INBOX_SORTS = ['-created_at', 'created_at', 'filename', '-filename', 'status'] as const;
export type InboxSort = (typeof INBOX_SORTS)[number];

export interface InboxQuery {
  status?: string;
  /** quality.structured.assessment of the latest run. */
  einvoice?: string;
  /** Only documents a clerk should look at (see needsReview). */
  needs_review?: boolean;
  processing_mode?: string;
  extraction_profile?: string;
  review_status?: string;
  q?: string;
  sort: InboxSort;
  offset: number;
  limit: number;
}

// The latest run's facts a clerk scans a list by, read from its stored JSON.
const LATEST_RUN = sql`(SELECT MAX(id) FROM extraction_runs x WHERE x.document_id = documents.id)`;
const field = (db: Db, name: string) => jsonValue<string | number | null>(db, 'r.fields', [name, 'value']);
const assessment = (db: Db) => jsonText(db, 'r.quality', ['structured', 'assessment']);
/** The review state of the latest profile result (spec 2.8 effective outcome), null for generic documents. */
const REVIEW_STATUS = sql<string | null>`(SELECT pr.effective_outcome FROM profile_results pr WHERE pr.document_id = documents.id ORDER BY pr.run_id DESC LIMIT 1)`;
/**
 * A completed document needs a look when its reading was degraded, its e-invoice failed or
 * could not be assessed, or its profile result awaits review. Failed documents are not
 * included: they have their own status filter.
 */
const needsReview = (db: Db) => sql<boolean>`(documents.status = 'completed' AND (${jsonIsTrue(db, 'r.quality', ['degraded'])} OR ${assessment(db)} IN ('fail', 'indeterminate') OR ${REVIEW_STATUS} = 'needs_review'))`;

/** A window of the inbox of an account (of one token mode when given), with the total it is taken from. */
export async function inboxRows(db: Db, accountId: number, mode: TokenMode | null, query: InboxQuery) {
  let base = db
    .selectFrom('documents')
    .leftJoin('extraction_runs as r', (j) => j.on(sql<boolean>`r.id = ${LATEST_RUN}`))
    .where('documents.account_id', '=', accountId)
    .where('documents.deleted_at', 'is', null);
  if (mode !== null) base = base.where('documents.mode', '=', mode);
  if (query.status) base = base.where('documents.status', '=', query.status as 'pending');
  if (query.processing_mode) base = base.where('documents.processing_mode', '=', query.processing_mode as 'analysis');
  if (query.extraction_profile) base = base.where('documents.extraction_profile', '=', query.extraction_profile);
  if (query.einvoice) base = base.where(sql<boolean>`${assessment(db)} = ${query.einvoice}`);
  if (query.needs_review) base = base.where(needsReview(db));
  if (query.review_status) base = base.where(sql<boolean>`${REVIEW_STATUS} = ${query.review_status}`);
  const q = query.q?.trim();
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) => eb.or([likeInsensitive(db, 'documents.filename', pattern), likeInsensitive(db, 'documents.extracted_text_plain', pattern)]));
  }
  const { total } = await base.select(sql<number>`COUNT(*)`.as('total')).executeTakeFirstOrThrow();
  let rows = base.select([
    'documents.id', 'documents.filename', 'documents.file_format', 'documents.status', 'documents.processing_stage', 'documents.processing_mode',
    'documents.processing_lane', 'documents.extraction_profile', 'documents.mode', 'documents.number_of_pages', 'documents.blocked_reason',
    'documents.processing_error', 'documents.thumbnail_path', 'documents.progress_pages_done', 'documents.progress_pages_total',
    'documents.created_at', 'documents.processed_at', 'documents.duplicate_of', 'documents.duplicate_reason', 'r.credits_charged',
    field(db, 'sender_name').as('sender_name'),
    field(db, 'document_number').as('document_number'),
    field(db, 'gross_amount').as('gross_amount'),
    field(db, 'currency').as('currency'),
    field(db, 'payment_due_date').as('payment_due_date'),
    jsonText(db, 'r.quality', ['structured', 'validation_status']).as('einvoice_validation_status'),
    assessment(db).as('einvoice_assessment'),
    sql<number>`CASE WHEN ${needsReview(db)} THEN 1 ELSE 0 END`.as('needs_review'),
    REVIEW_STATUS.as('review_status'),
  ]);
  switch (query.sort) {
    case 'created_at': rows = rows.orderBy('documents.id', 'asc'); break;
    case 'filename': rows = rows.orderBy(sql`lower(documents.filename)`, 'asc').orderBy('documents.id', 'desc'); break;
    case '-filename': rows = rows.orderBy(sql`lower(documents.filename)`, 'desc').orderBy('documents.id', 'desc'); break;
    case 'status': rows = rows.orderBy('documents.status', 'asc').orderBy('documents.id', 'desc'); break;
    default: rows = rows.orderBy('documents.id', 'desc');
  }
  return { total: Number(total), rows: await rows.limit(query.limit).offset(query.offset).execute() };
}
