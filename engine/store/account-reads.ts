// Reads of account-owned rows (account settings, API tokens, webhook endpoints) that the
// document lifecycle and the desk need. The account repositories proper (accounts, tokens,
// sessions, endpoints) are their own files; these may join them once both exist on main.
import type { Db, DbTx } from './db.js';
import type { WebhookEndpointsTable } from './schema.js';
import type { Selectable } from 'kysely';

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

/** An active webhook endpoint of the account, or undefined. */
export function activeEndpointOf(db: Db, accountId: number, id: number): Promise<Selectable<WebhookEndpointsTable> | undefined> {
  return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).where('account_id', '=', accountId).where('active', '=', 1).executeTakeFirst();
}
