// Stems for matching a question against the class: derived forms of a word meet, short words
// and Chinese stay as they are.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { stem } from '../../../src/answer-engine/text/stems.js';

describe('stem', () => {
  it('lets the forms of a word meet', () => {
    assert.equal(stem('inhibitor'), stem('inhibition'));
    assert.equal(stem('inhibitor'), stem('inhibits'));
    assert.equal(stem('denature'), stem('denatured'));
    assert.equal(stem('denature'), stem('denaturation'));
    assert.equal(stem('bigger'), stem('big'));
    assert.equal(stem('stopped'), stem('stop'));
    assert.equal(stem('oceanic'), stem('ocean'), 'an adjective in -ic meets its noun');
    assert.equal(stem('atomic'), stem('atom'));
  });

  it('keeps short words, numbers and Han bigrams as they are', () => {
    assert.equal(stem('lower'), 'lower', 'a three-letter stem ("low") would be too ambiguous');
    assert.equal(stem('rate'), 'rate');
    assert.equal(stem('topic'), 'topic', 'nor is "top" taken out of "topic"');
    assert.equal(stem('1.96'), '1.96');
    assert.equal(stem('季风'), '季风');
  });

  it('keeps words that only look derived apart from different words', () => {
    assert.notEqual(stem('elastic'), stem('inelastic'));
  });
});
