import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { rankKeywords } from '../../../src/answer-engine/text/keywords.js';
import { termRuns } from '../../../src/answer-engine/text/tokens.js';

const phrases = (texts: string[]): string[] => rankKeywords(texts.map(termRuns), { limit: 5 }).map((k) => k.phrase);

describe('rankKeywords', () => {
  it('joins words that keep occurring together into one phrase', () => {
    const found = phrases([
      'The electron transport chain pumps protons.',
      'Electrons enter the electron transport chain from NADH.',
      'At the end of the electron transport chain, oxygen accepts electrons.',
    ]);
    assert.equal(found[0], 'electron transport chain');
    assert.ok(!found.includes('transport'));
  });

  it('joins overlapping Han bigrams into the word they spell', () => {
    const found = phrases(['二叉搜索树的定义。', '在二叉搜索树里查找。', '二叉搜索树的插入。']);
    assert.equal(found[0], '二叉搜索树');
  });

  it('does not join a pair that only met by chance', () => {
    const found = phrases(['binary search is fast', 'search trees', 'search again', 'search the list', 'binary digits', 'binary numbers']);
    assert.ok(!found.includes('binary search'));
    assert.ok(found.includes('search'));
  });
});
