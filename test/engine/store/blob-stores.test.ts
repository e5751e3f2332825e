// The BlobStore contract, run against both implementations: the data folder, and an
// S3-compatible bucket served by a real s3rver process over HTTP (signed with our SigV4
// client, checked by the server).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { dataLayout } from '../../../engine/config/paths.js';
import { BlobNotFoundError, BlobStoreUnavailableError, type BlobStore } from '../../../engine/store/blobs.js';
import { LocalBlobStore } from '../../../engine/store/blobs-local.js';
import { S3BlobStore } from '../../../engine/store/blobs-s3.js';
import { blobSettings, BlobConfigError, createBlobStore } from '../../../engine/store/blob-config.js';
import { canonicalQueryString, signV4, uriEncode } from '../../../engine/store/s3-client.js';
import { listKeys, readAll, skipUnlessS3, startS3, type TestS3 } from '../../helpers/s3.js';

const s3Skip = skipUnlessS3();
let s3: TestS3 | null = null;
const roots: string[] = [];

before(async () => {
  if (!s3Skip) s3 = await startS3();
});
after(async () => {
  await s3?.stop();
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

function newRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'docdesk-blobstore-'));
  roots.push(root);
  return root;
}

const kinds: Array<{ name: string; skip: false | string; make: (prefix?: string) => Promise<BlobStore> }> = [
  {
    name: 'local folder',
    skip: false,
    make: async () => {
      const store = new LocalBlobStore(dataLayout(newRoot()));
      await store.init();
      return store;
    },
  },
  {
    name: 'S3 bucket (s3rver)',
    skip: s3Skip,
    make: async (prefix = `t${Math.random().toString(36).slice(2, 8)}/`) => {
      const settings = blobSettings({ ...s3!.env, DOCDESK_BLOB_URL: `s3://${s3!.bucket}/${prefix}` });
      assert.equal(settings.kind, 's3');
      const store = createBlobStore(dataLayout(newRoot()), { ...s3!.env, DOCDESK_BLOB_URL: `s3://${s3!.bucket}/${prefix}` });
      assert.ok(store instanceof S3BlobStore);
      await store.init();
      return store;
    },
  },
];

for (const kind of kinds) {
  describe(`BlobStore: ${kind.name}`, { skip: kind.skip }, () => {
    it('commits a staged upload as an original with its bytes, size and hash, and leaves no temporary file', async () => {
      const store = await kind.make();
      const data = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(300_000, 7)]);
      const staged = await store.stageUpload(Readable.from([data.subarray(0, 1000), data.subarray(1000)]));
      assert.equal(staged.size, data.length);
      assert.equal(staged.sha256, createHash('sha256').update(data).digest('hex'));
      const key = await store.commitOriginal(staged);
      assert.match(key, /^files\/originals\/[0-9a-f-]{36}\.bin$/);
      assert.deepEqual(readdirSync(store.layout.tmp), []);
      const read = await store.get(key);
      assert.equal(read.size, data.length);
      assert.ok((await readAll(read.stream)).equals(data));
      const info = await store.stat(key);
      assert.equal(info?.size, data.length);
      assert.ok(Math.abs(info!.modifiedMs - Date.now()) < 120_000);
    });

    it('reads a byte range', async () => {
      const store = await kind.make();
      await store.put('files/artefacts/3/run-1/page-0001.jpg', Buffer.from('0123456789abcdef'));
      const part = await store.get('files/artefacts/3/run-1/page-0001.jpg', { start: 4, end: 9 });
      assert.equal(part.size, 6);
      assert.equal(part.totalSize, 16);
      assert.equal((await readAll(part.stream)).toString(), '456789');
      const tail = await store.get('files/artefacts/3/run-1/page-0001.jpg', { start: 10, end: 1000 });
      assert.equal((await readAll(tail.stream)).toString(), 'abcdef');
    });

    it('keeps keys with spaces, unicode and reserved characters apart', async () => {
      const store = await kind.make();
      const names = ['files/artefacts/4/run 1/Rechnung März (1).json', 'files/artefacts/4/run 1/a+b=c&d.json', "files/artefacts/4/run 1/it's*!.json"];
      for (const [i, n] of names.entries()) await store.writeArtefact(n.slice('files/artefacts/'.length), Buffer.from(String(i)));
      assert.deepEqual(await listKeys(store, 'files/artefacts/4/'), [...names].sort());
      for (const [i, n] of names.entries()) assert.equal((await readAll((await store.get(n)).stream)).toString(), String(i));
    });

    it('says clearly when an object is missing, and deletes idempotently, objects and folders', async () => {
      const store = await kind.make();
      await assert.rejects(store.get('files/artefacts/9/thumbnail.jpg'), (err: unknown) => err instanceof BlobNotFoundError && err.key === 'files/artefacts/9/thumbnail.jpg');
      assert.equal(await store.stat('files/artefacts/9/thumbnail.jpg'), null);
      assert.equal(await store.exists('files/artefacts/9/thumbnail.jpg'), false);
      await store.writeArtefact('9/thumbnail.jpg', Buffer.from('jpeg'));
      await store.writeArtefact('9/run-2/page-0001.jpg', Buffer.from('jpeg'));
      await store.writeArtefact('10/thumbnail.jpg', Buffer.from('other document'));
      await store.remove('files/artefacts/9/thumbnail.jpg');
      await store.remove('files/artefacts/9/thumbnail.jpg');
      assert.equal(await store.exists('files/artefacts/9/thumbnail.jpg'), false);
      await store.removeFolder('files/artefacts/9');
      assert.deepEqual(await listKeys(store, 'files/artefacts/'), ['files/artefacts/10/thumbnail.jpg']);
      await store.remove(null);
    });

    it('removes a whole folder while the same objects are being deleted at the same time', async () => {
      // A store may fail a delete that races another delete of the same object (s3rver
      // answers 500; CI once left a run's pages.json behind after DELETE that way). Two
      // folder removals side by side collide on every key; the folder must end up empty.
      const store = await kind.make();
      const names = Array.from({ length: 12 }, (_, i) => `files/artefacts/12/run-${i % 2}/page-${String(i).padStart(4, '0')}.jpg`);
      for (let round = 0; round < 4; round++) {
        for (const n of names) await store.put(n, Buffer.from(n));
        await Promise.all([store.removeFolder('files/artefacts/12'), store.removeFolder('files/artefacts/12/'), store.remove(names[0]!).catch(() => undefined)]);
        assert.deepEqual(await listKeys(store, 'files/artefacts/12/'), [], `round ${round}`);
      }
    });

    it('refuses keys that leave the store', async () => {
      const store = await kind.make();
      await assert.rejects(store.get('../docdesk.sqlite'), /invalid blob key/);
      await assert.rejects(store.put('files/../../x', Buffer.from('x')), /invalid blob key/);
      await assert.rejects(store.get('/etc/passwd'), /invalid blob key/);
    });

    it('lends a local file for the duration of a call', async () => {
      const store = await kind.make();
      await store.put('files/originals/x.bin', Buffer.from('original bytes'));
      let seen = '';
      const out = await store.withLocalFile('files/originals/x.bin', async (path) => {
        seen = path;
        return readFileSync(path, 'utf8');
      });
      assert.equal(out, 'original bytes');
      // The local store lends the stored file itself; a remote store a copy it removes after.
      if (store.kind === 'local') assert.equal(seen, join(store.layout.root, 'files', 'originals', 'x.bin'));
      else assert.equal(existsSync(seen), false);
    });

    it('runs a document in a workspace: the original readable, artefacts written there stored under their keys', async () => {
      const store = await kind.make();
      await store.put('files/originals/doc.bin', Buffer.from('%PDF-1.4 source'));
      const keysWritten = await store.withWorkspace(12, 'files/originals/doc.bin', async (ws) => {
        assert.equal(readFileSync(ws.source, 'utf8'), '%PDF-1.4 source');
        const dir = ws.artefactDir('run-3');
        mkdirSync(dir, { recursive: true });
        writeFileSync(join(dir, 'page-0001.jpg'), 'page one');
        mkdirSync(ws.artefactDir('attachments'), { recursive: true });
        writeFileSync(join(ws.artefactDir('attachments'), 'att-1.pdf'), 'attached');
        return [ws.key(join(dir, 'page-0001.jpg')), ws.key(join(ws.artefactDir('attachments'), 'att-1.pdf'))];
      });
      assert.deepEqual(keysWritten, ['files/artefacts/12/run-3/page-0001.jpg', 'files/artefacts/12/attachments/att-1.pdf']);
      assert.equal((await readAll((await store.get(keysWritten[0]!)).stream)).toString(), 'page one');
      assert.equal((await readAll((await store.get(keysWritten[1]!)).stream)).toString(), 'attached');
      assert.deepEqual(readdirSync(store.layout.tmp), [], 'no scratch left behind');
      // A run whose original is gone fails with the missing key, before any step runs.
      await assert.rejects(store.withWorkspace(13, 'files/originals/gone.bin', async () => assert.fail('ran')), (err: unknown) => err instanceof BlobNotFoundError && err.key === 'files/originals/gone.bin');
    });

    it('publishes a failed run’s artefacts too, and the run’s own error wins', async () => {
      const store = await kind.make();
      await store.put('files/originals/doc.bin', Buffer.from('src'));
      await assert.rejects(
        store.withWorkspace(14, 'files/originals/doc.bin', async (ws) => {
          mkdirSync(ws.artefactDir('run-1'), { recursive: true });
          writeFileSync(join(ws.artefactDir('run-1'), 'page-0001.jpg'), 'p1');
          throw new Error('step failed');
        }),
        /step failed/,
      );
      assert.equal(await store.exists('files/artefacts/14/run-1/page-0001.jpg'), true);
    });

    it('sweeps unreferenced originals and artefacts older than the grace period, keeping referenced ones', async () => {
      const store = await kind.make();
      const keep = await store.commitOriginal(await store.stageUpload(Readable.from([Buffer.from('kept')])));
      const orphan = await store.commitOriginal(await store.stageUpload(Readable.from([Buffer.from('orphan')])));
      await store.writeArtefact('20/thumbnail.jpg', Buffer.from('kept'));
      await store.writeArtefact('21/thumbnail.jpg', Buffer.from('orphan'));
      const referenced = new Set([keep, 'files/artefacts/20']);
      // Another process may be between storing bytes and committing the row: young files stay.
      assert.deepEqual(await store.sweepOrphans(referenced, 3_600_000), []);
      const removed = await store.sweepOrphans(referenced, 3_600_000, Date.now() + 2 * 3_600_000);
      assert.deepEqual(removed.sort(), [orphan, 'files/artefacts/21/thumbnail.jpg'].sort());
      assert.deepEqual(await listKeys(store, 'files/'), [keep, 'files/artefacts/20/thumbnail.jpg'].sort());
    });
  });
}

describe('S3 blob store failures', { skip: s3Skip }, () => {
  it('refuses to start with unknown credentials, naming the bucket and the reason', async () => {
    const store = createBlobStore(dataLayout(newRoot()), { ...s3!.env, AWS_ACCESS_KEY_ID: 'NOT-A-KEY' });
    await assert.rejects(store.init(), (err: unknown) => err instanceof BlobStoreUnavailableError && /s3:\/\/docdesk\/.*InvalidAccessKeyId/.test(err.message));
  });

  it('refuses to start on a bucket that does not exist', async () => {
    const store = createBlobStore(dataLayout(newRoot()), { ...s3!.env, DOCDESK_BLOB_URL: 's3://no-such-bucket' });
    await assert.rejects(store.init(), (err: unknown) => err instanceof BlobStoreUnavailableError && /NoSuchBucket/.test(err.message));
  });

  it('reports an unreachable service as unavailable, not as a missing object', async () => {
    const dead = await startS3();
    const store = createBlobStore(dataLayout(newRoot()), dead.env);
    await store.init();
    await store.put('files/artefacts/1/thumbnail.jpg', Buffer.from('x'));
    await dead.stop();
    await assert.rejects(store.get('files/artefacts/1/thumbnail.jpg'), (err: unknown) => err instanceof BlobStoreUnavailableError && /ECONNREFUSED|socket hang up|ECONNRESET/.test(err.message));
    await assert.rejects(store.stat('files/artefacts/1/thumbnail.jpg'), BlobStoreUnavailableError);
  });
});

// s3rver checks the access key but not Signature V4 itself, so the signer is held to the
// worked examples AWS publishes for S3 (example credentials, 2013-05-24).
describe('S3 request signing (SigV4)', () => {
  const base = { region: 'us-east-1', accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', host: 'examplebucket.s3.amazonaws.com' };
  const at = new Date('2013-05-24T00:00:00Z');
  const empty = createHash('sha256').update('').digest('hex');
  const signature = (h: Record<string, string>) => /Signature=([0-9a-f]{64})$/.exec(h.authorization!)![1];

  it('signs a ranged GET', () => {
    const h = signV4({ ...base, method: 'GET', path: '/test.txt', canonicalQuery: '', headers: { Range: 'bytes=0-9' }, payloadSha256: empty }, at);
    assert.match(h.authorization!, /SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,/);
    assert.equal(signature(h), 'f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
  });

  it('signs a PUT with its payload hash and an encoded key', () => {
    const body = 'Welcome to Amazon S3.';
    const sha = createHash('sha256').update(body).digest('hex');
    assert.equal(`/${uriEncode('test$file.text', true)}`, '/test%24file.text');
    const h = signV4({ ...base, method: 'PUT', path: `/${uriEncode('test$file.text', true)}`, canonicalQuery: '', headers: { Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' }, payloadSha256: sha }, at);
    assert.equal(signature(h), '98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd');
  });

  it('signs a listing with a sorted query', () => {
    const canonicalQuery = canonicalQueryString({ prefix: 'J', 'max-keys': '2' });
    assert.equal(canonicalQuery, 'max-keys=2&prefix=J');
    const h = signV4({ ...base, method: 'GET', path: '/', canonicalQuery, headers: {}, payloadSha256: empty }, at);
    assert.equal(signature(h), '34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7');
  });
});

describe('blob store settings', () => {
  it('uses the data folder unless DOCDESK_BLOB_URL names a bucket', () => {
    assert.deepEqual(blobSettings({}), { kind: 'local' });
    assert.deepEqual(blobSettings({ DOCDESK_BLOB_URL: 'local' }), { kind: 'local' });
    const s = blobSettings({ DOCDESK_BLOB_URL: 's3://acme-docs/docdesk/prod', AWS_ACCESS_KEY_ID: 'k', AWS_SECRET_ACCESS_KEY: 's', AWS_REGION: 'eu-central-1' });
    assert.equal(s.kind, 's3');
    if (s.kind !== 's3') return;
    assert.equal(s.prefix, 'docdesk/prod/');
    assert.equal(s.config.bucket, 'acme-docs');
    assert.equal(s.config.endpoint, 'https://s3.eu-central-1.amazonaws.com');
    assert.equal(s.config.pathStyle, false);
    const minio = blobSettings({ DOCDESK_BLOB_URL: 's3://b', DOCDESK_S3_ENDPOINT: 'http://10.0.0.5:9000', AWS_ACCESS_KEY_ID: 'k', AWS_SECRET_ACCESS_KEY: 's' });
    assert.equal(minio.kind === 's3' && minio.config.pathStyle, true);
  });

  it('rejects an unusable configuration with a clear message', () => {
    assert.throws(() => blobSettings({ DOCDESK_BLOB_URL: 's3://bucket' }), (e: unknown) => e instanceof BlobConfigError && /AWS_ACCESS_KEY_ID/.test((e as Error).message));
    assert.throws(() => blobSettings({ DOCDESK_BLOB_URL: 'gs://bucket', AWS_ACCESS_KEY_ID: 'k', AWS_SECRET_ACCESS_KEY: 's' }), /only s3:\/\//);
    assert.throws(() => blobSettings({ DOCDESK_BLOB_URL: 'not a url' }), /not a URL/);
  });
});
