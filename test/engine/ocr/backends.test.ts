// The two recognizer backends behind engine/ocr's one seam, on real pixels: the native addon
// (libtesseract 5.3 through engine/ocr/native/docdesk_ocr.cc) and tesseract.js read the same
// words from a drawn page and from a shared sample scan; `wasm` forced still reads; `auto`
// chooses native when the addon is built. The backend is chosen per OCR job from
// $DOCDESK_OCR_BACKEND, so one process runs both. Without the addon the native tests skip
// with the reason; under CI=true a missing addon fails (CI installs libtesseract-dev).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ocrImage, terminateOcr, type OcrResult } from '../../../engine/ocr/index.js';
import { addonPath, NativeOcrError, nativeRecognizer, ocrBackend } from '../../../engine/ocr/native.js';
import { decodeGray } from '../../../engine/ocr/preprocess.js';
import { modelFile, PAGE_PARAMS, withWorkers } from '../../../engine/ocr/tesseract.js';
import { closeAllPdfs, rasterizePdfPage } from '../../../engine/formats/pdf/index.js';
import { samplePath, skipUnlessSamples } from '../../helpers/samples.js';
import { drawInvoicePage, INVOICE_LINES } from './pages.js';

function skipUnlessNative(): false | string {
  if (addonPath()) return false;
  const reason = 'the native OCR addon is not built (Debian: apt-get install libtesseract-dev libleptonica-dev, then npm run build)';
  if (process.env.CI === 'true') throw new Error(`CI=true but ${reason}`);
  return reason;
}

const chosen = process.env.DOCDESK_OCR_BACKEND;
function useBackend(backend: string | undefined): void {
  if (backend === undefined) delete process.env.DOCDESK_OCR_BACKEND;
  else process.env.DOCDESK_OCR_BACKEND = backend;
}

/** Words both readings share (as a multiset), over the longer reading's count. */
function agreement(a: string[], b: string[]): number {
  const left = new Map<string, number>();
  for (const w of a) left.set(w, (left.get(w) ?? 0) + 1);
  let same = 0;
  for (const w of b) {
    const n = left.get(w) ?? 0;
    if (n > 0) {
      same++;
      left.set(w, n - 1);
    }
  }
  return same / Math.max(a.length, b.length, 1);
}

const texts = (r: OcrResult) => r.words.map((w) => w.text);
const SCAN = ['energy', 'energy-7-0004.pdf'] as const;

after(async () => {
  useBackend(chosen);
  await terminateOcr();
  await closeAllPdfs();
});

describe('OCR backend selection', () => {
  it('reads with tesseract.js when DOCDESK_OCR_BACKEND=wasm', async () => {
    useBackend('wasm');
    try {
      assert.equal(ocrBackend(), 'wasm');
      const r = await ocrImage(drawInvoicePage().png);
      for (const word of ['Müller', 'GmbH', 'Hauptstraße', '12,50']) assert.ok(texts(r).includes(word), `"${word}" in ${texts(r).join(' ')}`);
    } finally {
      useBackend(chosen);
    }
  });

  it('reads an unknown choice as auto', { skip: skipUnlessNative() }, () => {
    useBackend('gpu');
    try {
      assert.equal(ocrBackend(), 'native');
    } finally {
      useBackend(chosen);
    }
  });

  it('chooses native under auto when the addon is built', { skip: skipUnlessNative() }, () => {
    useBackend(undefined);
    try {
      assert.equal(ocrBackend(), 'native');
    } finally {
      useBackend(chosen);
    }
  });
});

describe('native and wasm recognizers on real pixels', { skip: skipUnlessNative() }, () => {
  const read: Record<string, { drawn: OcrResult; scan: OcrResult | null }> = {};
  const scanSkip = skipUnlessSamples('energy');

  before(async () => {
    const drawn = drawInvoicePage();
    const raster = scanSkip ? null : await rasterizePdfPage(samplePath(...SCAN), 1, { dpi: 300, channels: 1 });
    for (const backend of ['native', 'wasm']) {
      useBackend(backend);
      try {
        const scan = raster ? await ocrImage(Buffer.from(raster.data), { dpiHint: raster.dpi, gray: { width: raster.widthPx, height: raster.heightPx } }) : null;
        read[backend] = { drawn: await ocrImage(drawn.png), scan };
      } finally {
        useBackend(chosen);
      }
    }
  });

  it('read the drawn page word for word alike, boxes within a pixel', () => {
    const [n, w] = [read.native!.drawn, read.wasm!.drawn];
    assert.deepEqual(texts(n), texts(w));
    for (const [i, word] of n.words.entries()) {
      const other = w.words[i]!;
      for (const k of ['x', 'y', 'w', 'h'] as const) assert.ok(Math.abs(word.bbox[k] - other.bbox[k]) <= 1, `${word.text}: ${JSON.stringify(word.bbox)} vs ${JSON.stringify(other.bbox)}`);
    }
    const drawnWords = INVOICE_LINES.flatMap(([line]) => line.split(' '));
    assert.ok(agreement(drawnWords, texts(n)) >= 0.95, texts(n).join(' '));
  });

  it('read the sample scan with at least 98 % of the words alike (libtesseract 5.3 vs tesseract.js-core)', { skip: scanSkip }, () => {
    const [n, w] = [read.native!.scan!, read.wasm!.scan!];
    assert.ok(n.words.length > 100, `${n.words.length} words`);
    const share = agreement(texts(w), texts(n));
    assert.ok(share >= 0.98, `word agreement ${(share * 100).toFixed(1)} %`);
    assert.ok(Math.abs(n.mean_confidence - w.mean_confidence) <= 2, `${n.mean_confidence} vs ${w.mean_confidence}`);
  });
});

describe('native recognizer', { skip: skipUnlessNative() }, () => {
  it('returns blocks, paragraphs, lines and words with integer confidences and boxes, in page and block mode', async () => {
    const gray = await decodeGray(drawInvoicePage().png);
    const r = nativeRecognizer('best', ['deu'], [modelFile('deu', 'best')], { ...PAGE_PARAMS });
    assert.equal(r.backend, 'native');
    for (const psm of ['page', 'block'] as const) {
      const blocks = (await r.recognize(gray, 150, { psm })) ?? [];
      const lines = blocks.flatMap((b) => b.paragraphs.flatMap((p) => p.lines));
      const words = lines.flatMap((l) => l.words);
      assert.ok(words.some((w) => w.text === 'Hauptstraße'), `${psm}: ${words.map((w) => w.text).join(' ')}`);
      for (const node of [...blocks, ...lines, ...words]) {
        assert.ok(Number.isInteger(node.confidence) && node.confidence >= 0 && node.confidence <= 100, `confidence ${node.confidence}`);
        assert.ok(node.bbox.x1 > node.bbox.x0 && node.bbox.y1 > node.bbox.y0, JSON.stringify(node.bbox));
      }
    }
  });

  it('refuses pixels that do not fill the size given, without crashing', async () => {
    const r = nativeRecognizer('best', ['deu'], [modelFile('deu', 'best')], { ...PAGE_PARAMS });
    await assert.rejects(r.recognize({ data: Buffer.alloc(10), width: 100, height: 100 }, 300), NativeOcrError);
  });

  it('reports a model it cannot load as a native failure (the caller falls back to tesseract.js)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'docdesk-native-bad-'));
    try {
      const bad = join(dir, 'xxx.traineddata.gz');
      writeFileSync(bad, gzipSync(Buffer.from('not a model')));
      assert.throws(() => nativeRecognizer('broken', ['xxx'], [bad], { ...PAGE_PARAMS }), NativeOcrError);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// Last in this file: it switches the process to wasm for good, as a real failure would.
describe('a native failure during a job', { skip: skipUnlessNative() }, () => {
  it('reruns the job on tesseract.js, says so once and stays on wasm', async () => {
    useBackend(undefined);
    const logged: string[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void logged.push(args.join(' '));
    try {
      const seen: string[] = [];
      const result = await withWorkers('deu', ['best'], async (w) => {
        seen.push(w.best!.backend);
        if (w.best!.backend === 'native') throw new NativeOcrError('simulated failure');
        const gray = await decodeGray(drawInvoicePage().png);
        return ((await w.best!.recognize(gray, 150)) ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words.map((x) => x.text))));
      });
      assert.deepEqual(seen, ['native', 'wasm']);
      assert.ok(result.includes('Hauptstraße'), result.join(' '));
      assert.equal(ocrBackend(), 'wasm');
      await withWorkers('deu', ['best'], async (w) => assert.equal(w.best!.backend, 'wasm'));
      assert.equal(logged.filter((l) => l.includes('native recognizer unavailable')).length, 1, logged.join('\n'));
    } finally {
      console.error = original;
      useBackend(chosen);
    }
  });
});
