// The energy AI second opinion against a real HTTP server speaking the OpenAI protocol
// (the stand-in for a remote model): it fills only empty fields, only with citations that
// exist on the invoice's pages and show the value, and never overrides an extracted value.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { OpenAiCompatibleProvider } from '../../../../engine/extract/ai/openai-http.js';
import { energySecondOpinion } from '../../../../engine/profiles/energy/ai.js';
import type { EnergyExtraction, EnergyInvoice } from '../../../../engine/profiles/energy/payload.js';
import { evaluateEnergyPayload } from '../../../../engine/profiles/energy/policy.js';
import type { PageText } from '../../../../engine/formats/model.js';
import { startChatServer, type ChatServer } from '../../../helpers/chat-server.js';

function page(n: number, lines: string[]): PageText {
  const ls = lines.map((text, i) => ({ text, bbox: { x: 50, y: 60 + i * 14, w: 400, h: 12 }, words: [] }));
  return { page: n, component_ref: 'main', source: 'native', width: 595, height: 842, words: [], lines: ls, text: lines.join('\n') };
}

const PAGES = [page(1, ['Stadtwerke Beispiel GmbH', 'Rechnungsnummer: 2025-4711', 'Rechnungsdatum 12.03.2025', 'IBAN DE89 3704 0044 0532 0130 00']), page(2, ['Marktlokation 41373559241'])];

function extraction(): EnergyExtraction {
  const inv: EnergyInvoice = {
    invoice_ref: 'inv-1', page_range: { first: 1, last: 2 }, outcome: 'needs_review', review_reasons: [],
    data: {
      identity: { entity_ref: 'identity', invoice_number: null, invoice_date: '2025-03-12', document_type: 'invoice', billing_period: null, customer_number: null, contract_account: null, contract_number: null },
      supplier: { entity_ref: 'supplier', name: 'Stadtwerke Beispiel GmbH', address: null, vat_id: null, tax_number: null, commercial_register: null },
      customer: { entity_ref: 'customer', name: null, billing_address: null },
      supply_points: [{ entity_ref: 'sp-1', commodity: 'electricity', malo_id: null, melo_id: null, legacy_metering_point_id: null, service_address: null, network_operator_name: null, network_operator_code: null, metering_operator_name: null }],
      meters: [], tariffs: [], consumption: [], charges: [], taxes: [],
      settlement: { entity_ref: 'settlement', net_total: null, vat_total: null, gross_total: null, advance_payments_total: null, balance_amount: null, balance_direction: null },
      payment: { entity_ref: 'payment', due_date: null, payment_method: null, iban: null, bic: null, payment_reference: null, mandate_reference: null, creditor_id: null },
      advance_plan: [], field_quality: {},
    },
  };
  return { payload: { packet: { page_count: 2, invoice_count: 1, commodities: ['electricity'], supplier_name: 'Stadtwerke Beispiel GmbH', source_components: [] }, invoices: [inv] }, evidence: [], packet_reasons: [], warnings: [] };
}

describe('energy AI second opinion', () => {
  let chat: ChatServer;
  let provider: OpenAiCompatibleProvider;
  before(async () => {
    chat = await startChatServer('local-llm');
    provider = new OpenAiCompatibleProvider({ provider: 'openai_compatible', base_url: chat.baseUrl, model: 'local-llm', api_key: null, timeout_ms: 5000, max_input_chars: 24_000, reasoning_effort: null });
  });
  after(async () => chat.close());

  it('without a provider the deterministic result stands and quality.ai says why', async () => {
    const x = extraction();
    const none = await energySecondOpinion({ provider: null, reason: 'no_provider_configured' }, x, PAGES);
    assert.equal(none.quality.status, 'not_configured');
    assert.deepEqual(none.extraction, x);
    assert.equal((await energySecondOpinion({ provider: null, reason: 'allow_ai_processing_false' }, x, PAGES)).quality.status, 'disabled');
  });

  it('fills empty fields with verified citations; rejects invented or unsupported ones; asks only for gaps', async () => {
    chat.requests.length = 0;
    chat.behaviour = {
      kind: 'answer',
      content: { tax_breakdowns: [], fields: {
        'identity.invoice_number': { value: '2025-4711', cited_text: 'Rechnungsnummer: 2025-4711' },
        'payment.iban': { value: 'DE89370400440532013000', cited_text: 'IBAN DE89 3704 0044 0532 0130 00' },
        'sp-1.malo_id': { value: '41373559241', cited_text: 'Marktlokation 41373559241' },
        // Not printed anywhere: rejected.
        'customer.name': { value: 'Erika Mustermann', cited_text: 'Erika Mustermann' },
        // The citation exists but does not show the value: rejected.
        'settlement.gross_total': { value: '99.00', cited_text: 'Rechnungsdatum 12.03.2025' },
      } },
    };
    const x = extraction();
    const out = await energySecondOpinion({ provider, max_input_chars: 24_000 }, x, PAGES);
    const request = chat.requests.find((r) => r.path.endsWith('/chat/completions'))!;
    const asked = Object.keys(request.body.response_format.json_schema.schema.properties.fields.properties);
    assert.ok(asked.includes('identity.invoice_number'));
    assert.ok(!asked.includes('identity.invoice_date'), 'an extracted value is never put up for the model');
    assert.ok(!asked.includes('supplier.name'));

    const d = out.extraction.payload.invoices[0]!.data;
    assert.equal(d.identity.invoice_number, '2025-4711');
    assert.equal(d.payment.iban, 'DE89370400440532013000');
    assert.equal(d.supply_points[0]!.malo_id, '41373559241');
    assert.equal(d.customer.name, null);
    assert.equal(d.settlement.gross_total, null);
    assert.equal(d.identity.invoice_date, '2025-03-12');
    assert.deepEqual(out.quality.changed_fields.sort(), ['inv-1.identity.invoice_number', 'inv-1.payment.iban', 'inv-1.sp-1.malo_id']);
    assert.deepEqual(out.quality.rejected_fields.sort(), ['inv-1.customer.name', 'inv-1.settlement.gross_total']);
    const malo = out.extraction.evidence.find((e) => e.field === 'malo_id')!;
    assert.equal(malo.physical_page, 2);
    assert.equal(malo.field_status, 'derived');
    assert.equal(malo.source, 'native_text');
    assert.deepEqual(malo.bbox, { x: 50, y: 60, w: 400, h: 12 });
    assert.ok(out.extraction.warnings.includes('ai_filled_fields'));
    assert.equal(x.payload.invoices[0]!.data.identity.invoice_number, null, 'the input is not mutated');

    // The filled values face the same policy: still needs_review (other fields missing), never accepted by AI alone.
    const ev = evaluateEnergyPayload(out.extraction.payload, out.extraction.evidence, []);
    assert.equal(ev.machine_outcome, 'needs_review');
    assert.equal(ev.payload.invoices[0]!.data.field_quality['sp-1.malo_id'], 'derived');
  });

  it('a provider that fails leaves the deterministic result, degraded or unavailable', async () => {
    chat.behaviour = { kind: 'status', status: 500 };
    const degraded = await energySecondOpinion({ provider, max_input_chars: 24_000 }, extraction(), PAGES);
    assert.equal(degraded.quality.status, 'degraded');
    assert.equal(degraded.extraction.payload.invoices[0]!.data.identity.invoice_number, null);
    chat.modelsStatus = 503;
    const down = await energySecondOpinion({ provider, max_input_chars: 24_000 }, extraction(), PAGES);
    assert.equal(down.quality.status, 'unavailable');
    chat.modelsStatus = 200;
  });
});
