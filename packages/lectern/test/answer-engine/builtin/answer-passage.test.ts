// Rescuing a teacher's check question with the class's own explanation: the passage that
// shares the question's subject and fits what it asks, not the question repeated, not the
// homework line, not the seat the teacher called on; in English and Chinese.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { answerPassage } from '../../../src/answer-engine/builtin/answer-passage.js';
import { classSentences } from '../../../src/answer-engine/builtin/class-sentences.js';
import type { TranscriptLine } from '../../../src/answer-engine/types.js';
import { answerOf, section } from '../evaluation/evaluate.js';

const START = Date.UTC(2026, 10, 5, 10, 0, 0);
const lines = (texts: readonly string[], firstId: number): TranscriptLine[] =>
  texts.map((text, i) => ({ id: firstId + i, text, createdAt: new Date(START + i * 20_000).toISOString() }));

const breadClass = [
  'Good morning, today we look at why bread rises.',
  'Yeast eats the sugar in the dough and gives off carbon dioxide.',
  'That gas gets trapped in the gluten, so the dough puffs up.',
  'My grandmother baked every Sunday, by the way, and her dough always puffed up beautifully.',
  'The homework is the dough worksheet, due Friday.',
];

describe('answerPassage', () => {
  it('prefers the sentences that give the reason to a "why" question', () => {
    const before = classSentences(lines(breadClass, 900_000), 0);
    const passage = answerPassage('why does the dough puff up?', before);
    assert.ok(passage !== undefined);
    assert.match(passage.sentences.map((s) => s.text).join(' '), /trapped in the gluten/);
    assert.doesNotMatch(passage.sentences.map((s) => s.text).join(' '), /worksheet/, 'an announcement is not an explanation');
  });

  it('finds nothing when no statement shares a word with the question', () => {
    const before = classSentences(lines(breadClass, 900_100), 0);
    assert.equal(answerPassage('what about volcanoes?', before), undefined);
  });
});

describe('builtin rescue from the explanation', () => {
  it('says the explanation, not the seat or the homework (en)', async () => {
    const entries = lines([...breadClass, 'Quick check: what happens to the carbon dioxide in the dough? Yes, you in the blue shirt.'], 900_200);
    const say = section(await answerOf({ kind: 'rescue', entries }), 'Say this');
    // The sentence that mentions the gas is not the answer; the one after it, which says what happens to it, is.
    assert.match(say, /trapped in the gluten/);
    assert.doesNotMatch(say, /You mentioned|blue shirt|worksheet/);
  });

  it('says the explanation, not the seat or the homework (zh)', async () => {
    const entries = lines(
      [
        '今天我们讲面包为什么会发起来。',
        '酵母吃掉面团里的糖，放出二氧化碳。',
        '二氧化碳被面筋包住，所以面团就鼓起来了。',
        '作业是面团练习册第二页，周五交。',
        '好，第二排那位同学，面团为什么会鼓起来？',
      ],
      900_300,
    );
    const say = section(await answerOf({ kind: 'rescue', entries }), '可以这样说');
    assert.match(say, /面筋包住/);
    assert.doesNotMatch(say, /第二排|练习册/);
  });
});
