// The page work of a scanned PDF page, on real pixels: a page that is one scanned JPEG skips
// the text-layer pass and hands its 300-dpi gray drawing to OCR raw (the same words as the PNG
// hand-over), its preview made from that drawing; a scan with anything else on it is read
// through the text layer, the PNG hand-over and its own preview drawing.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { isBlank, meanLevel, ocrPdfPage, processPdfPage, PREVIEW_WIDTH, type PageWorkResult } from '../../../engine/pipeline/page-work.js';
import { ocrImage, terminateOcr } from '../../../engine/ocr/index.js';
import { closeAllPdfs, rasterizePdfPage, readPageScan } from '../../../engine/formats/pdf/index.js';
import { buildFixturePdf } from '../../helpers/pdf-fixtures.js';
import { drawInvoicePage, type DrawnPage } from '../ocr/pages.js';

let dir: string;
let drawn: DrawnPage;
let scan150: string;
let native: PageWorkResult;
let ocred: PageWorkResult;

/** An image-only A4 page: the drawn invoice (150 dpi) scaled to `dpi`, as a gray JPEG. */
async function scanPdf(name: string, dpi: number, extra = ''): Promise<string> {
  const width = Math.round((595 * dpi) / 72);
  const height = Math.round((842 * dpi) / 72);
  const jpeg = await sharp(drawn.png).resize(width, height, { fit: 'fill' }).grayscale().toColourspace('b-w').jpeg({ quality: 85 }).toBuffer();
  const path = join(dir, name);
  writeFileSync(path, buildFixturePdf({ pages: [{ content: `q 595 0 0 842 0 0 cm /Im1 Do Q${extra}`, images: [{ name: 'Im1', width, height, jpeg, channels: 1 }] }] }));
  return path;
}

const words = (r: { page: { words: Array<{ text: string }> } } | { words: Array<{ text: string }> }) => ('page' in r ? r.page.words : r.words).map((w) => w.text);

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'docdesk-page-work-'));
  drawn = drawInvoicePage();
  scan150 = await scanPdf('scan-150.pdf', 150);
  native = await processPdfPage({ kind: 'pdf.page', path: scan150, page: 1, physical_page: 1, component_ref: 'main', visual: true, preview_path: join(dir, 'p1-native.jpg') });
  ocred = await ocrPdfPage({ kind: 'pdf.ocr', path: scan150, page: 1, physical_page: 1, component_ref: 'main', native, preview_path: join(dir, 'p1.jpg') });
});

after(async () => {
  await terminateOcr();
  await closeAllPdfs();
  rmSync(dir, { recursive: true, force: true });
});

describe('page work of a scanned PDF page', () => {
  it('finds the scan in the text-layer pass, without drawing a preview yet', () => {
    assert.equal(native.ocr_reason, 'no_text_layer');
    assert.equal(native.preview, null);
  });

  it('sends a 200-dpi scan to OCR too, and draws the preview of a text page in the text-layer pass', async () => {
    const scan200 = await scanPdf('scan-200.pdf', 200);
    const r = await processPdfPage({ kind: 'pdf.page', path: scan200, page: 1, physical_page: 1, component_ref: 'main', visual: false, preview_path: null });
    assert.equal(r.ocr_reason, 'no_text_layer');
    const text = join(dir, 'text.pdf');
    writeFileSync(text, buildFixturePdf({ pages: [{ content: 'BT /F1 12 Tf 72 760 Td (Rechnung Nr. 2026-0042 vom 14.03.2026) Tj ET' }] }));
    const t = await processPdfPage({ kind: 'pdf.page', path: text, page: 1, physical_page: 1, component_ref: 'main', visual: true, preview_path: join(dir, 'text.jpg') });
    assert.equal(t.ocr_reason, null);
    const meta = await sharp(readFileSync(t.preview!.path)).metadata();
    assert.equal(meta.width, PREVIEW_WIDTH);
  });

  it('reads a page that is one scan from the same pixels, handed over raw: the words of the PNG hand-over', async () => {
    assert.ok(await readPageScan(scan150, 1), 'the fixture is one full-page JPEG');
    // The way every other page is read: drawn at 300 dpi in gray, handed over as PNG.
    const raster = await rasterizePdfPage(scan150, 1, { dpi: 300, channels: 1 });
    const png = await sharp(raster.data, { raw: { width: raster.widthPx, height: raster.heightPx, channels: 1 } }).png().toBuffer();
    const fromPng = await ocrImage(png, { dpiHint: raster.dpi });
    assert.deepEqual(words(ocred), words(fromPng));
    assert.equal(ocred.ocr_confidence, fromPng.mean_confidence);
  });

  it('draws a scan with anything else on it (a stamp in text) and reads both', async () => {
    const stamped = await scanPdf('stamped.pdf', 150, ' BT /F2 16 Tf 380 60 Td (BEZAHLT) Tj ET');
    assert.equal(await readPageScan(stamped, 1), null);
    const first = await processPdfPage({ kind: 'pdf.page', path: stamped, page: 1, physical_page: 1, component_ref: 'main', visual: true, preview_path: null });
    assert.equal(first.ocr_reason, 'too_little_text');
    const r = await ocrPdfPage({ kind: 'pdf.ocr', path: stamped, page: 1, physical_page: 1, component_ref: 'main', native: first, preview_path: join(dir, 'stamped.jpg') });
    for (const w of ['Hauptstraße', '2026-0042', 'BEZAHLT']) assert.ok(words(r).includes(w), `missing ${w} in ${words(r).join(' ')}`);
    assert.equal(r.page.source, 'combined');
    assert.equal(r.preview?.width, PREVIEW_WIDTH);
  });

  it('reads the drawn words, with boxes in page points where they were drawn', () => {
    assert.equal(ocred.ocr_attempted, true);
    assert.equal(ocred.ocr_succeeded, true);
    assert.equal(ocred.page.source, 'ocr');
    const words = ocred.page.words.map((w) => w.text);
    for (const w of ['Müller', 'GmbH', 'Hauptstraße', '2026-0042', 'Gebühr', '12,50', 'Straße']) assert.ok(words.includes(w), `missing ${w} in ${words.join(' ')}`);
    // Drawn at 150 px per inch: page points are px × 72 / 150.
    const target = drawn.words.find((w) => w.text === 'Hauptstraße')!;
    const got = ocred.page.words.find((w) => w.text === 'Hauptstraße')!;
    assert.ok(Math.abs(got.bbox.x - (target.x * 72) / 150) < 6, `x ${got.bbox.x}`);
    assert.ok(Math.abs(got.bbox.y - (target.y * 72) / 150) < 6, `y ${got.bbox.y}`);
    assert.ok(ocred.ocr_confidence! > 80);
  });

  it('writes a preview 1240 px wide from the OCR drawing and counts the scan image', async () => {
    assert.ok(ocred.preview);
    const meta = await sharp(readFileSync(ocred.preview.path)).metadata();
    assert.equal(meta.format, 'jpeg');
    assert.equal(meta.width, PREVIEW_WIDTH);
    assert.equal(ocred.preview.width, PREVIEW_WIDTH);
    assert.equal(ocred.blank, false);
    assert.ok(ocred.rendered_bytes > ocred.preview.bytes, 'the OCR page image counts toward the rendered-data budget');
    assert.equal(ocred.limited, false);
  });
});

describe('blank check of a gray page drawing', () => {
  /** The definition: the page's 200-px gray copy is near white with a tiny spread. */
  async function blankByDefinition(data: Buffer, width: number, height: number): Promise<boolean> {
    const ch = (await sharp(data, { raw: { width, height, channels: 1 } }).greyscale().resize({ width: 200, withoutEnlargement: true }).stats()).channels[0]!;
    return ch.mean > 250 && ch.stdev < 4;
  }
  const raster = (data: Buffer, width: number, height: number) => ({ data, width, height, widthPx: width, heightPx: height, channels: 1 as const, dpi: 300, limited: false });

  it('decides as the downscaled copy does, also when the mean alone settles it', async () => {
    const w = 1240;
    const h = 1754;
    const page = (paper: number) => Buffer.alloc(w * h, paper);
    const speck = page(255);
    speck.fill(0, 500 * w + 600, 500 * w + 604);
    const text = page(255);
    for (let y = 200; y < 1500; y += 40) for (let dy = 0; dy < 14; dy++) for (let x = 100; x < 1100; x += 7) text.fill(20, (y + dy) * w + x, (y + dy) * w + x + 3);
    const cases: Array<[string, Buffer]> = [
      ['white paper', page(255)],
      ['white paper with a speck', speck],
      ['light grey paper (mean 247: checked by the downscale)', page(247)],
      ['grey paper (mean 240: settled by the mean)', page(240)],
      ['lines of text', text],
    ];
    for (const [name, data] of cases) assert.equal(await isBlank(raster(data, w, h)), await blankByDefinition(data, w, h), name);
    assert.ok(meanLevel(text) < 245, 'the text page is settled by its mean');
    assert.equal(await isBlank(raster(page(255), w, h)), true);
    assert.equal(await isBlank(raster(text, w, h)), false);
  });

  it('sums grey levels four at a time to the same mean as pixel by pixel (any offset and length)', async () => {
    const byDefinition = (d: Uint8Array) => {
      let sum = 0;
      for (let i = 0; i < d.length; i++) sum += d[i]!;
      return d.length ? sum / d.length : 255;
    };
    const white = Buffer.alloc(4096 * 64 + 5, 255);
    const bytes = new Uint8Array(300_003).map((_, i) => (i * 2654435761) >>> 24);
    for (const [name, d] of [
      ['white, longer than a lane flush', white],
      ['white, odd offset', white.subarray(3)],
      ['varied bytes', bytes],
      ['varied bytes, offsets 1 to 3', bytes.subarray(1, bytes.length - 2)],
      ['three bytes', bytes.subarray(2, 5)],
      ['empty', bytes.subarray(0, 0)],
    ] as const) {
      assert.equal(meanLevel(d), byDefinition(d), name);
    }
    const r = await rasterizePdfPage(scan150, 1, { dpi: 300, channels: 1 });
    assert.equal(meanLevel(r.data), byDefinition(r.data), 'the scan fixture drawn at 300 dpi');
  });

  it('keeps the scan page\'s blank flag: its 300-dpi drawing is not blank either way', async () => {
    const r = await rasterizePdfPage(scan150, 1, { dpi: 300, channels: 1 });
    assert.equal(await isBlank(r), await blankByDefinition(r.data, r.widthPx, r.heightPx));
  });
});
