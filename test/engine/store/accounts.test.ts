// The accounts, sessions and watch-folder repositories on whichever database this pass runs
// on, through two handles as two processes would hold them: a revocation, a suspension or an
// ended session written through one handle is refused by the other's cached authentication
// (SQLite data_version, Postgres notifications), a sign-in code is taken once, and a watched
// file version is recorded once.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AccountService } from '../../../engine/accounts/accounts.js';
import { consumeLoginCode, createLoginCode, createSession, endSession } from '../../../engine/accounts/sessions.js';
import { openDatabase, type OpenedDatabase } from '../../../engine/store/db.js';
import { accountFolders, deleteFolder, folderFileCounts, insertFolder, isFileRecorded, isFolderWatched, recentFolderFiles, recordFile } from '../../../engine/store/watch-folders.js';
import { nowTimestamp } from '../../../engine/store/time.js';
import { removeDir, tempDataDir } from '../../helpers/server.js';
import { TEST_ON_POSTGRES, testDatabaseTarget } from '../../helpers/database.js';

describe(`account repositories on ${TEST_ON_POSTGRES ? 'PostgreSQL' : 'SQLite'}`, () => {
  let dir: string;
  let a: OpenedDatabase;
  let b: OpenedDatabase;
  let server: AccountService; // the API process: caches resolved tokens
  let cli: AccountService; // another process changing them
  before(async () => {
    dir = tempDataDir();
    a = await openDatabase(testDatabaseTarget(dir));
    b = await openDatabase(testDatabaseTarget(dir));
    server = new AccountService(a.db, () => a.changeVersion());
    cli = new AccountService(b.db, () => b.changeVersion());
    // Postgres starts listening on first use and answers NaN (cache off) until it does.
    const listening = Date.now() + 5000;
    while (Number.isNaN(a.changeVersion()) && Date.now() < listening) await new Promise((r) => setTimeout(r, 10));
    assert.ok(!Number.isNaN(a.changeVersion()), 'the change version is known');
  });
  after(async () => {
    await a?.close();
    await b?.close();
    removeDir(dir);
  });

  /** Resolves once the server handle has seen another handle's commit (at once on SQLite). */
  async function changeSeen(before: number): Promise<void> {
    const deadline = Date.now() + 5000;
    while (a.changeVersion() === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    assert.notEqual(a.changeVersion(), before, 'the other handle\'s change moved the version');
  }

  /** Authenticates until the cache holds the token at a settled version (Postgres notifies after commit). */
  async function cached(token: string): Promise<void> {
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline) {
      assert.ok(await server.authenticate(token));
      if (server.cachedToken(token)) return;
      await new Promise((r) => setTimeout(r, 10));
    }
    assert.fail('the resolved token was never cached');
  }

  it('creates an account with its owner and lists tokens without their secret', async () => {
    const { account, ownerUserId } = await cli.createAccount({ name: 'Repo AG', concurrentStandardLimit: 2 });
    assert.equal(account.status, 'active');
    assert.equal(account.concurrent_standard_limit, 2);
    assert.equal(await cli.ownerUserId(account.id), ownerUserId);
    const { token, listing } = await cli.createToken({ accountId: account.id, mode: 'test', abilities: 'documents:read' });
    assert.equal(listing.user_id, ownerUserId);
    await cli.addAbilities(listing.id, ['documents:write', 'documents:read']);
    const [listed] = await cli.listTokens(account.id);
    assert.deepEqual(listed!.abilities, ['documents:read', 'documents:write']);
    assert.equal(JSON.stringify(await cli.listTokens()).includes(token), false);
    assert.deepEqual(await cli.listTokens(account.id + 1000), []);
    await assert.rejects(cli.getAccount(account.id + 1000), /no account/);
  });

  it('refuses a token revoked and an account suspended through another handle, though cached', async () => {
    const { account } = await cli.createAccount({ name: 'Cache GmbH' });
    const { token, listing } = await cli.createToken({ accountId: account.id, mode: 'live', abilities: 'documents:read' });
    await cached(token);

    let version = a.changeVersion();
    assert.equal((await cli.setStatus(account.id, 'suspended')).status, 'suspended');
    await changeSeen(version);
    assert.equal(server.cachedToken(token), undefined, 'the cache no longer answers');
    assert.equal((await server.authenticate(token))!.accountStatus, 'suspended');
    await cli.setStatus(account.id, 'active');

    await cached(token);
    version = a.changeVersion();
    await assert.rejects(cli.revokeToken(listing.id, account.id + 1000), /no token/, 'another account\'s token is not revoked');
    const revoked = await cli.revokeToken(listing.id, account.id);
    assert.notEqual(revoked.revoked_at, null);
    assert.equal((await cli.revokeToken(listing.id)).revoked_at, revoked.revoked_at, 'a second revocation keeps the first time');
    await changeSeen(version);
    assert.equal(server.cachedToken(token), undefined);
    assert.equal(await server.authenticate(token), null);
  });

  it('ends a desk session through another handle and takes a sign-in code once', async () => {
    const { account } = await cli.createAccount({ name: 'Session KG' });
    const { listing } = await cli.createToken({ accountId: account.id, mode: 'live', abilities: 'documents:read' });
    const { sessionId, expiresAt } = await createSession(b.db, listing.id);
    const auth = await server.authenticateSession(sessionId);
    assert.equal(auth?.tokenId, listing.id);
    assert.equal(auth?.sessionExpiresAt, expiresAt);
    const version = a.changeVersion();
    await endSession(b.db, sessionId);
    await changeSeen(version);
    assert.equal(await server.authenticateSession(sessionId), null);

    const code = await createLoginCode(b.db, listing.id);
    assert.equal(await consumeLoginCode(a.db, 'not-a-code'), null);
    const taken = await Promise.all([consumeLoginCode(a.db, code), consumeLoginCode(b.db, code)]);
    assert.deepEqual(taken.sort(), [listing.id, null], 'one of two concurrent takers gets the code');
  });

  it('records a watched file version once and keeps folders per account', async () => {
    const { account } = await cli.createAccount({ name: 'Watch eG' });
    const folder = await insertFolder(a.db, {
      account_id: account.id,
      token_id: null,
      path: '/srv/in',
      processing_mode: 'thumbnail',
      extraction_profile: null,
      pages: null,
      after_import: 'keep',
      done_folder: null,
      active: 1,
      last_scan_at: null,
      last_error: null,
      created_at: nowTimestamp(),
    });
    assert.equal(await isFolderWatched(a.db, account.id, '/srv/in'), true);
    assert.equal(await isFolderWatched(a.db, account.id + 1000, '/srv/in'), false);
    const key = `watch:${folder.id}`;
    const file = { folder_key: key, path: '/srv/in/a.pdf', size: 10, mtime_ms: 1_700_000_000_123, sha256: null, document_id: null, error: null };
    assert.equal(await isFileRecorded(a.db, key, file.path, file.size, file.mtime_ms), false);
    await recordFile(a.db, { ...file, status: 'imported' });
    await recordFile(b.db, { ...file, status: 'failed', error: 'late' });
    await recordFile(a.db, { ...file, path: '/srv/in/b.pdf', status: 'failed', error: 'unreadable' });
    assert.equal(await isFileRecorded(a.db, key, file.path, file.size, file.mtime_ms), true);
    assert.equal(await isFileRecorded(a.db, key, file.path, file.size + 1, file.mtime_ms), false, 'a changed file is a new version');
    const counts = Object.fromEntries((await folderFileCounts(a.db, key)).map((c) => [c.status, Number(c.n)]));
    assert.deepEqual(counts, { imported: 1, failed: 1 });
    assert.deepEqual((await recentFolderFiles(a.db, key, 10)).map((r) => [r.path, r.status, r.error]), [['/srv/in/b.pdf', 'failed', 'unreadable'], ['/srv/in/a.pdf', 'imported', null]]);
    assert.equal(await deleteFolder(a.db, folder.id, account.id + 1000), false, 'not another account\'s folder');
    assert.equal(await deleteFolder(a.db, folder.id, account.id), true);
    assert.deepEqual(await accountFolders(a.db, account.id), []);
  });
});
