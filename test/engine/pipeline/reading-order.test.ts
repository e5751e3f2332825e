// The OCR phase of a scanned document takes its pages in page order, whatever order the
// text-layer phase handed them back in (issue 16 item 5: a dear page sent last leaves the other
// worker idle). Real worker processes, real scans; only the order replies are passed on is
// forced, by a runner around the pool.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { WorkerPool } from '../../../engine/jobs/worker-pool.js';
import { grant } from '../../../engine/billing/ledger.js';
import { acceptUpload } from '../../../engine/documents/intake.js';
import { validateUpload } from '../../../engine/documents/upload-rules.js';
import { readForRun } from '../../../engine/pipeline/analysis.js';
import type { PipelineDeps, TaskRunner } from '../../../engine/pipeline/steps.js';
import type { WorkerTask } from '../../../engine/pipeline/worker-entry.js';
import { findLiveDocument } from '../../../engine/store/documents.js';
import { latestRunOf } from '../../../engine/store/runs.js';
import { testEngine, type TestEngine } from '../../helpers/engine.js';
import { testAccount } from '../../helpers/intake.js';
import { buildFixturePdf, scanJpeg } from '../../helpers/pdf-fixtures.js';

const PAGES = 3;

/** `PAGES` image-only pages, each one full-page gray JPEG (bars, no words: an empty reading is allowed). */
async function scannedPdf(): Promise<Buffer> {
  const jpeg = await scanJpeg();
  const page = { content: 'q 595 0 0 842 0 0 cm /Im1 Do Q', images: [{ name: 'Im1', width: 620, height: 877, jpeg, channels: 1 as const }] };
  return buildFixturePdf({ pages: Array.from({ length: PAGES }, () => page) });
}

/**
 * The pool, except that page 1's text-layer reply is held until every other page's came back:
 * phase 1 then finishes 2, 3, …, 1, as it does when one worker is slow to start. Records the
 * order in which OCR tasks are submitted.
 */
class PageOneLast implements TaskRunner {
  readonly ocrOrder: number[] = [];
  private othersDone = 0;
  private releaseFirst!: () => void;
  private readonly firstHeld = new Promise<void>((r) => (this.releaseFirst = r));
  constructor(private readonly pool: WorkerPool) {}
  get size(): number {
    return this.pool.size;
  }
  async run<T>(task: WorkerTask, timeoutMs: number, share: PipelineDeps['share'] | null): Promise<T> {
    if (task.kind === 'pdf.ocr') this.ocrOrder.push(task.physical_page);
    const result = await this.pool.run<T>(task, timeoutMs, share ?? null);
    if (task.kind === 'pdf.page') {
      if (task.physical_page === 1) await this.firstHeld;
      else if (++this.othersDone === PAGES - 1) this.releaseFirst();
    }
    return result;
  }
}

describe('reading order of the OCR phase', () => {
  let t: TestEngine;
  let pool: WorkerPool;
  before(async () => {
    t = await testEngine();
    pool = new WorkerPool(new URL('../../../engine/pipeline/worker-entry.js', import.meta.url), 2);
  });
  after(async () => {
    await pool.close();
    await t?.close();
  });

  it('reads the pages in page order although the text-layer phase returned page 1 last, and keeps every page result in page order', async () => {
    const { engine } = t;
    const auth = await testAccount(engine, { concurrency: 2, batch: false });
    await grant(engine.db, auth.accountId, 100, 'test credits');
    const staged = await engine.blobs.stageUpload(Readable.from([await scannedPdf()]));
    const verdict = validateUpload(
      { fields: [{ name: 'processing_mode', value: 'analysis', truncated: false }], file: { present: true, count: 1, size: staged.size, truncated: false, format: 'pdf', family: 'pdf' } },
      { batchLaneEligible: false },
    );
    assert.ok('fields' in verdict);
    const accepted = await acceptUpload(engine.db, engine.blobs, { auth, fields: verdict.fields, staged, filename: 'scan.pdf', fileFormat: 'pdf', origin: 'api', idempotencyRowId: null });
    const doc = (await findLiveDocument(engine.db, accepted.documentId))!;
    const run = (await latestRunOf(engine.db, doc.id))!;
    const runner = new PageOneLast(pool);
    const deps: PipelineDeps = { db: engine.db, blobs: engine.blobs, pool: runner, share: { account: doc.account_id, document: doc.id } };
    const read = await engine.blobs.withWorkspace(doc.id, doc.blob_path!, (files) => readForRun({ ...deps, files }, doc, run, 'pdf', { emptyIsFailure: false }));

    assert.deepEqual(runner.ocrOrder, [1, 2, 3], 'OCR tasks in page order (the phase-1 finishing order was 2, 3, 1)');
    assert.deepEqual(read.pages.map((p) => p.page), [1, 2, 3]);
    for (const [i, r] of read.results.entries()) {
      assert.equal(r.ocr_attempted, true, `page ${i + 1} was read by OCR`);
      assert.ok(r.preview, `page ${i + 1} has its preview`);
    }
  });
});
