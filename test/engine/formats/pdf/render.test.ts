// Page rendering: output size follows the DPI, the page is on white, and the spec's limits
// (18,000,000 pixels, 32 MiB per page) lower the DPI instead of failing.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { closeAllPdfs, MAX_PAGE_PIXELS, PdfReadError, renderPdfPage } from '../../../../engine/formats/pdf/index.js';
import { fitDpi, pixelSize } from '../../../../engine/formats/pdf/render.js';
import { makePdf } from '../../../helpers/fixtures.js';
import * as pfx from '../../../helpers/pdf-fixtures.js';

let dir: string;
const files: Record<string, string> = {};

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docdesk-pdfrender-'));
  files.huge = await pfx.writeFixture(dir, 'huge.pdf', pfx.hugePagePdf());
  files.halves = await pfx.writeFixture(dir, 'halves.pdf', pfx.buildFixturePdf({ pages: [{ content: '1 0 0 rg 0 421 595 421 re f 0 0 1 rg 0 0 297 421 re f' }] }));
  files.rotated = await pfx.writeFixture(dir, 'rotated.pdf', pfx.textPagesPdf(1, { rotate: 90 }));
  files.scan = await pfx.writeFixture(dir, 'scan.pdf', await pfx.scanPdf());
  files.encrypted = await makePdf(dir, { encrypted: true });
});

after(async () => {
  await closeAllPdfs();
  await rm(dir, { recursive: true, force: true });
});

async function decode(data: Buffer) {
  const { data: px, info } = await sharp(data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { info, at: (x: number, y: number) => [...px.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)] };
}

describe('renderPdfPage', () => {
  it('renders A4 at 150 DPI as 1240 × 1754 PNG with the page content in place on white', async () => {
    const r = await renderPdfPage(files.halves!, 1, { dpi: 150, format: 'png' });
    assert.deepEqual([r.widthPx, r.heightPx, r.dpi, r.limited, r.format], [1240, 1754, 150, false, 'png']);
    assert.deepEqual([...r.data.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const img = await decode(r.data);
    assert.equal(img.info.width, 1240);
    assert.equal(img.info.height, 1754);
    assert.deepEqual(img.at(600, 400), [255, 0, 0], 'top half red');
    assert.deepEqual(img.at(300, 1400), [0, 0, 255], 'bottom left blue');
    assert.deepEqual(img.at(1000, 1400), [255, 255, 255], 'bottom right: white background');
  });

  it('output size follows the DPI (JPEG at 72 and 300 DPI)', async () => {
    for (const dpi of [72, 300]) {
      const r = await renderPdfPage(files.halves!, 1, { dpi, format: 'jpeg' });
      const expected = pixelSize(595, 842, dpi);
      assert.deepEqual([r.widthPx, r.heightPx], [expected.widthPx, expected.heightPx]);
      assert.deepEqual([...r.data.subarray(0, 3)], [0xff, 0xd8, 0xff]);
      const meta = await sharp(r.data).metadata();
      assert.deepEqual([meta.format, meta.width, meta.height], ['jpeg', r.widthPx, r.heightPx]);
    }
    assert.deepEqual(pixelSize(595, 842, 300), { widthPx: 2479, heightPx: 3508 });
  });

  it('renders a rotated page as displayed (landscape)', async () => {
    const r = await renderPdfPage(files.rotated!, 1, { dpi: 100, format: 'png' });
    assert.ok(r.widthPx > r.heightPx);
    assert.deepEqual([r.widthPx, r.heightPx], [1169, 826]);
  });

  it('lowers the DPI of a huge page to stay within 18,000,000 pixels', async () => {
    const r = await renderPdfPage(files.huge!, 1, { dpi: 150, format: 'jpeg' });
    assert.equal(r.limited, true);
    assert.ok(r.dpi < 150 && r.dpi > 20, String(r.dpi));
    assert.ok(r.widthPx * r.heightPx <= MAX_PAGE_PIXELS, `${r.widthPx}x${r.heightPx}`);
    assert.ok(r.widthPx * r.heightPx > MAX_PAGE_PIXELS * 0.98, 'as large as allowed');
    const meta = await sharp(r.data).metadata();
    assert.deepEqual([meta.width, meta.height], [r.widthPx, r.heightPx]);
    // The blue square covers the lower left quarter of the page.
    const img = await decode(r.data);
    const [, , b] = img.at(Math.round(r.widthPx * 0.25), Math.round(r.heightPx * 0.75));
    assert.ok(b! > 150, 'content drawn at the reduced scale');
  });

  it('honours a smaller pixel limit', async () => {
    const r = await renderPdfPage(files.halves!, 1, { dpi: 300, format: 'png', maxPixels: 1_000_000 });
    assert.equal(r.limited, true);
    assert.ok(r.widthPx * r.heightPx <= 1_000_000);
    assert.equal(r.dpi, fitDpi(595, 842, 300, 1_000_000));
  });

  it('lowers the DPI until the encoded page fits the byte limit', async () => {
    const unlimited = await renderPdfPage(files.scan!, 1, { dpi: 150, format: 'png' });
    assert.equal(unlimited.limited, false);
    const maxBytes = Math.floor(unlimited.data.length / 3);
    const r = await renderPdfPage(files.scan!, 1, { dpi: 150, format: 'png', maxBytes });
    assert.equal(r.limited, true);
    assert.ok(r.data.length <= maxBytes, `${r.data.length} > ${maxBytes}`);
    assert.ok(r.dpi < 150 && r.dpi > 50, String(r.dpi));
  });

  it('fits the DPI exactly at the limit', () => {
    assert.equal(fitDpi(595, 842, 150, MAX_PAGE_PIXELS), 150);
    const dpi = fitDpi(14400, 14400, 150, MAX_PAGE_PIXELS);
    const px = pixelSize(14400, 14400, dpi);
    assert.ok(px.widthPx * px.heightPx <= MAX_PAGE_PIXELS);
    const above = pixelSize(14400, 14400, dpi + 0.05);
    assert.ok(above.widthPx * above.heightPx > MAX_PAGE_PIXELS, 'no lower than needed');
  });

  it('refuses bad options and encrypted files', async () => {
    await assert.rejects(renderPdfPage(files.halves!, 1, { dpi: 0, format: 'png' }), RangeError);
    await assert.rejects(renderPdfPage(files.halves!, 1, { dpi: 150, format: 'gif' as 'png' }), RangeError);
    await assert.rejects(renderPdfPage(files.encrypted!, 1, { dpi: 150, format: 'png' }), (err: unknown) => err instanceof PdfReadError && /password/i.test(err.message));
    await assert.rejects(renderPdfPage(files.halves!, 2, { dpi: 150, format: 'png' }), PdfReadError);
  });
});
