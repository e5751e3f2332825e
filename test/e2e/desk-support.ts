// Browser side of the desk end-to-end tests: headless Debian Chromium through playwright-core,
// axe-core injected into the page, screenshots as test artefacts.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { REPO_ROOT } from '../helpers/server.js';

export const CHROMIUM = '/usr/bin/chromium';
export const SCREENS_DIR = join(REPO_ROOT, 'test-artifacts', 'screens');

/** Why the browser tests cannot run here, or null. */
export function browserSkipReason(): string | null {
  if (!existsSync(CHROMIUM)) return `${CHROMIUM} is missing (install Debian's chromium package; .ci/run does)`;
  if (!existsSync(join(REPO_ROOT, 'dist', 'renderer', 'index.html'))) return 'dist/renderer is not built (run npm run build)';
  return null;
}

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** Console errors and page errors seen so far (resource 4xx lines excluded). */
  problems: string[];
  close(): Promise<void>;
}

export async function launchBrowser(opts: { locale?: string; colorScheme?: 'light' | 'dark' } = {}): Promise<Browser> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'docdesk-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1280, height: 800 },
    locale: opts.locale ?? 'en-GB',
    colorScheme: opts.colorScheme ?? 'light',
    acceptDownloads: true,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const problems: string[] = [];
  page.on('console', (msg) => {
    // A 401 on the session probe or an expected 4xx shows up as "Failed to load resource".
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  return {
    context,
    page,
    problems,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

const require = createRequire(import.meta.url);
let axeSource: string | null = null;

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

/**
 * Runs axe-core on the current page. The engine's CSP forbids inline scripts, so the
 * source is evaluated through the DevTools protocol rather than added as a script tag.
 */
export async function axeSerious(page: Page): Promise<AxeViolation[]> {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  const loaded = await page.evaluate('typeof window.axe');
  if (loaded !== 'object') await page.evaluate(axeSource);
  const violations = (await page.evaluate(`window.axe.run(document, { resultTypes: ['violations'] }).then(r => r.violations.map(v => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map(n => ({ target: n.target, failureSummary: n.failureSummary })) })))`)) as AxeViolation[];
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export function describeViolations(v: AxeViolation[]): string {
  return v.map((x) => `${x.impact} ${x.id}: ${x.help}\n${x.nodes.map((n) => `   ${n.target.join(' ')} — ${n.failureSummary ?? ''}`).join('\n')}`).join('\n');
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENS_DIR, { recursive: true });
  const path = join(SCREENS_DIR, `${name}.png`);
  // Let pending images and the last state update paint.
  await page.evaluate('new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))');
  await page.screenshot({ path });
  return path;
}

export interface FileSpec {
  name: string;
  type: string;
  data: Buffer;
}

/** Drops files on an element with a real DataTransfer built in the page from the bytes. */
export async function dropFiles(page: Page, selector: string, files: FileSpec[]): Promise<void> {
  const payload = files.map((f) => ({ name: f.name, type: f.type, b64: f.data.toString('base64') }));
  const dataTransfer = await page.evaluateHandle((items: Array<{ name: string; type: string; b64: string }>) => {
    const dt = new DataTransfer();
    for (const f of items) {
      const bin = atob(f.b64);
      const bytes = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
      dt.items.add(new File([bytes], f.name, { type: f.type }));
    }
    return dt;
  }, payload);
  await page.dispatchEvent(selector, 'dragenter', { dataTransfer });
  await page.dispatchEvent(selector, 'dragover', { dataTransfer });
  await page.dispatchEvent(selector, 'drop', { dataTransfer });
  await dataTransfer.dispose();
}

/** The four looks every desk screen is checked in. */
export const DESK_COMBOS = [
  { lang: 'en', locale: 'en-GB', scheme: 'light' },
  { lang: 'de', locale: 'de-DE', scheme: 'light' },
  { lang: 'en', locale: 'en-GB', scheme: 'dark' },
  { lang: 'de', locale: 'de-DE', scheme: 'dark' },
] as const;

/** Saves the screen under test-artifacts/screens and fails on a serious or critical axe finding. */
export async function checkScreen(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  const serious = await axeSerious(page);
  if (serious.length) throw new Error(`axe on "${name}":\n${describeViolations(serious)}`);
}
