// Rate-limit policies of spec section 8: which limits apply to a request. Pure data.
import type { RateLimitProfile } from '../store/schema.js';

export type Scope = 'token' | 'account' | 'user' | 'ip';
export type Window = 'minute' | 'hour' | 'day';
export type LimitCode = 'rate_limited' | 'test_mode_limit_exceeded';

export const WINDOW_SECONDS: Record<Window, number> = { minute: 60, hour: 3600, day: 86400 };

export interface Policy {
  /** Counter identity: family, scope, subject and window. */
  key: string;
  scope: Scope;
  window: Window;
  limit: number;
  code: LimitCode;
  profile: RateLimitProfile | null;
}

type UploadLimits = { tokenMinute: number; tokenHour: number; accountMinute: number; accountHour: number; accountDay: number };
type ReadDeleteLimits = { readToken: number; readAccount: number; deleteToken: number; deleteAccount: number };

export const UPLOAD_LIMITS: Record<RateLimitProfile, UploadLimits> = {
  restricted: { tokenMinute: 30, tokenHour: 300, accountMinute: 60, accountHour: 600, accountDay: 1_000 },
  standard: { tokenMinute: 120, tokenHour: 1_500, accountMinute: 240, accountHour: 3_000, accountDay: 25_000 },
  trusted: { tokenMinute: 240, tokenHour: 5_000, accountMinute: 480, accountHour: 10_000, accountDay: 100_000 },
  high_volume: { tokenMinute: 600, tokenHour: 20_000, accountMinute: 1_200, accountHour: 40_000, accountDay: 500_000 },
  enterprise: { tokenMinute: 1_200, tokenHour: 60_000, accountMinute: 2_400, accountHour: 120_000, accountDay: 2_000_000 },
};

export const READ_DELETE_LIMITS: Record<RateLimitProfile, ReadDeleteLimits> = {
  restricted: { readToken: 300, readAccount: 1_000, deleteToken: 60, deleteAccount: 300 },
  standard: { readToken: 300, readAccount: 1_000, deleteToken: 120, deleteAccount: 300 },
  trusted: { readToken: 720, readAccount: 1_440, deleteToken: 240, deleteAccount: 480 },
  high_volume: { readToken: 1_800, readAccount: 3_600, deleteToken: 600, deleteAccount: 1_200 },
  enterprise: { readToken: 3_600, readAccount: 7_200, deleteToken: 1_200, deleteAccount: 2_400 },
};

export const TEST_MODE_DAILY_LIMITS = { token: 10, account: 25, user: 50 } as const;
const X402_LIMITS = { uploadPerIpMinute: 20, statusPerIpMinute: 120 } as const;
/** Review writes: not shown in the spec; Docdesk uses the delete limits of the profile. */

export interface Subject {
  tokenId: number;
  accountId: number;
  userId: number;
  profile: RateLimitProfile;
  testMode: boolean;
}

export type RequestFamily = 'read' | 'upload' | 'delete' | 'review' | 'anonymous_upload' | 'anonymous_status';

export function policiesFor(family: RequestFamily, subject: Subject | null, ip: string): Policy[] {
  if (family === 'anonymous_upload') return [policy('x402u', 'ip', ip, 'minute', X402_LIMITS.uploadPerIpMinute, 'rate_limited', null)];
  if (family === 'anonymous_status') return [policy('x402s', 'ip', ip, 'minute', X402_LIMITS.statusPerIpMinute, 'rate_limited', null)];
  if (!subject) return [];
  const p = subject.profile;
  const t = String(subject.tokenId);
  const a = String(subject.accountId);
  switch (family) {
    case 'read':
      return [policy('read', 'token', t, 'minute', READ_DELETE_LIMITS[p].readToken, 'rate_limited', p), policy('read', 'account', a, 'minute', READ_DELETE_LIMITS[p].readAccount, 'rate_limited', p)];
    case 'delete':
    case 'review':
      return [policy(family, 'token', t, 'minute', READ_DELETE_LIMITS[p].deleteToken, 'rate_limited', p), policy(family, 'account', a, 'minute', READ_DELETE_LIMITS[p].deleteAccount, 'rate_limited', p)];
    case 'upload': {
      const u = UPLOAD_LIMITS[p];
      const list = [
        policy('upload', 'token', t, 'minute', u.tokenMinute, 'rate_limited', p),
        policy('upload', 'token', t, 'hour', u.tokenHour, 'rate_limited', p),
        policy('upload', 'account', a, 'minute', u.accountMinute, 'rate_limited', p),
        policy('upload', 'account', a, 'hour', u.accountHour, 'rate_limited', p),
        policy('upload', 'account', a, 'day', u.accountDay, 'rate_limited', p),
      ];
      if (subject.testMode) {
        list.push(
          policy('test-upload', 'token', t, 'day', TEST_MODE_DAILY_LIMITS.token, 'test_mode_limit_exceeded', p),
          policy('test-upload', 'account', a, 'day', TEST_MODE_DAILY_LIMITS.account, 'test_mode_limit_exceeded', p),
          policy('test-upload', 'user', String(subject.userId), 'day', TEST_MODE_DAILY_LIMITS.user, 'test_mode_limit_exceeded', p),
        );
      }
      return list;
    }
  }
}

function policy(family: string, scope: Scope, subject: string, window: Window, limit: number, code: LimitCode, profile: RateLimitProfile | null): Policy {
  return { key: `${family}:${scope}:${subject}:${window}`, scope, window, limit, code, profile };
}
