// The PDF reader on generated PDFs: page count, reading order, table rows, German
// characters, every OCR reason, image coverage, rotation, damaged and encrypted files,
// embedded files, and the per-process document cache.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeAllPdfs, extractPdfAttachment, PdfReadError, readPdfInfo, readPdfPageText } from '../../../../engine/formats/pdf/index.js';
import { MAX_OPEN_DOCUMENTS, openPdfPaths } from '../../../../engine/formats/pdf/cache.js';
import { makePdf, makeTruncatedPdf, buildPdf } from '../../../helpers/fixtures.js';
import * as pfx from '../../../helpers/pdf-fixtures.js';

let dir: string;
const files: Record<string, string> = {};

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docdesk-pdfread-'));
  const put = async (name: string, data: Buffer | Promise<Buffer>) => (files[name] = await pfx.writeFixture(dir, `${name}.pdf`, await data));
  await Promise.all([
    put('twoColumn', pfx.twoColumnPdf()),
    put('table', pfx.tablePdf()),
    put('scan', pfx.scanPdf()),
    put('scanWithPageNumber', pfx.scanPdf({ visibleText: 'Seite 1' })),
    put('ocrLayer', pfx.scanPdf({ hiddenText: ['Rechnung Nr. 2024-0815', 'Gesamtbetrag 1.234,56 EUR', 'Zahlbar bis 19.03.2024 ohne Abzug'] })),
    put('garbage', pfx.garbageTextPdf()),
    put('pages201', pfx.textPagesPdf(201)),
    put('rotated', pfx.textPagesPdf(1, { rotate: 90 })),
    put('attachments', pfx.attachmentPdf()),
    put('brokenXref', pfx.buildFixturePdf({ pages: [{ content: pfx.textLine(72, 700, 'Wiederhergestellt: Größe', 12) }], brokenXref: true })),
    put('garbageFile', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4000, 0x41), Buffer.from('\n%%EOF\n')])),
    put('noPages', buildPdf({ pages: 0 })),
  ]);
  files.encrypted = await makePdf(dir, { encrypted: true });
  files.truncated = await makeTruncatedPdf(dir);
  files.invoice = await makePdf(dir, { pages: 3 });
});

after(async () => {
  await closeAllPdfs();
  await rm(dir, { recursive: true, force: true });
});

/** The error must be a PdfReadError whose sentence matches. */
async function rejectsWith(p: Promise<unknown>, pattern: RegExp): Promise<void> {
  await assert.rejects(p, (err: unknown) => {
    assert.ok(err instanceof PdfReadError, `PdfReadError, got ${(err as Error)?.name}: ${(err as Error)?.message}`);
    assert.match(err.message, pattern);
    return true;
  });
}

describe('readPdfInfo', () => {
  it('counts pages', async () => {
    assert.equal((await readPdfInfo(files.invoice!)).pageCount, 3);
    assert.equal((await readPdfInfo(files.twoColumn!)).pageCount, 1);
  });

  it('counts 201 pages (beyond the visual processing limit)', async () => {
    const info = await readPdfInfo(files.pages201!);
    assert.equal(info.pageCount, 201);
    const last = await readPdfPageText(files.pages201!, 201);
    assert.match(last.page.text, /Seite 201 von 201/);
  });

  it('lists embedded files with size and type', async () => {
    const info = await readPdfInfo(files.attachments!);
    const byName = Object.fromEntries(info.attachments.map((a) => [a.filename, a]));
    assert.deepEqual(Object.keys(byName).sort(), ['anhang.bin', 'factur-x.xml']);
    assert.deepEqual(byName['factur-x.xml'], { filename: 'factur-x.xml', size: pfx.FACTUR_X_XML.length, mime: 'application/xml', component_ref: 'main' });
    assert.equal(byName['anhang.bin']!.size, 3000);
    assert.equal(byName['anhang.bin']!.mime, null);
    assert.deepEqual((await readPdfInfo(files.table!)).attachments, []);
  });

  it('refuses encrypted PDFs with a sentence about the password', async () => {
    await rejectsWith(readPdfInfo(files.encrypted!), /password/i);
    await rejectsWith(readPdfPageText(files.encrypted!, 1), /password/i);
  });

  it('refuses damaged PDFs and PDFs without pages with a clear sentence', async () => {
    await rejectsWith(readPdfInfo(files.truncated!), /damaged or incomplete/);
    await rejectsWith(readPdfInfo(files.garbageFile!), /damaged or incomplete/);
    await rejectsWith(readPdfInfo(files.noPages!), /no pages/);
  });

  it('reads a PDF whose cross-reference table has wrong offsets (pdf.js rebuilds it)', async () => {
    const xref = (await readFile(files.brokenXref!, 'latin1')).match(/xref\n0 \d+\n0000000000 65535 f \n(\d{10})/)!;
    const firstObject = (await readFile(files.brokenXref!, 'latin1')).indexOf('1 0 obj');
    assert.notEqual(Number(xref[1]), firstObject, 'the fixture really is broken');
    assert.equal((await readPdfInfo(files.brokenXref!)).pageCount, 1);
    assert.match((await readPdfPageText(files.brokenXref!, 1)).page.text, /Wiederhergestellt: Größe/);
  });
});

describe('readPdfPageText', () => {
  it('reads the two columns left column first, after the heading, before the footer', async () => {
    const { page, ocr_needed } = await readPdfPageText(files.twoColumn!, 1);
    assert.equal(ocr_needed, null);
    const lines = page.text.split('\n');
    assert.match(lines[0]!, /^Kundeninformation zur Jahresabrechnung 2024$/);
    const order = lines.map((l) => /^([LR])(\d\d) /.exec(l)?.slice(1).join('')).filter(Boolean);
    const expected = [...Array.from({ length: 18 }, (_, i) => `L${String(i + 1).padStart(2, '0')}`), ...Array.from({ length: 18 }, (_, i) => `R${String(i + 1).padStart(2, '0')}`)];
    assert.deepEqual(order, expected);
    assert.match(lines[lines.length - 1]!, /^Seite 1 von 1 - Stadtwerke Musterstadt GmbH/);
  });

  it('keeps each table row on one line, cells joined by a TAB', async () => {
    const { page } = await readPdfPageText(files.table!, 1);
    const lines = page.text.split('\n');
    assert.ok(lines.includes('Pos.\tBeschreibung\tMenge\tEinzelpreis\tGesamt'), page.text);
    for (const row of pfx.TABLE_ROWS) assert.ok(lines.includes(row.join('\t')), `${row.join(' | ')} in\n${page.text}`);
    assert.ok(lines.includes('Summe netto\t100,81'));
  });

  it('keeps umlauts and ß (WinAnsiEncoding)', async () => {
    const { page } = await readPdfPageText(files.table!, 1);
    for (const word of ['Größe', 'Straßenreinigung', 'Gebühr', 'Müller', 'Söhne', 'München']) assert.ok(page.text.includes(word), word);
    assert.ok(page.words.some((w) => w.text === 'Größe'));
  });

  it('returns the page model: points, words with boxes inside the page, lines indexing words', async () => {
    const { page } = await readPdfPageText(files.table!, 1);
    assert.equal(page.page, 1);
    assert.equal(page.component_ref, 'main');
    assert.equal(page.source, 'native');
    assert.equal(page.width, 595);
    assert.equal(page.height, 842);
    // "Rechnung Nr. RE-2024-0042" is drawn at x=56 with its baseline at y=740 (PDF), 102 from the top.
    const word = page.words.find((w) => w.text === 'RE-2024-0042')!;
    assert.ok(word, 'word found');
    const first = page.words.find((w) => w.text === 'Rechnung')!;
    assert.ok(Math.abs(first.bbox.x - 56) < 0.5, `x ${first.bbox.x}`);
    assert.ok(first.bbox.y < 102 && first.bbox.y + first.bbox.h > 102, `the box spans the baseline: ${JSON.stringify(first.bbox)}`);
    assert.ok(word.bbox.x > first.bbox.x + first.bbox.w);
    for (const w of page.words) {
      assert.ok(w.bbox.x >= 0 && w.bbox.y >= 0 && w.bbox.x + w.bbox.w <= 595 && w.bbox.y + w.bbox.h <= 842, JSON.stringify(w));
      assert.equal(w.confidence, 100);
    }
    for (const line of page.lines) assert.equal(line.words.map((i) => page.words[i]!.text).join(' '), line.text.replaceAll('\t', ' '));
    assert.equal(page.text, page.lines.map((l) => l.text).join('\n'));
    // Plain data: survives structured cloning unchanged.
    assert.deepEqual(structuredClone(page), page);
  });

  it('reports the page as displayed for /Rotate 90', async () => {
    const r = await readPdfPageText(files.rotated!, 1);
    assert.equal(r.rotation, 90);
    assert.equal(r.page.width, 842);
    assert.equal(r.page.height, 595);
    assert.match(r.page.text, /^Seite 1 von 1\nGröße, Straße, Gebühr: 1\.234,56 EUR$/);
    for (const w of r.page.words) assert.ok(w.bbox.x + w.bbox.w <= 842 && w.bbox.y + w.bbox.h <= 595);
  });

  it('scan without text: no_text_layer, image coverage ≈ 1', async () => {
    const r = await readPdfPageText(files.scan!, 1);
    assert.equal(r.ocr_needed, 'no_text_layer');
    assert.ok(r.image_coverage > 0.98, String(r.image_coverage));
    assert.equal(r.has_images, true);
    assert.equal(r.page.text, '');
    assert.deepEqual(r.page.words, []);
  });

  it('scan with a page number only: too_little_text', async () => {
    const r = await readPdfPageText(files.scanWithPageNumber!, 1);
    assert.equal(r.ocr_needed, 'too_little_text');
    assert.equal(r.page.text, 'Seite 1');
  });

  it('scan with an invisible OCR layer (render mode 3): hidden_text_layer, text still returned', async () => {
    const r = await readPdfPageText(files.ocrLayer!, 1);
    assert.equal(r.ocr_needed, 'hidden_text_layer');
    assert.match(r.page.text, /Gesamtbetrag 1\.234,56 EUR/);
  });

  it('text in a font mapped to private-use characters: garbage_text', async () => {
    const r = await readPdfPageText(files.garbage!, 1);
    assert.equal(r.ocr_needed, 'garbage_text');
    assert.ok(r.page.words.length > 0);
  });

  it('a page of ordinary text needs no OCR and has no significant images', async () => {
    const r = await readPdfPageText(files.invoice!, 2);
    assert.equal(r.ocr_needed, null);
    assert.equal(r.has_images, false);
    assert.equal(r.image_coverage, 0);
    assert.match(r.page.text, /Seite 2/);
    assert.match(r.page.text, /Kunde: Müller & Söhne GmbH, Große Straße 1/);
  });

  it('refuses a page number outside the document', async () => {
    await rejectsWith(readPdfPageText(files.invoice!, 4), /Page 4 does not exist: the PDF has 3 pages/);
    await rejectsWith(readPdfPageText(files.invoice!, 0), /does not exist/);
  });
});

describe('extractPdfAttachment', () => {
  it('returns embedded files byte for byte', async () => {
    assert.deepEqual(await extractPdfAttachment(files.attachments!, 'factur-x.xml'), pfx.FACTUR_X_XML);
    const bin = await extractPdfAttachment(files.attachments!, 'anhang.bin');
    assert.ok(Buffer.isBuffer(bin));
    assert.equal(bin.length, 3000);
    assert.equal(bin[1], (31 + 7) & 0xff);
  });

  it('refuses an unknown name', async () => {
    await rejectsWith(extractPdfAttachment(files.attachments!, 'zugferd-invoice.xml'), /no embedded file named "zugferd-invoice.xml"/);
  });
});

describe('document cache', () => {
  it(`keeps at most ${MAX_OPEN_DOCUMENTS} documents open, least recently used evicted`, async () => {
    await closeAllPdfs();
    await readPdfInfo(files.table!);
    await readPdfInfo(files.scan!);
    await readPdfInfo(files.invoice!);
    assert.deepEqual(openPdfPaths(), [files.scan, files.invoice]);
    await readPdfPageText(files.scan!, 1);
    assert.deepEqual(openPdfPaths(), [files.invoice, files.scan]);
    // An evicted document opens again and reads the same.
    assert.match((await readPdfPageText(files.table!, 1)).page.text, /Büroklammern/);
  });

  it('opens a file afresh when it was replaced', async () => {
    const path = join(dir, 'replaced.pdf');
    await writeFile(path, pfx.textPagesPdf(2));
    assert.equal((await readPdfInfo(path)).pageCount, 2);
    await writeFile(path, pfx.textPagesPdf(5));
    assert.equal((await readPdfInfo(path)).pageCount, 5);
  });

  it('does not cache failures', async () => {
    const path = join(dir, 'later-valid.pdf');
    await writeFile(path, 'not a pdf at all');
    await rejectsWith(readPdfInfo(path), /damaged/);
    await writeFile(path, pfx.textPagesPdf(1));
    assert.equal((await readPdfInfo(path)).pageCount, 1);
  });
});
