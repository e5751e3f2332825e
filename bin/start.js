#!/usr/bin/env node
// `npm start`: the Electron app when an Electron binary is installed (and a display is
// available), otherwise the headless engine (`docdesk serve`) with the URL printed.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL('..', import.meta.url));

function electronBinary() {
  try {
    const path = require('electron'); // in Node this resolves to the binary's path
    return typeof path === 'string' && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

const hasDisplay = process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
const electron = electronBinary();
const passthrough = process.argv.slice(2);

if (electron && hasDisplay && !process.env.DOCDESK_HEADLESS) {
  const child = spawn(electron, [join(root, 'dist', 'main', 'main.js'), ...passthrough], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  const why = !electron
    ? 'no Electron binary is installed (npm 11 does not run its download script; run "node node_modules/electron/install.js" on a machine with internet to get the desktop window)'
    : 'no display is available';
  console.error(`docdesk: starting the headless engine because ${why}.`);
  console.error('docdesk: open the web UI URL below in a browser.');
  const child = spawn(process.execPath, [join(root, 'bin', 'docdesk.js'), 'serve', ...passthrough], { stdio: 'inherit' });
  const forward = (sig) => child.kill(sig);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  child.on('exit', (code) => process.exit(code ?? 0));
}
