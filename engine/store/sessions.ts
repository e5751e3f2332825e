// Desk sessions and one-time sign-in codes, by the hash of their secret (accounts/sessions.ts
// mints and hashes them). Rows live in the database so another process (`docdesk
// signin-url`, a second API replica) sees them.
import type { Db } from './db.js';
import { nowTimestamp } from './time.js';

export async function insertSession(db: Db, sessionHash: string, tokenId: number, expiresAt: number): Promise<void> {
  await db.insertInto('desk_sessions').values({ session_hash: sessionHash, token_id: tokenId, created_at: nowTimestamp(), expires_at: expiresAt }).execute();
}

/** Deletes sessions expired at `nowMs`. */
export async function deleteExpiredSessions(db: Db, nowMs: number): Promise<void> {
  await db.deleteFrom('desk_sessions').where('expires_at', '<=', nowMs).execute();
}

export async function deleteSession(db: Db, sessionHash: string): Promise<void> {
  await db.deleteFrom('desk_sessions').where('session_hash', '=', sessionHash).execute();
}

export async function insertLoginCode(db: Db, codeHash: string, tokenId: number, expiresAt: number): Promise<void> {
  await db.insertInto('desk_login_codes').values({ code_hash: codeHash, token_id: tokenId, expires_at: expiresAt }).execute();
}

/** Deletes sign-in codes expired at `nowMs`. */
export async function deleteExpiredLoginCodes(db: Db, nowMs: number): Promise<void> {
  await db.deleteFrom('desk_login_codes').where('expires_at', '<=', nowMs).execute();
}

/** Deletes the code and returns what it was for: one statement, so two callers cannot both take it. */
export function takeLoginCode(db: Db, codeHash: string): Promise<{ token_id: number; expires_at: number } | undefined> {
  return db.deleteFrom('desk_login_codes').where('code_hash', '=', codeHash).returning(['token_id', 'expires_at']).executeTakeFirst();
}
