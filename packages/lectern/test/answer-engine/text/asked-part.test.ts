// The asking words of a teacher's question line: question sentences only, without the clauses
// that call on a seat or a name, in English and Chinese.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { askedPart } from '../../../src/answer-engine/text/asked-part.js';
import { asksForDefinition } from '../../../src/answer-engine/text/question-intent.js';

describe('askedPart', () => {
  it('keeps the question and drops the seat, the row and the follow-on call (en)', () => {
    const asked = askedPart('Right, back to the kettle. You, by the window, in the second row, why does the lid rattle? Go on.');
    assert.equal(asked, ' why does the lid rattle?');
    assert.doesNotMatch(asked, /window|row|kettle|go on/i);
  });

  it('drops the clauses that name a student (zh)', () => {
    const asked = askedPart('好，换个问题。后排那位戴眼镜的同学，你来说，水壶盖为什么会跳？');
    assert.equal(asked, '水壶盖为什么会跳？');
  });

  it('keeps a line with no question as it is', () => {
    assert.equal(askedPart('Tell me the boiling point of water.'), 'Tell me the boiling point of water.');
  });
});

describe('asksForDefinition', () => {
  it('tells a request for a definition from a question about the subject', () => {
    assert.equal(asksForDefinition('So who remembers what osmosis is?'), true);
    assert.equal(asksForDefinition('What does the lid do when the water boils?'), false);
    assert.equal(asksForDefinition('什么是渗透？'), true);
    assert.equal(asksForDefinition('水开了以后，壶盖最先做的是什么？'), false);
  });
});
