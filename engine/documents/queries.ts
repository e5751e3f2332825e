// Read side of documents: everything GET endpoints need, always scoped to one account.
import { sql } from 'kysely';
import type { Db } from '../store/db.js';
import { prepared } from '../store/prepared.js';
import { DEFAULT_PROFILE } from '../profiles/registry.js';
import { latestProfileResultForDocument, latestProfileResultsForDocuments } from '../store/profile-results.js';
import type { DocumentView, DocumentRow } from '../store/rows.js';
import type { TokenMode } from '../store/schema.js';

/**
 * Whose documents a caller sees. A request sees one account and, within it, only the
 * documents of its token's mode: a test token never reads or deletes a live document and
 * a live token never a test one (docs/decisions.md, "Hardening (surface)"). A bare account
 * id is for the engine's own bookkeeping (webhook bodies, intake), never for a request.
 */
export type DocumentScope = number | { accountId: number; mode: TokenMode };

export const scopeAccount = (scope: DocumentScope) => (typeof scope === 'number' ? scope : scope.accountId);
export const scopeMode = (scope: DocumentScope) => (typeof scope === 'number' ? null : scope.mode);

const documentById = prepared(2, (db: Db, accountId: number, id: number) =>
  db.selectFrom('documents').selectAll().where('id', '=', id).where('account_id', '=', accountId).where('deleted_at', 'is', null),
);
const documentByIdInMode = prepared(3, (db: Db, accountId: number, mode: TokenMode, id: number) =>
  db.selectFrom('documents').selectAll().where('id', '=', id).where('account_id', '=', accountId).where('mode', '=', mode).where('deleted_at', 'is', null),
);
const latestRunOf = prepared(1, (db: Db, documentId: number) => db.selectFrom('extraction_runs').selectAll().where('document_id', '=', documentId).orderBy('id', 'desc').limit(1));
const previewsOf = prepared(1, (db: Db, documentId: number) => db.selectFrom('previews').selectAll().where('document_id', '=', documentId).orderBy('id'));

export async function findDocument(db: Db, scope: DocumentScope, id: number): Promise<DocumentRow | undefined> {
  const mode = scopeMode(scope);
  return (mode === null ? await documentById(db, scopeAccount(scope), id) : await documentByIdInMode(db, scopeAccount(scope), mode, id))[0];
}

export async function loadViews(db: Db, docs: DocumentRow[]): Promise<DocumentView[]> {
  if (docs.length === 0) return [];
  const ids = docs.map((d) => d.id);
  // Latest run per document: the highest id.
  const runs = await db
    .selectFrom('extraction_runs')
    .selectAll()
    .where('id', 'in', (eb) => eb.selectFrom('extraction_runs').select(sql<number>`MAX(id)`.as('id')).where('document_id', 'in', ids).groupBy('document_id'))
    .execute();
  const completed = docs.filter((d) => d.status === 'completed' && d.processing_mode !== 'thumbnail').map((d) => d.id);
  const previews = completed.length
    ? await db.selectFrom('previews').selectAll().where('document_id', 'in', completed).orderBy('id').execute()
    : [];
  const profiles = await latestProfileResultsForDocuments(db, docs.filter((d) => d.processing_mode === 'extraction' && d.extraction_profile !== DEFAULT_PROFILE).map((d) => d.id));
  return docs.map((doc) => ({
    doc,
    run: runs.find((r) => r.document_id === doc.id) ?? null,
    previews: previews.filter((p) => p.document_id === doc.id),
    profile: profiles.get(doc.id) ?? null,
  }));
}

export async function loadView(db: Db, scope: DocumentScope, id: number): Promise<DocumentView | undefined> {
  const doc = await findDocument(db, scope, id);
  if (!doc) return undefined;
  const [run] = doc.processing_mode === 'thumbnail' ? [] : await latestRunOf(db, doc.id);
  const previews = doc.status === 'completed' && doc.processing_mode !== 'thumbnail' ? await previewsOf(db, doc.id) : [];
  const profile = doc.processing_mode === 'extraction' && doc.extraction_profile !== DEFAULT_PROFILE ? await latestProfileResultForDocument(db, doc.id) : null;
  return { doc, run: run ?? null, previews, profile };
}

export interface ListFilters {
  extraction_profile?: string;
  review_status?: string;
  handoff_status?: string;
}

export async function listDocuments(db: Db, scope: DocumentScope, opts: { page: number; perPage: number; newestFirst: boolean; filters: ListFilters }) {
  let base = db.selectFrom('documents').where('account_id', '=', scopeAccount(scope)).where('deleted_at', 'is', null);
  const mode = scopeMode(scope);
  if (mode !== null) base = base.where('mode', '=', mode);
  if (opts.filters.extraction_profile) base = base.where('extraction_profile', '=', opts.filters.extraction_profile);
  // Review and handoff state are those of the document's latest profile result (its run is the newest).
  for (const [column, value] of [['effective_outcome', opts.filters.review_status], ['handoff_status', opts.filters.handoff_status]] as const) {
    if (!value) continue;
    base = base.where('id', 'in', (eb) =>
      eb
        .selectFrom('profile_results as pr')
        .select('pr.document_id')
        .where('pr.account_id', '=', scopeAccount(scope))
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
  return { total: Number(total), views: await loadViews(db, rows) };
}
