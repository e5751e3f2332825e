// The extraction seam (issue 6 item 7, Q4): accepted XML → v1 fields with provenance
// structured_invoice; rejected XML fails a standalone upload and only degrades a container.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assessInvoiceFile, type Assessed } from '../../../engine/pipeline/validation-work.js';
import { assessForExtraction, fieldConflicts, planStructuredExtraction } from '../../../engine/pipeline/structured-fields.js';
import { WorkerPool } from '../../../engine/jobs/worker-pool.js';
import { BlobStore } from '../../../engine/store/blobs.js';
import { dataLayout } from '../../../engine/config/paths.js';
import type { DocumentRow, RunRow } from '../../../engine/store/rows.js';
import type { PipelineDeps } from '../../../engine/pipeline/steps.js';
import { attachmentPdf } from '../../helpers/pdf-fixtures.js';
import { buildXml } from '../../helpers/fixtures.js';
import { samplePath, skipUnlessSamples } from '../../helpers/samples.js';

const SAMPLES = samplePath('einvoice');
const noSamples = skipUnlessSamples('einvoice');

async function assessXml(bytes: Buffer): Promise<Assessed> {
  const dir = mkdtempSync(join(tmpdir(), 'docdesk-map-'));
  try {
    const path = join(dir, 'x.xml');
    writeFileSync(path, bytes);
    return await assessInvoiceFile({ kind: 'einvoice.assess', path, format: 'xml', filename: 'x.xml' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('structured invoice → extraction fields', () => {
  it('accepted XML becomes every v1 field, with structured_invoice provenance on non-null values', { skip: noSamples }, async () => {
    const a = await assessXml(readFileSync(`${SAMPLES}/valid/kosit-testsuite__standard__01.01a-INVOICE_uncefact.xml`));
    assert.equal(a.accepted, true, JSON.stringify(a.structured));
    const plan = planStructuredExtraction(a, 'xml');
    assert.equal(plan.kind, 'use_structured');
    if (plan.kind !== 'use_structured') return;
    assert.ok(plan.fields.document_number!.value);
    assert.equal(plan.fields.document_number!.provenance!.method, 'structured_invoice');
    assert.deepEqual(plan.fields.document_number!.provenance!.derived_from, ['x.xml']);
    assert.match(String(plan.fields.gross_amount!.value), /^-?\d+(\.\d+)?$/, "dot-decimal");
    for (const f of Object.values(plan.fields)) if (f.value === null) assert.equal(f.provenance, null);
  });

  it('a rejected standalone XML fails with unsupported_structured_invoice (Q4)', { skip: noSamples }, async () => {
    const a = await assessXml(readFileSync(`${SAMPLES}/invalid/zugferd-corpus__UBL__EN16931_Einfach.ubl.xml`));
    assert.equal(a.accepted, false);
    const plan = planStructuredExtraction(a, 'xml');
    assert.equal(plan.kind, 'fail');
    assert.equal(plan.kind === 'fail' && plan.error_code, 'unsupported_structured_invoice');
  });

  it('oversize XML: not evaluable → fail for a standalone upload, degraded for a container (generated)', async () => {
    const big = Buffer.concat([Buffer.from('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><!--'), Buffer.alloc(6 * 1024 * 1024, 0x61), Buffer.from('--></Invoice>')]);
    const a = await assessXml(big);
    assert.equal(a.structured.validation_status, 'not_evaluable');
    assert.equal(planStructuredExtraction(a, 'xml').kind, 'fail');
    assert.equal(planStructuredExtraction(a, 'pdf').kind, 'visible_text_degraded');
  });

  it('no invoice XML: ordinary extraction; several: degraded as ambiguous; unavailable: retry', async () => {
    const plain = await assessXml(Buffer.from(buildXml('plain')));
    assert.equal(planStructuredExtraction(plain, 'pdf').kind, 'visible_text');
    const multiple: Assessed = { ...plain, outcome: 'multiple', structured: { ...plain.structured, detection_status: 'recognized', assessment: 'indeterminate' } };
    assert.deepEqual(planStructuredExtraction(multiple, 'email'), { kind: 'visible_text_degraded', reason: 'structured_invoice_ambiguous', rejected_fields: null });
    assert.equal(planStructuredExtraction({ ...plain, structured: { ...plain.structured, validation_status: 'unavailable' } }, 'pdf').kind, 'retry');
  });

  it('names conflicting fields only', () => {
    const xml = { document_number: 'RE-1', gross_amount: '119.00', iban: 'DE94123456780000001234', sender_name: 'A GmbH', net_amount: null };
    const text = { document_number: 're-1', gross_amount: '119', iban: 'DE94 1234 5678 0000 0012 35', sender_name: 'A GmbH', net_amount: '100.00' };
    assert.deepEqual(fieldConflicts(xml, text), ['iban']);
  });

  it('assessForExtraction runs the assessment in a real worker and plans from it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docdesk-seam-'));
    const pool = new WorkerPool(new URL('../../../engine/pipeline/worker-entry.js', import.meta.url), 1);
    try {
      const deps = { db: null as never, blobs: new BlobStore(dataLayout(dir)), pool } as PipelineDeps;
      writeFileSync(join(dir, 'plain.xml'), buildXml('plain'));
      writeFileSync(join(dir, 'two.pdf'), attachmentPdf([{ filename: 'a.xml', data: Buffer.from(buildXml('ubl')) }, { filename: 'b.xml', data: Buffer.from(buildXml('ubl')) }]));
      const doc = (name: string) => ({ id: 1, blob_path: name, filename: name }) as DocumentRow;
      const run = { id: 1 } as RunRow;
      const plain = await assessForExtraction(deps, doc('plain.xml'), run, 'xml');
      assert.equal(plain.plan.kind, 'visible_text');
      assert.equal(plain.structured!.detection_status, 'not_detected');
      const two = await assessForExtraction(deps, doc('two.pdf'), run, 'pdf');
      assert.equal(two.plan.kind, 'visible_text_degraded');
      assert.equal(two.structured!.reason, 'multiple_embedded_invoice_xml_attachments');
      assert.equal((await assessForExtraction(deps, doc('x.png'), run, 'png')).plan.kind, 'visible_text');
    } finally {
      await pool.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
