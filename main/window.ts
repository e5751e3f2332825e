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

/**
 * IPC is answered only for the desk page itself: a frame on the engine's URL whose origin is
 * the engine's origin. A stored artefact opened in the window runs sandboxed (CSP
 * `sandbox`), so its origin is opaque ("null") even though its URL is the engine's.
 */
export function ipcAllowed(frameUrl: string, frameOrigin: string | undefined, engineUrl: string): boolean {
  if (!isAppUrl(frameUrl, engineUrl)) return false;
  try {
    return frameOrigin === new URL(engineUrl).origin;
  } catch {
    return false;
  }
}

/**
 * The shell adds the desk's CSP to engine pages that come without one; a response that
 * brings its own policy keeps it (the desk page sends the same one, a stored artefact its
 * stricter sandbox policy, which the desk policy must not replace).
 */
export function withDeskCsp(headers: Record<string, string | string[]>, url: string, resourceType: string, engineUrl: string, deskCsp: string): Record<string, string | string[]> {
  if (resourceType !== 'mainFrame' || !isAppUrl(url, engineUrl)) return headers;
  if (Object.keys(headers).some((k) => k.toLowerCase() === 'content-security-policy')) return headers;
  return { ...headers, 'Content-Security-Policy': [deskCsp] };
}
