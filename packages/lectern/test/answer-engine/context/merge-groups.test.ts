import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildSummaryMergeContext, planMergeGroups } from '../../../src/answer-engine/context/summary-parts.js';

const notesFor = (count: number, length: number) =>
  Array.from({ length: count }, (_, i) => `- part ${i}: ${'x'.repeat(Math.max(0, length - 12))}`);

describe('planMergeGroups', () => {
  it('keeps one group when every note fits one merge prompt', () => {
    assert.deepEqual(planMergeGroups({ courseName: 'C', partNotes: notesFor(4, 40), budgetChars: 16000 }), [[0, 1, 2, 3]]);
  });

  it('splits into groups, in class order, each merge prompt holding its notes whole', () => {
    const partNotes = notesFor(60, 120);
    const budgetChars = 2000;
    const groups = planMergeGroups({ courseName: 'C', partNotes, budgetChars });
    assert.ok(groups.length > 1);
    assert.deepEqual(groups.flat(), partNotes.map((_, i) => i), 'every note once, in order');
    for (const group of groups) {
      assert.ok(group.length >= 2 || group === groups.at(-1), 'only the last group may be a single note');
      const context = buildSummaryMergeContext({ courseName: 'C', partNotes: group.map((i) => partNotes[i] ?? ''), budgetChars });
      for (const i of group) assert.ok(context.user.includes(`part ${i}: `), `note ${i} is in its group's prompt`);
      assert.ok(context.system.length + context.user.length <= budgetChars);
    }
  });

  it('still pairs notes that are each too long for a prompt, so every round halves the count', () => {
    const groups = planMergeGroups({ courseName: 'C', partNotes: notesFor(5, 5000), budgetChars: 1000 });
    assert.deepEqual(groups, [[0, 1], [2, 3], [4]]);
  });
});
