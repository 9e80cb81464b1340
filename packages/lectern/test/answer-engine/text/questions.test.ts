import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isClassDirected, isQuestion, questionStrength } from '../../../src/answer-engine/text/questions.js';

describe('question detection', () => {
  it('recognises English questions with and without a question mark', () => {
    for (const text of [
      'What does glycolysis produce?',
      'So why does the chain stop without oxygen',
      'Can anyone tell me where glycolysis happens',
      'Is the enzyme used up',
      'Do you remember the equation',
    ]) {
      assert.ok(isQuestion(text), text);
    }
  });

  it('does not mistake statements and commands for questions', () => {
    for (const text of [
      "What we'll do today is look at respiration.",
      'How we measure it depends on the lab.',
      'Do the reading for Friday.',
      'Glycolysis happens in the cytoplasm.',
    ]) {
      assert.ok(!isQuestion(text), text);
    }
  });

  it('recognises Chinese questions by mark, particle or question word', () => {
    for (const text of ['谁能说一下有序数组的插入为什么慢？', '这棵树满足定义吗', '那查找的时间复杂度是多少', '你们觉得这样对不对？']) {
      assert.ok(isQuestion(text), text);
    }
    assert.ok(!isQuestion('这就是为什么我们需要平衡树。'));
  });

  it('treats check-ins and tags as rhetorical', () => {
    for (const text of ['It folds, right?', 'Does that make sense?', 'Any questions?', '对吧？', '能听到吗？']) {
      assert.equal(questionStrength(text), 'rhetorical', text);
    }
  });

  it('knows when a question is handed to the class', () => {
    assert.ok(isClassDirected('Can anyone tell me what ATP stands for?'));
    assert.ok(isClassDirected('谁能说一下后继节点是什么？'));
    assert.ok(!isClassDirected('Why is the sky blue?'));
  });
});
