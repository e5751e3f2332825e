// The Electron checklist re-checked for issue 15: IPC only for the desk page itself (never a
// sandboxed artefact on the engine's URL), and the shell's CSP never replaces the stricter
// policy of a stored artefact.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DESK_CSP } from '../../engine/api/csp.js';
import { ARTEFACT_CSP } from '../../engine/api/stored-bytes.js';
import { ipcAllowed, withDeskCsp } from '../../main/window.js';

const ENGINE = 'http://127.0.0.1:41234';

describe('shell surface', () => {
  it('answers IPC only for a frame whose origin is the engine (not an opaque sandboxed artefact)', () => {
    assert.equal(ipcAllowed(`${ENGINE}/documents/3`, ENGINE, ENGINE), true);
    assert.equal(ipcAllowed(`${ENGINE}/api/v1/previews/7`, 'null', ENGINE), false, 'sandboxed preview');
    assert.equal(ipcAllowed(`${ENGINE}/`, undefined, ENGINE), false);
    assert.equal(ipcAllowed('https://evil.example/', 'https://evil.example', ENGINE), false);
    assert.equal(ipcAllowed('https://evil.example/', ENGINE, ENGINE), false);
  });

  it('adds the desk CSP only where an engine page came without one', () => {
    const bare = withDeskCsp({ 'Content-Type': ['text/html'] }, `${ENGINE}/`, 'mainFrame', ENGINE, DESK_CSP);
    assert.deepEqual(bare['Content-Security-Policy'], [DESK_CSP]);
    const artefact = withDeskCsp({ 'content-security-policy': [ARTEFACT_CSP] }, `${ENGINE}/api/v1/previews/1`, 'mainFrame', ENGINE, DESK_CSP);
    assert.deepEqual(artefact, { 'content-security-policy': [ARTEFACT_CSP] });
    const elsewhere = withDeskCsp({}, 'https://example.org/', 'mainFrame', ENGINE, DESK_CSP);
    assert.deepEqual(elsewhere, {});
  });
});
