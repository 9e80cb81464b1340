// The asking words of a teacher's question line: question sentences only, without the clauses
// that call on a seat or a name, in English and Chinese; the case the line sets up; and what
// kind of answer each question wants.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { askedLine, askedPart } from '../../../src/answer-engine/text/asked-part.js';
import { askedFor, askedKind, asksForDefinition, choiceOptions } from '../../../src/answer-engine/text/question-intent.js';

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

describe('askedLine', () => {
  it('splits "what…, and why?" into two questions and keeps the case it sets up', () => {
    const line = askedLine('Last thing. Suppose a friend leaves the lid off the kettle. What goes wrong, and why? Think for a second.');
    assert.deepEqual(line.questions, ['What goes wrong', 'why?']);
    assert.ok(line.context.some((c) => /lid off the kettle/.test(c)));
    assert.ok(!line.context.some((c) => /Last thing/.test(c)), 'an announcement of the question is not its case');
  });

  it('keeps two question words that ask one thing together ("When and where is the quiz?")', () => {
    assert.deepEqual(askedLine('When and where is the quiz?').questions, ['When and where is the quiz?']);
  });

  it('drops classroom moves, names and colours that call on a student (en)', () => {
    const line = askedLine('Quick check, somebody tell me, why does the lid rattle? Yes, Priya.');
    assert.deepEqual(line.questions, [' why does the lid rattle?']);
    assert.doesNotMatch([...line.questions, ...line.context].join(' '), /quick|check|Priya/i);
    const red = askedLine('So why does steam push the lid? Yes, in the red.');
    assert.doesNotMatch(red.context.join(' '), /red/);
  });

  it('drops the call and the announcement of the question (zh)', () => {
    const line = askedLine('那我再回过头来问一个。水壶盖为什么会跳？谁来说？好，课代表。');
    assert.deepEqual(line.questions, ['水壶盖为什么会跳？']);
    assert.doesNotMatch(line.context.join(''), /问一个|课代表/);
  });

  it('drops a call by a pronoun, a show of hands or a short nickname (zh)', () => {
    assert.deepEqual(askedLine('你说，为什么铁会生锈？').questions, ['为什么铁会生锈？']);
    assert.deepEqual(askedLine('小王，大家想一想，铁为什么会生锈？').questions, ['铁为什么会生锈？']);
    assert.deepEqual(askedLine('举手回答，铁锈是怎么形成的？').questions, ['铁锈是怎么形成的？']);
    assert.deepEqual(askedLine('你说这是为什么？').questions, ['你说这是为什么？'], 'a clause that goes on to ask is kept');
  });

  it('takes "what about X?" as the topic of the question that follows', () => {
    const line = askedLine('And what about the thermostat? Does the water boil sooner or later?');
    assert.deepEqual(line.questions, ['Does the water boil sooner or later?']);
    assert.ok(line.context.some((c) => /thermostat/.test(c)));
  });
});

describe('askedFor', () => {
  it('says what role the answering sentence plays', () => {
    assert.equal(askedFor('Why does the lid rattle?'), 'reason');
    assert.equal(askedFor('If I add more salt, what happens?'), 'consequence');
    assert.equal(askedFor('Which way does the needle move?'), 'consequence');
    assert.equal(askedFor('About how many cups does the kettle hold?'), 'quantity');
    assert.equal(askedFor('What kind of valve is that?'), 'kind');
    assert.equal(askedFor('Does the water boil sooner or later?'), 'choice');
    assert.equal(askedFor('What does the red light actually refer to?'), 'definition');
    assert.equal(askedFor('When is the lab report due?'), 'time');
    assert.equal(askedFor('When the lid rattles, what does the steam do to it?'), 'consequence', 'a "when" clause sets up a case, it does not ask a time');
    assert.equal(askedFor('How do you descale the kettle?'), 'procedure');
    assert.equal(askedFor('水开了以后会发生什么？'), 'consequence');
    assert.equal(askedFor('实验报告什么时候交？'), 'time');
    assert.equal(askedFor('When and where is the quiz?'), 'time', 'a place is said with the time');
    assert.equal(askedFor('Where is the exam?'), 'time');
    assert.equal(askedFor('期中考试在哪儿考？'), 'time');
  });

  it('reads the same kinds from other phrasings', () => {
    assert.equal(askedFor('How did the kettle know to switch off?'), 'procedure', 'a way, whatever the subject');
    assert.equal(askedFor('How do you think it ends?'), 'fact', 'an opinion is not a procedure');
    assert.equal(askedFor('水壶是怎么知道该断电的？'), 'procedure');
    assert.equal(askedFor('这样怎么样？'), 'fact');
    assert.equal(askedFor('What would the boiling point be if we went up a mountain?'), 'consequence');
    assert.equal(askedFor('What if the lid is left open?'), 'consequence');
    assert.equal(askedFor('In the example we just did, what was the final answer?'), 'quantity');
    assert.equal(askedFor('Is that a thermostat or a fuse?'), 'choice', 'options with articles');
    assert.equal(askedFor('Which one trips first, the fuse or the breaker?'), 'choice');
    assert.deepEqual(choiceOptions('Is that a thermostat or a fuse?'), ['thermostat', 'fuse']);
  });

  it('names the kind asked for and the options of a choice', () => {
    assert.equal(askedKind('What kind of valve is that?'), 'valve');
    assert.equal(askedKind('这是哪种反应？'), '反应');
    assert.equal(askedKind('Why does it rattle?'), null);
    assert.deepEqual(choiceOptions('Does the water boil sooner or later?'), ['sooner', 'later']);
    assert.deepEqual(choiceOptions('是放热还是吸热？'), ['放热', '吸热']);
  });
});
