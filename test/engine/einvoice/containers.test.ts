// Hybrid PDFs generated in the test: the invoice XML is found among the embedded files by its
// root (ZUGFeRD-invoice.xml, factur-x.xml, any XML name), validated, and two invoice XMLs in
// one PDF are indeterminate.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StructuredQuality } from '../../../engine/einvoice/index.js';
import { closeAllPdfs } from '../../../engine/formats/pdf/index.js';
import { assessInvoiceFile } from '../../../engine/pipeline/validation-work.js';
import { attachmentPdf } from '../../helpers/pdf-fixtures.js';
import { ciiInvoice, ublInvoice, zf1Invoice } from './fixtures.js';

let dir: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docdesk-einvoice-'));
});
after(async () => {
  await closeAllPdfs();
  await rm(dir, { recursive: true, force: true });
});

/** The assessment validation mode gives the generated PDF. */
async function assessPdf(pdf: Buffer, name: string): Promise<StructuredQuality> {
  const path = join(dir, name);
  await writeFile(path, pdf);
  return (await assessInvoiceFile({ kind: 'einvoice.assess', path, format: 'pdf', filename: name })).structured;
}

describe('invoice XML embedded in PDFs', () => {
  it('validates a ZUGFeRD 1.0 COMFORT hybrid (structural_and_business)', async () => {
    const q = await assessPdf(attachmentPdf([{ filename: 'ZUGFeRD-invoice.xml', data: Buffer.from(zf1Invoice()) }, { filename: 'logo.png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47]) }]), 'zf1.pdf');
    assert.equal(q.profile, 'zugferd-1.0-comfort');
    assert.equal(q.validation_scope, 'structural_and_business');
    assert.equal(q.assessment, 'pass');
  });
  it('a ZUGFeRD 1.0 BASIC hybrid fails closed as unsupported', async () => {
    const q = await assessPdf(attachmentPdf([{ filename: 'ZUGFeRD-invoice.xml', data: Buffer.from(zf1Invoice({ profile: 'basic' })) }]), 'basic.pdf');
    assert.equal(q.validation_status, 'unsupported');
    assert.equal(q.assessment, 'fail');
  });
  it('finds an invoice XML under any name and reports two as indeterminate', async () => {
    const one = await assessPdf(attachmentPdf([{ filename: 'rechnung.xml', data: Buffer.from(ciiInvoice()) }]), 'one.pdf');
    assert.equal(one.assessment, 'pass');
    const two = await assessPdf(attachmentPdf([{ filename: 'factur-x.xml', data: Buffer.from(ciiInvoice()) }, { filename: 'xrechnung.xml', data: Buffer.from(ublInvoice()) }]), 'two.pdf');
    assert.equal(two.assessment, 'indeterminate');
    assert.equal(two.reason, 'multiple_embedded_invoice_xml_attachments');
  });
  it('a PDF without invoice XML is not detected', async () => {
    const q = await assessPdf(attachmentPdf([{ filename: 'notes.xml', data: Buffer.from('<notes/>') }]), 'none.pdf');
    assert.equal(q.detection_status, 'not_detected');
    assert.equal(q.assessment, 'not_applicable');
  });
});
