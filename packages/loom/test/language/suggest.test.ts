import assert from 'node:assert/strict';
import { test } from 'node:test';
import { editDistance, suggestionHint } from '../../src/language/suggest.js';

test('edit distance counts insertions, deletions, substitutions and adjacent swaps as one edit each', () => {
  assert.equal(editDistance('agent', 'agent'), 0);
  assert.equal(editDistance('agnet', 'agent'), 1);
  assert.equal(editDistance('agen', 'agent'), 1);
  assert.equal(editDistance('flwo', 'flow'), 1);
  assert.equal(editDistance('kitten', 'sitting'), 3);
});

test('a suggestion is the closest candidate within a third of the name, and letter case alone is the closest', () => {
  assert.equal(suggestionHint('Wrter', ['Writer', 'Reader']), "did you mean 'Writer'?");
  assert.equal(suggestionHint('writer', ['Writers', 'Writer']), "did you mean 'Writer'?");
  assert.equal(suggestionHint('xyz', ['Writer']), undefined);
  assert.equal(suggestionHint('Writer', ['Writer']), undefined);
});
