// The `docdesk` command line, run as a real process against a real data folder.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { cli, cliRaw, getJson, REPO_ROOT, removeDir, startServerProcess, tempDataDir, type ServerProcess } from '../../helpers/server.js';
import { testDatabaseEnv } from '../../helpers/database.js';

describe('docdesk CLI', () => {
  let dir: string;
  let server: ServerProcess;
  before(async () => {
    dir = tempDataDir();
    server = await startServerProcess({ dataDir: dir });
  });
  after(async () => {
    await server.stop();
    removeDir(dir);
  });

  it('serve prints exactly one line "listening on http://HOST:PORT"', async () => {
    const other = tempDataDir();
    const proc = spawn(process.execPath, [join(REPO_ROOT, 'bin', 'docdesk.js'), 'serve', '--data-dir', other, '--port', '0', '--host', '127.0.0.1'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...testDatabaseEnv(other) } });
    try {
      const line = await new Promise<string>((resolve) => createInterface({ input: proc.stdout! }).once('line', resolve));
      assert.match(line, /^listening on http:\/\/127\.0\.0\.1:\d+$/);
      const url = line.slice('listening on '.length);
      const home = await fetch(`${url}/`);
      assert.equal(home.status, 200);
    } finally {
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
      removeDir(other);
    }
  });

  it('first start created the default local account with credits and a working app token', async () => {
    const accounts = cli<any[]>(dir, ['account', 'list']);
    assert.equal(accounts[0].name, 'Local workspace');
    assert.equal(accounts[0].credits, 1000);
    const ping = await getJson(server.url, '/api/v1/ping', server.appToken);
    assert.deepEqual(ping.body, { status: true });
  });

  it('creates accounts with every option and lists them', () => {
    const acc = cli(dir, ['account', 'create', '--name', 'Acme GmbH', '--credits', '25', '--rate-profile', 'trusted', '--batch-lane', '--concurrency', '3']);
    assert.equal(acc.name, 'Acme GmbH');
    assert.equal(acc.rate_limit_profile, 'trusted');
    assert.equal(acc.batch_lane_eligible, true);
    assert.equal(acc.concurrent_standard_limit, 3);
    const listed = cli<any[]>(dir, ['account', 'list']).find((a) => a.id === acc.id);
    assert.equal(listed.credits, 25);
    const human = cliRaw(dir, ['account', 'list']);
    assert.equal(human.status, 0);
    assert.match(human.stdout, /Acme GmbH\s+active\s+trusted/);
  });

  it('rejects bad options with a usage error (exit 2)', () => {
    assert.equal(cliRaw(dir, ['account', 'create']).status, 2);
    assert.equal(cliRaw(dir, ['account', 'create', '--name', 'x', '--concurrency', 'many']).status, 2);
    assert.equal(cliRaw(dir, ['token', 'create', '--account', '1', '--mode', 'prod', '--abilities', 'documents:read']).status, 2);
    assert.equal(cliRaw(dir, ['frobnicate']).status, 2);
    const badProfile = cliRaw(dir, ['account', 'create', '--name', 'x', '--rate-profile', 'gold']);
    assert.equal(badProfile.status, 1);
    assert.match(badProfile.stderr, /unknown rate-limit profile gold/);
    const badAbility = cliRaw(dir, ['token', 'create', '--account', '1', '--mode', 'live', '--abilities', 'documents:admin']);
    assert.match(badAbility.stderr, /unknown abilities: documents:admin/);
  });

  it('creates a token shown once, lists it without the secret, and revokes it while the server runs', async () => {
    const acc = cli(dir, ['account', 'create', '--name', 'Tokens Inc']);
    const created = cli(dir, ['token', 'create', '--account', String(acc.id), '--mode', 'test', '--abilities', 'documents:read,documents:write']);
    assert.match(created.token, /^dd_test_/);
    assert.deepEqual(created.abilities, ['documents:read', 'documents:write']);
    const listed = cli<any[]>(dir, ['token', 'list', '--account', String(acc.id)]);
    assert.equal(listed.length, 1);
    assert.equal(JSON.stringify(listed).includes(created.token), false, 'the secret is never listed');
    assert.equal(listed[0].last_used_at, null);

    assert.equal((await getJson(server.url, '/api/v1/ping', created.token)).status, 200);
    const used = cli<any[]>(dir, ['token', 'list', '--account', String(acc.id)]);
    assert.notEqual(used[0].last_used_at, null, 'last-used time is recorded');

    const revoked = cli(dir, ['token', 'revoke', String(created.id)]);
    assert.notEqual(revoked.revoked_at, null);
    assert.equal((await getJson(server.url, '/api/v1/ping', created.token)).status, 401);
  });

  it('suspends and resumes an account while the server runs', async () => {
    const acc = cli(dir, ['account', 'create', '--name', 'Suspended AG']);
    const tok = cli(dir, ['token', 'create', '--account', String(acc.id), '--mode', 'live', '--abilities', 'documents:read,documents:write']);
    assert.equal(cli(dir, ['account', 'suspend', String(acc.id)]).status, 'suspended');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF\n'))]), 'a.pdf');
    form.append('processing_mode', 'thumbnail');
    const res = await fetch(`${server.url}/api/v1/documents`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${tok.token}`, 'Idempotency-Key': 'suspended-1' } });
    assert.equal(res.status, 403);
    assert.equal(((await res.json()) as any).code, 'account_suspended');
    assert.equal((await getJson(server.url, '/api/v1/documents', tok.token)).status, 200, 'reads still work');
    assert.equal(cli(dir, ['account', 'resume', String(acc.id)]).status, 'active');
  });

  it('grants credits and shows the ledger', () => {
    const acc = cli(dir, ['account', 'create', '--name', 'Ledger GmbH', '--credits', '5']);
    const granted = cli(dir, ['credits', 'grant', '--account', String(acc.id), '--amount', '7']);
    assert.equal(granted.balance, 12);
    const shown = cli(dir, ['credits', 'show', '--account', String(acc.id)]);
    assert.equal(shown.balance, 12);
    assert.deepEqual(shown.ledger.map((e: any) => [e.kind, e.amount]), [['grant', 5], ['grant', 7]]);
  });

  it('refuses a second server on the same data folder with a clear message', () => {
    const second = cliRaw(dir, ['serve', '--port', '0']);
    assert.equal(second.status, 3);
    assert.match(second.stderr, /already using the data folder/);
  });
});
