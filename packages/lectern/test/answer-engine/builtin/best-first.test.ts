import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BestFirst } from '../../../src/answer-engine/builtin/best-first.js';

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 2 ** 32;
  };
}

describe('BestFirst', () => {
  it('hands out items in the order of a full sort, scoring only those whose bound can still win', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const next = random(seed);
      const count = Math.floor(next() * 60);
      // Whole-number scores, so ties (broken by the later position) are common; some score 0.
      const scores = Array.from({ length: count }, () => Math.floor(next() * 6));
      const bounds = scores.map((score) => score + Math.floor(next() * 3));
      const items = scores.map((_, at) => at).filter(() => next() > 0.2);
      const expected = items
        .map((at) => ({ at, score: scores[at]! }))
        .filter((r) => r.score > 0)
        .sort((a, b) => b.score - a.score || b.at - a.at);
      let scored = 0;
      const ranking = new BestFirst(items, (at) => bounds[at]!, (at) => (scored++, scores[at]!));
      assert.deepEqual(ranking.get(0), expected[0], `seed ${seed}`);
      const firstScored = scored;
      assert.deepEqual([...ranking], expected, `seed ${seed}`);
      assert.deepEqual([...ranking], expected, 'read again, the same');
      assert.ok(scored <= items.length, 'each item scored once at most');
      if (expected.length > 0) assert.ok(firstScored <= items.filter((at) => bounds[at]! >= expected[0]!.score).length, 'the best found without scoring what cannot reach it');
    }
  });
});
