// Profile results (spec 2.7, 2.8) and their append-only review decisions (2.10).
// The store knows no profile: payloads, evidence and summaries are opaque JSON here.
// A decision and the result update it causes are one transaction, guarded by a
// lock_version compare-and-set, so two reviewers can never both win.
import { createHash } from 'node:crypto';
import { immediateTransaction, type Db } from './db.js';
import type { ProfileResultsTable, ProfileReviewDecisionsTable } from './schema.js';
import { nowTimestamp } from './time.js';

type JsonColumns<T, K extends keyof T, V> = Omit<T, K | 'id'> & { id: number } & { [P in K]: V[P & keyof V] };

/** A profile result with its JSON columns parsed. */
export type ProfileResult = JsonColumns<
  ProfileResultsTable,
  'machine_payload' | 'effective_payload' | 'review_reasons' | 'handoff_review_reasons' | 'warnings' | 'validation_summary' | 'source_components' | 'evidence',
  {
    machine_payload: unknown | null;
    effective_payload: unknown | null;
    review_reasons: string[];
    handoff_review_reasons: string[];
    warnings: string[];
    validation_summary: Record<string, unknown>;
    source_components: unknown[];
    evidence: unknown[];
  }
>;

/** What revalidation decides about the effective result: every mutable column but the lock. */
export type EffectiveState = Pick<
  ProfileResult,
  'effective_payload' | 'effective_outcome' | 'handoff_status' | 'review_reasons' | 'handoff_review_reasons' | 'warnings' | 'validation_summary' | 'evidence' | 'acceptance_source'
>;

export type NewProfileResult = Omit<EffectiveState, 'effective_payload'> &
  Pick<ProfileResult, 'document_id' | 'run_id' | 'account_id' | 'profile' | 'profile_version' | 'schema_version' | 'machine_payload' | 'machine_outcome' | 'source_components'>;

/** A decision with its JSON columns parsed (`previous_value`/`corrected_value`: any JSON). */
export type ReviewDecision = JsonColumns<
  ProfileReviewDecisionsTable,
  'previous_value' | 'corrected_value' | 'evidence_reference',
  { previous_value: unknown; corrected_value: unknown; evidence_reference: unknown | null }
>;

export type NewReviewDecision = Pick<
  ReviewDecision,
  'action' | 'invoice_ref' | 'entity_ref' | 'field' | 'reason' | 'previous_value' | 'corrected_value' | 'evidence_reference' | 'review_duration_seconds' | 'reviewer_user_id' | 'account_api_token_id' | 'idempotency_key_prefix'
>;

/**
 * Strong ETag of a result state: `"<id>-<lock_version>-<16 hex>"`, the hex a SHA-256 of the
 * effective payload, outcome and handoff status. The lock version alone would do for the
 * compare-and-set; the digest makes a tag from another database file never match by chance.
 */
function profileResultEtag(id: number, lockVersion: number, state: Pick<EffectiveState, 'effective_payload' | 'effective_outcome' | 'handoff_status'>): string {
  const digest = createHash('sha256').update(JSON.stringify([state.effective_payload ?? null, state.effective_outcome, state.handoff_status])).digest('hex').slice(0, 16);
  return `"${id}-${lockVersion}-${digest}"`;
}

const json = (v: unknown) => JSON.stringify(v ?? null);
const parse = <T>(s: string | null, fallback: T): T => (s === null ? fallback : (JSON.parse(s) as T));

function toResult(row: ProfileResultsTable & { id: number }): ProfileResult {
  return {
    ...row,
    machine_payload: parse(row.machine_payload, null),
    effective_payload: parse(row.effective_payload, null),
    review_reasons: parse(row.review_reasons, []),
    handoff_review_reasons: parse(row.handoff_review_reasons, []),
    warnings: parse(row.warnings, []),
    validation_summary: parse(row.validation_summary, {}),
    source_components: parse(row.source_components, []),
    evidence: parse(row.evidence, []),
  };
}

function toDecision(row: ProfileReviewDecisionsTable & { id: number }): ReviewDecision {
  return {
    ...row,
    previous_value: parse(row.previous_value, null),
    corrected_value: parse(row.corrected_value, null),
    evidence_reference: parse(row.evidence_reference, null),
  };
}

/**
 * Stores the machine result of a run; the effective payload starts as the machine payload.
 * A run retried after a crash replaces its earlier, never reviewed result (a reviewed one
 * stays: its decisions refer to it).
 */
export async function insertProfileResult(db: Db, r: NewProfileResult): Promise<ProfileResult> {
  return immediateTransaction(db, async (tx) => {
    const earlier = await tx.selectFrom('profile_results').select(['id', 'lock_version']).where('run_id', '=', r.run_id).executeTakeFirst();
    if (earlier) {
      if (earlier.lock_version !== 1) throw new Error(`run ${r.run_id} already has a reviewed profile result`);
      await tx.deleteFrom('profile_results').where('id', '=', earlier.id).execute();
    }
    const ts = nowTimestamp();
    const row = await tx
      .insertInto('profile_results')
      .values({
        document_id: r.document_id,
        run_id: r.run_id,
        account_id: r.account_id,
        profile: r.profile,
        profile_version: r.profile_version,
        schema_version: r.schema_version,
        machine_payload: r.machine_payload === null ? null : json(r.machine_payload),
        effective_payload: r.machine_payload === null ? null : json(r.machine_payload),
        machine_outcome: r.machine_outcome,
        effective_outcome: r.effective_outcome,
        handoff_status: r.handoff_status,
        review_reasons: json(r.review_reasons),
        handoff_review_reasons: json(r.handoff_review_reasons),
        warnings: json(r.warnings),
        validation_summary: json(r.validation_summary),
        source_components: json(r.source_components),
        evidence: json(r.evidence),
        lock_version: 1,
        etag: '""', // set below, once the id is known
        acceptance_source: r.acceptance_source,
        reviewed_at: null,
        created_at: ts,
        updated_at: ts,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const etag = profileResultEtag(row.id, 1, { effective_payload: r.machine_payload, effective_outcome: r.effective_outcome, handoff_status: r.handoff_status });
    await tx.updateTable('profile_results').set({ etag }).where('id', '=', row.id).execute();
    return toResult((await tx.selectFrom('profile_results').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow()) as ProfileResultsTable & { id: number });
  });
}

/** The result of the document's latest run that has one (spec 2.7: the summary shows it). */
export async function latestProfileResultForDocument(db: Db, documentId: number): Promise<ProfileResult | null> {
  const row = await db.selectFrom('profile_results').selectAll().where('document_id', '=', documentId).orderBy('run_id', 'desc').limit(1).executeTakeFirst();
  return row ? toResult(row as ProfileResultsTable & { id: number }) : null;
}

export async function profileResultForRun(db: Db, runId: number): Promise<ProfileResult | null> {
  const row = await db.selectFrom('profile_results').selectAll().where('run_id', '=', runId).executeTakeFirst();
  return row ? toResult(row as ProfileResultsTable & { id: number }) : null;
}

/** Latest results of many documents at once (lists), keyed by document id. */
export async function latestProfileResultsForDocuments(db: Db, documentIds: number[]): Promise<Map<number, ProfileResult>> {
  const out = new Map<number, ProfileResult>();
  if (!documentIds.length) return out;
  const rows = await db.selectFrom('profile_results').selectAll().where('document_id', 'in', documentIds).orderBy('run_id', 'asc').execute();
  for (const row of rows) out.set(row.document_id, toResult(row as ProfileResultsTable & { id: number }));
  return out;
}

export type ApplyDecisionOutcome =
  | { ok: true; result: ProfileResult; decision: ReviewDecision }
  | { ok: false; reason: 'not_found' | 'lock_version_conflict'; result: ProfileResult | null };

/**
 * Appends one decision and moves the result to `next` atomically, only when the result is
 * still at `expectedLockVersion` (the If-Match the caller checked). The lock version grows
 * by one and the ETag is recomputed; `reviewed_at` becomes the decision's time.
 */
export async function applyReviewDecision(db: Db, resultId: number, expectedLockVersion: number, decision: NewReviewDecision, next: EffectiveState): Promise<ApplyDecisionOutcome> {
  return immediateTransaction(db, async (tx) => {
    const current = await tx.selectFrom('profile_results').selectAll().where('id', '=', resultId).executeTakeFirst();
    if (!current) return { ok: false, reason: 'not_found', result: null };
    if (current.lock_version !== expectedLockVersion) return { ok: false, reason: 'lock_version_conflict', result: toResult(current as ProfileResultsTable & { id: number }) };
    const ts = nowTimestamp();
    const lock = expectedLockVersion + 1;
    const etag = profileResultEtag(resultId, lock, next);
    const updated = await tx
      .updateTable('profile_results')
      .set({
        effective_payload: next.effective_payload === null ? null : json(next.effective_payload),
        effective_outcome: next.effective_outcome,
        handoff_status: next.handoff_status,
        review_reasons: json(next.review_reasons),
        handoff_review_reasons: json(next.handoff_review_reasons),
        warnings: json(next.warnings),
        validation_summary: json(next.validation_summary),
        evidence: json(next.evidence),
        acceptance_source: next.acceptance_source,
        lock_version: lock,
        etag,
        reviewed_at: ts,
        updated_at: ts,
      })
      .where('id', '=', resultId)
      .where('lock_version', '=', expectedLockVersion)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return { ok: false, reason: 'lock_version_conflict', result: toResult(current as ProfileResultsTable & { id: number }) };
    const inserted = await tx
      .insertInto('profile_review_decisions')
      .values({
        result_id: resultId,
        document_id: current.document_id,
        account_id: current.account_id,
        action: decision.action,
        invoice_ref: decision.invoice_ref,
        entity_ref: decision.entity_ref,
        field: decision.field,
        reason: decision.reason,
        previous_value: json(decision.previous_value),
        corrected_value: json(decision.corrected_value),
        evidence_reference: decision.evidence_reference === null ? null : json(decision.evidence_reference),
        review_duration_seconds: decision.review_duration_seconds,
        reviewer_user_id: decision.reviewer_user_id,
        account_api_token_id: decision.account_api_token_id,
        previous_effective_outcome: current.effective_outcome,
        resulting_effective_outcome: next.effective_outcome,
        previous_handoff_status: current.handoff_status,
        resulting_handoff_status: next.handoff_status,
        expected_lock_version: expectedLockVersion,
        resulting_lock_version: lock,
        idempotency_key_prefix: decision.idempotency_key_prefix,
        created_at: ts,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const result = await tx.selectFrom('profile_results').selectAll().where('id', '=', resultId).executeTakeFirstOrThrow();
    return { ok: true, result: toResult(result as ProfileResultsTable & { id: number }), decision: toDecision(inserted as ProfileReviewDecisionsTable & { id: number }) };
  });
}

/** Decisions of a result in application order. */
export async function listReviewDecisions(db: Db, resultId: number): Promise<ReviewDecision[]> {
  const rows = await db.selectFrom('profile_review_decisions').selectAll().where('result_id', '=', resultId).orderBy('id', 'asc').execute();
  return rows.map((r) => toDecision(r as ProfileReviewDecisionsTable & { id: number }));
}
