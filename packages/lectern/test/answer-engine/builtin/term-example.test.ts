import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { classSentences, type ClassSentence } from '../../../src/answer-engine/builtin/class-sentences.js';
import { exampleOf } from '../../../src/answer-engine/builtin/term-example.js';

const START = Date.UTC(2026, 10, 3, 9, 0, 0);
function sentencesOf(texts: readonly string[]): ClassSentence[] {
  return classSentences(texts.map((text, i) => ({ id: 900_000 + i, text, createdAt: new Date(START + i * 40_000).toISOString() })), 0);
}
const namingPowerRule = (sentences: readonly ClassSentence[]) => sentences.filter((s) => /power rule/i.test(s.text));
const nextIn = (sentences: readonly ClassSentence[]) => (sentence: ClassSentence) => sentences[sentences.indexOf(sentence) + 1];

describe('the example the class gave for a term', () => {
  it('prefers an example that names the term to the one after its definition', () => {
    const sentences = sentencesOf([
      'The power rule says the derivative of x to the n is n times x to the n minus one.',
      'For example, x squared gives two x.',
      'For example, the power rule turns x cubed into three x squared.',
    ]);
    const example = exampleOf(namingPowerRule(sentences), sentences[0], nextIn(sentences));
    assert.equal(example?.text, 'For example, the power rule turns x cubed into three x squared.');
  });

  it('else takes the example given right after the definition, though it leaves the term unsaid', () => {
    const sentences = sentencesOf(['The power rule says the derivative of x to the n is n times x to the n minus one.', 'For example, x squared gives two x.']);
    assert.equal(exampleOf(namingPowerRule(sentences), sentences[0], nextIn(sentences))?.text, 'For example, x squared gives two x.');
  });

  it('takes no question, and nothing after the definition without a definition', () => {
    const sentences = sentencesOf([
      'The power rule says the derivative of x to the n is n times x to the n minus one.',
      'For example, what does the power rule give for x squared?',
    ]);
    assert.equal(exampleOf(namingPowerRule(sentences), sentences[0], nextIn(sentences)), undefined);
    const undefinedTerm = sentencesOf(['We will use the power rule today.', 'For example, x squared gives two x.']);
    assert.equal(exampleOf(namingPowerRule(undefinedTerm), undefined, nextIn(undefinedTerm)), undefined);
  });
});
