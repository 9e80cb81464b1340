import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { runBuiltin } from '../../../src/answer-engine/builtin/engine.js';
import type { AssistantRequest, EngineProgress, TranscriptLine } from '../../../src/answer-engine/types.js';
import { section } from '../evaluation/evaluate.js';
import { CHINESE_LECTURE, ENGLISH_LECTURE, lectureUntil, loadLecture } from '../lectures.js';

const english = loadLecture(ENGLISH_LECTURE);
const chinese = loadLecture(CHINESE_LECTURE, 10_000);

interface Answer {
  markdown: string;
  chunks: string[];
  progress: EngineProgress[];
}

async function answer(request: Partial<AssistantRequest> & Pick<AssistantRequest, 'kind' | 'entries'>): Promise<Answer> {
  const chunks: string[] = [];
  const progress: EngineProgress[] = [];
  const full: AssistantRequest = { courseName: 'Biology 101', ...request };
  for await (const chunk of runBuiltin(full, { signal: new AbortController().signal, onProgress: (p) => progress.push(p) })) {
    chunks.push(chunk);
  }
  return { markdown: chunks.join(''), chunks, progress };
}

/** The quotes of a Markdown section: the “…” text of its `- **[time]** “…”` items. */
function quotesUnder(markdown: string, headingStart: string): string[] {
  return [...section(markdown, headingStart).matchAll(/^- \*\*\[[\d:]+\]\*\* “(.*)”/gm)].map((m) => (m[1] ?? '').replace(/\\(.)/g, '$1'));
}

function spokenWithin(entries: readonly TranscriptLine[], minutes: number): string {
  const last = Date.parse(entries[entries.length - 1]?.createdAt ?? '');
  return entries
    .filter((e) => last - Date.parse(e.createdAt) <= minutes * 60_000)
    .map((e) => e.text)
    .join('\n');
}

/** The lecture repeated `times` with shifted clocks, between a distinctive opening and ending. */
function longClass(times: number): TranscriptLine[] {
  const start = Date.parse(english[0]?.createdAt ?? '');
  const span = Date.parse(english[english.length - 1]?.createdAt ?? '') - start + 10_000;
  const lines: TranscriptLine[] = [
    { id: 1, createdAt: new Date(start - 5000).toISOString(), text: 'Quick note: the chloroplast quiz is next Tuesday.' },
  ];
  for (let round = 0; round < times; round++) {
    for (const line of english) {
      lines.push({ id: lines.length + 1, text: line.text, createdAt: new Date(Date.parse(line.createdAt) + round * span).toISOString() });
    }
  }
  const end = Date.parse(lines[lines.length - 1]?.createdAt ?? '') + 5000;
  lines.push({ id: lines.length + 1, createdAt: new Date(end).toISOString(), text: 'The final project proposal is due December 1st.' });
  return lines;
}

describe('builtin rescue', () => {
  it("finds the teacher's latest question and quotes only the last minutes", async () => {
    const entries = lectureUntil(english, 'Does anyone know what the final electron acceptor is?');
    const { markdown } = await answer({ kind: 'rescue', entries });
    assert.deepEqual(quotesUnder(markdown, "The teacher's likely question"), ['Does anyone know what the final electron acceptor is?']);
    const recent = spokenWithin(entries, 3);
    const support = quotesUnder(markdown, 'What was said');
    assert.ok(support.length > 0);
    for (const quote of support) assert.ok(recent.includes(quote), `not from the last 3 minutes: ${quote}`);
    const say = /^## Say this\n\n> (.+)$/m.exec(markdown)?.[1] ?? '';
    assert.match(say, /electron/i, 'what to say is about the question');
  });

  it('pulls in the sentence before a question that names nothing', async () => {
    const entries = lectureUntil(chinese, '那怎么办呢？');
    const { markdown } = await answer({ kind: 'rescue', entries });
    assert.match(markdown, /^## 可以这样说/);
    const [asked] = quotesUnder(markdown, '老师可能在问');
    assert.equal(asked, '这时候不能直接删，因为两个孩子没法同时接到父节点上。那怎么办呢？');
  });

  it('says so when no question was asked within the window', async () => {
    const entries = lectureUntil(english, 'Some of it is lost as heat');
    const { markdown } = await answer({ kind: 'rescue', entries, recentMinutes: 1 });
    assert.match(markdown, /No question from the teacher in the last 1 minutes/);
    assert.match(markdown, /^> So far I understand that /m);
  });
});

describe('builtin catch-up', () => {
  it('names the current topic and the latest key point', async () => {
    const entries = lectureUntil(english, 'I guarantee chemiosmosis will be on the midterm.');
    const { markdown } = await answer({ kind: 'catchup', entries });
    assert.match(markdown, /The class is on \*\*the electron transport chain\*\*/);
    assert.match(quotesUnder(markdown, 'Latest key point')[0] ?? '', /chemiosmosis/);
  });

  it('names the current topic of a Chinese class in Chinese', async () => {
    const entries = lectureUntil(chinese, '大家可以用刚才的例子验证一下');
    const { markdown } = await answer({ kind: 'catchup', entries });
    assert.match(markdown, /^## 现在讲到哪里/);
    assert.match(markdown, /现在讲的是\*\*遍历\*\*/);
  });

  it('does not call a topic announced long ago the current one', async () => {
    const entries = lectureUntil(english, 'I guarantee chemiosmosis will be on the midterm.');
    const later = entries.map((e, i) =>
      i < entries.length - 5 ? e : { ...e, createdAt: new Date(Date.parse(e.createdAt) + 40 * 60_000).toISOString() },
    );
    const { markdown } = await answer({ kind: 'catchup', entries: later });
    assert.doesNotMatch(markdown, /The class is on/);
    assert.match(markdown, /The last 10 minutes were about/);
  });

  it('points at a question that still awaits its answer', async () => {
    const entries = lectureUntil(english, 'Why do your muscles burn during a hard sprint?');
    const { markdown } = await answer({ kind: 'catchup', entries });
    assert.ok(quotesUnder(markdown, 'Listen for next').includes('Why do your muscles burn during a hard sprint?'));
  });
});

describe('builtin summary', () => {
  it('keeps every homework, deadline and exam line of an English class', async () => {
    const { markdown } = await answer({ kind: 'summary', entries: english });
    const listed = quotesUnder(markdown, 'Homework, deadlines and exams').join('\n');
    for (const line of [
      'Problem set three is due this Friday at 5 pm',
      'the midterm exam is in two weeks, on March 16th',
      "I'll post a practice exam next Monday.",
      'please read chapter nine, sections one through four, before Wednesday',
      'the lab report on enzyme kinetics is due next Monday by midnight',
    ]) {
      assert.ok(listed.includes(line), `missing: ${line}`);
    }
    assert.match(markdown, /\*\*Topic\*\*: \*\*cellular respiration\*\*/);
    // Concepts are named in lower case unless they are names or acronyms ("ATP").
    assert.match(markdown, /- \*\*glycolysis\*\* — Definition: “Glycolysis is the breakdown/);
  });

  it('keeps every homework, deadline and exam line of a Chinese class', async () => {
    const { markdown } = await answer({ kind: 'summary', entries: chinese });
    const listed = quotesUnder(markdown, '作业、截止日期和考试').join('\n');
    for (const line of ['第三次作业是实现一个二叉搜索树，下周三晚上十二点之前提交', '期中考试定在第九周的周四', '请大家预习第五章第三节']) {
      assert.ok(listed.includes(line), `missing: ${line}`);
    }
    assert.match(markdown, /^# 课堂笔记：/);
  });

  it('covers the start and the end of a long class and reports progress per part', async () => {
    const entries = longClass(5);
    const { markdown, progress } = await answer({ kind: 'summary', entries });
    const listed = quotesUnder(markdown, 'Homework, deadlines and exams').join('\n');
    assert.ok(listed.includes('the chloroplast quiz is next Tuesday'));
    assert.ok(listed.includes('The final project proposal is due December 1st.'));
    const outline = markdown.split('## Outline')[1]?.split('## ')[0] ?? '';
    assert.match(outline, /^- \*\*\[0:00–/m);
    assert.ok(outline.includes('2:03:'), 'the outline reaches the last part of the class');
    assert.ok(progress.length > 5);
    assert.deepEqual(
      progress.map((p) => p.done),
      progress.map((_, i) => i + 1),
    );
    assert.ok(progress.every((p) => p.total === progress.length && p.stage === 'summarising'));
  });
});

describe('builtin follow-up', () => {
  it('answers from the passage where the class covered it', async () => {
    const { markdown } = await answer({ kind: 'followup', entries: english, question: 'Where does glycolysis happen?' });
    assert.match(markdown, /^## Answer/);
    assert.ok(quotesUnder(markdown, 'Answer').some((q) => q.includes('Glycolysis happens in the cytoplasm')));
  });

  it('says plainly when the class does not contain the answer', async () => {
    const { markdown } = await answer({ kind: 'followup', entries: english, question: 'What is the capital of France?' });
    assert.match(markdown, /^## Not covered in class\n\nThe class transcript does not contain an answer/);
    const zh = await answer({ kind: 'followup', entries: chinese, question: '快速排序的时间复杂度是多少？' });
    assert.match(zh.markdown, /^## 课堂上没有讲到\n\n课堂记录里没有这个问题的答案/);
  });

  it('answers a Chinese question from the Chinese class', async () => {
    const { markdown } = await answer({ kind: 'followup', entries: chinese, question: '删除有两个孩子的节点时用什么替代？' });
    assert.ok(quotesUnder(markdown, '回答').some((q) => q.includes('后继节点')));
  });

  it('uses the material when the transcript is silent on the question', async () => {
    const material = {
      filename: 'respiration-notes.md',
      text: 'Overview of respiration.\n\nChemiosmosis was proposed by Peter Mitchell in 1961, who received the Nobel Prize for it in 1978.\n\nFermentation regenerates NAD+.',
    };
    const { markdown } = await answer({ kind: 'followup', entries: english, material, question: 'Who proposed chemiosmosis, and when?' });
    assert.match(markdown, /From the material \(respiration-notes\.md\):\n> Chemiosmosis was proposed by Peter Mitchell in 1961/);
  });

  it('follows up on the earlier answer when the question is terse', async () => {
    const previousAnswer = 'Brown fat cells let protons leak back across the inner membrane, so the gradient is released as heat.';
    const { markdown } = await answer({
      kind: 'followup',
      entries: english,
      question: 'Why?',
      history: [{ role: 'user', content: 'How do babies keep warm?' }, { role: 'assistant', content: previousAnswer }],
      previousAnswer,
    });
    assert.match(markdown, /^## Answer/);
    assert.ok(quotesUnder(markdown, 'Answer').some((q) => q.includes('Brown fat cells')));
  });
});

describe('builtin mixed-language class', () => {
  const mixed = [
    '今天我们讲 dynamic programming，也就是动态规划。',
    'Dynamic programming 的核心是把大问题拆成 overlapping subproblems。',
    '大家一定要记住 optimal substructure 这个概念。',
    '比如 Fibonacci 数列，如果直接递归，同一个 subproblem 会被算很多次。',
    '用 memoization 把算过的结果存起来，就不用重复计算了。',
    '谁能说一下 Fibonacci 数列为什么适合用 memoization？',
  ].map((text, i) => ({ id: 500 + i, text, createdAt: new Date(Date.UTC(2026, 10, 6, 2, 0, 20 * i)).toISOString() }));

  it('answers in Chinese and keeps the English terms as they were said', async () => {
    const { markdown } = await answer({ kind: 'rescue', entries: mixed });
    assert.match(markdown, /^## 可以这样说/);
    assert.deepEqual(quotesUnder(markdown, '老师可能在问'), ['谁能说一下 Fibonacci 数列为什么适合用 memoization？']);
    assert.match(markdown, /memoization/);
    const catchup = await answer({ kind: 'catchup', entries: mixed });
    assert.match(catchup.markdown, /现在讲的是\*\*dynamic programming\*\*/);
    assert.match(quotesUnder(catchup.markdown, '最新的要点')[0] ?? '', /optimal substructure/);
  });
});

describe('builtin engine', () => {
  it('copes with any text: every kind answers, with no half of a surrogate pair', async () => {
    let seed = 11;
    const random = (n: number): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const pieces = ['ATP ', '二叉树', '🧫', '?', '？', '。', '. ', '*', '<b>', '\n', 'due Friday ', '作业', 'x'.repeat(300)];
    const text = (length: number): string => Array.from({ length }, () => pieces[random(pieces.length)]).join('');
    for (let round = 0; round < 12; round++) {
      const entries = Array.from({ length: 1 + random(80) }, (_, i) => ({
        id: 900_000 + round * 100 + i,
        text: text(1 + random(20)),
        createdAt: new Date(Date.UTC(2026, 0, 1, 9) + i * 4000).toISOString(),
      }));
      for (const kind of ['rescue', 'catchup', 'summary', 'followup'] as const) {
        const { markdown } = await answer({ kind, entries, question: text(1 + random(6)), material: { filename: 'm.md', text: text(50) } });
        assert.ok(markdown.length > 0);
        assert.ok(!/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(markdown), `${kind} round ${round}`);
      }
    }
  });

  it('answers honestly before anything has been said', async () => {
    const rescue = await answer({ kind: 'rescue', entries: [] });
    assert.match(rescue.markdown, /Nothing has been said in class yet/);
    const catchup = await answer({ kind: 'catchup', entries: [] });
    assert.match(catchup.markdown, /Nothing has been said in class yet/);
    const followup = await answer({ kind: 'followup', entries: [], question: 'What is ATP?' });
    assert.match(followup.markdown, /^## Not covered in class\n\nNothing has been said in class yet\./);
  });

  it('streams several chunks that concatenate to well-formed Markdown', async () => {
    const { chunks, markdown } = await answer({ kind: 'summary', entries: chinese });
    assert.ok(chunks.length > 10);
    assert.ok(chunks.every((chunk) => chunk.length > 0));
    assert.equal(markdown, (await answer({ kind: 'summary', entries: chinese })).markdown, 'same class, same notes');
    assert.ok(markdown.endsWith('\n'));
  });

  it('stops promptly with the abort reason when cancelled mid-summary', async () => {
    const controller = new AbortController();
    const request: AssistantRequest = { kind: 'summary', courseName: 'Biology 101', entries: longClass(20) };
    const reason = new Error('cancelled by the student');
    let progressEvents = 0;
    const generator = runBuiltin(request, {
      signal: controller.signal,
      onProgress: () => {
        progressEvents++;
        if (progressEvents === 1) controller.abort(reason);
      },
    });
    const started = performance.now();
    await assert.rejects(generator.next(), (error) => error === reason);
    assert.equal(progressEvents, 1, 'no part of the class is read after the abort');
    assert.ok(performance.now() - started < 1000);
  });

  it('stops between chunks when cancelled while streaming', async () => {
    const controller = new AbortController();
    const generator = runBuiltin({ kind: 'catchup', courseName: 'Biology 101', entries: english }, { signal: controller.signal });
    assert.equal((await generator.next()).done, false);
    controller.abort();
    await assert.rejects(generator.next(), { name: 'AbortError' });
  });

  it('rejects at once when already cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const generator = runBuiltin({ kind: 'rescue', courseName: 'x', entries: english }, { signal: controller.signal });
    await assert.rejects(generator.next(), { name: 'AbortError' });
  });
});
