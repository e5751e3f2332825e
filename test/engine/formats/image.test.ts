// Raster images as pages: page counts, upright PNGs on white, the page pixel limit.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { ImageReadError } from '../../../engine/formats/errors.js';
import { fitToPixels, imagePageCount, renderImagePage } from '../../../engine/formats/image.js';
import * as fx from '../../helpers/fixtures.js';
import { assertColour, decodeRgb, type RgbImage } from '../../helpers/pixels.js';
import { tempDirForTests } from '../../helpers/temp-dir.js';

const dir = tempDirForTests('docdesk-image-');

/** The page is a PNG; its pixels. */
async function decodePng(data: Buffer): Promise<RgbImage> {
  assert.deepEqual([...data.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'PNG signature');
  return decodeRgb(data);
}

describe('page counts', () => {
  it('a multi-page TIFF has one page per directory', async () => {
    assert.equal(await imagePageCount(await fx.makeTiff(dir, { pages: 3 }), 'tiff'), 3);
    assert.equal(await imagePageCount(await fx.makeTiff(dir, { pages: 1 }), 'tiff'), 1);
  });
  it('an animated GIF is one page (its first frame)', async () => {
    assert.equal(await imagePageCount(await fx.makeGif(dir), 'gif'), 1);
  });
  it('JPEG, PNG, WebP and BMP are one page', async () => {
    assert.equal(await imagePageCount(await fx.makeJpeg(dir), 'jpg'), 1);
    assert.equal(await imagePageCount(await fx.makePng(dir), 'png'), 1);
    assert.equal(await imagePageCount(await fx.makeWebp(dir), 'webp'), 1);
    assert.equal(await imagePageCount(await fx.makeBmp(dir), 'bmp'), 1);
  });
  it('a corrupt image is refused with a sentence', async () => {
    await assert.rejects(imagePageCount(await fx.makeCorruptImage(dir), 'png'), (err: unknown) => {
      assert.ok(err instanceof ImageReadError);
      assert.match(err.message, /^The image file is damaged or incomplete and cannot be decoded\.$/);
      return true;
    });
  });
  it('refuses non-image formats as a programming error', async () => {
    await assert.rejects(imagePageCount(await fx.makePdf(dir), 'pdf'), TypeError);
  });
});

describe('rendering pages', () => {
  it('renders every page of a multi-page TIFF', async () => {
    const path = await fx.makeTiff(dir, { pages: 3, name: 'three.tiff' });
    const pages = await Promise.all([0, 1, 2].map((i) => renderImagePage(path, 'tiff', i)));
    const decoded = await Promise.all(pages.map((p) => decodePng(p.data)));
    for (const [i, p] of pages.entries()) {
      assert.deepEqual([p.widthPx, p.heightPx, p.limited], [300, 150, false], `page ${i + 1}`);
      assert.deepEqual([decoded[i]!.width, decoded[i]!.height], [300, 150]);
    }
    assertColour(decoded[0]!.px(20, 75), 'red', 'page 1 left');
    assertColour(decoded[0]!.px(280, 75), 'blue', 'page 1 right');
    assertColour(decoded[1]!.px(20, 75), 'green', 'page 2');
    assertColour(decoded[2]!.px(280, 75), 'green', 'page 3');
    await assert.rejects(renderImagePage(path, 'tiff', 3), RangeError);
  });
  it('applies EXIF orientation: an orientation-6 JPEG comes out upright (portrait, red on top)', async () => {
    const page = await renderImagePage(await fx.makeJpeg(dir, { orientation: 6 }), 'jpg', 0);
    assert.deepEqual([page.widthPx, page.heightPx], [150, 300]);
    const png = await decodePng(page.data);
    assertColour(png.px(75, 20), 'red', 'top');
    assertColour(png.px(75, 280), 'blue', 'bottom');
  });
  it('flattens transparency onto white', async () => {
    const png = await decodePng((await renderImagePage(await fx.makePng(dir, { transparent: true }), 'png', 0)).data);
    assertColour(png.px(20, 75), 'red', 'opaque half');
    assertColour(png.px(280, 75), 'white', 'transparent half');
  });
  it('an animated GIF renders its first frame; WebP and BMP render too', async () => {
    for (const [path, format] of [
      [await fx.makeGif(dir), 'gif'],
      [await fx.makeWebp(dir), 'webp'],
      [await fx.makeBmp(dir, { bits: 24 }), 'bmp'],
    ] as const) {
      const page = await renderImagePage(path, format, 0);
      assert.equal(page.heightPx, 150, format);
      const png = await decodePng(page.data);
      assertColour(png.px(20, 120), 'red', `${format} left`);
      assertColour(png.px(280, 120), 'blue', `${format} right`);
    }
  });
  it('shrinks an image over the 18,000,000-pixel page limit and says so', async () => {
    const path = join(dir, 'huge.jpg');
    await writeFile(path, await sharp({ create: { width: 6000, height: 4000, channels: 3, background: '#336699' } }).jpeg().toBuffer());
    const page = await renderImagePage(path, 'jpg', 0);
    assert.equal(page.limited, true);
    assert.ok(page.widthPx * page.heightPx <= 18_000_000, `${page.widthPx}x${page.heightPx}`);
    assert.ok(page.widthPx * page.heightPx > 17_900_000, 'not shrunk further than needed');
    assert.ok(Math.abs(page.widthPx / page.heightPx - 1.5) < 0.01, 'aspect ratio kept');
    const meta = await sharp(page.data).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height], ['png', page.widthPx, page.heightPx]);
  });
  it('honours a smaller pixel limit, for rotated images too', async () => {
    const page = await renderImagePage(await fx.makeJpeg(dir, { orientation: 6, name: 'rot-small.jpg' }), 'jpg', 0, { maxPixels: 10_000 });
    assert.equal(page.limited, true);
    assert.ok(page.widthPx * page.heightPx <= 10_000);
    assert.ok(page.heightPx > page.widthPx, 'still portrait');
    const png = await decodePng(page.data);
    assertColour(png.px(Math.floor(png.width / 2), 5), 'red', 'top');
  });
  it('BMP over the limit is sampled and shrunk', async () => {
    const page = await renderImagePage(await fx.makeBmp(dir, { bits: 24, name: 'limited.bmp' }), 'bmp', 0, { maxPixels: 5_000 });
    assert.equal(page.limited, true);
    assert.ok(page.widthPx * page.heightPx <= 5_000);
    const png = await decodePng(page.data);
    assertColour(png.px(2, png.height - 2), 'red', 'bottom left');
  });
  it('refuses a decompression bomb', async () => {
    await assert.rejects(renderImagePage(await fx.makeImageBomb(dir), 'png', 0), (err: unknown) => {
      assert.ok(err instanceof ImageReadError);
      assert.match(err.message, /100 megapixels/);
      return true;
    });
  });
  it('fitToPixels keeps the ratio and the limit', () => {
    assert.deepEqual(fitToPixels(300, 150, 18_000_000), { width: 300, height: 150, limited: false });
    const f = fitToPixels(10_000, 3_000, 1_000_000);
    assert.ok(f.limited && f.width * f.height <= 1_000_000 && f.width * f.height > 990_000);
  });
});
