// `auto` recognition: a poor scan goes straight to best_int (one whole-page recognition),
// a clean page is read in two stages (the fast pass, no whole-page best_int pass). Real
// pixels: the drawn invoice page, and the same page as a noisy, defocused phone scan.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decodeGray, normalizeContrast } from '../../../engine/ocr/preprocess.js';
import { midToneShare, ocrImage, pageReadings, POOR_SCAN_MID_TONES, terminateOcr } from '../../../engine/ocr/index.js';
import { hasFastModel } from '../../../engine/ocr/tesseract.js';
import { drawInvoicePage, phoneScan } from './pages.js';

after(async () => {
  await terminateOcr();
});

async function midTones(png: Buffer): Promise<number> {
  const gray = await decodeGray(png);
  normalizeContrast(gray);
  return midToneShare(gray);
}

/** Runs `read` and returns the whole-page recognitions per model it caused. */
async function counted<T>(read: () => Promise<T>): Promise<{ result: T; fast: number; best: number }> {
  const before = { ...pageReadings };
  const result = await read();
  return { result, fast: pageReadings.fast - before.fast, best: pageReadings.best - before.best };
}

describe('poor scans skip the fast pass', { skip: hasFastModel('deu') ? false : 'resources/ocr/tessdata_fast/deu.traineddata.gz is missing' }, () => {
  it('a clean page is read in two stages: one fast pass, no whole-page best_int pass', async () => {
    const page = drawInvoicePage();
    assert.ok((await midTones(page.png)) < POOR_SCAN_MID_TONES);
    const { result, fast, best } = await counted(() => ocrImage(page.png));
    assert.deepEqual({ fast, best }, { fast: 1, best: 0 });
    assert.ok(result.text.includes('Rechnung Nr. 2026-0042'), result.text);
  });

  it('a noisy, defocused scan is read once, whole, with best_int', async () => {
    const scan = await phoneScan(drawInvoicePage().png, 2);
    assert.ok((await midTones(scan)) >= POOR_SCAN_MID_TONES);
    const { result, fast, best } = await counted(() => ocrImage(scan));
    assert.deepEqual({ fast, best }, { fast: 0, best: 1 });
    for (const w of ['Müller', 'Rechnung', 'Summe', '39,50']) assert.ok(result.words.some((x) => x.text === w), `${w} in ${result.text}`);
    // Asked for explicitly, two-stage still starts with the fast pass.
    const twoStage = await counted(() => ocrImage(scan, { recognition: 'two-stage' }));
    assert.equal(twoStage.fast, 1);
  });
});
