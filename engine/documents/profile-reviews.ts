// Review decisions on a profile result (spec 3 "Profile result outcomes and review", 4.14):
// terminal states, the If-Match check, the profile's own rules and revalidation, then one
// compare-and-set write of the decision and the new effective state. HTTP, abilities and
// Idempotency-Key replay stay in the API; this module answers with typed refusals.
import type { Db } from '../store/db.js';
import { applyReviewDecision as storeDecision, type ProfileResult, type ReviewDecision } from '../store/profile-results.js';
import { findProfile } from '../profiles/registry.js';

export type ReviewRefusal =
  | { kind: 'invalid'; errors: Record<string, string[]> }
  | { kind: 'terminal'; message: string }
  | { kind: 'version_conflict'; expected_lock_version: number | null; current_lock_version: number; etag: string };

export class ReviewRefused extends Error {
  constructor(readonly refusal: ReviewRefusal) {
    super(refusal.kind);
  }
}

export interface ReviewCommand {
  result: ProfileResult;
  /** The request body as sent. */
  body: unknown;
  /** The If-Match value as sent. */
  ifMatch: string;
  idempotencyKey: string;
  reviewerUserId: number | null;
  tokenId: number | null;
}

/** `"<id>-<lock_version>-<digest>"` (docs/decisions.md, Energy profile (engine)). */
const ETAG = /^"(\d+)-(\d+)-[0-9a-f]+"$/;

/** The lock version an ETag names; null when the value is not one of ours. */
function lockVersionOfEtag(etag: string): number | null {
  const m = ETAG.exec(etag.trim());
  return m ? Number(m[2]) : null;
}

/** Spec 3 / V7: a rejected result and an accepted handoff take no further decisions. */
function terminalReason(result: Pick<ProfileResult, 'effective_outcome' | 'handoff_status'>): string | null {
  if (result.effective_outcome === 'rejected') return 'The profile result was rejected; a rejected result takes no further review decisions.';
  if (result.effective_outcome === 'accepted' && result.handoff_status === 'accepted') return 'The profile result and its handoff are accepted; the accepted snapshot cannot change.';
  return null;
}

/** The non-secret prefix of an Idempotency-Key kept with the decision (spec 2.10). */
const idempotencyKeyPrefix = (key: string) => key.slice(0, 8);

export async function recordReviewDecision(db: Db, cmd: ReviewCommand): Promise<{ result: ProfileResult; decision: ReviewDecision }> {
  const reviewer = findProfile(cmd.result.profile)?.reviewer;
  if (!reviewer) throw new ReviewRefused({ kind: 'invalid', errors: { action: [`Results of the ${cmd.result.profile} profile take no review decisions.`] } });
  const parsed = reviewer.parse(cmd.body);
  if (!parsed.ok) throw new ReviewRefused({ kind: 'invalid', errors: parsed.errors });

  const terminal = terminalReason(cmd.result);
  if (terminal) throw new ReviewRefused({ kind: 'terminal', message: terminal });
  if (cmd.ifMatch.trim() !== cmd.result.etag) {
    throw new ReviewRefused({ kind: 'version_conflict', expected_lock_version: lockVersionOfEtag(cmd.ifMatch), current_lock_version: cmd.result.lock_version, etag: cmd.result.etag });
  }

  const revised = reviewer.revise(cmd.result, parsed.value);
  if (!revised.ok) throw new ReviewRefused({ kind: 'invalid', errors: revised.errors });
  const stored = await storeDecision(
    db,
    cmd.result.id,
    cmd.result.lock_version,
    { ...revised.decision, reviewer_user_id: cmd.reviewerUserId, account_api_token_id: cmd.tokenId, idempotency_key_prefix: idempotencyKeyPrefix(cmd.idempotencyKey) },
    revised.next,
  );
  if (!stored.ok) {
    // Another reviewer's decision landed between our read and our write.
    const current = stored.result;
    throw new ReviewRefused({ kind: 'version_conflict', expected_lock_version: cmd.result.lock_version, current_lock_version: current?.lock_version ?? cmd.result.lock_version, etag: current?.etag ?? cmd.result.etag });
  }
  return { result: stored.result, decision: stored.decision };
}
