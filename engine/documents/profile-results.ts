// Read side of profile results (spec 4.10-4.13): which result a document delivers, its cited
// page artifacts, and the readiness rules of single and batch exports. Account scoping is
// done by the caller's document lookup; everything here starts from an owned document.
import type { Db } from '../store/db.js';
import type { BlobStore } from '../store/blobs.js';
import { latestProfileResultForDocument, latestProfileResultsForDocuments, profileResultForRun, type ProfileResult } from '../store/profile-results.js';
import type { DocumentRow } from '../store/rows.js';
import { runPagePreviews } from '../store/previews.js';
import { findProfile } from '../profiles/registry.js';
import type { ExportProjection } from '../profiles/types.js';

/** Spec 4.12 readiness: a projection is served only once outcome and handoff are accepted. */
export const exportReady = (r: Pick<ProfileResult, 'effective_outcome' | 'handoff_status'>) => r.effective_outcome === 'accepted' && r.handoff_status === 'accepted';

/** Physical pages cited by a result's evidence, ascending and distinct. */
export function citedPages(r: Pick<ProfileResult, 'evidence'>): number[] {
  const pages = new Set<number>();
  for (const e of r.evidence as Array<{ physical_page?: unknown }>) if (typeof e.physical_page === 'number') pages.add(e.physical_page);
  return [...pages].sort((a, b) => a - b);
}

/** Page artifacts served inline: raster images only, never HTML, SVG or XML (spec 4.11). */
export const SAFE_PAGE_CONTENT_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png', 'image/webp']);

/**
 * The result GET extractions delivers (spec 4.10): none while pending or when blocked; an
 * error document may show its failed result.
 */
export async function deliveredResult(db: Db, doc: Pick<DocumentRow, 'id' | 'status'>, latest?: ProfileResult | null): Promise<ProfileResult | null> {
  if (doc.status !== 'completed' && doc.status !== 'error') return null;
  return latest !== undefined ? latest : latestProfileResultForDocument(db, doc.id);
}

export interface PageArtifact {
  path: string;
  content_type: string;
  file_size: number;
}

async function storedPages(db: Db, blobs: BlobStore, documentId: number, runId: number, pages: number[]): Promise<Map<number, PageArtifact>> {
  const out = new Map<number, PageArtifact>();
  if (!pages.length) return out;
  const rows = await runPagePreviews(db, documentId, runId, pages);
  for (const row of rows) {
    const type = row.content_type.split(';')[0]!.trim().toLowerCase();
    if (row.page === null || out.has(row.page) || !SAFE_PAGE_CONTENT_TYPES.has(type)) continue;
    // Missing or expired files fail closed.
    if (await blobs.exists(row.path)) out.set(row.page, { path: row.path, content_type: type, file_size: row.file_size });
  }
  return out;
}

/** Cited pages of a result, ascending, each with whether its run's page artifact is stored. */
export async function citedPageAvailability(db: Db, blobs: BlobStore, result: ProfileResult) {
  const pages = citedPages(result);
  const stored = await storedPages(db, blobs, result.document_id, result.run_id, pages);
  return pages.map((physical_page) => ({ physical_page, available: stored.has(physical_page) }));
}

/**
 * One cited page of the exact run (spec 4.11): the run must carry the document's profile
 * result and that result must cite the page. No fallback to another run.
 */
export async function evidencePageArtifact(db: Db, blobs: BlobStore, documentId: number, runId: number, page: number): Promise<PageArtifact | null> {
  const result = await profileResultForRun(db, runId);
  if (!result || result.document_id !== documentId || !citedPages(result).includes(page)) return null;
  return (await storedPages(db, blobs, documentId, runId, [page])).get(page) ?? null;
}

export type ExportRefusal =
  | { kind: 'no_projection' }
  | { kind: 'no_result' }
  | { kind: 'not_ready'; effective_outcome: string | null; handoff_status: string | null; review_reasons: string[]; handoff_review_reasons: string[]; document_ids?: number[] }
  | { kind: 'incompatible'; message: string };

export class ExportRefused extends Error {
  constructor(readonly refusal: ExportRefusal) {
    super(refusal.kind);
  }
}

/** The projection a result's profile registers under `name` for the result's version. */
function projectionFor(result: Pick<ProfileResult, 'profile' | 'profile_version'>, name: string): ExportProjection | null {
  const profile = findProfile(result.profile);
  if (!profile || !profile.readable_versions.includes(result.profile_version)) return null;
  return Object.hasOwn(profile.exports, name) ? profile.exports[name]! : null;
}


/** Spec 4.12: the document's result, its projection, and accepted outcome and handoff. */
export async function singleExport(db: Db, doc: Pick<DocumentRow, 'id' | 'status' | 'extraction_profile'>, name: string): Promise<{ result: ProfileResult; projection: ExportProjection; body: string }> {
  const profile = findProfile(doc.extraction_profile);
  if (!profile || !Object.hasOwn(profile.exports, name)) throw new ExportRefused({ kind: 'no_projection' });
  const result = await deliveredResult(db, doc);
  if (!result) throw new ExportRefused({ kind: 'no_result' });
  const projection = projectionFor(result, name);
  if (!projection) throw new ExportRefused({ kind: 'no_projection' });
  if (!exportReady(result)) {
    throw new ExportRefused({ kind: 'not_ready', effective_outcome: result.effective_outcome, handoff_status: result.handoff_status, review_reasons: result.review_reasons, handoff_review_reasons: result.handoff_review_reasons });
  }
  return { result, projection, body: projection.project([{ document_id: doc.id, result }]) };
}

/**
 * Spec 4.13, all-or-nothing over documents the caller already found in the account: every
 * document completed with an accepted result and handoff, one shared batch projection and
 * version. Rows follow ascending document id whatever the request order.
 */
export async function batchExport(db: Db, docs: Array<Pick<DocumentRow, 'id' | 'status'>>, name: string): Promise<{ results: ProfileResult[]; projection: ExportProjection; body: string }> {
  const ordered = [...docs].sort((a, b) => a.id - b.id);
  const latest = await latestProfileResultsForDocuments(db, ordered.map((d) => d.id));
  const notReady: number[] = [];
  const results: ProfileResult[] = [];
  for (const doc of ordered) {
    const r = latest.get(doc.id);
    if (doc.status !== 'completed' || !r || !exportReady(r)) notReady.push(doc.id);
    else results.push(r);
  }
  if (notReady.length) {
    throw new ExportRefused({ kind: 'not_ready', effective_outcome: null, handoff_status: null, review_reasons: [], handoff_review_reasons: [], document_ids: notReady });
  }
  const projections = results.map((r) => projectionFor(r, name));
  const first = projections[0];
  if (!first || !first.batch || projections.some((p) => !p || p !== first)) {
    throw new ExportRefused({ kind: 'incompatible', message: `No single batch projection ${name} can render every requested result (profiles ${[...new Set(results.map((r) => `${r.profile} ${r.profile_version}`))].join(', ')}).` });
  }
  return { results, projection: first, body: first.project(results.map((result) => ({ document_id: result.document_id, result }))) };
}
