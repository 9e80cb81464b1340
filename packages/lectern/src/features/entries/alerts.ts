import type { Alert } from './schemas.js';

export interface AlertKeywords {
  danger: readonly string[];
  warning: readonly string[];
}

/**
 * Keywords a student wants flagged, in English and Chinese, used until settings say otherwise.
 * "danger": the teacher may turn to you right now — including the ordinary ways of picking
 * someone ("Who can tell me …?", "Can anyone …?", "You, in the second row"). "warning":
 * something you will be graded on. docs/api.md lists them.
 */
export const defaultAlertKeywords: AlertKeywords = {
  danger: [
    'roll call', 'attendance', 'call on', 'calling on', 'cold call', 'pop quiz',
    'who can tell me', 'who can answer', 'who can explain', 'who knows', 'who wants to',
    'can anyone', 'can someone', 'could anyone', 'could someone', 'does anyone', 'does anybody', 'anyone want to',
    'any volunteers', 'volunteer', 'raise your hand', 'hands up', "let's hear from", 'your turn',
    'in the front row', 'in the back row', 'in the second row', 'in the third row', 'in the last row',
    'you in the back', 'you in the front',
    '点名', '签到', '提问', '抽查', '随堂测验', '谁能', '谁来', '哪位同学', '请一位同学', '举手', '你来回答',
  ],
  warning: [
    'exam', 'exams', 'midterm', 'midterms', 'final', 'finals', 'quiz', 'quizzes', 'homework', 'assignment', 'assignments',
    'deadline', 'deadlines', 'due', 'important', 'will be tested', 'on the test',
    '考试', '期中', '期末', '作业', '截止', '重点', '重要', '必考',
  ],
};

/** Scripts written without spaces between words: a keyword in them can only match as a substring. */
const unspacedScript = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;
const wordCharacter = '[\\p{L}\\p{N}\\p{M}]';
/** Words of a keyword: letters, digits and marks, with apostrophes inside a word ("let's"). */
const keywordWords = /[\p{L}\p{N}\p{M}]+(?:['’][\p{L}\p{N}\p{M}]+)*/gu;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * How one keyword finds itself in a text, case-insensitively. In a spaced script it matches
 * whole words only ("exam" is not in "example", "call on" not in "recall one"), and the words
 * of a phrase may be separated by any spaces or punctuation ("you in the" finds "You, in the").
 * A keyword with Chinese (or another unspaced script) in it matches anywhere.
 */
function keywordMatcher(keyword: string): (text: EntryText) => boolean {
  if (unspacedScript.test(keyword)) {
    const needle = keyword.toLowerCase();
    return (text) => text.lowerCase().includes(needle);
  }
  const words = keyword.match(keywordWords) ?? [];
  if (words.length === 0) return () => false;
  const phrase = words.map((word) => escapeRegExp(word).replace(/['’]/g, "['’]")).join(`(?:(?!${wordCharacter})[^])+`);
  const pattern = new RegExp(`(?<!${wordCharacter})${phrase}(?!${wordCharacter})`, 'iu');
  return (text) => pattern.test(text.original);
}

/** An entry's text, lower-cased at most once however many keywords look at it (entries run to 8,000 characters). */
interface EntryText {
  original: string;
  lowerCase: () => string;
}

function entryText(original: string): EntryText {
  let lower: string | undefined;
  return { original, lowerCase: () => (lower ??= original.toLowerCase()) };
}

interface KeywordMatcher {
  keyword: string;
  matches: (text: EntryText) => boolean;
}

/** Keyword lists change only when settings do: each list object is compiled once. */
const compiled = new WeakMap<readonly string[], KeywordMatcher[]>();

function compile(list: readonly string[]): KeywordMatcher[] {
  let matchers = compiled.get(list);
  if (matchers === undefined) {
    matchers = list.filter((keyword) => keyword.length > 0).map((keyword) => ({ keyword, matches: keywordMatcher(keyword) }));
    compiled.set(list, matchers);
  }
  return matchers;
}

/**
 * The alert for a new entry: danger before warning, at most one alert per entry carrying every
 * keyword of its level that matched, as the keyword is written in the settings.
 */
export function matchAlert(text: string, keywords: AlertKeywords): Alert | null {
  const subject = entryText(text);
  for (const level of ['danger', 'warning'] as const) {
    const hits = compile(keywords[level]).filter(({ matches }) => matches(subject)).map(({ keyword }) => keyword);
    if (hits.length > 0) return { level, keywords: hits };
  }
  return null;
}
