// The Electron shell: one window around the engine's web UI. Kept thin on purpose; every
// rule of the product lives in engine/. In a packaged app the engine runs in-process
// (native modules are rebuilt for Electron by electron-builder); in a development
// checkout the native modules are built for Node, so the engine runs as a Node child.
import { app, BrowserWindow, ipcMain, shell } from 'electron';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
let engineUrl = '';
let appTokenFile = '';
let child: ChildProcess | null = null;
let closeInProcess: (() => Promise<void>) | null = null;

async function startEngine(): Promise<void> {
  const dataDir = process.env.DOCDESK_DATA_DIR;
  if (app.isPackaged) {
    const engine = await import('../engine/index.js');
    const handle = await engine.startServer({ dataDir: engine.resolveDataDir(dataDir) });
    engineUrl = handle.url;
    appTokenFile = handle.bootstrap.appTokenFile;
    closeInProcess = () => handle.close();
    return;
  }
  const node = process.env.npm_node_execpath ?? process.env.NODE ?? 'node';
  const args = [join(here, '..', '..', 'bin', 'docdesk.js'), 'serve', '--port', '0', '--json', ...(dataDir ? ['--data-dir', dataDir] : [])];
  child = spawn(node, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child!.stdout! }).once('line', resolve);
    child!.once('exit', (code) => reject(new Error(`engine exited with code ${code}`)));
  });
  const info = JSON.parse(line) as { listening: string; app_token_file: string };
  engineUrl = info.listening;
  appTokenFile = info.app_token_file;
}

function createWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 840,
    title: 'Docdesk',
    webPreferences: {
      preload: join(here, 'preload.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    },
  });
  // Navigation stays inside the app; external links open in the system browser.
  win.webContents.on('will-navigate', (event, url) => {
    if (!url.startsWith(engineUrl)) event.preventDefault();
  });
  win.webContents.setWindowOpenHandler(({ url }) => {
    if (/^https?:\/\//.test(url) && !url.startsWith(engineUrl)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  void win.loadURL(`${engineUrl}/`);
  return win;
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    const [win] = BrowserWindow.getAllWindows();
    if (win) {
      if (win.isMinimized()) win.restore();
      win.focus();
    }
  });
  ipcMain.handle('docdesk:app-token', () => readFileSync(appTokenFile, 'utf8').trim());
  ipcMain.handle('docdesk:engine-url', () => engineUrl);
  app.whenReady().then(async () => {
    await startEngine();
    createWindow();
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) createWindow();
    });
  }).catch((err: unknown) => {
    console.error('Docdesk could not start its engine:', err);
    app.exit(1);
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('before-quit', () => {
    child?.kill('SIGTERM');
    void closeInProcess?.();
  });
}
