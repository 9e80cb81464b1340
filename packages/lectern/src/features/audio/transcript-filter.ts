import { audio as limits } from '../../config.js';
import { wordsOf } from './speech/words.js';

/** What becomes of a recognised line: appended (possibly shortened), or dropped as a repeat. */
export type FilterOutcome = { kind: 'append'; text: string } | { kind: 'repeat' };

/** Overlaps shorter than this are not trusted as a clip overlap ("the", "so the"...). */
const OVERLAP_WORDS_MIN = 2;

function editDistance(a: readonly string[], b: readonly string[]): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current.push(Math.min(previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1), previous[j]! + 1, current[j - 1]! + 1));
    previous = current;
  }
  return previous[b.length]!;
}

const contains = (haystack: readonly string[], needle: readonly string[]): boolean => {
  if (needle.length === 0 || needle.length > haystack.length) return needle.length === 0;
  outer: for (let start = 0; start + needle.length <= haystack.length; start++) {
    for (let i = 0; i < needle.length; i++) if (haystack[start + i] !== needle[i]) continue outer;
    return true;
  }
  return false;
};

/** Longest k such that the last k words of `previous` are the first k of `next`. */
function overlapLength(previous: readonly string[], next: readonly string[]): number {
  for (let k = Math.min(previous.length, next.length); k >= OVERLAP_WORDS_MIN; k--) {
    let same = true;
    for (let i = 0; i < k && same; i++) same = previous[previous.length - k + i] === next[i];
    if (same) return k;
  }
  return 0;
}

/**
 * Keeps retried and overlapping clips from duplicating lines. A recognised line is a repeat when
 * it equals, is contained in, or is nearly the same (word edit similarity) as one of the last
 * lines; when it starts with the end of the last line (clips that overlap in time), the
 * overlapping words are merged away and only the new part is appended.
 */
export function filterRecognised(text: string, recentLines: readonly string[]): FilterOutcome {
  const words = wordsOf(text);
  if (words.length === 0) return { kind: 'repeat' };
  for (const line of recentLines.slice(-limits.duplicateWindowLines)) {
    const lineWords = wordsOf(line);
    if (contains(lineWords, words)) return { kind: 'repeat' };
    const similarity = 1 - editDistance(lineWords, words) / Math.max(lineWords.length, words.length);
    if (similarity >= limits.duplicateSimilarityMin) return { kind: 'repeat' };
  }
  const last = recentLines.at(-1);
  if (last !== undefined) {
    const overlap = overlapLength(wordsOf(last), words);
    if (overlap > 0) {
      // Drop as many leading words of the text as overlapped, keeping the rest as recognised.
      const rest = text.trim().split(/\s+/).slice(overlap).join(' ');
      return wordsOf(rest).length === 0 ? { kind: 'repeat' } : { kind: 'append', text: rest };
    }
  }
  return { kind: 'append', text: text.trim() };
}
