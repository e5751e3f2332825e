// Read side of documents: everything GET endpoints need, always scoped to one account.
import type { Db } from '../store/db.js';
import { documentPage, type ListFilters } from '../store/document-lists.js';
import { previewsOf, previewsOfDocuments } from '../store/previews.js';
import { latestRunsOf } from '../store/runs.js';
import { changeStamp, findDocumentRow, findDocumentWithRun } from '../store/document-reads.js';
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

export function findDocument(db: Db, scope: DocumentScope, id: number): Promise<DocumentRow | undefined> {
  return findDocumentRow(db, scopeAccount(scope), scopeMode(scope), id);
}

async function loadViews(db: Db, docs: DocumentRow[]): Promise<DocumentView[]> {
  if (docs.length === 0) return [];
  const ids = docs.map((d) => d.id);
  const runs = await latestRunsOf(db, ids);
  const completed = docs.filter((d) => d.status === 'completed' && d.processing_mode !== 'thumbnail').map((d) => d.id);
  const previews = completed.length ? await previewsOfDocuments(db, completed) : [];
  const profiles = await latestProfileResultsForDocuments(db, docs.filter((d) => d.processing_mode === 'extraction' && d.extraction_profile !== DEFAULT_PROFILE).map((d) => d.id));
  return docs.map((doc) => ({
    doc,
    run: runs.find((r) => r.document_id === doc.id) ?? null,
    previews: previews.filter((p) => p.document_id === doc.id),
    profile: profiles.get(doc.id) ?? null,
  }));
}

/**
 * Views read since the database last changed, by scope and id: a client polling a document
 * (the most frequent request of the API) costs one change check instead of its queries.
 * Any write anywhere retires every entry, so a view is never older than the database.
 */
const recentViews = new WeakMap<Db, Map<string, { stamp: string; view: DocumentView }>>();
const RECENT_VIEWS = 256;
/** A view with more text than this is read each time: the entries (and their written bodies) stay small. */
const RECENT_VIEW_TEXT = 32 * 1024;

export async function loadView(db: Db, scope: DocumentScope, id: number): Promise<DocumentView | undefined> {
  // Taken before reading: a write during the read leaves the entry labelled older than it is.
  const stamp = changeStamp(db);
  if (stamp === undefined) return readView(db, scope, id);
  let views = recentViews.get(db);
  if (!views) recentViews.set(db, (views = new Map()));
  const key = `${scopeAccount(scope)}:${scopeMode(scope)}:${id}`;
  const recent = views.get(key);
  if (recent?.stamp === stamp) return recent.view;
  const view = await readView(db, scope, id);
  if (view && (view.doc.extracted_text?.length ?? 0) + (view.doc.additional_text?.length ?? 0) <= RECENT_VIEW_TEXT) {
    if (views.size >= RECENT_VIEWS) views.clear();
    views.set(key, { stamp, view });
  }
  return view;
}

async function readView(db: Db, scope: DocumentScope, id: number): Promise<DocumentView | undefined> {
  const found = await findDocumentWithRun(db, scopeAccount(scope), scopeMode(scope), id);
  if (!found) return undefined;
  const { doc, run } = found;
  const previews = doc.status === 'completed' && doc.processing_mode !== 'thumbnail' ? await previewsOf(db, doc.id) : [];
  const profile = doc.processing_mode === 'extraction' && doc.extraction_profile !== DEFAULT_PROFILE ? await latestProfileResultForDocument(db, doc.id) : null;
  return { doc, run, previews, profile };
}

export async function listDocuments(db: Db, scope: DocumentScope, opts: { page: number; perPage: number; newestFirst: boolean; filters: ListFilters }) {
  const { total, rows } = await documentPage(db, scopeAccount(scope), scopeMode(scope), opts);
  return { total, views: await loadViews(db, rows) };
}
