// The canonical e-invoice preview (spec 2.5): one self-contained HTML page per invoice, the
// same layout for UBL and CII. Everything from the document is escaped; there is no script,
// no external resource and a restrictive Content-Security-Policy in the page itself (the
// preview route sends the same policy as a header).
import type { InvoiceModel } from '../model.js';
import { buildInvoiceView, documentLocale, type InvoiceView, type Pair, type Table } from './view.js';

export const PREVIEW_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Control characters are not allowed in HTML text; a hostile document must not smuggle them. */
const clean = (s: string) => escapeHtml(s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, ''));

const STYLE = `
*{box-sizing:border-box}
body{margin:0;background:#eef0f3;font:13px/1.45 "DejaVu Sans",Arial,Helvetica,sans-serif;color:#1b1f24}
.page{max-width:960px;margin:16px auto;background:#fff;padding:32px 40px;box-shadow:0 1px 3px rgba(0,0,0,.15)}
h1{font-size:22px;margin:0 0 2px}
h2{font-size:14px;margin:24px 0 8px;padding-bottom:4px;border-bottom:1px solid #c9ced6;text-transform:uppercase;letter-spacing:.04em;color:#3a4452}
.number{font-size:16px;color:#3a4452;margin-bottom:16px}
dl.meta{display:grid;grid-template-columns:max-content 1fr max-content 1fr;gap:3px 14px;margin:0}
dl.meta dt{color:#5b6573}
dl.meta dd{margin:0;overflow-wrap:anywhere}
.parties{display:grid;grid-template-columns:repeat(auto-fit,minmax(260px,1fr));gap:14px}
.party{border:1px solid #d6dae0;border-radius:4px;padding:10px 12px}
.party h3{margin:0 0 4px;font-size:11px;text-transform:uppercase;letter-spacing:.05em;color:#5b6573}
.party .name{font-weight:bold}
.party dl{display:grid;grid-template-columns:max-content 1fr;gap:1px 10px;margin:6px 0 0;font-size:12px}
.party dt{color:#5b6573}.party dd{margin:0;overflow-wrap:anywhere}
table{width:100%;border-collapse:collapse}
th{background:#f2f4f7;text-align:left;font-size:11px;text-transform:uppercase;letter-spacing:.03em;color:#3a4452;padding:6px 8px;border-bottom:1px solid #c9ced6}
td{padding:6px 8px;border-bottom:1px solid #e6e9ee;vertical-align:top;overflow-wrap:anywhere}
.num{text-align:right;white-space:nowrap}
.pos{white-space:nowrap}
tr.sub td{background:#fafbfc}
.item{font-weight:bold}
.details{font-size:11.5px;color:#4a5462;margin-top:2px}
.details div{margin-top:1px}
.notice{margin:8px 0;padding:6px 10px;background:#fff6d6;border:1px solid #eed27a;border-radius:3px;font-size:12px}
table.totals{width:auto;margin-left:auto;min-width:340px}
table.totals td{border:none;padding:3px 8px}
table.totals tr.strong td{font-weight:bold;font-size:15px;border-top:2px solid #1b1f24;padding-top:6px}
.payment{display:grid;grid-template-columns:repeat(auto-fit,minmax(300px,1fr));gap:14px}
.notes p{margin:0 0 6px;white-space:pre-wrap}
footer{margin-top:28px;font-size:11px;color:#6b7583}
`;

function pairs(list: Pair[], cls: string): string {
  if (!list.length) return '';
  return `<dl class="${cls}">${list.map((p) => `<dt>${clean(p.label)}</dt><dd>${clean(p.value)}</dd>`).join('')}</dl>`;
}

function table(t: Table, cls = ''): string {
  const head = `<tr>${t.columns.map((c, i) => `<th${t.numeric[i] ? ' class="num"' : ''}>${clean(c)}</th>`).join('')}</tr>`;
  const body = t.rows.map((r) => `<tr>${r.map((c, i) => `<td${t.numeric[i] ? ' class="num"' : ''}>${clean(c)}</td>`).join('')}</tr>`).join('');
  return `<h2>${clean(t.heading)}</h2>${t.notice ? `<p class="notice">${clean(t.notice)}</p>` : ''}<table${cls ? ` class="${cls}"` : ''}><thead>${head}</thead><tbody>${body}</tbody></table>`;
}

export function viewToHtml(v: InvoiceView): string {
  const parties = v.parties
    .map((p) => `<section class="party"><h3>${clean(p.heading)}</h3><div class="name">${clean(p.name)}</div>${p.lines.map((l) => `<div>${clean(l)}</div>`).join('')}${pairs(p.details, '')}</section>`)
    .join('');
  const lineRows = v.lines.rows
    .map((r) => {
      const indent = r.depth ? ` style="padding-left:${8 + r.depth * 18}px"` : '';
      const details = r.details.length ? `<div class="details">${r.details.map((d) => `<div>${clean(d)}</div>`).join('')}</div>` : '';
      return `<tr${r.depth ? ' class="sub"' : ''}><td class="pos"${indent}>${clean(r.position)}</td><td><div class="item">${clean(r.item)}</div>${details}</td><td class="num">${clean(r.quantity)}</td><td class="num">${clean(r.unit_price)}</td><td class="num">${clean(r.vat)}</td><td class="num">${clean(r.net_amount)}</td></tr>`;
    })
    .join('');
  const lines = `<h2>${clean(v.lines.heading)}</h2>${v.lines.notice ? `<p class="notice">${clean(v.lines.notice)}</p>` : ''}<table class="lines"><thead><tr>${v.lines.columns.map((c, i) => `<th${i >= 2 ? ' class="num"' : ''}>${clean(c)}</th>`).join('')}</tr></thead><tbody>${lineRows}</tbody></table>`;
  const totals = `<table class="totals"><tbody>${v.totals.map((p) => `<tr${p.strong ? ' class="strong"' : ''}><td>${clean(p.label)}</td><td class="num">${clean(p.value)}</td></tr>`).join('')}</tbody></table>`;
  const payment = v.payment.length
    ? `<div class="payment">${v.payment.map((g) => `<section class="party"><h3>${clean(g.heading)}</h3>${pairs(g.pairs, '')}</section>`).join('')}</div>`
    : '';
  const notes = v.notes.length ? `<div class="notes">${v.notes_notice ? `<p class="notice">${clean(v.notes_notice)}</p>` : ''}${v.notes.map((n) => `<p>${clean(n)}</p>`).join('')}</div>` : '';
  const t = (en: string, de: string) => (v.locale === 'de' ? de : en);
  return [
    '<!DOCTYPE html>',
    `<html lang="${v.locale}"><head><meta charset="utf-8">`,
    `<meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${clean(`${v.title} ${v.number}`)}</title><style>${STYLE}</style></head>`,
    '<body><main class="page">',
    `<header><h1>${clean(v.title)}</h1><div class="number">${clean(v.number)}</div>${pairs(v.meta, 'meta')}</header>`,
    `<h2>${t('Parties', 'Beteiligte')}</h2><div class="parties">${parties}</div>`,
    notes ? `<h2>${t('Notes', 'Bemerkungen')}</h2>${notes}` : '',
    lines,
    v.allowances ? table(v.allowances) : '',
    v.vat.rows.length ? table(v.vat) : '',
    `<h2>${t('Totals', 'Summen')}</h2>${totals}`,
    payment ? `<h2>${t('Payment', 'Zahlung')}</h2>${payment}` : '',
    v.attachments ? table(v.attachments) : '',
    `<footer>${clean(v.footer)}</footer>`,
    '</main></body></html>',
    '',
  ].join('\n');
}

export function renderInvoiceHtml(model: InvoiceModel, opts: { locale?: string | null } = {}): string {
  return viewToHtml(buildInvoiceView(model, documentLocale(model, opts.locale)));
}
