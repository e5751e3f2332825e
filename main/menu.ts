// The native menu as data: File (Open…, recent documents), Edit, View (zoom), Help (About
// with versions, keyboard shortcuts). Built without Electron so it is tested as data.
import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  openFiles(): void;
  openFolder(): void;
  openRecent(path: string): void;
  clearRecent(): void;
  showShortcuts(): void;
  showAbout(): void;
  quit(): void;
}

export function menuTemplate(actions: MenuActions, recent: string[], platform: NodeJS.Platform): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  const recentItems: MenuItemConstructorOptions[] = recent.length
    ? [...recent.map((path) => ({ label: path, click: () => actions.openRecent(path) })), { type: 'separator' as const }, { label: 'Clear Recent', click: actions.clearRecent }]
    : [{ label: 'No recent documents', enabled: false }];
  return [
    ...(mac ? [{ role: 'appMenu' as const }] : []),
    {
      label: '&File',
      submenu: [
        { label: 'Open…', accelerator: 'CmdOrCtrl+O', click: actions.openFiles },
        { label: 'Open Folder…', accelerator: 'CmdOrCtrl+Shift+O', click: actions.openFolder },
        { label: 'Open Recent', submenu: recentItems },
        { type: 'separator' },
        mac ? { role: 'close' } : { label: 'Quit', accelerator: 'CmdOrCtrl+Q', click: actions.quit },
      ],
    },
    { role: 'editMenu' },
    {
      label: '&View',
      submenu: [
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
        { role: 'reload' },
        { role: 'toggleDevTools' },
      ],
    },
    {
      label: '&Help',
      submenu: [
        { label: 'Keyboard Shortcuts', accelerator: 'Shift+/', click: actions.showShortcuts },
        { label: 'About Docdesk', click: actions.showAbout },
      ],
    },
  ];
}

export function aboutText(versions: { docdesk: string; electron: string; chrome: string; node: string }): string {
  return `Docdesk ${versions.docdesk}\nElectron ${versions.electron}\nChromium ${versions.chrome}\nNode.js ${versions.node}\n\nEverything stays on this computer.`;
}
