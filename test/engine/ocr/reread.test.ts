// Two-stage recognition: which words are read again, how their crops are stacked and mapped
// back, which reading is kept — and on real pixels, a smudged amount the fast model misreads
// comes back right from the best_int re-read.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type Tesseract from 'tesseract.js';
import { ocrImage, terminateOcr } from '../../../engine/ocr/index.js';
import type { Gray } from '../../../engine/ocr/preprocess.js';
import { mergeRereads, needsReread, REREAD, rereadReason, selectRuns, stackRuns, wordsByRow } from '../../../engine/ocr/reread.js';
import { hasFastModel } from '../../../engine/ocr/tesseract.js';
import { blurredAmountPage } from './pages.js';

after(async () => {
  await terminateOcr();
});

const bbox = (x0: number, y0: number, x1: number, y1: number): Tesseract.Bbox => ({ x0, y0, x1, y1 });
const word = (text: string, confidence: number, b: Tesseract.Bbox) => ({ text, confidence, bbox: b }) as Tesseract.Word;

/** One block, one paragraph, one line per entry, as tesseract.js returns them. */
function blocks(lines: Tesseract.Word[][]): Tesseract.Block[] {
  const ls = lines.map((words) => ({
    words,
    bbox: bbox(Math.min(...words.map((w) => w.bbox.x0)), Math.min(...words.map((w) => w.bbox.y0)), Math.max(...words.map((w) => w.bbox.x1)), Math.max(...words.map((w) => w.bbox.y1))),
  })) as unknown as Tesseract.Line[];
  return [{ paragraphs: [{ lines: ls }] }] as unknown as Tesseract.Block[];
}

function image(width: number, height: number): Gray {
  const data = Buffer.alloc(width * height);
  for (let i = 0; i < data.length; i++) data[i] = i % 251;
  return { data, width, height };
}

describe('two-stage OCR: which words are read again', () => {
  it('reads again low confidence, unsure digits and unexpected characters, not sure words', () => {
    assert.equal(needsReread({ text: 'Rechnung', confidence: 95 }, 'uncertain'), false);
    assert.equal(needsReread({ text: 'Größe', confidence: 90 }, 'uncertain'), false);
    assert.equal(needsReread({ text: 'Rechnung', confidence: REREAD.lowConfidence - 1 }, 'uncertain'), true);
    assert.equal(needsReread({ text: '1.234,56', confidence: REREAD.digitConfidence - 1 }, 'uncertain'), true);
    assert.equal(needsReread({ text: '1.234,56', confidence: 96 }, 'uncertain'), false);
    assert.equal(needsReread({ text: '1.234,56', confidence: 96 }, 'digits'), true);
    assert.equal(needsReread({ text: 'Вetrag', confidence: 96 }, 'uncertain'), true, 'Cyrillic letter');
    assert.equal(needsReread({ text: '27,00€', confidence: 96 }, 'uncertain'), false);
    // The rule that applies first, as the stage measurement counts them.
    assert.equal(rereadReason({ text: '1.234,56', confidence: REREAD.lowConfidence - 1 }), 'low');
    assert.equal(rereadReason({ text: '1.234,56', confidence: REREAD.digitConfidence - 1 }), 'digit');
    assert.equal(rereadReason({ text: 'Вetrag', confidence: 96 }), 'odd');
    assert.equal(rereadReason({ text: 'Rechnung', confidence: 96 }), null);
  });

  it('joins neighbouring unsure words of a line into one run cut halfway to the sure neighbours', () => {
    const b = blocks([
      [word('Summe', 95, bbox(100, 50, 214, 80)), word('12', 60, bbox(220, 50, 250, 80)), word(',50', 70, bbox(256, 50, 290, 80)), word('EUR', 96, bbox(296, 50, 370, 80))],
      [word('Datum', 96, bbox(100, 150, 200, 180))],
    ]);
    const runs = selectRuns(b, image(1000, 400), 'uncertain');
    assert.equal(runs.length, 1);
    assert.equal(runs[0]!.start, 1);
    assert.equal(runs[0]!.count, 2);
    // Left edge halfway between "Summe" (ends 214) and "12" (starts 220), right between 290 and 296.
    assert.equal(runs[0]!.box.left, 217);
    assert.equal(runs[0]!.box.left + runs[0]!.box.width, 293);
    assert.ok(runs[0]!.box.top < 50 && runs[0]!.box.top + runs[0]!.box.height > 80);
  });

  it('stacks crops one per row and maps words read there back to page coordinates', () => {
    const img = image(1000, 400);
    const b = blocks([[word('1,5O', 50, bbox(100, 50, 200, 80))], [word('x', 30, bbox(400, 200, 430, 240))]]);
    const runs = selectRuns(b, img, 'uncertain');
    const stack = stackRuns(img, runs);
    assert.equal(stack.rows.length, 2);
    // The crop's pixels are where the row says.
    const r0 = stack.rows[0]!;
    const x = runs[0]!.box.left;
    const y = runs[0]!.box.top;
    assert.equal(stack.image.data[r0.top * stack.image.width + (x - r0.dx)], img.data[y * img.width + x]);
    // A word read in row 1 lands back on the second crop.
    const r1 = stack.rows[1]!;
    const read = blocks([[word('X', 90, bbox(410 - r1.dx, 205 - r1.dy, 425 - r1.dx, 235 - r1.dy))]]);
    const rows = wordsByRow(read, stack);
    assert.equal(rows[0]!.length, 0);
    assert.deepEqual(rows[1]!.map((w) => [w.text, w.bbox]), [['X', bbox(410, 205, 425, 235)]]);
  });

  it('keeps best_int\'s reading unless it is clearly less confident', () => {
    const b = blocks([[word('Betrag', 95, bbox(0, 0, 90, 30)), word('1.Z34,56', 60, bbox(100, 0, 200, 30)), word('EUR', 95, bbox(210, 0, 260, 30)), word('l0', 70, bbox(270, 0, 300, 30))]]);
    const runs = selectRuns(b, image(400, 40), 'uncertain');
    assert.equal(runs.length, 2);
    const changed = mergeRereads(runs, [[word('1.234,56', 55, bbox(100, 0, 200, 30))], [word('IO', 70 - REREAD.margin - 5, bbox(270, 0, 300, 30))]]);
    assert.equal(changed, 1);
    const line = b[0]!.paragraphs[0]!.lines[0]!;
    assert.deepEqual(line.words.map((w) => w.text), ['Betrag', '1.234,56', 'EUR', 'l0']);
  });

  it('with a sure-line threshold set, a line that confident as a whole is not read again', () => {
    const b = blocks([
      [word('Verbrauch', 97, bbox(0, 0, 200, 30)), word('Zählerstand', 97, bbox(210, 0, 400, 30)), word('12', 85, bbox(410, 0, 440, 30))],
      [word('Summe', 60, bbox(0, 100, 120, 130))],
    ]);
    const saved = REREAD.sureLine;
    try {
      assert.equal(selectRuns(b, image(500, 200), 'uncertain').length, 2);
      REREAD.sureLine = 90;
      const runs = selectRuns(b, image(500, 200), 'uncertain');
      assert.deepEqual(runs.map((r) => r.line.words[r.start]!.text), ['Summe']);
    } finally {
      REREAD.sureLine = saved;
    }
  });
});

describe('two-stage OCR on real pixels', { skip: hasFastModel('deu') ? false : 'resources/ocr/tessdata_fast/deu.traineddata.gz is missing' }, () => {
  it('a smudged amount the fast model misreads is read right by the best_int re-read', async () => {
    const page = await blurredAmountPage();
    const amountLine = (r: Awaited<ReturnType<typeof ocrImage>>) => {
      const line = r.lines.find((l) => l.text.startsWith('Gesamtbetrag'));
      assert.ok(line, `no "Gesamtbetrag" line in ${JSON.stringify(r.text)}`);
      return line.words.map((i) => r.words[i]!);
    };
    const fast = amountLine(await ocrImage(page.png, { recognition: 'fast' }));
    // The fixture's premise: the fast model alone gets the amount wrong.
    assert.ok(!fast.some((w) => w.text === page.amount), `fast read ${fast.map((w) => w.text).join(' ')}`);
    const twoStage = await ocrImage(page.png, { recognition: 'two-stage' });
    const words = amountLine(twoStage);
    assert.deepEqual(words.map((w) => w.text), ['Gesamtbetrag', 'brutto', page.amount, 'EUR']);
    const amount = words[2]!;
    // Where it was drawn, read with best_int's confidence rather than fast's doubt.
    assert.ok(Math.abs(amount.bbox.x - page.box.x) < 12 && Math.abs(amount.bbox.y - page.box.y) < 12, JSON.stringify(amount.bbox));
    assert.ok(amount.confidence >= REREAD.lowConfidence, `confidence ${amount.confidence}`);
    // The sharp lines are the fast model's own reading, unchanged.
    assert.ok(twoStage.text.includes('Zahlbar bis 28.03.2026 ohne Abzug.'), twoStage.text);
  });
});
