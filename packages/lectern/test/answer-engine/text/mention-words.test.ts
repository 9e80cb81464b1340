import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mentionPattern } from '../../../src/answer-engine/builtin/key-phrases.js';
import { mentionKeys, mentionWords } from '../../../src/answer-engine/text/mention-words.js';

const texts = [
  'The Power Rule says: bring the power down.',
  'Two power rules, and POWER-RULES in capitals.',
  'Triads, triades and a triadic chord; subtriad is not one.',
  'A T cell and T-cells; the T_cell variable; cellular is another word.',
  'Buses and a bus, glasses and a glass.',
  'Über-cells, naïve cells, and cell’s wall.',
  '3D printing and 3d-printed parts.',
  '冰川侵蚀形成U形谷。',
];
const phrases = ['power rule', 'Power', 'triad', 'cell', 'T cell', 'cells', 'bus', 'glass', '3D printing', 'U形谷', 'the power', 'naïve cell', 'wall'];

describe('mentionKeys', () => {
  it('holds a word of every sentence the phrase pattern finds', () => {
    for (const phrase of phrases) {
      const keys = mentionKeys(phrase);
      const pattern = mentionPattern(phrase);
      for (const text of texts) {
        if (keys === null || !pattern.test(text)) continue;
        assert.ok(mentionWords(text).some((word) => keys.includes(word)), `${phrase} in ${text}`);
      }
    }
  });

  it('cannot tell for a Han phrase, nor for one that starts with a stop word or a sign', () => {
    assert.equal(mentionKeys('U形谷'), null);
    assert.equal(mentionKeys('the power'), null);
    assert.equal(mentionKeys('-ase enzymes'), null);
    assert.deepEqual(mentionKeys('triad'), ['triad', 'triads', 'triades']);
    assert.deepEqual(mentionKeys('Power rule'), ['power']);
  });
});
