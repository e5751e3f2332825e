// Failed-authentication throttling (docs/security.md): after too many failed attempts of one
// kind from one address within a minute, further attempts of that kind are refused with the
// spec's 429 envelope before the credential is even looked at — so guessing does not get
// faster by sending more. Successful requests never count.
import type { FastifyReply } from 'fastify';
import { ApiError } from './errors.js';

export type AuthKind = 'bearer_token' | 'session_token' | 'signin_code' | 'signin_token';

const WINDOW_SECONDS = 60;

function authFailureLimit(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.DOCDESK_AUTH_FAILURES_PER_MINUTE);
  return Number.isInteger(n) && n > 0 ? n : 30;
}

export class AuthThrottle {
  private windows = new Map<string, { start: number; failures: number }>();

  constructor(readonly limit = authFailureLimit()) {}

  private entry(kind: AuthKind, ip: string, nowMs: number) {
    const start = Math.floor(nowMs / 1000 / WINDOW_SECONDS) * WINDOW_SECONDS;
    const key = `${kind}:${ip}`;
    let e = this.windows.get(key);
    if (!e || e.start !== start) {
      if (this.windows.size > 10_000) this.windows.clear(); // a flood of addresses cannot grow memory
      e = { start, failures: 0 };
      this.windows.set(key, e);
    }
    return e;
  }

  /** Throws the 429 when this address has used up its failures of this kind. */
  check(kind: AuthKind, ip: string, reply: FastifyReply, nowMs = Date.now()): void {
    const e = this.entry(kind, ip, nowMs);
    if (e.failures < this.limit) return;
    const reset = e.start + WINDOW_SECONDS;
    const retryAfter = Math.max(1, Math.ceil(reset - nowMs / 1000));
    reply.header('X-RateLimit-Limit', String(this.limit));
    reply.header('X-RateLimit-Remaining', '0');
    reply.header('X-RateLimit-Reset', String(reset));
    reply.header('X-RateLimit-Scope', 'ip');
    reply.header('X-RateLimit-Window', 'minute');
    throw new ApiError(
      429,
      'rate_limited',
      `Too many failed sign-in or token attempts from this address (${this.limit} per minute); retry after ${retryAfter} s.`,
      { rate_limit_profile: null, rate_limit_scope: 'ip', rate_limit_window: 'minute', rate_limit_limit: this.limit, retry_after: retryAfter },
      { 'Retry-After': String(retryAfter) },
    );
  }

  fail(kind: AuthKind, ip: string, nowMs = Date.now()): void {
    this.entry(kind, ip, nowMs).failures++;
  }
}
