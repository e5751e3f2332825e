// Grey text read again where the page reading failed (faint36): real OCR on a drawn office scan.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { faintReadings, ocrImage, terminateOcr, type OcrResult } from '../../../engine/ocr/index.js';
import { drawInvoicePage, greyInfoBlockScan, phoneScan } from './pages.js';

after(() => terminateOcr());

describe('faint text: grey lines the page reading failed on (real OCR)', () => {
  let off: OcrResult;
  let on: OcrResult;
  before(async () => {
    const { jpeg } = await greyInfoBlockScan();
    off = await ocrImage(jpeg, { faint: false });
    on = await ocrImage(jpeg);
  });

  it('premise: the page reading alone loses the grey dates', () => {
    assert.doesNotMatch(off.text, /18 Jun 2026|18 Jul 2026/, off.text);
  });

  it('reads both grey dates again', () => {
    assert.match(on.text, /Issue date: 18 Jun 2026/, on.text);
    assert.match(on.text, /Due date: 18 Jul 2026/, on.text);
    assert.ok(faintReadings.replaced >= 2, `bands taken: ${faintReadings.replaced}`);
  });

  it('leaves every line of black text as the page reading read it', () => {
    const grey = /INV-2026-0042|18 Jun 2026|18 Jul 2026/;
    const black = (r: OcrResult) => r.text.split('\n').filter((l) => l.trim() && !grey.test(l));
    const lost = black(off).filter((l) => !on.text.includes(l));
    // The page reading's fragments of the grey block are replaced; nothing else goes.
    assert.ok(lost.every((l) => l.length < 8), `lost: ${JSON.stringify(lost)}`);
    assert.match(on.text, /Total due \$5,732\.06/);
  });
});

describe('faint text: black text', () => {
  it('a phone scan of black text reads exactly the same with and without it', async () => {
    const jpeg = await phoneScan(drawInvoicePage().png, 1.5);
    const before = faintReadings.replaced;
    const off = await ocrImage(jpeg, { faint: false });
    const on = await ocrImage(jpeg);
    assert.equal(on.text, off.text);
    assert.equal(faintReadings.replaced, before);
  });
});
