// Smoke test of the Electron shell: it starts, opens a window on the engine's web UI and
// quits. It needs an Electron binary and a display; without them it is skipped, saying why.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { copyFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
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
  it('opens a window on the engine and quits cleanly', { skip, timeout: 60_000 }, async () => {
    const dataDir = tempDataDir();
    copyFileSync(join(REPO_ROOT, 'main', 'preload.cjs'), join(REPO_ROOT, 'dist', 'main', 'preload.cjs'));
    const proc = spawn(binary!, [join(REPO_ROOT, 'dist', 'main', 'main.js'), '--no-sandbox'], { env: { ...process.env, DOCDESK_DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const deadline = Date.now() + 30_000;
      while (!existsSync(join(dataDir, 'app-token.txt')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      assert.ok(existsSync(join(dataDir, 'app-token.txt')), 'the engine started and created its app token');
    } finally {
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
      removeDir(dataDir);
    }
  });
});
