import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { packSections } from '../../../src/answer-engine/context/packing.js';
import type { SectionPlan } from '../../../src/answer-engine/context/packing.js';

const lines = (prefix: string, count: number, length: number) =>
  Array.from({ length: count }, (_, key) => ({ key, text: `${prefix}${key}`.padEnd(length, '.') }));

const plan = (name: string, share: number, candidates: SectionPlan['candidates'], overheadChars = 10): SectionPlan => ({
  name,
  share,
  candidates,
  overheadChars,
  lineSeparatorChars: 1,
});

const cost = (packed: ReturnType<typeof packSections>): number =>
  packed.reduce((sum, s) => sum + s.plan.overheadChars + s.lines.reduce((n, l) => n + l.text.length + 1, 0), 0);

describe('packSections', () => {
  it('gives each section its share first, then hands leftovers round in priority order', () => {
    const packed = packSections([plan('A', 0.5, lines('a', 50, 19)), plan('B', 0.5, lines('b', 2, 19))], 420);
    assert.deepEqual(packed.map((s) => s.lines.length), [18, 2]);
    assert.ok(cost(packed) <= 420);
  });

  it('cuts only the first line of a section, and never below a useful length', () => {
    const [only] = packSections([plan('A', 1, [{ key: 0, text: 'x'.repeat(500) }, { key: 1, text: 'short' }])], 110);
    assert.equal(only?.lines.length, 1);
    assert.equal(only?.lines[0]?.text.length, 99);
    assert.ok(only?.lines[0]?.text.endsWith('…'));
    assert.deepEqual(packSections([plan('A', 1, [{ key: 0, text: 'x'.repeat(500) }])], 45), []);
  });

  it('returns the fences of a section that got nothing to the others', () => {
    const packed = packSections([plan('A', 0.5, [{ key: 0, text: 'y'.repeat(500) }], 60), plan('B', 0.5, lines('b', 20, 9))], 100);
    assert.deepEqual(packed.map((s) => s.plan.name), ['B']);
    assert.equal(packed[0]?.lines.length, 9);
  });
});
