import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { classSentences } from '../../../src/answer-engine/builtin/class-sentences.js';
import { closingQuestion } from '../../../src/answer-engine/builtin/closing-question.js';

function sentencesOf(lines: readonly string[]): ReturnType<typeof classSentences> {
  const start = Date.parse('2026-03-02T10:00:00Z');
  return classSentences(
    lines.map((text, i) => ({ id: i + 1, text, createdAt: new Date(start + i * 20_000).toISOString() })),
    0,
  );
}

describe('closingQuestion', () => {
  it('finds the short question a class ends on, past the goodbye', () => {
    const sentences = sentencesOf([
      'A glacier moves because the ice deforms under its own weight.',
      'It also slides on meltwater at its base.',
      'So which one wins?',
      'Good, see you Monday.',
    ]);
    assert.equal(sentences[closingQuestion(sentences)]?.text, 'So which one wins?');
  });

  it('skips a check-in and finds Chinese closing questions', () => {
    const sentences = sentencesOf(['冰川为什么会移动？', '因为冰在自身重量下会变形。', '那冰川会不会倒着走？', '有没有问题？', '好，下课。']);
    assert.equal(sentences[closingQuestion(sentences)]?.text, '那冰川会不会倒着走？');
  });

  it('is none when the class answered its last question or kept teaching after it', () => {
    const answered = sentencesOf(['What drives the glacier?', 'Right, gravity, pulling the ice downhill.', 'See you Monday.']);
    assert.equal(closingQuestion(answered), -1);
    const taught = sentencesOf([
      'What drives the glacier?',
      'Let me draw the valley.',
      'The ice sits at the top.',
      'It is very thick there.',
      'Snow keeps adding to it.',
      'The bottom layers get squeezed.',
      'And they start to flow.',
      'It is slow, though.',
      'A few metres a year.',
      'Some move faster.',
    ]);
    assert.equal(closingQuestion(taught), -1);
  });
});
