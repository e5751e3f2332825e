// Smoke test of the Electron shell with Playwright's Electron driver: the app starts its
// engine, opens one signed-in window on the desk with the narrow preload API, and quits
// cleanly. It needs an Electron binary and a display; without them it is skipped, saying why.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { _electron } from 'playwright-core';
import { REPO_ROOT, removeDir, tempDataDir } from '../helpers/server.js';

function electronBinary(): string | null {
  try {
    const path = createRequire(import.meta.url)('electron') as unknown;
    return typeof path === 'string' && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

const binary = electronBinary();
const display = process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
const skip = !binary
  ? 'no Electron binary installed (its download script is not run here; `node node_modules/electron/install.js` fetches it where internet is available)'
  : !display
    ? 'no display (set DISPLAY, e.g. under Xvfb)'
    : false;

describe('Electron shell', () => {
  it('opens one signed-in window on the desk and quits cleanly', { skip, timeout: 90_000 }, async () => {
    const dataDir = tempDataDir();
    const app = await _electron.launch({ executablePath: binary!, args: [join(REPO_ROOT, 'dist', 'main', 'main.js'), '--no-sandbox'], env: { ...process.env, DOCDESK_DATA_DIR: dataDir } as Record<string, string> });
    try {
      const page = await app.firstWindow();
      await page.waitForLoadState('domcontentloaded');
      assert.match(page.url(), /^http:\/\/127\.0\.0\.1:\d+\//);
      const surface = await page.evaluate(() => Object.keys((window as unknown as { docdesk: object }).docdesk).sort());
      assert.deepEqual(surface, ['appToken', 'engineUrl', 'notify', 'onOpenFiles', 'onShowShortcuts', 'openFilesDialog', 'readOpenedFile']);
      assert.equal(await page.evaluate(() => typeof (window as unknown as { require?: unknown }).require), 'undefined', 'no Node in the page');
      assert.equal(await page.evaluate(() => typeof (globalThis as unknown as { process?: unknown }).process), 'undefined', 'sandboxed: no process object');
      assert.equal(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length), 1);
      // Signed in through the preload: the desk's session endpoint answers for this window.
      await page.waitForFunction(() => fetch('/app/v1/session').then((r) => r.status === 200), undefined, { timeout: 30_000 });
    } finally {
      await app.close();
      removeDir(dataDir);
    }
  });
});
