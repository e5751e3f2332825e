// Finding the one invoice XML of a document (issue 6 item 1, spec R5): prescribed names, any
// XML with an invoice root, several invoices, oversize and unsafe files — as pure decisions
// and through real PDFs with embedded files.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isInvoiceAttachmentName, looksLikeXml, MAX_XML_CANDIDATES, selectInvoiceSource, sniffRoot, sniffsAsInvoice, standaloneCandidate, type XmlCandidate } from '../../../engine/einvoice/sources.js';
import { assessInvoiceFile } from '../../../engine/pipeline/validation-work.js';
import { buildRichEml, buildXml } from '../../helpers/fixtures.js';
import { buildFixturePdf, FACTUR_X_XML, textLine } from '../../helpers/pdf-fixtures.js';

const UBL = Buffer.from(buildXml('ubl'));
const PLAIN = Buffer.from(buildXml('plain'));
const MIB = 1024 * 1024;
const embedded = (filename: string, bytes: Buffer | null, size = bytes?.length ?? 0): XmlCandidate => ({ filename, size, origin: 'pdf_embedded', component_ref: 'main', bytes });
const oversize = (root: string) => Buffer.concat([Buffer.from(`<?xml version="1.0"?>\n<!-- big -->\n${root}<!-- `), Buffer.alloc(5 * MIB + 10, 0x78), Buffer.from(' -->')]);

describe('invoice XML sources', () => {
  it('knows the prescribed attachment names and XML-looking files', () => {
    for (const n of ['factur-x.xml', 'ZUGFeRD-invoice.xml', 'zugferd-invoice.xml', 'xrechnung.xml', 'XRECHNUNG.XML']) assert.ok(isInvoiceAttachmentName(n), n);
    assert.ok(!isInvoiceAttachmentName('invoice.xml'));
    assert.ok(looksLikeXml('data.XML', null));
    assert.ok(looksLikeXml('noext', 'application/xml'));
    assert.ok(looksLikeXml('noext', 'application/vnd.foo+xml'));
    assert.ok(!looksLikeXml('logo.png', 'image/png'));
  });

  it('sniffs the root element of a prefix (prolog, comments, prefixes)', () => {
    assert.deepEqual(sniffRoot(Buffer.from('\uFEFF<?xml version="1.0"?><!-- x --><rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100">')), { local: 'CrossIndustryInvoice', namespace: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100' });
    assert.ok(sniffsAsInvoice(UBL));
    assert.ok(!sniffsAsInvoice(PLAIN));
    assert.equal(sniffRoot(Buffer.from('no xml here')), null);
  });

  it('one invoice among other files is selected', () => {
    const s = selectInvoiceSource([embedded('katalog.xml', PLAIN), embedded('any-name.xml', UBL)]);
    assert.equal(s.outcome, 'single');
    assert.equal(s.outcome === 'single' && s.candidate.filename, 'any-name.xml');
    assert.deepEqual(s.candidates.map((c) => c.status), ['not_invoice', 'invoice']);
  });

  it('several invoices are indeterminate, never picked (R5, Q5)', () => {
    const s = selectInvoiceSource([embedded('factur-x.xml', FACTUR_X_XML), embedded('xrechnung.xml', UBL)]);
    assert.equal(s.outcome, 'multiple');
    assert.equal(s.outcome === 'multiple' && s.reason, 'multiple_embedded_invoice_xml_attachments');
  });

  it('an oversize invoice XML is not safely evaluable; an oversize non-invoice is ignored', () => {
    const big = oversize('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">');
    const s = selectInvoiceSource([embedded('data.xml', big)]);
    assert.equal(s.outcome, 'not_safely_evaluable');
    assert.equal(s.outcome === 'not_safely_evaluable' && s.reason, 'xml_over_5_mib');
    assert.equal(selectInvoiceSource([embedded('data.xml', oversize('<katalog>'))]).outcome, 'not_detected');
    // The prescribed name alone is enough when the bytes were not even available.
    assert.equal(selectInvoiceSource([{ ...embedded('factur-x.xml', null, 6 * MIB), unreadable: 'xml_over_5_mib' }]).outcome, 'not_safely_evaluable');
    // An oversize invoice beside a valid one: two invoices.
    assert.equal(selectInvoiceSource([embedded('factur-x.xml', big), embedded('b.xml', UBL)]).outcome, 'multiple');
  });

  it('a malformed file under a prescribed name is not safely evaluable; under another name inconclusive', () => {
    const broken = Buffer.from('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><oops></Invoice>');
    assert.equal(selectInvoiceSource([embedded('factur-x.xml', broken)]).outcome, 'not_safely_evaluable');
    assert.equal(selectInvoiceSource([embedded('other.xml', broken)]).outcome, 'inconclusive');
    const dtd = Buffer.from('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>');
    const s = selectInvoiceSource([embedded('xrechnung.xml', dtd)]);
    assert.equal(s.outcome === 'not_safely_evaluable' && s.reason, 'unsafe_or_malformed_xml');
  });

  it('examines at most MAX_XML_CANDIDATES files; the rest are listed as not examined', () => {
    const many = Array.from({ length: MAX_XML_CANDIDATES + 3 }, (_, i) => embedded(`f${i}.xml`, PLAIN));
    many.push(embedded('late.xml', UBL));
    const s = selectInvoiceSource(many);
    assert.equal(s.outcome, 'not_detected');
    assert.equal(s.candidates.filter((c) => c.status === 'not_examined').length, 4);
  });

  it('no candidates: not_detected; a standalone upload keeps at most limit + 1 bytes', () => {
    assert.equal(selectInvoiceSource([]).outcome, 'not_detected');
    const c = standaloneCandidate('x.xml', Buffer.alloc(6 * MIB));
    assert.equal(c.bytes!.byteLength, 5 * MIB + 1);
    assert.equal(c.size, 6 * MIB);
  });

  describe('through real PDFs (worker function)', () => {
    let dir: string;
    before(() => (dir = mkdtempSync(join(tmpdir(), 'docdesk-sources-'))));
    after(() => rmSync(dir, { recursive: true, force: true }));
    const pdf = (name: string, attachments: Array<{ filename: string; data: Buffer }>) => {
      const path = join(dir, name);
      writeFileSync(path, buildFixturePdf({ pages: [{ content: textLine(72, 760, 'Rechnung', 12) }], attachments }));
      return path;
    };

    it('finds the invoice among embedded files, reports every candidate by name and size', async () => {
      const a = await assessInvoiceFile({ kind: 'einvoice.assess', path: pdf('one.pdf', [{ filename: 'factur-x.xml', data: FACTUR_X_XML }, { filename: 'katalog.xml', data: PLAIN }, { filename: 'bild.png', data: Buffer.from([1, 2, 3]) }]), format: 'pdf', filename: 'one.pdf' });
      assert.equal(a.outcome, 'single');
      assert.deepEqual(a.source, { origin: 'pdf_embedded', filename: 'factur-x.xml', size: FACTUR_X_XML.length });
      assert.deepEqual(a.candidates.map((c) => [c.filename, c.status]).sort(), [['factur-x.xml', 'invoice'], ['katalog.xml', 'not_invoice']]);
      assert.equal(a.structured.detection_status, 'recognized');
    });

    it('a PDF without files: not_detected; two invoices: indeterminate', async () => {
      const none = await assessInvoiceFile({ kind: 'einvoice.assess', path: pdf('none.pdf', []), format: 'pdf', filename: 'none.pdf' });
      assert.equal(none.structured.detection_status, 'not_detected');
      assert.equal(none.structured.assessment, 'not_applicable');
      const two = await assessInvoiceFile({ kind: 'einvoice.assess', path: pdf('two.pdf', [{ filename: 'a.xml', data: UBL }, { filename: 'b.xml', data: UBL }]), format: 'pdf', filename: 'two.pdf' });
      assert.equal(two.structured.assessment, 'indeterminate');
      assert.equal(two.structured.reason, 'multiple_embedded_invoice_xml_attachments');
      assert.equal(two.facts, null);
    });
  });

  describe('through real e-mails (extraction mode containers)', () => {
    let dir: string;
    before(() => (dir = mkdtempSync(join(tmpdir(), 'docdesk-mailsrc-'))));
    after(() => rmSync(dir, { recursive: true, force: true }));
    const eml = (name: string, attachments: Array<{ filename: string; data: Buffer; contentType?: string }>) => {
      const path = join(dir, name);
      writeFileSync(path, buildRichEml({ text: 'Anbei die Rechnung.', attachments }));
      return path;
    };
    const hybrid = buildFixturePdf({ pages: [{ content: textLine(72, 760, 'Rechnung', 12) }], attachments: [{ filename: 'factur-x.xml', data: FACTUR_X_XML }] });

    it('an XML attachment is the invoice, named by its attachment reference', async () => {
      const a = await assessInvoiceFile({ kind: 'einvoice.assess', path: eml('one.eml', [{ filename: 'xrechnung.xml', data: UBL, contentType: 'application/xml' }]), format: 'eml', filename: 'one.eml' });
      assert.equal(a.outcome, 'single');
      assert.deepEqual(a.source, { origin: 'email_attachment', filename: 'xrechnung.xml', size: UBL.length });
      assert.equal(a.candidates[0]!.component_ref, 'att-1');
      assert.equal(a.facts, null, 'no visible PDF to link in an e-mail container');
    });

    it('the XML inside an attached PDF counts too: with another XML attachment that is two invoices', async () => {
      const one = await assessInvoiceFile({ kind: 'einvoice.assess', path: eml('pdf.eml', [{ filename: 'rechnung.pdf', data: hybrid, contentType: 'application/pdf' }]), format: 'eml', filename: 'pdf.eml' });
      assert.equal(one.outcome, 'single');
      assert.equal(one.source!.origin, 'pdf_embedded');
      const two = await assessInvoiceFile({ kind: 'einvoice.assess', path: eml('two.eml', [{ filename: 'rechnung.pdf', data: hybrid, contentType: 'application/pdf' }, { filename: 'xrechnung.xml', data: UBL }]), format: 'eml', filename: 'two.eml' });
      assert.equal(two.structured.reason, 'multiple_embedded_invoice_xml_attachments');
    });
  });
});
