// Content-based format detection: every supported format is recognised from its bytes,
// names never matter, and everything else is refused with a sentence a clerk understands.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { open, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { detectFormat, detectFormatOfBuffer, familyOf, UNSUPPORTED_REASON, type FileFormat } from '../../../engine/formats/detect.js';
import * as fx from '../../helpers/fixtures.js';
import { tempDirForTests } from '../../helpers/temp-dir.js';

const dir = tempDirForTests('docdesk-detect-');

async function expectFormat(path: string, format: FileFormat): Promise<void> {
  const d = await detectFormat(path);
  assert.deepEqual(d, { format, family: familyOf(format), reason: null }, `${path}: ${d.reason}`);
}

async function expectRejected(path: string, reason: RegExp): Promise<string> {
  const d = await detectFormat(path);
  assert.equal(d.format, null, `${path} should not be detected, got ${d.format}`);
  assert.equal(d.family, null);
  assert.ok(d.reason, 'a rejection carries a reason');
  assert.match(d.reason, reason);
  assert.match(d.reason, /^[A-Z].*[.)]$/, 'the reason is a sentence');
  return d.reason;
}

describe('detectFormat: every supported format by content', () => {
  it('recognises PDF', async () => expectFormat(await fx.makePdf(dir, { pages: 1 }), 'pdf'));
  it('recognises a PDF with bytes before its header (mail gateways, spoolers)', async () => {
    const path = join(dir, 'prefixed.bin');
    await writeFile(path, Buffer.concat([Buffer.from('X-Spool: 1\r\n'.repeat(20)), fx.buildPdf()]));
    await expectFormat(path, 'pdf');
  });
  it('recognises JPEG', async () => expectFormat(await fx.makeJpeg(dir), 'jpg'));
  it('recognises PNG', async () => expectFormat(await fx.makePng(dir), 'png'));
  it('recognises TIFF', async () => expectFormat(await fx.makeTiff(dir, { pages: 2 }), 'tiff'));
  it('recognises big-endian TIFF', async () => {
    const path = join(dir, 'be.tif');
    await writeFile(path, Buffer.from([0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08, 0, 0]));
    await expectFormat(path, 'tiff');
  });
  it('recognises WebP', async () => expectFormat(await fx.makeWebp(dir), 'webp'));
  it('recognises GIF', async () => expectFormat(await fx.makeGif(dir), 'gif'));
  it('recognises BMP (24-bit and V5 header)', async () => {
    await expectFormat(await fx.makeBmp(dir), 'bmp');
    await expectFormat(await fx.makeBmp(dir, { bits: 32 }), 'bmp');
  });
  it('recognises DOCX', async () => expectFormat(await fx.makeDocx(dir, { heading: 'Titel', paragraphs: ['Text'] }), 'docx'));
  it('recognises EML', async () => expectFormat(await fx.makeEml(dir), 'eml'));
  it('recognises MSG', async () => expectFormat(await fx.makeMsg(dir), 'msg'));
  it('recognises XML (UBL and plain)', async () => {
    await expectFormat(await fx.makeXml(dir, { kind: 'ubl' }), 'xml');
    await expectFormat(await fx.makeXml(dir, { kind: 'plain' }), 'xml');
  });
  it('recognises XML without a declaration, with a BOM, and in UTF-16', async () => {
    const bare = join(dir, 'bare.xml');
    await writeFile(bare, '\n  <Rechnung nr="1"><Betrag>5</Betrag></Rechnung>\n');
    await expectFormat(bare, 'xml');
    const bom = join(dir, 'bom.xml');
    await writeFile(bom, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<?xml version="1.0"?><a/>')]));
    await expectFormat(bom, 'xml');
    const utf16 = join(dir, 'utf16.xml');
    await writeFile(utf16, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<?xml version="1.0" encoding="UTF-16"?><a/>', 'utf16le')]));
    await expectFormat(utf16, 'xml');
  });
  for (const container of ['mp4', 'mov', 'webm', 'mkv', 'avi'] as const) {
    it(`recognises ${container.toUpperCase()} video`, async () => {
      await expectFormat(await fx.makeVideo(dir, { container, blackFirstSeconds: 0, patternSeconds: 1, name: `detect.${container}.bin` }), container);
    });
  }
});

describe('detectFormat: names never matter', () => {
  it('a PNG named .pdf is a PNG', async () => expectFormat(await fx.makePng(dir, { name: 'x.pdf' }), 'png'));
  it('a PDF named .jpg is a PDF', async () => expectFormat(await fx.makePdf(dir, { name: 'scan.jpg' }), 'pdf'));
  it('a DOCX named .zip is a DOCX', async () => expectFormat(await fx.makeDocx(dir, { heading: 'A', paragraphs: [], name: 'a.zip' }), 'docx'));
  it('an e-mail named .txt is an e-mail', async () => expectFormat(await fx.makeEml(dir, { name: 'mail.txt' }), 'eml'));
  it('an Outlook message without extension is a MSG', async () => expectFormat(await fx.makeMsg(dir, { name: 'outlook' }), 'msg'));
});

describe('detectFormat: refusals carry a human reason', () => {
  it('an empty file', async () => {
    const reason = await expectRejected(await fx.makeEmpty(dir), /empty/);
    assert.equal(reason, 'The file is empty.');
  });
  it('random bytes named .pdf', async () => {
    const reason = await expectRejected(await fx.makeUnsupported(dir), /not a supported document format/);
    assert.equal(reason, UNSUPPORTED_REASON);
  });
  it('a zip that is not a Word document', async () => {
    await expectRejected(await fx.makeZip(dir), /ZIP archive/);
  });
  it('a damaged zip', async () => {
    const path = join(dir, 'damaged.docx');
    const docx = await readFile(await fx.makeDocx(dir, { heading: 'A', paragraphs: [], name: 'whole.docx' }));
    await writeFile(path, docx.subarray(0, docx.length - 30)); // end-of-central-directory cut off
    await expectRejected(path, /damaged or incomplete ZIP/);
  });
  it('a legacy Word .doc compound file is not an e-mail', async () => {
    await expectRejected(await fx.makeLegacyDoc(dir), /legacy Word \.doc/);
  });
  it('text with a Date and Content-Type header only is not an e-mail', async () => {
    const path = join(dir, 'http.txt');
    await writeFile(path, 'Date: Tue, 05 Mar 2024 10:00:00 GMT\r\nContent-Type: text/html\r\n\r\n<p>hi</p>');
    await expectRejected(path, /not a supported document format/);
  });
  it('an HTML page is not XML', async () => {
    const path = join(dir, 'page.html');
    await writeFile(path, '<!DOCTYPE html>\n<html><body>Rechnung</body></html>');
    await expectRejected(path, /HTML/);
  });
  it('a HEIC photo is not an MP4 video', async () => {
    const path = join(dir, 'photo.heic');
    await writeFile(path, Buffer.concat([fx.ftypBox('heic', ['mif1', 'heic']), Buffer.alloc(100)]));
    await expectRejected(path, /HEIC/);
  });
  it('plain text', async () => {
    const path = join(dir, 'notes.txt');
    await writeFile(path, 'Einkaufsliste\nMilch\nBrot\n');
    await expectRejected(path, /not a supported document format/);
  });
});

describe('detectFormat: reads only what it needs', () => {
  it('detects a PNG at the start of an 8 GiB sparse file (no whole-file read)', async () => {
    const path = join(dir, 'huge.png');
    const png = await readFile(await fx.makePng(dir, { name: 'small.png' }));
    const fh = await open(path, 'w');
    try {
      await fh.write(png, 0, png.length, 0);
      await fh.truncate(8 * 1024 ** 3); // a Buffer cannot even hold this, so a full read would throw
    } finally {
      await fh.close();
    }
    await expectFormat(path, 'png');
  });
  it('finds a DOCX central directory behind a large stored entry', async () => {
    // 40 MiB of incompressible-looking media first, the Word parts last.
    const docx = await readFile(await fx.makeDocx(dir, { heading: 'A', paragraphs: ['b'], name: 'parts.docx' }));
    const parts = unzipSync(docx);
    const zipped = zipSync({ 'word/media/image1.bin': [fx.deterministicBytes(40 * 1024 * 1024, 3), { level: 0 }], ...parts, 'x.txt': strToU8('x') });
    const path = join(dir, 'media-heavy.docx');
    await writeFile(path, zipped);
    await expectFormat(path, 'docx');
  });
});

describe('detectFormatOfBuffer', () => {
  it('applies the same rules to bytes in memory', async () => {
    assert.equal((await detectFormatOfBuffer(fx.buildPdf())).format, 'pdf');
    assert.equal((await detectFormatOfBuffer(fx.buildDocx({ heading: 'A', paragraphs: [] }))).format, 'docx');
    assert.equal((await detectFormatOfBuffer(fx.buildMsg())).format, 'msg');
    assert.equal((await detectFormatOfBuffer(deflateSync(Buffer.from('zlib')))).format, null);
    assert.equal((await detectFormatOfBuffer(new Uint8Array(0))).reason, 'The file is empty.');
  });
});

describe('familyOf', () => {
  it('maps every format to its family', () => {
    const expected: Record<FileFormat, string> = {
      pdf: 'pdf', jpg: 'image', png: 'image', tiff: 'image', webp: 'image', gif: 'image', bmp: 'image',
      docx: 'word', eml: 'email', msg: 'email', xml: 'xml', mp4: 'video', mov: 'video', webm: 'video', mkv: 'video', avi: 'video',
    };
    for (const [format, family] of Object.entries(expected)) assert.equal(familyOf(format as FileFormat), family);
  });
});
