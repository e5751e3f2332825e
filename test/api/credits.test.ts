// Credits and page bands (spec 3 state table, section 8 credits), over real HTTP.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildPdf } from '../helpers/fixtures.js';
import { cli, createAccountWithToken, getJson, serverForSuite, upload, waitTerminal } from '../helpers/server.js';

const pdf = (pages: number) => ({ name: `doc-${pages}.pdf`, data: buildPdf({ pages, text: `Rechnung mit ${pages} Seiten` }) });
const balance = (dataDir: string, accountId: number) => cli(dataDir, ['credits', 'show', '--account', String(accountId)]).balance as number;
const ledger = (dataDir: string, accountId: number) => (cli(dataDir, ['credits', 'show', '--account', String(accountId)]).ledger as any[]).map((e) => [e.kind, e.amount]);

describe('credits and page bands', () => {
  const suite = serverForSuite();

  it('blocks a 25-page PDF on an account with 2 credits after the 201, returning the first band', async () => {
    const { accountId, token } = createAccountWithToken(suite.dataDir, { credits: 2 });
    cli(suite.dataDir, ['webhook', 'add', '--account', String(accountId), '--url', 'http://127.0.0.1:9/unused', '--events', 'document.blocked']);
    const res = await upload(suite.server.url, { token, file: pdf(25), fields: { processing_mode: 'analysis' } });
    assert.equal(res.status, 201);
    const accepted = ((await res.json()) as any).data;
    assert.equal(accepted.latest_extraction_run.credits_charged, 1);
    const doc = await waitTerminal(suite.server.url, token, accepted.id);
    assert.equal(doc.status, 'blocked');
    assert.equal(doc.blocked_reason, 'page_band_insufficient_credits');
    assert.equal(doc.latest_extraction_run.status, 'blocked');
    assert.equal(doc.latest_extraction_run.credits_charged, 0);
    assert.equal(balance(suite.dataDir, accountId), 2, 'the initial credits are returned');
    assert.deepEqual(ledger(suite.dataDir, accountId), [['grant', 2], ['apply_first_band', -1], ['return', 1]]);
    const deliveries = cli<any[]>(suite.dataDir, ['webhook', 'deliveries', '--account', String(accountId)]);
    assert.deepEqual(deliveries.map((d) => [d.document_id, d.event]), [[accepted.id, 'document.blocked']]);
  });

  it('charges the page-band total once the page count is known (15 pages = 2 bands)', async () => {
    const { accountId, token } = createAccountWithToken(suite.dataDir, { credits: 5 });
    const res = await upload(suite.server.url, { token, file: pdf(15), fields: { processing_mode: 'analysis' } });
    const doc = await waitTerminal(suite.server.url, token, ((await res.json()) as any).data.id);
    assert.equal(doc.status, 'completed', doc.processing_error);
    assert.equal(doc.number_of_pages, 15);
    assert.equal(doc.latest_extraction_run.credits_charged, 2);
    assert.equal(doc.latest_extraction_run.credit_cost, 1);
    assert.equal(balance(suite.dataDir, accountId), 3);
    assert.deepEqual(ledger(suite.dataDir, accountId), [['grant', 5], ['apply_first_band', -1], ['adjust_bands', -1]]);
  });

  it('charges only the requested pages in analysis mode with pages', async () => {
    const { accountId, token } = createAccountWithToken(suite.dataDir, { credits: 5 });
    const res = await upload(suite.server.url, { token, file: pdf(15), fields: { processing_mode: 'analysis', pages: '1,2,last' } });
    const doc = await waitTerminal(suite.server.url, token, ((await res.json()) as any).data.id);
    assert.equal(doc.status, 'completed', doc.processing_error);
    assert.equal(doc.number_of_pages, 15);
    assert.equal(doc.latest_extraction_run.credits_charged, 1);
    assert.equal(balance(suite.dataDir, accountId), 4);
    assert.equal(doc.extracted_text.split('\f').length, 3, 'only requested pages are returned');
  });

  it('answers 402 in every credit-using mode on a 0-credit account, and 201 in thumbnail mode', async () => {
    const { accountId, token } = createAccountWithToken(suite.dataDir, { credits: 0 });
    cli(suite.dataDir, ['webhook', 'add', '--account', String(accountId), '--url', 'http://127.0.0.1:9/unused', '--events', 'document.blocked']);
    for (const [mode, fields, required] of [
      ['extraction', { processing_mode: 'extraction' }, 1],
      ['analysis', { processing_mode: 'analysis' }, 1],
      ['validation', { processing_mode: 'validation' }, 1],
      ['energy profile', { processing_mode: 'extraction', extraction_profile: 'de.energy.supply-invoice' }, 3],
    ] as const) {
      const res = await upload(suite.server.url, { token, file: pdf(1), fields });
      assert.equal(res.status, 402, mode);
      const body = (await res.json()) as any;
      assert.equal(body.code, 'insufficient_credits');
      assert.equal(body.available_credits, 0);
      assert.equal(body.required_credits, required, mode);
      assert.equal(body.document.status, 'blocked');
      assert.equal(body.document.blocked_reason, 'insufficient_credits');
      assert.equal(body.document.latest_extraction_run.credits_charged, 0);
      const kept = await getJson(suite.server.url, `/api/v1/documents/${body.document.id}`, token);
      assert.equal(kept.body.data.status, 'blocked', 'the blocked document is kept (ER1)');
    }
    const blockedEvents = await (async () => {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const rows = cli<any[]>(suite.dataDir, ['webhook', 'deliveries', '--account', String(accountId)]);
        if (rows.length >= 4 || Date.now() > deadline) return rows;
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    assert.deepEqual(blockedEvents.map((d) => d.event), ['document.blocked', 'document.blocked', 'document.blocked', 'document.blocked'], 'a 402 emits document.blocked');
    const thumb = await upload(suite.server.url, { token, file: pdf(1), fields: { processing_mode: 'thumbnail' } });
    assert.equal(thumb.status, 201);
    const doc = await waitTerminal(suite.server.url, token, ((await thumb.json()) as any).data.id);
    assert.equal(doc.status, 'completed');
    assert.equal(doc.latest_extraction_run, null);
    assert.equal(balance(suite.dataDir, accountId), 0);
  });

  it('returns every applied credit when processing fails without a usable result', async () => {
    const { accountId, token } = createAccountWithToken(suite.dataDir, { credits: 3 });
    const res = await upload(suite.server.url, { token, file: { name: 'broken.pdf', data: Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog') }, fields: { processing_mode: 'analysis' } });
    assert.equal(res.status, 201);
    const doc = await waitTerminal(suite.server.url, token, ((await res.json()) as any).data.id);
    assert.equal(doc.status, 'error');
    assert.ok(doc.processing_error.length > 10, 'a human-readable processing_error');
    assert.equal(doc.latest_extraction_run.status, 'error');
    assert.equal(doc.latest_extraction_run.credits_charged, 0);
    assert.equal(balance(suite.dataDir, accountId), 3);
  });

  it('never charges test-mode documents and never answers 402 to them', async () => {
    const { accountId, token } = createAccountWithToken(suite.dataDir, { credits: 0, mode: 'test' });
    const res = await upload(suite.server.url, { token, file: pdf(12), fields: { processing_mode: 'analysis' } });
    assert.equal(res.status, 201);
    const accepted = ((await res.json()) as any).data;
    assert.equal(accepted.mode, 'test');
    assert.equal(accepted.latest_extraction_run.credits_charged, 0);
    const doc = await waitTerminal(suite.server.url, token, accepted.id);
    assert.equal(doc.status, 'completed', doc.processing_error);
    assert.equal(doc.latest_extraction_run.credits_charged, 0);
    assert.equal(doc.latest_extraction_run.billing_mode, 'test_mode');
    assert.equal(balance(suite.dataDir, accountId), 0);
  });

  it('reprocesses for free after a charged result, and keeps the recorded rate', async () => {
    const { accountId, token } = createAccountWithToken(suite.dataDir, { credits: 4 });
    const res = await upload(suite.server.url, { token, file: pdf(11), fields: { processing_mode: 'analysis' } });
    const id = ((await res.json()) as any).data.id as number;
    const first = await waitTerminal(suite.server.url, token, id);
    assert.equal(first.latest_extraction_run.credits_charged, 2);
    cli(suite.dataDir, ['document', 'reprocess', String(id)]);
    const again = await waitTerminal(suite.server.url, token, id);
    assert.equal(again.status, 'completed', again.processing_error);
    assert.notEqual(again.latest_extraction_run.id, first.latest_extraction_run.id);
    assert.equal(again.latest_extraction_run.credits_charged, 0);
    assert.equal(again.latest_extraction_run.credit_cost, first.latest_extraction_run.credit_cost);
    assert.equal(again.latest_extraction_run.profile_version, first.latest_extraction_run.profile_version);
    assert.equal(balance(suite.dataDir, accountId), 2);
  });

  it('charges a reprocessed document its page-band total once it leaves a usable result after a returned failure', async () => {
    const { accountId, token } = createAccountWithToken(suite.dataDir, { credits: 2 });
    const res = await upload(suite.server.url, { token, file: pdf(25), fields: { processing_mode: 'analysis' } });
    const id = ((await res.json()) as any).data.id as number;
    const blocked = await waitTerminal(suite.server.url, token, id);
    assert.equal(blocked.blocked_reason, 'page_band_insufficient_credits');
    assert.equal(balance(suite.dataDir, accountId), 2);
    cli(suite.dataDir, ['credits', 'grant', '--account', String(accountId), '--amount', '1']);
    cli(suite.dataDir, ['document', 'reprocess', String(id)]);
    const done = await waitTerminal(suite.server.url, token, id);
    assert.equal(done.status, 'completed', done.processing_error);
    assert.equal(done.latest_extraction_run.billing_mode, 'reprocess_after_returned_failure');
    assert.equal(done.latest_extraction_run.credits_charged, 3);
    assert.equal(balance(suite.dataDir, accountId), 0);
  });
});
