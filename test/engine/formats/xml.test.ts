// XML reading: safe parsing within 5 MiB, pretty-printing, invoice recognition per syntax,
// and recognition over the shared e-invoice samples with their recorded verdicts.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { XmlReadError } from '../../../engine/formats/errors.js';
import { prettyXml, readXml, readXmlBuffer } from '../../../engine/formats/xml.js';
import { parseXmlText } from '../../../engine/formats/safe-xml.js';
import * as fx from '../../helpers/fixtures.js';
import { tempDirForTests } from '../../helpers/temp-dir.js';
import { samplePath, skipUnlessSamples } from '../../helpers/samples.js';

const dir = tempDirForTests('docdesk-xml-');

async function expectXmlError(path: string, message: RegExp): Promise<void> {
  await assert.rejects(readXml(path), (err: unknown) => {
    assert.ok(err instanceof XmlReadError, `XmlReadError expected, got ${String(err)}`);
    assert.match(err.message, message);
    assert.match(err.message, /^[A-Z][^\n]*\.$/, 'one sentence');
    return true;
  });
}

describe('pretty printing', () => {
  it('re-indents the whole document, keeps text, attributes, comments and escapes', async () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?><a:root xmlns:a="urn:x" v="1 &amp; 2"><b>Müller &amp; Söhne &lt;GmbH&gt;</b>' +
      '<c><d/><!-- ein   Kommentar --><e x="&quot;q&quot;">t</e></c><note>Zeile eins\n   Zeile zwei</note><f><![CDATA[a < b]]></f></a:root>';
    const path = join(dir, 'pretty.xml');
    await writeFile(path, xml);
    const read = await readXml(path);
    assert.equal(
      read.pretty,
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<a:root xmlns:a="urn:x" v="1 &amp; 2">',
        '  <b>Müller &amp; Söhne &lt;GmbH&gt;</b>',
        '  <c>',
        '    <d/>',
        '    <!-- ein Kommentar -->',
        '    <e x="&quot;q&quot;">t</e>',
        '  </c>',
        '  <note>',
        '    Zeile eins',
        '    Zeile zwei',
        '  </note>',
        '  <f><![CDATA[a < b]]></f>',
        '</a:root>',
        '',
      ].join('\n'),
    );
    assert.equal(read.pretty_truncated, false);
    assert.equal(read.root, 'root');
    assert.equal(read.namespace, 'urn:x');
    assert.equal(read.invoice, null);
    // The pretty copy is XML that parses again.
    assert.equal(parseXmlText(read.pretty).root.local, 'root');
  });
  it('the plain catalogue fixture: every element on its own indented line', async () => {
    const read = await readXml(await fx.makeXml(dir, { kind: 'plain' }));
    const lines = read.pretty.trimEnd().split('\n');
    assert.equal(lines[1], '<katalog stand="2024-03-05">');
    assert.equal(lines[2], '  <artikel nr="1000">');
    assert.equal(lines[3], '    <bezeichnung>Büroklammer Größe 1</bezeichnung>');
    assert.equal(lines.filter((l) => l.startsWith('  <artikel ')).length, 30);
    assert.equal(lines[lines.length - 1], '</katalog>');
  });
  it('is bounded: 20,000 lines and a marker; over-long lines are cut', () => {
    const rows = Array.from({ length: 25_000 }, (_, i) => `<r>${i}</r>`).join('');
    const big = prettyXml(parseXmlText(`<t>${rows}<blob>${'A'.repeat(5000)}</blob></t>`).root);
    const lines = big.text.trimEnd().split('\n');
    assert.equal(big.truncated, true);
    assert.equal(lines.length, 1 + 20_000 + 1);
    assert.match(lines[lines.length - 1]!, /only its first 20,000 lines are shown/);
    const long = prettyXml(parseXmlText(`<t><blob>${'A'.repeat(5000)}</blob></t>`).root);
    assert.equal(long.truncated, true);
    assert.match(long.text, /A… \[\d+ more characters\]/);
    assert.ok(long.text.split('\n').every((l) => l.length < 2100));
  });
});

describe('refusals', () => {
  it('a DOCTYPE (entity declarations, billion laughs) is refused, nothing expanded', async () => {
    await expectXmlError(await fx.makeXmlWithDoctype(dir), /^The XML file declares a DTD or entities, which Docdesk does not process for safety\.$/);
  });
  it('an external-entity DOCTYPE is refused', async () => {
    const path = join(dir, 'xxe.xml');
    await writeFile(path, '<?xml version="1.0"?>\n<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<r>&x;</r>\n');
    await expectXmlError(path, /declares a DTD or entities/);
  });
  it('an undeclared entity reference is refused as not well-formed', async () => {
    const path = join(dir, 'entity.xml');
    await writeFile(path, '<r>&lol9;</r>');
    await expectXmlError(path, /^The XML file is not well-formed \(line 1: the entity &lol9; is not defined\)\.$/);
  });
  it('over 5 MiB is refused before parsing', async () => {
    await expectXmlError(await fx.makeLargeXml(dir), /^The XML file is larger than the 5 MiB limit\.$/);
    assert.throws(() => readXmlBuffer(Buffer.alloc(5 * 1024 * 1024 + 1, 0x20)), XmlReadError);
  });
  it('malformed XML names the line', async () => {
    await expectXmlError(await fx.makeMalformedXml(dir), /not well-formed \(line 5: /);
  });
  it('binary content is refused', async () => {
    const path = join(dir, 'binary.xml');
    await writeFile(path, Buffer.concat([Buffer.from('<a>'), fx.deterministicBytes(200, 3), Buffer.from('</a>')]));
    await expectXmlError(path, /not well-formed/);
  });
});

describe('invoice recognition', () => {
  const UBL = 'urn:oasis:names:specification:ubl:schema:xsd:';
  const CBC = `xmlns:cbc="${UBL}CommonBasicComponents-2"`;
  const cases = [
    {
      name: 'UBL Invoice (default namespace)',
      xml: `<Invoice xmlns="${UBL}Invoice-2" ${CBC}><cbc:CustomizationID> urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0 </cbc:CustomizationID></Invoice>`,
      expect: { syntax: 'ubl-invoice', root: 'Invoice', namespace: `${UBL}Invoice-2`, specification_id: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0' },
    },
    {
      name: 'UBL Invoice (prefixed root), no CustomizationID',
      xml: `<ubl:Invoice xmlns:ubl="${UBL}Invoice-2" ${CBC}><!--<cbc:CustomizationID>x</cbc:CustomizationID>--><cbc:ID>1</cbc:ID></ubl:Invoice>`,
      expect: { syntax: 'ubl-invoice', root: 'Invoice', namespace: `${UBL}Invoice-2`, specification_id: null },
    },
    {
      name: 'UBL CreditNote',
      xml: `<CreditNote xmlns="${UBL}CreditNote-2" ${CBC}><cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID></CreditNote>`,
      expect: { syntax: 'ubl-credit-note', root: 'CreditNote', namespace: `${UBL}CreditNote-2`, specification_id: 'urn:cen.eu:en16931:2017' },
    },
    {
      name: 'UN/CEFACT CII',
      xml:
        '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" ' +
        'xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100">' +
        '<rsm:ExchangedDocumentContext><ram:BusinessProcessSpecifiedDocumentContextParameter><ram:ID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</ram:ID></ram:BusinessProcessSpecifiedDocumentContextParameter>' +
        '<ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>' +
        '</rsm:ExchangedDocumentContext></rsm:CrossIndustryInvoice>',
      expect: { syntax: 'cii', root: 'CrossIndustryInvoice', namespace: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100', specification_id: 'urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended' },
    },
    {
      name: 'ZUGFeRD 1.0',
      xml:
        '<rsm:CrossIndustryDocument xmlns:rsm="urn:ferd:CrossIndustryDocument:invoice:1p0" ' +
        'xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:12">' +
        '<rsm:SpecifiedExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:ferd:CrossIndustryDocument:invoice:1p0:comfort</ram:ID>' +
        '</ram:GuidelineSpecifiedDocumentContextParameter></rsm:SpecifiedExchangedDocumentContext></rsm:CrossIndustryDocument>',
      expect: { syntax: 'zugferd-1', root: 'CrossIndustryDocument', namespace: 'urn:ferd:CrossIndustryDocument:invoice:1p0', specification_id: 'urn:ferd:CrossIndustryDocument:invoice:1p0:comfort' },
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      assert.deepEqual(readXmlBuffer(Buffer.from(c.xml)).invoice, c.expect);
    });
  }
  it('the UBL fixture file', async () => {
    const read = await readXml(await fx.makeXml(dir, { kind: 'ubl' }));
    assert.equal(read.invoice?.syntax, 'ubl-invoice');
    assert.equal(read.invoice?.specification_id, 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0');
  });
  it('right names in the wrong namespace, or unknown roots, are not invoices', () => {
    for (const xml of [
      '<Invoice xmlns="urn:example:invoice"><CustomizationID>x</CustomizationID></Invoice>',
      '<Invoice><CustomizationID>x</CustomizationID></Invoice>',
      '<CrossIndustryInvoice xmlns="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:99"/>',
      '<rsm:Order xmlns:rsm="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>',
    ]) {
      assert.equal(readXmlBuffer(Buffer.from(xml)).invoice, null, xml);
    }
  });
});

describe('shared e-invoice samples', () => {
  const root = samplePath('einvoice');
  const available = existsSync(join(root, 'expected.json'));
  const SYNTAX: Record<string, string> = {
    Invoice: 'ubl-invoice',
    CreditNote: 'ubl-credit-note',
    CrossIndustryInvoice: 'cii',
    CrossIndustryDocument: 'zugferd-1',
  };
  it('every XML sample is recognized with its syntax and specification identifier', { skip: skipUnlessSamples('einvoice') }, async () => {
    const expected = JSON.parse(await readFile(join(root, 'expected.json'), 'utf8')) as Record<string, { container: string; document?: string; profile_id?: string | null; wellformed?: boolean }>;
    let checked = 0;
    const wrong: string[] = [];
    for (const [file, v] of Object.entries(expected)) {
      if (v.container !== 'xml') continue; // PDFs belong to the PDF reader's tests
      let got: Awaited<ReturnType<typeof readXml>> | null = null;
      try {
        got = await readXml(join(root, file));
      } catch (err) {
        if (v.wellformed === false && err instanceof XmlReadError) {
          checked++;
          continue;
        }
        wrong.push(`${file}: ${String(err)}`);
        continue;
      }
      checked++;
      const want = v.document ? SYNTAX[v.document] ?? null : null;
      if ((got.invoice?.syntax ?? null) !== want) wrong.push(`${file}: syntax ${got.invoice?.syntax ?? null}, expected ${want}`);
      else if (want && (got.invoice?.specification_id ?? null) !== (v.profile_id ?? null)) {
        wrong.push(`${file}: specification_id ${got.invoice?.specification_id}, expected ${v.profile_id}`);
      }
    }
    assert.ok(checked > 100, `samples checked: ${checked}`);
    assert.deepEqual(wrong, []);
  });
  it('the invoice XML embedded in the hybrid PDF samples is recognized too (PDF reader + XML reader)', { skip: skipUnlessSamples('einvoice') }, async () => {
    const pdf = await import('../../../engine/formats/pdf/index.js');
    const expected = JSON.parse(await readFile(join(root, 'expected.json'), 'utf8')) as Record<string, { container: string; document?: string; profile_id?: string | null }>;
    const wrong: string[] = [];
    let checked = 0;
    try {
      for (const [file, v] of Object.entries(expected)) {
        if (v.container !== 'pdf') continue;
        const path = join(root, file);
        const found: string[] = [];
        for (const att of (await pdf.readPdfInfo(path)).attachments) {
          if (!/\.xml$/i.test(att.filename)) continue;
          const invoice = readXmlBuffer(await pdf.extractPdfAttachment(path, att.filename)).invoice;
          if (invoice) found.push(`${invoice.syntax} ${invoice.specification_id}`);
        }
        const want = v.document ? [`${SYNTAX[v.document]} ${v.profile_id}`] : [];
        checked++;
        if (JSON.stringify(found) !== JSON.stringify(want)) wrong.push(`${file}: ${JSON.stringify(found)}, expected ${JSON.stringify(want)}`);
      }
    } finally {
      await pdf.closeAllPdfs();
    }
    assert.ok(checked >= 10, `PDF samples checked: ${checked}`);
    assert.deepEqual(wrong, []);
  });
});
