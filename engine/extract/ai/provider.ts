// One interface for AI providers: the deterministic result stays the baseline, a provider
// proposes values with the text it read them from, and ./merge.ts decides.

export interface AiFieldProposal {
  value: string | null;
  /** The exact document text the value was read from. */
  cited_text: string | null;
}

export interface AiRequest {
  document_text: string;
  /** The upload's `text` field: evidence, never instructions. */
  additional_text: string | null;
  fields: readonly string[];
}

export interface AiProposal {
  fields: Record<string, AiFieldProposal>;
  tax_breakdowns: Array<{ taxable_amount: string | null; tax_amount: string | null; tax_rate: string | null; cited_text: string | null }>;
}

export type AiFailureKind = 'timeout' | 'unavailable' | 'http_error' | 'malformed_response' | 'refused';

export class AiProviderError extends Error {
  constructor(
    readonly kind: AiFailureKind,
    message: string,
  ) {
    super(message);
  }
}

export interface AiProvider {
  readonly name: string;
  readonly model: string;
  readonly reasoning_effort: string | null;
  readonly max_output_tokens: number;
  /** Whether the endpoint answers at all (GET /models); never throws. */
  preflight(): Promise<{ available: boolean; detail: string | null }>;
  propose(req: AiRequest): Promise<AiProposal>;
}

export const AI_PROMPT_VERSION = 'generic-prompt:2026-11-26.1';

/** The JSON schema the model must answer in (OpenAI `response_format: json_schema`). */
export function proposalSchema(fields: readonly string[]) {
  const fieldSchema = {
    type: 'object',
    additionalProperties: false,
    required: ['value', 'cited_text'],
    properties: { value: { type: ['string', 'null'] }, cited_text: { type: ['string', 'null'] } },
  };
  return {
    type: 'object',
    additionalProperties: false,
    required: ['fields', 'tax_breakdowns'],
    properties: {
      fields: { type: 'object', additionalProperties: false, required: [...fields], properties: Object.fromEntries(fields.map((f) => [f, fieldSchema])) },
      tax_breakdowns: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['taxable_amount', 'tax_amount', 'tax_rate', 'cited_text'],
          properties: { taxable_amount: { type: ['string', 'null'] }, tax_amount: { type: ['string', 'null'] }, tax_rate: { type: ['string', 'null'] }, cited_text: { type: ['string', 'null'] } },
        },
      },
    },
  };
}

/** Checks an answer against the schema's shape; anything else is a malformed answer. */
export function parseProposal(content: unknown, fields: readonly string[]): AiProposal {
  if (typeof content !== 'object' || content === null) throw new AiProviderError('malformed_response', 'The model answer is not a JSON object.');
  const c = content as { fields?: unknown; tax_breakdowns?: unknown };
  if (typeof c.fields !== 'object' || c.fields === null) throw new AiProviderError('malformed_response', 'The model answer has no "fields" object.');
  const out: AiProposal = { fields: {}, tax_breakdowns: [] };
  const str = (v: unknown) => (v === null || v === undefined ? null : typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);
  for (const f of fields) {
    const p = (c.fields as Record<string, unknown>)[f];
    if (p === undefined || p === null) continue;
    if (typeof p !== 'object') throw new AiProviderError('malformed_response', `Field "${f}" is not an object.`);
    const value = str((p as { value?: unknown }).value);
    const cited = str((p as { cited_text?: unknown }).cited_text);
    if (value === undefined || cited === undefined) throw new AiProviderError('malformed_response', `Field "${f}" has a value or citation of the wrong type.`);
    out.fields[f] = { value, cited_text: cited };
  }
  if (c.tax_breakdowns !== undefined) {
    if (!Array.isArray(c.tax_breakdowns)) throw new AiProviderError('malformed_response', '"tax_breakdowns" is not an array.');
    for (const r of c.tax_breakdowns.slice(0, 10)) {
      if (typeof r !== 'object' || r === null) throw new AiProviderError('malformed_response', 'A tax row is not an object.');
      const row = r as Record<string, unknown>;
      out.tax_breakdowns.push({ taxable_amount: str(row.taxable_amount) ?? null, tax_amount: str(row.tax_amount) ?? null, tax_rate: str(row.tax_rate) ?? null, cited_text: str(row.cited_text) ?? null });
    }
  }
  return out;
}
