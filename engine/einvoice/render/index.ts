// The e-invoice visualization (spec 2.5): canonical HTML plus a JPEG visual fallback, both
// drawn from one localized view of the semantic model.
export { renderInvoiceHtml, viewToHtml, escapeHtml, PREVIEW_CSP } from './html.js';
export { renderInvoiceJpeg, viewToBlocks, INVOICE_IMAGE_WIDTH } from './image.js';
export { buildInvoiceView, documentLocale, formatAmount, formatDate, formatDecimal, MAX_RENDERED_LINES, MAX_SECTION_ENTRIES, type InvoiceView } from './view.js';
export type { RenderLocale } from './labels.js';
