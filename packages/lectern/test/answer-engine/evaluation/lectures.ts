// The answer-quality evaluation set: two calculus lectures (English and Chinese) as a student
// would hear them, with what a good offline assistant should get out of them. The tests and
// bench/lectern-answer-quality.bench.ts write the transcripts from here; evaluate.ts checks
// the engine's answers against the expectations.
import type { MaterialText, TranscriptLine } from '../../../src/answer-engine/types.js';

/** Any one of the spellings counts: 导数 may be named with or without its rule. */
export type Expected = string | readonly string[];

export interface RescueExpectation {
  /** The class is cut right after the line containing this text (the teacher's question). */
  until: string;
  /** What "Say this" must contain: words of the explanation that preceded the question. */
  says: Expected;
}

export interface FollowupExpectation {
  question: string;
  /** An earlier question this one follows up on (`parent_id`): asked first, its answer passed on. */
  parent?: string;
  /** Text of the sentence the answer must quote; null when the class does not cover it. */
  quotes: Expected | null;
  withMaterial?: boolean;
  /** A citation the answer must carry, e.g. "(slide 2)". */
  cites?: string;
}

export interface EvaluationLecture {
  name: string;
  language: 'en' | 'zh';
  courseName: string;
  /** [minute:second into the class, what was said]. */
  lines: readonly (readonly [string, string])[];
  material: MaterialText;
  concepts: readonly Expected[];
  /** The summary's topic line must name this. */
  topic: Expected;
  /** Each part of the class the outline must give a bullet that names it. */
  parts: readonly Expected[];
  /** Defined terms whose concept line must quote (part of) their definition. */
  definitions: readonly { concept: Expected; quotes: string }[];
  /** Questions the class answered right after: never listed as open. */
  answeredQuestions: readonly string[];
  /** A question nothing after it answered: listed as open. */
  openQuestion: string;
  rescues: readonly RescueExpectation[];
  followups: readonly FollowupExpectation[];
  catchup: {
    /** Cut after this line, the question it contains is still pending. */
    pendingUntil: string;
    /** Cut after this line, which answers the pending question: not pending any more. */
    answeredUntil: string;
    question: string;
    /** Cut after this line, the latest key point quotes it (a newer definition than the stressed line). */
    keyPointUntil: string;
    /** Said well over three minutes before that cut: no longer "what comes next". */
    staleNext: string;
  };
}

const START_MS = Date.UTC(2026, 10, 2, 9, 0, 0);

/** The lecture as transcript entries with ids from `firstId`. */
export function transcriptOf(lecture: EvaluationLecture, firstId = 1): TranscriptLine[] {
  return lecture.lines.map(([clock, text], i) => {
    const [minutes = 0, seconds = 0] = clock.split(':').map(Number);
    return { id: firstId + i, text, createdAt: new Date(START_MS + (minutes * 60 + seconds) * 1000).toISOString() };
  });
}

export const CALCULUS_EN: EvaluationLecture = {
  name: 'calculus (en)',
  language: 'en',
  courseName: 'Calculus I',
  lines: [
    ['00:00', 'Good afternoon everyone, today we are going to talk about derivatives.'],
    ["00:30", "Let's start with tangent lines."],
    ['01:00', 'Take a curve, say the parabola y equals x squared.'],
    ['01:40', 'A tangent line is a line that just touches the curve at one point and points the same way as the curve there.'],
    ['02:20', 'For example, at x equals one the tangent line to x squared has slope two.'],
    ['03:00', 'Who can tell me what a tangent line is?'],
    ['03:20', 'Right, it just touches the curve at one point.'],
    ['04:30', 'Now how do we find the slope of a tangent line?'],
    ['05:00', 'We start with a secant line through two points on the curve.'],
    ['05:40', 'The slope of the secant line is f of x plus h minus f of x, all over h.'],
    ['06:20', 'This quotient is called the difference quotient.'],
    ['07:00', 'The difference quotient measures the average rate of change over a small step h.'],
    ['07:40', 'Remember, the difference quotient is the key to everything today.'],
    ['08:20', 'For example, for x squared the difference quotient is two x plus h.'],
    ["10:00", "Next we'll let h shrink to zero."],
    ['10:40', 'The derivative is the limit of the difference quotient as h goes to zero.'],
    ['11:20', 'In other words, the derivative is the slope of the tangent line.'],
    ['12:00', 'We write the derivative as f prime of x.'],
    ['12:40', 'For example, the derivative of x squared is two x.'],
    ['13:20', 'So who can tell me what a derivative is?'],
    ['13:50', 'Good, the derivative is the slope of the tangent line at that point.'],
    ["15:00", "Now let's move on to the power rule."],
    ['15:40', 'The power rule says that the derivative of x to the n is n times x to the n minus one.'],
    ['16:20', 'For example, the derivative of x cubed is three x squared.'],
    ['17:00', 'Why does the power rule work?'],
    ['17:30', 'Because when you expand x plus h to the n, every term but one has h squared in it, and those terms vanish in the limit.'],
    ['18:10', 'It is important to remember the power rule for the exam.'],
    ['19:00', 'What happens at a corner, like the absolute value function at zero?'],
    ["19:30", "We'll come back to that next time."],
    ['20:00', 'For homework, do problems one to ten in section 2.3, due Friday.'],
    ['21:00', 'Before we finish, has anyone heard of an integral?'],
  ],
  material: {
    filename: 'derivatives.pptx',
    pageLabel: 'slide',
    text: '',
    pages: [
      { number: 1, text: 'Derivatives\nCalculus I, lecture 5' },
      { number: 2, text: 'The difference quotient\n(f(x+h) − f(x)) / h is the average rate of change of f between x and x+h.' },
      { number: 3, text: 'The power rule\nd/dx xⁿ = n·xⁿ⁻¹ for every whole number n.' },
    ],
  },
  concepts: ['tangent line', 'difference quotient', 'derivative', 'power rule', 'secant line'],
  topic: 'derivative',
  parts: ['tangent line', 'difference quotient', 'power rule'],
  definitions: [
    { concept: 'tangent line', quotes: 'just touches the curve at one point' },
    { concept: 'difference quotient', quotes: 'This quotient is called the difference quotient' },
    { concept: 'derivative', quotes: 'limit of the difference quotient' },
  ],
  answeredQuestions: ['Who can tell me what a tangent line is?', 'So who can tell me what a derivative is?', 'Why does the power rule work?'],
  openQuestion: 'What happens at a corner',
  rescues: [
    { until: 'Who can tell me what a tangent line is?', says: 'touches the curve at one point' },
    { until: 'So who can tell me what a derivative is?', says: ['limit of the difference quotient', 'slope of the tangent line'] },
    { until: 'Why does the power rule work?', says: 'n times x to the n minus one' },
    { until: 'has anyone heard of an integral?', says: 'integral' },
  ],
  followups: [
    { question: 'Can you explain the difference quotient in simpler words?', quotes: 'This quotient is called the difference quotient' },
    { question: 'What is a tangent line?', quotes: 'just touches the curve at one point' },
    { question: 'What is the derivative?', quotes: 'limit of the difference quotient' },
    { question: 'Why does the power rule work?', quotes: 'Because when you expand' },
    { question: 'What is the difference quotient?', withMaterial: true, quotes: 'This quotient is called the difference quotient', cites: '(slide 2)' },
    { question: 'What is photosynthesis?', quotes: null },
    { question: 'Why is that?', parent: 'What is the power rule?', quotes: 'Because when you expand' },
    { question: 'Can you give an example of it?', parent: 'What is the difference quotient?', quotes: 'two x plus h' },
  ],
  catchup: {
    pendingUntil: 'So who can tell me what a derivative is?',
    answeredUntil: 'Good, the derivative is the slope of the tangent line at that point.',
    question: 'who can tell me what a derivative is',
    keyPointUntil: 'The power rule says that',
    staleNext: "Next we'll let h shrink to zero.",
  },
};

export const CALCULUS_ZH: EvaluationLecture = {
  name: 'calculus (zh)',
  language: 'zh',
  courseName: '微积分',
  lines: [
    ['00:00', '同学们好，今天我们讲导数。'],
    ['00:30', '首先来看切线。'],
    ['01:00', '我们看抛物线 y 等于 x 的平方。'],
    ['01:40', '切线就是和曲线只在一点接触、方向和曲线一致的直线。'],
    ['02:20', '比如在 x 等于一的地方，抛物线的切线斜率是二。'],
    ['03:00', '谁能说一下什么是切线？'],
    ['03:20', '对，切线和曲线只在一点接触。'],
    ['04:30', '那么怎么求切线斜率呢？'],
    ['05:00', '我们先在曲线上取两个点，连成一条割线。'],
    ['05:40', '割线的斜率等于 f(x+h) 减 f(x) 再除以 h。'],
    ['06:20', '我们把这个商叫做差商。'],
    ['07:00', '差商表示函数在一小段区间上的平均变化率。'],
    ['07:40', '记住，差商是今天最关键的内容。'],
    ['08:20', '例如，x 平方的差商是 2x 加 h。'],
    ['10:00', '接下来我们让 h 趋近于零。'],
    ['10:40', '导数就是 h 趋近于零时差商的极限。'],
    ['11:20', '换句话说，导数就是切线斜率。'],
    ['12:00', '导数记作 f 撇 x。'],
    ['12:40', '比如，x 平方的导数是 2x。'],
    ['13:20', '那么谁能告诉我什么是导数？'],
    ['13:50', '很好，导数就是该点的切线斜率。'],
    ['15:00', '下面我们讲幂函数求导法则。'],
    ['15:40', '幂函数求导法则是说，x 的 n 次方的导数等于 n 乘以 x 的 n 减一次方。'],
    ['16:20', '例如，x 三次方的导数是 3x 平方。'],
    ['17:00', '为什么幂函数求导法则成立？'],
    ['17:30', '因为把 x 加 h 的 n 次方展开以后，除了一项以外，其余各项都含有 h 的平方，取极限时都会消失。'],
    ['18:10', '这个法则很重要，考试一定会考。'],
    ['19:00', '函数在尖点处会怎么样呢，比如绝对值函数？'],
    ['19:30', '这个我们下次课再说。'],
    ['20:00', '作业是课本第二章第三节的一到十题，周五交。'],
    ['21:00', '最后，有没有同学听说过积分？'],
  ],
  material: {
    filename: '导数.pptx',
    pageLabel: 'slide',
    text: '',
    pages: [
      { number: 1, text: '导数\n微积分第五讲' },
      { number: 2, text: '差商\n(f(x+h) − f(x)) / h 表示函数在 x 到 x+h 之间的平均变化率。' },
      { number: 3, text: '幂函数求导法则\nxⁿ 的导数是 n·xⁿ⁻¹。' },
    ],
  },
  concepts: ['导数', '切线', '差商', '割线', ['切线斜率', '斜率'], ['幂函数求导法则', '求导法则', '幂函数']],
  topic: '导数',
  parts: ['切线', '差商', ['幂函数求导法则', '求导法则', '幂函数']],
  definitions: [
    { concept: '切线', quotes: '只在一点接触' },
    { concept: '差商', quotes: '我们把这个商叫做差商' },
    { concept: '导数', quotes: '差商的极限' },
  ],
  answeredQuestions: ['谁能说一下什么是切线？', '那么谁能告诉我什么是导数？', '为什么幂函数求导法则成立？'],
  openQuestion: '函数在尖点处会怎么样呢',
  rescues: [
    { until: '谁能说一下什么是切线？', says: '只在一点接触' },
    { until: '那么谁能告诉我什么是导数？', says: ['差商的极限', '切线斜率'] },
    { until: '为什么幂函数求导法则成立？', says: 'n 乘以 x 的 n 减一次方' },
    { until: '有没有同学听说过积分？', says: '积分' },
  ],
  followups: [
    { question: '能用简单的话解释一下差商吗？', quotes: '我们把这个商叫做差商' },
    { question: '什么是切线？', quotes: '只在一点接触' },
    { question: '导数是什么？', quotes: '差商的极限' },
    { question: '为什么幂函数求导法则成立？', quotes: '因为把 x 加 h' },
    { question: '差商是什么？', withMaterial: true, quotes: '我们把这个商叫做差商', cites: '(slide 2)' },
    { question: '什么是光合作用？', quotes: null },
    { question: '为什么会这样？', parent: '什么是幂函数求导法则？', quotes: '因为把 x 加 h' },
    { question: '能举个例子吗？', parent: '差商是什么？', quotes: '2x 加 h' },
  ],
  catchup: {
    pendingUntil: '那么谁能告诉我什么是导数？',
    answeredUntil: '很好，导数就是该点的切线斜率。',
    question: '谁能告诉我什么是导数',
    keyPointUntil: '幂函数求导法则是说',
    staleNext: '接下来我们让 h 趋近于零。',
  },
};

export const EVALUATION_LECTURES: readonly EvaluationLecture[] = [CALCULUS_EN, CALCULUS_ZH];
