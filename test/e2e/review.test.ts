// The review desk end to end (issue 13): a real `docdesk serve`, the built renderer in
// headless Debian Chromium. An invalid XRechnung from the shared samples shows its verdict
// and rule ids in English and German; a generic invoice's fields open their evidence box on
// the page; the inbox shows sender, amount and verdict columns and filters on them. Every
// new screen is checked with axe and saved in light and dark, English and German.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { invoicePdf } from '../helpers/invoice-fixtures.js';
import { samplePath, skipUnlessSamples } from '../helpers/samples.js';
import { getJson, removeDir, startServerProcess, tempDataDir, upload, waitTerminal, type ServerProcess } from '../helpers/server.js';
import { browserSkipReason, checkScreen, DESK_COMBOS, dropFiles, launchBrowser } from './desk-support.js';

const skip = browserSkipReason() ?? skipUnlessSamples('einvoice');

/** An XRechnung 3.0 from the shared set that the reference validator rejects, with its rule ids. */
function invalidXRechnung(): { file: string; errors: string[] } {
  const expected = JSON.parse(readFileSync(samplePath('einvoice', 'expected.json'), 'utf8')) as Record<string, { profile_id?: string; container: string; supported: boolean; accepted: boolean; errors: string[] }>;
  const [file, e] = Object.entries(expected)
    .filter(([f, e]) => f.startsWith('invalid/') && e.container === 'xml' && e.supported && !e.accepted && e.errors.length >= 2 && /xrechnung_3\.0$/.test(e.profile_id ?? ''))
    .sort(([a], [b]) => a.localeCompare(b))[0]!;
  return { file, errors: e.errors };
}

const COMBOS = DESK_COMBOS;

const TEXT = {
  en: { documents: 'Documents', invalid: 'Invalid e-invoice', einvoiceTab: 'E-invoice', fieldsTab: 'Fields', gross: 'Gross amount', grossValue: '€1,487.50', needsReview: 'Needs review', family: /EN 16931|XRechnung|PEPPOL/, signIn: 'Sign in', token: 'API token', filter: 'E-invoice', detailsTab: 'Details', creditRate: '1 credit per started 10 pages', runState: /^No\. \d+ · completed$/, ai: { disabled: 'No (switched off for this upload)', not_configured: 'No (no AI service is set up)' } },
  de: { documents: 'Dokumente', invalid: 'Ungültige E-Rechnung', einvoiceTab: 'E-Rechnung', fieldsTab: 'Felder', gross: 'Bruttobetrag', grossValue: '1.487,50\u00a0€', needsReview: 'Zu prüfen', family: /EN-16931|XRechnung|PEPPOL/, signIn: 'Anmelden', token: 'API-Token', filter: 'E-Rechnung', detailsTab: 'Details', creditRate: '1 Credit je angefangene 10 Seiten', runState: /^Nr\. \d+ · abgeschlossen$/, ai: { disabled: 'Nein (für diesen Upload ausgeschaltet)', not_configured: 'Nein (kein KI-Dienst eingerichtet)' } },
} as const;

describe('review desk (headless Chromium against docdesk serve)', { skip: skip || false }, () => {
  let server: ServerProcess;
  let dataDir: string;
  let xml: { file: string; errors: string[]; id: number; name: string; reported: string[] };
  let invoiceId: number;

  before(async () => {
    dataDir = tempDataDir('docdesk-review-');
    server = await startServerProcess({ dataDir });
    const sample = invalidXRechnung();
    const name = sample.file.split('/').pop()!;
    const xres = await upload(server.url, { token: server.appToken, file: { name, data: readFileSync(samplePath('einvoice', sample.file)), type: 'application/xml' }, fields: { processing_mode: 'validation' } });
    assert.equal(xres.status, 201, await xres.clone().text());
    const xid = ((await xres.json()) as { data: { id: number } }).data.id;
    const done = await waitTerminal(server.url, server.appToken, xid, 120_000);
    assert.equal(done.status, 'completed', JSON.stringify(done));
    const ve = done.latest_extraction_run.quality.structured.validation_errors;
    xml = { ...sample, id: xid, name, reported: [...ve.errors, ...ve.warnings] };
    assert.equal(done.latest_extraction_run.quality.structured.assessment, 'fail');
    // The engine finds the reference validator's errors (its own accuracy is measured by eval:einvoice).
    for (const id of sample.errors) assert.ok(ve.errors.includes(id), `${id} in ${ve.errors.join(', ')}`);

    const ires = await upload(server.url, { token: server.appToken, file: { name: 'rechnung-felder.pdf', data: invoicePdf() }, fields: { processing_mode: 'extraction', allow_ai_processing: 'false' } });
    invoiceId = ((await ires.json()) as { data: { id: number } }).data.id;
    assert.equal((await waitTerminal(server.url, server.appToken, invoiceId, 120_000)).status, 'completed');
  });

  after(async () => {
    await server?.stop();
    if (dataDir) removeDir(dataDir);
  });

  it('the inbox API lists the clerk columns and filters on the verdict and on needs-review', async () => {
    const all = await getJson(server.url, '/app/v1/inbox', server.appToken);
    assert.equal(all.status, 200);
    const inv = all.body.data.find((r: { id: number }) => r.id === invoiceId);
    assert.equal(inv.gross_amount, '1487.50');
    assert.equal(inv.currency, 'EUR');
    assert.equal(inv.document_number, 'R-2024-0042');
    assert.equal(typeof inv.sender_name, 'string');
    assert.equal(inv.einvoice, null);
    const x = all.body.data.find((r: { id: number }) => r.id === xml.id);
    assert.deepEqual(x.einvoice, { validation_status: 'invalid', assessment: 'fail' });
    assert.equal(x.needs_review, true);
    const failed = await getJson(server.url, '/app/v1/inbox?einvoice=fail', server.appToken);
    assert.deepEqual(failed.body.data.map((r: { id: number }) => r.id), [xml.id]);
    const passing = await getJson(server.url, '/app/v1/inbox?einvoice=pass', server.appToken);
    assert.equal(passing.body.total, 0);
    const review = await getJson(server.url, '/app/v1/inbox?needs_review=true', server.appToken);
    assert.ok(review.body.data.some((r: { id: number }) => r.id === xml.id));
    assert.equal((await getJson(server.url, '/app/v1/inbox?einvoice=nonsense', server.appToken)).status, 422);
  });

  it('generic field provenance carries the page size its box is measured in', async () => {
    const { body } = await getJson(server.url, `/api/v1/documents/${invoiceId}`, server.appToken);
    const src = body.data.extractions.gross_amount.provenance.source;
    assert.equal(src.page, 1);
    assert.ok(src.bbox.w > 0 && src.bbox.h > 0);
    assert.deepEqual(src.page_size, { width: 595, height: 842 });
    assert.ok(src.bbox.x + src.bbox.w <= src.page_size.width && src.bbox.y + src.bbox.h <= src.page_size.height);
  });

  for (const combo of COMBOS) {
    const tag = `${combo.lang}-${combo.scheme}`;
    it(`shows verdicts, rule ids and field evidence (${tag})`, async () => {
      const text = TEXT[combo.lang];
      const browser = await launchBrowser({ locale: combo.locale, colorScheme: combo.scheme });
      const page = browser.page;
      try {
        await page.goto(`${server.url}/`);
        await page.getByLabel(text.token).fill(server.appToken);
        await page.getByRole('button', { name: text.signIn }).click();
        await page.getByRole('heading', { name: text.documents, exact: true }).waitFor();
        if (tag === 'en-light') {
          // An upload the engine accepts (201) whose processing then fails: the upload list says so.
          await dropFiles(page, '[data-testid=dropzone]', [{ name: 'broken.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog') }]);
          const entry = page.locator('[data-testid=upload-entry][data-later=failed]');
          await entry.getByText('Accepted, then processing failed').waitFor({ timeout: 60_000 });
          await checkScreen(page, 'review-upload-failed-later-en-light');
        }

        // Inbox: the verdict badge, sender and amount columns, the verdict filter.
        const xmlRow = page.locator(`[data-testid=inbox-row][data-filename="${xml.name}"]`);
        await xmlRow.getByTestId('verdict').getByText(text.invalid).waitFor({ timeout: 15_000 });
        await xmlRow.getByTestId('needs-review').getByText(text.needsReview).waitFor();
        const invRow = page.locator('[data-testid=inbox-row][data-filename="rechnung-felder.pdf"]');
        assert.equal(await invRow.getByTestId('row-amount').textContent(), text.grossValue);
        await checkScreen(page, `review-inbox-${tag}`);
        await page.getByLabel(text.filter, { exact: true }).selectOption('fail');
        await page.waitForFunction(() => document.querySelectorAll('[data-testid=inbox-row]').length === 1);
        await xmlRow.waitFor();
        await page.getByLabel(text.filter, { exact: true }).selectOption('');

        // The invalid XRechnung: verdict, rule ids, an explanation per rule family, no page controls.
        await page.goto(`${server.url}/#/documents/${xml.id}`);
        const panel = page.getByTestId('einvoice-panel');
        await panel.waitFor();
        assert.equal(await page.getByRole('tab', { name: text.einvoiceTab }).getAttribute('aria-selected'), 'true');
        await panel.getByTestId('verdict').getByText(text.invalid).waitFor();
        const shown = await panel.getByTestId('rule-ids').locator('code').allTextContents();
        assert.deepEqual([...shown].sort(), [...xml.reported].sort());
        for (const id of xml.errors) assert.ok(shown.includes(id), `${id} shown`);
        await panel.locator('.rule-families li').filter({ hasText: text.family }).first().waitFor();
        assert.equal(await page.getByTestId('page-indicator').count(), 0, 'no page controls without pages');
        await checkScreen(page, `review-einvoice-${tag}`);

        // The generic invoice: selecting a field opens its page, zooms, and draws its box where the engine read it.
        await page.goto(`${server.url}/#/documents/${invoiceId}`);
        await page.getByRole('tab', { name: text.fieldsTab }).waitFor();
        assert.equal(await page.getByRole('tab', { name: text.fieldsTab }).getAttribute('aria-selected'), 'true');
        await page.locator('.page img').first().evaluate((img: HTMLImageElement) => (img.complete ? null : new Promise((r) => (img.onload = r))));
        const gross = page.locator('[data-field=gross_amount]');
        await gross.getByText(text.grossValue).waitFor();
        await gross.getByText(text.gross).waitFor();
        assert.equal(await page.locator('.pagebtn[data-cited=true]').count(), 1);
        await gross.click();
        assert.equal(await gross.getAttribute('aria-pressed'), 'true');
        const box = page.getByTestId('evidence-box');
        await box.waitFor();
        const { body } = await getJson(server.url, `/api/v1/documents/${invoiceId}`, server.appToken);
        const src = body.data.extractions.gross_amount.provenance.source;
        const frame = await page.locator('[data-page="1"] .page-frame').boundingBox();
        const drawn = await box.boundingBox();
        assert.ok(frame && drawn);
        // The box sits where bbox / page_size puts it on the rendered page (within 1 % of the page).
        assert.ok(Math.abs((drawn.x - frame.x) / frame.width - src.bbox.x / src.page_size.width) < 0.01, 'x');
        assert.ok(Math.abs((drawn.y - frame.y) / frame.height - src.bbox.y / src.page_size.height) < 0.01, 'y');
        // Zoomed to it and scrolled into view.
        const strip = await page.getByTestId('page-strip').boundingBox();
        assert.ok(strip && drawn.y >= strip.y && drawn.y + drawn.height <= strip.y + strip.height, 'the box is in view');
        assert.ok(frame.width > 640, 'zoomed in');
        await checkScreen(page, `review-fields-${tag}`);

        // Details in words: singular credit, the run state and whether an AI took part (quality.ai.status).
        await page.getByRole('tab', { name: text.detailsTab }).click();
        const ai = body.data.latest_extraction_run.quality.ai.status as string;
        assert.equal(await page.getByTestId('ai-used').textContent(), text.ai[ai as keyof typeof text.ai]);
        await page.getByText(text.creditRate).waitFor();
        await page.getByText(text.runState).waitFor();
        assert.deepEqual(browser.problems, []);
      } finally {
        await browser.close();
      }
    });
  }
});
