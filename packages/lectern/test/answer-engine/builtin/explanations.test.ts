// The builtin engine answering from slides and from what little the class said, in English
// and Chinese: a rescue draws on the slide when the class has not explained the term, or on
// the class's mention when there is one; notes give a slide's definition of a concept the
// class did not define; a question the teacher defers stays open.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { MaterialText, TranscriptLine } from '../../../src/answer-engine/types.js';
import { answerOf, section } from '../evaluation/evaluate.js';
import { classSentences } from '../../../src/answer-engine/builtin/class-sentences.js';
import { explanationOf } from '../../../src/answer-engine/builtin/explanation.js';

const START = Date.UTC(2026, 10, 3, 9, 0, 0);
const lines = (texts: readonly string[], firstId: number): TranscriptLine[] =>
  texts.map((text, i) => ({ id: firstId + i, text, createdAt: new Date(START + i * 40_000).toISOString() }));

function slides(filename: string, pages: readonly string[]): MaterialText {
  return { filename, pageLabel: 'slide', text: pages.join('\n\n'), pages: pages.map((text, i) => ({ number: i + 1, text })) };
}

const englishDeck = slides('limits.pptx', [
  'Limits\nCalculus I, lecture 4',
  'Continuity\nA function is continuous at a point when its limit there equals its value.',
]);
const chineseDeck = slides('极限.pptx', ['极限\n微积分第四讲', '连续性\n函数在一点连续，是指它在该点的极限等于函数值。']);

describe('builtin answers from slides and mentions', () => {
  it('rescues from the slide when the class has not explained the term (en)', async () => {
    const entries = lines(['Today we talk about limits.', 'A limit is the value a function approaches.', 'Who can tell me what continuity means?'], 700_000);
    const say = section(await answerOf({ kind: 'rescue', entries, material: englishDeck }), 'Say this');
    assert.match(say, /the slides say: .*its limit there equals its value\. \(slide 2\)/);
  });

  it('rescues from the slide when the class has not explained the term (zh)', async () => {
    const entries = lines(['今天我们讲极限。', '极限就是函数无限接近的那个值。', '谁能说一下什么是连续性？'], 700_100);
    const say = section(await answerOf({ kind: 'rescue', entries, material: chineseDeck }), '可以这样说');
    assert.match(say, /幻灯片上写着：.*极限等于函数值。 \(slide 2\)/);
  });

  it('rescues from what the class said when it mentioned the term without explaining it', async () => {
    const entries = lines(['Continuity will matter a lot next week.', 'Limits come first.', 'Okay, who knows what continuity is?'], 700_200);
    const say = section(await answerOf({ kind: 'rescue', entries }), 'Say this');
    assert.match(say, /You mentioned that continuity will matter a lot next week\./);
    assert.doesNotMatch(say, /haven't covered|has to do with/);
  });

  it("gives a slide's definition of a concept the class did not define, in notes (en and zh)", async () => {
    const en = await answerOf({
      kind: 'summary',
      entries: lines(['Continuity matters for limits.', 'We check continuity at each point.', 'Continuity again, and limits again.'], 700_300),
      material: englishDeck,
    });
    assert.match(section(en, 'Concepts'), /- \*\*continuity\*\* — From the material: “A function is continuous at a point when its limit there equals its value\.” \(slide 2\)/);
    assert.doesNotMatch(section(en, 'Concepts'), /lecture 4/, 'a title slide defines nothing');
    const zh = await answerOf({ kind: 'summary', entries: lines(['连续性和极限有关。', '我们在每一点检查连续性。', '连续性很重要。'], 700_400), material: chineseDeck });
    assert.match(section(zh, '概念'), /- \*\*连续性\*\* — 课件中：“函数在一点连续，是指它在该点的极限等于函数值。” \(slide 2\)/);
  });

  it('keeps a deferred question open and an answered one closed (en and zh)', async () => {
    const en = await answerOf({
      kind: 'summary',
      entries: lines(['Why does the limit exist here?', "Because both sides approach two.", 'What about a jump in the function?', "We'll come back to that next time."], 700_500),
    });
    const open = section(en, 'Open questions');
    assert.match(open, /What about a jump/);
    assert.doesNotMatch(open, /Why does the limit exist/);
    const zh = await answerOf({ kind: 'summary', entries: lines(['为什么这里的极限存在？', '因为左右两边都趋近于二。', '函数有跳跃的时候怎么办呢？', '这个我们下次课再说。'], 700_600) });
    const openZh = section(zh, '待解决');
    assert.match(openZh, /函数有跳跃的时候怎么办呢/);
    assert.doesNotMatch(openZh, /为什么这里的极限存在/);
  });
});

describe('explanationOf', () => {
  it('answers "what is X" with what a naming sentence names, back through the sentences that point back', () => {
    const sentences = classSentences(
      lines(['C3接受了ATP和NADPH以后，一部分变成糖，另一部分又变回了C5。', '这样转一圈又回到起点，是一个循环。这是卡尔文发现的，所以叫卡尔文循环。', '下面讲光照强度。'], 701_000),
      0,
    );
    const explanation = explanationOf('卡尔文循环', '什么是卡尔文循环？', sentences);
    assert.match(explanation.sentences.map((s) => s.text).join(''), /变回了C5.*转一圈.*所以叫卡尔文循环/);
  });

  it('answers "say it more simply" with the image the class gave for it, then what it is', () => {
    const sentences = classSentences(
      lines(
        [
          '光反应在类囊体薄膜上进行，产生ATP和NADPH。',
          '暗反应在基质里，用ATP和NADPH把C3还原成糖。',
          '就像充电宝：光反应是充电器，暗反应是耗电的手机。',
          '下面讲影响因素。',
        ],
        702_000,
      ),
      0,
    );
    const explanation = explanationOf('光反应', '光反应和暗反应的关系能不能说得简单一点？', sentences);
    assert.match(explanation.sentences[0]?.text ?? '', /就像充电宝/);
    assert.equal(explanationOf('光反应', '什么是光反应？', sentences).sentences.some((s) => /充电宝/.test(s.text)), false, 'not when the question only asks what it is');
  });

  it('finds the image a few entries after the subject is named, however many sentences they hold', () => {
    const sentences = classSentences(
      lines(
        [
          'Today is the system. Linear perspective. Florence, early fifteenth century.',
          'Let me first say what problem it solves. A painting is flat. A wall, a panel. The world is not flat.',
          'So how do you make a flat surface look deep?',
          'The answer is: treat the picture like a window, a pane of glass between you and the scene.',
        ],
        703_000,
      ),
      0,
    );
    const explanation = explanationOf('linear perspective', 'Can you explain linear perspective more simply?', sentences);
    assert.match(explanation.sentences[0]?.text ?? '', /like a window/);
  });
});
