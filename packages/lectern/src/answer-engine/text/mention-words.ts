// The words a class's sentences are indexed by so that finding where a phrase is mentioned
// (mentionPattern in builtin/key-phrases.ts) reads only the sentences that can hold it: a
// follow-up on a two-hour class tested its subject's pattern on every one of 16,000 sentences.
//
// The index only narrows: a sentence it leaves out cannot match the pattern, and the pattern is
// still tested on the rest. An English phrase's pattern is `\bPHRASE(?:s|es)?\b`, case-insensitive,
// without the `u` flag: `\w` and `\b` then see only [A-Za-z0-9_], and no other character matches
// an ASCII letter case-insensitively. So a match of a phrase that starts with a word character
// starts a maximal run of word characters in the sentence, and that run is, ignoring case, the
// phrase's first run — or, for a phrase that is one run, that run with "s" or "es" after it.
import { ENGLISH_STOP_WORDS } from './stopwords.js';

const WORD_RUN = /[A-Za-z0-9_]+/g;
const LEADING_RUN = /^[A-Za-z0-9_]+/;
/** Shorter runs and stop words are in most sentences: listing them would cost more than it spares. */
const MIN_INDEXED_CHARS = 3;

function indexed(word: string): boolean {
  return word.length >= MIN_INDEXED_CHARS && !ENGLISH_STOP_WORDS.has(word);
}

/** The distinct words of `text` an index keeps, lower-cased. */
export function mentionWords(text: string): string[] {
  const words = new Set<string>();
  for (const match of text.matchAll(WORD_RUN)) {
    const word = match[0].toLowerCase();
    if (indexed(word)) words.add(word);
  }
  return [...words];
}

/**
 * Words of which every sentence that mentions `phrase` (mentionPattern) holds at least one;
 * null when the index cannot tell (a Han phrase, one that starts with a short or stop word, or
 * with a sign), and every sentence must be tested.
 */
export function mentionKeys(phrase: string): string[] | null {
  if (!/[a-z]/i.test(phrase)) return null;
  const first = LEADING_RUN.exec(phrase)?.[0].toLowerCase();
  if (first === undefined) return null;
  const keys = first.length === phrase.length ? [first, `${first}s`, `${first}es`] : [first];
  return keys.every(indexed) ? keys : null;
}
