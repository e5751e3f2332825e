// The e-invoice visualization as served (spec 2.5): the HTML is the canonical preview of an
// invoice XML, served with a restrictive CSP; the JPEG is its visual fallback; hybrid PDFs
// keep their page previews and add the HTML of the embedded XML. Validation mode persists
// none of it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import { buildRichEml, buildXml } from '../helpers/fixtures.js';
import { serverForSuite, upload, waitTerminal } from '../helpers/server.js';
import { samplePath, skipUnlessSamples } from '../helpers/samples.js';

const SAMPLES = samplePath('einvoice');
const noSamples = skipUnlessSamples('einvoice');

describe('e-invoice visualization previews', () => {
  const suite = serverForSuite();
  const run = async (name: string, data: Buffer, fields: Record<string, string>) => {
    const res = await upload(suite.server.url, { token: suite.server.appToken, file: { name, data }, fields });
    assert.equal(res.status, 201, await res.clone().text());
    const doc = await waitTerminal(suite.server.url, suite.server.appToken, ((await res.json()) as any).data.id, 240_000);
    assert.equal(doc.status, 'completed', doc.processing_error);
    return doc;
  };
  const get = (url: string) => fetch(url, { headers: { Authorization: `Bearer ${suite.server.appToken}` } });

  it('an invoice XML in analysis mode: HTML (CSP, no script, German labels for locale de) and a JPEG fallback', async () => {
    const doc = await run('rechnung.xml', Buffer.from(buildXml('ubl')), { processing_mode: 'analysis', locale: 'de' });
    assert.deepEqual(doc.previews.map((p: any) => [p.filename, p.file_format]), [['invoice.html', 'html'], ['invoice.jpg', 'jpg']]);
    const html = await get(doc.previews[0].preview);
    assert.equal(html.status, 200);
    assert.match(html.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(html.headers.get('content-security-policy') ?? '', /default-src 'none'/);
    assert.equal(html.headers.get('x-content-type-options'), 'nosniff');
    const body = await html.text();
    assert.ok(!/<script/i.test(body), 'no script');
    assert.match(body, /<html lang="de">/);
    assert.match(body, /Rechnungspositionen/);
    assert.match(body, /Müller &amp; Söhne GmbH/, 'escaped exactly once');
    assert.match(body, /Position 12 – Prüfdienst/);
    const jpeg = await get(doc.previews[1].preview);
    assert.equal(jpeg.headers.get('content-type'), 'image/jpeg');
    const meta = await sharp(Buffer.from(await jpeg.arrayBuffer())).metadata();
    assert.equal(meta.format, 'jpeg');
    assert.ok((meta.width ?? 0) >= 1000);
  });

  it('an e-mail with an invoice XML attachment: the attachment is shown as the visualization', async () => {
    const eml = buildRichEml({ text: 'Anbei die Rechnung.', attachments: [{ filename: 'xrechnung.xml', data: Buffer.from(buildXml('ubl')), contentType: 'application/xml' }] });
    const doc = await run('mail.eml', eml, { processing_mode: 'analysis', locale: 'en' });
    const names = doc.previews.map((p: any) => p.filename);
    assert.equal(names[0], 'invoice.html');
    assert.ok(names.includes('invoice.jpg'));
    assert.ok(!names.includes('document.xml'));
    const body = await (await get(doc.previews[0].preview)).text();
    assert.match(body, /Invoice lines/);
  });

  it('validation mode persists no preview for the same invoice', async () => {
    const doc = await run('rechnung.xml', Buffer.from(buildXml('ubl')), { processing_mode: 'validation' });
    assert.deepEqual(doc.previews, []);
  });

  it('a hybrid PDF in analysis mode keeps its page previews and adds the HTML of the embedded XML', { skip: noSamples }, async () => {
    const doc = await run('zf1.pdf', readFileSync(`${SAMPLES}/zugferd1/ZUGFeRD_1p0_COMFORT_Sachversicherung_berechneter_Steuersatz.pdf`), { processing_mode: 'analysis', pages: 'first' });
    const formats = doc.previews.map((p: any) => p.file_format);
    assert.equal(formats[0], 'jpg', 'the PDF page comes first');
    assert.equal(formats.at(-1), 'html');
    const body = await (await get(doc.previews.at(-1).preview)).text();
    assert.match(body, /<html lang="de">/, 'a German invoice without a locale hint is shown in German');
    assert.equal(doc.latest_extraction_run.quality.structured.visualization, 'html');
  });
});
