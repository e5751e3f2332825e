// Extraction mode (generic profile) end to end over HTTP: fields with candidates and
// provenance, run versions and quality, credits, on a native PDF, a scan and an e-mail with
// several attachments; AI off, AI requested without a provider, and AI through a local
// OpenAI-compatible server configured with `docdesk ai set`.
import { after, before, describe, it } from 'node:test';
import { existsSync, readFileSync } from 'node:fs';
import assert from 'node:assert/strict';
import { buildDocx, buildRichEml, buildXml } from '../helpers/fixtures.js';
import { ublInvoice, VALID_IBAN } from '../engine/einvoice/fixtures.js';
import { buildFixturePdf, textLine } from '../helpers/pdf-fixtures.js';
import { cli, cliRaw, serverForSuite, upload, waitTerminal } from '../helpers/server.js';
import { assertGermanInvoiceFields, invoicePdf, invoiceScanPng } from '../helpers/invoice-fixtures.js';
import { proposal, startChatServer, type ChatServer } from '../helpers/chat-server.js';
import { loadContract } from './contract.js';
import { call } from './support.js';
import { samplePath, skipUnlessSamples } from '../helpers/samples.js';

const PACKET = samplePath('energy', 'energy-7-0001.pdf');
const values = (data: Record<string, { value: unknown }>) => Object.fromEntries(Object.entries(data).map(([k, f]) => [k, f.value]));

describe('extraction mode, generic profile', () => {
  const suite = serverForSuite();
  let chat: ChatServer;
  before(async () => {
    chat = await startChatServer('local-llm');
  });
  after(async () => chat.close());

  const extract = async (name: string, data: Buffer | Uint8Array, fields: Record<string, string> = {}) => {
    const res = await upload(suite.server.url, { token: suite.server.appToken, file: { name, data }, fields: { processing_mode: 'extraction', ...fields } });
    assert.equal(res.status, 201, await res.clone().text());
    const accepted = ((await res.json()) as any).data;
    assert.equal(accepted.extractions, null);
    assert.equal(accepted.latest_extraction_run.credits_charged, 1);
    return waitTerminal(suite.server.url, suite.server.appToken, accepted.id, 240_000);
  };
  const extractions = (id: number) => call(suite.server.url, `/api/v1/documents/${id}/extractions`, { token: suite.server.appToken });

  it('native PDF, AI not allowed: every field with candidates and provenance; run versions, quality, credits', async () => {
    const doc = await extract('rechnung.pdf', invoicePdf(), { allow_ai_processing: 'false', text: 'Kostenstelle 4711' });
    assert.equal(doc.status, 'completed', doc.processing_error);
    assert.equal(doc.processing_stage, 'completed');
    assert.equal(doc.ai_processing, false);
    const got = values(doc.extractions);
    assertGermanInvoiceFields(got);
    assert.equal((got.tax_breakdowns as any[])[0].tax_rate, '19.00');
    const gross = doc.extractions.gross_amount;
    assert.equal(gross.provenance.method, 'label_value');
    assert.equal(gross.provenance.source.component_ref, 'main');
    assert.equal(gross.provenance.source.page, 1);
    assert.ok(gross.provenance.source.bbox.w > 0);
    assert.ok(Array.isArray(gross.candidates) && gross.candidates.length >= 1);
    assert.equal(doc.extractions.payment_due_date.provenance.method, 'sentence');

    const run = doc.latest_extraction_run;
    assert.equal(run.status, 'completed');
    assert.equal(run.credits_charged, 1);
    assert.match(run.extractor_version, /^docdesk-generic:/);
    assert.match(run.normalization_version, /^normalize:/);
    assert.match(run.extraction_schema_version, /^generic:/);
    assert.equal(run.ai_model, null);
    assert.equal(run.provenance_summary.classification, 'deterministic');
    assert.ok(run.provenance_summary.field_counts.label_value >= 5);
    assert.ok(run.strategies_used.includes('consistency'));
    assert.equal(run.quality.status, 'normal', JSON.stringify(run.quality.reasons));
    assert.equal(run.quality.ai.status, 'disabled');
    // The documented quality.ai shape (docs/decisions.md), complete even when AI is off.
    assert.deepEqual(Object.keys(run.quality.ai).sort(), ['changed_fields', 'confirmed_fields', 'conflict_fields', 'deterministic_supplementation', 'detail', 'document_text_truncated', 'email_text_truncated', 'input_chars', 'input_mode', 'low_detail_document_text_cross_checked', 'max_output_tokens', 'model', 'no_usable_text', 'preflight_unavailable', 'prompt_version', 'provider', 'reason', 'reasoning_effort', 'recovered_fields', 'rejected_fields', 'service_tier', 'status', 'text_purpose'].sort());
    assert.equal(run.quality.ai.model, null);
    assert.equal(run.quality.ai.document_text_truncated, false);
    assert.equal(run.quality.ai.reason, 'allow_ai_processing_false');
    assert.deepEqual(run.quality.ai.rejected_fields, []);
    assert.equal(run.quality.pdf.page_count, 1);
    assert.equal(doc.previews.length, 1);
    assert.ok(doc.thumbnail);

    const reply = await extractions(doc.id);
    assert.equal(reply.status, 200);
    assert.deepEqual(values(reply.body.data), got);
    const contract = await loadContract(suite.server.url);
    contract.assertResponse('listDocumentExtractions', reply);
    contract.assertResponse('getDocument', await call(suite.server.url, `/api/v1/documents/${doc.id}`, { token: suite.server.appToken }));
  });

  it('scanned invoice (OCR), AI requested but no provider configured: deterministic, completed, and it says so', async () => {
    const doc = await extract('scan.png', invoiceScanPng());
    assert.equal(doc.status, 'completed', doc.processing_error);
    assert.equal(doc.ai_processing, true);
    const got = values(doc.extractions);
    assertGermanInvoiceFields(got, ['document_number', 'issue_date', 'gross_amount', 'net_amount', 'iban']);
    const q = doc.latest_extraction_run.quality;
    assert.equal(q.ai.status, 'not_configured');
    assert.equal(q.ai.reason, 'no_provider_configured');
    assert.equal(q.pdf.ocr_attempted_pages, 1);
    assert.equal(doc.latest_extraction_run.ai_model, null);
  });

  it('e-mail with two attachments: one financial attachment is used, the run says which', async () => {
    const note = buildFixturePdf({ pages: [{ content: [textLine(56, 760, 'Protokoll der Besprechung', 14), textLine(56, 730, 'Teilnehmer: Frau Kaya, Herr Brandt')].join('\n') }] });
    const eml = buildRichEml({ subject: 'Unterlagen', text: 'Guten Tag,\nanbei Protokoll und Rechnung.\nGrüße', attachments: [{ filename: 'protokoll.pdf', data: note, contentType: 'application/pdf' }, { filename: 'rechnung.pdf', data: invoicePdf(), contentType: 'application/pdf' }] });
    const doc = await extract('mail.eml', eml, { allow_ai_processing: '0' });
    assert.equal(doc.status, 'completed', doc.processing_error);
    const got = values(doc.extractions);
    assert.equal(got.gross_amount, '1487.50');
    assert.equal(doc.extractions.gross_amount.provenance.source.component_ref, 'att-2');
    const q = doc.latest_extraction_run.quality;
    assert.equal(q.email.selected_component, 'att-2');
    assert.equal(q.email.selection_reason, 'financial_attachment');
    assert.ok(doc.latest_extraction_run.strategies_used.includes('component_selection'));
  });

  it('a Word invoice: text from the document structure, table cells as label and value', async () => {
    const docx = buildDocx({ heading: 'Rechnung', paragraphs: ['Rechnungsnummer: W-2024-007', 'Rechnungsdatum: 02.04.2024', 'Bitte zahlen Sie bis zum 16.04.2024 auf IBAN DE89 3704 0044 0532 0130 00.'], table: [['Summe netto', '100,00 EUR'], ['Umsatzsteuer 19 %', '19,00 EUR'], ['Rechnungsbetrag', '119,00 EUR']] });
    const doc = await extract('rechnung.docx', docx, { allow_ai_processing: 'false' });
    assert.equal(doc.status, 'completed', doc.processing_error);
    const got = values(doc.extractions);
    assert.equal(got.document_number, 'W-2024-007');
    assert.equal(got.issue_date, '2024-04-02');
    assert.equal(got.payment_due_date, '2024-04-16');
    assert.equal(got.net_amount, '100.00');
    assert.equal(got.gross_amount, '119.00');
    assert.equal(got.iban, 'DE89370400440532013000');
  });

  it('accepted standalone e-invoice XML: its values are the fields, with provenance structured_invoice (2.4)', async () => {
    const doc = await extract('xrechnung.xml', Buffer.from(ublInvoice()), { allow_ai_processing: 'false' });
    assert.equal(doc.status, 'completed', doc.processing_error);
    const q = doc.latest_extraction_run.quality;
    assert.equal(q.structured.assessment, 'pass');
    assert.equal(q.structured.detection_status, 'recognized');
    const f = doc.extractions;
    assert.equal(f.iban.value, VALID_IBAN);
    assert.equal(f.currency.value, 'EUR');
    assert.match(f.gross_amount.value, /^\d+\.\d{2}$/);
    assert.equal(f.document_number.provenance.method, 'structured_invoice');
    assert.equal(f.document_number.provenance.source.text, 'xrechnung.xml');
    assert.equal(f.document_number.provenance.source.page, null);
    assert.equal(doc.latest_extraction_run.provenance_summary.classification, 'structured');
    assert.equal(doc.is_e_invoice, true);
    assert.equal(doc.latest_extraction_run.credits_charged, 1);
  });

  it('Q4: rejected standalone invoice XML fails with unsupported_structured_invoice; the assessment stays inspectable; credits return', async () => {
    const doc = await extract('invoice.xml', Buffer.from(buildXml('ubl')));
    assert.equal(doc.status, 'error');
    const run = doc.latest_extraction_run;
    assert.equal(run.error_code, 'unsupported_structured_invoice');
    assert.equal(run.quality.structured.assessment, 'fail');
    assert.ok(run.quality.structured.validation_errors.counts.error > 0);
    assert.equal(run.credits_charged, 0);
  });

  it('Q4: a hybrid PDF whose XML is rejected completes from the visible text, degraded, with conflict metadata', async () => {
    const invalid = Buffer.from(ublInvoice().replace(/<cbc:ID>[^<]*<\/cbc:ID>/, '<cbc:ID>XML-NUMBER-1</cbc:ID>').replace(/<cbc:IssueDate>[^<]*<\/cbc:IssueDate>/, ''));
    const pdf = buildFixturePdf({ pages: [{ content: [textLine(72, 760, 'Rechnung', 14), textLine(72, 730, 'Rechnungsnummer: R-2024-0042'), textLine(72, 712, 'Rechnungsdatum: 05.03.2024'), textLine(72, 694, 'Gesamtbetrag: 1.487,50 EUR')].join('\n') }], attachments: [{ filename: 'xrechnung.xml', data: invalid, mime: 'text/xml' }] });
    const doc = await extract('hybrid.pdf', pdf, { allow_ai_processing: 'false' });
    assert.equal(doc.status, 'completed', doc.processing_error);
    const q = doc.latest_extraction_run.quality;
    assert.equal(q.status, 'degraded');
    assert.ok(q.reasons.includes('structured_invoice_rejected'));
    assert.equal(q.structured.assessment, 'fail');
    assert.ok(q.structured.conflict_fields.includes('document_number'));
    assert.equal(doc.extractions.document_number.value, 'R-2024-0042');
    assert.notEqual(doc.extractions.document_number.provenance.method, 'structured_invoice');
    assert.equal(doc.is_e_invoice, false);
  });

  it('a real two-invoice energy packet (shared sample): the first invoice, from the whole pipeline', { skip: skipUnlessSamples('energy') }, async () => {
    const doc = await extract('packet.pdf', readFileSync(PACKET), { allow_ai_processing: 'false' });
    assert.equal(doc.status, 'completed', doc.processing_error);
    assert.equal(doc.number_of_pages, 6);
    const truth = JSON.parse(readFileSync(PACKET.replace('.pdf', '.generic.json'), 'utf8'));
    const got = values(doc.extractions);
    for (const k of ['document_number', 'issue_date', 'payment_due_date', 'sender_vat_number', 'currency', 'net_amount', 'gross_amount', 'iban', 'bic', 'payment_reference']) assert.equal(got[k], truth[k], k);
    assert.deepEqual(doc.latest_extraction_run.quality.extraction.pages, [1, 2, 3]);
    assert.ok(doc.latest_extraction_run.strategies_used.includes('packet_first_invoice'));
  });

  it('analysis documents keep an empty extractions array', async () => {
    const res = await upload(suite.server.url, { token: suite.server.appToken, file: { name: 'a.pdf', data: invoicePdf() }, fields: { processing_mode: 'analysis' } });
    const doc = await waitTerminal(suite.server.url, suite.server.appToken, ((await res.json()) as any).data.id, 120_000);
    assert.deepEqual(doc.extractions, []);
    assert.deepEqual((await extractions(doc.id)).body, { data: [] });
  });

  it('docdesk ai set/show/off; with a provider the AI is a second opinion recorded in quality.ai', async () => {
    const bad = cliRaw(suite.dataDir, ['ai', 'set', '--base-url', 'ftp://x', '--model', 'm']);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /base-url/);
    const set = cli(suite.dataDir, ['ai', 'set', '--base-url', chat.baseUrl, '--model', 'local-llm', '--api-key', 'sk-secret', '--timeout-ms', '5000']);
    assert.equal(set.configured, true);
    const shown = cli(suite.dataDir, ['ai', 'show']);
    assert.equal(shown.api_key, 'set', 'the key is never printed');
    assert.ok(!JSON.stringify(shown).includes('sk-secret'));
    try {
      chat.behaviour = { kind: 'answer', content: proposal({ document_number: { value: 'R-2024-0042', cited_text: 'Rechnungsnummer R-2024-0042' }, gross_amount: { value: '1487.50', cited_text: '1.487,50 EUR' } }) };
      const doc = await extract('rechnung.pdf', invoicePdf(), { allow_ai_processing: 'true' });
      assert.equal(doc.status, 'completed', doc.processing_error);
      const run = doc.latest_extraction_run;
      assert.equal(run.ai_model, 'local-llm');
      assert.match(run.ai_prompt_version, /^generic-prompt:/);
      assert.equal(run.quality.ai.status, 'completed');
      assert.equal(run.quality.ai.model, 'local-llm');
      assert.deepEqual(run.quality.ai.confirmed_fields.sort(), ['document_number', 'gross_amount']);
      assert.equal(values(doc.extractions).gross_amount, '1487.50');

      // A broken answer degrades the run; the deterministic values stay.
      chat.behaviour = { kind: 'raw_content', content: 'I cannot produce JSON today' };
      const degraded = await extract('rechnung.pdf', invoicePdf());
      assert.equal(degraded.status, 'completed');
      assert.equal(degraded.latest_extraction_run.quality.status, 'degraded');
      assert.equal(degraded.latest_extraction_run.quality.ai.status, 'degraded');
      assert.ok(degraded.latest_extraction_run.quality.reasons.includes('ai_degraded'));
      assert.equal(values(degraded.extractions).gross_amount, '1487.50');
    } finally {
      assert.deepEqual(cli(suite.dataDir, ['ai', 'off']), { configured: false });
    }
    assert.equal(cli(suite.dataDir, ['ai', 'show']).configured, false);
  });
});
