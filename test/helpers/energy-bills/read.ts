// Reads a PDF the way the pipeline does (text layer, real OCR where a page needs it) into the
// read document the energy extractor takes. Used by tests and the bench.
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { readPdfInfo } from '../../../engine/formats/pdf/index.js';
import { ocrPdfPage, processPdfPage } from '../../../engine/pipeline/page-work.js';
import type { ReadDocument } from '../../../engine/profiles/energy/extract/index.js';

export async function readPdfDocument(path: string, component_ref = 'main'): Promise<ReadDocument & { ocr_pages: number }> {
  const info = await readPdfInfo(path);
  const pages = [];
  let ocr = 0;
  // OCR writes a page preview; it is not needed here.
  const previews = mkdtempSync(join(tmpdir(), 'docdesk-energy-read-'));
  for (let p = 1; p <= info.pageCount; p++) {
    let r = await processPdfPage({ kind: 'pdf.page', path, page: p, physical_page: p, component_ref, visual: true, preview_path: null });
    if (r.ocr_reason) {
      r = await ocrPdfPage({ kind: 'pdf.ocr', path, page: p, physical_page: p, component_ref, native: r, preview_path: join(previews, `p${p}.jpg`) });
      ocr++;
    }
    pages.push(r.page);
  }
  rmSync(previews, { recursive: true, force: true });
  return { components: [{ ref: component_ref, kind: 'pdf', filename: 'bill.pdf', format: 'pdf', pages: pages.map((p) => p.page) }], pages, ocr_pages: ocr };
}
