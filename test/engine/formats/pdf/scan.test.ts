// readPageScan: a page that is one scanned JPEG over the whole page is recognized as such;
// anything else drawn on the page, or a scan that is not placed upright edge to edge, leaves
// the page to the ordinary path (text-layer pass, PNG hand-over, separate preview).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { closeAllPdfs, readPageScan } from '../../../../engine/formats/pdf/index.js';
import { buildFixturePdf, type FixturePage } from '../../../helpers/pdf-fixtures.js';

let dir: string;
let gray: Buffer;
let rgb: Buffer;
const W = 413; // 50 dpi A4: small, the checks do not depend on the resolution
const H = 585;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'docdesk-page-scan-'));
  const page = sharp({ create: { width: W, height: H, channels: 3, background: '#f4f1ea' } }).composite([{ input: Buffer.from(`<svg width="${W}" height="${H}"><text x="40" y="80" font-size="30">Rechnung</text></svg>`) }]);
  gray = await page.clone().grayscale().toColourspace('b-w').jpeg({ quality: 80 }).toBuffer();
  rgb = await page.clone().jpeg({ quality: 80 }).toBuffer();
});

after(async () => {
  await closeAllPdfs();
  rmSync(dir, { recursive: true, force: true });
});

let n = 0;
function pdf(page: Omit<FixturePage, 'images'>, image: { jpeg?: Buffer; raw?: Buffer; channels?: 1 | 3 } = { jpeg: gray, channels: 1 }): string {
  const path = join(dir, `p${n++}.pdf`);
  writeFileSync(path, buildFixturePdf({ pages: [{ ...page, images: [{ name: 'Im1', width: W, height: H, ...image }] }] }));
  return path;
}

const FULL = 'q 595 0 0 842 0 0 cm /Im1 Do Q';

describe('readPageScan', () => {
  it('finds a gray or RGB JPEG drawn over the whole page, with its stored size', async () => {
    const g = await readPageScan(pdf({ content: FULL }), 1);
    assert.ok(g);
    assert.deepEqual([g.widthPx, g.heightPx, g.channels, Math.round(g.widthPt), Math.round(g.heightPt), g.bytes], [W, H, 1, 595, 842, gray.length]);
    const c = await readPageScan(pdf({ content: FULL }, { jpeg: rgb, channels: 3 }), 1);
    assert.ok(c);
    assert.deepEqual([c.channels, c.bytes], [3, rgb.length]);
  });

  it('leaves every other page to the drawing path', async () => {
    const cases: Record<string, string> = {
      'text over the scan': pdf({ content: `${FULL} BT /F1 12 Tf 72 760 Td (Rechnung) Tj ET` }),
      'an invisible text layer': pdf({ content: `${FULL} BT 3 Tr /F1 12 Tf 72 760 Td (Rechnung) Tj ET` }),
      'a rule drawn over it': pdf({ content: `${FULL} 0 0 0 RG 72 400 m 500 400 l S` }),
      'a scan not covering the page': pdf({ content: 'q 500 0 0 700 40 60 cm /Im1 Do Q' }),
      'a mirrored scan': pdf({ content: 'q -595 0 0 842 595 0 cm /Im1 Do Q' }),
      'a turned page': pdf({ content: FULL, rotate: 90 }),
      'an image that is not a JPEG': pdf({ content: FULL }, { raw: Buffer.alloc(W * H, 200), channels: 1 }),
      'a text page': pdf({ content: 'BT /F1 12 Tf 72 760 Td (Rechnung) Tj ET' }),
    };
    for (const [what, path] of Object.entries(cases)) assert.equal(await readPageScan(path, 1), null, what);
  });

  it('refuses a page number the document does not have', async () => {
    await assert.rejects(readPageScan(pdf({ content: FULL }), 2));
  });
});
