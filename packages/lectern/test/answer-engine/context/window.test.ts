import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { classClock, recentEntries } from '../../../src/answer-engine/context/window.js';
import type { TranscriptLine } from '../../../src/answer-engine/types.js';

const at = (id: number, seconds: number): TranscriptLine => ({
  id,
  text: `line ${id}`,
  createdAt: new Date(Date.UTC(2026, 2, 2, 14, 0, 0) + seconds * 1000).toISOString(),
});

describe('recentEntries', () => {
  const entries = [at(1, 0), at(2, 100), at(3, 3600), at(4, 3700), at(5, 3780)];

  it('measures the window back from the last entry, not the wall clock', () => {
    assert.deepEqual(recentEntries(entries, 3).map((e) => e.id), [3, 4, 5]);
    assert.deepEqual(recentEntries(entries, 1).map((e) => e.id), [5]);
    assert.deepEqual(recentEntries(entries, 120).map((e) => e.id), [1, 2, 3, 4, 5]);
  });

  it('is empty for an empty class', () => {
    assert.deepEqual(recentEntries([], 3), []);
  });
});

describe('classClock', () => {
  it('shows the time into the class', () => {
    assert.equal(classClock(at(2, 100), at(1, 0)), '1:40');
    assert.equal(classClock(at(5, 3780), at(1, 0)), '1:03:00');
  });
});
