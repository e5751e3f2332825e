// Profile results for the API tests, made with the engine's own pieces: a real upload (kept
// blocked for lack of credits, so no pipeline runs), then the sample truth payload judged by
// the energy policy and stored with the store's insert function, plus page images for the
// run. The document and run are then marked completed as a finished energy run leaves them.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { openDatabase } from '../../engine/store/db.js';
import { testDatabaseTarget } from '../helpers/database.js';
import { insertProfileResult, type ProfileResult } from '../../engine/store/profile-results.js';
import { evaluateEnergyPayload } from '../../engine/profiles/energy/policy.js';
import type { EnergyEvidence, EnergyPayload } from '../../engine/profiles/energy/payload.js';
import { truthResult } from '../helpers/energy-results.js';
import { pdfBytes, toReply, upload } from './support.js';

export interface SeedOptions {
  sample?: string;
  /** Edits the truth payload and evidence before the policy judges them. */
  mutate?: (payload: EnergyPayload, evidence: EnergyEvidence[]) => void;
  /** Pages with no stored page image (evidence_pages[].available = false). */
  pagesWithoutImage?: number[];
  /** A canonical failed result (no usable payload) on an `error` document. */
  failed?: boolean;
  profileVersion?: string;
}

export interface Seeded {
  documentId: number;
  runId: number;
  result: ProfileResult;
}

let counter = 0;

export async function seedEnergyResult(server: { url: string; dataDir: string }, token: string, opts: SeedOptions = {}): Promise<Seeded> {
  counter += 1;
  const r = await toReply(await upload(server.url, { token, file: { name: `bill-${counter}.pdf`, data: pdfBytes(1, `energy seed ${counter} ${Date.now()}`) }, fields: { extraction_profile: 'de.energy.supply-invoice' } }));
  assert.equal(r.status, 402, `the seeding upload stays blocked (account without credits): ${r.bytes.toString('utf8').slice(0, 300)}`);
  const documentId: number = r.body.document.id;
  const runId: number = r.body.document.latest_extraction_run.id;

  const truth = truthResult(opts.sample ?? 'energy-7-0001');
  opts.mutate?.(truth.payload, truth.evidence);
  const judged = evaluateEnergyPayload(truth.payload, truth.evidence, []);
  const { db, close } = await openDatabase(testDatabaseTarget(server.dataDir));
  try {
    const accountId = (await db.selectFrom('documents').select('account_id').where('id', '=', documentId).executeTakeFirstOrThrow()).account_id;
    const status = opts.failed ? 'error' : 'completed';
    await db
      .updateTable('documents')
      .set({ status, processing_stage: status === 'completed' ? 'completed' : 'failed', blocked_reason: null, processing_error: opts.failed ? 'No usable energy invoice payload.' : null, number_of_pages: truth.payload.packet.page_count })
      .where('id', '=', documentId)
      .execute();
    await db.updateTable('extraction_runs').set({ status, blocked_reason: null }).where('id', '=', runId).execute();
    const result = await insertProfileResult(db, {
      document_id: documentId,
      run_id: runId,
      account_id: accountId,
      profile: 'de.energy.supply-invoice',
      profile_version: opts.profileVersion ?? '2.0.1',
      schema_version: '2.0.0',
      machine_payload: opts.failed ? null : judged.payload,
      machine_outcome: opts.failed ? 'failed' : judged.machine_outcome,
      effective_outcome: opts.failed ? 'failed' : judged.machine_outcome,
      handoff_status: opts.failed ? 'not_applicable' : judged.handoff_status,
      review_reasons: opts.failed ? [] : judged.review_reasons,
      handoff_review_reasons: opts.failed ? [] : judged.handoff_review_reasons,
      warnings: judged.warnings,
      validation_summary: judged.validation_summary as unknown as Record<string, unknown>,
      source_components: truth.payload.packet.source_components,
      evidence: opts.failed ? [] : truth.evidence,
      acceptance_source: !opts.failed && judged.machine_outcome === 'accepted' && judged.handoff_status === 'accepted' ? 'machine' : null,
    });
    // Page images of the run, as extraction mode stores them.
    const dir = join('files', 'artefacts', String(documentId), `run-${runId}`);
    mkdirSync(join(server.dataDir, dir), { recursive: true });
    for (let page = 1; page <= truth.payload.packet.page_count; page++) {
      if (opts.pagesWithoutImage?.includes(page)) continue;
      const bytes = await pageImage(page);
      const rel = join(dir, `page-${page}.jpg`);
      writeFileSync(join(server.dataDir, rel), bytes);
      await db
        .insertInto('previews')
        .values({ document_id: documentId, run_id: runId, account_id: accountId, page, filename: `page-${page}.jpg`, file_format: 'jpg', content_type: 'image/jpeg', file_size: bytes.length, path: rel, created_at: result.created_at })
        .execute();
    }
    return { documentId, runId, result };
  } finally {
    await close();
  }
}

export const pageImage = (page: number) => sharp({ create: { width: 60, height: 80, channels: 3, background: { r: 240, g: 240 - page * 10, b: 230 } } }).jpeg().toBuffer();
