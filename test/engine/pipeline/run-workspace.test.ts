// processDocument lends the run its files from the blob store: a missing original ends the
// document with a clear user-facing failure; an unreachable bucket is a retryable failure.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataLayout } from '../../../engine/config/paths.js';
import { DocumentFailure, processDocument, RetryableFailure, type PipelineDeps } from '../../../engine/pipeline/index.js';
import { createBlobStore } from '../../../engine/store/blob-config.js';
import type { DocumentRow } from '../../../engine/store/rows.js';
import { skipUnlessS3, startS3, type TestS3 } from '../../helpers/s3.js';

const doc = { id: 5, blob_path: 'files/originals/never-stored.bin', processing_mode: 'thumbnail' } as DocumentRow;
// No step may run: the workspace fails first, so the database and pool are never touched.
const deps = (blobs: PipelineDeps['blobs']) => ({ db: null as never, pool: null as never, blobs }) as PipelineDeps;

describe('the run workspace', () => {
  const roots: string[] = [];
  const root = () => {
    const r = mkdtempSync(join(tmpdir(), 'docdesk-runws-'));
    roots.push(r);
    return dataLayout(r);
  };
  after(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

  it('fails a document whose original is gone from the data folder with source_file_missing', async () => {
    const blobs = createBlobStore(root(), {});
    await blobs.init();
    await assert.rejects(processDocument(deps(blobs), doc), (err: unknown) => err instanceof DocumentFailure && err.errorCode === 'source_file_missing' && /upload it again/.test(err.message));
  });

  describe('on a bucket', { skip: skipUnlessS3() }, () => {
    let s3: TestS3;
    before(async () => {
      s3 = await startS3();
    });
    after(async () => {
      await s3?.stop();
    });

    it('fails a document whose original is not in the bucket with source_file_missing, and retries while the bucket is down', async () => {
      const blobs = createBlobStore(root(), s3.env);
      await blobs.init();
      await assert.rejects(processDocument(deps(blobs), doc), (err: unknown) => err instanceof DocumentFailure && err.errorCode === 'source_file_missing');
      await s3.stop();
      await assert.rejects(processDocument(deps(blobs), doc), (err: unknown) => err instanceof RetryableFailure && err.errorCode === 'blob_store_unavailable');
    });
  });
});
