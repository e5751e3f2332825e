// Window options and the navigation guard of the desk window, kept free of Electron
// imports so they are tested without an Electron binary (test/main/window.test.ts).
import type { BrowserWindowConstructorOptions } from 'electron';

export function windowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 840,
    minWidth: 900,
    minHeight: 600,
    title: 'Docdesk',
    show: false,
    webPreferences: {
      preload: preloadPath,
      // Electron's security checklist: the page gets no Node, runs isolated from the
      // preload, in the OS sandbox, and cannot turn those off.
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      webviewTag: false,
    },
  };
}

/** Only the engine's own origin may be shown in the window. */
export function isAppUrl(url: string, engineUrl: string): boolean {
  try {
    return new URL(url).origin === new URL(engineUrl).origin;
  } catch {
    return false;
  }
}

/** Where a link that tries to leave the app goes: http(s) to the system browser, else nowhere. */
export function externalTarget(url: string, engineUrl: string): string | null {
  if (isAppUrl(url, engineUrl)) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}

/** Permissions the desk may use (notifications and clipboard writes for "copy"); all else is denied. */
export function permissionAllowed(permission: string, requestingUrl: string, engineUrl: string): boolean {
  return isAppUrl(requestingUrl, engineUrl) && ['notifications', 'clipboard-sanitized-write'].includes(permission);
}
