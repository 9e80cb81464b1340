// Sentence splitting for English, Chinese and the two mixed, as speech recognisers emit them.
import { HAN_CHARACTER } from './script.js';
import { safeCutIndex } from './surrogates.js';

/** Words that end with a full stop without ending the sentence ("Dr. Chen", "e.g. this"). */
const ABBREVIATIONS = new Set([
  'mr', 'mrs', 'ms', 'dr', 'prof', 'sr', 'jr', 'st', 'vs', 'etc', 'e.g', 'i.e', 'eg', 'ie',
  'fig', 'figs', 'eq', 'eqs', 'no', 'nos', 'approx', 'cf', 'al', 'ch', 'sec', 'vol', 'pp',
  'p', 'ca', 'min', 'max', 'dept', 'univ', 'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug',
  'sep', 'sept', 'oct', 'nov', 'dec', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun',
]);

/** Terminators that always end a sentence: CJK full-width marks end it even without a space. */
const CJK_TERMINATORS = new Set(['。', '！', '？', '；', '…']);
const LATIN_TERMINATORS = new Set(['.', '!', '?']);
/** Closing marks that belong to the sentence they follow ("…right?" she said / 他说：“好。”). */
const ANY_TERMINATOR = /[。！？；….!?]/;
const CLOSERS = new Set(['"', "'", ')', ']', '”', '’', '」', '』', '）', '》', '】']);

/**
 * Speech recognisers often emit long stretches with commas only. Past this length a sentence
 * is cut at its last comma so quotes stay readable and retrieval stays precise.
 */
const MAX_SENTENCE_CHARS = 240;
const SOFT_BREAKS = /[,，、:：]/;

export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  // Jump from one terminator to the next; most characters are never looked at one by one.
  const terminators = new RegExp(ANY_TERMINATOR.source, 'g');
  for (let match = terminators.exec(text); match !== null; match = terminators.exec(text)) {
    const at = match.index;
    let end = -1;
    if (CJK_TERMINATORS.has(text[at] ?? '')) {
      end = consumeRun(text, at, (c) => CJK_TERMINATORS.has(c) || LATIN_TERMINATORS.has(c));
    } else {
      const runEnd = consumeRun(text, at, (c) => LATIN_TERMINATORS.has(c));
      if (endsSentence(text, at, runEnd)) end = runEnd;
      terminators.lastIndex = runEnd;
    }
    if (end >= 0) {
      while (end < text.length && CLOSERS.has(text[end] ?? '')) end++;
      pushSentence(sentences, text.slice(start, end));
      start = end;
      terminators.lastIndex = end;
    }
  }
  pushSentence(sentences, text.slice(start));
  return sentences;
}

function consumeRun(text: string, from: number, belongs: (c: string) => boolean): number {
  let end = from;
  while (end < text.length && belongs(text[end] ?? '')) end++;
  return end;
}

/** Whether the Latin terminator run text[at..runEnd) closes a sentence. */
function endsSentence(text: string, at: number, runEnd: number): boolean {
  let next = runEnd;
  while (next < text.length && CLOSERS.has(text[next] ?? '')) next++;
  const following = text[next];
  // "3.14", "e.g.x", "file.txt": a full stop glued to the next character is part of a token.
  if (following !== undefined && !/\s/.test(following) && !HAN_CHARACTER.test(following)) return false;
  if (text[at] !== '.' || runEnd - at > 1) return true;
  const word = /([A-Za-z.]+)$/.exec(text.slice(Math.max(0, at - 12), at))?.[1] ?? '';
  if (ABBREVIATIONS.has(word.toLowerCase())) return false;
  // A lone capital is an initial ("J. Watson"), unless it is the pronoun "I".
  return !(word.length === 1 && /[A-Z]/.test(word) && word !== 'I');
}

function pushSentence(into: string[], raw: string): void {
  let rest = raw.trim();
  while (rest.length > MAX_SENTENCE_CHARS) {
    const cut = lastSoftBreak(rest.slice(0, safeCutIndex(rest, MAX_SENTENCE_CHARS)));
    into.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest.length > 0) into.push(rest);
}

/** Index just past the last comma-like break, or the whole span when there is none. */
function lastSoftBreak(span: string): number {
  for (let i = span.length - 1; i > span.length / 2; i--) {
    if (SOFT_BREAKS.test(span[i] ?? '')) return i + 1;
  }
  return span.length;
}
