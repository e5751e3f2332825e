// Accounts (workspaces), their users and API tokens. Tokens are shown once; only a
// SHA-256 hash is stored, so a leaked database does not leak credentials.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../store/db.js';
import type { RateLimitProfile, TokenMode } from '../store/schema.js';
import { nowTimestamp } from '../store/time.js';
import * as store from '../store/accounts.js';
import type { AccountRow, TokenAuthRow, TokenRow } from '../store/accounts.js';
import { parseAbilities, type Ability } from './abilities.js';

export type Account = AccountRow;

export const RATE_LIMIT_PROFILES: RateLimitProfile[] = ['restricted', 'standard', 'trusted', 'high_volume', 'enterprise'];
const DEFAULT_CONCURRENT_STANDARD_LIMIT = 4;

export interface CreateAccountInput {
  name: string;
  rateLimitProfile?: RateLimitProfile;
  batchLaneEligible?: boolean;
  concurrentStandardLimit?: number;
}

export interface AuthenticatedToken {
  tokenId: number;
  accountId: number;
  userId: number;
  mode: TokenMode;
  abilities: Ability[];
  accountStatus: 'active' | 'suspended';
  rateLimitProfile: RateLimitProfile;
  batchLaneEligible: boolean;
  concurrentStandardLimit: number;
  /** Set when the request was authenticated by a desk session cookie (epoch ms). */
  sessionExpiresAt?: number;
}

export interface TokenListing {
  id: number;
  account_id: number;
  user_id: number;
  name: string;
  mode: TokenMode;
  abilities: Ability[];
  token_prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

// last_used_at is informational: writing it on every read would turn each GET into a write.
const LAST_USED_RESOLUTION_MS = 60_000;

export class AccountService {
  private lastUsedWrites = new Map<number, number>();

  /**
   * Resolved tokens, valid while no other process has written to the database (SQLite's
   * data_version) and this process has not changed accounts or tokens itself: a CLI
   * revocation or suspension is seen by the very next request.
   */
  private authCache = new Map<string, { auth: AuthenticatedToken; version: number }>();

  constructor(
    private readonly db: Db,
    private readonly dataVersion: () => number = () => NaN,
  ) {}

  /** Forgets resolved tokens and sessions, after a change this process made itself. */
  invalidate(): void {
    this.authCache.clear();
  }

  async createAccount(input: CreateAccountInput): Promise<{ account: Account; ownerUserId: number }> {
    const name = input.name.trim();
    if (!name) throw new Error('account name must not be empty');
    const profile = input.rateLimitProfile ?? 'standard';
    if (!RATE_LIMIT_PROFILES.includes(profile)) throw new Error(`unknown rate-limit profile ${profile} (known: ${RATE_LIMIT_PROFILES.join(', ')})`);
    const limit = input.concurrentStandardLimit ?? DEFAULT_CONCURRENT_STANDARD_LIMIT;
    if (!Number.isInteger(limit) || limit < 1) throw new Error('concurrency must be a positive integer');
    const ts = nowTimestamp();
    return this.db.transaction().execute(async (tx) => {
      const account = await store.insertAccount(tx, {
        name,
        status: 'active',
        rate_limit_profile: profile,
        batch_lane_eligible: input.batchLaneEligible ? 1 : 0,
        concurrent_standard_limit: limit,
        created_at: ts,
        updated_at: ts,
      });
      const ownerUserId = await store.insertOwnerUser(tx, account.id, `${name} owner`, ts);
      return { account, ownerUserId };
    });
  }

  listAccounts(): Promise<Account[]> {
    return store.listAccounts(this.db);
  }

  async getAccount(id: number): Promise<Account> {
    const account = await store.findAccount(this.db, id);
    if (!account) throw new Error(`no account with id ${id}`);
    return account;
  }

  async setStatus(id: number, status: 'active' | 'suspended'): Promise<Account> {
    await this.getAccount(id);
    this.invalidate();
    await store.setAccountStatus(this.db, id, status);
    return this.getAccount(id);
  }

  /** The upload scanner's per-account allowance for PDFs with document JavaScript. */
  async setAllowPdfJavaScript(id: number, allow: boolean): Promise<Account> {
    await this.getAccount(id);
    await store.setAllowPdfJavaScript(this.db, id, allow);
    return this.getAccount(id);
  }

  async ownerUserId(accountId: number): Promise<number> {
    const userId = await store.firstUserOf(this.db, accountId);
    if (userId === undefined) throw new Error(`account ${accountId} has no user`);
    return userId;
  }

  /** Creates a token and returns its secret; the secret is never retrievable again. */
  async createToken(input: { accountId: number; mode: TokenMode; abilities: Ability[] | string; name?: string; userId?: number }): Promise<{ token: string; listing: TokenListing }> {
    if (input.mode !== 'live' && input.mode !== 'test') throw new Error('mode must be live or test');
    const abilities = typeof input.abilities === 'string' ? parseAbilities(input.abilities) : parseAbilities(input.abilities.join(','));
    await this.getAccount(input.accountId);
    const userId = input.userId ?? (await this.ownerUserId(input.accountId));
    const token = `dd_${input.mode}_${randomBytes(24).toString('base64url')}`;
    const row = await store.insertToken(this.db, {
      account_id: input.accountId,
      user_id: userId,
      name: input.name?.trim() || `${input.mode} token`,
      mode: input.mode,
      abilities: JSON.stringify(abilities),
      token_hash: hashToken(token),
      token_prefix: token.slice(0, 12),
      created_at: nowTimestamp(),
    });
    return { token, listing: toListing(row) };
  }

  async listTokens(accountId?: number): Promise<TokenListing[]> {
    return (await store.listTokens(this.db, accountId)).map(toListing);
  }

  async revokeToken(id: number, accountId?: number): Promise<TokenListing> {
    this.invalidate();
    await store.markTokenRevoked(this.db, id, accountId);
    const row = await store.findToken(this.db, id, accountId);
    if (!row) throw new Error(`no token with id ${id}`);
    return toListing(row);
  }

  /** Adds abilities to an existing token (used to bring an older app token up to date). */
  async addAbilities(tokenId: number, add: Ability[]): Promise<void> {
    const abilities = [...new Set([...(JSON.parse(await store.tokenAbilities(this.db, tokenId)) as Ability[]), ...add])];
    await store.setTokenAbilities(this.db, tokenId, JSON.stringify(abilities));
    this.invalidate();
  }

  /**
   * A bearer token resolved before and unchanged since, without touching the database
   * beyond the change check; undefined when it must be looked up (`authenticate`).
   * Keyed by the token itself: hashing it costs more than the rest of the lookup.
   */
  cachedToken(token: string): AuthenticatedToken | undefined {
    const cached = this.authCache.get(`t:${token}`);
    if (!cached || cached.version !== this.dataVersion()) return undefined;
    this.touch(cached.auth.tokenId);
    return cached.auth;
  }

  /** Resolves a bearer token; null when missing, unknown or revoked. */
  async authenticate(token: string): Promise<AuthenticatedToken | null> {
    return this.resolve(`t:${token}`, () => store.tokenByHash(this.db, hashToken(token)));
  }

  /** Resolves a desk session cookie to the token it stands for; null when expired or revoked. */
  async authenticateSession(sessionId: string): Promise<AuthenticatedToken | null> {
    const hash = hashToken(sessionId);
    const auth = await this.resolve(`s:${hash}`, () => store.tokenBySession(this.db, hash, Date.now()));
    // A cached session may have expired since; expiry is rare, so re-check only then.
    if (auth && auth.sessionExpiresAt !== undefined && auth.sessionExpiresAt <= Date.now()) {
      this.authCache.delete(`s:${hash}`);
      return null;
    }
    return auth;
  }

  private async resolve(cacheKey: string, load: () => Promise<TokenAuthRow[]>): Promise<AuthenticatedToken | null> {
    const version = this.dataVersion();
    const cached = this.authCache.get(cacheKey);
    if (cached && cached.version === version) {
      this.touch(cached.auth.tokenId);
      return cached.auth;
    }
    const [row] = await load();
    if (!row || row.revokedAt) return null;
    this.touch(row.tokenId);
    const auth: AuthenticatedToken = {
      tokenId: row.tokenId,
      accountId: row.accountId,
      userId: row.userId,
      mode: row.mode,
      abilities: JSON.parse(row.abilities) as Ability[],
      accountStatus: row.accountStatus,
      rateLimitProfile: row.rateLimitProfile,
      batchLaneEligible: row.batchLaneEligible === 1,
      concurrentStandardLimit: row.concurrentStandardLimit,
      ...(row.sessionExpiresAt !== undefined ? { sessionExpiresAt: row.sessionExpiresAt } : {}),
    };
    if (!Number.isNaN(version)) {
      if (this.authCache.size > 1000) this.authCache.clear();
      this.authCache.set(cacheKey, { auth, version });
    }
    return auth;
  }

  private touch(tokenId: number): void {
    const now = Date.now();
    if (now - (this.lastUsedWrites.get(tokenId) ?? 0) < LAST_USED_RESOLUTION_MS) return;
    this.lastUsedWrites.set(tokenId, now);
    void store.touchToken(this.db, tokenId).catch(() => undefined);
  }
}

function toListing(row: TokenRow): TokenListing {
  return {
    id: row.id,
    account_id: row.account_id,
    user_id: row.user_id,
    name: row.name,
    mode: row.mode,
    abilities: JSON.parse(row.abilities) as Ability[],
    token_prefix: row.token_prefix,
    created_at: row.created_at,
    last_used_at: row.last_used_at,
    revoked_at: row.revoked_at,
  };
}
