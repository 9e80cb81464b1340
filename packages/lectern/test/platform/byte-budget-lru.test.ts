// The byte-bounded LRU every kept cache uses: the budget, a count besides it, values too large
// to keep, and values that grow.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ByteBudgetLru } from '../../src/platform/byte-budget-lru.js';

describe('ByteBudgetLru', () => {
  it('evicts the least recently used past its byte budget', () => {
    const lru = new ByteBudgetLru<string, string>(10);
    lru.set('a', 'A', 4);
    lru.set('b', 'B', 4);
    lru.get('a');
    lru.set('c', 'C', 4);
    assert.equal(lru.peek('b'), undefined, 'b was the least recently used');
    assert.deepEqual([lru.peek('a'), lru.peek('c'), lru.bytes], ['A', 'C', 8]);
  });

  it('holds at most maxEntries values, whatever their size', () => {
    const lru = new ByteBudgetLru<string, number>(1000, { maxEntries: 2 });
    lru.set('a', 1, 1);
    lru.set('b', 2, 1);
    lru.set('c', 3, 1);
    assert.equal(lru.size, 2);
    assert.equal(lru.peek('a'), undefined);
  });

  it('keeps no value over maxValueBytes, and lets one go that grows past it', () => {
    const lru = new ByteBudgetLru<string, number>(100, { maxValueBytes: 10 });
    lru.set('big', 1, 11);
    assert.equal(lru.peek('big'), undefined);
    lru.set('small', 2, 6);
    lru.set('other', 3, 6);
    lru.grow('small', 4);
    assert.deepEqual([lru.peek('small'), lru.bytes], [2, 16], 'at the limit it stays');
    lru.grow('small', 1);
    assert.deepEqual([lru.peek('small'), lru.peek('other'), lru.bytes], [undefined, 3, 6]);
  });

  it('peek leaves the order of use as it was', () => {
    const lru = new ByteBudgetLru<string, number>(2);
    lru.set('a', 1, 1);
    lru.set('b', 2, 1);
    lru.peek('a');
    lru.set('c', 3, 1);
    assert.equal(lru.peek('a'), undefined);
  });
});
