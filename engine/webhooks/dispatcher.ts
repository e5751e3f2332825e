// Delivers queued webhooks: signed POSTs, retried with exponential backoff and jitter on
// a non-2xx answer, a network error or a timeout, up to a bounded number of attempts.
// State lives in SQLite, so a restart resumes exactly where delivery stopped.
import type { Db } from '../store/db.js';
import { nowTimestamp } from '../store/time.js';
import { HEADER_DELIVERY, HEADER_EVENT, HEADER_SIGNATURE, HEADER_TIMESTAMP, sign } from './signature.js';
import { endpointSecret } from './endpoints.js';

export interface DispatcherOptions {
  /** First retry delay; doubles per attempt (with ±25 % jitter). */
  retryBaseMs: number;
  maxAttempts: number;
  timeoutMs: number;
}

export function dispatcherOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): DispatcherOptions {
  const num = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d);
  return {
    retryBaseMs: num(env.DOCDESK_WEBHOOK_RETRY_BASE_MS, 30_000),
    maxAttempts: num(env.DOCDESK_WEBHOOK_MAX_ATTEMPTS, 8),
    timeoutMs: num(env.DOCDESK_WEBHOOK_TIMEOUT_MS, 10_000),
  };
}

export function backoffMs(attempt: number, baseMs: number, random = Math.random): number {
  const exp = baseMs * 2 ** Math.max(0, attempt - 1);
  return Math.round(exp * (0.75 + random() * 0.5));
}

export class WebhookDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private busy = false;
  private stopped = false;

  constructor(private readonly db: Db, private readonly opts: DispatcherOptions) {}

  start(): void {
    this.wake();
  }

  wake(): void {
    if (this.stopped) return;
    void this.tick();
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.wake(), ms);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      for (;;) {
        const due = await this.db
          .selectFrom('webhook_deliveries')
          .innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id')
          .select(['webhook_deliveries.id', 'webhook_deliveries.delivery_id', 'webhook_deliveries.event', 'webhook_deliveries.body', 'webhook_deliveries.attempts', 'webhook_endpoints.url', 'webhook_endpoints.secret'])
          .where('webhook_deliveries.status', '=', 'pending')
          .where('webhook_deliveries.next_attempt_at', '<=', Date.now())
          .orderBy('webhook_deliveries.next_attempt_at')
          .limit(20)
          .execute();
        if (due.length === 0 || this.stopped) break;
        await Promise.all(due.map((d) => this.attempt(d)));
      }
    } catch (err) {
      console.error('webhooks: delivery loop failed', err);
    } finally {
      this.busy = false;
    }
    const next = await this.db.selectFrom('webhook_deliveries').select('next_attempt_at').where('status', '=', 'pending').orderBy('next_attempt_at').limit(1).executeTakeFirst().catch(() => undefined);
    this.schedule(next ? Math.min(5_000, Math.max(50, next.next_attempt_at - Date.now())) : 5_000);
  }

  private async attempt(d: { id: number; delivery_id: string; event: string; body: string; attempts: number; url: string; secret: string }): Promise<void> {
    const timestamp = Math.floor(Date.now() / 1000);
    const attempts = d.attempts + 1;
    // The attempt is on record before the request leaves: if the engine dies while the
    // receiver is answering, the count and the backoff still hold after the restart. The
    // same write claims the row (compare-and-set on `attempts`) with a lease covering the
    // request, so of several processes sharing the outbox exactly one sends each attempt.
    const started = Date.now();
    const backoff = backoffMs(attempts, this.opts.retryBaseMs);
    const held = await this.db
      .updateTable('webhook_deliveries')
      .set({ attempts, next_attempt_at: started + Math.max(backoff, this.opts.timeoutMs + 5_000) })
      .where('id', '=', d.id)
      .where('status', '=', 'pending')
      .where('attempts', '=', d.attempts)
      .executeTakeFirst();
    if (Number(held.numUpdatedRows) !== 1) return;
    let status: number | null = null;
    let error: string | null = null;
    try {
      const res = await fetch(d.url, {
        method: 'POST',
        body: d.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.opts.timeoutMs),
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'Docdesk-Webhooks/1',
          [HEADER_EVENT]: d.event,
          [HEADER_DELIVERY]: d.delivery_id,
          [HEADER_TIMESTAMP]: String(timestamp),
          [HEADER_SIGNATURE]: sign(endpointSecret(this.db, d.secret), timestamp, d.delivery_id, d.event, d.body),
        },
      });
      status = res.status;
      await res.arrayBuffer().catch(() => undefined);
      if (res.status < 200 || res.status >= 300) error = `receiver answered ${res.status}`;
    } catch (err) {
      error = err instanceof Error ? (err.name === 'TimeoutError' ? `no answer within ${this.opts.timeoutMs} ms` : err.message) : String(err);
    }
    const base = { attempts, last_status_code: status, last_error: error };
    if (!error) {
      await this.db.updateTable('webhook_deliveries').set({ ...base, status: 'delivered', delivered_at: nowTimestamp() }).where('id', '=', d.id).execute();
    } else if (attempts >= this.opts.maxAttempts) {
      await this.db.updateTable('webhook_deliveries').set({ ...base, status: 'failed' }).where('id', '=', d.id).execute();
    } else {
      await this.db.updateTable('webhook_deliveries').set({ ...base, next_attempt_at: started + backoff }).where('id', '=', d.id).execute();
    }
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }
}

/** Puts a failed (or pending) delivery back at the front of the queue. */
export async function retryDelivery(db: Db, id: number, accountId?: number): Promise<void> {
  let q = db.updateTable('webhook_deliveries').set({ status: 'pending', next_attempt_at: Date.now() }).where('id', '=', id).where('status', '!=', 'delivered');
  if (accountId !== undefined) q = q.where('account_id', '=', accountId);
  const res = await q.executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) throw new Error(`no undelivered webhook delivery with id ${id}`);
}
