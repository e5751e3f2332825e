// Runs the shared e-invoice samples (../shared/samples/einvoice) through the library and
// compares with expected.json: used by samples.test.ts and `npm run eval:einvoice`.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateInvoiceXml, type StructuredQuality } from '../../../engine/einvoice/index.js';
import { assessInvoiceFile } from '../../../engine/pipeline/validation-work.js';
import { sampleSet } from '../../helpers/samples.js';
import { isSchemaErrorId } from '../../../engine/einvoice/xsd.js';

export interface Expected {
  category: string;
  container: 'xml' | 'pdf';
  accepted: boolean;
  supported?: boolean;
  errors?: string[];
  warnings?: string[];
  infos?: string[];
  reject_reason?: string | null;
}

export function samplesDir(): string | null {
  return sampleSet('einvoice');
}

export function loadExpected(dir: string): Record<string, Expected> {
  return JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as Record<string, Expected>;
}

export async function runSample(dir: string, file: string, e: Expected): Promise<StructuredQuality> {
  const path = join(dir, file);
  // PDFs go the way validation mode takes them: find the invoice XML among the embedded files.
  if (e.container === 'pdf') return (await assessInvoiceFile({ kind: 'einvoice.assess', path, format: 'pdf', filename: file })).structured;
  return validateInvoiceXml(readFileSync(path));
}

export interface Comparison {
  verdictOk: boolean;
  expectedPass: boolean;
  gotPass: boolean;
  expectedIds: string[];
  missingIds: string[];
  extraIds: string[];
}

export function compare(e: Expected, q: StructuredQuality): Comparison {
  const expectedPass = e.accepted && e.supported !== false;
  const gotPass = q.assessment === 'pass' || q.assessment === 'pass_with_warnings';
  const expectedIds = e.errors ?? [];
  const got = new Set(q.validation_errors.errors);
  const exp = new Set(expectedIds);
  return {
    verdictOk: expectedPass === gotPass,
    expectedPass,
    gotPass,
    expectedIds,
    missingIds: expectedIds.filter((id) => !got.has(id)),
    extraIds: [...got].filter((id) => !exp.has(id) && !isSchemaErrorId(id)),
  };
}
