// A page in Japanese (issue 14, `cjk33`): the default (German) model has none of its letters and reads a few unsure
// fragments, so the page is read again by the Japanese model and that reading is kept. Tesseract's breaks between
// Han and kana are joined ("請求 書 番号" → "請求書番号"), as a text layer has them, and the yen sign it returns as a
// backslash is "¥" again. The page is drawn with Debian's IPA Gothic. Read by the German model alone, as main 5c138e0
// returned such a page, it came back as noise (mean confidence 31) and gave no field at all.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { japaneseReadings, joinsWithoutSpace, ocrImage, terminateOcr, type OcrResult } from '../../../engine/ocr/index.js';
import { processImagePage } from '../../../engine/pipeline/page-work.js';
import { japaneseFont } from '../../helpers/text-image.js';
import { runPages, v } from '../extract/fixtures/run.js';
import { drawInvoicePage } from './pages.js';

/** [text, font size px, x, y (top)] on an A4 page at 150 dpi. */
const JAPANESE_INVOICE: Array<[string, number, number, number]> = [
  ['請求書', 44, 110, 100],
  ['株式会社サンプル商事 御中', 26, 110, 200],
  ['請求書番号: INV-2026-0042', 24, 700, 200],
  ['日付: 2026年06月15日', 24, 700, 240],
  ['お支払期限: 2026年08月31日', 24, 700, 280],
  ['発行元: 株式会社レポートフロー', 24, 700, 340],
  ['東京都渋谷区道玄坂1-2-3', 24, 700, 375],
  ['品目', 24, 110, 480], ['数量', 24, 600, 480], ['単価', 24, 760, 480], ['金額', 24, 960, 480],
  ['システム開発', 24, 110, 530], ['1', 24, 600, 530], ['¥300,000', 24, 760, 530], ['¥300,000', 24, 960, 530],
  ['保守運用サポート', 24, 110, 575], ['3', 24, 600, 575], ['¥30,000', 24, 760, 575], ['¥90,000', 24, 960, 575],
  ['小計(税抜)', 24, 700, 660], ['¥390,000', 24, 960, 660],
  ['消費税(10%)', 24, 700, 705], ['¥39,000', 24, 960, 705],
  ['合計(税込)', 24, 700, 750], ['¥429,000', 24, 960, 750],
  ['上記の通りご請求申し上げます。お支払期限までにご入金をお願いいたします。', 24, 110, 860],
];

function drawJapanesePage(family: string): Buffer {
  const canvas = createCanvas(1240, 1754);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, 1240, 1754);
  ctx.fillStyle = '#000000';
  for (const [text, size, x, top] of JAPANESE_INVOICE) {
    ctx.font = `${size}px "${family}"`;
    ctx.fillText(text, x, top + size);
  }
  return canvas.toBuffer('image/png');
}

describe('joinsWithoutSpace', () => {
  it('joins Han and kana, and their closing punctuation', () => {
    assert.ok(joinsWithoutSpace('請求', '書'));
    assert.ok(joinsWithoutSpace('株式会社', 'サンプル'));
    assert.ok(joinsWithoutSpace('請求書番号', ':'));
    assert.ok(joinsWithoutSpace('(', '税込'));
  });
  it('keeps the spaces around digits and Latin words, and between Latin words', () => {
    assert.ok(!joinsWithoutSpace('2025', '年'));
    assert.ok(!joinsWithoutSpace('年', '12'));
    assert.ok(!joinsWithoutSpace('株式会社', 'Re:port'));
    assert.ok(!joinsWithoutSpace('Müller', 'GmbH'));
  });
});

const font = japaneseFont();

describe('ocrImage on a page in Japanese', { skip: 'skip' in font ? font.skip : false }, () => {
  let japanese: OcrResult;
  let german: OcrResult;
  let readingsBefore = { pages: 0, kept: 0 };
  let readingsAfter = { pages: 0, kept: 0 };
  const dir = mkdtempSync(join(tmpdir(), 'docdesk-jpn-'));
  before(async () => {
    readingsBefore = { ...japaneseReadings };
    japanese = await ocrImage(drawJapanesePage((font as { family: string }).family));
    readingsAfter = { ...japaneseReadings };
    german = await ocrImage(drawInvoicePage().png);
  });
  after(async () => {
    await terminateOcr();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads it with the Japanese model, its words joined as the page prints them', () => {
    assert.equal(japanese.languages, 'jpn');
    assert.equal(readingsAfter.kept, readingsBefore.kept + 1);
    for (const word of ['請求書', '請求書番号:', '株式会社サンプル商事', '¥429,000', '2026']) assert.ok(japanese.words.some((w) => w.text.includes(word)), `${word} in: ${japanese.text}`);
  });

  it('leaves a German page to the default model, with no Japanese reading', () => {
    assert.equal(german.languages, 'deu');
    assert.equal(japaneseReadings.pages, readingsAfter.pages);
  });

  it('gives the invoice\'s fields from the scan, as from a text layer', async () => {
    const path = join(dir, 'invoice.png');
    writeFileSync(path, drawJapanesePage((font as { family: string }).family));
    const { page } = await processImagePage({ kind: 'image.page', path, format: 'png', index: 0, physical_page: 1, component_ref: 'main', visual: true, preview_path: null });
    const r = runPages([page]);
    assert.equal(v(r, 'type'), 'invoice');
    assert.equal(v(r, 'document_number'), 'INV-2026-0042');
    assert.equal(v(r, 'issue_date'), '2026-06-15');
    assert.equal(v(r, 'currency'), 'JPY');
    assert.equal(v(r, 'gross_amount'), '429000.00');
    assert.equal(v(r, 'net_amount'), '390000.00');
    assert.equal(v(r, 'tax_amount'), '39000.00');
  });
});
