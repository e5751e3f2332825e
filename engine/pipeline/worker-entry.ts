// Runs inside a worker process: the CPU-heavy part of each step, file in, data out.
import { mkdir, writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FileFormat } from '../formats/detect.js';
import { scanUpload } from '../scanner/index.js';
import type { AttachmentInfo, XmlInvoiceDetection } from '../formats/model.js';
import { ThumbnailError } from '../thumbnail/errors.js';
import { renderThumbnail } from '../thumbnail/render.js';
import { PdfReadError, readPdfInfo, extractPdfAttachment } from '../formats/pdf/index.js';
import { imagePageCount } from '../formats/image.js';
import { readDocx } from '../formats/docx.js';
import { readXml } from '../formats/xml.js';
import { readEmail } from '../formats/email.js';
import { FormatReadError } from '../formats/errors.js';
import { processImagePage, processPdfPage, ocrPdfPage, processStructuredPage, visiblePdfPageText, type ImagePageTask, type PdfOcrTask, type PdfPageTask, type StructuredPageTask, type VisibleTextTask } from './page-work.js';
import { assessInvoiceFile, detectInvoiceSources, renderInvoiceFile, type AssessTask, type DetectSourcesTask, type RenderInvoiceTask } from './validation-work.js';

export interface PdfInfoResult {
  pageCount: number;
  attachments: Omit<AttachmentInfo, 'component_ref'>[];
  /** Invoice-like XML among the embedded files (hybrid e-invoices). */
  invoice_xml: Array<XmlInvoiceDetection & { filename: string }>;
}

export interface EmailRead {
  header_text: string;
  body_text: string;
  quality: Record<string, unknown>;
  /** Supported attachments, written next to the document's artefacts. */
  components: Array<{ ref: string; path: string; format: FileFormat; filename: string }>;
}

export type WorkerTask =
  | { kind: 'scan'; path: string; allow_pdf_javascript?: boolean }
  | { kind: 'thumbnail'; path: string; format: FileFormat }
  | { kind: 'pdf.info'; path: string }
  | { kind: 'image.count'; path: string; format: FileFormat }
  | { kind: 'docx.read'; path: string }
  | { kind: 'xml.read'; path: string }
  | { kind: 'email.read'; path: string; format: FileFormat; attachments_dir: string }
  | PdfPageTask
  | PdfOcrTask
  | ImagePageTask
  | StructuredPageTask
  | AssessTask
  | DetectSourcesTask
  | RenderInvoiceTask
  | VisibleTextTask;

// FormatReadError covers the image, Word, XML and e-mail readers' errors.
const USER_FACING = [ThumbnailError, PdfReadError, FormatReadError];

async function pdfInfo(path: string): Promise<PdfInfoResult> {
  const info = await readPdfInfo(path);
  const invoice_xml: PdfInfoResult['invoice_xml'] = [];
  const xmlFiles = info.attachments.filter((a) => /\.xml$/i.test(a.filename));
  if (xmlFiles.length) {
    const dir = await mkdtemp(join(tmpdir(), 'docdesk-pdfatt-'));
    try {
      for (const [i, a] of xmlFiles.entries()) {
        const file = join(dir, `${i}.xml`);
        await writeFile(file, await extractPdfAttachment(path, a.filename));
        const read = await readXml(file).catch(() => null);
        if (read?.invoice) invoice_xml.push({ ...read.invoice, filename: a.filename });
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  return { pageCount: info.pageCount, attachments: info.attachments.map(({ filename, size, mime }) => ({ filename, size, mime })), invoice_xml };
}

const EXTENSION: Partial<Record<FileFormat, string>> = { jpg: 'jpg', tiff: 'tif' };

async function emailRead(path: string, format: FileFormat, dir: string): Promise<EmailRead> {
  const mail = await readEmail(path, format as 'eml' | 'msg');
  await mkdir(dir, { recursive: true });
  const components: EmailRead['components'] = [];
  for (const att of mail.attachments) {
    if (att.status !== 'component' || !att.data || !att.format || !att.ref) continue;
    const ref = att.ref;
    const file = join(dir, `${ref}.${EXTENSION[att.format] ?? att.format}`);
    await writeFile(file, att.data);
    components.push({ ref, path: file, format: att.format, filename: att.filename });
  }
  const h = mail.headers;
  const header_text = [`From: ${h.from ?? ''}`, `To: ${h.to ?? ''}`, ...(h.cc ? [`Cc: ${h.cc}`] : []), `Date: ${h.date ?? ''}`, `Subject: ${h.subject ?? ''}`].join('\n');
  return { header_text, body_text: mail.body_text, quality: mail.quality as unknown as Record<string, unknown>, components };
}

async function handle(task: WorkerTask): Promise<unknown> {
  switch (task.kind) {
    case 'scan':
      return scanUpload(task.path, { allowPdfJavaScript: task.allow_pdf_javascript === true });
    case 'thumbnail': {
      const jpeg = await renderThumbnail(task.path, task.format);
      return new Uint8Array(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength);
    }
    case 'pdf.info':
      return pdfInfo(task.path);
    case 'image.count':
      return imagePageCount(task.path, task.format);
    case 'docx.read':
      return readDocx(task.path);
    case 'xml.read':
      return readXml(task.path);
    case 'email.read':
      return emailRead(task.path, task.format, task.attachments_dir);
    case 'pdf.page':
      return processPdfPage(task);
    case 'pdf.ocr':
      return ocrPdfPage(task);
    case 'image.page':
      return processImagePage(task);
    case 'structured.page':
      return processStructuredPage(task);
    case 'einvoice.assess':
      return assessInvoiceFile(task);
    case 'einvoice.detect':
      return detectInvoiceSources(task);
    case 'einvoice.render':
      return renderInvoiceFile(task);
    case 'pdf.visible_text':
      return visiblePdfPageText(task);
  }
}

// The engine died (kill -9 included): its IPC channel closes, and so does this worker.
process.on('disconnect', () => process.exit(0));

process.on('message', (task: WorkerTask) => {
  // Fault injection for the fault tests: this worker dies like a native crash on one page.
  const killAt = Number(process.env.DOCDESK_FAULT_KILL_WORKER_AT_PAGE);
  if (killAt && 'physical_page' in task && task.physical_page === killAt) process.kill(process.pid, 'SIGKILL');
  handle(task).then(
    (result) => process.send!({ ok: true, result, rssBytes: process.memoryUsage.rss() }),
    (err: Error) =>
      process.send!({
        ok: false,
        error: { name: err?.name ?? 'Error', message: err?.message ?? String(err), userFacing: USER_FACING.some((cls) => err instanceof cls) },
        rssBytes: process.memoryUsage.rss(),
      }),
  );
});
