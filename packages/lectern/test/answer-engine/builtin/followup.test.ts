// Follow-ups answered with the entries the class said that answer them: the deadline on the
// line after the homework, each side of a comparison, the reason before its conclusion; in
// English and Chinese. The classes are small ones written for these tests.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { comparedParts } from '../../../src/answer-engine/builtin/compared-parts.js';
import type { TranscriptLine } from '../../../src/answer-engine/types.js';
import { answerOf } from '../evaluation/evaluate.js';

const START = Date.UTC(2026, 10, 6, 9, 0, 0);
const lines = (texts: readonly string[], firstId: number): TranscriptLine[] =>
  texts.map((text, i) => ({ id: firstId + i, text, createdAt: new Date(START + i * 15_000).toISOString() }));

const kettle = lines(
  [
    'Morning. Today, kettles and pressure cookers.',
    'Inside the base of a kettle there is a bimetallic strip, two metals stuck together.',
    'The two metals expand by different amounts when they get hot.',
    'So when the steam reaches the strip, it bends and flips the switch.',
    'A safety valve opens only when the pressure gets dangerous.',
    'The lid of a pressure cooker locks with a rubber ring that seals the steam in.',
    'Lab report. The descaling lab report is up on the site.',
    'It would normally be due Thursday, but the lab is closed, so it is due Friday at 5 pm instead.',
    'Any questions? No? Good.',
  ],
  930_000,
);

describe('builtin follow-up: the entries that answer', () => {
  it('answers "when is it due" with the line that gives the time, not only the line that names the work', async () => {
    const markdown = await answerOf({ kind: 'followup', entries: kettle, question: 'When is the lab report due?' });
    assert.match(markdown, /Friday at 5 pm/);
  });

  it('answers "how do you…" with the steps the class said one after another', async () => {
    const search = lines(
      [
        'We keep two indices, low and high.',
        'Then, while low is at most high, we compute mid, the middle index.',
        'We compare the element at mid with the target.',
        'If it is equal, return mid.',
        'If the element at mid is smaller, we set low to mid plus one.',
        'If it is bigger, high becomes mid minus one.',
        'Let me do one on the board.',
      ],
      931_000,
    );
    const markdown = await answerOf({ kind: 'followup', entries: search, question: 'How do you update low and high after comparing with the middle element?' });
    assert.match(markdown, /mid plus one/);
    assert.match(markdown, /mid minus one/);
    assert.doesNotMatch(markdown, /on the board/, 'the steps end where the class moves on');
  });

  it('answers a comparison with what the class said about each side', async () => {
    const markdown = await answerOf({ kind: 'followup', entries: kettle, question: 'What is the difference between a safety valve and the lid of a pressure cooker?' });
    assert.match(markdown, /opens only when the pressure gets dangerous/);
    assert.match(markdown, /rubber ring that seals/);
  });

  it('answers "why" with the reason the class gave before its conclusion', async () => {
    const markdown = await answerOf({ kind: 'followup', entries: kettle, question: 'Why does the strip bend?' });
    assert.match(markdown, /expand by different amounts/);
  });

  it('answers a Chinese deadline question from the line that gives the time', async () => {
    const entries = lines(['好，我们今天讲水壶。', '布置作业。练习册第三页已经发下去了。', '本来周四交，但是周四要考试，所以改成周五早自习之前交。', '好，下课。'], 930_100);
    const markdown = await answerOf({ kind: 'followup', entries, question: '练习册什么时候交？' });
    assert.match(markdown, /周五早自习/);
  });
});

describe('comparedParts', () => {
  it('finds the two sides of a comparison, sharing a noun said once', () => {
    assert.deepEqual(comparedParts('What is the difference between a competitive and a noncompetitive valve?'), ['competitive valve', 'noncompetitive valve']);
    assert.deepEqual(comparedParts('What is the difference between the Estates-General and the National Assembly?'), ['Estates-General', 'National Assembly']);
    assert.deepEqual(comparedParts('水壶和高压锅的原理有什么不同？'), ['水壶的原理', '高压锅的原理']);
    assert.deepEqual(comparedParts('Why does the strip bend?'), []);
  });
});
