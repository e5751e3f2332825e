// The JPEG visual fallback of the e-invoice preview (spec 2.5). Docdesk ships no browser, so
// the HTML page is not screenshotted: the same view (view.ts) is laid out with the print
// layout engine that draws Word and e-mail pages (formats/page-layout.ts) and the first A4
// page is drawn with @napi-rs/canvas and the bundled DejaVu fonts.
import sharp from 'sharp';
import { drawPage, layoutPages, scaleForWidth, type Block, type ParagraphBlock, type TableCell } from '../../formats/page-layout.js';
import type { InvoiceModel } from '../model.js';
import { buildInvoiceView, documentLocale, type InvoiceView, type Pair, type Table } from './view.js';

/** Same width as page previews (pipeline/page-work.ts PREVIEW_WIDTH). */
export const INVOICE_IMAGE_WIDTH = 1240;
const JPEG_QUALITY = 82;

const para = (text: string, o: Partial<ParagraphBlock> = {}): ParagraphBlock => ({ kind: 'paragraph', runs: [{ text }], size: 9, ...o });
const bold = (text: string, size = 9): ParagraphBlock => ({ kind: 'paragraph', runs: [{ text, bold: true }], size });
const cell = (...paragraphs: ParagraphBlock[]): TableCell => ({ paragraphs: paragraphs.length ? paragraphs : [para('')] });
const heading = (text: string): Block[] => [{ kind: 'paragraph', runs: [{ text: text.toUpperCase(), bold: true }], size: 8.5, spaceBefore: 8, spaceAfter: 2, color: '#3a4452' }, { kind: 'rule', spaceAfter: 4 }];

function pairLines(pairs: Pair[]): ParagraphBlock[] {
  return pairs.map((p) => ({ kind: 'paragraph', runs: [{ text: `${p.label}: `, bold: true }, { text: p.value }], size: 8.5 }));
}

function tableBlocks(t: Table): Block[] {
  return [
    ...heading(t.heading),
    ...(t.notice ? [para(t.notice, { size: 8, color: '#7a5a00' })] : []),
    { kind: 'table', rows: [t.columns.map((c) => cell(bold(c, 8))), ...t.rows.map((r) => r.map((c, i) => cell(para(c, { size: 8.5, align: t.numeric[i] ? 'right' : 'left' }))))] },
  ];
}

export function viewToBlocks(v: InvoiceView): Block[] {
  const blocks: Block[] = [bold(v.title, 18), para(v.number, { size: 12, spaceAfter: 6, color: '#3a4452' })];
  // Long identifiers (specification URNs) would crowd the thumbnail; the HTML shows them.
  const meta = v.meta.filter((p) => !/^urn:/.test(p.value)).slice(0, 10);
  const half = Math.ceil(meta.length / 2);
  if (meta.length) blocks.push({ kind: 'table', columns: [1, 1], rows: [[cell(...pairLines(meta.slice(0, half))), cell(...pairLines(meta.slice(half)))]] });
  blocks.push(...heading(v.parties.length > 2 ? v.parties.slice(0, 2).map((p) => p.heading).join(' / ') + ' …' : v.parties.map((p) => p.heading).join(' / ')));
  blocks.push({
    kind: 'table',
    columns: v.parties.slice(0, 3).map(() => 1),
    rows: [v.parties.slice(0, 3).map((p) => cell(bold(p.heading, 7.5), bold(p.name), ...p.lines.map((l) => para(l, { size: 8.5 })), ...pairLines(p.details.slice(0, 3))))],
  });
  blocks.push(...heading(v.locale === 'de' ? 'Summen' : 'Totals'));
  blocks.push({ kind: 'table', columns: [3, 1.5], rows: v.totals.filter((p) => p.strong || /net|gross|VAT|netto|brutto|Umsatzsteuer/i.test(p.label)).map((p) => [cell(para(p.label, { size: p.strong ? 10 : 8.5, runs: [{ text: p.label, bold: p.strong }] })), cell(para(p.value, { size: p.strong ? 10 : 8.5, align: 'right', runs: [{ text: p.value, bold: p.strong }] }))]) });
  blocks.push(...heading(v.lines.heading));
  if (v.lines.notice) blocks.push(para(v.lines.notice, { size: 8, color: '#7a5a00' }));
  blocks.push({
    kind: 'table',
    columns: [0.7, 4, 1.2, 1.4, 0.9, 1.4],
    rows: [
      v.lines.columns.map((c) => cell(bold(c, 8))),
      ...v.lines.rows.slice(0, 25).map((r) => [
        cell(para(r.position, { size: 8.5, indent: r.depth * 6 })),
        cell(bold(r.item, 8.5), ...r.details.slice(0, 3).map((d) => para(d, { size: 7.5, color: '#4a5462', indent: r.depth * 6 }))),
        cell(para(r.quantity, { size: 8.5, align: 'right' })),
        cell(para(r.unit_price, { size: 8.5, align: 'right' })),
        cell(para(r.vat, { size: 8.5, align: 'right' })),
        cell(para(r.net_amount, { size: 8.5, align: 'right' })),
      ]),
    ],
  });
  if (v.vat.rows.length) blocks.push(...tableBlocks(v.vat));
  for (const g of v.payment.slice(0, 2)) blocks.push(...heading(g.heading), ...pairLines(g.pairs.slice(0, 8)));
  if (v.attachments) blocks.push(...tableBlocks({ ...v.attachments, rows: v.attachments.rows.slice(0, 10) }));
  blocks.push(para(v.footer, { size: 7, color: '#6b7583', spaceBefore: 10 }));
  return blocks;
}

/** The first page of the visualization as a JPEG, INVOICE_IMAGE_WIDTH pixels wide. */
export async function renderInvoiceJpeg(model: InvoiceModel, opts: { locale?: string | null } = {}): Promise<Buffer> {
  const view = buildInvoiceView(model, documentLocale(model, opts.locale));
  const page = layoutPages(viewToBlocks(view), { maxPages: 1 }).pages[0]!;
  const canvas = drawPage(page, scaleForWidth(INVOICE_IMAGE_WIDTH));
  const png = await canvas.encode('png');
  return sharp(png).flatten({ background: '#ffffff' }).jpeg({ quality: JPEG_QUALITY }).toBuffer();
}
