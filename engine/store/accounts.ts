// Accounts (workspaces), their users and API tokens. Tokens are stored as a SHA-256 hash
// only (accounts/accounts.ts hashes them). The `accounts` and `api_tokens` tables carry the
// change triggers the auth cache listens to (SQLite data_version, Postgres pg_notify).
import type { Insertable, Selectable } from 'kysely';
import type { Db, DbTx } from './db.js';
import { prepared } from './prepared.js';
import type { AccountsTable, ApiTokensTable, RateLimitProfile, TokenMode } from './schema.js';
import { nowTimestamp } from './time.js';

export type AccountRow = Selectable<AccountsTable>;
export type TokenRow = Selectable<ApiTokensTable>;

export function insertAccount(tx: DbTx, values: Insertable<AccountsTable>): Promise<AccountRow> {
  return tx.insertInto('accounts').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function insertOwnerUser(tx: DbTx, accountId: number, name: string, createdAt: string): Promise<number> {
  const user = await tx.insertInto('users').values({ account_id: accountId, name, role: 'owner', created_at: createdAt }).returning('id').executeTakeFirstOrThrow();
  return user.id;
}

export function listAccounts(db: Db): Promise<AccountRow[]> {
  return db.selectFrom('accounts').selectAll().orderBy('id').execute();
}

export function findAccount(db: Db, id: number): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function setAccountStatus(db: Db, id: number, status: AccountRow['status']): Promise<void> {
  await db.updateTable('accounts').set({ status, updated_at: nowTimestamp() }).where('id', '=', id).execute();
}

export async function setAllowPdfJavaScript(db: Db, id: number, allow: boolean): Promise<void> {
  await db.updateTable('accounts').set({ allow_pdf_javascript: allow ? 1 : 0, updated_at: nowTimestamp() }).where('id', '=', id).execute();
}

/** The account's first user (its owner), or undefined. */
export async function firstUserOf(db: Db, accountId: number): Promise<number | undefined> {
  const user = await db.selectFrom('users').select('id').where('account_id', '=', accountId).orderBy('id').executeTakeFirst();
  return user?.id;
}

export function insertToken(db: Db, values: Insertable<ApiTokensTable>): Promise<TokenRow> {
  return db.insertInto('api_tokens').values(values).returningAll().executeTakeFirstOrThrow();
}

export function listTokens(db: Db, accountId?: number): Promise<TokenRow[]> {
  let q = db.selectFrom('api_tokens').selectAll().orderBy('id');
  if (accountId !== undefined) q = q.where('account_id', '=', accountId);
  return q.execute();
}

/** A token of any account, or of `accountId` when given. */
export function findToken(db: Db, id: number, accountId?: number): Promise<TokenRow | undefined> {
  let q = db.selectFrom('api_tokens').selectAll().where('id', '=', id);
  if (accountId !== undefined) q = q.where('account_id', '=', accountId);
  return q.executeTakeFirst();
}

/** Revokes a live token (of `accountId` when given); an already revoked one keeps its time. */
export async function markTokenRevoked(db: Db, id: number, accountId?: number): Promise<void> {
  let q = db.updateTable('api_tokens').set({ revoked_at: nowTimestamp() }).where('id', '=', id).where('revoked_at', 'is', null);
  if (accountId !== undefined) q = q.where('account_id', '=', accountId);
  await q.execute();
}

/** The token's abilities as stored (a JSON array). */
export async function tokenAbilities(db: Db, tokenId: number): Promise<string> {
  const row = await db.selectFrom('api_tokens').select('abilities').where('id', '=', tokenId).executeTakeFirstOrThrow();
  return row.abilities;
}

export async function setTokenAbilities(db: Db, tokenId: number, abilities: string): Promise<void> {
  await db.updateTable('api_tokens').set({ abilities }).where('id', '=', tokenId).execute();
}

export async function touchToken(db: Db, tokenId: number): Promise<void> {
  await db.updateTable('api_tokens').set({ last_used_at: nowTimestamp() }).where('id', '=', tokenId).execute();
}

/** What authenticating a token needs: the token with its account's status and limits. */
export type TokenAuthRow = {
  tokenId: number;
  accountId: number;
  userId: number;
  mode: TokenMode;
  abilities: string;
  revokedAt: string | null;
  accountStatus: 'active' | 'suspended';
  rateLimitProfile: RateLimitProfile;
  batchLaneEligible: number;
  concurrentStandardLimit: number;
  sessionExpiresAt?: number;
};

const tokenAuthColumns = [
  'api_tokens.id as tokenId',
  'api_tokens.account_id as accountId',
  'api_tokens.user_id as userId',
  'api_tokens.mode as mode',
  'api_tokens.abilities as abilities',
  'api_tokens.revoked_at as revokedAt',
  'accounts.status as accountStatus',
  'accounts.rate_limit_profile as rateLimitProfile',
  'accounts.batch_lane_eligible as batchLaneEligible',
  'accounts.concurrent_standard_limit as concurrentStandardLimit',
] as const;

/** The token with this hash (revoked ones too: the caller refuses them). */
export const tokenByHash: (db: Db, hash: string) => Promise<TokenAuthRow[]> = prepared(1, (db: Db, hash: string) =>
  db.selectFrom('api_tokens').innerJoin('accounts', 'accounts.id', 'api_tokens.account_id').select(tokenAuthColumns).where('api_tokens.token_hash', '=', hash),
);

/** The token a desk session with this hash stands for, while the session lasts at `now` (epoch ms). */
export const tokenBySession: (db: Db, hash: string, now: number) => Promise<TokenAuthRow[]> = prepared(2, (db: Db, hash: string, now: number) =>
  db
    .selectFrom('desk_sessions')
    .innerJoin('api_tokens', 'api_tokens.id', 'desk_sessions.token_id')
    .innerJoin('accounts', 'accounts.id', 'api_tokens.account_id')
    .select([...tokenAuthColumns, 'desk_sessions.expires_at as sessionExpiresAt'])
    .where('desk_sessions.session_hash', '=', hash)
    .where('desk_sessions.expires_at', '>', now),
);

/** The account's concurrent standard-lane limit; undefined when there is no such account. */
export async function standardLimitOf(tx: DbTx, accountId: number): Promise<number | undefined> {
  return (await tx.selectFrom('accounts').select('concurrent_standard_limit').where('id', '=', accountId).executeTakeFirst())?.concurrent_standard_limit;
}

/** Whether the account lets PDFs with JavaScript through the upload scanner. */
export async function allowsPdfJavascript(db: Db, accountId: number): Promise<boolean> {
  const account = await db.selectFrom('accounts').select('allow_pdf_javascript').where('id', '=', accountId).executeTakeFirst();
  return account?.allow_pdf_javascript === 1;
}

/** A token's name and mode (the desk's session summary). */
export function tokenSummary(db: Db, tokenId: number): Promise<{ id: number; name: string; mode: 'live' | 'test' }> {
  return db.selectFrom('api_tokens').select(['id', 'name', 'mode']).where('id', '=', tokenId).executeTakeFirstOrThrow();
}
