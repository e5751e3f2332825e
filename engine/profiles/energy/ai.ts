// AI as a second opinion for the energy profile (issue 11 item 6), on the generic profile's
// provider machinery and rules: the model may only fill fields the deterministic extractor
// left empty; every value needs cited text that exists on the invoice's own pages and shows
// the value under the same normalizer; a value already extracted is never overridden. The
// filled fields carry evidence (`field_status: derived`) and then face the same validation
// policy as every other value. Without a provider the deterministic result stands.
import type { DeterministicResult } from '../../extract/types.js';
import { baseAiQuality, citationShows, normalizeProposal, preflightAvailable, type AiQuality } from '../../extract/ai/merge.js';
import { AiProviderError, AI_PROMPT_VERSION, type AiProposal } from '../../extract/ai/provider.js';
import type { GenericField } from '../../extract/types.js';
import type { PageText } from '../../formats/model.js';
import type { ProfileRunContext } from '../types.js';
import { maloValid, meteringPointIdValid, normalizeMeteringPointId, operatorCodeValid } from './identifiers.js';
import type { EnergyEvidence, EnergyExtraction, EnergyInvoice } from './payload.js';

export const ENERGY_AI_PROMPT_VERSION = `energy:${AI_PROMPT_VERSION}`;

type Kind = 'date' | 'amount' | 'iban' | 'bic' | 'vat' | 'malo' | 'melo' | 'operator' | 'text';

/** The scalar fields the model may fill, by entity, with the normalizer that judges them. */
const FILLABLE: Record<string, Record<string, Kind>> = {
  identity: { invoice_number: 'text', invoice_date: 'date', customer_number: 'text', contract_account: 'text', contract_number: 'text' },
  supplier: { name: 'text', vat_id: 'vat', tax_number: 'text' },
  customer: { name: 'text' },
  settlement: { net_total: 'amount', vat_total: 'amount', gross_total: 'amount', advance_payments_total: 'amount', balance_amount: 'amount' },
  payment: { due_date: 'date', iban: 'iban', bic: 'bic', payment_reference: 'text', mandate_reference: 'text', creditor_id: 'text' },
  'sp-': { malo_id: 'malo', melo_id: 'melo', network_operator_name: 'text', network_operator_code: 'operator', metering_operator_name: 'text' },
};

/** The generic field whose normalizer and citation rule a kind reuses. */
const GENERIC_OF: Record<Kind, GenericField> = { date: 'issue_date', amount: 'gross_amount', iban: 'iban', bic: 'bic', vat: 'sender_vat_number', malo: 'document_number', melo: 'document_number', operator: 'document_number', text: 'document_number' };

const squash = (s: string) => s.toLowerCase().normalize('NFKC').replace(/[\s\u00a0]+/g, ' ').trim();

function normalize(kind: Kind, raw: string): string | null {
  switch (kind) {
    case 'malo': {
      const v = raw.replace(/\s/g, '');
      return maloValid(v) ? v : null;
    }
    case 'melo': {
      const v = normalizeMeteringPointId(raw);
      return meteringPointIdValid(v) ? v : null;
    }
    case 'operator': {
      const v = raw.replace(/\s/g, '');
      return operatorCodeValid(v) ? v : null;
    }
    default:
      return normalizeProposal(GENERIC_OF[kind], raw, []);
  }
}

function shows(kind: Kind, value: string, cited: string): boolean {
  if (kind === 'malo' || kind === 'operator') return cited.replace(/\D/g, '').includes(value);
  if (kind === 'melo') return normalizeMeteringPointId(cited).includes(value);
  return citationShows(GENERIC_OF[kind], value, cited);
}

/** Entities of an invoice the model may fill, with their empty fillable fields. */
function gaps(inv: EnergyInvoice): Array<{ key: string; entity: Record<string, unknown>; entity_ref: string; field: string; kind: Kind }> {
  const out: Array<{ key: string; entity: Record<string, unknown>; entity_ref: string; field: string; kind: Kind }> = [];
  const d = inv.data;
  const entities: Array<[string, Record<string, unknown>]> = [
    ['identity', d.identity as unknown as Record<string, unknown>],
    ['supplier', d.supplier as unknown as Record<string, unknown>],
    ['customer', d.customer as unknown as Record<string, unknown>],
    ['settlement', d.settlement as unknown as Record<string, unknown>],
    ['payment', d.payment as unknown as Record<string, unknown>],
    ...d.supply_points.map((sp) => ['sp-', sp as unknown as Record<string, unknown>] as [string, Record<string, unknown>]),
  ];
  for (const [group, entity] of entities) {
    for (const [field, kind] of Object.entries(FILLABLE[group]!)) {
      if (entity[field] === null) out.push({ key: `${entity.entity_ref}.${field}`, entity, entity_ref: entity.entity_ref as string, field, kind });
    }
  }
  return out;
}

const SOURCE: Record<PageText['source'], EnergyEvidence['source']> = { native: 'native_text', structured: 'native_text', ocr: 'tesseract_ocr', combined: 'combined' };

/** Where the cited text is printed on the invoice's pages: page, line box and source. */
function locate(cited: string, pages: PageText[]): { page: PageText; bbox: EnergyEvidence['bbox'] } | null {
  const needle = squash(cited);
  for (const page of pages) {
    if (!squash(page.text).includes(needle)) continue;
    const line = page.lines.find((l) => squash(l.text).includes(needle)) ?? null;
    return { page, bbox: line ? { ...line.bbox } : null };
  }
  return null;
}

export interface SecondOpinion {
  extraction: EnergyExtraction;
  quality: AiQuality;
  model: string | null;
  reasoning_effort: string | null;
  prompt_version: string | null;
}

const NO_DET = { conflict_fields: [], rejected_fields: [], recovered_fields: [] } as unknown as DeterministicResult;

export async function energySecondOpinion(ai: ProfileRunContext['ai'], extraction: EnergyExtraction, pages: PageText[]): Promise<SecondOpinion> {
  const noText = !pages.some((p) => p.text.trim());
  if (!ai.provider) return { extraction, quality: baseAiQuality(NO_DET, noText, ai.reason === 'allow_ai_processing_false' ? 'disabled' : 'not_configured', ai.reason), model: null, reasoning_effort: null, prompt_version: null };
  const provider = ai.provider;
  const q = baseAiQuality(NO_DET, noText, 'completed', null);
  Object.assign(q, { provider: provider.name, model: provider.model, reasoning_effort: provider.reasoning_effort, max_output_tokens: provider.max_output_tokens, detail: 'high', text_purpose: 'document_evidence', prompt_version: ENERGY_AI_PROMPT_VERSION, input_mode: 'document_text', input_chars: 0 });
  const done = (x: EnergyExtraction): SecondOpinion => ({ extraction: x, quality: q, model: provider.model, reasoning_effort: provider.reasoning_effort, prompt_version: ENERGY_AI_PROMPT_VERSION });

  const todo = extraction.payload.invoices.filter((inv) => gaps(inv).length > 0);
  if (!todo.length) return done(extraction);
  if (!(await preflightAvailable(provider, q))) return done(extraction);

  const out = structuredClone(extraction);
  for (const inv of out.payload.invoices) {
    const missing = gaps(inv);
    if (!missing.length) continue;
    const own = pages.filter((p) => p.page >= inv.page_range.first && p.page <= inv.page_range.last);
    let text = own.map((p) => p.text).join('\n\f\n');
    if (text.length > ai.max_input_chars) {
      text = text.slice(0, ai.max_input_chars);
      q.document_text_truncated = true;
      q.detail = 'low';
    }
    q.input_chars = (q.input_chars ?? 0) + text.length;
    let proposal: AiProposal;
    try {
      proposal = await provider.propose({ document_text: text, additional_text: null, fields: missing.map((m) => m.key) });
    } catch (err) {
      q.status = 'degraded';
      q.reason = err instanceof AiProviderError ? `ai_${err.kind}` : 'ai_failed';
      q.deterministic_supplementation = true;
      break;
    }
    for (const m of missing) {
      const p = proposal.fields[m.key];
      if (!p || p.value === null) continue;
      const name = `${inv.invoice_ref}.${m.key}`;
      const value = normalize(m.kind, p.value);
      const cited = p.cited_text ?? '';
      const where = cited.trim() ? locate(cited, own) : null;
      if (value === null || !where || !shows(m.kind, value, cited)) {
        q.rejected_fields.push(name);
        continue;
      }
      m.entity[m.field] = value;
      out.evidence.push({
        invoice_ref: inv.invoice_ref, entity_ref: m.entity_ref, field: m.field, field_status: 'derived', component_ref: where.page.component_ref,
        physical_page: where.page.page, printed_page: null, label: null, text: cited.slice(0, 300), source: SOURCE[where.page.source], match: 'normalized', bbox: where.bbox,
        page_size: { width: where.page.width, height: where.page.height, unit: 'pt' },
      });
      q.changed_fields.push(name);
    }
  }
  if (q.changed_fields.length) out.warnings = [...out.warnings, 'ai_filled_fields'];
  return done(out);
}
