// Secrets at rest: sealed with a key from a 0600 key file (headless) or wrapped by the
// desktop keychain; plain values of older versions are sealed at start; a database copy
// alone reveals nothing.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { loadSecretKey, SecretBox, SecretKeyUnavailable, type KeyProtector } from '../../../engine/config/secrets.js';
import { openEngineContext } from '../../../engine/context.js';
import { addEndpoint, listEndpoints, sealPlainSecrets } from '../../../engine/webhooks/endpoints.js';
import { getAiSettings, sealPlainApiKey, setAiSettings, validateSettings, AI_SETTINGS_KEY } from '../../../engine/extract/ai/settings.js';
import { getSetting, setSetting } from '../../../engine/store/settings.js';
import { safeStorageProtector, type SafeStorageLike } from '../../../main/key-protection.js';

const temp = () => mkdtempSync(join(tmpdir(), 'docdesk-secrets-'));

/** A stand-in for Electron's safeStorage: XOR with a machine secret the data folder lacks. */
function fakeSafeStorage(backend = 'gnome_libsecret'): SafeStorageLike {
  const pad = Buffer.from('keychain-of-this-user-0123456789abcdef');
  const xor = (b: Buffer) => Buffer.from(b.map((v, i) => v ^ pad[i % pad.length]!));
  return { isEncryptionAvailable: () => true, encryptString: (s) => xor(Buffer.from(s, 'utf8')), decryptString: (b) => xor(b).toString('utf8'), getSelectedStorageBackend: () => backend };
}

describe('secret box', () => {
  it('seals with AES-GCM, opens, rejects tampering, and passes legacy plain values through', () => {
    const root = temp();
    const box = new SecretBox(() => loadSecretKey(root));
    const sealed = box.seal('whsec_abc');
    assert.match(sealed, /^enc:v1:[0-9a-f]{8}:/);
    assert.notEqual(box.seal('whsec_abc'), sealed, 'a fresh IV each time');
    assert.equal(box.open(sealed), 'whsec_abc');
    assert.equal(box.open('whsec_plain_from_older_version'), 'whsec_plain_from_older_version');
    // Flip one bit of the ciphertext itself: editing base64url characters may only touch padding bits.
    const head = sealed.slice(0, sealed.lastIndexOf(':') + 1);
    const raw = Buffer.from(sealed.slice(head.length), 'base64url');
    raw[raw.length - 1] ^= 0x01;
    const tampered = head + raw.toString('base64url');
    assert.throws(() => box.open(tampered));
    assert.equal(statSync(join(root, 'secret.key')).mode & 0o777, 0o600);
    rmSync(root, { recursive: true, force: true });
  });

  it('with the desktop keychain the key file holds only the wrapped key; without the keychain it cannot be opened', () => {
    const root = temp();
    const headless = loadSecretKey(root);
    const protector = safeStorageProtector(fakeSafeStorage(), 'linux')!;
    // The first desktop start wraps the existing key: same key, no longer in the file.
    assert.deepEqual(loadSecretKey(root, { keyProtector: protector }), headless);
    const file = JSON.parse(readFileSync(join(root, 'secret.key'), 'utf8'));
    assert.equal(file.protection, 'electron-safeStorage');
    assert.notEqual(Buffer.from(file.key, 'base64').toString('base64'), headless.toString('base64'));
    assert.ok(!readFileSync(join(root, 'secret.key'), 'utf8').includes(headless.toString('base64')));
    assert.throws(() => loadSecretKey(root), SecretKeyUnavailable);
    // The desktop shell can hand the unwrapped key to its engine process.
    assert.deepEqual(loadSecretKey(root, { secretKey: headless }), headless);
    rmSync(root, { recursive: true, force: true });
  });

  it('does not use Electron\'s fixed-password fallback on Linux, nor an unavailable keychain', () => {
    assert.equal(safeStorageProtector(fakeSafeStorage('basic_text'), 'linux'), null);
    assert.equal(safeStorageProtector({ ...fakeSafeStorage(), isEncryptionAvailable: () => false }, 'darwin'), null);
    assert.ok(safeStorageProtector(fakeSafeStorage(), 'darwin'));
  });
});

describe('stored secrets', () => {
  it('webhook signing secrets and the AI API key are sealed in the database, and plain ones from older versions get sealed', async () => {
    const root = temp();
    const engine = await openEngineContext(root);
    const { account } = await engine.accounts.createAccount({ name: 'A' });
    const endpoint = await addEndpoint(engine.db, account.id, 'http://127.0.0.1:9/hook', ['document.completed']);
    assert.match(endpoint.secret, /^whsec_/);
    await setAiSettings(engine.db, validateSettings({ base_url: 'http://127.0.0.1:9/v1', model: 'm', api_key: 'sk-very-secret' }));
    // An older version's plain values.
    await engine.db.insertInto('webhook_endpoints').values({ account_id: account.id, url: 'http://127.0.0.1:9/old', secret: 'whsec_oldplain', events: '["document.completed"]', active: 1, created_at: 'x', updated_at: 'x' }).execute();
    assert.equal(await sealPlainSecrets(engine.db), 1);
    assert.equal((await listEndpoints(engine.db)).find((e) => e.url.endsWith('/old'))!.secret, 'whsec_oldplain');
    const raw = JSON.parse((await getSetting(engine.db, AI_SETTINGS_KEY))!);
    raw.api_key = 'sk-old-plain';
    await setSetting(engine.db, AI_SETTINGS_KEY, JSON.stringify(raw));
    assert.equal(await sealPlainApiKey(engine.db), true);
    assert.equal((await getAiSettings(engine.db))!.api_key, 'sk-old-plain');
    await engine.close();

    // What a copy of the database shows: no secret in any row.
    const db = new Database(join(root, 'docdesk.sqlite'), { readonly: true });
    const dump = JSON.stringify([db.prepare('SELECT * FROM webhook_endpoints').all(), db.prepare('SELECT * FROM settings').all()]);
    db.close();
    for (const secret of [endpoint.secret, 'whsec_oldplain', 'sk-very-secret', 'sk-old-plain']) assert.ok(!dump.includes(secret), `${secret} is in the database`);
    rmSync(root, { recursive: true, force: true });
  });
});
