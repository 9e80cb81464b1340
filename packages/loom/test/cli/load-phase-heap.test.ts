import assert from 'node:assert/strict';
import { test } from 'node:test';
import { withLoadPhaseHeap } from '../../src/cli/load-phase-heap.js';

test('withLoadPhaseHeap returns what the check returns, and passes its failure on', () => {
  assert.equal(withLoadPhaseHeap(() => 42), 42);
  assert.throws(() => withLoadPhaseHeap(() => {
    throw new RangeError('the check failed');
  }), /the check failed/);
  // V8 still runs after the flag went back to its default.
  assert.deepEqual(withLoadPhaseHeap(() => Array.from({ length: 3 }, (_, index) => index)), [0, 1, 2]);
});
