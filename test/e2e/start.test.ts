// `npm start` on a machine without an Electron binary (or without a display) falls back to
// the headless engine and prints where the API and the web UI are.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, removeDir, tempDataDir } from '../helpers/server.js';

describe('npm start', () => {
  it('starts the headless engine with a default account and prints the URL', async () => {
    const dataDir = tempDataDir();
    const proc = spawn(process.execPath, [join(REPO_ROOT, 'bin', 'start.js'), '--data-dir', dataDir, '--port', '0'], {
      env: { ...process.env, DOCDESK_HEADLESS: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    proc.stderr!.on('data', (d) => (stderr += d.toString()));
    try {
      const line = await new Promise<string>((resolve, reject) => {
        createInterface({ input: proc.stdout! }).once('line', resolve);
        proc.once('exit', (code) => reject(new Error(`start exited with ${code}: ${stderr}`)));
      });
      const url = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line)?.[1];
      assert.ok(url, line);
      const page = await fetch(`${url}/`);
      assert.equal(page.status, 200);
      assert.match(await page.text(), /Docdesk/);
      await new Promise((r) => setTimeout(r, 200));
      assert.match(stderr, /headless engine/);
      assert.match(stderr, /app token: .*app-token\.txt/);
      assert.ok(existsSync(join(dataDir, 'app-token.txt')));
      assert.ok(existsSync(join(dataDir, 'docdesk.sqlite')));
    } finally {
      proc.kill('SIGTERM');
      await new Promise((r) => (proc.exitCode !== null ? r(null) : proc.once('exit', r)));
      removeDir(dataDir);
    }
  });
});
