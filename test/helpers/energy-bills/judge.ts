// Generated bills for tests that read one bill, change a printing and judge it again: the bills
// are written to a temporary folder (removed after the suite), read by the real reading layer,
// extracted and judged by the policy.
import { after, before } from 'node:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractEnergy, type ReadDocument } from '../../../engine/profiles/energy/extract/index.js';
import type { EnergyExtraction } from '../../../engine/profiles/energy/payload.js';
import { evaluateEnergyPayload } from '../../../engine/profiles/energy/policy.js';
import { closeAllPdfs } from '../../../engine/formats/pdf/index.js';
import { generateDocument, type Spec } from './index.js';
import { readPdfDocument } from './read.js';

/** Registers the suite's folder (before/after hooks) and returns a reader of generated bills. */
export function generatedBills(prefix: string): (seed: number, spec: Spec) => Promise<{ truth: ReturnType<typeof generateDocument>['truth']; doc: ReadDocument }> {
  let dir = '';
  before(() => {
    dir = mkdtempSync(join(tmpdir(), `docdesk-energy-${prefix}-`));
  });
  after(async () => {
    await closeAllPdfs();
    rmSync(dir, { recursive: true, force: true });
  });
  return async (seed, spec) => {
    const { pdf, truth } = generateDocument(seed, spec);
    const path = join(dir, `${spec.style}-${seed}.pdf`);
    writeFileSync(path, pdf);
    return { truth, doc: await readPdfDocument(path) };
  };
}

/** The first invoice extracted and judged; `edit` changes the extraction before the policy sees it. */
export function judgeBill(doc: ReadDocument, edit?: (x: EnergyExtraction) => void) {
  const x = extractEnergy(doc);
  edit?.(x);
  const r = evaluateEnergyPayload(x.payload, x.evidence, x.packet_reasons);
  const failures = r.validation_summary.invoices[0]!.failures;
  return { data: r.payload.invoices[0]!.data, outcome: r.payload.invoices[0]!.outcome, doubted: failures.filter((f) => f.code === 'unconfirmed_value').flatMap((f) => f.fields), failures };
}
