// The answer-set bench's scoring rules (bench/answers/score.ts, notes.ts): the matching that turns
// an answer into a hit or a miss, so a figure in docs/benchmarks.md means what the README says.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { listedConcepts, notesPart } from '../../../../bench/answers/notes.js';
import { conceptVerdict, missingGroups, namesTerm, openQuestionDetected, rescueOpening } from '../../../../bench/answers/score.js';

const questionLine = 'OK, quick, without looking at your notes. How many half steps is a minor third? Yes, Daniel.';
const threeHalfSteps = [['three', '3']];

function rescue(say: string): string {
  return [
    '## Say this',
    '',
    `> ${say}`,
    '',
    "## The teacher's likely question",
    '',
    '- **[0:06]** “How many half steps is a minor third?”',
    '',
    '## What was said (last 3 min)',
    '',
    '- **[0:03]** “C up to E flat is only three half steps.”',
  ].join('\n');
}

describe('rescue opening', () => {
  it('counts an answer that follows a restatement of the question', () => {
    const opening = rescueOpening(rescue('How many half steps is a minor third? It is three half steps.'), questionLine);
    assert.equal(opening, 'it is three half steps.');
    assert.deepEqual(missingGroups(opening, threeHalfSteps), []);
  });

  it('does not count a restatement, nor the quotes after the lead', () => {
    const opening = rescueOpening(rescue('How many half steps is a minor third?'), questionLine);
    assert.equal(opening, '');
    assert.deepEqual(missingGroups(opening, threeHalfSteps), threeHalfSteps);
  });

  it('removes a short question-line sentence only when it is a whole sentence of the answer', () => {
    const opening = rescueOpening('## Say this\n\n> Four. It is four half steps.', 'Four. And how many is a major third?');
    assert.equal(opening, 'it is four half steps.');
  });

  it('judges only the first two sentences and never reads a class clock as a number', () => {
    const opening = rescueOpening('## Say this\n\n> We saw it at **[0:03]**. It was about thirds. A minor third is three half steps.', questionLine);
    assert.equal(opening, 'we saw it at . it was about thirds.');
    assert.deepEqual(missingGroups(opening, threeHalfSteps), threeHalfSteps);
  });
});

describe('concept precision', () => {
  const lines = ['The rate of the reaction depends on the activation energy.', 'We call this the active site.'];
  const terms = [['enzyme'], ['active site'], ['rate of reaction', 'reaction rate']];

  it('calls a concept that starts or ends with a function word a fragment', () => {
    assert.equal(conceptVerdict('rate of', terms, lines), 'fragment');
    assert.equal(conceptVerdict('the reaction', terms, lines), 'fragment');
  });

  it('accepts gold terms, whole-word parts of them, and terms said in class', () => {
    assert.equal(conceptVerdict('Active site', terms, lines), 'gold');
    assert.equal(conceptVerdict('site', terms, lines), 'gold');
    assert.equal(conceptVerdict('activation energy', terms, lines), 'in-class');
    assert.equal(conceptVerdict('entropy', terms, lines), 'not-in-class');
    assert.equal(conceptVerdict('thing', terms, lines), 'generic');
  });

  it('calls a Chinese concept cut out of a longer gold term a fragment', () => {
    const chineseTerms = [['递归'], ['基线条件', '终止条件'], ['调用栈']];
    const chineseLines = ['每调用一次函数，系统就在调用栈上压一层。', '第一个部分，叫基线条件。'];
    assert.equal(conceptVerdict('基线', chineseTerms, chineseLines), 'fragment');
    assert.equal(conceptVerdict('递归', chineseTerms, chineseLines), 'gold');
    assert.equal(conceptVerdict('基线条件判断', chineseTerms, chineseLines), 'gold');
    assert.equal(conceptVerdict('压一层', chineseTerms, chineseLines), 'in-class');
    assert.equal(conceptVerdict('栈', chineseTerms, chineseLines), 'generic');
  });

  it('names a term only with a whole alternative', () => {
    assert.equal(namesTerm('major triad', ['major triad']), true);
    assert.equal(namesTerm('triad', ['major triad']), false);
    assert.equal(namesTerm('grassroots', ['root']), false);
    assert.equal(namesTerm('调用栈溢出', ['栈溢出']), true);
  });
});

describe('notes', () => {
  const notes = [
    '# Notes: music theory',
    '',
    '## Concepts',
    '',
    '- **triad** — Definition: “A triad is three notes built in thirds.” [0:02]',
    '- **C\\_sharp** — first mentioned at [0:03]: “C sharp.”',
    '',
    '## Open questions',
    '',
    '- **[0:07]** “So where does it want to go, and why?”',
  ].join('\n');

  it('reads the concept list under its heading', () => {
    assert.deepEqual(listedConcepts(notesPart(notes, 'concepts', 'en')), ['triad', 'C_sharp']);
    assert.equal(notesPart(notes, 'assignments', 'en'), '');
  });

  it('finds an open question by the key words of the question as said or as annotated', () => {
    const said = 'So where does it want to go, and why?';
    const annotated = 'Where does the diminished triad B-D-F want to go, and why?';
    assert.equal(openQuestionDetected(['- **[0:07]** “So where does it want to go, and why?”'], said, annotated), true);
    assert.equal(openQuestionDetected(['- **[0:07]** “Why does the diminished triad B-D-F sound tense?”'], said, annotated), true);
    assert.equal(openQuestionDetected(['- **[0:02]** “Why is it called perfect?”'], said, annotated), false);
    assert.equal(openQuestionDetected(['- **[0:40]** “动能是不是也一定守恒？”'], '动能是不是也一定守恒？', '碰撞前后两个球的总动能是不是也一定守恒？'), true);
    assert.equal(openQuestionDetected(['- **[0:40]** “为什么动量守恒？”'], '动能是不是也一定守恒？', '碰撞前后两个球的总动能是不是也一定守恒？'), false);
  });
});
