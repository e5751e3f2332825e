// Analysis mode end to end over HTTP: every format becomes pages, text and previews.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { buildDocx, buildEml, buildPdf, buildXml } from '../helpers/fixtures.js';
import { attachmentPdf, twoColumnPdf } from '../helpers/pdf-fixtures.js';
import { serverForSuite, upload, waitTerminal } from '../helpers/server.js';
import { textImagePng } from '../helpers/text-image.js';
import { samplesRoot, skipUnlessSamples } from '../helpers/samples.js';

const SAMPLES = samplesRoot();

const textImage = (lines: string[]) => textImagePng(lines, { width: 1700, height: 900, fontSize: 44, lineHeight: 90 });

describe('analysis mode', () => {
  const suite = serverForSuite();
  const analyse = async (name: string, data: Buffer | Uint8Array, fields: Record<string, string> = {}) => {
    const res = await upload(suite.server.url, { token: suite.server.appToken, file: { name, data }, fields: { processing_mode: 'analysis', ...fields } });
    assert.equal(res.status, 201, await res.clone().text());
    return waitTerminal(suite.server.url, suite.server.appToken, ((await res.json()) as any).data.id, 180_000);
  };
  const authed = (url: string) => fetch(url, { headers: { Authorization: `Bearer ${suite.server.appToken}` } });

  it('reads a native PDF: page count, marked text, plain text, previews, quality.pdf', async () => {
    const doc = await analyse('three.pdf', buildPdf({ pages: 3, text: 'Rechnung Größe Straße Gebühr' }));
    assert.equal(doc.status, 'completed', doc.processing_error);
    assert.equal(doc.number_of_pages, 3);
    assert.equal(doc.ai_processing, false);
    assert.deepEqual(doc.extractions, []);
    const pages = doc.extracted_text.split('\f');
    assert.equal(pages.length, 3);
    assert.match(pages[0], /^\[page 1: native text\]\n/);
    assert.match(pages[0], /Rechnung Größe Straße Gebühr/);
    assert.doesNotMatch(doc.extracted_text_plain, /\[page \d/);
    assert.equal(doc.extracted_text_plain.split('\f').length, 3);
    assert.equal(doc.previews.length, 3);
    const preview = await authed(doc.previews[0].preview);
    assert.equal(preview.status, 200);
    assert.equal(preview.headers.get('content-type'), 'image/jpeg');
    const meta = await sharp(Buffer.from(await preview.arrayBuffer())).metadata();
    assert.ok((meta.width ?? 0) >= 1000, 'a readable preview');
    const q = doc.latest_extraction_run.quality;
    assert.equal(q.status, 'normal');
    assert.equal(q.pdf.page_count, 3);
    assert.equal(q.pdf.native_text_available, true);
    assert.equal(q.pdf.ocr_attempted_pages, 0);
    assert.equal(q.pdf.ocr_page_limit, 200);
    for (const key of ['failed_pages', 'skipped_pages', 'empty_pages', 'blank_pages', 'conflict_pages', 'unreliable_pages', 'limited_pages']) assert.deepEqual(q.pdf[key], [], key);
    assert.equal(q.structured.detection_status, 'not_detected');
    assert.deepEqual(doc.processing_progress, { pages_done: 3, pages_total: 3 });
    const thumb = await authed(doc.thumbnail);
    assert.equal(thumb.headers.get('content-type'), 'image/jpeg');
  });

  it('keeps a two-column page in reading order', async () => {
    const doc = await analyse('columns.pdf', twoColumnPdf());
    assert.equal(doc.status, 'completed', doc.processing_error);
    const lines: string[] = doc.extracted_text.split('\n');
    const at = (prefix: string) => lines.findIndex((l) => l.startsWith(prefix));
    assert.ok(at('L01') > 0 && at('R01') > 0, 'both columns were read');
    assert.ok(at('L18') < at('R01'), 'the whole left column comes before the right one');
    assert.ok(at('R18') < lines.findIndex((l) => l.startsWith('Seite 1 von 1')), 'the footer comes last');
  });

  it('OCRs an image with German text, keeping umlauts and ß', async () => {
    const doc = await analyse('scan.png', textImage(['Größe der Lieferung', 'Straße und Hausnummer', 'Gebühr 12,50 EUR']));
    assert.equal(doc.status, 'completed', doc.processing_error);
    assert.equal(doc.number_of_pages, 1);
    assert.match(doc.extracted_text, /^\[page 1: OCR deu, confidence \d+\]/);
    for (const word of ['Größe', 'Straße', 'Gebühr']) assert.ok(doc.extracted_text.includes(word), `${word} in ${doc.extracted_text}`);
    assert.equal(doc.latest_extraction_run.quality.pdf.ocr_attempted_pages, 1);
    assert.equal(doc.latest_extraction_run.quality.pdf.ocr_successful_pages, 1);
  });

  it('reads a Word document with headings and a table row on one line, with page previews', async () => {
    const doc = await analyse('letter.docx', buildDocx({ heading: 'Angebot 2026', paragraphs: ['Sehr geehrte Frau Müller,', 'anbei unser Angebot.'], table: [['Pos', 'Artikel', 'Preis'], ['1', 'Wartung', '120,00']] }));
    assert.equal(doc.status, 'completed', doc.processing_error);
    assert.ok(doc.number_of_pages >= 1);
    assert.match(doc.extracted_text, /Angebot 2026/);
    assert.match(doc.extracted_text, /1\tWartung\t120,00/);
    assert.ok(doc.previews.length >= 1);
    assert.equal(doc.latest_extraction_run.quality.pdf, null);
  });

  it('reads an e-mail: header, body and the attached PDF as its own component', async () => {
    const doc = await analyse('mail.eml', buildEml({ attachPdf: true, subject: 'Rechnung 4711', body: 'Guten Tag, anbei die Rechnung.' }));
    assert.equal(doc.status, 'completed', doc.processing_error);
    assert.match(doc.extracted_text, /\[email header\]/);
    assert.match(doc.extracted_text, /Subject: Rechnung 4711/);
    assert.match(doc.extracted_text, /\[email body\]\nGuten Tag/);
    assert.match(doc.extracted_text, /\[attachment 1: [^\]]+\]\n\[page 2: native text\]\nRechnung Nr\. 42/);
    assert.ok(doc.number_of_pages >= 2);
    assert.doesNotMatch(doc.extracted_text_plain, /\[email (header|body)\]|\[attachment/);
    const email = doc.latest_extraction_run.quality.email;
    assert.equal(email.components.length, 1);
    assert.equal(email.components[0].ref, 'att-1');
  });

  it('records invoice XML detection and serves the e-invoice visualization (spec 2.5)', async () => {
    const doc = await analyse('invoice.xml', Buffer.from(buildXml('ubl')));
    assert.equal(doc.status, 'completed', doc.processing_error);
    const s = doc.latest_extraction_run.quality.structured;
    assert.equal(s.contract_version, 1);
    assert.equal(s.detection_status, 'recognized');
    assert.equal(s.detected[0].syntax, 'ubl-invoice');
    assert.equal(doc.is_e_invoice, false, 'recognizing invoice-like XML alone does not set is_e_invoice');
    assert.deepEqual(doc.previews.map((p: any) => p.file_format), ['html', 'jpg'], 'the HTML is the canonical preview, the JPEG its fallback');
    const res = await authed(doc.previews[0].preview);
    assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(await res.text(), /RE-2024-0042/);
  });

  it('serves other safe XML as a pretty-printed XML preview', async () => {
    const doc = await analyse('katalog.xml', Buffer.from(buildXml('plain')));
    assert.equal(doc.status, 'completed', doc.processing_error);
    assert.equal(doc.latest_extraction_run.quality.structured.detection_status, 'not_detected');
    const xmlPreview = doc.previews.find((p: any) => p.file_format === 'xml');
    const res = await authed(xmlPreview.preview);
    // Served as inert text whatever its root element (issue 15: an XHTML or SVG root ran script).
    assert.equal(res.headers.get('content-type'), 'text/plain; charset=utf-8');
    assert.equal(res.headers.get('content-security-policy'), "default-src 'none'; sandbox");
    assert.match(await res.text(), /\n\s+<artikel nr="1000">/);
  });

  it('lists the files embedded in a hybrid PDF and recognizes its invoice XML', async () => {
    const doc = await analyse('hybrid.pdf', attachmentPdf());
    assert.equal(doc.status, 'completed', doc.processing_error);
    const q = doc.latest_extraction_run.quality;
    assert.ok(q.pdf.embedded_files.some((f: any) => f.filename === 'factur-x.xml'));
    assert.equal(q.structured.detection_status, 'recognized');
    assert.deepEqual(q.structured.detected.map((d: any) => [d.syntax, d.embedded_filename]), [['cii', 'factur-x.xml']]);
  });

  it('ends an encrypted PDF in error with a clear message and returns its credits', async () => {
    const doc = await analyse('secret.pdf', buildPdf({ pages: 1, encrypted: true }));
    assert.equal(doc.status, 'error');
    assert.match(doc.processing_error, /password/i);
    assert.equal(doc.latest_extraction_run.credits_charged, 0);
  });

  it('ends a disguised file in error, rejected by the content check', async () => {
    const doc = await analyse('report.pdf', Buffer.from('PK\u0003\u0004 this is not a pdf at all'.repeat(20)));
    assert.equal(doc.status, 'error');
    assert.equal(doc.scanner_status, 'rejected');
    assert.ok(doc.processing_error.length > 10);
  });

  it('reads the real samples plausibly (native and scanned)', { skip: skipUnlessSamples('invoices') || skipUnlessSamples('energy') }, async () => {
    const aws = await analyse('AmazonWebServices.pdf', readFileSync(join(SAMPLES, 'invoices', 'AmazonWebServices.pdf')));
    assert.equal(aws.status, 'completed', aws.processing_error);
    assert.match(aws.extracted_text, /Amazon Web Services/);
    const scanned = await analyse('energy-7-0004.pdf', readFileSync(join(SAMPLES, 'energy', 'energy-7-0004.pdf')), { pages: 'first' });
    assert.equal(scanned.status, 'completed', scanned.processing_error);
    assert.match(scanned.extracted_text, /^\[page 1: OCR deu,/);
    assert.match(scanned.extracted_text, /Rechnungsbetrag|Abrechnung/);
  });
});
