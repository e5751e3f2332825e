// Desk sessions (docs/desk-api.md): a browser or the Electron window signs in once and then
// carries an http-only cookie that stands for one API token. Sessions and one-time sign-in
// codes live in SQLite so `docdesk signin-url` (another process) can mint a code.
import { randomBytes } from 'node:crypto';
import type { Db } from '../store/db.js';
import { nowTimestamp } from '../store/time.js';
import { hashToken } from './accounts.js';

export const SESSION_COOKIE = 'docdesk_session';
export const SESSION_LIFETIME_MS = 30 * 24 * 3600_000;
export const LOGIN_CODE_LIFETIME_MS = 10 * 60_000;

export async function createSession(db: Db, tokenId: number): Promise<{ sessionId: string; expiresAt: number }> {
  const sessionId = randomBytes(32).toString('base64url');
  const expiresAt = Date.now() + SESSION_LIFETIME_MS;
  await db.insertInto('desk_sessions').values({ session_hash: hashToken(sessionId), token_id: tokenId, created_at: nowTimestamp(), expires_at: expiresAt }).execute();
  // Expired rows are swept whenever a session starts; there are only ever a handful.
  await db.deleteFrom('desk_sessions').where('expires_at', '<=', Date.now()).execute();
  return { sessionId, expiresAt };
}

export async function endSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('desk_sessions').where('session_hash', '=', hashToken(sessionId)).execute();
}

export async function createLoginCode(db: Db, tokenId: number): Promise<string> {
  const code = randomBytes(24).toString('base64url');
  await db.deleteFrom('desk_login_codes').where('expires_at', '<=', Date.now()).execute();
  await db.insertInto('desk_login_codes').values({ code_hash: hashToken(code), token_id: tokenId, expires_at: Date.now() + LOGIN_CODE_LIFETIME_MS }).execute();
  return code;
}

/** Single use: the code is deleted whether or not it was still valid. */
export async function consumeLoginCode(db: Db, code: string): Promise<number | null> {
  const row = await db.deleteFrom('desk_login_codes').where('code_hash', '=', hashToken(code)).returning(['token_id', 'expires_at']).executeTakeFirst();
  return row && row.expires_at > Date.now() ? row.token_id : null;
}
