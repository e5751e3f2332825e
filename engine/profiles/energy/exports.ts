// Export projections of `de.energy.supply-invoice` (spec 4.12, 4.13; contract "Exports"):
// `canonical_json` (the effective payload with its versions) and `invoice_lines_csv` (one
// row per charge line, RFC 4180). Pure functions of accepted results; readiness and HTTP
// live with the routes.
import type { ExportProjection, ProjectionItem } from '../types.js';
import type { EnergyPayload } from './payload.js';

/** Version of the projection contracts below (X-Projection-Version; descriptors). */
export const ENERGY_PROJECTION_VERSION = '2.0.0';

const payloadOf = (item: ProjectionItem) => item.result.effective_payload as EnergyPayload;

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

function invoiceLines(item: ProjectionItem): string {
  let out = '';
  for (const invoice of payloadOf(item).invoices) {
    const { identity, charges } = invoice.data;
    for (const c of charges) {
      out += csvRow([
        item.document_id, invoice.invoice_ref, identity.invoice_number, identity.invoice_date, invoice.page_range.first, invoice.page_range.last,
        c.entity_ref, c.category, c.description, c.period?.start ?? null, c.period?.end ?? null, c.quantity, c.unit, c.unit_price, c.net_amount, c.vat_rate,
      ]);
    }
  }
  return out;
}

export const invoiceLinesCsv: ExportProjection = {
  name: 'invoice_lines_csv',
  filename: 'invoice-lines.csv',
  content_type: 'text/csv; charset=utf-8; header=present',
  contract_version: ENERGY_PROJECTION_VERSION,
  batch: true,
  project(items: readonly ProjectionItem[]) {
    // Document id order, then invoice source order, then charge order (spec 4.13).
    const ordered = [...items].sort((a, b) => a.document_id - b.document_id);
    return csvRow([...CSV_COLUMNS]) + ordered.map(invoiceLines).join('');
  },
};

export const canonicalJson: ExportProjection = {
  name: 'canonical_json',
  filename: 'canonical.json',
  content_type: 'application/json; charset=utf-8',
  contract_version: ENERGY_PROJECTION_VERSION,
  batch: false,
  project(items: readonly ProjectionItem[]) {
    if (items.length !== 1) throw new Error('canonical_json renders exactly one result');
    const item = items[0]!;
    const payload = payloadOf(item);
    const body = {
      contract_version: ENERGY_PROJECTION_VERSION,
      profile: item.result.profile,
      profile_version: item.result.profile_version,
      schema_version: item.result.schema_version,
      document_id: item.document_id,
      packet: payload.packet,
      invoices: payload.invoices,
    };
    return `${JSON.stringify(body, null, 2)}\n`;
  },
};

/** The projections German energy 2.0.0 and 2.0.1 register, in descriptor order. */
export const energyProjections: readonly ExportProjection[] = [canonicalJson, invoiceLinesCsv];
