import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { defaultDataDir, resolveDataDir } from '../../../engine/config/paths.js';

describe('data folder', () => {
  it('uses the per-user app-data folder of each OS', () => {
    assert.equal(defaultDataDir({}, 'linux'), join(homedir(), '.local', 'share', 'docdesk'));
    assert.equal(defaultDataDir({ XDG_DATA_HOME: '/x/data' }, 'linux'), join('/x/data', 'docdesk'));
    assert.equal(defaultDataDir({}, 'darwin'), join(homedir(), 'Library', 'Application Support', 'Docdesk'));
    assert.equal(defaultDataDir({ APPDATA: 'C:\\Users\\a\\AppData\\Roaming' }, 'win32'), join('C:\\Users\\a\\AppData\\Roaming', 'Docdesk'));
  });

  it('prefers --data-dir, then DOCDESK_DATA_DIR', () => {
    assert.equal(resolveDataDir('/explicit', { DOCDESK_DATA_DIR: '/env' }), resolve('/explicit'));
    assert.equal(resolveDataDir(undefined, { DOCDESK_DATA_DIR: '/env' }), resolve('/env'));
  });
});
