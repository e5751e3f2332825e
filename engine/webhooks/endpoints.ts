// Webhook endpoints per account: URL, signing secret, subscribed events.
import { randomBytes } from 'node:crypto';
import type { Db } from '../store/db.js';
import type { WebhookEvent } from '../store/schema.js';
import { nowTimestamp } from '../store/time.js';
import * as store from '../store/webhook-endpoints.js';
import { isSealed, secretBoxFor } from '../config/secrets.js';

export const WEBHOOK_EVENTS: WebhookEvent[] = ['document.completed', 'document.failed', 'document.blocked'];
export type WebhookEndpoint = store.WebhookEndpointRow;

export function parseEvents(input: string | undefined): WebhookEvent[] {
  if (!input) return [...WEBHOOK_EVENTS];
  const list = input.split(',').map((e) => e.trim()).filter(Boolean);
  const unknown = list.filter((e) => !(WEBHOOK_EVENTS as string[]).includes(e));
  if (unknown.length || list.length === 0) throw new Error(`unknown webhook events: ${unknown.join(', ') || '(none)'} (known: ${WEBHOOK_EVENTS.join(', ')})`);
  return [...new Set(list)] as WebhookEvent[];
}

function validateUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`not a valid URL: ${url}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('webhook URLs must use http or https');
  return parsed.toString();
}

const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** The signing secret of a stored endpoint row (stored sealed, docs/security.md). */
export function endpointSecret(db: Db, stored: string): string {
  return secretBoxFor(db).open(stored);
}

/** Rows leave this module with the secret opened; it is stored sealed. */
const opened = (db: Db, row: WebhookEndpoint): WebhookEndpoint => ({ ...row, secret: endpointSecret(db, row.secret) });

export async function addEndpoint(db: Db, accountId: number, url: string, events: WebhookEvent[]): Promise<WebhookEndpoint> {
  const ts = nowTimestamp();
  const row = await store.insertEndpoint(db, { account_id: accountId, url: validateUrl(url), secret: secretBoxFor(db).seal(newSecret()), events: JSON.stringify(events), active: 1, created_at: ts, updated_at: ts });
  return opened(db, row);
}

/** Seals secrets stored in plain text by an older version; returns how many it sealed. */
export async function sealPlainSecrets(db: Db): Promise<number> {
  const plain = (await store.endpointSecrets(db)).filter((r) => !isSealed(r.secret));
  for (const r of plain) await store.storeEndpointSecret(db, r.id, secretBoxFor(db).seal(r.secret));
  return plain.length;
}

export async function listEndpoints(db: Db, accountId?: number): Promise<WebhookEndpoint[]> {
  return (await store.activeEndpoints(db, accountId)).map((row) => opened(db, row));
}

/** Deactivates an endpoint; its delivery log stays. */
export async function removeEndpoint(db: Db, id: number, accountId?: number): Promise<void> {
  if (!(await store.deactivateEndpoint(db, id, accountId))) throw new Error(`no webhook endpoint with id ${id}`);
}

export async function rotateSecret(db: Db, id: number, accountId?: number): Promise<WebhookEndpoint> {
  const row = await store.rotateEndpointSecret(db, id, secretBoxFor(db).seal(newSecret()), accountId);
  if (!row) throw new Error(`no webhook endpoint with id ${id}`);
  return opened(db, row);
}
