// AI as a second opinion on the same evidence. The provider proposes values with the text it
// read them from; the same normalizers and consistency rules decide:
//  - a proposal whose cited text is not in the document, or whose value the citation does not
//    show, or that fails its normalizer, is rejected (quality.ai.rejected_fields);
//  - a deterministic value that passed its checks is never overridden; a disagreeing proposal
//    makes the field a conflict (review signal, Q1);
//  - a proposal fills a field the rules left empty, or settles a conflict by choosing one of
//    the deterministic candidates; money fields must stay consistent (net + Σ tax = gross).
import { findAmounts, formatCents, parseAmount, toCents } from '../normalize/amount.js';
import { normalizeBic } from '../normalize/bic.js';
import { currenciesOfSymbol, findCurrencies, normalizeCurrency } from '../normalize/currency.js';
import { findDates, isoDate } from '../normalize/date.js';
import { STANDARD_TYPES } from '../normalize/doctype.js';
import { checkIban, compactIban } from '../normalize/iban.js';
import { normalizeVat } from '../normalize/vat.js';
import type { DeterministicResult, FieldResult, GenericField, TaxRow } from '../types.js';
import { AI_PROMPT_VERSION, AiProviderError, type AiProposal, type AiProvider } from './provider.js';

export const AI_FIELDS = ['type', 'document_number', 'issue_date', 'payment_due_date', 'sender_name', 'sender_vat_number', 'recipient_name', 'currency', 'net_amount', 'gross_amount', 'iban', 'bic', 'payment_reference'] as const;

export type AiStatus = 'disabled' | 'not_configured' | 'completed' | 'degraded' | 'unavailable';

/** quality.ai (spec 2.3); the exact shape is documented in docs/decisions.md. */
export interface AiQuality {
  status: AiStatus;
  reason: string | null;
  provider: string | null;
  model: string | null;
  reasoning_effort: string | null;
  service_tier: string | null;
  max_output_tokens: number | null;
  input_mode: string | null;
  text_purpose: string | null;
  detail: 'high' | 'low' | null;
  preflight_unavailable: boolean | null;
  low_detail_document_text_cross_checked: boolean | null;
  document_text_truncated: boolean;
  email_text_truncated: boolean;
  deterministic_supplementation: boolean;
  no_usable_text: boolean;
  conflict_fields: string[];
  rejected_fields: string[];
  recovered_fields: string[];
  /** Docdesk addition: fields whose value the AI supplied or chose. */
  changed_fields: string[];
  /** Docdesk addition: fields where the AI agreed with the deterministic value. */
  confirmed_fields: string[];
  prompt_version: string | null;
  input_chars: number | null;
}

export function baseAiQuality(det: DeterministicResult, noUsableText: boolean, status: AiStatus, reason: string | null): AiQuality {
  return {
    status,
    reason,
    provider: null,
    model: null,
    reasoning_effort: null,
    service_tier: null,
    max_output_tokens: null,
    input_mode: null,
    text_purpose: null,
    detail: null,
    preflight_unavailable: null,
    low_detail_document_text_cross_checked: null,
    document_text_truncated: false,
    email_text_truncated: false,
    deterministic_supplementation: false,
    no_usable_text: noUsableText,
    conflict_fields: [...det.conflict_fields],
    rejected_fields: [...det.rejected_fields],
    recovered_fields: [...det.recovered_fields],
    changed_fields: [],
    confirmed_fields: [],
    prompt_version: null,
    input_chars: null,
  };
}

const squash = (s: string) => s.toLowerCase().normalize('NFKC').replace(/[\s\u00a0]+/g, ' ').trim();
const squashTight = (s: string) => s.toLowerCase().normalize('NFKC').replace(/[^\p{L}\p{N}]+/gu, '');

/** Normalizes a proposed value with the field's normalizer; null when it fails. */
export function normalizeProposal(field: GenericField, value: string, customTypes: string[]): string | null {
  const v = value.trim();
  if (!v) return null;
  switch (field) {
    case 'issue_date':
    case 'payment_due_date': {
      const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
      if (iso) return isoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
      const d = findDates(v);
      return d.length === 1 ? d[0]!.value : null;
    }
    case 'net_amount':
    case 'gross_amount':
    case 'tax_amount': {
      if (/^-?\d+(\.\d{1,2})?$/.test(v)) return formatCents(toCents(v));
      return parseAmount(v)?.value ?? null;
    }
    case 'currency':
      return normalizeCurrency(v);
    case 'iban': {
      const c = checkIban(v);
      return c.status === 'valid' ? c.iban : null;
    }
    case 'bic':
      return normalizeBic(v);
    case 'sender_vat_number':
      return normalizeVat(v)?.value ?? null;
    case 'type':
      return (STANDARD_TYPES as readonly string[]).includes(v) || customTypes.includes(v) ? v : null;
    default:
      return v.length <= 200 && !/[\n\r]/.test(v) ? v : null;
  }
}

/** Whether the cited text shows the normalized value (same normalizer, applied to the citation). */
export function citationShows(field: GenericField, value: string, cited: string): boolean {
  switch (field) {
    case 'issue_date':
    case 'payment_due_date':
      return findDates(cited).some((d) => d.value === value) || findDates(cited, 'mdy').some((d) => d.value === value);
    case 'net_amount':
    case 'gross_amount':
    case 'tax_amount':
      return findAmounts(cited).some((a) => a.value.replace('-', '') === value.replace('-', ''));
    case 'currency':
      // A shared symbol ("$", "kr") cites any of its currencies: the page's country chose among them.
      return findCurrencies(cited).some((c) => c.code === value) || cited.split(/[\s\d.,:;()-]+/).some((t) => {
        const codes = currenciesOfSymbol(t);
        return codes.length > 1 && codes.includes(value);
      });
    case 'iban':
      return compactIban(cited).includes(value);
    case 'bic':
      return cited.toUpperCase().replace(/\s/g, '').includes(value);
    case 'sender_vat_number':
      return cited.toUpperCase().replace(/[\s.-]/g, '').includes(value.replace(/^EL/, '')) || cited.toUpperCase().replace(/[\s.-]/g, '').includes(value);
    case 'type':
      return true;
    default:
      return squashTight(cited).includes(squashTight(value));
  }
}

export interface AiRun {
  fields: Record<GenericField, FieldResult>;
  quality: AiQuality;
}

function boundedText(text: string, max: number): { text: string; truncated: boolean } {
  return text.length <= max ? { text, truncated: false } : { text: text.slice(0, max), truncated: true };
}

/**
 * Asks the provider whether it can answer now. When it cannot, `q` says so (unavailable,
 * with the preflight's reason) and the deterministic result stands.
 */
export async function preflightAvailable(provider: AiProvider, q: AiQuality): Promise<boolean> {
  const pre = await provider.preflight();
  q.preflight_unavailable = !pre.available;
  if (pre.available) return true;
  q.status = 'unavailable';
  q.reason = `preflight_${pre.detail ?? 'unavailable'}`;
  q.deterministic_supplementation = true;
  return false;
}

export async function runAi(provider: AiProvider, det: DeterministicResult, input: { documentText: string; additionalText: string | null; maxChars: number; customTypes: string[]; fromEmailBody: boolean }): Promise<AiRun> {
  const noUsable = input.documentText.trim().length === 0 && !(input.additionalText ?? '').trim();
  const q = baseAiQuality(det, noUsable, 'completed', null);
  Object.assign(q, { provider: provider.name, model: provider.model, reasoning_effort: provider.reasoning_effort, max_output_tokens: provider.max_output_tokens, detail: 'high', text_purpose: 'document_evidence', prompt_version: AI_PROMPT_VERSION });
  const fields = structuredClone(det.fields);
  const doc = boundedText(input.documentText, input.maxChars);
  const extra = input.additionalText ? boundedText(input.additionalText, Math.max(1000, Math.floor(input.maxChars / 4))) : null;
  q.document_text_truncated = doc.truncated;
  q.email_text_truncated = input.fromEmailBody && doc.truncated;
  q.input_mode = extra ? 'document_text+text' : 'document_text';
  q.input_chars = doc.text.length + (extra?.text.length ?? 0);
  if (doc.truncated) q.detail = 'low';

  if (!(await preflightAvailable(provider, q))) return { fields, quality: q };
  if (noUsable) {
    q.status = 'degraded';
    q.reason = 'no_usable_text';
    return { fields, quality: q };
  }
  let proposal: AiProposal;
  try {
    proposal = await provider.propose({ document_text: doc.text, additional_text: extra?.text ?? null, fields: AI_FIELDS });
  } catch (err) {
    q.status = 'degraded';
    q.reason = err instanceof AiProviderError ? `ai_${err.kind}` : 'ai_failed';
    q.deterministic_supplementation = true;
    return { fields, quality: q };
  }

  const haystack = squash(`${doc.text}\n${extra?.text ?? ''}`);
  const conflicts = new Set(q.conflict_fields);
  const rejected = new Set<string>(q.rejected_fields);
  const changed: GenericField[] = [];
  const before: Partial<Record<GenericField, FieldResult>> = {};
  for (const f of AI_FIELDS) {
    const p = proposal.fields[f];
    if (!p || p.value === null) continue;
    const value = normalizeProposal(f, p.value, input.customTypes);
    const cited = p.cited_text ?? '';
    // A value must come with text that exists in the document and shows that value.
    const citedOk = f === 'type' || (cited.trim().length > 0 && haystack.includes(squash(cited)) && value !== null && citationShows(f, value, cited));
    if (value === null || !citedOk) {
      rejected.add(f);
      continue;
    }
    const cur = fields[f];
    const candidate = { value, raw: cited.slice(0, 200), method: 'ai' as const, score: 0, page: null };
    cur.candidates = [...(cur.candidates ?? []), candidate].slice(0, 6);
    if (cur.value === value) {
      q.confirmed_fields.push(f);
      continue;
    }
    const detCandidates = (det.candidates.get(f) ?? []).map((c) => c.value);
    const inConflict = conflicts.has(f) || det.rejected_fields.includes(f);
    if (cur.value === null || (inConflict && detCandidates.includes(value))) {
      before[f] = structuredClone(cur);
      cur.value = value;
      cur.provenance = { method: 'ai', source: { component_ref: det.selection.component_ref ?? 'main', page: 0, bbox: null, text: cited.slice(0, 300) }, derived_from: [], transforms: [`ai:${provider.model}`, 'ai:citation-verified'] };
      changed.push(f);
      conflicts.delete(f);
    } else {
      // Never override a deterministic value that passed its checks: flag it for review.
      conflicts.add(f);
    }
  }

  // Money must stay consistent with AI values in it; otherwise the AI values are rejected.
  const money = ['net_amount', 'gross_amount'] as const;
  if (money.some((m) => changed.includes(m))) {
    const net = fields.net_amount.value as string | null;
    const gross = fields.gross_amount.value as string | null;
    const rows = (fields.tax_breakdowns.value as TaxRow[] | null) ?? [];
    let ok = true;
    if (net && gross) {
      const tax = rows.length ? rows.reduce((a, r) => a + toCents(r.tax_amount), 0n) : fields.tax_amount.value ? toCents(fields.tax_amount.value as string) : null;
      if (tax !== null) {
        const d = toCents(gross) - toCents(net) - tax;
        ok = d >= -BigInt(Math.max(1, rows.length)) && d <= BigInt(Math.max(1, rows.length));
      } else ok = toCents(gross) >= toCents(net);
    }
    if (!ok) {
      for (const m of money) {
        if (!changed.includes(m)) continue;
        fields[m] = before[m]!;
        changed.splice(changed.indexOf(m), 1);
        rejected.add(m);
      }
    }
  }
  q.changed_fields = changed;
  q.conflict_fields = [...conflicts];
  q.rejected_fields = [...rejected];
  q.deterministic_supplementation = AI_FIELDS.some((f) => !proposal.fields[f]?.value && fields[f].value !== null);
  if (q.rejected_fields.length > det.rejected_fields.length || q.conflict_fields.length > det.conflict_fields.length) q.status = 'degraded';
  return { fields, quality: q };
}
