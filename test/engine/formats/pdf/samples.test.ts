// The reader on the real sample PDFs in the shared samples (invoices, energy bills,
// ZUGFeRD hybrids), when that folder exists on this machine.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { closeAllPdfs, extractPdfAttachment, readPdfInfo, readPdfPageText } from '../../../../engine/formats/pdf/index.js';
import { samplesRoot, skipUnlessSamples } from '../../../helpers/samples.js';

const SAMPLES = samplesRoot();

after(() => closeAllPdfs());

async function allText(path: string): Promise<string> {
  const { pageCount } = await readPdfInfo(path);
  const pages: string[] = [];
  for (let p = 1; p <= pageCount; p++) pages.push((await readPdfPageText(path, p)).page.text);
  return pages.join('\n');
}

describe('real invoices', { skip: skipUnlessSamples('invoices') }, () => {
  const dir = join(SAMPLES, 'invoices');
  const expected: Record<string, string[]> = {
    'AmazonWebServices.pdf': ['Amazon Web Services', 'Invoice Number:\t42183017', '$4.11'],
    'AzureInterior.pdf': ['Azure Interior', 'INV/2023/03/0008', 'Total\t$ 279.84'],
    'QualityHosting.pdf': ['QualityHosting AG', 'Rechnungsnr.\t30064443', 'Grundgebühr'],
    'coolblue1.pdf': ['Coolblue B.V.', 'Factuurnummer: 993548900', 'Totaal\t€ 717,97'],
  };
  for (const [file, snippets] of Object.entries(expected)) {
    it(`${file}: plausible text, no OCR needed`, { skip: existsSync(join(dir, file)) ? false : `${file} missing` }, async () => {
      const path = join(dir, file);
      const text = await allText(path);
      for (const s of snippets) assert.ok(text.includes(s), `${JSON.stringify(s)} in\n${text}`);
      const first = await readPdfPageText(path, 1);
      assert.equal(first.ocr_needed, null);
      assert.ok(first.page.words.length > 50);
    });
  }

  it('AmazonWebServices.pdf: table rows stay whole', async () => {
    const { page } = await readPdfPageText(join(dir, 'AmazonWebServices.pdf'), 1);
    const lines = page.text.split('\n');
    assert.ok(lines.includes('Amazon Elastic Compute Cloud\t$1.87'), page.text);
    assert.ok(lines.includes('Total for this invoice\t$4.11'));
  });

  it('AzureInterior.pdf carries its UBL invoice as an embedded file', async () => {
    const path = join(dir, 'AzureInterior.pdf');
    const info = await readPdfInfo(path);
    assert.deepEqual(
      info.attachments.map((a) => [a.filename, a.mime]),
      [['UBL-Invoice-2.1.xml', 'application/xml']],
    );
    const xml = await extractPdfAttachment(path, 'UBL-Invoice-2.1.xml');
    assert.equal(xml.length, info.attachments[0]!.size);
    assert.match(xml.toString('utf8'), /<Invoice[\s>]/);
  });
});

describe('energy bills', { skip: skipUnlessSamples('energy') }, () => {
  const dir = join(SAMPLES, 'energy');
  const index = existsSync(join(dir, 'index.json'))
    ? (JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as { documents: Array<{ id: string; pdf: string; scanned: boolean; pages: number }> }).documents
    : [];

  it('native bills: page count, invoice number and IBAN in the text, no OCR', async () => {
    const native = index.filter((d) => !d.scanned);
    assert.ok(native.length > 0);
    for (const doc of native) {
      const path = join(dir, doc.pdf);
      assert.equal((await readPdfInfo(path)).pageCount, doc.pages, doc.id);
      const generic = JSON.parse(readFileSync(join(dir, `${doc.id}.generic.json`), 'utf8')) as { document_number: string | null; iban: string | null };
      const text = await allText(path);
      if (generic.document_number) assert.ok(text.includes(generic.document_number), `${doc.id}: ${generic.document_number}`);
      if (generic.iban) assert.ok(text.replace(/ /g, '').includes(generic.iban), `${doc.id}: ${generic.iban}`);
      assert.equal((await readPdfPageText(path, 1)).ocr_needed, null, doc.id);
    }
  });

  it('scanned bills: no text layer, the page covered by the scan', async () => {
    for (const doc of index.filter((d) => d.scanned)) {
      const r = await readPdfPageText(join(dir, doc.pdf), 1);
      assert.equal(r.ocr_needed, 'no_text_layer', doc.id);
      assert.ok(r.image_coverage > 0.95, `${doc.id}: ${r.image_coverage}`);
    }
  });
});

describe('ZUGFeRD 1.0 hybrids', { skip: skipUnlessSamples('einvoice') }, () => {
  const dir = join(SAMPLES, 'einvoice', 'zugferd1');
  const pdfs = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.pdf')) : [];

  it('the embedded invoice XML comes out byte for byte', async () => {
    assert.ok(pdfs.length > 0);
    for (const pdf of pdfs) {
      const reference = join(dir, pdf.replace(/\.pdf$/, '.embedded.xml'));
      if (!existsSync(reference)) continue;
      const info = await readPdfInfo(join(dir, pdf));
      assert.equal(info.attachments.length, 1, pdf);
      const got = await extractPdfAttachment(join(dir, pdf), info.attachments[0]!.filename);
      assert.ok(got.equals(readFileSync(reference)), pdf);
    }
  });
});
