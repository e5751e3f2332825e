// `docdesk import`, run as a real process on a real data folder: a folder of 50 mixed files
// imported and processed, then imported again (nothing new), the failure exit code, and a
// second account's token from DOCDESK_TOKEN.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, createAccountWithToken, REPO_ROOT, removeDir, tempDataDir } from '../../helpers/server.js';
import { makeCorruptImage, makeEmpty } from '../../helpers/fixtures.js';
import { pdfBytes } from '../../api/support.js';
import { mixedFolder, readDb } from './support.js';

const BIN = join(REPO_ROOT, 'bin', 'docdesk.js');

function runImport(dataDir: string, args: string[], env: Record<string, string> = {}) {
  const res = spawnSync(process.execPath, [BIN, 'import', ...args, '--data-dir', dataDir], { encoding: 'utf8', env: { ...process.env, DOCDESK_WORKERS: '2', ...env }, timeout: 300_000 });
  return { status: res.status, stdout: res.stdout, stderr: res.stderr, json: args.includes('--json') ? JSON.parse(res.stdout.trim().split('\n').pop()!) : null };
}

describe('docdesk import', () => {
  let dataDir: string;
  let inbox: string;
  let expected: { files: number; documents: number };
  before(async () => {
    dataDir = tempDataDir();
    inbox = tempDataDir('docdesk-inbox-');
    expected = await mixedFolder(inbox);
  });
  after(() => {
    removeDir(dataDir);
    removeDir(inbox);
  });

  it('imports a folder of 50 mixed files (mbox split into messages), processes them with --wait, and a second run imports nothing', () => {
    assert.equal(expected.files, 50);
    const first = runImport(dataDir, [inbox, '--mode', 'thumbnail', '--wait', '--json']);
    assert.equal(first.status, 0, first.stderr);
    assert.equal(first.json.imported, expected.documents);
    assert.equal(first.json.skipped, 0);
    assert.equal(first.json.failed, 0);
    assert.equal(first.json.processing, 'this process');
    assert.equal(first.json.documents.length, expected.documents);
    assert.ok(first.json.documents.every((d: any) => d.document_status === 'completed'), JSON.stringify(first.json.documents.filter((d: any) => d.document_status !== 'completed')));
    assert.ok(first.json.documents.some((d: any) => d.path.endsWith('export.mbox#3') && d.filename === 'export-0003.eml'));
    assert.ok(!first.json.documents.some((d: any) => /DS_Store|Thumbs\.db/.test(d.path)), 'OS litter is not imported');

    const second = runImport(dataDir, [inbox, '--mode', 'thumbnail', '--json']);
    assert.equal(second.status, 0, second.stderr);
    assert.equal(second.json.imported, 0);
    assert.equal(second.json.skipped, expected.documents);
    assert.deepEqual(
      second.json.documents.map((d: any) => d.document_id).sort(),
      first.json.documents.map((d: any) => d.document_id).sort(),
      'the re-run points at the same documents',
    );
    const counts = readDb(dataDir, (db) => db.prepare("SELECT COUNT(*) AS n, SUM(origin = 'api') AS api FROM documents").get() as { n: number; api: number });
    assert.equal(counts.n, expected.documents, 'no document was created twice');
    assert.equal(counts.api, expected.documents);
    // The mbox's quoted ">From " line is unquoted in the message.
    const body = readDb(dataDir, (db) => db.prepare("SELECT blob_path FROM documents WHERE filename = 'export-0001.eml'").get() as { blob_path: string });
    assert.ok(body.blob_path);
  });

  it('prints plain progress lines when stderr is not a terminal', () => {
    const extra = tempDataDir('docdesk-inbox-');
    try {
      writeFileSync(join(extra, 'a.pdf'), pdfBytes(1, 'plain progress a'));
      writeFileSync(join(extra, 'b.pdf'), pdfBytes(1, 'plain progress b'));
      const res = runImport(dataDir, [extra, '--mode', 'thumbnail']);
      assert.equal(res.status, 0, res.stderr);
      // Uploads run concurrently: one line per file in completion order, the counter
      // counting completed files, so either file may be (1/2).
      const lines = res.stderr.split('\n').filter((l) => /^imported\s/.test(l));
      assert.equal(lines.length, 2, res.stderr);
      const counters = lines.map((l) => /^imported\s+\S+[ab]\.pdf document \d+ \((\d)\/2\)$/.exec(l)?.[1]);
      assert.deepEqual(counters, ['1', '2'], res.stderr);
      assert.deepEqual(lines.map((l) => /([ab])\.pdf /.exec(l)?.[1]).sort(), ['a', 'b'], res.stderr);
      assert.match(res.stdout, /2\/2 files · imported 2 · skipped 0 · failed 0 · [\d.]+ files\/s/);
    } finally {
      removeDir(extra);
    }
  });

  it('exits non-zero when a file is refused or a document fails processing, and reports both', async () => {
    const bad = tempDataDir('docdesk-inbox-');
    try {
      await makeEmpty(bad, 'empty.pdf');
      await makeCorruptImage(bad, 'corrupt.png');
      writeFileSync(join(bad, 'fine.pdf'), pdfBytes(1, 'the fine one'));
      const res = runImport(dataDir, [bad, '--mode', 'thumbnail', '--wait', '--json']);
      assert.equal(res.status, 1, res.stderr);
      const byName = Object.fromEntries(res.json.documents.map((d: any) => [d.filename, d]));
      assert.equal(byName['empty.pdf'].status, 'failed');
      assert.equal(byName['empty.pdf'].reason, 'validation_failed');
      assert.equal(byName['empty.pdf'].document_id, null);
      assert.equal(byName['fine.pdf'].document_status, 'completed');
      assert.equal(byName['corrupt.png'].status, 'imported');
      assert.equal(byName['corrupt.png'].document_status, 'error');
      assert.equal(res.json.processing_failed, 1);
    } finally {
      removeDir(bad);
    }
  });

  it('imports into the account of DOCDESK_TOKEN, and refuses a token without documents:write', () => {
    const other = createAccountWithToken(dataDir, { name: 'Second desk', credits: 5 });
    const reader = cli(dataDir, ['token', 'create', '--account', String(other.accountId), '--mode', 'live', '--abilities', 'documents:read']);
    const folder = tempDataDir('docdesk-inbox-');
    try {
      mkdirSync(join(folder, 'x'));
      writeFileSync(join(folder, 'x', 'one.pdf'), pdfBytes(1, 'second account'));
      const res = runImport(dataDir, [folder, '--mode', 'thumbnail', '--json'], { DOCDESK_TOKEN: other.token });
      assert.equal(res.status, 0, res.stderr);
      const id = res.json.documents[0].document_id;
      const owner = readDb(dataDir, (db) => db.prepare('SELECT account_id FROM documents WHERE id = ?').get(id) as { account_id: number });
      assert.equal(owner.account_id, other.accountId);
      const refused = runImport(dataDir, [folder, '--json', '--token', reader.token]);
      assert.equal(refused.status, 1);
      assert.match(refused.stderr, /403 missing_ability/);
    } finally {
      removeDir(folder);
    }
  });
});
