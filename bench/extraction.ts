// Extraction time per page on top of reading (target < 50 ms/page without AI): pages are read
// once in-process with the engine's page work (text layer), then the generic extraction runs
// on the page model repeatedly; the median per document is divided by its pages.
import { existsSync, readdirSync } from 'node:fs';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractGeneric } from '../engine/extract/index.js';
import { processPdfPage } from '../engine/pipeline/page-work.js';
import { readPdfInfo, closeAllPdfs } from '../engine/formats/pdf/index.js';
import type { PageText } from '../engine/formats/model.js';
import { GERMAN_INVOICE, invoicePdf } from '../test/helpers/invoice-fixtures.js';
import { buildFixturePdf, textLine } from '../test/helpers/pdf-fixtures.js';
import { printTable, warmMedianMs } from './table.js';
import { samplesRoot } from '../test/helpers/samples.js';

const SAMPLES = samplesRoot();

async function readNative(file: string): Promise<{ pages: PageText[]; readMs: number; needsOcr: boolean }> {
  const info = await readPdfInfo(file);
  const pages: PageText[] = [];
  let needsOcr = false;
  const t = performance.now();
  for (let p = 1; p <= info.pageCount; p++) {
    const r = await processPdfPage({ kind: 'pdf.page', path: file, page: p, physical_page: p, component_ref: 'main', visual: false, preview_path: null });
    if (r.ocr_reason) needsOcr = true;
    pages.push(r.page);
  }
  return { pages, readMs: performance.now() - t, needsOcr };
}

/** A long invoice: the header page, then pages of item rows, totals on the last page. */
function longInvoicePdf(pages: number): Buffer {
  const out = [];
  for (let p = 1; p <= pages; p++) {
    const lines = [textLine(56, 800, `${GERMAN_INVOICE.sender} · Rechnung ${GERMAN_INVOICE.number} · Seite ${p} von ${pages}`, 8)];
    for (let i = 0; i < 50; i++) lines.push(textLine(56, 760 - i * 14, `${(p - 1) * 50 + i + 1}  Artikel ${i} Wartungsleistung laut Vertrag`, 9), textLine(480, 760 - i * 14, `${(i * 13.7).toFixed(2).replace('.', ',')}`, 9));
    if (p === pages) lines.push(textLine(300, 40, 'Rechnungsbetrag 12.345,67 EUR', 10));
    lines.push(textLine(56, 20, `USt-IdNr. ${GERMAN_INVOICE.vat} · IBAN ${GERMAN_INVOICE.iban} · BIC ${GERMAN_INVOICE.bic}`, 7));
    out.push({ content: lines.join('\n') });
  }
  return buildFixturePdf({ pages: out });
}

export async function benchExtraction(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'docdesk-bench-extract-'));
  const runs = Number(process.env.BENCH_RUNS ?? 9);
  const files: Array<{ label: string; file: string }> = [];
  const put = (name: string, data: Buffer) => {
    const f = join(dir, name);
    writeFileSync(f, data);
    return f;
  };
  files.push({ label: 'generated invoice (1 page)', file: put('invoice.pdf', invoicePdf()) });
  files.push({ label: 'generated long invoice (20 pages)', file: put('long.pdf', longInvoicePdf(20)) });
  if (existsSync(SAMPLES)) {
    for (const f of readdirSync(join(SAMPLES, 'invoices')).filter((n) => n.endsWith('.pdf'))) files.push({ label: `invoices/${f}`, file: join(SAMPLES, 'invoices', f) });
    for (const f of readdirSync(join(SAMPLES, 'energy')).filter((n) => n.endsWith('.pdf')).slice(0, 24)) files.push({ label: `energy/${f}`, file: join(SAMPLES, 'energy', f) });
  }
  const rows: string[][] = [];
  let totalPages = 0;
  let totalExtract = 0;
  let totalRead = 0;
  let worst = 0;
  for (const { label, file } of files) {
    const read = await readNative(file);
    // Scanned samples need OCR first; their extraction cost is the same per page, but
    // reading them here would measure OCR, not extraction.
    if (read.needsOcr) continue;
    const input = { components: [{ ref: 'main', kind: 'pdf', filename: label, format: 'pdf', pages: read.pages.map((p) => p.page) }], pages: read.pages };
    const ms = warmMedianMs(() => extractGeneric(input), runs);
    const perPage = ms / read.pages.length;
    worst = Math.max(worst, perPage);
    totalPages += read.pages.length;
    totalExtract += ms;
    totalRead += read.readMs;
    rows.push([label, String(read.pages.length), (read.readMs / read.pages.length).toFixed(1), perPage.toFixed(2), perPage < 50 ? 'met' : 'MISSED']);
  }
  await closeAllPdfs();
  rmSync(dir, { recursive: true, force: true });
  const mean = totalExtract / Math.max(1, totalPages);
  rows.push([`all (${rows.length} documents)`, String(totalPages), (totalRead / Math.max(1, totalPages)).toFixed(1), mean.toFixed(2), mean < 50 && worst < 50 ? 'met' : 'MISSED']);
  printTable(`Generic extraction time per page on top of reading (no AI; median of ${runs} runs; text-layer PDFs)`, ['document', 'pages', 'reading ms/page', 'extraction ms/page', 'target < 50 ms/page'], rows);
}
