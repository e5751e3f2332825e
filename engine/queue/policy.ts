// What counts as an attempt, the same on every queue engine (docs/decisions.md, "Job attempts
// on both queues"). A claim counts an attempt; a failed step uses it up and retries after a
// backoff, or goes to the dead letters after the last attempt. An interruption that is not the
// step's fault gives the attempt back: a release at shutdown is free, a crash recovery (the
// owner died, its lease lapsed) counts one interruption, and a document interrupted
// MAX_INTERRUPTIONS times ends in `error` (a step that kills the engine every time).
export const MAX_ATTEMPTS = 3;
export const MAX_INTERRUPTIONS = 5;
/** Delay before the next attempt, by the number of attempts used so far. */
export const RETRY_BACKOFF_MS = [0, 2_000, 10_000];

export function retryBackoffMs(attemptsUsed: number, backoff: readonly number[] = RETRY_BACKOFF_MS): number {
  return backoff[attemptsUsed] ?? backoff[backoff.length - 1]!;
}
