// Desk sessions (docs/desk-api.md): a browser or the Electron window signs in once and then
// carries an http-only cookie that stands for one API token. Sessions and one-time sign-in
// codes live in the database so `docdesk signin-url` (another process) can mint a code.
import { randomBytes } from 'node:crypto';
import type { Db } from '../store/db.js';
import * as store from '../store/sessions.js';
import { hashToken } from './accounts.js';

export const SESSION_COOKIE = 'docdesk_session';
export const SESSION_LIFETIME_MS = 30 * 24 * 3600_000;
const LOGIN_CODE_LIFETIME_MS = 10 * 60_000;

export async function createSession(db: Db, tokenId: number): Promise<{ sessionId: string; expiresAt: number }> {
  const sessionId = randomBytes(32).toString('base64url');
  const expiresAt = Date.now() + SESSION_LIFETIME_MS;
  await store.insertSession(db, hashToken(sessionId), tokenId, expiresAt);
  // Expired rows are swept whenever a session starts; there are only ever a handful.
  await store.deleteExpiredSessions(db, Date.now());
  return { sessionId, expiresAt };
}

export async function endSession(db: Db, sessionId: string): Promise<void> {
  await store.deleteSession(db, hashToken(sessionId));
}

export async function createLoginCode(db: Db, tokenId: number): Promise<string> {
  const code = randomBytes(24).toString('base64url');
  await store.deleteExpiredLoginCodes(db, Date.now());
  await store.insertLoginCode(db, hashToken(code), tokenId, Date.now() + LOGIN_CODE_LIFETIME_MS);
  return code;
}

/** Single use: the code is deleted whether or not it was still valid. */
export async function consumeLoginCode(db: Db, code: string): Promise<number | null> {
  const row = await store.takeLoginCode(db, hashToken(code));
  return row && row.expires_at > Date.now() ? row.token_id : null;
}
