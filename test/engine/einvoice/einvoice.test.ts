// Detection, parsing, assessment object, containers, limits and the field mapping.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { dec, toText } from '../../../engine/einvoice/decimal.js';
import { detectInvoiceXml, invoiceToGenericFields, parseInvoice, validateInvoiceXml, InvoiceInputError } from '../../../engine/einvoice/index.js';
import { ibanChecksumOk } from '../../../engine/einvoice/rules/iban.js';
import { bytes, ciiInvoice, ublInvoice, XR_CVD_SPEC, XR_EXT_SPEC } from './fixtures.js';

describe('detection', () => {
  it('recognizes UBL, CII and profiles from the specification identifier', () => {
    assert.deepEqual(detectInvoiceXml(bytes(ublInvoice())), { detection_status: 'recognized', syntax: 'ubl', document_kind: 'invoice', specification_id: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0', profile: 'xrechnung-3.0', supported: true });
    assert.equal(detectInvoiceXml(bytes(ciiInvoice({ spec: XR_EXT_SPEC }))).profile, 'xrechnung-3.0-extension');
    assert.equal(detectInvoiceXml(bytes(ciiInvoice({ spec: XR_CVD_SPEC }))).supported, true);
    // CVD in UBL is not supported (spec 2.4).
    assert.equal(detectInvoiceXml(bytes(ublInvoice({ spec: XR_CVD_SPEC }))).supported, false);
    const zf2 = detectInvoiceXml(bytes(ciiInvoice({ spec: 'urn:cen.eu:en16931:2017#compliant#urn:zugferd.de:2p0:basic' })));
    assert.equal(zf2.profile, 'zugferd-2-basic');
    assert.equal(zf2.supported, false);
  });
  it('recognizes ZUGFeRD 1.0 and reports other XML as not detected, broken XML as inconclusive', () => {
    const zf1 = `<rsm:CrossIndustryDocument xmlns:rsm="urn:ferd:CrossIndustryDocument:invoice:1p0" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:12"><rsm:SpecifiedExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:ferd:CrossIndustryDocument:invoice:1p0:comfort</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:SpecifiedExchangedDocumentContext></rsm:CrossIndustryDocument>`;
    const d = detectInvoiceXml(bytes(zf1));
    assert.equal(d.syntax, 'zugferd1');
    assert.equal(d.profile, 'zugferd-1.0-comfort');
    assert.equal(detectInvoiceXml(bytes('<note><to>x</to></note>')).detection_status, 'not_detected');
    assert.equal(detectInvoiceXml(bytes('<Invoice><broken></Invoice>')).detection_status, 'inconclusive');
    assert.equal(detectInvoiceXml(bytes('<Invoice xmlns="urn:example"/>')).detection_status, 'inconclusive');
  });
});

describe('parsing into the EN 16931 model', () => {
  it('maps both syntaxes to the same business terms', () => {
    for (const xml of [ublInvoice(), ciiInvoice()]) {
      const m = parseInvoice(bytes(xml));
      assert.equal(m.currency, 'EUR');
      assert.equal(m.issue_date, '2026-03-02');
      assert.equal(m.seller.name, 'Lieferant GmbH');
      assert.equal(m.seller.vat_id, 'DE123456789');
      assert.equal(m.buyer.name, 'Kunde AG');
      assert.equal(m.totals.payable_amount, '351.05');
      assert.equal(m.vat_breakdown.length, 1);
      assert.equal(m.vat_breakdown[0]!.rate, '19');
      assert.equal(m.lines.length, 2);
      assert.equal(m.lines[0]!.price?.gross_price, '55.00');
      assert.equal(m.allowances[0]!.amount, '10.00');
      assert.equal(m.charges[0]!.amount, '5.00');
      assert.equal(m.payment?.credit_transfers[0]?.account_id, 'DE89370400440532013000');
    }
  });
  it('throws a typed error on unsafe or malformed input', () => {
    assert.throws(() => parseInvoice(bytes('<!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>')), (e: unknown) => e instanceof InvoiceInputError && e.kind === 'unsafe');
    assert.throws(() => parseInvoice(bytes('<a><b></a>')), (e: unknown) => e instanceof InvoiceInputError && e.kind === 'malformed');
    assert.throws(() => parseInvoice(bytes('<note/>')), (e: unknown) => e instanceof InvoiceInputError && e.kind === 'not_an_invoice');
  });
  it('nests XRechnung Extension sub-lines under their parent line (CII ParentLineID)', () => {
    const xml = ciiInvoice({ spec: XR_EXT_SPEC }).replace('<ram:AssociatedDocumentLineDocument><ram:LineID>2</ram:LineID>', '<ram:AssociatedDocumentLineDocument><ram:LineID>2</ram:LineID><ram:ParentLineID>1</ram:ParentLineID>');
    const m = parseInvoice(bytes(xml));
    assert.equal(m.lines.length, 1);
    assert.equal(m.lines[0]!.sub_lines[0]!.id, '2');
  });
});

describe('assessment object (quality.structured)', () => {
  it('a valid XRechnung passes with the full contract shape', () => {
    const q = validateInvoiceXml(bytes(ublInvoice()));
    assert.equal(q.contract_version, 1);
    assert.equal(q.detection_status, 'recognized');
    assert.equal(q.validation_status, 'valid');
    assert.equal(q.validation_scope, 'xml_profile_conformance');
    assert.equal(q.assessment, 'pass');
    assert.equal(q.validator.engine, 'docdesk');
    assert.equal(q.validator.scenario, 'EN16931 XRechnung (UBL Invoice)');
    assert.equal(q.retryable, false);
  });
  it('warnings give pass_with_warnings; rule errors give fail with ids and counts only', () => {
    const warn = validateInvoiceXml(bytes(ublInvoice().replace('<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>', '<cbc:InvoiceTypeCode>71</cbc:InvoiceTypeCode>')));
    assert.equal(warn.assessment, 'pass_with_warnings');
    assert.deepEqual(warn.validation_errors.warnings, ['BR-DE-17']);
    const bad = validateInvoiceXml(bytes(ublInvoice().replace('<cbc:BuyerReference>04011000-12345-03</cbc:BuyerReference>', '')));
    assert.equal(bad.assessment, 'fail');
    assert.equal(bad.validation_status, 'invalid');
    assert.deepEqual(bad.validation_errors.errors, ['BR-DE-15']);
    assert.equal(bad.validation_errors.counts.error, 1);
    assert.ok(!JSON.stringify(bad).includes('Lieferant'), 'no document content in the assessment');
  });
  it('CVD in CII reports structural_and_business; UBL CVD and foreign profiles fail closed as unsupported', () => {
    assert.equal(validateInvoiceXml(bytes(ciiInvoice({ spec: XR_CVD_SPEC }))).validation_scope, 'structural_and_business');
    const ublCvd = validateInvoiceXml(bytes(ublInvoice({ spec: XR_CVD_SPEC })));
    assert.equal(ublCvd.validation_status, 'unsupported');
    assert.equal(ublCvd.assessment, 'fail');
    const peppol = validateInvoiceXml(bytes(ublInvoice({ spec: 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0' })));
    assert.equal(peppol.validation_status, 'unsupported');
    assert.equal(peppol.reason, 'no_scenario');
  });
  it('schema failures reject before the business rules (KoSIT order)', () => {
    const q = validateInvoiceXml(bytes(ublInvoice().replace('<cbc:ChargeIndicator>true</cbc:ChargeIndicator>', '<cbc:ChargeIndicator>yes</cbc:ChargeIndicator>')));
    assert.equal(q.reason, 'schema_invalid');
    assert.deepEqual(q.validation_errors.errors, ['cvc-datatype-valid.1.2.1']);
  });
  it('oversized, unsafe and malformed XML is not evaluable, never valid', () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 1).fill(0x20);
    assert.equal(validateInvoiceXml(big).validation_status, 'not_evaluable');
    assert.equal(validateInvoiceXml(big).reason, 'input_too_large');
    assert.equal(validateInvoiceXml(bytes('<!DOCTYPE x SYSTEM "http://x/"><x/>')).reason, 'input_unsafe');
    assert.equal(validateInvoiceXml(bytes('<Invoice')).assessment, 'fail');
    assert.equal(validateInvoiceXml(new Uint8Array([0xff, 0xd8, 0xff, 0x00])).validation_status, 'not_evaluable');
  });
  it('an internal failure of the validator is unavailable and retryable', () => {
    // A byte array whose reads throw stands in for any exception inside the validator.
    const hostile = new Proxy(bytes(ublInvoice()), {
      get(target, prop, receiver) {
        if (prop === 'byteLength') return target.byteLength;
        if (prop === 'buffer' || prop === 'subarray') throw new Error('boom');
        return Reflect.get(target, prop, receiver);
      },
    });
    const q = validateInvoiceXml(hostile);
    assert.equal(q.validation_status, 'unavailable');
    assert.equal(q.retryable, true);
    assert.notEqual(q.assessment, 'pass');
  });
});

describe('exact arithmetic', () => {
  it('decimals are exact fixed point', () => {
    assert.equal(toText(dec('0.1')! + dec('0.2')!), '0.3');
    assert.equal(dec('1e3'), null);
  });
  it('IBAN mod 97 uses big integers', () => {
    assert.equal(ibanChecksumOk('DE89370400440532013000'), true);
    assert.equal(ibanChecksumOk('DE89 3704 0044 0532 0130 00'), true);
    assert.equal(ibanChecksumOk('DE89370400440532013001'), false);
    assert.equal(ibanChecksumOk('GB82WEST12345698765432'), true);
  });
});

describe('generic v1 fields', () => {
  it('maps document-level values with dot-decimal strings', () => {
    const f = invoiceToGenericFields(parseInvoice(bytes(ciiInvoice())));
    assert.equal(f.type, 'invoice');
    assert.equal(f.document_number, 'RE-2026-0002');
    assert.equal(f.payment_due_date, '2026-04-01');
    assert.equal(f.sender_vat_number, 'DE123456789');
    assert.equal(f.net_amount, '295.00');
    assert.equal(f.gross_amount, '351.05');
    assert.equal(f.iban, 'DE89370400440532013000');
    assert.deepEqual(f.tax_breakdowns, [{ taxable_amount: '295.00', tax_amount: '56.05', tax_rate: '19', tax_collection_mechanism: 'seller_collected', taxability: 'taxable' }]);
  });
  it('several payee accounts leave iban and bic null', () => {
    const xml = ublInvoice().replace('</cac:PaymentMeans>', '</cac:PaymentMeans>\n  <cac:PaymentMeans><cbc:PaymentMeansCode>58</cbc:PaymentMeansCode><cac:PayeeFinancialAccount><cbc:ID>GB82WEST12345698765432</cbc:ID></cac:PayeeFinancialAccount></cac:PaymentMeans>');
    const f = invoiceToGenericFields(parseInvoice(bytes(xml)));
    assert.equal(f.iban, null);
    assert.equal(f.bic, null);
  });
});
