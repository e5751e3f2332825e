import { readFileSync } from 'node:fs';

// package.json sits two levels above the compiled file (dist/engine/version.js) and one
// above the source; look in both places so tests and the packaged app agree.
function readVersion(): string {
  for (const rel of ['../../package.json', '../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(rel, import.meta.url), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'docdesk' && pkg.version) return pkg.version;
    } catch {
      /* try the next candidate */
    }
  }
  return '0.0.0';
}

export const DOCDESK_VERSION = readVersion();
