import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { classSentences } from '../../../src/answer-engine/builtin/class-sentences.js';
import { courseTerms } from '../../../src/answer-engine/builtin/course-terms.js';
import { loadLanguageModels } from '../../../src/answer-engine/text/language-models.js';

function sentencesOf(lines: readonly string[]): ReturnType<typeof classSentences> {
  const start = Date.parse('2026-03-02T10:00:00Z');
  return classSentences(
    lines.map((text, i) => ({ id: i + 1, text, createdAt: new Date(start + i * 15_000).toISOString() })),
    0,
  );
}

const OCEANS = [
  'OK, people, the ocean today. People think the ocean is one big tank of water.',
  'The water near the top is warm, and the water at the bottom is cold.',
  'Between them the temperature drops fast, and that layer is called the thermocline.',
  'Sailors noticed the water getting cold, and people wrote it down for centuries.',
  'Some people measured the water with buckets, and people measured it from ships.',
  'The people on the ships saw the water change every season.',
  'Below the thermocline the water hardly moves at all.',
  'Wind pushes the surface water, and the water piles up against the coast.',
  'When the water rushes back out past the waves, that is a rip current.',
  'The water keeps moving, and people keep measuring the water.',
];

const SURVEYS = [
  'A survey can have a bias, and the biases add up.',
  'The bias of a phone survey is that it misses the young.',
  'Weighting is how pollsters fight that bias.',
];

const MONSOON_ZH = [
  '今天讲季风。',
  '季风就是风向随季节变化的风。',
  '夏天吹西南季风，冬天吹东北季风。',
  '西南季风带来大量降水。',
  '季风的成因主要是海陆热力差异。',
  '西南季风来得早，雨季就早。',
  '东北季风又干又冷。',
  '东北信风在赤道附近。',
  '东北信风越过赤道会偏转。',
  '东北信风全年都有。',
];

describe('courseTerms', () => {
  it('ranks a term the class introduced by name above the words it keeps repeating', async () => {
    const models = await loadLanguageModels();
    const names = courseTerms(sentencesOf(OCEANS), models, 3).map((t) => t.name);
    assert.ok(names.includes('thermocline'), names.join(', '));
    assert.ok(names.includes('rip current'), names.join(', '));
    assert.ok(!names.includes('people'), names.join(', '));
  });

  it('leaves out a plain word said only in passing', async () => {
    const models = await loadLanguageModels();
    const lines = [
      'Your quizzes are in the box by the door.',
      'A glacier is a river of ice that moves under its own weight.',
      'The glacier carves a valley as it moves.',
      'Take one from the box on the way out.',
      'The glacier leaves rocks behind when it melts.',
      ...Array.from({ length: 30 }, (_, i) => `The ice is ${i + 2} metres thick here.`),
    ];
    const names = courseTerms(sentencesOf(lines), models, 10).map((t) => t.name);
    assert.ok(names.includes('glacier'), names.join(', '));
    assert.ok(!names.includes('box'), names.join(', '));
  });

  it('names a term as the class said it, not as a wrong singular', async () => {
    const models = await loadLanguageModels();
    const names = courseTerms(sentencesOf(SURVEYS), models, 5).map((t) => t.name);
    assert.ok(names.includes('bias'), names.join(', '));
    assert.ok(!names.includes('bia'));
  });

  it('keeps a Chinese head term and drops a modifier said only inside longer terms', async () => {
    const models = await loadLanguageModels();
    const names = courseTerms(sentencesOf(MONSOON_ZH), models, 10).map((t) => t.name);
    for (const term of ['季风', '西南季风', '东北信风']) assert.ok(names.includes(term), `${term} in ${names.join(', ')}`);
    assert.ok(!names.includes('东北'), names.join(', '));
  });
});
