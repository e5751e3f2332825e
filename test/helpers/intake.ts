// Accepting uploads straight through the engine (no HTTP), for tests of the queue and the
// store's locks: an account with a token, and a one-page PDF accepted in thumbnail mode.
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import type { EngineContext } from '../../engine/index.js';
import { acceptUpload, type AcceptedUpload } from '../../engine/documents/intake.js';
import { validateUpload } from '../../engine/documents/upload-rules.js';
import type { AuthenticatedToken } from '../../engine/accounts/accounts.js';

export async function testAccount(engine: EngineContext, opts: { concurrency: number; batch: boolean }): Promise<AuthenticatedToken> {
  const { account } = await engine.accounts.createAccount({ name: 'acc', concurrentStandardLimit: opts.concurrency, batchLaneEligible: opts.batch });
  const { token } = await engine.accounts.createToken({ accountId: account.id, mode: 'live', abilities: 'documents:write' });
  return (await engine.accounts.authenticate(token))!;
}

export async function acceptTestUpload(engine: EngineContext, auth: AuthenticatedToken, lane: 'standard' | 'batch' = 'standard'): Promise<AcceptedUpload> {
  const staged = await engine.blobs.stageUpload(Readable.from([Buffer.from('%PDF-1.4\n%%EOF\n')]));
  const verdict = validateUpload(
    { fields: [{ name: 'processing_mode', value: 'thumbnail', truncated: false }, { name: 'processing_lane', value: lane, truncated: false }], file: { present: true, count: 1, size: staged.size, truncated: false, format: 'pdf', family: 'pdf' } },
    { batchLaneEligible: auth.batchLaneEligible },
  );
  assert.ok('fields' in verdict);
  return acceptUpload(engine.db, engine.blobs, { auth, fields: verdict.fields, staged, filename: 'a.pdf', fileFormat: 'pdf', origin: 'api', idempotencyRowId: null });
}
