// Issue 15, item 1: stored artefacts opened in a browser that is SIGNED IN to the desk must
// not run script on the desk's origin. The payloads try what the attacker did: create a
// token with workspace:manage through the session cookie and read its secret. A positive
// control runs the same payload on the desk page itself, so the detector is shown to work.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { getJson, removeDir, startServerProcess, tempDataDir, upload, waitTerminal, type ServerProcess } from '../helpers/server.js';
import { browserSkipReason, launchBrowser, type Browser } from './desk-support.js';

const skip = browserSkipReason();

/** Creates a token named `name` through the session, then writes its secret into the page. */
function payload(name: string): string {
  return (
    `fetch('/app/v1/tokens',{method:'POST',credentials:'same-origin',headers:{'Content-Type':'application/json','X-Docdesk-Desk':'1'},` +
    `body:JSON.stringify({name:'${name}',mode:'live',abilities:['workspace:manage']})})` +
    `.then(function(r){return r.json()}).then(function(j){document.title='PWNED '+j.secret})`
  );
}

const HOSTILE = [
  {
    name: 'xhtml-root.xml',
    marker: 'xss-xhtml',
    body: (m: string) =>
      `<?xml version="1.0" encoding="UTF-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><head><title>invoice</title></head>` +
      `<body><p>Rechnung</p><script>${payload(m)}</script><img src="x" onerror="${payload(`${m}-onerror`).replace(/"/g, '&quot;')}"/></body></html>\n`,
  },
  {
    name: 'svg-root.xml',
    marker: 'xss-svg',
    body: (m: string) => `<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="${payload(`${m}-onload`).replace(/"/g, '&quot;')}"><script>${payload(m)}</script><text y="20">Rechnung</text></svg>\n`,
  },
  {
    // An SVG upload (no XML declaration, .svg name): detected as XML and accepted.
    name: 'drawing.svg',
    marker: 'xss-svgfile',
    body: (m: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>${payload(m)}</script></svg>\n`,
  },
];

async function xssTokens(server: ServerProcess): Promise<string[]> {
  const res = await getJson(server.url, '/app/v1/tokens', server.appToken);
  assert.equal(res.status, 200);
  return (res.body.data as Array<{ name: string }>).map((t) => t.name).filter((n) => n.startsWith('xss-'));
}

/** Opens a URL in the signed-in page; a download (attachment) is fine and renders nothing. */
async function open(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'load' }).catch((err: Error) => {
    if (!/Download is starting|net::ERR_ABORTED/.test(err.message)) throw err;
  });
  await page.waitForTimeout(700);
}

describe('stored artefacts opened in a signed-in browser', { skip: skip ?? false }, () => {
  let server: ServerProcess;
  let dataDir: string;
  let browser: Browser;
  const urls: Array<{ what: string; url: string }> = [];

  before(async () => {
    dataDir = tempDataDir('docdesk-xss-');
    server = await startServerProcess({ dataDir });
    for (const h of HOSTILE) {
      for (const mode of ['analysis', 'extraction']) {
        const res = await upload(server.url, { token: server.appToken, file: { name: h.name, data: Buffer.from(h.body(`${h.marker}-${mode}`)), type: 'application/xml' }, fields: { processing_mode: mode } });
        const text = await res.text();
        assert.equal(res.status, 201, `${h.name} ${mode}: ${text}`);
        const { data } = JSON.parse(text) as { data: { id: number } };
        const doc = await waitTerminal(server.url, server.appToken, data.id, 120_000);
        assert.equal(doc.status, 'completed', `${h.name} ${mode}: ${JSON.stringify(doc.processing_error)}`);
        for (const p of doc.previews as Array<{ preview: string; filename: string }>) urls.push({ what: `${h.name} ${mode} preview ${p.filename}`, url: p.preview });
        if (doc.thumbnail) urls.push({ what: `${h.name} ${mode} thumbnail`, url: doc.thumbnail });
        urls.push({ what: `${h.name} ${mode} original`, url: `${server.url}/app/v1/documents/${doc.id}/original` });
      }
    }
    browser = await launchBrowser();
    // Signed in exactly as a clerk is: the one-time link sets the session cookie.
    await browser.page.goto(server.signinUrl);
    await browser.page.getByRole('heading', { name: 'Documents', exact: true }).waitFor();
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) removeDir(dataDir);
  });

  it('the XML previews exist and are served as inert text with their own CSP', async () => {
    const previews = urls.filter((u) => u.what.includes('preview document.xml'));
    assert.equal(previews.length, HOSTILE.length * 2, JSON.stringify(urls));
    for (const p of previews) {
      const res = await fetch(p.url, { headers: { Authorization: `Bearer ${server.appToken}` } });
      assert.equal(res.status, 200, p.what);
      assert.equal(res.headers.get('content-type'), 'text/plain; charset=utf-8', p.what);
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff', p.what);
      assert.equal(res.headers.get('content-security-policy'), "default-src 'none'; sandbox", p.what);
      assert.match(await res.text(), /<script>/, 'the source is shown as it is, not altered');
    }
  });

  it('no preview, thumbnail or original runs script on the desk origin', async () => {
    const page = browser.page;
    for (const u of urls) {
      await open(page, u.url);
      const title = await page.title().catch(() => '');
      assert.ok(!title.startsWith('PWNED'), `${u.what} ran script: ${title}`);
    }
    // Give any late fetch time to land, then look for the tokens it would have created.
    await page.waitForTimeout(1000);
    assert.deepEqual(await xssTokens(server), []);
  });

  it('positive control: the same payload on the desk page itself does create a token', async () => {
    const page = browser.page;
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { name: 'Documents', exact: true }).waitFor();
    await page.evaluate(payload('xss-control'));
    await page.waitForFunction(() => document.title.startsWith('PWNED'), undefined, { timeout: 10_000 });
    assert.deepEqual(await xssTokens(server), ['xss-control']);
  });
});
