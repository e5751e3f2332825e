#!/usr/bin/env node
// Renders invoice XML files with Docdesk's visualization (HTML in English and German, and the
// JPEG fallback) into test-artifacts/ and screenshots each HTML page with a local Chromium
// (playwright-core). For looking at the layout; not part of the product.
//   node scripts/einvoice-screenshots.js <invoice.xml>... (after npm run build)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parseInvoice } from '../dist/engine/einvoice/index.js';
import { renderInvoiceHtml, renderInvoiceJpeg } from '../dist/engine/einvoice/render/index.js';

const out = resolve('test-artifacts', 'einvoice');
mkdirSync(out, { recursive: true });
const { chromium } = await import('playwright-core');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1000, height: 1200 } });
  for (const file of process.argv.slice(2)) {
    const model = parseInvoice(readFileSync(file));
    const name = basename(file).replace(/\.xml$/i, '');
    for (const locale of ['en', 'de']) {
      const html = join(out, `${name}.${locale}.html`);
      writeFileSync(html, renderInvoiceHtml(model, { locale }));
      writeFileSync(join(out, `${name}.${locale}.jpg`), await renderInvoiceJpeg(model, { locale }));
      await page.goto(`file://${html}`);
      await page.screenshot({ path: html.replace(/\.html$/, '.png'), fullPage: true });
      console.log(html.replace(/\.html$/, '.png'));
    }
  }
} finally {
  await browser.close();
}
