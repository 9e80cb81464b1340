import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { splitSentences } from '../../../src/answer-engine/text/sentences.js';

describe('splitSentences', () => {
  it('splits English at terminal punctuation followed by a space', () => {
    assert.deepEqual(splitSentences('ATP is energy. Glucose is fuel! Is that clear? Yes.'), [
      'ATP is energy.',
      'Glucose is fuel!',
      'Is that clear?',
      'Yes.',
    ]);
  });

  it('keeps abbreviations, initials and decimals inside the sentence', () => {
    assert.deepEqual(splitSentences('Dr. Chen said pi is 3.14, e.g. in circles. J. Watson agreed.'), [
      'Dr. Chen said pi is 3.14, e.g. in circles.',
      'J. Watson agreed.',
    ]);
  });

  it('splits Chinese at full-width marks without spaces, keeping closing quotes', () => {
    assert.deepEqual(splitSentences('今天讲二叉树。谁知道定义？他说：“很好。”然后继续……好'), [
      '今天讲二叉树。',
      '谁知道定义？',
      '他说：“很好。”',
      '然后继续……',
      '好',
    ]);
  });

  it('splits mixed text where a Chinese sentence follows an English full stop', () => {
    assert.deepEqual(splitSentences('This is a BST.这是二叉搜索树。'), ['This is a BST.', '这是二叉搜索树。']);
  });

  it('never cuts an emoji or a rare Han character in half', () => {
    const text = '🧫'.repeat(300);
    const sentences = splitSentences(text);
    assert.equal(sentences.join(''), text);
    for (const sentence of sentences) assert.ok(!/[\ud800-\udbff]$/.test(sentence));
  });

  it('cuts an unpunctuated run at a comma so no sentence grows without bound', () => {
    const clause = 'and then the enzyme binds the substrate';
    const sentences = splitSentences(Array.from({ length: 12 }, () => clause).join(', '));
    assert.ok(sentences.length > 1);
    for (const sentence of sentences) assert.ok(sentence.length <= 240, sentence);
  });
});
