// Profile result rows and the append-only review decisions, on the real database (SQLite or Postgres).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openDatabase, type OpenedDatabase } from '../../../engine/store/db.js';
import { nowTimestamp } from '../../../engine/store/time.js';
import { applyReviewDecision, insertProfileResult, latestProfileResultForDocument, listReviewDecisions, profileResultForRun, type EffectiveState, type NewReviewDecision } from '../../../engine/store/profile-results.js';
import { removeDir, tempDataDir } from '../../helpers/server.js';
import { testDatabaseTarget } from '../../helpers/database.js';

async function seedRun(opened: OpenedDatabase): Promise<{ accountId: number; documentId: number; runId: number }> {
  const ts = nowTimestamp();
  const db = opened.db;
  const account = await db.insertInto('accounts').values({ name: 'a', status: 'active', rate_limit_profile: 'standard', batch_lane_eligible: 0, concurrent_standard_limit: 4, created_at: ts, updated_at: ts }).returning('id').executeTakeFirstOrThrow();
  const user = await db.insertInto('users').values({ account_id: account.id, name: 'u', role: 'owner', created_at: ts }).returning('id').executeTakeFirstOrThrow();
  const doc = await db
    .insertInto('documents')
    .values({ account_id: account.id, user_id: user.id, mode: 'live', processing_mode: 'extraction', processing_lane: 'standard', status: 'pending', filename: 'a.pdf', file_format: 'pdf', file_size: 1, file_sha256: 'x', ai_processing: 1, extraction_profile: 'de.energy.supply-invoice', profile_version: '2.0.1', is_e_invoice: 0, created_at: ts, updated_at: ts })
    .returning('id')
    .executeTakeFirstOrThrow();
  const run = await db
    .insertInto('extraction_runs')
    .values({ document_id: doc.id, account_id: account.id, mode: 'live', processing_lane: 'standard', status: 'pending', extraction_profile: 'de.energy.supply-invoice', profile_version: '2.0.1', billing_mode: 'standard', credit_cost: 3, credit_cost_source: 'profile_rate', created_at: ts })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { accountId: account.id, documentId: doc.id, runId: run.id };
}

const machine = { packet: { page_count: 1, invoice_count: 1 }, invoices: [{ invoice_ref: 'inv-1', data: { identity: { invoice_number: 'R-1' } } }] };

const decision = (over: Partial<NewReviewDecision> = {}): NewReviewDecision => ({
  action: 'correct', invoice_ref: 'inv-1', entity_ref: 'identity', field: 'invoice_number', reason: null, previous_value: 'R-1', corrected_value: 'R-7',
  evidence_reference: { component_ref: 'src-1', physical_page: 1, text: 'Rechnung R-7', source: 'native_text', match: 'manual', reviewer_transcribed: true },
  review_duration_seconds: null, reviewer_user_id: 1, account_api_token_id: null, idempotency_key_prefix: 'abcd1234', ...over,
});

const nextState = (over: Partial<EffectiveState> = {}): EffectiveState => ({
  effective_payload: { ...machine, invoices: [{ invoice_ref: 'inv-1', data: { identity: { invoice_number: 'R-7' } } }] },
  effective_outcome: 'accepted', handoff_status: 'accepted', review_reasons: [], handoff_review_reasons: [], warnings: [], validation_summary: { v: 2 }, evidence: [], acceptance_source: 'human_review', ...over,
});

describe('profile results store', () => {
  let dir: string;
  let opened: OpenedDatabase;
  let ids: { accountId: number; documentId: number; runId: number };
  before(async () => {
    dir = tempDataDir();
    opened = await openDatabase(testDatabaseTarget(dir));
    ids = await seedRun(opened);
  });
  after(async () => {
    await opened.close();
    removeDir(dir);
  });

  it('stores a machine result whose effective payload starts as the machine payload', async () => {
    const r = await insertProfileResult(opened.db, {
      document_id: ids.documentId, run_id: ids.runId, account_id: ids.accountId, profile: 'de.energy.supply-invoice', profile_version: '2.0.1', schema_version: '2.0.0',
      machine_payload: machine, machine_outcome: 'needs_review', effective_outcome: 'needs_review', handoff_status: 'pending_review',
      review_reasons: ['missing_evidence'], handoff_review_reasons: [], warnings: [], validation_summary: { v: 1 }, source_components: [{ component_ref: 'src-1', kind: 'pdf', pages: [1] }], evidence: [{ field: 'x' }], acceptance_source: null,
    });
    assert.equal(r.lock_version, 1);
    assert.match(r.etag, /^"\d+-1-[0-9a-f]{16}"$/);
    assert.deepEqual(r.effective_payload, machine);
    assert.deepEqual(r.review_reasons, ['missing_evidence']);
    assert.equal((await latestProfileResultForDocument(opened.db, ids.documentId))!.id, r.id);
    assert.equal((await profileResultForRun(opened.db, ids.runId))!.id, r.id);
  });

  it('applies a decision with a lock_version compare-and-set, once', async () => {
    const r = (await profileResultForRun(opened.db, ids.runId))!;
    const [a, b] = await Promise.all([applyReviewDecision(opened.db, r.id, 1, decision(), nextState()), applyReviewDecision(opened.db, r.id, 1, decision(), nextState())]);
    const wins = [a, b].filter((x) => x.ok);
    assert.equal(wins.length, 1, 'exactly one of two concurrent decisions wins');
    const loser = [a, b].find((x) => !x.ok)!;
    assert.equal(loser.ok, false);
    if (!loser.ok) assert.equal(loser.reason, 'lock_version_conflict');
    const win = wins[0]!;
    if (!win.ok) throw new Error('unreachable');
    assert.equal(win.result.lock_version, 2);
    assert.notEqual(win.result.etag, r.etag);
    assert.equal(win.result.effective_outcome, 'accepted');
    assert.equal(win.result.machine_outcome, 'needs_review', 'the machine outcome never changes');
    assert.deepEqual(win.result.machine_payload, machine);
    assert.ok(win.result.reviewed_at);
    assert.equal(win.decision.previous_effective_outcome, 'needs_review');
    assert.equal(win.decision.resulting_handoff_status, 'accepted');
    assert.equal(win.decision.expected_lock_version, 1);
    assert.equal(win.decision.resulting_lock_version, 2);
    assert.equal(win.decision.corrected_value, 'R-7');
    assert.deepEqual(await listReviewDecisions(opened.db, r.id), [win.decision]);
  });

  it('a stale lock version changes nothing', async () => {
    const r = (await profileResultForRun(opened.db, ids.runId))!;
    const out = await applyReviewDecision(opened.db, r.id, 1, decision(), nextState());
    assert.equal(out.ok, false);
    assert.equal((await listReviewDecisions(opened.db, r.id)).length, 1);
    assert.equal((await applyReviewDecision(opened.db, 999_999, 1, decision(), nextState())).ok, false);
  });

  it('decisions are append-only and the machine result immutable (database triggers)', async () => {
    const r = (await profileResultForRun(opened.db, ids.runId))!;
    const db = opened.db;
    await assert.rejects(db.updateTable('profile_review_decisions').set({ reason: 'x' }).where('result_id', '=', r.id).execute(), /append-only/);
    await assert.rejects(db.deleteFrom('profile_review_decisions').where('result_id', '=', r.id).execute(), /append-only/);
    await assert.rejects(db.updateTable('profile_results').set({ machine_outcome: 'accepted' }).where('id', '=', r.id).execute(), /immutable/);
    await assert.rejects(db.updateTable('profile_results').set({ machine_payload: '{}' }).where('id', '=', r.id).execute(), /immutable/);
    assert.equal((await listReviewDecisions(db, r.id)).length, 1, 'the refused changes left the history as it was');
  });

  it('a reviewed result is never replaced by a retried run', async () => {
    await assert.rejects(
      insertProfileResult(opened.db, {
        document_id: ids.documentId, run_id: ids.runId, account_id: ids.accountId, profile: 'de.energy.supply-invoice', profile_version: '2.0.1', schema_version: '2.0.0',
        machine_payload: null, machine_outcome: 'failed', effective_outcome: 'failed', handoff_status: 'not_applicable', review_reasons: [], handoff_review_reasons: [], warnings: [], validation_summary: {}, source_components: [], evidence: [], acceptance_source: null,
      }),
      /already has a reviewed/,
    );
  });
});
