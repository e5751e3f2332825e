// The Electron shell: one window around the engine's desk UI. Kept thin on purpose; every
// rule of the product lives in engine/, every decision of the shell in the small modules
// beside this file (window, menu, opened files, recent files), which are tested without
// Electron. In a packaged app the engine runs in-process (native modules are rebuilt for
// Electron by electron-builder); in a development checkout the native modules are built
// for Node, so the engine runs as a Node child process.
import { app, BrowserWindow, dialog, ipcMain, Menu, Notification, safeStorage, session, shell, type IpcMainInvokeEvent } from 'electron';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { DESK_CSP } from '../engine/api/csp.js';
import { resolveDataDir } from '../engine/config/paths.js';
import { loadSecretKey } from '../engine/config/secrets.js';
import { safeStorageProtector } from './key-protection.js';
import { aboutText, menuTemplate } from './menu.js';
import { OpenedFiles, pathsFromArgv, type OpenedFile } from './opened-files.js';
import { RecentFiles } from './recent.js';
import { externalTarget, ipcAllowed, isAppUrl, permissionAllowed, windowOptions, withDeskCsp } from './window.js';

const here = fileURLToPath(new URL('.', import.meta.url));

let engineUrl = '';
let appTokenFile = '';
let child: ChildProcess | null = null;
let closeInProcess: (() => Promise<void>) | null = null;
let win: BrowserWindow | null = null;
const opened = new OpenedFiles();
let recent: RecentFiles;
// Paths that arrive before the window can take them (macOS open-file at launch).
let pendingFiles: OpenedFile[] = [];

async function startEngine(): Promise<void> {
  const dataDir = process.env.DOCDESK_DATA_DIR;
  // Secrets at rest are keyed through the OS keychain (docs/security.md).
  const keyProtector = safeStorageProtector(safeStorage);
  if (app.isPackaged) {
    const engine = await import('../engine/index.js');
    const handle = await engine.startServer({ dataDir: engine.resolveDataDir(dataDir), keys: { keyProtector } });
    engineUrl = handle.url;
    appTokenFile = handle.bootstrap.appTokenFile;
    closeInProcess = () => handle.close();
    return;
  }
  const node = process.env.npm_node_execpath ?? process.env.NODE ?? 'node';
  const args = [join(here, '..', '..', 'bin', 'docdesk.js'), 'serve', '--port', '0', '--json', '--key-stdin', ...(dataDir ? ['--data-dir', dataDir] : [])];
  // The child cannot reach the keychain: the shell unwraps the data key and hands it over a pipe.
  const key = loadSecretKey(resolveDataDir(dataDir), { keyProtector });
  child = spawn(node, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin!.end(`${key.toString('base64')}\n`);
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child!.stdout! }).once('line', resolve);
    child!.once('exit', (code) => reject(new Error(`engine exited with code ${code}`)));
  });
  const info = JSON.parse(line) as { listening: string; app_token_file: string };
  engineUrl = info.listening;
  appTokenFile = info.app_token_file;
}

/** Lets running steps reach a safe point; whatever is still running is retried at the next start. */
async function stopEngine(): Promise<void> {
  if (closeInProcess) await closeInProcess();
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child!.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

function deliver(files: OpenedFile[]): void {
  if (files.length === 0) return;
  setMenu(recent.add(files.map((f) => f.path)));
  for (const f of files) app.addRecentDocument(f.path);
  if (win && !win.webContents.isLoading()) {
    win.webContents.send('docdesk:open-files', files);
    if (win.isMinimized()) win.restore();
    win.focus();
  } else pendingFiles.push(...files);
}

async function openDialog(kind: 'files' | 'folder'): Promise<void> {
  const result = await dialog.showOpenDialog(win!, {
    title: kind === 'files' ? 'Open documents' : 'Open a folder of documents',
    properties: kind === 'files' ? ['openFile', 'multiSelections'] : ['openDirectory'],
  });
  if (!result.canceled) deliver(opened.admit(result.filePaths));
}

function setMenu(recentPaths: string[]): void {
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      menuTemplate(
        {
          openFiles: () => void openDialog('files'),
          openFolder: () => void openDialog('folder'),
          openRecent: (path) => deliver(opened.admit([path])),
          clearRecent: () => {
            recent.clear();
            app.clearRecentDocuments();
            setMenu([]);
          },
          showShortcuts: () => win?.webContents.send('docdesk:show-shortcuts'),
          showAbout: () =>
            void dialog.showMessageBox(win!, {
              type: 'info',
              title: 'About Docdesk',
              message: aboutText({ docdesk: app.getVersion(), electron: process.versions.electron ?? '', chrome: process.versions.chrome ?? '', node: process.versions.node }),
            }),
          quit: () => app.quit(),
        },
        recentPaths,
        process.platform,
      ),
    ),
  );
}

function createWindow(): BrowserWindow {
  // The preload stays plain CommonJS outside dist/ (sandboxed preloads cannot be ES modules).
  const w = new BrowserWindow(windowOptions(join(here, '..', '..', 'main', 'preload.cjs')));
  w.webContents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url, engineUrl)) event.preventDefault();
  });
  w.webContents.on('will-attach-webview', (event) => event.preventDefault());
  w.webContents.setWindowOpenHandler(({ url }) => {
    const target = externalTarget(url, engineUrl);
    if (target) void shell.openExternal(target);
    return { action: 'deny' };
  });
  w.once('ready-to-show', () => w.show());
  w.webContents.on('did-finish-load', () => {
    const files = pendingFiles;
    pendingFiles = [];
    if (files.length) w.webContents.send('docdesk:open-files', files);
  });
  void w.loadURL(`${engineUrl}/`);
  w.on('closed', () => (win = null));
  return w;
}

/** IPC is answered only for the desk's own page, never for anything else a frame might load. */
function fromApp(event: IpcMainInvokeEvent): boolean {
  return ipcAllowed(event.senderFrame?.url ?? '', event.senderFrame?.origin, engineUrl);
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', (_event, argv, cwd) => {
    deliver(opened.admit(pathsFromArgv(argv, cwd)));
    if (win) {
      if (win.isMinimized()) win.restore();
      win.focus();
    }
  });
  // macOS: files dropped on the dock icon or opened with Docdesk from Finder.
  app.on('open-file', (event, path) => {
    event.preventDefault();
    deliver(opened.admit([path]));
  });
  ipcMain.handle('docdesk:app-token', (e) => (fromApp(e) ? readFileSync(appTokenFile, 'utf8').trim() : null));
  ipcMain.handle('docdesk:engine-url', (e) => (fromApp(e) ? engineUrl : null));
  ipcMain.handle('docdesk:open-dialog', (e, kind: unknown) => (fromApp(e) ? openDialog(kind === 'folder' ? 'folder' : 'files') : undefined));
  ipcMain.handle('docdesk:read-opened-file', async (e, path: unknown) => {
    if (!fromApp(e) || typeof path !== 'string' || !opened.isAllowed(path)) throw new Error('this file was not opened through Docdesk');
    return new Uint8Array(await readFile(path));
  });
  ipcMain.handle('docdesk:notify', (e, title: unknown, body: unknown) => {
    if (fromApp(e) && Notification.isSupported() && typeof title === 'string' && typeof body === 'string') new Notification({ title: title.slice(0, 200), body: body.slice(0, 500) }).show();
  });

  app.whenReady().then(async () => {
    recent = new RecentFiles(join(app.getPath('userData'), 'recent-files.json'));
    setMenu(recent.list());
    await startEngine();
    // The engine sends the CSP with the page; the shell adds it where a page came without one.
    session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
      callback({ responseHeaders: withDeskCsp({ ...details.responseHeaders }, details.url, details.resourceType, engineUrl, DESK_CSP) });
    });
    session.defaultSession.setPermissionRequestHandler((wc, permission, callback) => callback(permissionAllowed(permission, wc.getURL(), engineUrl)));
    session.defaultSession.setPermissionCheckHandler((_wc, permission, origin) => permissionAllowed(permission, origin, engineUrl));
    deliver(opened.admit(pathsFromArgv(process.argv, process.cwd())));
    win = createWindow();
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) win = createWindow();
    });
  }).catch((err: unknown) => {
    console.error('Docdesk could not start its engine:', err);
    app.exit(1);
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  let stopping = false;
  app.on('before-quit', (event) => {
    if (stopping) return;
    stopping = true;
    event.preventDefault();
    void stopEngine().finally(() => app.exit(0));
  });
}
