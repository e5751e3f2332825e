// Bounded, fair work per document (issue 15 item 2), over real HTTP on a one-worker server.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { buildPdf, buildRichEml } from '../helpers/fixtures.js';
import { buildGreyTiff, onePixelTiff, type GreyPage } from '../helpers/hostile-fixtures.js';
import { cli, createAccountWithToken, serverForSuite, startServerProcess, upload, waitTerminal, removeDir, tempDataDir } from '../helpers/server.js';
import { textImagePng } from '../helpers/text-image.js';

const balance = (dataDir: string, accountId: number) => cli(dataDir, ['credits', 'show', '--account', String(accountId)]).balance as number;

async function accepted(res: Response): Promise<any> {
  assert.equal(res.status, 201, await res.clone().text());
  return ((await res.json()) as any).data;
}

async function textPage(line: string): Promise<GreyPage> {
  const png = textImagePng([line], { width: 1200, height: 400, fontSize: 44, lineHeight: 90 });
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, grey: data };
}

describe('bounded and fair work', () => {
  const suite = serverForSuite({ env: { DOCDESK_WORKERS: '1' } });

  it("ends a 5,000-page one-pixel TIFF in error with its credits returned, while a second account's 1-page PDF starts before that work is done", async () => {
    const tiff = onePixelTiff(5000);
    assert.ok(tiff.length < 600_000, `${tiff.length} bytes`);
    const a = createAccountWithToken(suite.dataDir, { name: 'busy', credits: 1000 });
    const b = createAccountWithToken(suite.dataDir, { name: 'other', credits: 10 });
    const url = suite.server.url;
    const big = [];
    for (let i = 0; i < 2; i++) big.push(await accepted(await upload(url, { token: a.token, file: { name: `scan-${i}.tiff`, data: tiff }, fields: { processing_mode: 'analysis' } })));
    const small = await accepted(await upload(url, { token: b.token, file: { name: 'one.pdf', data: buildPdf({ pages: 1, text: 'Rechnung 42' }) }, fields: { processing_mode: 'analysis' } }));

    const pdf = await waitTerminal(url, b.token, small.id, 120_000);
    const tiffs = await Promise.all(big.map((d) => waitTerminal(url, a.token, d.id, 120_000)));
    assert.equal(pdf.status, 'completed', pdf.processing_error);
    assert.equal(pdf.latest_extraction_run.credits_charged, 1);
    // Fair: the other account's document did not queue behind both large documents.
    assert.ok(pdf.processing_started_at < tiffs[1].processed_at, `pdf started ${pdf.processing_started_at}, second TIFF ended ${tiffs[1].processed_at}`);
    for (const doc of tiffs) {
      assert.equal(doc.status, 'error');
      assert.equal(doc.number_of_pages, 5000);
      assert.match(doc.processing_error, /could not read any text/);
      assert.equal(doc.latest_extraction_run.error_code, 'no_usable_content');
      assert.equal(doc.latest_extraction_run.credits_charged, 0);
    }
    assert.equal(balance(suite.dataDir, a.accountId), 1000, 'every applied credit returned');
  });

  it('applies the visual page limit to a multi-page TIFF with the quality fields of a PDF', async () => {
    const tiff = buildGreyTiff([await textPage('Rechnung Nummer 4711'), ...Array.from({ length: 204 }, () => ({ width: 1, height: 1, grey: Buffer.from([255]) }))]);
    const doc = await waitTerminal(suite.server.url, suite.server.appToken, (await accepted(await upload(suite.server.url, { token: suite.server.appToken, file: { name: 'long.tiff', data: tiff }, fields: { processing_mode: 'analysis' } }))).id, 120_000);
    assert.equal(doc.status, 'completed', doc.processing_error);
    assert.equal(doc.number_of_pages, 205);
    assert.match(doc.extracted_text, /4711/);
    const q = doc.latest_extraction_run.quality;
    assert.equal(q.status, 'degraded');
    assert.ok(q.reasons.includes('ocr_page_limit_reached'), q.reasons.join());
    assert.equal(q.pdf.page_count, 205);
    assert.equal(q.pdf.ocr_page_limit_reached, true);
    assert.equal(q.pdf.ocr_page_limit, 200);
    assert.equal(q.pdf.pages_beyond_ocr_limit, 5);
    assert.deepEqual(q.pdf.skipped_pages, [201, 202, 203, 204, 205]);
    assert.deepEqual(q.pdf.empty_pages, Array.from({ length: 199 }, (_, i) => i + 2), 'pages too small to hold text are empty, not OCR-ed');
    assert.equal(q.pdf.ocr_attempted_pages, 1);
    assert.equal(doc.latest_extraction_run.credits_charged, 21, 'bands follow the page count, as for a PDF');
  });

  it('stops reading pages at the per-document deadline and ends in a defined state', async () => {
    const dataDir = tempDataDir();
    const server = await startServerProcess({ dataDir, env: { DOCDESK_WORKERS: '1', DOCDESK_DOCUMENT_DEADLINE_SECONDS: '0' } });
    try {
      const res = await upload(server.url, { token: server.appToken, file: { name: 'three.pdf', data: buildPdf({ pages: 3, text: 'Rechnung' }) }, fields: { processing_mode: 'analysis' } });
      const doc = await waitTerminal(server.url, server.appToken, (await accepted(res)).id, 60_000);
      assert.equal(doc.status, 'error');
      assert.equal(doc.latest_extraction_run.error_code, 'processing_deadline_exceeded');
      assert.match(doc.processing_error, /deadline/);
      assert.equal(doc.latest_extraction_run.credits_charged, 0);
    } finally {
      await server.stop();
      removeDir(dataDir);
    }
  });
});

describe('e-mail attachments under the page limits', () => {
  const suite = serverForSuite();
  it("reads an attached PDF up to 100 pages and reports the rest in quality.email", async () => {
    const eml = buildRichEml({ text: 'Anbei die Rechnung', attachments: [{ filename: 'lang.pdf', data: buildPdf({ pages: 105, text: 'Seite' }), contentType: 'application/pdf' }] });
    const res = await upload(suite.server.url, { token: suite.server.appToken, file: { name: 'mail.eml', data: eml }, fields: { processing_mode: 'analysis' } });
    const doc = await waitTerminal(suite.server.url, suite.server.appToken, (await accepted(res)).id, 180_000);
    assert.equal(doc.status, 'completed', doc.processing_error);
    assert.equal(doc.number_of_pages, 101, 'the body page and 100 attachment pages');
    const q = doc.latest_extraction_run.quality;
    assert.deepEqual(q.email.attachment_pages_limited, [{ component_ref: 'att-1', filename: 'lang.pdf', page_count: 105, pages_read: 100 }]);
    assert.ok(q.reasons.includes('email_degraded'));
  });
});
