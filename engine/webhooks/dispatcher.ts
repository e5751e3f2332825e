// Delivers queued webhooks: signed POSTs, retried with exponential backoff and jitter on
// a non-2xx answer, a network error or a timeout, up to a bounded number of attempts.
// State lives in the database, so a restart resumes exactly where delivery stopped.
import type { Db } from '../store/db.js';
import { claimAttempt, dueDeliveries, nextDueAt, recordAttempt, requeueDelivery, type DueDelivery } from '../store/webhook-deliveries.js';
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

function backoffMs(attempt: number, baseMs: number, random = Math.random): number {
  const exp = baseMs * 2 ** Math.max(0, attempt - 1);
  return Math.round(exp * (0.75 + random() * 0.5));
}

export class WebhookDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private busy = false;
  private stopped = false;
  private current: Promise<void> | null = null;

  constructor(private readonly db: Db, private readonly opts: DispatcherOptions) {}

  start(): void {
    this.wake();
  }

  wake(): void {
    if (this.stopped || this.busy) return;
    this.current = this.tick();
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
        const due = await dueDeliveries(this.db, Date.now(), 20);
        if (due.length === 0 || this.stopped) break;
        await Promise.all(due.map((d) => this.attempt(d)));
      }
    } catch (err) {
      console.error('webhooks: delivery loop failed', err);
    } finally {
      this.busy = false;
    }
    const next = await nextDueAt(this.db).catch(() => null);
    this.schedule(next !== null ? Math.min(5_000, Math.max(50, next - Date.now())) : 5_000);
  }

  private async attempt(d: DueDelivery): Promise<void> {
    const timestamp = Math.floor(Date.now() / 1000);
    const attempts = d.attempts + 1;
    // The attempt is on record before the request leaves: if the engine dies while the
    // receiver is answering, the count and the backoff still hold after the restart. The
    // same write claims the row (compare-and-set on `attempts`, so of several processes
    // sharing the outbox exactly one sends each attempt) with a lease covering the request:
    // no other process retries it while this one may still be waiting for the answer.
    const started = Date.now();
    const backoff = backoffMs(attempts, this.opts.retryBaseMs);
    if (!(await claimAttempt(this.db, d.id, attempts, started + Math.max(backoff, this.opts.timeoutMs + 5_000)))) return;
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
    await recordAttempt(this.db, d.id, { ...base, status: !error ? 'delivered' : attempts >= this.opts.maxAttempts ? 'failed' : undefined, next_attempt_at: started + backoff });
  }

  /**
   * Stops delivering and waits for the attempts in flight to be recorded: a process that
   * closed its database mid-request would leave the attempt claimed but unrecorded, and the
   * receiver would get it a second time once the claim's lease ran out.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.current;
  }
}

/** Puts a failed (or pending) delivery back at the front of the queue. */
export async function retryDelivery(db: Db, id: number, accountId?: number): Promise<void> {
  if (!(await requeueDelivery(db, id, accountId))) throw new Error(`no undelivered webhook delivery with id ${id}`);
}
