// Thumbnails for every supported format: real files in, real JPEGs out, checked by
// decoding them again and looking at their pixels; every failure is a ThumbnailError with
// a sentence a clerk can read.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chmod, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import msgreaderPkg from '@kenjiuno/msgreader';
import sharp from 'sharp';
import { detectFormat } from '../../../engine/formats/detect.js';
import { ensureExecutable, runFfmpeg } from '../../../engine/thumbnail/ffmpeg.js';
import { renderThumbnail, THUMBNAIL_MAX_EDGE, ThumbnailError } from '../../../engine/thumbnail/render.js';
import * as fx from '../../helpers/fixtures.js';
import { assertColour, decodeRgb, type RgbImage } from '../../helpers/pixels.js';
import { tempDirForTests } from '../../helpers/temp-dir.js';

const dir = tempDirForTests('docdesk-thumb-');

interface Decoded extends RgbImage {
  /** Fraction of pixels with luma below `threshold` (text, lines, pictures). */
  darkShare(threshold?: number): number;
  meanLuma(): number;
}

/** Checks the bytes are a JPEG within the size bound and decodes them for pixel checks. */
async function decodeJpeg(jpeg: Buffer): Promise<Decoded> {
  assert.ok(Buffer.isBuffer(jpeg), 'a Buffer');
  assert.deepEqual([...jpeg.subarray(0, 3)], [0xff, 0xd8, 0xff], 'JPEG SOI marker');
  const meta = await sharp(jpeg).metadata();
  assert.equal(meta.format, 'jpeg');
  const image = await decodeRgb(jpeg);
  const { width, height, data, channels: c } = image;
  assert.ok(width <= THUMBNAIL_MAX_EDGE && height <= THUMBNAIL_MAX_EDGE, `${width}x${height} fits in 512`);
  assert.ok(width > 0 && height > 0);
  const luma = (i: number) => 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
  return {
    ...image,
    darkShare: (threshold = 128) => {
      let dark = 0;
      for (let i = 0; i < data.length; i += c) if (luma(i) < threshold) dark++;
      return dark / (data.length / c);
    },
    meanLuma: () => {
      let sum = 0;
      for (let i = 0; i < data.length; i += c) sum += luma(i);
      return sum / (data.length / c);
    },
  };
}

function meanAbsDiff(a: Decoded, b: Decoded): number {
  assert.equal(a.width, b.width);
  assert.equal(a.height, b.height);
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += Math.abs(a.data[i]! - b.data[i]!);
  return sum / a.data.length;
}

async function thumb(path: string): Promise<Decoded> {
  const { format } = await detectFormat(path);
  assert.ok(format, `${path} is detected`);
  return decodeJpeg(await renderThumbnail(path, format));
}

/** The render must fail with a ThumbnailError whose message matches and reads as a sentence. */
async function expectThumbnailError(path: string, message: RegExp): Promise<void> {
  const { format } = await detectFormat(path);
  assert.ok(format, `${path} is detected`);
  await assert.rejects(renderThumbnail(path, format), (err: unknown) => {
    assert.ok(err instanceof ThumbnailError, `ThumbnailError expected, got ${String(err)}`);
    assert.match(err.message, message);
    assert.match(err.message, /^[A-Z][^\n]*\.$/, 'one human sentence');
    assert.doesNotMatch(err.message, /undefined|\bat \w+ \(|Error:/, 'no internals');
    return true;
  });
}

describe('PDF', () => {
  it('renders the first page, portrait A4 at 512 px high', async () => {
    const t = await thumb(await fx.makePdf(dir, { pages: 2 }));
    assert.equal(t.height, 512);
    assert.equal(t.width, Math.round((595 * 512) / 842));
    // The first page has a blue title band; the second page's band is red.
    const [r, g, b] = t.px(180, 45);
    assert.ok(b > 110 && r < 80 && g < 100, `blue band of page 1, got rgb(${r},${g},${b})`);
    assertColour(t.px(5, 5), 'white', 'page margin');
    assert.ok(t.darkShare() > 0.005, 'text is drawn');
  });
  it('refuses a password-protected PDF with a clear message', async () => {
    await expectThumbnailError(await fx.makePdf(dir, { encrypted: true }), /password-protected/);
  });
  it('the encrypted fixture is a real encrypted PDF (opens with its password)', async () => {
    const lib = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const data = new Uint8Array(await readFile(await fx.makePdf(dir, { encrypted: true, name: 'enc-check.pdf' })));
    const doc = await lib.getDocument({ data, password: 'geheim', verbosity: 0, isEvalSupported: false }).promise;
    const page = await doc.getPage(1);
    const text = (await page.getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ');
    assert.match(text, /Rechnungsnummer: RE-2024-0042/);
    await doc.destroy();
  });
  it('refuses a truncated PDF as damaged or incomplete', async () => {
    await expectThumbnailError(await fx.makeTruncatedPdf(dir), /damaged or incomplete/);
  });
  it('refuses a PDF without pages', async () => {
    await expectThumbnailError(await fx.makePdf(dir, { pages: 0 }), /no pages/);
  });
});

describe('images', () => {
  it('JPEG: keeps landscape orientation and colours', async () => {
    const t = await thumb(await fx.makeJpeg(dir));
    assert.deepEqual([t.width, t.height], [300, 150], 'no upscaling');
    assertColour(t.px(20, 75), 'red', 'left');
    assertColour(t.px(280, 75), 'blue', 'right');
  });
  it('JPEG: honours EXIF orientation 6 (portrait, red on top)', async () => {
    const t = await thumb(await fx.makeJpeg(dir, { orientation: 6 }));
    assert.ok(t.height > t.width, `portrait, got ${t.width}x${t.height}`);
    assertColour(t.px(75, 20), 'red', 'top');
    assertColour(t.px(75, 280), 'blue', 'bottom');
  });
  it('PNG: flattens transparency onto white', async () => {
    const t = await thumb(await fx.makePng(dir, { transparent: true }));
    assertColour(t.px(20, 75), 'red', 'opaque half');
    assertColour(t.px(280, 75), 'white', 'transparent half');
  });
  it('multi-page TIFF: the first page', async () => {
    const t = await thumb(await fx.makeTiff(dir, { pages: 3 }));
    assertColour(t.px(20, 75), 'red', 'page 1 left');
    assertColour(t.px(280, 75), 'blue', 'page 1 right');
  });
  it('animated GIF: the first frame', async () => {
    const t = await thumb(await fx.makeGif(dir));
    assertColour(t.px(20, 75), 'red', 'frame 1 left');
    assertColour(t.px(280, 75), 'blue', 'frame 1 right');
  });
  it('WebP', async () => {
    const t = await thumb(await fx.makeWebp(dir));
    assertColour(t.px(20, 75), 'red', 'left');
    assertColour(t.px(280, 75), 'blue', 'right');
  });
  it('large images shrink to 512 px keeping the aspect ratio', async () => {
    const path = join(dir, 'large.png');
    await writeFile(path, await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#336699' } }).png().toBuffer());
    const t = await thumb(path);
    assert.deepEqual([t.width, t.height], [512, 256]);
  });
  for (const variant of [
    { bits: 24 },
    { bits: 24, topDown: true },
    { bits: 32 },
    { bits: 16 },
    { bits: 8, topDown: true },
    { bits: 4 },
  ] as const) {
    it(`BMP ${variant.bits}-bit${'topDown' in variant ? ' top-down' : ''}: decoded by our own reader`, async () => {
      const t = await thumb(await fx.makeBmp(dir, variant));
      assert.deepEqual([t.width, t.height], [300, 150]);
      assertColour(t.px(150, 10), 'green', 'top band');
      assertColour(t.px(20, 120), 'red', 'bottom left');
      assertColour(t.px(280, 120), 'blue', 'bottom right');
    });
  }
  it('BMP with RLE compression is refused clearly', async () => {
    await expectThumbnailError(await fx.makeBmp(dir, { rle: true }), /RLE/);
  });
  it('a corrupt image is refused', async () => {
    await expectThumbnailError(await fx.makeCorruptImage(dir), /damaged or incomplete/);
  });
  it('a decompression bomb (400 megapixels) is refused before decoding', async () => {
    await expectThumbnailError(await fx.makeImageBomb(dir), /100 megapixels/);
  });
});

describe('Word (.docx)', () => {
  const letter = {
    heading: 'Angebot Nr. 7 für Müller & Söhne',
    paragraphs: [
      'Sehr geehrte Frau Müller, wir freuen uns, Ihnen folgendes Angebot zu unterbreiten. Alle Preise verstehen sich zuzüglich der gesetzlichen Mehrwertsteuer.',
      'Lieferung frei Haus innerhalb von 14 Tagen nach Auftragseingang; Zahlung innerhalb von 30 Tagen ohne Abzug.',
    ],
    table: [
      ['Artikel', 'Menge', 'Preis'],
      ['Schreibtisch Eiche', '2', '890,00 €'],
      ['Bürostuhl ergonomisch', '4', '1.196,00 €'],
      ['Rollcontainer', '2', '318,00 €'],
    ],
  };
  it('renders the first page as a real page, not an icon', async () => {
    const t = await thumb(await fx.makeDocx(dir, letter));
    assert.equal(t.height, 512);
    assert.ok(t.width < t.height, 'A4 portrait');
    // Body text at true scale is ~6 px high and anti-aliased, so "dark" means below 160.
    const dark = t.darkShare(160);
    assert.ok(dark > 0.008, `a fair share of dark (text and grid) pixels, got ${(dark * 100).toFixed(2)} %`);
    assert.ok(dark < 0.3, 'mostly white paper');
    assertColour(t.px(3, 3), 'white', 'paper corner');
  });
  it('draws different documents differently', async () => {
    const a = await thumb(await fx.makeDocx(dir, { ...letter, name: 'a.docx' }));
    const b = await thumb(
      await fx.makeDocx(dir, {
        heading: 'Kündigung',
        paragraphs: Array.from({ length: 12 }, (_, i) => `Absatz ${i + 1}: hiermit kündigen wir den Vertrag fristgerecht zum nächstmöglichen Termin und bitten um schriftliche Bestätigung.`),
        name: 'b.docx',
      }),
    );
    assert.ok(meanAbsDiff(a, b) > 2, 'pixel content differs');
  });
  it('a table grid is drawn (long dark horizontal lines)', async () => {
    const withTable = await thumb(await fx.makeDocx(dir, { ...letter, name: 'with-table.docx' }));
    const without = await thumb(await fx.makeDocx(dir, { ...letter, table: undefined, name: 'no-table.docx' }));
    const longDarkRows = (t: Decoded) => {
      let rows = 0;
      for (let y = 0; y < t.height; y++) {
        let run = 0;
        let best = 0;
        for (let x = 0; x < t.width; x++) {
          const [r, g, b] = t.px(x, y);
          run = r + g + b < 500 ? run + 1 : 0;
          best = Math.max(best, run);
        }
        if (best > t.width * 0.6) rows++;
      }
      return rows;
    };
    assert.ok(longDarkRows(withTable) >= 4, 'grid rows drawn');
    assert.equal(longDarkRows(without), 0);
  });
  it('draws inline pictures from word/media', async () => {
    const orange: [number, number, number] = [255, 140, 0];
    const t = await thumb(await fx.makeDocx(dir, { ...letter, picture: { width: 150, height: 75, rgb: orange }, name: 'picture.docx' }));
    let count = 0;
    for (let y = 0; y < t.height; y++) {
      for (let x = 0; x < t.width; x++) {
        const [r, g, b] = t.px(x, y);
        if (Math.abs(r - 255) < 25 && Math.abs(g - 140) < 25 && b < 40) count++;
      }
    }
    // 150 x 75 pt at 512/842 px per pt is about 91 x 46 px.
    assert.ok(count > 3000, `picture pixels drawn: ${count}`);
  });
  it('ends page one at a page break and hides tracked deletions', async () => {
    const plain = await thumb(await fx.makeDocx(dir, { ...letter, name: 'page-one.docx' }));
    const longer = await thumb(
      await fx.makeDocx(dir, {
        ...letter,
        deletedText: 'GESTRICHENER TEXT, DER NICHT ERSCHEINEN DARF ',
        afterPageBreak: Array.from({ length: 20 }, (_, i) => `Seite zwei, Absatz ${i + 1}: dieser Text gehört nicht auf die erste Seite.`),
        name: 'two-pages.docx',
      }),
    );
    assert.ok(meanAbsDiff(plain, longer) < 0.5, 'identical first pages');
  });
  it('refuses a document.xml declared larger than 20 MiB (zip bomb guard)', async () => {
    await expectThumbnailError(
      await fx.makeDocx(dir, { heading: 'x', paragraphs: ['y'], padding: 21 * 1024 * 1024, name: 'bomb.docx' }),
      /larger than 20 MiB/,
    );
  });
  it('refuses a damaged document', async () => {
    const good = await readFile(await fx.makeDocx(dir, { ...letter, name: 'good.docx' }));
    const path = join(dir, 'broken.docx');
    // Corrupt the compressed bytes of word/document.xml; the central directory stays intact.
    const broken = Buffer.from(good);
    const data = broken.indexOf('word/document.xml') + 'word/document.xml'.length;
    for (let i = data + 10; i < data + 300; i++) broken[i] = broken[i]! ^ 0x5a;
    await writeFile(path, broken);
    await expectThumbnailError(path, /damaged or incomplete/);
  });
});

describe('e-mail', () => {
  it('EML with a PDF attachment shows the PDF', async () => {
    const mail = await thumb(await fx.makeEml(dir, { attachPdf: true }));
    const pdf = await thumb(await fx.makePdf(dir, { pages: 1, name: 'same-as-attachment.pdf' }));
    assert.ok(meanAbsDiff(mail, pdf) < 1, 'the attachment thumbnail equals the PDF thumbnail');
  });
  it('EML without attachment draws the message', async () => {
    const mail = await thumb(await fx.makeEml(dir));
    const pdf = await thumb(await fx.makePdf(dir, { pages: 1, name: 'other.pdf' }));
    assert.equal(mail.height, 512);
    assert.ok(mail.darkShare(200) > 0.005, 'header and body text are drawn');
    assert.ok(meanAbsDiff(mail, pdf) > 2, 'not the PDF');
  });
  it('EML falls back to the message when the attached PDF is password-protected', async () => {
    const eml = fx.buildEml({ attachPdf: true }).toString('latin1');
    const plain = fx.buildPdf({ pages: 1 });
    const locked = fx.buildPdf({ pages: 1, encrypted: true });
    const b64 = (b: Buffer) => (b.toString('base64').match(/.{1,76}/g) ?? []).join('\r\n');
    const path = join(dir, 'locked-attachment.eml');
    await writeFile(path, Buffer.from(eml.replace(b64(plain), b64(locked)), 'latin1'));
    const mail = await thumb(path);
    const message = await thumb(await fx.makeEml(dir, { name: 'plain-message.eml' }));
    assert.ok(mail.darkShare(200) > 0.005);
    assert.ok(Math.abs(mail.meanLuma() - message.meanLuma()) < 8, 'looks like the message page, not an error');
  });
  it('leaves no temporary files behind', async () => {
    // A temp folder of its own: other test processes (npm test runs the PostgreSQL pass
    // alongside) write docdesk-mail- folders into the shared one at the same time.
    const eml = await fx.makeEml(dir, { attachPdf: true, name: 'cleanup.eml' });
    const own = join(dir, 'own-tmp');
    await mkdir(own);
    const shared = process.env.TMPDIR;
    process.env.TMPDIR = own;
    try {
      assert.equal(tmpdir(), own);
      await thumb(eml);
    } finally {
      if (shared === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = shared;
    }
    assert.deepEqual(await readdir(own), []);
  });
  it('refuses an e-mail over the 64 MiB container limit', async () => {
    await expectThumbnailError(await fx.makeOversizedEml(dir), /64 MiB limit/);
  });
  it('the MSG fixture is a real Outlook message', async () => {
    const raw = await readFile(await fx.makeMsg(dir, { attachPdf: true, name: 'check.msg' }));
    const data = new msgreaderPkg.default(new DataView(raw.buffer, raw.byteOffset, raw.byteLength)).getFileData();
    assert.equal(data.subject, 'Rechnung RE-2024-0043 (Outlook)');
    assert.match(data.body ?? '', /im Anhang finden Sie die Rechnung/);
    assert.equal(data.senderEmail, 'rechnung@schaefer-bueroservice.example');
    assert.equal(data.attachments?.length, 1);
  });
  it('MSG without attachment draws the message', async () => {
    const t = await thumb(await fx.makeMsg(dir));
    assert.equal(t.height, 512);
    assert.ok(t.darkShare(200) > 0.005, 'header and body text are drawn');
  });
  it('MSG with a PDF attachment shows the PDF', async () => {
    const mail = await thumb(await fx.makeMsg(dir, { attachPdf: true }));
    const pdf = await thumb(await fx.makePdf(dir, { pages: 1, text: 'Outlook-Anhang', name: 'outlook-attachment.pdf' }));
    assert.ok(meanAbsDiff(mail, pdf) < 1);
  });
});

describe('XML', () => {
  it('renders a pretty-printed page for UBL and plain XML', async () => {
    const ubl = await thumb(await fx.makeXml(dir, { kind: 'ubl' }));
    const plain = await thumb(await fx.makeXml(dir, { kind: 'plain' }));
    for (const t of [ubl, plain]) {
      assert.equal(t.height, 512);
      assert.ok(t.darkShare(200) > 0.02, 'source text is drawn');
    }
    assert.ok(meanAbsDiff(ubl, plain) > 2, 'different documents look different');
  });
  it('refuses a DOCTYPE with entity declarations', async () => {
    await expectThumbnailError(await fx.makeXmlWithDoctype(dir), /^The XML file declares a DTD or entities, which Docdesk does not process for safety\.$/);
  });
  it('refuses XML over 5 MiB', async () => {
    await expectThumbnailError(await fx.makeLargeXml(dir), /^The XML file is larger than the 5 MiB limit\.$/);
  });
  it('refuses malformed XML', async () => {
    await expectThumbnailError(await fx.makeMalformedXml(dir), /not well-formed/);
  });
});

describe('video', () => {
  it('the fixture really starts black (so picking a frame matters)', async () => {
    const path = await fx.makeVideo(dir, { blackFirstSeconds: 1, name: 'black-check.mp4' });
    const out = join(dir, 'frame-at-0.5s.png');
    const run = await runFfmpeg(['-v', 'error', '-y', '-ss', '0.5', '-i', path, '-frames:v', '1', out], 30_000);
    assert.equal(run.code, 0, run.stderr);
    const { channels } = await sharp(out).stats();
    assert.ok(channels[0]!.mean < 20 && channels[1]!.mean < 20 && channels[2]!.mean < 20, 'black at 0.5 s');
  });
  for (const container of ['mp4', 'mov', 'webm', 'mkv', 'avi'] as const) {
    it(`${container.toUpperCase()}: a representative frame, not the black opening`, async () => {
      const t = await thumb(await fx.makeVideo(dir, { container, blackFirstSeconds: 1 }));
      assert.deepEqual([t.width, t.height], [320, 240], 'no upscaling');
      assert.ok(t.meanLuma() > 60, `not black: mean luma ${t.meanLuma().toFixed(1)}`);
    });
  }
  it('a clip whose only key frame is black still gets a representative frame (the sampling fallback)', async () => {
    const t = await thumb(await fx.makeVideo(dir, { blackFirstSeconds: 1, keyFrameInterval: 250, name: 'one-key-frame.mp4' }));
    assert.ok(t.meanLuma() > 60, `not black: mean luma ${t.meanLuma().toFixed(1)}`);
  });
  it('refuses frames over 33,177,600 pixels before decoding them', async () => {
    await expectThumbnailError(await fx.makeOversizedVideo(dir), /8000×4200 exceeds .*33,177,600 pixels/);
  });
  it('repairs a missing execute bit on the bundled decoder', async () => {
    const path = join(dir, 'tool.sh');
    await writeFile(path, '#!/bin/sh\nexit 0\n');
    await chmod(path, 0o644);
    await ensureExecutable(path);
    assert.equal((await stat(path)).mode & 0o111, 0o111);
  });
  it('an MP4 without a picture stream is refused', async () => {
    await expectThumbnailError(await fx.makeAudioOnlyMp4(dir), /no video picture stream/);
  });
  it('a damaged video is refused', async () => {
    const path = join(dir, 'damaged.mp4');
    await writeFile(path, Buffer.concat([fx.ftypBox('isom', ['isom', 'iso2']), fx.deterministicBytes(20_000, 9)]));
    await expectThumbnailError(path, /damaged|no video picture stream/);
  });
});

describe('worker threads', () => {
  it('every renderer works in several worker threads at once (the pipeline runs a pool)', async () => {
    const jobs: Array<[string, string]> = [
      [await fx.makeXml(dir, { kind: 'ubl', name: 'worker.xml' }), 'xml'],
      [await fx.makeDocx(dir, { heading: 'Worker', paragraphs: ['Absatz'], name: 'worker.docx' }), 'docx'],
      [await fx.makePdf(dir, { name: 'worker.pdf' }), 'pdf'],
      [await fx.makeEml(dir, { attachPdf: true, name: 'worker.eml' }), 'eml'],
      [await fx.makeBmp(dir, { name: 'worker.bmp' }), 'bmp'],
      [await fx.makePng(dir, { name: 'worker.png' }), 'png'],
    ];
    const renderUrl = new URL('../../../engine/thumbnail/render.js', import.meta.url).href;
    // Native addons that are not context-aware load in one thread only; two at once finds that.
    const code = `
      const { parentPort, workerData } = require('node:worker_threads');
      import(workerData.renderUrl)
        .then((m) => Promise.all(workerData.jobs.map(([p, f]) => m.renderThumbnail(p, f))))
        .then((out) => parentPort.postMessage(out.map((b) => [...b.subarray(0, 3)])), (e) => parentPort.postMessage(String(e && e.stack || e)));`;
    const run = () =>
      new Promise<unknown>((resolve, reject) => {
        const w = new Worker(code, { eval: true, workerData: { renderUrl, jobs } });
        w.once('message', (m) => {
          resolve(m);
          void w.terminate();
        });
        w.once('error', reject);
      });
    const results = await Promise.all([run(), run()]);
    for (const r of results) assert.deepEqual(r, jobs.map(() => [0xff, 0xd8, 0xff]), String(r));
  });
});
