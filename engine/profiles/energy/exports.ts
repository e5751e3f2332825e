// Export projections of `de.energy.supply-invoice` (spec 4.12, 4.13; contract "Exports"):
// `canonical_json` (the effective payload with its versions) and `invoice_lines_csv` (one
// row per charge line, RFC 4180). Pure functions of accepted results; readiness and HTTP
// live with the routes.
import type { EnergyPayload } from './payload.js';

/** Version of the projection contracts below (X-Projection-Version; descriptors). */
export const ENERGY_PROJECTION_VERSION = '2.0.0';

/** One accepted profile result, as a projection sees it. */
export interface ProjectionSource {
  document_id: number;
  profile: string;
  profile_version: string;
  schema_version: string;
  effective_payload: EnergyPayload;
}

export interface Projection {
  /** The `{projection}` path segment. */
  name: string;
  file_name: string;
  media_type: string;
  /** Contract version: `X-Projection-Version` and the descriptor's `contract_version`. */
  version: string;
  /** Whether GET /documents/exports/{projection} may combine several results. */
  batch: boolean;
  /** Renders one or (batch) several results; batch sources arrive in any order. */
  render(sources: readonly ProjectionSource[]): string;
}

export const CSV_COLUMNS = [
  'document_id', 'invoice_ref', 'invoice_number', 'invoice_date', 'page_first', 'page_last',
  'line_ref', 'category', 'description', 'period_start', 'period_end', 'quantity', 'unit', 'unit_price', 'net_amount', 'vat_rate',
] as const;

/** RFC 4180: quote a field holding a comma, quote, CR or LF; double inner quotes. */
export function csvField(v: string | number | null): string {
  if (v === null) return '';
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvRow = (cells: Array<string | number | null>) => `${cells.map(csvField).join(',')}\r\n`;

function invoiceLines(source: ProjectionSource): string {
  let out = '';
  for (const invoice of source.effective_payload.invoices) {
    const { identity, charges } = invoice.data;
    for (const c of charges) {
      out += csvRow([
        source.document_id, invoice.invoice_ref, identity.invoice_number, identity.invoice_date, invoice.page_range.first, invoice.page_range.last,
        c.entity_ref, c.category, c.description, c.period?.start ?? null, c.period?.end ?? null, c.quantity, c.unit, c.unit_price, c.net_amount, c.vat_rate,
      ]);
    }
  }
  return out;
}

export const invoiceLinesCsv: Projection = {
  name: 'invoice_lines_csv',
  file_name: 'invoice-lines.csv',
  media_type: 'text/csv; charset=utf-8; header=present',
  version: ENERGY_PROJECTION_VERSION,
  batch: true,
  render(sources) {
    // Document id order, then invoice source order, then charge order (spec 4.13).
    const ordered = [...sources].sort((a, b) => a.document_id - b.document_id);
    return csvRow([...CSV_COLUMNS]) + ordered.map(invoiceLines).join('');
  },
};

export const canonicalJson: Projection = {
  name: 'canonical_json',
  file_name: 'canonical.json',
  media_type: 'application/json; charset=utf-8',
  version: ENERGY_PROJECTION_VERSION,
  batch: false,
  render(sources) {
    if (sources.length !== 1) throw new Error('canonical_json renders exactly one result');
    const s = sources[0]!;
    const body = {
      contract_version: ENERGY_PROJECTION_VERSION,
      profile: s.profile,
      profile_version: s.profile_version,
      schema_version: s.schema_version,
      document_id: s.document_id,
      packet: s.effective_payload.packet,
      invoices: s.effective_payload.invoices,
    };
    return `${JSON.stringify(body, null, 2)}\n`;
  },
};

/** The projections German energy 2.0.0 and 2.0.1 register, in descriptor order. */
export const energyProjections: readonly Projection[] = [canonicalJson, invoiceLinesCsv];
