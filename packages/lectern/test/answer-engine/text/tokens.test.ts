import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { foldPlural, termRuns, tokenize } from '../../../src/answer-engine/text/tokens.js';

describe('tokenize', () => {
  it('keeps English content words lower-cased with plurals folded', () => {
    assert.deepEqual(tokenize('The enzymes lower the Activation Energy of reactions.'), [
      'enzyme',
      'lower',
      'activation',
      'energy',
      'reaction',
    ]);
  });

  it('turns Han text into bigrams that never straddle a particle', () => {
    assert.deepEqual(tokenize('二叉搜索树的定义'), ['二叉', '叉搜', '搜索', '索树', '定义']);
  });

  it('drops stop words before folding plurals, so "does" never becomes a term', () => {
    assert.deepEqual(tokenize('What does PFK do? This was always his.'), ['pfk']);
  });

  it('drops classroom filler in both languages', () => {
    assert.deepEqual(tokenize('okay so um, you know, 大家 我们 然后'), []);
  });

  it('handles mixed Chinese and English', () => {
    assert.deepEqual(tokenize('英文叫 binary search tree'), ['英文', '文叫', 'binary', 'search', 'tree']);
  });
});

describe('termRuns', () => {
  it('breaks runs at stop words and punctuation, so only adjacent words pair up', () => {
    assert.deepEqual(termRuns('binary search of trees, sorted arrays'), [['binary', 'search'], ['tree'], ['sorted', 'array']]);
  });
});

describe('foldPlural', () => {
  it('folds regular plurals and leaves singular -s words alone', () => {
    assert.deepEqual(
      ['studies', 'processes', 'branches', 'phases', 'class', 'analysis', 'virus', 'gas'].map(foldPlural),
      ['study', 'process', 'branch', 'phase', 'class', 'analysis', 'virus', 'gas'],
    );
  });
});
