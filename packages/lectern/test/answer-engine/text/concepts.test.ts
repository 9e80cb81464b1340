import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { termMentions } from '../../../src/answer-engine/text/concepts.js';
import { definitionStrength, termNamedIn } from '../../../src/answer-engine/text/definitions.js';
import { createLanguageModels, loadLanguageModels } from '../../../src/answer-engine/text/language-models.js';
import { questionIntent } from '../../../src/answer-engine/text/question-intent.js';
import { courseTerms } from '../../../src/answer-engine/builtin/course-terms.js';
import { classSentences } from '../../../src/answer-engine/builtin/class-sentences.js';
import { CALCULUS_ZH, transcriptOf } from '../evaluation/lectures.js';

const keys = async (text: string): Promise<string[]> => termMentions(text, await loadLanguageModels()).map((m) => m.key);

describe('course terms in a sentence', () => {
  it('finds English noun phrases and named rules, not function words, numbers or variables', async () => {
    assert.deepEqual(await keys('The power rule says that the derivative of x to the n is n times x to the n minus one.'), ['power rule', 'derivative']);
    assert.deepEqual(await keys('The slope of the secant lines is f of x plus h minus f of x, all over h.'), ['slope', 'secant line']);
    // The tagger calls a lone "derivative" an adjective; between an article and a verb it is the noun.
    assert.deepEqual(await keys('So who can tell me what a derivative is?'), ['derivative']);
    assert.deepEqual(await keys('Okay, so, um, we will do that one more time with two of them.'), []);
  });

  it('finds Chinese noun phrases and rule names, not particles or single characters', async () => {
    // A run names the term and the nouns inside it, which the ranking weighs against each other.
    assert.deepEqual(await keys('换句话说，导数就是切线斜率。'), ['导数', '切线斜率', '切线', '斜率']);
    assert.ok((await keys('二叉搜索树是一棵二叉树。')).includes('二叉搜索树'), 'a verb the segmenter sees inside a compound');
    assert.ok((await keys('下面我们讲幂函数求导法则。')).includes('幂函数求导法则'));
    assert.deepEqual(await keys('这个我们下次课再说。'), []);
  });

  it('keeps English said inside Chinese as a phrase', async () => {
    assert.ok((await keys('Dynamic programming 的核心是把大问题拆成 overlapping subproblems。')).includes('overlapping subproblem'));
  });

  it('ranks a Chinese class with Intl.Segmenter when jieba is not available', async () => {
    const models = await createLanguageModels({ chinese: 'segmenter' });
    const names = courseTerms(classSentences(transcriptOf(CALCULUS_ZH), 0), models, 10).map((t) => t.name);
    for (const term of ['导数', '切线', '差商']) assert.ok(names.includes(term), `${term} in ${names.join(', ')}`);
    assert.ok(names.every((name) => [...name].length >= 2));
  });
});

describe('definitions', () => {
  it('knows the term a sentence names and how strongly it defines a term', () => {
    assert.equal(termNamedIn('This quotient is called the difference quotient.'), 'difference quotient');
    assert.equal(termNamedIn('我们把这个商叫做差商。'), '差商');
    assert.equal(definitionStrength('This quotient is called the difference quotient.', 'difference quotient'), 3);
    assert.equal(definitionStrength('The derivative is the limit of the difference quotient.', 'derivative'), 2);
    assert.equal(definitionStrength('切线就是和曲线只在一点接触的直线。', '切线'), 2);
    assert.equal(definitionStrength('So who can tell me what a derivative is?', 'derivative'), 0);
    assert.equal(definitionStrength('We write the derivative as f prime of x.', 'derivative'), 0);
  });

  it('reads the spoken forms of a definition: a qualified name after 叫做, an opener like "simply put" or 说白了', () => {
    assert.equal(termNamedIn('那么中间这个A，就叫做a与b的等差中项。'), '等差中项');
    assert.equal(termNamedIn('这是卡尔文发现的，所以叫卡尔文循环。'), '卡尔文循环');
    assert.equal(termNamedIn("That's what the handshake is for."), 'handshake', 'a purpose named after it was described');
    assert.equal(termNamedIn('老师叫小明回答。'), null, 'a bare 叫 that calls someone names nothing');
    assert.equal(definitionStrength('那么中间这个A，就叫做a与b的等差中项。', '等差中项'), 3);
    assert.equal(definitionStrength('说白了，等差中项就是前后两个数的平均数。', '等差中项'), 2);
    assert.equal(definitionStrength('Simply put, the difference quotient is the slope of the secant line.', 'difference quotient'), 2);
    assert.equal(definitionStrength('比如3和11的等差中项，3加11等于14。', '等差中项'), 0, 'an example is not a definition');
  });

  it('tells what a question asks for', () => {
    assert.equal(questionIntent('Can you explain the difference quotient in simpler words?'), 'what');
    assert.equal(questionIntent('通项公式能不能说得简单一点？'), 'what', 'asked to say it more simply is asked to explain');
    assert.equal(questionIntent('Why is that?'), 'why');
    assert.equal(questionIntent('How do we find the slope of a tangent line?'), 'how');
    assert.equal(questionIntent('Can you give an example of it?'), 'example');
    assert.equal(questionIntent('为什么幂函数求导法则成立？'), 'why');
    assert.equal(questionIntent('导数是什么？'), 'what');
    assert.equal(questionIntent('能举个例子吗？'), 'example');
  });
});
