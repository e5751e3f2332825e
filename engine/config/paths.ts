// Where Docdesk keeps its data: the OS's per-user app-data folder unless overridden by
// --data-dir or DOCDESK_DATA_DIR. The Electron shell and `docdesk serve` share this rule.
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Docdesk');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Docdesk');
  return join(env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'), 'docdesk');
}

export function resolveDataDir(explicit?: string, env: NodeJS.ProcessEnv = process.env): string {
  return resolve(explicit ?? env.DOCDESK_DATA_DIR ?? defaultDataDir(env));
}

export interface DataLayout {
  root: string;
  database: string;
  originals: string;
  artefacts: string;
  tmp: string;
  appTokenFile: string;
}

export function dataLayout(root: string): DataLayout {
  return {
    root,
    database: join(root, 'docdesk.sqlite'),
    originals: join(root, 'files', 'originals'),
    artefacts: join(root, 'files', 'artefacts'),
    tmp: join(root, 'tmp'),
    appTokenFile: join(root, 'app-token.txt'),
  };
}
