import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { resolvePageSelection } from '../../../engine/pipeline/page-selection.js';

describe('page selection (R4)', () => {
  it('resolves first, last, all and numbers, sorted and unique', () => {
    assert.deepEqual(resolvePageSelection('last,first,3,3', 10), [1, 3, 10]);
    assert.deepEqual(resolvePageSelection('all', 4), [1, 2, 3, 4]);
    assert.deepEqual(resolvePageSelection(null, 3), [1, 2, 3]);
  });
  it('ignores numbers beyond the document and falls back to the first page', () => {
    assert.deepEqual(resolvePageSelection('2,50', 5), [2]);
    assert.deepEqual(resolvePageSelection('50,60', 5), [1]);
  });
  it('resolves last within the visual limit when the count is unknown', () => {
    assert.deepEqual(resolvePageSelection('last', null), [200]);
    assert.equal(resolvePageSelection('all', null).length, 200);
  });
  it('collapses single-page types to their one page', () => {
    assert.deepEqual(resolvePageSelection('2,last', 1, true), [1]);
  });
});
