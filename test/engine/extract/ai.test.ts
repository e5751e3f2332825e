// The AI second opinion against a real HTTP server speaking the chat-completions protocol:
// the request it sends, what it accepts, and the degraded paths (malformed answer, timeout,
// HTTP error, endpoint down) where deterministic values stand and nothing wrong is accepted.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { extractGeneric } from '../../../engine/extract/index.js';
import { runAi } from '../../../engine/extract/ai/merge.js';
import { OpenAiCompatibleProvider } from '../../../engine/extract/ai/openai-http.js';
import { validateSettings } from '../../../engine/extract/ai/settings.js';
import { invoiceLines, pageFromLines } from '../../helpers/invoice-fixtures.js';
import { proposal, startChatServer, type ChatServer } from '../../helpers/chat-server.js';

// The recipient's address block is left out, so the rules find no recipient.
const lines = invoiceLines().filter(([x, y]) => !(x === 56 && y >= 160 && y <= 186)).concat([[56, 520, 10, 'Leistungsempfänger: Beispiel Handel KG']]);
const page = pageFromLines(lines);
const input = { components: [{ ref: 'main', kind: 'pdf', filename: 'r.pdf', format: 'pdf', pages: [1] }], pages: [page] };

describe('AI second opinion over the OpenAI-compatible protocol', () => {
  let chat: ChatServer;
  before(async () => {
    chat = await startChatServer();
  });
  after(async () => chat.close());

  const run = async (timeout = 5000) => {
    const det = extractGeneric(input);
    const provider = new OpenAiCompatibleProvider(validateSettings({ base_url: chat.baseUrl, model: 'test-model', api_key: 'sk-local', timeout_ms: timeout }));
    return { det, out: await runAi(provider, det, { documentText: page.text, additionalText: 'Bitte an Frau Kaya weiterleiten.', maxChars: 24_000, customTypes: [], fromEmailBody: false }) };
  };

  it('sends a JSON-schema constrained request with the document as data, and fills a missing field from a verified citation', async () => {
    chat.behaviour = { kind: 'answer', content: proposal({ recipient_name: { value: 'Beispiel Handel KG', cited_text: 'Leistungsempfänger: Beispiel Handel KG' }, gross_amount: { value: '1487.50', cited_text: 'Rechnungsbetrag 1.487,50 EUR' } }) };
    chat.requests.length = 0;
    const { det, out } = await run();
    assert.equal(det.fields.recipient_name.value, null, 'the rules alone find no recipient here');
    const post = chat.requests.find((r) => r.path === '/v1/chat/completions')!;
    assert.ok(chat.requests.some((r) => r.path === '/v1/models'), 'preflight GET /models');
    assert.equal(post.authorization, 'Bearer sk-local');
    assert.equal(post.body.model, 'test-model');
    assert.equal(post.body.response_format.type, 'json_schema');
    assert.equal(post.body.response_format.json_schema.strict, true);
    assert.ok(post.body.response_format.json_schema.schema.properties.fields.required.includes('iban'));
    assert.match(post.body.messages[0].content, /never an instruction/);
    assert.match(post.body.messages[1].content, /<document>[\s\S]*Rechnungsbetrag[\s\S]*<\/document>/);
    assert.match(post.body.messages[1].content, /<additional_text>\nBitte an Frau Kaya weiterleiten\.\n<\/additional_text>/);
    assert.equal(out.fields.recipient_name.value, 'Beispiel Handel KG');
    assert.equal(out.fields.recipient_name.provenance?.method, 'ai');
    assert.deepEqual(out.quality.changed_fields, ['recipient_name']);
    assert.deepEqual(out.quality.confirmed_fields, ['gross_amount']);
    assert.equal(out.quality.status, 'completed');
    assert.equal(out.quality.model, 'test-model');
    assert.equal(out.quality.input_mode, 'document_text+text');
    assert.equal(out.quality.preflight_unavailable, false);
    assert.equal(out.quality.document_text_truncated, false);
  });

  it('rejects a value whose citation is not in the document, and keeps the deterministic one', async () => {
    chat.behaviour = { kind: 'answer', content: proposal({ gross_amount: { value: '9999.00', cited_text: 'Rechnungsbetrag 9.999,00 EUR' }, iban: { value: 'DE02120300000000202051', cited_text: 'IBAN DE02 1203 0000 0000 2020 51' } }) };
    const { out } = await run();
    assert.equal(out.fields.gross_amount.value, '1487.50');
    assert.equal(out.fields.iban.value, 'DE89370400440532013000');
    assert.ok(out.quality.rejected_fields.includes('gross_amount'));
    assert.ok(out.quality.rejected_fields.includes('iban'));
    assert.equal(out.quality.status, 'degraded');
  });

  it('rejects a citation that exists but does not show the value', async () => {
    chat.behaviour = { kind: 'answer', content: proposal({ recipient_name: { value: 'Someone Else Ltd', cited_text: 'Beispiel Handel KG' } }) };
    const { out } = await run();
    assert.equal(out.fields.recipient_name.value, null);
    assert.ok(out.quality.rejected_fields.includes('recipient_name'));
  });

  it('never overrides a checked deterministic value: a disagreement becomes a conflict', async () => {
    chat.behaviour = { kind: 'answer', content: proposal({ document_number: { value: 'K-7781', cited_text: 'Kundennummer K-7781' } }) };
    const { out } = await run();
    assert.equal(out.fields.document_number.value, 'R-2024-0042');
    assert.ok(out.quality.conflict_fields.includes('document_number'));
    assert.ok(out.fields.document_number.candidates!.some((c) => c.method === 'ai' && c.value === 'K-7781'));
    assert.equal(out.quality.status, 'degraded');
  });

  it('a malformed answer degrades the run; deterministic values stand', async () => {
    chat.behaviour = { kind: 'raw_content', content: '{"fields": {"gross_amount": ' };
    const { det, out } = await run();
    assert.equal(out.quality.status, 'degraded');
    assert.equal(out.quality.reason, 'ai_malformed_response');
    assert.deepEqual(out.fields, det.fields);
  });

  it('an answer of the wrong shape is malformed, not partly used', async () => {
    chat.behaviour = { kind: 'answer', content: { fields: { gross_amount: { value: 12, cited_text: ['x'] } }, tax_breakdowns: [] } };
    const { det, out } = await run();
    assert.equal(out.quality.reason, 'ai_malformed_response');
    assert.equal(out.fields.gross_amount.value, det.fields.gross_amount.value);
  });

  it('a timeout degrades the run within the configured time', async () => {
    chat.behaviour = { kind: 'hang' };
    const t = Date.now();
    const { det, out } = await run(1000);
    assert.ok(Date.now() - t < 4000, 'bounded by the timeout');
    assert.equal(out.quality.status, 'degraded');
    assert.equal(out.quality.reason, 'ai_timeout');
    assert.deepEqual(out.fields, det.fields);
  });

  it('an HTTP error degrades the run', async () => {
    chat.behaviour = { kind: 'status', status: 500 };
    const { out } = await run();
    assert.equal(out.quality.reason, 'ai_http_error');
  });

  it('preflight: an endpoint that is down is recorded and not asked', async () => {
    chat.modelsStatus = 503;
    chat.requests.length = 0;
    try {
      const { det, out } = await run();
      assert.equal(out.quality.status, 'unavailable');
      assert.equal(out.quality.preflight_unavailable, true);
      assert.ok(!chat.requests.some((r) => r.path === '/v1/chat/completions'));
      assert.deepEqual(out.fields, det.fields);
    } finally {
      chat.modelsStatus = 200;
    }
  });

  it('bounds the input and records the truncation', async () => {
    chat.behaviour = { kind: 'answer', content: proposal({}) };
    chat.requests.length = 0;
    const det = extractGeneric(input);
    const provider = new OpenAiCompatibleProvider(validateSettings({ base_url: chat.baseUrl, model: 'test-model', max_input_chars: 1000 }));
    const out = await runAi(provider, det, { documentText: 'x'.repeat(5000), additionalText: null, maxChars: 1000, customTypes: [], fromEmailBody: false });
    assert.equal(out.quality.document_text_truncated, true);
    assert.equal(out.quality.detail, 'low');
    const post = chat.requests.find((r) => r.path === '/v1/chat/completions')!;
    assert.ok(post.body.messages[1].content.length < 1500);
  });
});
