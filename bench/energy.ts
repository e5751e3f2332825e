// Energy profile extraction time per page on top of reading (target < 50 ms/page on native
// text): generated bills of every house style and the shared energy samples are read once
// with the engine's page work (text layer; OCR for scanned pages), then `extractEnergy` runs
// on the read document repeatedly; the median per document is divided by its pages.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeAllPdfs } from '../engine/formats/pdf/index.js';
import { terminateOcr } from '../engine/ocr/index.js';
import { extractEnergy } from '../engine/profiles/energy/extract/index.js';
import { STYLES, generateDocument, scanVariant } from '../test/helpers/energy-bills/index.js';
import { readPdfDocument } from '../test/helpers/energy-bills/read.js';
import { samplesRoot } from '../test/helpers/samples.js';
import { printTable, warmMedianMs } from './table.js';

export async function benchEnergy(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'docdesk-bench-energy-'));
  const runs = Number(process.env.BENCH_RUNS ?? 9);
  const files: Array<{ label: string; file: string; scanned: boolean }> = [];
  for (const [i, style] of [...STYLES, 'multi' as const].entries()) {
    const { pdf } = generateDocument(700 + i, { style, priceChange: true, twoRegisters: i % 2 === 0 });
    const f = join(dir, `${style}.pdf`);
    writeFileSync(f, pdf);
    files.push({ label: `generated ${style}`, file: f, scanned: false });
  }
  // One scanned bill of our own (two pages of real OCR); more with BENCH_ENERGY_SCANS=n samples.
  const native = files.find((f) => f.label === 'generated compact')!.file;
  const scan = join(dir, 'compact-scanned.pdf');
  writeFileSync(scan, await scanVariant(native, 2, 7));
  files.push({ label: 'generated compact, scanned', file: scan, scanned: true });
  const energy = join(samplesRoot(), 'energy');
  if (existsSync(join(energy, 'index.json'))) {
    const index = JSON.parse(readFileSync(join(energy, 'index.json'), 'utf8')) as { documents: Array<{ id: string; pdf: string; scanned: boolean }> };
    let scans = Number(process.env.BENCH_ENERGY_SCANS ?? 1);
    for (const d of index.documents) {
      if (d.scanned && scans-- <= 0) continue;
      files.push({ label: `samples ${d.id}${d.scanned ? ' (scanned)' : ''}`, file: join(energy, d.pdf), scanned: d.scanned });
    }
  }
  const rows: string[][] = [];
  const totals = { native: { pages: 0, ms: 0, worst: 0 }, scanned: { pages: 0, ms: 0, worst: 0 } };
  for (const { label, file, scanned } of files) {
    const t = performance.now();
    const read = await readPdfDocument(file);
    const readMs = performance.now() - t;
    const ms = warmMedianMs(() => extractEnergy(read), runs);
    const perPage = ms / read.pages.length;
    const tot = scanned ? totals.scanned : totals.native;
    tot.pages += read.pages.length;
    tot.ms += ms;
    tot.worst = Math.max(tot.worst, perPage);
    rows.push([label, String(read.pages.length), (readMs / read.pages.length).toFixed(1), perPage.toFixed(2), scanned ? '(scanned)' : perPage < 50 ? 'met' : 'MISSED']);
  }
  await closeAllPdfs();
  await terminateOcr();
  rmSync(dir, { recursive: true, force: true });
  for (const [kind, tot] of Object.entries(totals)) {
    const mean = tot.ms / Math.max(1, tot.pages);
    rows.push([`all ${kind}`, String(tot.pages), '', `${mean.toFixed(2)} (worst ${tot.worst.toFixed(2)})`, kind === 'native' ? (tot.worst < 50 ? 'met' : 'MISSED') : '']);
  }
  printTable(`Energy profile extraction time per page on top of reading (median of ${runs} runs)`, ['document', 'pages', 'reading ms/page', 'extraction ms/page', 'target < 50 ms/page (native)'], rows);
}
