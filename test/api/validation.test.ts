// Validation mode end to end over HTTP (spec 1 R3, R5; 2.3 quality.structured; 8 credits
// rule 5): standalone XML, hybrid PDFs with visible-PDF linkage, several embedded XML files,
// PDFs without XML, oversize XML, and a validator outage.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildPdf, buildXml } from '../helpers/fixtures.js';
import { attachmentPdf, buildFixturePdf, FACTUR_X_XML, textLine } from '../helpers/pdf-fixtures.js';
import { createAccountWithToken, getJson, serverForSuite, upload, waitTerminal } from '../helpers/server.js';
import { parseInvoice } from '../../engine/einvoice/index.js';
import { loadContract, type Contract } from './contract.js';
import { toReply } from './support.js';
import type { InvoiceModel } from '../../engine/einvoice/model.js';
import { samplePath, skipUnlessSamples } from '../helpers/samples.js';

const SAMPLES = samplePath('einvoice');
const noSamples = skipUnlessSamples('einvoice');
const sample = (rel: string) => readFileSync(join(SAMPLES, rel));

/** A UBL-rooted XML over the 5 MiB limit (the padding is a comment, so only the size is wrong). */
function oversizeUbl(bytes = 6 * 1024 * 1024): Buffer {
  const head = '<?xml version="1.0" encoding="UTF-8"?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">\n<!-- ';
  const tail = ' -->\n</Invoice>\n';
  return Buffer.from(head + 'x'.repeat(bytes - head.length - tail.length) + tail);
}

const de = (iso: string) => iso.split('-').reverse().join('.');
const deAmount = (v: string) => {
  const [i, f = ''] = v.replace(/^-/, '').split('.');
  return `${i!.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${f.padEnd(2, '0').slice(0, 2)}`;
};

/** A one-page invoice whose visible text shows the model's key values (optionally with a wrong total, or drawn invisibly). */
function hybridPdf(model: InvoiceModel, xml: Buffer, opts: { grossShown?: string; invisible?: boolean } = {}): Buffer {
  const lines = [
    model.seller.name ?? '',
    `Rechnungsnummer: ${model.id}`,
    `Rechnungsdatum: ${de(model.issue_date!)}`,
    `Nettobetrag: ${deAmount(model.totals.net_amount!)} EUR`,
    `Umsatzsteuer: ${deAmount(model.totals.vat_amount!)} EUR`,
    `Gesamtbetrag: ${deAmount(opts.grossShown ?? model.totals.gross_amount!)} EUR`,
  ];
  const mode = opts.invisible ? '3 Tr ' : '';
  const content = lines.map((l, i) => textLine(72, 760 - i * 28, l, 14).replace('BT ', `BT ${mode}`)).join('\n');
  return buildFixturePdf({ pages: [{ content }], attachments: [{ filename: 'ZUGFeRD-invoice.xml', data: xml, mime: 'text/xml' }] });
}

describe('validation mode', () => {
  const suite = serverForSuite();
  const validate = async (name: string, data: Buffer | Uint8Array, fields: Record<string, string> = {}) => {
    const res = await upload(suite.server.url, { token: suite.server.appToken, file: { name, data }, fields: { processing_mode: 'validation', ...fields } });
    assert.equal(res.status, 201, await res.clone().text());
    const doc = await waitTerminal(suite.server.url, suite.server.appToken, ((await res.json()) as any).data.id, 240_000);
    await checkContract(doc.id);
    return doc;
  };
  let contract: Contract | null = null;
  /** Every terminal document also satisfies the published schema (StructuredQuality included). */
  const checkContract = async (id: number) => {
    contract ??= await loadContract(suite.server.url);
    const reply = await toReply(await fetch(`${suite.server.url}/api/v1/documents/${id}`, { headers: { Authorization: `Bearer ${suite.server.appToken}` } }));
    contract.assertResponse('getDocument', reply);
  };
  /** What every completed validation-mode document has (modes table). */
  const assertValidationShape = (doc: any) => {
    assert.equal(doc.status, 'completed', doc.processing_error);
    assert.equal(doc.processing_mode, 'validation');
    assert.equal(doc.ai_processing, false);
    assert.equal(doc.thumbnail, null, 'no thumbnail in validation mode');
    assert.deepEqual(doc.previews, [], 'no persisted previews');
    assert.deepEqual(doc.extractions, []);
    assert.equal(doc.extracted_text, null, 'no retained text');
    assert.equal(doc.extracted_text_plain, null);
    assert.equal(doc.latest_extraction_run.credits_charged, 1, 'a completed assessment is a usable result (credits rule 5)');
    const s = doc.latest_extraction_run.quality.structured;
    assert.equal(s.contract_version, 1);
    return s;
  };

  it('rejects the text field and non-PDF/XML files at upload (R3)', async () => {
    const text = await upload(suite.server.url, { token: suite.server.appToken, file: { name: 'a.xml', data: Buffer.from(buildXml('plain')) }, fields: { processing_mode: 'validation', text: 'context' } });
    assert.equal(text.status, 422);
    assert.ok(((await text.json()) as any).errors.text);
    const png = await upload(suite.server.url, { token: suite.server.appToken, file: { name: 'a.eml', data: Buffer.from('From: a@b.c\r\nSubject: x\r\n\r\nHallo\r\n') }, fields: { processing_mode: 'validation' } });
    assert.equal(png.status, 422);
    const profile = await upload(suite.server.url, { token: suite.server.appToken, file: { name: 'a.pdf', data: buildPdf({ pages: 1 }) }, fields: { processing_mode: 'validation', extraction_profile: 'de.energy.supply-invoice' } });
    assert.equal(profile.status, 422);
    assert.ok(((await profile.json()) as any).errors.extraction_profile);
  });

  it('an encrypted PDF ends in error with a clear message and its credits returned (preprocessing failure)', async () => {
    const doc = await validate('secret.pdf', buildPdf({ pages: 1, encrypted: true }));
    assert.equal(doc.status, 'error');
    assert.ok(doc.processing_error && doc.processing_error.length > 10, doc.processing_error);
    assert.equal(doc.latest_extraction_run.credits_charged, 0);
    assert.equal(doc.is_e_invoice, false);
  });

  it('unsafe (DTD) and malformed XML complete as not safely evaluable, charged (generated)', async () => {
    const dtd = Buffer.from('<?xml version="1.0"?>\n<!DOCTYPE Invoice [<!ENTITY x "boom">]>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">&x;</Invoice>\n');
    const unsafe = assertValidationShape(await validate('dtd.xml', dtd));
    assert.equal(unsafe.validation_status, 'not_evaluable');
    assert.equal(unsafe.assessment, 'fail');
    const broken = assertValidationShape(await validate('broken.xml', Buffer.from('<?xml version="1.0"?><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><cbc:ID>1</Invoice>')));
    assert.equal(broken.validation_status, 'not_evaluable');
    assert.equal(broken.assessment, 'fail');
  });

  it('a PDF without embedded XML: not_detected, not an e-invoice, still charged (generated)', async () => {
    const doc = await validate('plain.pdf', buildPdf({ pages: 2, text: 'Rechnung ohne XML' }));
    const s = assertValidationShape(doc);
    assert.equal(doc.number_of_pages, 2);
    assert.equal(s.detection_status, 'not_detected');
    assert.equal(s.assessment, 'not_applicable');
    assert.equal(s.validation_scope, 'none');
    assert.equal(s.linkage, null);
    assert.equal(doc.is_e_invoice, false);
    assert.equal(doc.processing_stage, 'completed');
  });

  it('two invoice XML attachments: indeterminate multiple_embedded_invoice_xml_attachments (generated)', async () => {
    const pdf = attachmentPdf([
      { filename: 'factur-x.xml', data: FACTUR_X_XML, mime: 'text/xml' },
      { filename: 'copy.xml', data: FACTUR_X_XML, mime: 'text/xml' },
      { filename: 'readme.txt', data: Buffer.from('hello') },
    ]);
    const s = assertValidationShape(await validate('two.pdf', pdf));
    assert.equal(s.detection_status, 'recognized');
    assert.equal(s.assessment, 'indeterminate');
    assert.equal(s.reason, 'multiple_embedded_invoice_xml_attachments');
    assert.deepEqual(s.embedded_xml_candidates.map((c: any) => [c.filename, c.status]).sort(), [['copy.xml', 'invoice'], ['factur-x.xml', 'invoice']]);
  });

  it('an 11-page hybrid PDF charges two bands; without credits for the second it is blocked and shows no assessment (R5)', async () => {
    const pages = Array.from({ length: 11 }, (_, i) => ({ content: textLine(72, 760, `Seite ${i + 1}`, 12) }));
    const pdf = buildFixturePdf({ pages, attachments: [{ filename: 'a.xml', data: FACTUR_X_XML }, { filename: 'b.xml', data: FACTUR_X_XML }] });
    const charged = await validate('eleven.pdf', pdf);
    assert.equal(charged.status, 'completed', charged.processing_error);
    assert.equal(charged.number_of_pages, 11);
    assert.equal(charged.latest_extraction_run.credits_charged, 2);

    const poor = createAccountWithToken(suite.dataDir, { credits: 1 });
    const res = await upload(suite.server.url, { token: poor.token, file: { name: 'eleven.pdf', data: pdf }, fields: { processing_mode: 'validation' } });
    assert.equal(res.status, 201);
    const doc = await waitTerminal(suite.server.url, poor.token, ((await res.json()) as any).data.id, 60_000);
    assert.equal(doc.status, 'blocked');
    assert.equal(doc.blocked_reason, 'page_band_insufficient_credits');
    assert.equal(doc.latest_extraction_run.credits_charged, 0);
    assert.equal(doc.latest_extraction_run.quality, null, 'no assessment is published');
  });

  it('a 6 MiB XML: input not safely evaluable, completed and charged (generated)', async () => {
    const doc = await validate('huge.xml', oversizeUbl());
    const s = assertValidationShape(doc);
    assert.equal(s.validation_status, 'not_evaluable');
    assert.equal(s.assessment, 'fail');
    assert.match(s.reason, /too_large/);
    assert.equal(doc.is_e_invoice, false);
  });

  it('plain XML that is no invoice: not_detected (generated)', async () => {
    const s = assertValidationShape(await validate('plain.xml', Buffer.from(buildXml('plain'))));
    assert.equal(s.detection_status, 'not_detected');
    assert.equal(s.assessment, 'not_applicable');
  });

  it('standalone XRechnung UBL, CII, CVD and Extension: accepted, is_e_invoice', { skip: noSamples }, async () => {
    const cases: Array<[string, string]> = [
      ['valid/kosit-config__cen-unit-test__ubl-br-cl-04-alpha-three-codes-only-bt5-bt6.xml', 'xml_profile_conformance'],
      ['valid/kosit-config__cen-unit-test__cii-br-53-test-1.xml', 'xml_profile_conformance'],
      ['valid/kosit-testsuite__cvd__02.01a-cvd_INVOICE_uncefact.xml', 'structural_and_business'],
      ['valid/kosit-testsuite__extension__04.01a-INVOICE_ubl.xml', 'xml_profile_conformance'],
    ];
    for (const [file, scope] of cases) {
      const doc = await validate(file.split('/').pop()!, sample(file));
      const s = assertValidationShape(doc);
      assert.equal(s.detection_status, 'recognized', file);
      assert.ok(['pass', 'pass_with_warnings'].includes(s.assessment), `${file}: ${s.assessment} ${JSON.stringify(s.validation_errors)}`);
      assert.equal(s.validation_scope, scope, file);
      assert.equal(s.source.origin, 'standalone');
      assert.equal(doc.is_e_invoice, true, file);
      assert.equal(doc.number_of_pages, 1);
    }
  });

  it('an unsupported standalone profile (Peppol UBL) completes with assessment fail, fail closed', { skip: noSamples }, async () => {
    const doc = await validate('peppol.xml', sample('invalid/zugferd-corpus__UBL__EN16931_Einfach.ubl.xml'));
    const s = assertValidationShape(doc);
    assert.equal(s.detection_status, 'recognized');
    assert.equal(s.validation_status, 'unsupported');
    assert.equal(s.assessment, 'fail');
    assert.equal(doc.is_e_invoice, false);
  });

  it('an invalid standalone invoice completes with assessment fail and the rule ids only (expected.json)', { skip: noSamples }, async () => {
    const file = 'invalid/kosit-config__cen-unit-test__cii-br-53-test-1__m0_628b09.xml';
    const expected = JSON.parse(readFileSync(join(SAMPLES, 'expected.json'), 'utf8'))[file];
    const doc = await validate('invalid.xml', sample(file));
    const s = assertValidationShape(doc);
    assert.equal(s.validation_status, 'invalid');
    assert.equal(s.assessment, 'fail');
    assert.deepEqual([...s.validation_errors.errors].sort(), [...expected.errors].sort());
    assert.equal(doc.is_e_invoice, false);
    assert.ok(!JSON.stringify(s).includes('USD'), 'no document content in the assessment');
  });

  it('a hybrid PDF whose XML is schema-invalid fails without linkage', { skip: noSamples }, async () => {
    const s = assertValidationShape(await validate('fail2.pdf', sample('zugferd1/fail2.pdf')));
    assert.equal(s.source.origin, 'pdf_embedded');
    assert.equal(s.validation_status, 'invalid');
    assert.equal(s.assessment, 'fail');
    assert.equal(s.linkage, null, 'only a valid XML is linked to the visible pages');
  });

  it('ZUGFeRD 1.0 COMFORT PDF (380): valid XML linked to the visible pages by rendered OCR', { skip: noSamples }, async () => {
    const doc = await validate('zf1.pdf', sample('zugferd1/ZUGFeRD_1p0_COMFORT_Kraftfahrversicherung_Bruttopreise.pdf'));
    const s = assertValidationShape(doc);
    assert.equal(s.source.origin, 'pdf_embedded');
    assert.equal(s.source.filename, 'ZUGFeRD-invoice.xml');
    assert.equal(s.validation_scope, 'structural_and_business');
    assert.equal(s.linkage.text_source, 'rendered_ocr');
    assert.equal(s.linkage.status, 'linked', JSON.stringify(s.linkage));
    // The page prints the contract number 00.123.456.7; the XML's BT-1 adds "-2014-1".
    assert.deepEqual(s.linkage.partial_fields, ['document_number']);
    assert.ok(['pass', 'pass_with_warnings'].includes(s.assessment), JSON.stringify(s));
    assert.equal(doc.is_e_invoice, true);
  });

  it('a real hybrid PDF whose visible totals differ from its valid XML: conflict → fail', { skip: noSamples }, async () => {
    // Mustang's sample prints 406,82 € while its embedded XML says 571.04.
    const doc = await validate('503.pdf', sample('zugferd1/MustangGnuaccountingBeispielRE-20150613_503.pdf'));
    const s = assertValidationShape(doc);
    assert.ok(['valid', 'valid_with_warnings'].includes(s.validation_status), 'the XML alone is valid');
    assert.equal(s.linkage.status, 'conflict');
    assert.ok(s.linkage.conflict_fields.includes('gross_amount'));
    assert.equal(s.assessment, 'fail');
    assert.equal(s.reason, 'pdf_xml_conflict');
    assert.equal(doc.is_e_invoice, false);
  });

  it('ZUGFeRD 1.0 COMFORT TypeCode 84 in a generated PDF: pass when visible; conflict → fail with field names; invisible text never passes', { skip: noSamples }, async () => {
    const xml = sample('zugferd1/synth-COMFORT_Einfach-TypeCode84.xml');
    const model = parseInvoice(xml);
    const ok = assertValidationShape(await validate('zf1-84.pdf', hybridPdf(model, xml)));
    assert.equal(ok.linkage.status, 'linked', JSON.stringify(ok.linkage));
    assert.ok(['pass', 'pass_with_warnings'].includes(ok.assessment));

    const conflict = assertValidationShape(await validate('zf1-84-conflict.pdf', hybridPdf(model, xml, { grossShown: '999.99' })));
    assert.equal(conflict.validation_status, ok.validation_status, 'the XML itself is still valid');
    assert.equal(conflict.assessment, 'fail');
    assert.ok(conflict.linkage.conflict_fields.includes('gross_amount'), JSON.stringify(conflict.linkage));
    const text = JSON.stringify(conflict);
    assert.ok(!text.includes('999') && !text.includes(model.id!), 'field names only, never values');

    const hidden = await validate('zf1-84-hidden.pdf', hybridPdf(model, xml, { invisible: true }));
    const h = assertValidationShape(hidden);
    assert.notEqual(h.assessment, 'pass');
    assert.notEqual(h.assessment, 'pass_with_warnings');
    assert.equal(hidden.is_e_invoice, false);
  });

  it('ZUGFeRD 2 PDFs are recognized and unsupported (fail closed, no linkage)', { skip: noSamples }, async () => {
    const s = assertValidationShape(await validate('zf2.pdf', sample('zugferd2/zugferd_2p0_BASIC_Taxifahrt.pdf')));
    assert.equal(s.detection_status, 'recognized');
    assert.equal(s.validation_status, 'unsupported');
    assert.equal(s.assessment, 'fail');
    assert.equal(s.linkage, null);
  });

  it('the plain sample PDF: not_detected', { skip: noSamples }, async () => {
    const s = assertValidationShape(await validate('plain.pdf', sample('plain/RE-E-974-Hetzner_2016-01-19_R0005532486.pdf')));
    assert.equal(s.detection_status, 'not_detected');
  });
});

describe('validation mode with the validator unavailable', () => {
  const suite = serverForSuite({ env: { DOCDESK_FAULT_VALIDATOR: 'unavailable' } });

  it('retries, then fails with validation_status unavailable and returns the credits', async () => {
    const res = await upload(suite.server.url, { token: suite.server.appToken, file: { name: 'inv.xml', data: FACTUR_X_XML }, fields: { processing_mode: 'validation' } });
    assert.equal(res.status, 201);
    const id = ((await res.json()) as any).data.id;
    const doc = await waitTerminal(suite.server.url, suite.server.appToken, id, 120_000);
    assert.equal(doc.status, 'error');
    const run = doc.latest_extraction_run;
    assert.equal(run.error_code, 'validator_unavailable');
    assert.equal(run.credits_charged, 0, 'technical unavailability is not a usable result');
    assert.equal(run.quality.structured.validation_status, 'unavailable');
    assert.notEqual(run.quality.structured.assessment, 'pass');
    assert.equal(doc.is_e_invoice, false);
    const list = await getJson(suite.server.url, '/api/v1/documents', suite.server.appToken);
    assert.equal(list.body.data.find((d: any) => d.id === id).latest_extraction_run.quality.structured.validation_status, 'unavailable');
  });
});
