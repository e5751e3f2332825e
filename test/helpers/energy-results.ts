// Energy profile results built from the shared sample truth files (samples/energy/*.truth.json):
// the truth payload as the machine payload, plus one evidence item per printed field on the
// page the truth names. Tests of reviews and exports start from these until real bills run
// through the extractor.
import { readFileSync } from 'node:fs';
import type { EnergyEvidence, EnergyInvoice, EnergyPayload } from '../../engine/profiles/energy/payload.js';
import { samplePath } from './samples.js';

interface TruthInvoice extends Omit<EnergyInvoice, 'data'> {
  data: Omit<EnergyInvoice['data'], 'field_quality'>;
  evidence_pages: Record<string, number>;
}

export interface TruthResult {
  id: string;
  expected_outcome: string;
  payload: EnergyPayload;
  evidence: EnergyEvidence[];
}

const render = (v: unknown): string => (v !== null && typeof v === 'object' ? Object.values(v).filter((x) => x !== null).join(' ') : String(v));

/** The value of `<entity_ref>.<field>` in one invoice's data (registers are `meter-N.reg-M`). */
export function fieldValue(data: EnergyInvoice['data'], key: string): unknown {
  const dot = key.lastIndexOf('.');
  const entityRef = key.slice(0, dot);
  const field = key.slice(dot + 1);
  const all: Array<Record<string, unknown>> = [
    data.identity, data.supplier, data.customer, data.settlement, data.payment,
    ...data.supply_points, ...data.meters, ...data.meters.flatMap((m) => m.registers), ...data.tariffs, ...data.consumption, ...data.charges, ...data.taxes, ...data.advance_plan,
  ] as unknown as Array<Record<string, unknown>>;
  return all.find((e) => e.entity_ref === entityRef)?.[field] ?? null;
}

export function truthResult(sampleId: string): TruthResult {
  const truth = JSON.parse(readFileSync(samplePath('energy', `${sampleId}.truth.json`), 'utf8')) as { id: string; expected_outcome: string; packet: EnergyPayload['packet']; invoices: TruthInvoice[] };
  const evidence: EnergyEvidence[] = [];
  const invoices: EnergyInvoice[] = truth.invoices.map(({ evidence_pages, ...inv }) => {
    const fieldQuality: Record<string, 'extracted' | 'missing'> = {};
    for (const [key, page] of Object.entries(evidence_pages)) {
      const value = fieldValue(inv.data as EnergyInvoice['data'], key);
      fieldQuality[key] = value === null ? 'missing' : 'extracted';
      if (value === null) continue;
      const dot = key.lastIndexOf('.');
      evidence.push({
        invoice_ref: inv.invoice_ref,
        entity_ref: key.slice(0, dot),
        field: key.slice(dot + 1),
        field_status: 'extracted',
        component_ref: truth.packet.source_components[0]!.component_ref,
        physical_page: page,
        printed_page: String(page),
        label: key.slice(dot + 1),
        text: render(value),
        source: 'native_text',
        match: 'exact',
        bbox: { x: 56, y: 100, w: 200, h: 12 },
      });
    }
    return { ...inv, data: { ...inv.data, field_quality: fieldQuality } } as EnergyInvoice;
  });
  return { id: truth.id, expected_outcome: truth.expected_outcome, payload: { packet: truth.packet, invoices }, evidence };
}
