// The desk UI end to end: a real `docdesk serve` on a temp data folder, the built renderer
// in headless Debian Chromium. Files go through real analysis (OCR, previews); tokens,
// webhooks and credits through the desk endpoints; every screen is checked with axe and
// saved as a screenshot in test-artifacts/screens/.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import * as fx from '../helpers/fixtures.js';
import { textImagePng } from '../helpers/text-image.js';
import { invoicePdf } from '../helpers/invoice-fixtures.js';
import { REPO_ROOT, cli, removeDir, startServerProcess, tempDataDir, upload, waitTerminal, type ServerProcess } from '../helpers/server.js';
import { axeSerious, browserSkipReason, describeViolations, dropFiles, launchBrowser, screenshot, type Browser, type FileSpec } from './desk-support.js';

const skip = browserSkipReason();

async function checkScreen(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  const serious = await axeSerious(page);
  assert.deepEqual(serious, [], `axe on "${name}":\n${describeViolations(serious)}`);
}

async function waitRows(page: Page, names: string[], status: string, timeout = 180_000): Promise<void> {
  await page.waitForFunction(
    ({ names, status }) => names.every((n) => document.querySelector(`[data-testid="inbox-row"][data-filename="${CSS.escape(n)}"][data-status="${status}"]`)),
    { names, status },
    { timeout, polling: 250 },
  );
}

interface Receiver {
  url: string;
  server: Server;
  received: Array<{ headers: Record<string, string | string[] | undefined>; raw: string; status: number }>;
  verified: unknown[];
  failNext: number;
  secret: string;
}

async function startReceiver(): Promise<Receiver> {
  const mod = (await import(pathToFileURL(join(REPO_ROOT, 'docs', 'examples', 'webhook-receiver.mjs')).href)) as {
    handleDelivery(opts: { secret: string; store: { add(id: string): boolean }; process: (p: unknown) => void }, headers: Record<string, string | string[] | undefined>, raw: string): { status: number; body: string };
    DeliveryStore: new () => { add(id: string): boolean };
  };
  const store = new mod.DeliveryStore();
  const r = { received: [], verified: [], failNext: 0, secret: '' } as unknown as Receiver;
  r.server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let result = { status: 503, body: 'down for the test' };
      if (r.failNext > 0) r.failNext--;
      else result = mod.handleDelivery({ secret: r.secret, store, process: (p) => r.verified.push(p) }, req.headers, raw);
      r.received.push({ headers: req.headers, raw, status: result.status });
      res.writeHead(result.status).end(result.body);
    });
  });
  await new Promise<void>((resolve) => r.server.listen(0, '127.0.0.1', resolve));
  const addr = r.server.address() as { port: number };
  r.url = `http://127.0.0.1:${addr.port}/hooks/docdesk`;
  return r;
}

function inputFiles(): FileSpec[] {
  const png = textImagePng(['Lieferschein 4711', 'Menge 12 Stück', 'Datum 05.03.2024'], { width: 1000, height: 420, fontSize: 38, lineHeight: 70 });
  const docx = fx.buildDocx({ heading: 'Angebot 2024-17', paragraphs: ['Sehr geehrte Damen und Herren, anbei unser Angebot.', 'Mit freundlichen Grüßen'] });
  return [
    { name: 'rechnung-3-seiten.pdf', type: 'application/pdf', data: fx.buildPdf({ pages: 3, text: 'Rechnung RE-2024-0042' }) },
    { name: 'lieferschein.png', type: 'image/png', data: png },
    { name: 'angebot.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', data: Buffer.from(docx) },
    { name: 'rechnung-mail.eml', type: 'message/rfc822', data: fx.buildEml({ attachPdf: true }) },
    { name: 'xrechnung.xml', type: 'application/xml', data: Buffer.from(fx.buildXml('ubl')) },
  ];
}

describe('desk UI (headless Chromium against docdesk serve)', { skip: skip ?? false }, () => {
  let server: ServerProcess;
  let dataDir: string;
  let browser: Browser;
  let page: Page;
  let receiver: Receiver;
  let workDir: string;
  let files: FileSpec[] = [];

  before(async () => {
    dataDir = tempDataDir('docdesk-desk-');
    workDir = mkdtempSync(join(tmpdir(), 'docdesk-desk-files-'));
    server = await startServerProcess({ dataDir });
    browser = await launchBrowser();
    page = browser.page;
    receiver = await startReceiver();
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
    receiver?.server.close();
    if (dataDir) removeDir(dataDir);
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it('shows the sign-in page without a session, refuses a wrong token in words, signs in with the app token', async () => {
    await page.goto(`${server.url}/`);
    await page.getByLabel('API token').waitFor();
    await checkScreen(page, 'sign-in');
    await page.getByLabel('API token').fill('ddk_wrong_token_value');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('This token is not valid or was revoked').waitFor();
    await page.getByLabel('API token').fill(server.appToken);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Documents', exact: true }).waitFor();
    await page.getByText('No documents yet').waitFor();
    await checkScreen(page, 'inbox-empty');
  });

  it('explains upload rules inline and shows a refused upload as sentences with the request id', async () => {
    await page.getByRole('button', { name: /Upload options/ }).click();
    await page.locator('#opt-mode').selectOption('validation');
    await page.locator('#opt-profile').selectOption('de.energy.supply-invoice');
    await page.getByText('The e-invoice check uses the general profile only.').waitFor();
    await page.locator('#opt-profile').selectOption('generic');
    // A PNG in validation mode: the engine refuses it (422); the desk shows why.
    await page.locator('[data-testid=file-input]').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: textImagePng(['Foto'], { width: 300, height: 200, fontSize: 30, lineHeight: 40 }) });
    const entry = page.locator('[data-testid=upload-entry]', { hasText: 'foto.png' });
    await entry.getByText('Validation mode accepts only PDF or XML files.').waitFor();
    await entry.getByText('Request ID for support:').waitFor();
    await page.locator('#opt-mode').selectOption('analysis');
    await page.locator('#opt-pages').fill('first, 2,,');
    await page.getByText('The page selection has an empty entry').waitFor();
    await page.locator('#opt-pages').fill('');
    await checkScreen(page, 'upload-options');
    await page.getByRole('button', { name: 'Clear finished' }).click();
    await page.getByRole('button', { name: /Upload options/ }).click();
  });

  it('takes 5 files of different formats dropped at once and shows each reach completed', async () => {
    files = inputFiles();
    // Every status a row shows on its way, to see the live state, not just the end state.
    await page.evaluate(() => {
      const seen = new Set<string>();
      (window as unknown as { __statuses: Set<string> }).__statuses = seen;
      new MutationObserver(() => document.querySelectorAll('[data-testid="inbox-row"]').forEach((r) => seen.add(r.getAttribute('data-status') ?? ''))).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-status'] });
    });
    await dropFiles(page, '[data-testid=dropzone]', files);
    await page.getByText('Uploads: 5 of 5 accepted').waitFor({ timeout: 60_000 });
    // Live state while processing: at least one row is shown pending before all complete.
    await waitRows(
      page,
      files.map((f) => f.name),
      'completed',
    );
    const statuses = await page.evaluate(() => [...(window as unknown as { __statuses: Set<string> }).__statuses]);
    assert.ok(statuses.includes('pending'), `rows were shown while processing (seen: ${statuses.join(', ')})`);
    await page.getByRole('button', { name: 'Clear finished' }).click();
    assert.equal(await page.locator('[data-testid=inbox-total]').textContent(), '5 documents');
    await checkScreen(page, 'inbox');
  });

  it('uploads through the file chooser input as well', async () => {
    // A receipt photo with legible text: an image with nothing to read now ends in error (no usable content).
    const jpegPath = join(workDir, 'kassenbon.jpg');
    writeFileSync(jpegPath, await sharp(textImagePng(['Kassenbon 0815', 'Summe 12,40 EUR'], { width: 600, height: 240, fontSize: 32, lineHeight: 48 })).jpeg({ quality: 85 }).toBuffer());
    await page.locator('[data-testid=file-input]').setInputFiles(jpegPath);
    await waitRows(page, ['kassenbon.jpg'], 'completed', 120_000);
    assert.equal(await page.locator('[data-testid=inbox-total]').textContent(), '6 documents');
  });

  it('uploads a whole folder (with a subfolder) through the folder chooser', async () => {
    const folder = join(workDir, 'scans-maerz');
    mkdirSync(join(folder, 'lieferant-b'), { recursive: true });
    writeFileSync(join(folder, 'mahnung.pdf'), fx.buildPdf({ pages: 1, text: 'Mahnung 7' }));
    writeFileSync(join(folder, 'lieferant-b', 'gutschrift.pdf'), fx.buildPdf({ pages: 1, text: 'Gutschrift 3' }));
    await page.locator('[data-testid=folder-input]').setInputFiles(folder);
    await waitRows(page, ['mahnung.pdf', 'gutschrift.pdf'], 'completed', 120_000);
    assert.equal(await page.locator('[data-testid=inbox-total]').textContent(), '8 documents');
    await page.getByRole('button', { name: 'Clear finished' }).click();
  });

  it('searches by file name and text and filters by status', async () => {
    await page.locator('#inbox-search').fill('Lieferschein');
    await page.waitForFunction(() => document.querySelector('[data-testid=inbox-total]')?.textContent === '1 document');
    assert.equal(await page.locator('[data-testid=inbox-row]').count(), 1);
    // Text search: the phrase is inside the DOCX and the e-mail body, in neither file name.
    await page.locator('#inbox-search').fill('Damen und Herren');
    await page.waitForFunction(() => document.querySelector('[data-testid=inbox-total]')?.textContent === '2 documents');
    await page.locator('[data-filename="angebot.docx"]').waitFor();
    await page.locator('[data-filename="rechnung-mail.eml"]').waitFor();
    await page.locator('#inbox-search').fill('');
    await page.locator('#f-status').selectOption('error');
    await page.getByText('No document matches these filters').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid=inbox-total]')?.textContent === '8 documents');
  });

  it('opens the PDF and pages through its previews with the keyboard, text beside the page', async () => {
    await page.getByRole('link', { name: /rechnung-3-seiten\.pdf/ }).click();
    await page.getByRole('heading', { name: 'rechnung-3-seiten.pdf' }).waitFor();
    const indicator = page.locator('[data-testid=page-indicator]');
    await page.waitForFunction(() => document.querySelector('[data-testid=page-indicator]')?.textContent === 'Page 1 of 3');
    await page.locator('.page img').first().evaluate((img: HTMLImageElement) => (img.complete ? null : new Promise((r) => (img.onload = r))));
    assert.match((await page.locator('[data-testid=page-text]').textContent()) ?? '', /Rechnung RE-2024-0042/);
    await page.keyboard.press('PageDown');
    await page.waitForFunction(() => document.querySelector('[data-testid=page-indicator]')?.textContent === 'Page 2 of 3');
    assert.match((await page.locator('[data-testid=page-text]').textContent()) ?? '', /Seite 2/);
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('[data-testid=page-indicator]')?.textContent === 'Page 3 of 3');
    await page.keyboard.press('Home');
    await page.waitForFunction(() => document.querySelector('[data-testid=page-indicator]')?.textContent === 'Page 1 of 3');
    assert.equal(await indicator.textContent(), 'Page 1 of 3');
    // Every preview is a real image the engine rendered.
    const natural = await page.locator('.page img').evaluateAll((imgs) => (imgs as HTMLImageElement[]).map((i) => i.naturalWidth));
    assert.equal(natural.length, 3);
    await page.keyboard.press('+');
    await page.getByText('125 %').waitFor();
    await page.keyboard.press('0');
    await checkScreen(page, 'document');
    await page.getByRole('tab', { name: 'Quality' }).click();
    await page.getByText('The text comes from the PDF itself').waitFor();
    await page.getByRole('tab', { name: 'Details' }).click();
    assert.equal(await page.locator('[data-testid=credits-charged]').textContent(), '1');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download original' }).click()]);
    assert.equal(download.suggestedFilename(), 'rechnung-3-seiten.pdf');
    const saved = join(workDir, 'downloaded.pdf');
    await download.saveAs(saved);
    assert.ok(readFileSync(saved).equals(files.find((f) => f.name === 'rechnung-3-seiten.pdf')!.data), 'the download is the uploaded file, byte for byte');
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { name: 'Documents', exact: true }).waitFor();
  });

  it('describes the e-mail in words: attachments and where the text came from', async () => {
    await page.getByRole('link', { name: /rechnung-mail\.eml/ }).click();
    await page.getByRole('tab', { name: 'Quality' }).click();
    await page.getByTestId('quality').getByText(/E-mail with (1 attachment|\d+ attachments)\./).waitFor();
    await checkScreen(page, 'document-email');
    await page.keyboard.press('Escape');
  });

  it('shows the fields of an extracted invoice with where each value came from', async () => {
    const res = await upload(server.url, { token: server.appToken, file: { name: 'rechnung-felder.pdf', data: invoicePdf() }, fields: { processing_mode: 'extraction', allow_ai_processing: 'false' } });
    const id = ((await res.json()) as { data: { id: number } }).data.id;
    assert.equal((await waitTerminal(server.url, server.appToken, id, 120_000)).status, 'completed');
    await page.getByRole('link', { name: /rechnung-felder\.pdf/ }).click();
    await page.getByRole('tab', { name: 'Fields' }).click();
    const row = page.locator('.field-row', { hasText: 'Document number' });
    await row.getByText('R-2024-0042').waitFor();
    await row.getByText(/Page 1, /).waitFor();
    await page.locator('.field-row', { hasText: 'Gross amount' }).getByText('€1,487.50').waitFor();
    await checkScreen(page, 'document-fields');
    await page.keyboard.press('Escape');
  });

  it('creates a token (shown once), sees it work, revokes it', async () => {
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'API tokens' }).waitFor();
    await page.getByLabel('Name').fill('ERP import');
    await page.getByRole('button', { name: 'Create token' }).click();
    const secretBox = page.getByTestId('token-secret');
    await secretBox.waitFor();
    const secret = (await secretBox.locator('code').textContent())!.trim();
    assert.ok(secret.length > 20);
    const ping = await fetch(`${server.url}/api/v1/ping`, { headers: { Authorization: `Bearer ${secret}` } });
    assert.equal(ping.status, 200);
    await checkScreen(page, 'settings-tokens');
    await page.getByRole('button', { name: 'I have stored it' }).click();
    assert.equal(await page.getByTestId('token-secret').count(), 0, 'the secret is shown once only');
    await page.getByRole('button', { name: 'Revoke ERP import' }).click();
    await page.getByRole('button', { name: 'Yes, revoke ERP import' }).click();
    await page.locator('tr[data-token-name="ERP import"]').getByText(/Revoked/).waitFor();
    const after = await fetch(`${server.url}/api/v1/ping`, { headers: { Authorization: `Bearer ${secret}` } });
    assert.equal(after.status, 401);
  });

  it('adds a webhook, sees a signed delivery in the log, retries a failed one', async () => {
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByLabel('Address (URL)').fill('ftp://not-a-web-address');
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await page.locator('.notice-error').waitFor();
    await page.getByLabel('Address (URL)').fill(receiver.url);
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const secretCode = page.locator('.notice-secret code');
    await secretCode.waitFor();
    receiver.secret = (await secretCode.textContent())!.trim();
    // The first delivery fails (receiver down), the retry button sends it again.
    receiver.failNext = 1;
    const res = await upload(server.url, { token: server.appToken, file: { name: 'webhook-probe.png', data: textImagePng(['Probe'], { width: 300, height: 200, fontSize: 30, lineHeight: 40 }) }, fields: { processing_mode: 'thumbnail' } });
    assert.equal(res.status, 201);
    const docId = ((await res.json()) as { data: { id: number } }).data.id;
    await waitTerminal(server.url, server.appToken, docId);
    const card = page.getByTestId('webhook-card');
    await card.locator('tr[data-delivery-status="failed"], tr[data-delivery-status="pending"]').first().waitFor({ timeout: 30_000 });
    await card.getByRole('button', { name: 'Send again' }).first().click();
    await card.locator('tr[data-delivery-status="delivered"]').waitFor({ timeout: 30_000 });
    assert.equal(receiver.verified.length, 1, 'the receiver verified the signature with the secret shown in the desk');
    assert.match(await card.locator('tr[data-delivery-status="delivered"]').textContent() ?? '', /document\.completed/);
    await card.getByRole('button', { name: 'Reveal secret' }).click();
    assert.equal((await card.locator('.secret code').textContent())?.trim(), receiver.secret);
    await card.getByRole('button', { name: 'New secret' }).click();
    await page.waitForFunction((old) => { const c = document.querySelector('[data-testid="webhook-card"] .secret code'); return !!c && c.textContent!.trim() !== old; }, receiver.secret);
    const rotated = (await card.locator('.secret code').textContent())!.trim();
    await card.getByRole('button', { name: 'Hide' }).click();
    await card.getByRole('button', { name: 'Reveal secret' }).click();
    assert.equal((await card.locator('.secret code').textContent())?.trim(), rotated, 'the engine keeps the rotated secret');
    receiver.secret = rotated;
    await checkScreen(page, 'settings-webhooks');
  });

  it('shows the credit balance and ledger', async () => {
    await page.getByRole('link', { name: 'Credits' }).click();
    await page.getByTestId('ledger').waitFor();
    await page.getByTestId('ledger').getByText('First 10 pages charged').first().waitFor();
    await checkScreen(page, 'settings-credits');
    await page.getByRole('link', { name: 'Workspace' }).click();
    await page.getByTestId('rate-limit-profile').waitFor();
    await page.getByText(dataDir).waitFor();
    await checkScreen(page, 'settings-workspace');
  });

  it('lists the keyboard shortcuts in a help sheet', async () => {
    await page.getByRole('link', { name: 'Inbox' }).click();
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    await checkScreen(page, 'help');
    await page.keyboard.press('Escape');
    assert.equal(await page.getByRole('dialog').count(), 0);
  });

  it('switches to German and keeps it after a reload', async () => {
    await page.getByLabel('Language').first().selectOption('de');
    await page.getByRole('heading', { name: 'Dokumente', exact: true }).waitFor();
    await page.getByText('9 Dokumente').waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Dokumente', exact: true }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'de');
    await waitRows(page, ['rechnung-3-seiten.pdf'], 'completed', 10_000);
    await page.locator('[data-filename="rechnung-3-seiten.pdf"]').getByText('Fertig').waitFor();
    await checkScreen(page, 'inbox-de');
    await page.getByLabel('Sprache').first().selectOption('en');
  });

  it('has a dark theme that passes the contrast checks', async () => {
    await page.getByTestId('theme-toggle').click();
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
    await checkScreen(page, 'inbox-dark');
    await page.getByRole('link', { name: /rechnung-3-seiten\.pdf/ }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid=page-indicator]')?.textContent === 'Page 1 of 3');
    await checkScreen(page, 'document-dark');
    await page.keyboard.press('Escape');
    await page.getByTestId('theme-toggle').click();
  });

  it('moves through the list with the keyboard, selects with x, processes the document again', async () => {
    await page.locator('[data-filename="mahnung.pdf"] .row-open').focus();
    const index = Number(await page.locator('[data-filename="mahnung.pdf"]').evaluate((el) => el.closest('li')!.dataset.index));
    const focusedIndex = () => page.evaluate(() => document.activeElement?.closest('li')?.dataset.index);
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction((i) => document.activeElement?.closest('li')?.dataset.index === String(i), index + 1);
    await page.keyboard.press('k');
    await page.waitForFunction((i) => document.activeElement?.closest('li')?.dataset.index === String(i), index);
    assert.equal(await focusedIndex(), String(index));
    await page.keyboard.press('x');
    await page.getByText('1 selected').waitFor();
    assert.ok(await page.locator('[data-filename="mahnung.pdf"] input[type=checkbox]').isChecked());
    await page.getByRole('button', { name: 'Process again' }).click();
    await page.locator('[data-filename="mahnung.pdf"][data-status="pending"]').waitFor({ timeout: 10_000 });
    await waitRows(page, ['mahnung.pdf'], 'completed', 120_000);
  });

  it('selects documents and deletes them; signs out to the sign-in page', async () => {
    await page.locator('[data-filename="kassenbon.jpg"] input[type=checkbox]').check();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid=inbox-total]')?.textContent === '9 documents');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('API token').waitFor();
    assert.deepEqual(browser.problems, [], 'no console errors (CSP violations, React errors)');
  });

  /** A new workspace (made with the CLI, as an operator would) and its clerk signed in in a browser of their own. */
  async function signedInClerk(name: string, accountArgs: string[]): Promise<{ clerk: Browser; token: string }> {
    const account = cli<{ id: number }>(dataDir, ['account', 'create', '--name', name, ...accountArgs]);
    const token = cli<{ token: string }>(dataDir, ['token', 'create', '--account', String(account.id), '--mode', 'live', '--abilities', 'documents:read,documents:write']).token;
    const clerk = await launchBrowser();
    try {
      await clerk.page.goto(`${server.url}/`);
      await clerk.page.getByLabel('API token').fill(token);
      await clerk.page.getByRole('button', { name: 'Sign in' }).click();
    } catch (err) {
      await clerk.close();
      throw err;
    }
    return { clerk, token };
  }

  it('waits out the upload rate limit and sends the refused uploads again with their keys', async () => {
    // A workspace on the `restricted` profile: 30 uploads per minute per token (spec 8).
    const { clerk, token } = await signedInClerk('Kleine Filiale', ['--credits', '50', '--rate-profile', 'restricted']);
    try {
      const p = clerk.page;
      await p.getByRole('heading', { name: 'Documents', exact: true }).waitFor();
      await p.getByRole('button', { name: /Upload options/ }).click();
      await p.locator('#opt-mode').selectOption('thumbnail');
      const png = textImagePng(['Beleg'], { width: 200, height: 120, fontSize: 24, lineHeight: 30 });
      // Use up the token's minute through the API until the engine answers 429 with time
      // enough left to drop the files before the window resets.
      let accepted = 0;
      for (let i = 0; i < 200; i++) {
        const r = await upload(server.url, { token, file: { name: `api-${i}.png`, data: png }, fields: { processing_mode: 'thumbnail' } });
        if (r.status === 201) accepted++;
        else if (r.status === 429) {
          const after = Number(r.headers.get('retry-after'));
          if (after >= 15) break;
          // Too close to the reset (a loaded machine may need seconds for the drop): start over in the next window.
          await new Promise((resolve) => setTimeout(resolve, after * 1000 + 200));
        }
      }
      await p.evaluate(() => {
        const w = window as unknown as { __rateLimited: boolean };
        w.__rateLimited = false;
        new MutationObserver(() => {
          if (document.body.textContent?.includes('Too many uploads; sent again shortly')) w.__rateLimited = true;
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      });
      const drop = ['beleg-1.png', 'beleg-2.png', 'beleg-3.png'].map((name) => ({ name, type: 'image/png', data: png }));
      await dropFiles(p, '[data-testid=dropzone]', drop);
      await p.getByText('Uploads: 3 of 3 accepted').waitFor({ timeout: 90_000 });
      assert.equal(await p.evaluate(() => (window as unknown as { __rateLimited: boolean }).__rateLimited), true, 'the uploads waited for the rate limit');
      await waitRows(p, ['beleg-1.png', 'beleg-2.png', 'beleg-3.png'], 'completed', 30_000);
      await p.waitForFunction((n) => document.querySelector('[data-testid=inbox-total]')?.textContent === `${n} documents`, accepted + 3);
      assert.deepEqual(clerk.problems, []);
    } finally {
      await clerk.close();
    }
  });

  it('shows a document blocked for credits with the reason in words', async () => {
    const { clerk } = await signedInClerk('Leere Kasse', ['--credits', '0']);
    try {
      const p = clerk.page;
      await p.locator('[data-testid=file-input]').setInputFiles({ name: 'teuer.pdf', mimeType: 'application/pdf', buffer: fx.buildPdf({ pages: 1, text: 'Teuer' }) });
      await p.getByText('Not enough credits: 0 available, 1 needed. The document was kept as blocked.').waitFor();
      await waitRows(p, ['teuer.pdf'], 'blocked', 15_000);
      await p.locator('[data-filename="teuer.pdf"]').getByText('Not enough credits for the first 10 pages.').waitFor();
      // The engine refuses to process it again (ER1); the banner says why, with the request id.
      await p.locator('[data-filename="teuer.pdf"] input[type=checkbox]').check();
      await p.getByRole('button', { name: 'Process again' }).click();
      const banner = p.locator('.banner');
      await banner.getByText('A document blocked at upload cannot be processed again').waitFor();
      assert.match((await banner.locator('.request-id code').textContent()) ?? '', /\S{6,}/);
      await banner.getByRole('button', { name: 'Dismiss' }).click();
      await p.getByRole('link', { name: /teuer\.pdf/ }).click();
      await p.getByText('Add credits, then upload the file again').waitFor();
      await checkScreen(p, 'document-blocked');
      await p.keyboard.press('Escape');
      await waitRows(p, ['teuer.pdf'], 'blocked', 15_000);
      await checkScreen(p, 'inbox-blocked');
      assert.deepEqual(clerk.problems, []);
    } finally {
      await clerk.close();
    }
  });

  it('starts in German and dark when the browser prefers them', async () => {
    const german = await launchBrowser({ locale: 'de-DE', colorScheme: 'dark' });
    try {
      await german.page.goto(`${server.url}/`);
      await german.page.getByRole('heading', { name: 'Bei Docdesk anmelden' }).waitFor();
      assert.equal(await german.page.evaluate(() => document.documentElement.lang), 'de');
      assert.equal(await german.page.evaluate(() => document.documentElement.dataset.theme), 'dark');
      await checkScreen(german.page, 'sign-in-de-dark');
    } finally {
      await german.close();
    }
  });

  it('signs in through the one-time link docdesk serve printed; a used link shows the sign-in page with a note', async () => {
    await page.goto(server.signinUrl);
    await page.getByRole('heading', { name: 'Documents', exact: true }).waitFor();
    assert.equal(new URL(page.url()).search, '', 'the code is gone from the address bar');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('API token').waitFor();
    await page.goto(server.signinUrl);
    await page.getByText('This sign-in address was already used or has expired.').waitFor();
    await checkScreen(page, 'sign-in-expired');
    const fresh = cli<{ signin_url: string }>(dataDir, ['signin-url']).signin_url;
    await page.goto(fresh);
    await page.getByRole('heading', { name: 'Documents', exact: true }).waitFor();
  });
});
