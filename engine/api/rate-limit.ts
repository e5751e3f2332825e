// Applies the rate-limit policies of spec section 8 to a request and renders the
// X-RateLimit-* headers, Retry-After and the 429 envelope.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthenticatedToken } from '../accounts/accounts.js';
import type { RateLimiter, PolicyState } from '../ratelimit/limiter.js';
import { policiesFor, TEST_MODE_DAILY_LIMITS, type RequestFamily } from '../ratelimit/policies.js';
import { ApiError } from './errors.js';
import type { RateClass } from './route.js';

export function rateLimitsEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.DOCDESK_RATE_LIMITS !== 'off';
}

function setHeaders(reply: FastifyReply, state: PolicyState): void {
  reply.header('X-RateLimit-Limit', String(state.policy.limit));
  reply.header('X-RateLimit-Remaining', String(state.remaining));
  reply.header('X-RateLimit-Reset', String(state.reset));
  if (state.policy.profile) reply.header('X-RateLimit-Profile', state.policy.profile);
  reply.header('X-RateLimit-Scope', state.policy.scope);
  reply.header('X-RateLimit-Window', state.policy.window);
}

export async function enforceRateLimit(limiter: RateLimiter, rateClass: RateClass, auth: AuthenticatedToken | null, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (rateClass === 'none') return;
  const subject = auth ? { tokenId: auth.tokenId, accountId: auth.accountId, userId: auth.userId, profile: auth.rateLimitProfile, testMode: auth.mode === 'test' } : null;
  const decision = await limiter.consume(policiesFor(rateClass as RequestFamily, subject, req.ip));
  if (!decision) return;
  setHeaders(reply, decision.reported);
  if (decision.allowed) return;
  const { policy } = decision.reported;
  const retryAfter = decision.retryAfter!;
  const headers = { 'Retry-After': String(retryAfter) };
  const details = { rate_limit_profile: policy.profile, rate_limit_scope: policy.scope, rate_limit_window: policy.window, rate_limit_limit: policy.limit, retry_after: retryAfter };
  if (policy.code === 'test_mode_limit_exceeded') {
    throw new ApiError(
      429,
      'test_mode_limit_exceeded',
      `The test-mode daily upload limit of this ${policy.scope === 'account' ? 'workspace' : policy.scope} (${policy.limit}) is reached; retry after ${retryAfter} s or use a live token.`,
      { account_daily_document_limit: TEST_MODE_DAILY_LIMITS.account, user_daily_document_limit: TEST_MODE_DAILY_LIMITS.user, token_daily_document_limit: TEST_MODE_DAILY_LIMITS.token, ...details },
      headers,
    );
  }
  throw new ApiError(429, 'rate_limited', `Rate limit of ${policy.limit} requests per ${policy.window} for this ${policy.scope === 'account' ? 'workspace' : policy.scope} exceeded; retry after ${retryAfter} s.`, details, headers);
}
