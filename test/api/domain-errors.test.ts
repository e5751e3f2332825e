// Domain errors thrown below the API become the spec's envelope and status in one place
// (api/errors.ts apiErrorOf); the 404 and 409 paths are also exercised over HTTP in documents.test.ts.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { apiErrorOf, envelope, notFound } from '../../engine/api/errors.js';
import { Conflict, FieldErrorCollector, InvalidInput, NotFound } from '../../engine/domain/errors.js';

describe('domain errors → API errors', () => {
  it('maps NotFound, Conflict and InvalidInput to 404, 409 and 422 with the envelope', () => {
    const missing = apiErrorOf(new NotFound('document'));
    assert.deepEqual([missing.status, envelope(missing, 'r1')], [404, { message: 'The requested document does not exist in this account.', code: 'not_found', request_id: 'r1' }]);
    assert.deepEqual(notFound('document'), missing);

    const busy = apiErrorOf(new Conflict('document_processing_active', 'still processing'));
    assert.deepEqual([busy.status, envelope(busy, 'r2')], [409, { message: 'still processing', code: 'document_processing_active', request_id: 'r2' }]);

    const errs = new FieldErrorCollector();
    errs.throwIfAny(); // nothing collected: no error
    errs.add('pages', 'Page selection contains an empty entry.');
    errs.add('pages', 'second');
    let thrown: unknown;
    try {
      errs.throwIfAny();
    } catch (err) {
      thrown = err;
    }
    assert.ok(thrown instanceof InvalidInput);
    const invalid = apiErrorOf(thrown);
    assert.deepEqual([invalid.status, envelope(invalid, 'r3')], [
      422,
      { message: 'Page selection contains an empty entry.', code: 'validation_failed', request_id: 'r3', errors: { pages: ['Page selection contains an empty entry.', 'second'] } },
    ]);
  });
});
