// The energy review workspace end to end (issue 13 part 2): a real `docdesk serve`, the built
// renderer in headless Debian Chromium. A needs-review energy result (seeded from a sample
// truth file through the engine's store and policy) is reviewed by keyboard only: a stale
// ETag is reported in words, two fields are corrected with evidence boxes drawn on the page,
// the result reaches accepted and its invoice-lines.csv downloads. The workspace is checked
// with axe and saved in light and dark, English and German.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { seedEnergyResult, type Seeded, type SeedOptions } from '../api/energy-results.js';
import { skipUnlessSamples } from '../helpers/samples.js';
import { createAccountWithToken, getJson, removeDir, startServerProcess, tempDataDir, type ServerProcess } from '../helpers/server.js';
import { browserSkipReason, checkScreen, DESK_COMBOS, launchBrowser } from './desk-support.js';

const skip = browserSkipReason() ?? skipUnlessSamples('energy');
const MALO_OK = '68272826240';
const MALO_BAD = '68272826241';

const TEXT = {
  en: { token: 'API token', signIn: 'Sign in', documents: 'Documents', tab: 'Energy review', needsReview: 'needs review', reason: 'An identifier (MaLo, MeLo, IBAN, VAT ID …) fails its check.' },
  de: { token: 'API-Token', signIn: 'Anmelden', documents: 'Dokumente', tab: 'Energieprüfung', needsReview: 'zu prüfen', reason: 'Eine Kennung (MaLo, MeLo, IBAN, USt-IdNr. …) besteht ihre Prüfung nicht.' },
} as const;

const COMBOS = DESK_COMBOS;

describe('energy review workspace (headless Chromium against docdesk serve)', { skip: skip || false }, () => {
  let server: ServerProcess;
  let dataDir: string;
  let token: string;
  let review: Seeded;
  let second: Seeded;

  before(async () => {
    dataDir = tempDataDir('docdesk-energy-review-');
    server = await startServerProcess({ dataDir });
    // An account without credits: the seeding upload stays blocked, the seed stores the result.
    token = createAccountWithToken(dataDir, { credits: 0, name: 'energy reviewers' }).token;
    const badMalo: SeedOptions = { mutate: (p) => void (p.invoices[0]!.data.supply_points[0]!.malo_id = MALO_BAD) };
    review = await seedEnergyResult(server, token, badMalo);
    second = await seedEnergyResult(server, token, badMalo);
  });

  after(async () => {
    await server?.stop();
    if (dataDir) removeDir(dataDir);
  });

  async function signIn(page: Page, lang: 'en' | 'de') {
    await page.goto(`${server.url}/`);
    await page.getByLabel(TEXT[lang].token).fill(token);
    await page.getByRole('button', { name: TEXT[lang].signIn }).click();
    await page.getByRole('heading', { name: TEXT[lang].documents, exact: true }).waitFor();
  }

  async function openWorkspace(page: Page, id: number, lang: 'en' | 'de') {
    await page.goto(`${server.url}/#/documents/${id}`);
    await page.getByTestId('energy-review').waitFor();
    assert.equal(await page.getByRole('tab', { name: TEXT[lang].tab }).getAttribute('aria-selected'), 'true');
  }

  const selectedKey = (page: Page) => page.locator('.energy-field[aria-selected=true]').getAttribute('data-key');

  /** Moves the selection to a field with j/k only. */
  async function goToField(page: Page, key: string) {
    const keys = await page.locator('.energy-field').evaluateAll((els) => els.map((e) => e.getAttribute('data-key')));
    const target = keys.indexOf(key);
    assert.ok(target >= 0, `${key} listed`);
    const current = keys.indexOf(await selectedKey(page));
    for (let i = current; i !== target; i += target > current ? 1 : -1) await page.keyboard.press(target > current ? 'j' : 'k');
    assert.equal(await selectedKey(page), key);
  }

  /** e, type the value and the page text, draw the box with the mouse, Enter. */
  async function correctByKeyboard(page: Page, key: string, value: string, pageText: string) {
    await goToField(page, key);
    await page.waitForTimeout(1100); // a measurable review duration (whole seconds)
    await page.keyboard.press('e');
    const form = page.getByTestId('energy-correct');
    await form.waitFor();
    const inputs = form.locator('input');
    await inputs.nth(0).fill(value);
    await inputs.nth(2).fill(pageText);
    const area = page.locator('[data-testid=draw-area][data-page="1"]');
    await area.scrollIntoViewIfNeeded();
    const b = (await area.boundingBox())!;
    await page.mouse.move(b.x + b.width * 0.1, b.y + b.height * 0.2);
    await page.mouse.down();
    await page.mouse.move(b.x + b.width * 0.5, b.y + b.height * 0.24, { steps: 4 });
    await page.mouse.up();
    await form.getByText(/Box drawn on page 1|Rahmen auf Seite 1/).waitFor();
    await inputs.nth(0).focus();
    await page.keyboard.press('Enter');
    await form.waitFor({ state: 'detached' });
  }

  it('reviews a needs-review invoice by keyboard, reports a conflict, reaches accepted and downloads the CSV', async () => {
    const browser = await launchBrowser({ locale: 'en-GB', colorScheme: 'light' });
    const page = browser.page;
    try {
      await signIn(page, 'en');
      await openWorkspace(page, review.documentId, 'en');
      const outcome = page.getByTestId('energy-outcome');
      assert.equal(await outcome.getAttribute('data-outcome'), 'needs_review');
      await page.getByTestId('energy-reasons').getByText(TEXT.en.reason).waitFor();
      assert.equal(await page.locator('.energy-field[data-key="sp-1.malo_id"]').getAttribute('data-status'), 'invalid');
      // The first field is selected and its evidence box is on the page.
      await page.getByTestId('evidence-box').waitFor();
      await checkScreen(page, 'energy-review-en-light');
      await page.locator('button[data-export]').first().waitFor();
      assert.equal(await page.locator('a[data-export]').count(), 0, 'exports stay closed while the result needs review');

      // Another reviewer confirms the invoice date meanwhile: the desk's ETag is stale.
      const other = await fetch(`${server.url}/api/v1/documents/${review.documentId}/extractions/reviews`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Idempotency-Key': `other-${Date.now()}`, 'If-Match': review.result.etag },
        body: JSON.stringify({ action: 'confirm', invoice_ref: 'inv-1', entity_ref: 'identity', field: 'invoice_date' }),
      });
      assert.equal(other.status, 201, await other.text());
      assert.equal(await selectedKey(page), 'identity.invoice_number');
      await page.keyboard.press('Enter');
      const notice = page.getByTestId('energy-notice');
      await notice.getByText('Another reviewer changed this result; it was reloaded.').waitFor();
      await notice.getByText(/^Invoice date \(inv-1\) is now reviewed\.$/).waitFor();
      await checkScreen(page, 'energy-review-conflict-en-light');

      // Two corrections by keyboard, each with its box drawn on the page.
      const { body: before } = await getJson(server.url, `/api/v1/documents/${review.documentId}/extractions`, token);
      const number = before.sector_extraction.effective_payload.invoices[0].data.identity.invoice_number as string;
      await correctByKeyboard(page, 'identity.invoice_number', number, `Rechnungsnummer ${number}`);
      await notice.getByText(/^Invoice number corrected\.$/).waitFor();
      await correctByKeyboard(page, 'sp-1.malo_id', MALO_OK, `MaLo-ID ${MALO_OK}`);
      await notice.getByText(/^Supply point 1 · Market location ID \(MaLo\) corrected\.$/).waitFor();
      await page.waitForFunction(() => document.querySelector('[data-testid=energy-outcome]')?.getAttribute('data-outcome') === 'accepted');
      assert.equal(await page.locator('.energy-field[data-key="sp-1.malo_id"]').getAttribute('data-status'), 'reviewed');

      const { body: after } = await getJson(server.url, `/api/v1/documents/${review.documentId}/extractions?include=evidence`, token);
      const se = after.sector_extraction;
      assert.equal(se.effective_outcome, 'accepted');
      assert.equal(se.handoff_status, 'accepted');
      const corrections = se.review_decisions.filter((d: { action: string }) => d.action === 'correct');
      assert.equal(corrections.length, 2);
      for (const d of corrections) {
        assert.equal(d.evidence_reference.reviewer_transcribed, true);
        assert.equal(d.evidence_reference.physical_page, 1);
        assert.ok(d.evidence_reference.bbox.w > 0 && d.evidence_reference.bbox.h > 0, 'the drawn box is stored');
        assert.ok(d.review_duration_seconds >= 1 && d.review_duration_seconds <= 86400);
      }
      assert.equal(corrections.find((d: { field: string }) => d.field === 'malo_id').corrected_value, MALO_OK);
      await checkScreen(page, 'energy-review-accepted-en-light');

      // Exports are open: the CSV downloads.
      const [download] = await Promise.all([page.waitForEvent('download'), page.locator('a[data-export=invoice_lines_csv]').click()]);
      assert.equal(download.suggestedFilename(), 'invoice-lines.csv');
      const csv = readFileSync((await download.path())!, 'utf8');
      assert.ok(csv.split('\n').length > 2, csv);
      assert.ok(csv.includes(number), 'the invoice number is in the CSV');

      // The queue: on to the next document needing review.
      await page.getByTestId('energy-next-document').click();
      await page.waitForURL(new RegExp(`#/documents/${second.documentId}`));
      await page.getByTestId('energy-review').waitFor();

      // The inbox: a batch CSV of the selection once every selected document is accepted.
      await page.goto(`${server.url}/#/inbox`);
      const name = (await getJson(server.url, `/api/v1/documents/${review.documentId}`, token)).body.data.filename as string;
      const row = page.locator(`[data-testid=inbox-row][data-filename="${name}"]`);
      await row.locator('input[type=checkbox]').check();
      const batch = page.locator('a[data-testid=batch-export]');
      await batch.waitFor();
      const [batchDownload] = await Promise.all([page.waitForEvent('download'), batch.click()]);
      assert.equal(readFileSync((await batchDownload.path())!, 'utf8'), csv, 'a batch of one is the document CSV');
      await page.locator(`[data-testid=inbox-row][data-filename="${(await getJson(server.url, `/api/v1/documents/${second.documentId}`, token)).body.data.filename as string}"] input[type=checkbox]`).check();
      assert.equal(await page.locator('button[data-testid=batch-export]').isDisabled(), true, 'closed while a selected document needs review');
      await checkScreen(page, 'energy-inbox-batch-en-light');
      assert.deepEqual(browser.problems, []);
    } finally {
      await browser.close();
    }
  });

  for (const combo of COMBOS) {
    const tag = `${combo.lang}-${combo.scheme}`;
    it(`shows the workspace in words with no serious axe finding (${tag})`, async () => {
      const browser = await launchBrowser({ locale: combo.locale, colorScheme: combo.scheme });
      const page = browser.page;
      try {
        await signIn(page, combo.lang);
        await openWorkspace(page, second.documentId, combo.lang);
        await page.getByTestId('energy-reasons').getByText(TEXT[combo.lang].reason).waitFor();
        await page.getByTestId('energy-outcome').getByText(TEXT[combo.lang].needsReview).first().waitFor();
        await goToField(page, 'sp-1.malo_id');
        await page.keyboard.press('e');
        await page.getByTestId('draw-area').first().waitFor();
        await checkScreen(page, `energy-review-correct-${tag}`);
        await page.keyboard.press('Escape');
        await page.getByTestId('energy-correct').waitFor({ state: 'detached' });
        assert.deepEqual(browser.problems, []);
      } finally {
        await browser.close();
      }
    });
  }
});
