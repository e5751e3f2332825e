// The team-server blob store end to end: a real `docdesk serve` process whose blobs live in
// an S3-compatible bucket (a real s3rver process over HTTP). Uploads land in the bucket and
// nowhere on the server's disk; thumbnails, page previews, the e-invoice visualization and
// the original are served from it; DELETE removes them; a missing object or a bucket that is
// down is a clear error envelope, never a crash.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { dataLayout } from '../../engine/config/paths.js';
import { createBlobStore } from '../../engine/store/blob-config.js';
import type { BlobStore } from '../../engine/store/blobs.js';
import { buildEml, buildXml } from '../helpers/fixtures.js';
import { listKeys, readAll, skipUnlessS3, startS3, type TestS3 } from '../helpers/s3.js';
import { removeDir, startServerProcess, tempDataDir, upload, waitTerminal, type ServerProcess } from '../helpers/server.js';
import { assertError, call, pdfBytes, toReply } from './support.js';

const skip = skipUnlessS3();

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  if (!existsSync(dir)) return out;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...filesUnder(p));
    else out.push(p);
  }
  return out;
}

describe('S3 blob store through the API', { skip }, () => {
  let s3: TestS3;
  let server: ServerProcess;
  let dataDir: string;
  /** The test's own view of the bucket (same client code, its own scratch folder). */
  let bucket: BlobStore;
  let scratch: string;

  before(async () => {
    s3 = await startS3();
    dataDir = tempDataDir();
    server = await startServerProcess({ dataDir, env: s3.env });
    scratch = tempDataDir('docdesk-s3-view-');
    bucket = createBlobStore(dataLayout(scratch), s3.env);
    await bucket.init();
  });
  after(async () => {
    await server?.stop();
    await s3?.stop();
    if (dataDir) removeDir(dataDir);
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  const get = (url: string) => fetch(url.startsWith('http') ? url : `${server.url}${url}`, { headers: { Authorization: `Bearer ${server.appToken}` } });
  const processDoc = async (name: string, data: Buffer, fields: Record<string, string>) => {
    const res = await upload(server.url, { token: server.appToken, file: { name, data }, fields });
    assert.equal(res.status, 201, await res.clone().text());
    const doc = await waitTerminal(server.url, server.appToken, ((await res.json()) as any).data.id, 240_000);
    assert.equal(doc.status, 'completed', doc.processing_error);
    return doc;
  };

  it('stores an upload and its artefacts in the bucket only, and serves thumbnail, previews and original from it', async () => {
    const pdf = pdfBytes(2, 'Blob store invoice');
    const doc = await processDoc('invoice.pdf', pdf, { processing_mode: 'analysis' });
    const keys = await listKeys(bucket);
    const original = keys.filter((k) => k.startsWith('files/originals/'));
    assert.equal(original.length, 1, keys.join('\n'));
    assert.ok((await readAll((await bucket.get(original[0]!)).stream)).equals(pdf), 'the original, byte for byte');
    assert.ok(keys.includes(`files/artefacts/${doc.id}/thumbnail.jpg`), keys.join('\n'));
    assert.ok(keys.some((k) => new RegExp(`^files/artefacts/${doc.id}/run-\\d+/page-0001\\.jpg$`).test(k)), keys.join('\n'));
    assert.ok(keys.some((k) => new RegExp(`^files/artefacts/${doc.id}/run-\\d+/pages\\.json$`).test(k)), keys.join('\n'));
    // Nothing stays on the server's disk: no original, no artefact, no scratch copy.
    assert.deepEqual(filesUnder(join(dataDir, 'files')), []);
    assert.deepEqual(readdirSync(join(dataDir, 'tmp')), []);

    const thumb = await get(doc.thumbnail);
    assert.equal(thumb.status, 200);
    assert.equal(thumb.headers.get('content-type'), 'image/jpeg');
    const thumbBytes = Buffer.from(await thumb.arrayBuffer());
    assert.ok(thumbBytes.equals(await readAll((await bucket.get(`files/artefacts/${doc.id}/thumbnail.jpg`)).stream)));
    assert.equal(thumb.headers.get('content-length'), String(thumbBytes.length));

    assert.equal(doc.previews.length, 2);
    for (const p of doc.previews) {
      const preview = await get(p.preview);
      assert.equal(preview.status, 200);
      assert.equal(preview.headers.get('content-type'), 'image/jpeg');
      const bytes = Buffer.from(await preview.arrayBuffer());
      assert.deepEqual([...bytes.subarray(0, 3)], [0xff, 0xd8, 0xff], 'a JPEG');
    }

    const orig = await get(`/app/v1/documents/${doc.id}/original`);
    assert.equal(orig.status, 200);
    assert.match(orig.headers.get('content-disposition') ?? '', /^attachment/);
    assert.equal(createHash('sha256').update(Buffer.from(await orig.arrayBuffer())).digest('hex'), createHash('sha256').update(pdf).digest('hex'));
  });

  it('publishes what workers write to disk: the e-invoice visualization and e-mail attachments', async () => {
    const xml = await processDoc('rechnung.xml', Buffer.from(buildXml('ubl')), { processing_mode: 'analysis', locale: 'de' });
    assert.deepEqual(xml.previews.map((p: any) => p.filename), ['invoice.html', 'invoice.jpg']);
    const html = await get(xml.previews[0].preview);
    assert.equal(html.status, 200);
    assert.match(html.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(await html.text(), /Rechnungspositionen/);

    const mail = await processDoc('mail.eml', buildEml({ attachPdf: true }), { processing_mode: 'analysis' });
    assert.ok(mail.number_of_pages >= 2, 'the attached PDF was read from the workspace');
    const keys = await listKeys(bucket, `files/artefacts/${mail.id}/`);
    assert.ok(keys.some((k) => k.startsWith(`files/artefacts/${mail.id}/attachments/`)), keys.join('\n'));
    assert.deepEqual(filesUnder(join(dataDir, 'files')), []);
  });

  it('answers 404 with the envelope when an object has gone missing from the bucket', async () => {
    const doc = await processDoc('gone.pdf', pdfBytes(1, 'Soon missing'), { processing_mode: 'thumbnail' });
    await bucket.remove(`files/artefacts/${doc.id}/thumbnail.jpg`);
    const body = assertError(await toReply(await get(doc.thumbnail)), 404, 'not_found');
    assert.match(body.message, /thumbnail/);
  });

  it('removes the original and every artefact from the bucket on DELETE', async () => {
    const doc = await processDoc('delete-me.pdf', pdfBytes(1, 'Delete me'), { processing_mode: 'analysis' });
    const before = await listKeys(bucket);
    assert.ok(before.some((k) => k.startsWith(`files/artefacts/${doc.id}/`)));
    const del = await call(server.url, `/api/v1/documents/${doc.id}`, { method: 'DELETE', token: server.appToken });
    assert.equal(del.status, 204);
    const after = await listKeys(bucket);
    assert.deepEqual(after.filter((k) => k.startsWith(`files/artefacts/${doc.id}/`)), []);
    assert.equal(after.filter((k) => k.startsWith('files/originals/')).length, before.filter((k) => k.startsWith('files/originals/')).length - 1);
  });

  it('while the bucket is down: reads are a 503 envelope, uploads are refused with nothing left behind, the server stays up', async () => {
    const doc = await processDoc('later.pdf', pdfBytes(1, 'Bucket outage'), { processing_mode: 'thumbnail' });
    const docsBefore = (await call(server.url, '/api/v1/documents?per_page=100', { token: server.appToken })).body.meta.total;
    await s3.stop();
    const read = assertError(await toReply(await get(doc.thumbnail)), 503, 'blob_store_unavailable');
    assert.doesNotMatch(read.message, /S3RVER|127\.0\.0\.1/, 'no credentials or internals in the message');
    const res = await upload(server.url, { token: server.appToken, file: { name: 'refused.pdf', data: pdfBytes(1, 'Refused') }, fields: { processing_mode: 'thumbnail' } });
    assertError(await toReply(res), 503, 'blob_store_unavailable');
    assert.equal((await call(server.url, '/api/v1/documents?per_page=100', { token: server.appToken })).body.meta.total, docsBefore, 'no document for a refused upload');
    assert.deepEqual(readdirSync(join(dataDir, 'tmp')), [], 'the staged upload was discarded');
    assert.equal((await call(server.url, '/api/v1/ping', { token: server.appToken })).status, 200);
  });
});
