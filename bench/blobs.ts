// Blob store cost (`BENCH_ONLY=blobs npm run bench`): the data folder against an S3 bucket
// (s3rver on this machine, so the network is loopback and the figure is the protocol's and
// the client's overhead, not a real network's).
//  1. Raw store: put + get of 1 MiB objects and of 20 KiB objects (thumbnail-sized).
//  2. End to end: N two-page PDFs in analysis mode through one `docdesk serve`, upload to
//     completed, then every thumbnail fetched.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { dataLayout } from '../engine/config/paths.js';
import { createBlobStore } from '../engine/store/blob-config.js';
import type { BlobStore } from '../engine/store/blobs.js';
import { pdfBytes } from '../test/api/support.js';
import { skipUnlessS3, startS3, type TestS3 } from '../test/helpers/s3.js';
import { removeDir, startServerProcess, tempDataDir, upload, waitTerminal } from '../test/helpers/server.js';
import { median, printTable } from './table.js';

async function drain(stream: Readable): Promise<number> {
  let n = 0;
  for await (const c of stream) n += (c as Buffer).length;
  return n;
}

async function raw(store: BlobStore, size: number, count: number): Promise<{ putMs: number; getMs: number }> {
  const data = Buffer.alloc(size, 0x5a);
  let t = performance.now();
  for (let i = 0; i < count; i++) await store.put(`files/artefacts/bench/${size}-${i}.bin`, data);
  const putMs = (performance.now() - t) / count;
  t = performance.now();
  for (let i = 0; i < count; i++) await drain((await store.get(`files/artefacts/bench/${size}-${i}.bin`)).stream);
  const getMs = (performance.now() - t) / count;
  await store.removeFolder('files/artefacts/bench');
  return { putMs, getMs };
}

async function endToEnd(env: Record<string, string>, docs: number): Promise<{ docsPerMin: number; thumbMs: number }> {
  const dataDir = tempDataDir('docdesk-bench-blobs-');
  const server = await startServerProcess({ dataDir, env: { DOCDESK_RATE_LIMITS: 'off', ...env } });
  try {
    const started = performance.now();
    const ids: number[] = [];
    for (let i = 0; i < docs; i++) {
      const res = await upload(server.url, { token: server.appToken, file: { name: `b${i}.pdf`, data: pdfBytes(2, `Blob bench ${i}`) }, fields: { processing_mode: 'analysis' } });
      ids.push(((await res.json()) as any).data.id);
    }
    for (const id of ids) {
      const doc = await waitTerminal(server.url, server.appToken, id, 600_000);
      if (doc.status !== 'completed') throw new Error(`bench document ${id}: ${doc.processing_error}`);
    }
    const docsPerMin = docs / ((performance.now() - started) / 60_000);
    const times: number[] = [];
    for (const id of ids) {
      const t = performance.now();
      const r = await fetch(`${server.url}/api/v1/documents/${id}/thumbnail`, { headers: { Authorization: `Bearer ${server.appToken}` } });
      await r.arrayBuffer();
      times.push(performance.now() - t);
    }
    return { docsPerMin, thumbMs: median(times) };
  } finally {
    await server.stop();
    removeDir(dataDir);
  }
}

export async function benchBlobs(docs = Number(process.env.BENCH_BLOB_DOCS ?? 20)): Promise<void> {
  const reason = skipUnlessS3();
  if (reason) {
    console.log(`\nBlob store bench skipped: ${reason}`);
    return;
  }
  const s3: TestS3 = await startS3();
  const root = mkdtempSync(join(tmpdir(), 'docdesk-bench-blobstore-'));
  try {
    const local = createBlobStore(dataLayout(join(root, 'local')), {});
    const bucket = createBlobStore(dataLayout(join(root, 's3')), s3.env);
    await local.init();
    await bucket.init();
    const rows: string[][] = [];
    for (const [label, size, count] of [['1 MiB', 1 << 20, 50], ['20 KiB', 20 << 10, 200]] as const) {
      const l = await raw(local, size, count);
      const b = await raw(bucket, size, count);
      rows.push([label, 'put', l.putMs.toFixed(2), b.putMs.toFixed(2), (b.putMs / l.putMs).toFixed(1)]);
      rows.push([label, 'get', l.getMs.toFixed(2), b.getMs.toFixed(2), (b.getMs / l.getMs).toFixed(1)]);
    }
    printTable('Blob store, ms per operation (data folder = the native peer; S3 = s3rver on loopback)', ['object', 'op', 'folder ms', 's3 ms', 'ratio'], rows);

    const l = await endToEnd({}, docs);
    const b = await endToEnd(s3.env, docs);
    printTable(`${docs} two-page PDFs, analysis mode, one server (upload to completed; then thumbnail GET)`, ['store', 'docs/min', 'thumbnail GET p50 ms'], [
      ['data folder', l.docsPerMin.toFixed(1), l.thumbMs.toFixed(1)],
      ['S3 (s3rver)', b.docsPerMin.toFixed(1), b.thumbMs.toFixed(1)],
      ['ratio s3 / folder', (b.docsPerMin / l.docsPerMin).toFixed(2), (b.thumbMs / l.thumbMs).toFixed(2)],
    ]);
  } finally {
    await s3.stop();
    rmSync(root, { recursive: true, force: true });
  }
}
