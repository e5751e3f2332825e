// The Electron shell's decisions, tested without an Electron binary: window options
// (Electron's security checklist), the navigation guard, permissions, the CSP, the menu,
// the opened-files allowlist, recent files and the preload surface.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { createRequire, Module } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DESK_CSP } from '../../engine/api/csp.js';
import { aboutText, menuTemplate, type MenuActions } from '../../main/menu.js';
import { MAX_FILES_PER_OPEN, OpenedFiles, pathsFromArgv } from '../../main/opened-files.js';
import { RecentFiles } from '../../main/recent.js';
import { externalTarget, isAppUrl, permissionAllowed, windowOptions } from '../../main/window.js';
import { REPO_ROOT } from '../helpers/server.js';

const ENGINE = 'http://127.0.0.1:41234';

describe('window', () => {
  it('follows the security checklist', () => {
    const o = windowOptions('/app/main/preload.cjs');
    const w = o.webPreferences!;
    assert.equal(w.preload, '/app/main/preload.cjs');
    assert.equal(w.contextIsolation, true);
    assert.equal(w.sandbox, true);
    assert.equal(w.nodeIntegration, false);
    assert.equal(w.nodeIntegrationInWorker, false);
    assert.equal(w.nodeIntegrationInSubFrames, false);
    assert.equal(w.webSecurity, true);
    assert.equal(w.allowRunningInsecureContent, false);
    assert.equal(w.webviewTag, false);
    assert.equal(w.navigateOnDragDrop, false, 'a file dropped outside the drop zone must not replace the app');
  });

  it('keeps navigation on the engine origin and sends web links to the browser', () => {
    assert.equal(isAppUrl(`${ENGINE}/documents/3`, ENGINE), true);
    assert.equal(isAppUrl('http://127.0.0.1:41235/', ENGINE), false, 'another port is another origin');
    assert.equal(isAppUrl('http://127.0.0.1:41234.evil.test/', ENGINE), false);
    assert.equal(isAppUrl('file:///etc/passwd', ENGINE), false);
    assert.equal(isAppUrl('not a url', ENGINE), false);
    assert.equal(externalTarget('https://docs.example.org/x', ENGINE), 'https://docs.example.org/x');
    assert.equal(externalTarget(`${ENGINE}/x`, ENGINE), null);
    assert.equal(externalTarget('file:///etc/passwd', ENGINE), null);
    assert.equal(externalTarget('javascript:alert(1)', ENGINE), null);
  });

  it('grants only notifications and clipboard writes, and only to the app', () => {
    assert.equal(permissionAllowed('notifications', `${ENGINE}/`, ENGINE), true);
    assert.equal(permissionAllowed('clipboard-sanitized-write', `${ENGINE}/`, ENGINE), true);
    for (const p of ['media', 'geolocation', 'openExternal', 'fullscreen', 'clipboard-read']) assert.equal(permissionAllowed(p, `${ENGINE}/`, ENGINE), false, p);
    assert.equal(permissionAllowed('notifications', 'https://elsewhere.example/', ENGINE), false);
  });

  it('enforces a CSP without inline script, remote origins or framing', () => {
    const directives = Object.fromEntries(DESK_CSP.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));
    assert.deepEqual(directives['default-src'], ["'self'"]);
    assert.deepEqual(directives['script-src'], ["'self'"]);
    assert.deepEqual(directives['object-src'], ["'none'"]);
    assert.deepEqual(directives['frame-ancestors'], ["'none'"]);
    assert.ok(!DESK_CSP.includes('unsafe-eval'));
    assert.ok(!/https?:/.test(DESK_CSP));
  });
});

describe('menu', () => {
  const calls: string[] = [];
  const actions: MenuActions = {
    openFiles: () => calls.push('openFiles'),
    openFolder: () => calls.push('openFolder'),
    openRecent: (p) => calls.push(`recent:${p}`),
    clearRecent: () => calls.push('clear'),
    showShortcuts: () => calls.push('shortcuts'),
    showAbout: () => calls.push('about'),
    quit: () => calls.push('quit'),
  };
  const find = (items: any[], label: string) => items.find((i) => i.label === label || i.label?.replace('&', '') === label);

  it('has File (Open…, Open Folder…, recent documents), Edit, View with zoom and Help', () => {
    const t = menuTemplate(actions, ['/home/c/a.pdf', '/home/c/b.xml'], 'linux') as any[];
    const file = find(t, 'File');
    find(file.submenu, 'Open…').click();
    find(file.submenu, 'Open Folder…').click();
    assert.equal(find(file.submenu, 'Open…').accelerator, 'CmdOrCtrl+O');
    const recent = find(file.submenu, 'Open Recent').submenu;
    assert.deepEqual(recent.slice(0, 2).map((i: any) => i.label), ['/home/c/a.pdf', '/home/c/b.xml']);
    recent[0].click();
    find(recent, 'Clear Recent').click();
    assert.ok(t.some((i) => i.role === 'editMenu'));
    const view = find(t, 'View').submenu.map((i: any) => i.role);
    for (const role of ['zoomIn', 'zoomOut', 'resetZoom']) assert.ok(view.includes(role), role);
    const help = find(t, 'Help').submenu;
    find(help, 'About Docdesk').click();
    find(help, 'Keyboard Shortcuts').click();
    assert.deepEqual(calls, ['openFiles', 'openFolder', 'recent:/home/c/a.pdf', 'clear', 'about', 'shortcuts']);
    assert.ok(!t.some((i) => i.role === 'appMenu'), 'the app menu is macOS only');
    assert.ok(menuTemplate(actions, [], 'darwin').some((i) => i.role === 'appMenu'));
    assert.equal(find(find(menuTemplate(actions, [], 'linux') as any[], 'File').submenu, 'Open Recent').submenu[0].enabled, false);
  });

  it('shows every version in About', () => {
    const text = aboutText({ docdesk: '0.1.0', electron: '39.1.0', chrome: '142.0', node: '22.20.0' });
    for (const v of ['Docdesk 0.1.0', 'Electron 39.1.0', 'Chromium 142.0', 'Node.js 22.20.0']) assert.ok(text.includes(v), v);
  });
});

describe('opened files', () => {
  it('expands folders, skips hidden entries, caps the count and allows reading only what was opened', () => {
    const dir = mkdtempSync(join(tmpdir(), 'docdesk-open-'));
    try {
      mkdirSync(join(dir, 'sub'));
      mkdirSync(join(dir, '.git'));
      writeFileSync(join(dir, 'a.pdf'), 'x');
      writeFileSync(join(dir, 'sub', 'b.png'), 'yy');
      writeFileSync(join(dir, '.hidden.pdf'), 'z');
      writeFileSync(join(dir, '.git', 'c.pdf'), 'z');
      const opened = new OpenedFiles();
      const files = opened.admit([dir, join(dir, 'missing.pdf')]);
      assert.deepEqual(files.map((f) => [f.name, f.size]), [['a.pdf', 1], ['b.png', 2]]);
      assert.equal(opened.isAllowed(join(dir, 'a.pdf')), true);
      assert.equal(opened.isAllowed(join(dir, '.hidden.pdf')), false);
      assert.equal(opened.isAllowed('/etc/passwd'), false);

      const many = join(dir, 'many');
      mkdirSync(many);
      for (let i = 0; i < MAX_FILES_PER_OPEN + 5; i++) writeFileSync(join(many, `f${String(i).padStart(4, '0')}.pdf`), '');
      assert.equal(new OpenedFiles().admit([many]).length, MAX_FILES_PER_OPEN);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads paths from a second launch', () => {
    assert.deepEqual(pathsFromArgv(['/opt/Docdesk/docdesk', '--no-sandbox', 'inbox/a.pdf', '/tmp/b.xml'], '/home/c'), ['/home/c/inbox/a.pdf', '/tmp/b.xml']);
    assert.deepEqual(pathsFromArgv(['electron', '/app/dist/main/main.js'], '/'), []);
  });

  it('remembers ten recent files, newest first, and survives a corrupt file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'docdesk-recent-'));
    try {
      const recent = new RecentFiles(join(dir, 'recent.json'));
      assert.deepEqual(recent.list(), []);
      for (let i = 0; i < 12; i++) recent.add([`/f${i}.pdf`]);
      assert.equal(recent.list().length, 10);
      assert.equal(recent.list()[0], '/f11.pdf');
      recent.add(['/f5.pdf']);
      assert.equal(recent.list()[0], '/f5.pdf');
      assert.equal(recent.list().filter((p) => p === '/f5.pdf').length, 1);
      writeFileSync(join(dir, 'recent.json'), '{broken');
      assert.deepEqual(recent.list(), []);
      recent.clear();
      assert.deepEqual(recent.list(), []);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('preload', () => {
  it('exposes exactly the narrow API, each call on its own channel', async () => {
    const exposed: Record<string, any> = {};
    const invoked: unknown[][] = [];
    const listeners = new Map<string, (...a: unknown[]) => void>();
    // Electron's modules do not exist outside Electron: the preload runs against a
    // recording stand-in of contextBridge/ipcRenderer, which is all it touches.
    const fakeElectron = {
      contextBridge: { exposeInMainWorld: (key: string, api: object) => (exposed[key] = api) },
      ipcRenderer: {
        invoke: async (...args: unknown[]) => invoked.push(args),
        on: (ch: string, l: (...a: unknown[]) => void) => listeners.set(ch, l),
        removeListener: (ch: string) => listeners.delete(ch),
      },
    };
    const require = createRequire(import.meta.url);
    const M = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
    const original = M._load;
    M._load = (request, ...rest) => (request === 'electron' ? fakeElectron : original(request, ...rest));
    try {
      require(join(REPO_ROOT, 'main', 'preload.cjs'));
    } finally {
      M._load = original;
    }
    assert.deepEqual(Object.keys(exposed), ['docdesk']);
    const api = exposed.docdesk;
    assert.deepEqual(Object.keys(api).sort(), ['appToken', 'engineUrl', 'notify', 'onOpenFiles', 'onShowShortcuts', 'openFilesDialog', 'readOpenedFile']);
    await api.appToken();
    await api.engineUrl();
    await api.openFilesDialog('folder');
    await api.openFilesDialog('anything-else');
    await api.readOpenedFile('/tmp/a.pdf');
    await api.notify('Done', '5 documents');
    assert.deepEqual(invoked, [
      ['docdesk:app-token'],
      ['docdesk:engine-url'],
      ['docdesk:open-dialog', 'folder'],
      ['docdesk:open-dialog', 'files'],
      ['docdesk:read-opened-file', '/tmp/a.pdf'],
      ['docdesk:notify', 'Done', '5 documents'],
    ]);
    const got: unknown[] = [];
    const off = api.onOpenFiles((files: unknown) => got.push(files));
    listeners.get('docdesk:open-files')!({}, [{ path: '/a.pdf', name: 'a.pdf', size: 1 }]);
    assert.deepEqual(got, [[{ path: '/a.pdf', name: 'a.pdf', size: 1 }]]);
    off();
    assert.equal(listeners.has('docdesk:open-files'), false);
  });
});
