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

const said = (passage: ReturnType<typeof answerPassage>): string => (passage?.sentences ?? []).map((s) => s.text).join(' ');

const kettleClass = [
  'Today, the electric kettle, and why it switches itself off.',
  'Inside the base there is a bimetallic strip, two metals stuck together.',
  'The two metals expand by different amounts when they get hot.',
  'So when the steam reaches the strip, it bends and flips the switch.',
  'A kettle usually holds about 1.7 litres, that is seven cups.',
  'The kettle uses a thermostat, and the thermostat is the strip.',
  'If you boil it with the lid open, the steam escapes at the top.',
  'Then the strip never gets hot enough and the kettle keeps boiling until it runs dry.',
  'A thermostat does not mean a thermometer, it does not tell you the temperature.',
  'A thermostat is a switch that turns the heat off at a set temperature.',
  'There are two kinds of valve in a pressure cooker.',
  'A safety valve opens only when the pressure gets dangerous.',
  'The weight on top is just a lid.',
];

describe('answerPassage: roles and question parts', () => {
  const before = classSentences(lines(kettleClass, 910_000), 0);

  it('answers "how many" with the sentence that gives a number', () => {
    assert.match(said(answerPassage('About how many cups does a kettle hold?', before)), /seven cups/);
  });

  it('answers "what happens if…" with what the class said follows the case, not the case', () => {
    const passage = answerPassage('Suppose you boil it with the lid open. What happens?', before);
    assert.match(passage?.sentences[0]?.text ?? '', /keeps boiling/);
  });

  it('gives the reason before a "So…" conclusion for "why"', () => {
    assert.match(said(answerPassage('Why does the strip bend?', before)), /expand by different amounts/);
  });

  it('answers each of two questions on one line with its own sentence', () => {
    const passage = answerPassage('What switches the kettle off, and how many cups does it hold?', before);
    assert.equal(passage?.sentences.length, 2);
    assert.match(said(passage), /strip/);
    assert.match(said(passage), /seven cups/);
  });

  it('answers "what does X mean" with what X is, not with what it is not', () => {
    const passage = answerPassage('What does thermostat actually mean?', before);
    assert.match(passage?.sentences[0]?.text ?? '', /switch that turns the heat off/);
  });

  it('answers with what resolves a set-up ("Imagine…"), not with the set-up', () => {
    const setUp = classSentences(lines([
        'Limescale builds up where the water is hard.',
        'Vinegar dissolves limescale in an hour or so.',
        'Imagine a kettle with a cracked lid on a gas stove.',
        'The steam leaks out, so it never whistles.',
        'Now, descaling again: rinse twice after the vinegar.',
      ], 910_500), 0);
    assert.match(passage1('What happens to a kettle with a cracked lid?', setUp), /never whistles/);
  });

  it('answers "what kind of" with a sentence that names a kind', () => {
    assert.match(passage1('What kind of valve opens when the pressure gets high?', before), /safety valve/);
  });
});

function passage1(asked: string, before: ReturnType<typeof classSentences>): string {
  return answerPassage(asked, before)?.sentences[0]?.text ?? '';
}

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

describe('answerPassage: a "why" asked of what the class concluded', () => {
  it('says the reasoning that led to the conclusion, from where its facts start (en)', () => {
    const before = classSentences(
      lines(
        [
          'Today: why ice floats.',
          'When water freezes, the molecules lock into a hexagonal lattice.',
          'The lattice holds them further apart than in liquid water.',
          'More space per molecule means lower density.',
          'So ice floats on water.',
          'Anyway, the lab is on Thursday.',
        ],
        930_000,
      ),
      0,
    );
    const passage = answerPassage('Why does ice float on water?', before);
    assert.match(passage?.sentences[0]?.text ?? '', /hexagonal lattice/);
    assert.doesNotMatch(said(passage), /So ice floats/, 'the conclusion restates the question');
  });

  it('says the reasoning that led to the conclusion (zh)', () => {
    const before = classSentences(
      lines(['今天讲为什么冰会浮在水面上。', '水结冰的时候，分子排成六边形的格子。', '格子里分子之间的空隙比液态水大。', '空隙大，密度就小。', '所以冰浮在水面上。'], 931_000),
      0,
    );
    const passage = answerPassage('为什么冰会浮在水面上？', before);
    assert.match(passage?.sentences[0]?.text ?? '', /六边形/);
  });

  it('answers "why X" with the reason, not with what X is', () => {
    const before = classSentences(lines(['Only the Estates-General can approve a new tax.', 'The Estates-General is an assembly of the three estates.'], 933_000), 0);
    const passage = answerPassage('Why does the king need the Estates-General?', before);
    assert.match(passage?.sentences[0]?.text ?? '', /approve a new tax/);
  });

  it('takes "far too small to" and "so far that" as giving a reason', () => {
    const before = classSentences(lines(['Parallax is far too small to see with the eye.', 'Parallax is the shift of a near star against far ones.'], 934_000), 0);
    const passage = answerPassage('Why did nobody see parallax before 1838?', before);
    assert.match(passage?.sentences[0]?.text ?? '', /too small to see/);
  });

  it('answers a question about the homework itself from what the class announced about it', () => {
    const before = classSentences(
      lines(['好，上课。同学们好，请坐。', '实验报告原来说今天交。', '但是滤纸条晾干以后颜色变淡了，要重新拍照，那就宽限两天，周四交。', '好，我们复习一下叶绿体。'], 936_000),
      0,
    );
    const passage = answerPassage('实验报告为什么可以晚交？', before);
    assert.match(said(passage), /重新拍照/);
    assert.doesNotMatch(said(passage), /请坐/, 'a greeting beside the announcement is no answer');
  });

  it('goes on past the question the class asked itself to its answer', () => {
    const before = classSentences(lines(['上课。同学们好。', '先说个事。默写原来说周四，现在提前到下周二。为什么提前？周四下午全校开运动会，只好往前挪。', '好，我们读诗。'], 937_000), 0);
    const passage = answerPassage('默写为什么提前了？', before);
    assert.match(said(passage), /提前到下周二/);
    assert.match(said(passage), /运动会/);
  });

  it('says the reasoning before a conclusion that puts the question in other words, not the conclusion', () => {
    // The question says 夏季 where the class said 夏天: the conclusion holds too few of its words
    // to be found as one, but it is the best match, and what led to it is the answer.
    const before = classSentences(
      lines(['夏天，陆地升温快，比海洋热。', '陆地上的空气受热上升，近地面形成低压。', '海洋相对凉，形成高压。', '从高压吹向低压。所以夏天风从海洋吹向陆地。', '冬天正好反过来。'], 932_000),
      0,
    );
    // As the tagger weighs them: the nouns fully, the bigrams across words (季的, 风从) little.
    const nouns = new Set(['夏季', '时候', '海洋', '陆地']);
    const passage = answerPassage('夏季的时候，为什么风从海洋吹向陆地？', before, (term) => (nouns.has(term) ? 1 : 0.3));
    assert.doesNotMatch(said(passage), /^所以/, 'the conclusion restates the question');
    assert.match(said(passage), /低压/);
  });
});
