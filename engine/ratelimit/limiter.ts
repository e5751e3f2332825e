// Fixed-window counters for the rate-limit policies. On the desktop, minute windows live in
// memory (a restart at most forgives one minute); hour and day windows live in the database, so
// they hold across restarts. On the team server (PostgreSQL) every window lives in the database:
// several API replicas answer one account, and each must see the others' requests. A request counts against every policy only when all of them allow it.
import { immediateTransaction, type Db } from '../store/db.js';
import { countInWindow, deleteEndedWindows, windowCount } from '../store/rate-windows.js';
import { dialectOf } from '../store/dialect.js';
import { WINDOW_SECONDS, type Policy } from './policies.js';

export interface PolicyState {
  policy: Policy;
  remaining: number;
  /** Unix seconds when the window resets. */
  reset: number;
}

export interface LimitDecision {
  allowed: boolean;
  /** The tightest policy: on rejection the one that blocks longest, else the one closest to its limit. */
  reported: PolicyState;
  /** Seconds to wait (rejections only). */
  retryAfter: number | null;
}

export class RateLimiter {
  private memory = new Map<string, { windowStart: number; count: number }>();
  private sweepAt = 0;

  /** Whether a policy's window is counted in the database (shared by every process) or in memory. */
  private readonly persistent: (p: Policy) => boolean;

  constructor(private readonly db: Db) {
    const shared = dialectOf(db) === 'postgres';
    this.persistent = (p) => shared || p.window !== 'minute';
  }

  async consume(policies: Policy[], nowMs = Date.now()): Promise<LimitDecision | null> {
    if (policies.length === 0) return null;
    const nowSec = Math.floor(nowMs / 1000);
    const starts = policies.map((p) => nowSec - (nowSec % WINDOW_SECONDS[p.window]));
    const stored = policies.some(this.persistent) ? await this.consumePersistent(policies, starts) : null;
    return this.decide(policies, starts, nowMs, stored);
  }

  private decide(policies: Policy[], starts: number[], nowMs: number, stored: Map<number, number> | null): LimitDecision {
    const counts = policies.map((p, i) => (this.persistent(p) ? stored!.get(i)! : this.memoryCount(p.key, starts[i]!)));
    const states: PolicyState[] = policies.map((p, i) => ({ policy: p, remaining: Math.max(0, p.limit - counts[i]!), reset: starts[i]! + WINDOW_SECONDS[p.window] }));
    const failing = states.filter((s, i) => counts[i]! >= s.policy.limit);
    if (failing.length) {
      const worst = failing.sort((a, b) => b.reset - a.reset || a.policy.limit - b.policy.limit)[0]!;
      return { allowed: false, reported: { ...worst, remaining: 0 }, retryAfter: Math.max(1, Math.ceil(worst.reset - nowMs / 1000)) };
    }
    policies.forEach((p, i) => {
      if (!this.persistent(p)) this.memoryIncrement(p.key, starts[i]!);
      states[i]!.remaining = Math.max(0, states[i]!.remaining - 1);
    });
    this.sweep(nowMs);
    const tightest = [...states].sort((a, b) => a.remaining / a.policy.limit - b.remaining / b.policy.limit || a.reset - b.reset)[0]!;
    return { allowed: true, reported: tightest, retryAfter: null };
  }

  /**
   * Reads the hour/day counters and, when every policy (memory ones included) allows the
   * request, increments them — in one write transaction, so two uploads cannot both take
   * the last slot. Returns each persistent policy's count *before* this request.
   */
  private async consumePersistent(policies: Policy[], starts: number[]): Promise<Map<number, number>> {
    return immediateTransaction(this.db, async (tx) => {
      const counts = new Map<number, number>();
      for (const [i, p] of policies.entries()) {
        if (!this.persistent(p)) continue;
        counts.set(i, await windowCount(tx, p.key, starts[i]!));
      }
      const blocked = policies.some((p, i) => (this.persistent(p) ? counts.get(i)! : this.memoryCount(p.key, starts[i]!)) >= p.limit);
      if (!blocked) {
        for (const [i, p] of policies.entries()) {
          if (!this.persistent(p)) continue;
          await countInWindow(tx, p.key, starts[i]!, WINDOW_SECONDS[p.window]);
        }
      }
      return counts;
    });
  }

  private memoryCount(key: string, windowStart: number): number {
    const entry = this.memory.get(key);
    return entry && entry.windowStart === windowStart ? entry.count : 0;
  }

  private memoryIncrement(key: string, windowStart: number): void {
    const entry = this.memory.get(key);
    if (entry && entry.windowStart === windowStart) entry.count++;
    else this.memory.set(key, { windowStart, count: 1 });
  }

  /** Drops finished windows now and then, so idle keys do not accumulate. */
  private sweep(nowMs: number): void {
    if (nowMs < this.sweepAt) return;
    this.sweepAt = nowMs + 60_000;
    const currentMinute = Math.floor(nowMs / 60_000) * 60;
    for (const [key, entry] of this.memory) if (entry.windowStart < currentMinute) this.memory.delete(key);
    void deleteEndedWindows(this.db, Math.floor(nowMs / 1000)).catch(() => undefined);
  }
}
