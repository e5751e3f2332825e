// The de.energy.supply-invoice profile end to end over HTTP: real sample PDFs through the
// whole pipeline (reading, OCR, extractor, policy), the stored profile result and the
// document's sector_extraction_summary, page-band billing at 3 credits per band, a non-
// invoice, and a PDF without readable text (error, credits returned).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { openDatabase } from '../../engine/store/db.js';
import { testDatabaseTarget } from '../helpers/database.js';
import { buildFixturePdf, textPagesPdf } from '../helpers/pdf-fixtures.js';
import { cli, createAccountWithToken, getJson, serverForSuite, upload, waitTerminal } from '../helpers/server.js';
import { samplePath, skipUnlessSamples } from '../helpers/samples.js';

const ENERGY = 'de.energy.supply-invoice';

describe('energy profile pipeline', () => {
  const suite = serverForSuite();

  const run = async (name: string, data: Buffer, token = suite.server.appToken) => {
    const res = await upload(suite.server.url, { token, file: { name, data }, fields: { extraction_profile: ENERGY } });
    assert.equal(res.status, 201, await res.clone().text());
    const accepted = ((await res.json()) as any).data;
    assert.equal(accepted.latest_extraction_run.credits_charged, 3, 'the first band at the profile rate');
    assert.equal(accepted.sector_extraction_summary, null, 'no result before processing');
    return waitTerminal(suite.server.url, token, accepted.id, 300_000);
  };

  const storedResult = async (documentId: number) => {
    const { db, close } = await openDatabase(testDatabaseTarget(suite.dataDir));
    try {
      return (await db.selectFrom('profile_results').selectAll().where('document_id', '=', documentId).orderBy('id', 'desc').executeTakeFirst()) as any;
    } finally {
      await close();
    }
  };

  it('a native single-invoice bill (shared sample) completes with a stored result and its summary', { skip: skipUnlessSamples('energy') }, async () => {
    const pdf = samplePath('energy', 'energy-7-0007.pdf');
    const truth = JSON.parse(readFileSync(pdf.replace('.pdf', '.truth.json'), 'utf8'));
    const doc = await run('bill.pdf', readFileSync(pdf));
    assert.equal(doc.status, 'completed', doc.processing_error);
    assert.equal(doc.number_of_pages, truth.packet.page_count);
    const r = doc.latest_extraction_run;
    assert.equal(r.credits_charged, 3);
    assert.equal(r.credit_cost, 3);
    assert.equal(r.extraction_profile, ENERGY);
    assert.equal(r.profile_version, '2.0.1');
    assert.equal(r.extraction_schema_version, '2.0.0');
    assert.match(r.extractor_version, /^docdesk-energy:/);
    assert.equal(r.quality.ai.status, 'not_configured', 'no provider: the deterministic result stands');
    assert.ok(r.strategies_used.includes('energy_validation_policy'));

    const s = doc.sector_extraction_summary;
    assert.ok(s, 'sector_extraction_summary is present');
    assert.equal(s.profile, ENERGY);
    assert.equal(s.extraction_run_id, r.id);
    assert.equal(s.profile_version, '2.0.1');
    assert.equal(s.schema_version, '2.0.0');
    assert.ok(['accepted', 'needs_review'].includes(s.machine_outcome), s.machine_outcome);
    assert.equal(s.effective_outcome, s.machine_outcome);
    assert.equal(s.lock_version, 1);
    assert.match(s.etag, /^"\d+-1-[0-9a-f]{16}"$/);
    assert.equal(s.extractions_url, `${suite.server.url}/api/v1/documents/${doc.id}/extractions`);
    assert.deepEqual(Object.keys(s.exports).sort(), ['canonical_json', 'invoice_lines_csv']);
    assert.equal(s.exports.canonical_json.contract_version, '2.0.0');

    const row = (await storedResult(doc.id));
    assert.equal(row.run_id, r.id);
    const payload = JSON.parse(row.machine_payload);
    assert.deepEqual(JSON.parse(row.effective_payload), payload);
    assert.equal(payload.invoices.length, 1);
    const inv = payload.invoices[0];
    assert.deepEqual(inv.page_range, truth.invoices[0].page_range);
    if (inv.outcome === 'accepted') {
      // An accepted invoice must be right: compare the settlement with the truth.
      assert.deepEqual(inv.data.settlement, truth.invoices[0].data.settlement);
    }
    assert.ok(Object.keys(inv.data.field_quality).length > 20, 'field_quality is filled');
    const summary = JSON.parse(row.validation_summary);
    assert.equal(summary.machine_outcome, row.machine_outcome);
    assert.equal(summary.invoices[0].outcome, inv.outcome);
    const evidence = JSON.parse(row.evidence);
    assert.ok(evidence.length > 20 && evidence.every((e: any) => e.text && e.physical_page >= 1));
    if (row.machine_outcome === 'accepted') assert.equal(row.acceptance_source, 'machine');
  });

  it('reprocessing keeps the recorded profile version, settings and rate, free after a charged result', { skip: skipUnlessSamples('energy') }, async () => {
    const first = await run('again.pdf', readFileSync(samplePath('energy', 'energy-7-0007.pdf')));
    assert.equal(first.status, 'completed', first.processing_error);
    // A document uploaded while 2.0.0 was current keeps 2.0.0 when processed again (spec 9.7).
    const { db, close } = await openDatabase(testDatabaseTarget(suite.dataDir));
    try {
      await db.updateTable('extraction_runs').set({ profile_version: '2.0.0' }).where('id', '=', first.latest_extraction_run.id).execute();
    } finally {
      await close();
    }
    const { run_id } = cli(suite.dataDir, ['document', 'reprocess', String(first.id)]);
    assert.ok(run_id > first.latest_extraction_run.id);
    const again = await waitTerminal(suite.server.url, suite.server.appToken, first.id, 300_000);
    assert.equal(again.status, 'completed', again.processing_error);
    const r = again.latest_extraction_run;
    assert.equal(r.id, run_id);
    assert.equal(r.profile_version, '2.0.0');
    assert.equal(r.credit_cost, 3);
    assert.equal(r.credits_charged, 0, 'reprocessing after a charged result is free');
    assert.equal(again.sector_extraction_summary.extraction_run_id, run_id);
    assert.equal(again.sector_extraction_summary.profile_version, '2.0.0');
    assert.equal(again.sector_extraction_summary.machine_outcome, first.sector_extraction_summary.machine_outcome, 'deterministic');
    const listed = await getJson(suite.server.url, '/api/v1/documents?per_page=100', suite.server.appToken);
    assert.equal(listed.body.data.find((d: any) => d.id === first.id).sector_extraction_summary.extraction_run_id, run_id, 'lists carry the summary too');
  });

  it('a price-change letter (shared sample) is unsupported with invoices = []', { skip: skipUnlessSamples('energy') }, async () => {
    const doc = await run('letter.pdf', readFileSync(samplePath('energy', 'energy-7-0011.pdf')));
    assert.equal(doc.status, 'completed', doc.processing_error);
    assert.equal(doc.sector_extraction_summary.machine_outcome, 'unsupported');
    assert.ok(doc.sector_extraction_summary.review_reasons.includes('unsupported_document'));
    assert.deepEqual(JSON.parse((await storedResult(doc.id)).machine_payload).invoices, []);
  });

  it('bills 3 / 6 / 9 credits for 1–10, 11–20 and 21–30 pages', async () => {
    const { token } = createAccountWithToken(suite.dataDir, { credits: 100 });
    for (const [pages, credits] of [[10, 3], [11, 6], [21, 9]] as const) {
      const doc = await run(`pages-${pages}.pdf`, textPagesPdf(pages), token);
      assert.equal(doc.status, 'completed', doc.processing_error);
      assert.equal(doc.number_of_pages, pages);
      assert.equal(doc.latest_extraction_run.credits_charged, credits, `${pages} pages`);
    }
  });

  it('a PDF without readable text ends in error, with a failed result and every credit returned', async () => {
    const doc = await run('blank.pdf', buildFixturePdf({ pages: [{ content: '' }] }));
    assert.equal(doc.status, 'error');
    assert.match(doc.processing_error, /No text could be read/);
    assert.equal(doc.latest_extraction_run.error_code, 'no_usable_text');
    assert.equal(doc.latest_extraction_run.credits_charged, 0);
    assert.equal(doc.sector_extraction_summary.machine_outcome, 'failed');
    assert.equal((await storedResult(doc.id)).machine_payload, null);
  });
});
