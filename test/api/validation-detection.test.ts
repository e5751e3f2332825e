// E-invoice detection in analysis mode (issue 6 item 1): standalone XML, files embedded in a
// PDF and e-mail attachments (XML, and XML inside attached PDFs) give recognized /
// not_detected / inconclusive, with every candidate named — without validating anything.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildRichEml, buildXml } from '../helpers/fixtures.js';
import { attachmentPdf, FACTUR_X_XML } from '../helpers/pdf-fixtures.js';
import { serverForSuite, upload, waitTerminal } from '../helpers/server.js';

describe('e-invoice detection (analysis mode)', () => {
  const suite = serverForSuite();
  const analyse = async (name: string, data: Buffer) => {
    const res = await upload(suite.server.url, { token: suite.server.appToken, file: { name, data }, fields: { processing_mode: 'analysis' } });
    assert.equal(res.status, 201, await res.clone().text());
    const doc = await waitTerminal(suite.server.url, suite.server.appToken, ((await res.json()) as any).data.id, 180_000);
    assert.equal(doc.status, 'completed', doc.processing_error);
    return doc.latest_extraction_run.quality.structured;
  };
  const ubl = Buffer.from(buildXml('ubl'));

  it('an e-mail with an XML invoice attachment: recognized, named by attachment', async () => {
    const s = await analyse('mail.eml', buildRichEml({ text: 'Anbei die Rechnung.', attachments: [{ filename: 'xrechnung.xml', data: ubl, contentType: 'application/xml' }] }));
    assert.equal(s.detection_status, 'recognized');
    assert.equal(s.validation_status, 'not_validated', 'analysis mode detects only');
    assert.deepEqual(s.embedded_xml_candidates.map((c: any) => [c.filename, c.origin, c.status]), [['xrechnung.xml', 'email_attachment', 'invoice']]);
  });

  it('an e-mail with a hybrid PDF and a separate invoice XML: two invoices', async () => {
    const s = await analyse('two.eml', buildRichEml({ text: 'Zwei Rechnungen', attachments: [{ filename: 'rechnung.pdf', data: attachmentPdf(), contentType: 'application/pdf' }, { filename: 'xrechnung.xml', data: ubl }] }));
    assert.equal(s.detection_status, 'recognized');
    assert.equal(s.reason, 'multiple_embedded_invoice_xml_attachments');
    assert.deepEqual(s.embedded_xml_candidates.map((c: any) => c.origin).sort(), ['email_attachment', 'pdf_embedded']);
  });

  it('an e-mail without XML: not_detected; a broken invoice-named XML in a PDF: inconclusive', async () => {
    assert.equal((await analyse('none.eml', buildRichEml({ text: 'Hallo', attachments: [] }))).detection_status, 'not_detected');
    const broken = attachmentPdf([{ filename: 'factur-x.xml', data: Buffer.from('<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"><oops>') }]);
    const s = await analyse('broken.pdf', broken);
    assert.equal(s.detection_status, 'inconclusive');
    assert.equal(s.embedded_xml_candidates[0].status, 'not_safely_evaluable');
  });

  it('a hybrid PDF with one invoice XML: recognized', async () => {
    const s = await analyse('hybrid.pdf', attachmentPdf([{ filename: 'factur-x.xml', data: FACTUR_X_XML }]));
    assert.equal(s.detection_status, 'recognized');
    assert.equal(s.reason, null);
  });
});
