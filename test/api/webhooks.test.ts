// Signed webhooks to a real receiver on 127.0.0.1: the documented receiver code verifies
// the signature, the first two deliveries fail, the engine restarts in between, and the
// receiver processes the event exactly once.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { cli, REPO_ROOT, serverForSuite, upload, waitTerminal } from '../helpers/server.js';

interface ReceiverModule {
  handleDelivery(opts: { secret: string; store: { add(id: string): boolean }; process: (p: any) => void }, headers: Record<string, string | string[] | undefined>, raw: string): { status: number; body: string };
  DeliveryStore: new () => { add(id: string): boolean };
}

const receiverModule = (): Promise<ReceiverModule> => import(pathToFileURL(join(REPO_ROOT, 'docs', 'examples', 'webhook-receiver.mjs')).href) as Promise<ReceiverModule>;

interface Received {
  headers: Record<string, string | string[] | undefined>;
  raw: string;
  answered: number;
}

/** `failing` starts as given; while true the receiver is "down" (503), the test flips it. */
async function startReceiver(secret: () => string, failing: boolean) {
  const state = { failing };
  const mod = await receiverModule();
  const received: Received[] = [];
  const processed: any[] = [];
  const store = new mod.DeliveryStore();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      // While "down" the receiver answers 503; after that, the documented code answers.
      const result = state.failing ? { status: 503, body: 'unavailable' } : mod.handleDelivery({ secret: secret(), store, process: (p) => processed.push(p) }, req.headers, raw);
      received.push({ headers: req.headers, raw, answered: result.status });
      res.writeHead(result.status).end(result.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hook`;
  return { url, received, processed, state, close: () => new Promise<void>((r) => server.close(() => r())) };
}

async function waitFor(predicate: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const png = () => sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } }).png().toBuffer();
// Long enough that the engine is killed between the first and the second attempt (at least
// 3 s: the `docdesk webhook deliveries` poll takes up to ~2 s on the Postgres pass).
const env = { DOCDESK_WEBHOOK_RETRY_BASE_MS: '4000' };

describe('webhooks', () => {
  const suite = serverForSuite({ env });

  it('retries a failing receiver with the same signed delivery across a restart and is processed exactly once', async () => {
    let secret = '';
    const receiver = await startReceiver(() => secret, true);
    try {
      const endpoint = cli(suite.dataDir, ['webhook', 'add', '--account', '1', '--url', receiver.url, '--events', 'document.completed,document.failed']);
      secret = endpoint.secret;
      assert.match(secret, /^whsec_/);

      const res = await upload(suite.server.url, { token: suite.server.appToken, file: { name: 'scan.png', data: await png() }, fields: { processing_mode: 'thumbnail' } });
      const id = ((await res.json()) as any).data.id as number;
      await waitTerminal(suite.server.url, suite.server.appToken, id);
      // The receiver stays down until told otherwise, so "a failed attempt is on record" is a
      // stable state however slow each CLI call is. The engine goes down once it holds, and
      // comes back; only then does the receiver recover, so the success is the restarted
      // engine's retry of the same delivery.
      await waitFor(() => cli<any[]>(suite.dataDir, ['webhook', 'deliveries', '--account', '1']).some((d) => d.document_id === id && d.last_status_code === 503 && d.status === 'pending'));
      await suite.restart('kill');
      receiver.state.failing = false;

      await waitFor(() => receiver.processed.length === 1);
      await new Promise((r) => setTimeout(r, 500));
      const failures = receiver.received.length - 1;
      assert.ok(failures >= 1, 'at least one failure before the restart');
      assert.deepEqual(receiver.received.map((r) => r.answered), [...Array<number>(failures).fill(503), 202], 'failures, then one success');
      const ids = new Set(receiver.received.map((r) => r.headers['x-delivery']));
      assert.equal(ids.size, 1, 'every attempt carries the same delivery id');
      assert.equal(new Set(receiver.received.map((r) => r.raw)).size, 1, 'the raw body is identical on every attempt');
      assert.equal(receiver.processed.length, 1);
      const payload = receiver.processed[0];
      assert.equal(payload.event, 'document.completed');
      assert.equal(payload.data.document.id, id);
      assert.equal(payload.data.document.status, 'completed');
      assert.equal(receiver.received[failures]!.headers['x-docdesk-event'], 'document.completed');

      const log = cli<any[]>(suite.dataDir, ['webhook', 'deliveries', '--account', '1']);
      const entry = log.find((d) => d.document_id === id)!;
      assert.equal(entry.status, 'delivered');
      // Every request the receiver saw is a counted attempt; the count is on record before the
      // request leaves, so an attempt the kill cut short may be counted without having arrived.
      assert.ok(entry.attempts === receiver.received.length || entry.attempts === receiver.received.length + 1, `attempts ${entry.attempts}, received ${receiver.received.length}`);
      assert.equal(entry.last_status_code, 202);
    } finally {
      await receiver.close();
    }
  });

  it('a graceful stop waits for the delivery in flight: it is recorded delivered and not sent again', async () => {
    // The receiver holds its answer until the server has been told to stop. Without the wait,
    // the server closed its database mid-request: the attempt stayed claimed but unrecorded,
    // and another process sent it again when the claim's lease ran out.
    const held: Array<() => void> = [];
    const hits: string[] = [];
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        hits.push(String(req.headers['x-delivery']));
        held.push(() => res.writeHead(202).end('ok'));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const address = server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/slow`;
    try {
      const endpoint = cli(suite.dataDir, ['webhook', 'add', '--account', '1', '--url', url, '--events', 'document.completed']);
      const res = await upload(suite.server.url, { token: suite.server.appToken, file: { name: 'held.png', data: await png() }, fields: { processing_mode: 'thumbnail' } });
      const id = ((await res.json()) as any).data.id as number;
      await waitFor(() => held.length === 1);
      const restarted = suite.restart('stop');
      // Give the stop time to reach the dispatcher before the answer leaves.
      await new Promise((r) => setTimeout(r, 500));
      held.shift()!();
      await restarted;
      const entry = cli<any[]>(suite.dataDir, ['webhook', 'deliveries', '--account', '1']).find((d) => d.document_id === id && d.endpoint_id === endpoint.id)!;
      assert.equal(entry.status, 'delivered');
      assert.equal(entry.attempts, 1);
      assert.deepEqual(hits, [hits[0]], 'the receiver saw the delivery once');
      cli(suite.dataDir, ['webhook', 'remove', String(endpoint.id)]);
    } finally {
      for (const answer of held) answer();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it('is rejected by the receiver code when the body or the secret differs', async () => {
    const mod = await receiverModule();
    let secret = '';
    const receiver = await startReceiver(() => secret, false);
    try {
      const endpoint = cli(suite.dataDir, ['webhook', 'add', '--account', '1', '--url', receiver.url, '--events', 'document.failed']);
      secret = endpoint.secret;
      const res = await upload(suite.server.url, { token: suite.server.appToken, file: { name: 'junk.pdf', data: Buffer.from('not a document at all') }, fields: { processing_mode: 'thumbnail' } });
      const id = ((await res.json()) as any).data.id as number;
      const doc = await waitTerminal(suite.server.url, suite.server.appToken, id);
      assert.equal(doc.status, 'error');
      await waitFor(() => receiver.processed.some((p) => p.data.document.id === id));
      const delivery = receiver.received.find((r) => JSON.parse(r.raw).data.document.id === id)!;
      assert.equal(delivery.headers['x-docdesk-event'], 'document.failed');
      const store = new mod.DeliveryStore();
      const tampered = delivery.raw.replace('"error"', '"completed"');
      assert.equal(mod.handleDelivery({ secret, store, process: () => undefined }, delivery.headers, tampered).status, 401);
      assert.equal(mod.handleDelivery({ secret: 'whsec_wrong', store, process: () => undefined }, delivery.headers, delivery.raw).status, 401);
      const stale = { ...delivery.headers, 'x-docdesk-timestamp': String(Math.floor(Date.now() / 1000) - 3600) };
      assert.equal(mod.handleDelivery({ secret, store, process: () => undefined }, stale, delivery.raw).body, 'stale timestamp');
    } finally {
      await receiver.close();
    }
  });
});
