// Checks the offline engine's answers on the evaluation set (lectures.ts) and reports, per
// kind of answer, which expectations hold. The bench prints the counts; quality.test.ts
// requires all of them.
import { createRequire } from 'node:module';
import { runBuiltin } from '../../../src/answer-engine/builtin/engine.js';
import type { AssistantRequest, MaterialText, TranscriptLine } from '../../../src/answer-engine/types.js';
import { transcriptOf } from './lectures.js';
import type { EvaluationLecture, Expected } from './lectures.js';

export type CheckKind = 'concepts' | 'rescue' | 'followup' | 'summary' | 'catchup';

export interface Check {
  kind: CheckKind;
  lecture: string;
  what: string;
  held: boolean;
  /** The part of the answer the check looked at, to see why it failed. */
  seen: string;
}

const require = createRequire(import.meta.url);
const STOP_WORDS = require('stopwords-iso/stopwords-iso.json') as Record<string, string[]>;

export async function answerOf(request: Omit<AssistantRequest, 'courseName'> & { courseName?: string }): Promise<string> {
  let markdown = '';
  for await (const chunk of runBuiltin({ courseName: 'Evaluation', ...request }, { signal: new AbortController().signal })) markdown += chunk;
  return markdown;
}

/** The Markdown under the `## ` heading that starts with one of `starts` (up to the next). */
export function section(markdown: string, ...starts: string[]): string {
  const parts = markdown.split(/\n(?=## )/);
  return parts.find((part) => starts.some((start) => part.replace(/^## /, '').startsWith(start))) ?? '';
}

/** Markdown escapes undone and spacing folded, for comparing against what was said. */
export function plain(markdown: string): string {
  return markdown.replace(/\\(.)/g, '$1').replace(/\s+/g, ' ');
}

export function contains(text: string, expected: Expected): boolean {
  const haystack = plain(text).toLowerCase();
  return (typeof expected === 'string' ? [expected] : expected).some((e) => haystack.includes(e.toLowerCase()));
}

export function materialOf(lecture: EvaluationLecture): MaterialText {
  return { ...lecture.material, text: (lecture.material.pages ?? []).map((p) => p.text).join('\n\n') };
}

function until(entries: readonly TranscriptLine[], marker: string): TranscriptLine[] {
  const end = entries.findIndex((e) => e.text.includes(marker));
  if (end < 0) throw new Error(`no line contains ${marker}`);
  return entries.slice(0, end + 1);
}

const label = (expected: Expected): string => (typeof expected === 'string' ? expected : expected.join(' | '));

/** The concept names of a summary's concept section: the bold text opening each bullet. */
export function conceptNames(summary: string, language: 'en' | 'zh'): string[] {
  const concepts = section(summary, language === 'zh' ? '概念' : 'Concepts');
  return [...concepts.matchAll(/^- \*\*(.+?)\*\*/gm)].map((m) => plain(m[1] ?? ''));
}

/**
 * Words of closed classes (articles, pronouns, prepositions, conjunctions, auxiliaries): a
 * noun phrase neither starts nor ends with one. stopwords-iso's list is far wider ("line",
 * "point"), so it only judges one-word names.
 */
const CLOSED_CLASS = new Set(
  'a an the this that these those my your his her its our their of to in on at by for with from and or but is are was were be been it he she they we you i which who what how why plus minus times over'.split(' '),
);

/** Why a concept name is not a course term, or null when it may be one. */
export function notATerm(name: string, language: 'en' | 'zh', said: readonly string[] = []): string | null {
  const lower = name.toLowerCase().trim();
  if ([...lower].length < 2) return 'a single character';
  if (/^[\d\s.,]+$/.test(lower)) return 'a number';
  const words = language === 'zh' && !/[a-z]/.test(lower) ? [lower] : lower.split(/\s+/);
  const stop = new Set([...(STOP_WORDS.en ?? []), ...(STOP_WORDS.zh ?? [])]);
  if (words.every((w) => stop.has(w))) return 'a function word';
  if (language === 'zh' && !/[a-z]/.test(lower) && cutsAWord(name, said)) return 'a fragment cut out of words';
  const edges = [words[0] ?? '', words[words.length - 1] ?? ''];
  if (edges.some((w) => CLOSED_CLASS.has(w))) return 'starts or ends with a function word';
  return null;
}

const WORDS_ZH = new Intl.Segmenter('zh', { granularity: 'word' });

/** Whether the first line that contains `name` has no word boundary where it starts or ends. */
function cutsAWord(name: string, said: readonly string[]): boolean {
  const line = said.find((text) => text.includes(name));
  if (line === undefined) return false;
  const boundaries = new Set<number>([line.length]);
  for (const { index } of WORDS_ZH.segment(line)) boundaries.add(index);
  const at = line.indexOf(name);
  return !boundaries.has(at) || !boundaries.has(at + name.length);
}

export async function evaluate(lecture: EvaluationLecture): Promise<Check[]> {
  const entries = transcriptOf(lecture);
  const material = materialOf(lecture);
  const checks: Check[] = [];
  const check = (kind: CheckKind, what: string, held: boolean, seen: string): void => {
    checks.push({ kind, lecture: lecture.name, what, held, seen: plain(seen).slice(0, 600) });
  };
  const zh = lecture.language === 'zh';

  // Concepts and notes.
  const summary = await answerOf({ kind: 'summary', entries, courseName: lecture.courseName });
  const names = conceptNames(summary, lecture.language);
  for (const expected of lecture.concepts) {
    check('concepts', `names ${label(expected)}`, names.some((n) => contains(n, expected) && n.length <= 40), names.join(', '));
  }
  for (const name of names) {
    const problem = notATerm(name, lecture.language, entries.map((e) => e.text));
    check('concepts', `"${name}" is a term`, problem === null, problem ?? name);
  }
  const topicLine = summary.split('\n').find((line) => line.startsWith(zh ? '**主题**' : '**Topic**')) ?? '';
  check('summary', `topic names ${label(lecture.topic)}`, contains(topicLine, lecture.topic), topicLine);
  const outline = section(summary, zh ? '课堂提纲' : 'Outline');
  const bullets = outline.split('\n').filter((line) => line.startsWith('- '));
  for (const part of lecture.parts) {
    // A bullet names the part when the part is what it is about, not merely in its quote.
    const about = bullets.map((b) => b.split(' — ')[0] ?? '');
    check('summary', `outline has a bullet on ${label(part)}`, about.some((b) => contains(b, part)), outline);
  }
  check('summary', 'outline has one bullet per part', bullets.length >= lecture.parts.length && bullets.length <= lecture.parts.length + 3, outline);
  const conceptSection = section(summary, zh ? '概念' : 'Concepts');
  for (const { concept, quotes } of lecture.definitions) {
    const line = conceptSection.split('\n').find((l) => contains((/^- \*\*(.+?)\*\*/.exec(l)?.[1] ?? ''), concept)) ?? '';
    check('summary', `${label(concept)} comes with its definition`, contains(line, quotes), line);
  }
  const open = section(summary, zh ? '待解决' : 'Open questions');
  for (const question of lecture.answeredQuestions) {
    check('summary', `answered "${question}" is not open`, !contains(open, question), open);
  }
  check('summary', `"${lecture.openQuestion}" is open`, contains(open, lecture.openQuestion), open);

  // Rescue: the line to say draws on what was explained before the question.
  for (const rescue of lecture.rescues) {
    const markdown = await answerOf({ kind: 'rescue', entries: until(entries, rescue.until), courseName: lecture.courseName });
    const say = section(markdown, zh ? '可以这样说' : 'Say this');
    const listsKeywords = /has to do with|跟.*有关/.test(say);
    check('rescue', `"${rescue.until}" → says ${label(rescue.says)}`, contains(say, rescue.says) && !listsKeywords, say);
  }

  // Follow-up.
  for (const followup of lecture.followups) {
    const withMaterial = followup.withMaterial === true ? { material } : {};
    let previousAnswer: string | undefined;
    if (followup.parent !== undefined) {
      previousAnswer = await answerOf({ kind: 'followup', entries, question: followup.parent, ...withMaterial });
    }
    const markdown = await answerOf({
      kind: 'followup',
      entries,
      question: followup.question,
      ...withMaterial,
      ...(previousAnswer !== undefined && followup.parent !== undefined ? { previousAnswer, previousQuestion: followup.parent } : {}),
      ...(followup.parent !== undefined ? { history: [{ role: 'user' as const, content: followup.parent }, { role: 'assistant' as const, content: previousAnswer ?? '' }] } : {}),
    });
    const notCovered = markdown.startsWith(zh ? '## 课堂上没有讲到' : '## Not covered');
    const what = `${followup.parent !== undefined ? `after "${followup.parent}", ` : ''}"${followup.question}"`;
    if (followup.quotes === null) {
      check('followup', `${what} → not covered`, notCovered, markdown);
      continue;
    }
    const answer = notCovered ? '' : markdown;
    const quoted = answer.split('\n').some((line) => /\[\d+:\d\d\]/.test(line) && contains(line, followup.quotes ?? ''));
    const cited = followup.cites === undefined || answer.includes(followup.cites);
    check('followup', `${what} → quotes ${label(followup.quotes)}${followup.cites ? ` and cites ${followup.cites}` : ''}`, quoted && cited, markdown);
  }

  // Catch-up: a question counts as pending until the class answers it.
  const pending = await answerOf({ kind: 'catchup', entries: until(entries, lecture.catchup.pendingUntil) });
  check('catchup', 'a fresh question is pending', contains(section(pending, zh ? '接下来注意听' : 'Listen for next'), lecture.catchup.question), pending);
  const answered = await answerOf({ kind: 'catchup', entries: until(entries, lecture.catchup.answeredUntil) });
  check('catchup', 'an answered question is not pending', !contains(section(answered, zh ? '接下来注意听' : 'Listen for next'), lecture.catchup.question), answered);
  const where = section(answered, zh ? '现在讲到哪里' : 'Where the class is');
  check('catchup', `says the class is on ${label(lecture.topic)}`, contains(where, lecture.topic), where);
  const later = await answerOf({ kind: 'catchup', entries: until(entries, lecture.catchup.keyPointUntil) });
  const keyPoint = section(later, zh ? '最新的要点' : 'Latest key point');
  check('catchup', 'the latest key point is the newest definition', contains(keyPoint, lecture.catchup.keyPointUntil), keyPoint);
  const next = section(later, zh ? '接下来注意听' : 'Listen for next');
  check('catchup', '"what comes next" said long ago is not listed', !contains(next, lecture.catchup.staleNext), next);
  return checks;
}

/** Held/total per kind, in a fixed order. */
export function tally(checks: readonly Check[]): Map<CheckKind, { held: number; total: number }> {
  const counts = new Map<CheckKind, { held: number; total: number }>();
  for (const kind of ['concepts', 'rescue', 'followup', 'summary', 'catchup'] as const) {
    const own = checks.filter((c) => c.kind === kind);
    counts.set(kind, { held: own.filter((c) => c.held).length, total: own.length });
  }
  return counts;
}
