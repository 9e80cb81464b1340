// What a teacher's question is about once what it sets aside is taken out: "Define X without
// the formula" asks about X, not about the formula, in English and Chinese.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { questionSubject } from '../../../src/answer-engine/builtin/explanation.js';
import { withoutDenied } from '../../../src/answer-engine/builtin/question-terms.js';
import { loadLanguageModels } from '../../../src/answer-engine/text/language-models.js';

describe('withoutDenied', () => {
  it('takes out what the question sets aside', () => {
    assert.doesNotMatch(withoutDenied('Define a thermostat in words, without the formula.'), /formula/);
    assert.match(withoutDenied('Define a thermostat in words, without the formula.'), /thermostat/);
    assert.doesNotMatch(withoutDenied('不用公式，说说什么是恒温器？'), /公式/);
    assert.match(withoutDenied('不用公式，说说什么是恒温器？'), /恒温器/);
  });
});

describe('questionSubject', () => {
  it('is not what the question sets aside', async () => {
    const models = await loadLanguageModels();
    const subject = questionSubject('Define a thermostat in words, without the formula.', [], models);
    assert.equal(subject?.term.toLowerCase(), 'thermostat');
  });

  it('is the term a Chinese question frames, past an adverb and a qualifier (刚才讲的X，到底是什么)', async () => {
    const models = await loadLanguageModels();
    // The tagger splits 等差中项 into single characters: only the frame finds it.
    assert.equal(questionSubject('刚才讲的等差中项，到底是什么？', [], models)?.term, '等差中项');
    assert.equal(questionSubject('什么是基线条件？', [], models)?.term, '基线条件');
  });
});
