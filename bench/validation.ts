// Validation mode and the e-invoice visualization: end-to-end time per input kind through the
// real server (upload → terminal), and the rendering cost of the HTML page and JPEG fallback.
import { existsSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseInvoice } from '../engine/einvoice/index.js';
import { renderInvoiceHtml, renderInvoiceJpeg } from '../engine/einvoice/render/index.js';
import { buildPdf, buildXml } from '../test/helpers/fixtures.js';
import { attachmentPdf, FACTUR_X_XML } from '../test/helpers/pdf-fixtures.js';
import { startServerProcess, upload, waitTerminal } from '../test/helpers/server.js';
import { median, printTable } from './table.js';
import { join } from 'node:path';
import { samplesRoot } from '../test/helpers/samples.js';

const SAMPLES = join(samplesRoot(), 'einvoice');

export async function benchValidation(): Promise<void> {
  const cases: Array<{ label: string; name: string; data: Buffer }> = [
    { label: 'plain XML (not an invoice)', name: 'k.xml', data: Buffer.from(buildXml('plain')) },
    { label: 'PDF without XML, 3 pages', name: 'p.pdf', data: buildPdf({ pages: 3, text: 'Rechnung' }) },
    { label: 'PDF with two invoice XML', name: 't.pdf', data: attachmentPdf([{ filename: 'a.xml', data: FACTUR_X_XML }, { filename: 'b.xml', data: FACTUR_X_XML }]) },
    { label: '6 MiB XML', name: 'h.xml', data: Buffer.concat([Buffer.from('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><!--'), Buffer.alloc(6 * 1024 * 1024, 0x61), Buffer.from('--></Invoice>')]) },
  ];
  if (existsSync(SAMPLES)) {
    cases.push({ label: 'XRechnung UBL (comprehensive)', name: 'u.xml', data: readFileSync(`${SAMPLES}/valid/kosit-testsuite__cius__01.03_comprehensive_test_ubl.xml`) });
    cases.push({ label: 'XRechnung CII Extension', name: 'c.xml', data: readFileSync(`${SAMPLES}/valid/kosit-testsuite__extension__04.05a-INVOICE_uncefact.xml`) });
    cases.push({ label: 'ZUGFeRD 1.0 COMFORT PDF (linkage OCR, 1 page)', name: 'z.pdf', data: readFileSync(`${SAMPLES}/zugferd1/ZUGFeRD_1p0_COMFORT_Kraftfahrversicherung_Bruttopreise.pdf`) });
    cases.push({ label: 'ZUGFeRD 1.0 COMFORT PDF (linkage OCR, 2 pages)', name: 'r.pdf', data: readFileSync(`${SAMPLES}/zugferd1/ZUGFeRD_1p0_COMFORT_Rechnungskorrektur.pdf`) });
  }
  const server = await startServerProcess();
  const rows: string[][] = [];
  try {
    for (const c of cases) {
      const times: number[] = [];
      let last: any = null;
      for (let i = 0; i < 3; i++) {
        const t0 = performance.now();
        const res = await upload(server.url, { token: server.appToken, file: { name: c.name, data: c.data }, fields: { processing_mode: 'validation' } });
        last = await waitTerminal(server.url, server.appToken, ((await res.json()) as any).data.id, 300_000);
        times.push(performance.now() - t0);
      }
      const s = last.latest_extraction_run?.quality?.structured;
      rows.push([c.label, String(last.number_of_pages ?? '-'), s ? `${s.assessment}${s.linkage ? ` / ${s.linkage.status}` : ''}` : last.status, (median(times) / 1000).toFixed(2)]);
    }
  } finally {
    await server.stop();
  }
  printTable('Validation mode, upload to terminal (median of 3, seconds; 2 worker processes)', ['input', 'pages', 'assessment / linkage', 'seconds'], rows);

  if (!existsSync(SAMPLES)) return;
  const renderRows: string[][] = [];
  for (const [label, file] of [
    ['UBL comprehensive', 'valid/kosit-testsuite__cius__01.03_comprehensive_test_ubl.xml'],
    ['CII EN16931 Rabatte', 'valid/zugferd-corpus__CII__EN16931_Rabatte.cii.xml'],
  ] as const) {
    const model = parseInvoice(readFileSync(`${SAMPLES}/${file}`));
    const html: number[] = [];
    const jpeg: number[] = [];
    let size = 0;
    for (let i = 0; i < 5; i++) {
      let t = performance.now();
      size = renderInvoiceHtml(model, { locale: 'de' }).length;
      html.push(performance.now() - t);
      t = performance.now();
      await renderInvoiceJpeg(model, { locale: 'de' });
      jpeg.push(performance.now() - t);
    }
    renderRows.push([label, String(model.lines.length), (size / 1024).toFixed(1), median(html).toFixed(2), median(jpeg).toFixed(0)]);
  }
  // A huge line set: the page stays bounded (500 rows).
  const many = parseInvoice(readFileSync(`${SAMPLES}/valid/kosit-testsuite__cius__01.03_comprehensive_test_ubl.xml`));
  many.lines = Array.from({ length: 20_000 }, (_, i) => ({ ...many.lines[0]!, id: String(i + 1) }));
  const t = performance.now();
  const big = renderInvoiceHtml(many, { locale: 'de' });
  renderRows.push(['20,000 lines (bounded prefix)', '20000', (big.length / 1024).toFixed(1), (performance.now() - t).toFixed(2), '-']);
  printTable('Visualization rendering (median of 5, in-process)', ['invoice', 'lines', 'HTML KiB', 'HTML ms', 'JPEG ms'], renderRows);
}
