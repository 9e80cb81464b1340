// Key terms and phrases of a stretch of speech: frequent content terms, joined into phrases
// when they keep occurring together ("binary search", 二叉树 from 二叉 + 叉树).
import { HAN_CHARACTER } from './script.js';
import type { TermRun } from './tokens.js';

export interface Keyword {
  /** Display form: words joined by spaces, or Han characters joined directly. */
  phrase: string;
  count: number;
  score: number;
}

export interface KeywordOptions {
  limit: number;
  /** Relative weight of a term, e.g. how distinctive it is of this part of the class. */
  weight?: (term: string) => number;
}

/** A phrase must occur at least this often to be a key term at all. */
const MIN_KEYWORD_COUNT = 2;
/**
 * A phrase replaces its parts when it accounts for at least this share of its rarer part's
 * occurrences: "binary search" 10 times against "binary" 11 times is one concept.
 */
const PHRASE_COHESION_SHARE = 0.5;
/** Longest phrases considered, in tokens: three English words, or five Han characters (four bigrams). */
const MAX_WORD_UNITS = 3;
const MAX_BIGRAM_UNITS = 4;
/** Each extra word in a phrase makes it more specific and so more telling. */
const PHRASE_LENGTH_BONUS = 0.3;
const FIRST_HAN_CODE = 0x3400;

interface Phrase {
  key: string;
  units: string[];
  count: number;
}

export function rankKeywords(runsPerText: Iterable<readonly TermRun[]>, options: KeywordOptions): Keyword[] {
  const counts = new PhraseCounts();
  for (const runs of runsPerText) counts.add(runs);
  return counts.rank(options);
}

/** Occurrence counts of every candidate phrase, built up text by text, then ranked once. */
class PhraseCounts {
  private readonly counts = new Map<string, number>();

  /**
   * Counts every contiguous slice of every run up to the phrase length limit; Han slices must
   * chain (ab, bc). Only the key strings are kept, built one unit at a time: this loop runs
   * over every term of a three-hour class, so it allocates as little as it can.
   */
  add(runs: readonly TermRun[]): void {
    const counts = this.counts;
    for (const run of runs) {
      for (let start = 0; start < run.length; start++) {
        const first = run[start] ?? '';
        const han = isBigram(first);
        const end = Math.min(run.length, start + (han ? MAX_BIGRAM_UNITS : MAX_WORD_UNITS));
        let key = first;
        counts.set(key, (counts.get(key) ?? 0) + 1);
        for (let next = start + 1; next < end; next++) {
          const unit = run[next] ?? '';
          if (han && !chains(run[next - 1] ?? '', unit)) break;
          key = han ? key + unit.charAt(1) : `${key} ${unit}`;
          counts.set(key, (counts.get(key) ?? 0) + 1);
        }
      }
    }
  }

  rank(options: KeywordOptions): Keyword[] {
    const counts = this.counts;
    // Most phrases occur once. Only frequent ones can be accepted, and accepting one only
    // changes the counts of its parts, which are at least as frequent; the rest never matter.
    const remaining = new Map<string, number>();
    // Longest first, so a phrase is judged before its parts: bucketed by length, not sorted.
    const byLength: string[][] = Array.from({ length: Math.max(MAX_WORD_UNITS, MAX_BIGRAM_UNITS) + 1 }, () => []);
    for (const [key, count] of counts) {
      if (count < MIN_KEYWORD_COUNT) continue;
      remaining.set(key, count);
      byLength[unitCount(key)]?.push(key);
    }
    const accepted: Phrase[] = [];
    for (const key of byLength.reverse().flat()) {
      const units = unitsOf(key);
      const count = remaining.get(key) ?? 0;
      if (count < MIN_KEYWORD_COUNT || !isMeaningful(units)) continue;
      if (units.length > 1 && !isCohesive(units, count, counts)) continue;
      accepted.push({ key, units, count });
      for (const part of subPhrases(units)) {
        const partKey = phraseOf(part);
        remaining.set(partKey, (remaining.get(partKey) ?? 0) - count);
      }
    }
    const weight = options.weight ?? (() => 1);
    return accepted
      .map(({ key, units, count }) => {
        const unitWeight = units.reduce((sum, unit) => sum + weight(unit), 0) / units.length;
        return { phrase: key, count, score: count * unitWeight * (1 + PHRASE_LENGTH_BONUS * (units.length - 1)) };
      })
      .sort((a, b) => b.score - a.score || a.phrase.localeCompare(b.phrase))
      .slice(0, options.limit);
  }
}

function isCohesive(units: readonly string[], count: number, counts: ReadonlyMap<string, number>): boolean {
  const rarerPart = Math.min(counts.get(phraseOf(units.slice(1))) ?? 0, counts.get(phraseOf(units.slice(0, -1))) ?? 0);
  return count >= PHRASE_COHESION_SHARE * rarerPart;
}

function subPhrases(units: readonly string[]): string[][] {
  const parts: string[][] = [];
  for (let length = 1; length < units.length; length++) {
    for (let start = 0; start + length <= units.length; start++) parts.push(units.slice(start, start + length));
  }
  return parts;
}

/** Bare numbers and lone Han characters say nothing on their own. */
function isMeaningful(units: readonly string[]): boolean {
  const lone = units.length === 1 ? (units[0] ?? '') : '';
  return !units.every((u) => /^\d+$/.test(u)) && !(lone.length === 1 && HAN_CHARACTER.test(lone));
}

/** Two Han characters (character codes checked directly: this runs for every term counted). */
function isBigram(unit: string): boolean {
  return unit.length === 2 && unit.charCodeAt(0) >= FIRST_HAN_CODE && unit.charCodeAt(1) >= FIRST_HAN_CODE;
}

/** Overlapping Han bigrams: 二叉 then 叉树 spell 二叉树. */
function chains(previous: string, next: string): boolean {
  return isBigram(next) && previous.charAt(1) === next.charAt(0);
}

function isHanKey(key: string): boolean {
  return key.length >= 2 && key.charCodeAt(0) >= FIRST_HAN_CODE;
}

function unitCount(key: string): number {
  if (isHanKey(key)) return key.length - 1;
  let spaces = 0;
  for (let i = key.indexOf(' '); i >= 0; i = key.indexOf(' ', i + 1)) spaces++;
  return spaces + 1;
}

/** The units a key was built from: its words, or the overlapping bigrams of a Han phrase. */
function unitsOf(key: string): string[] {
  if (!isHanKey(key)) return key.split(' ');
  return Array.from({ length: key.length - 1 }, (_, i) => key.slice(i, i + 2));
}

function phraseOf(units: readonly string[]): string {
  if (units.length > 0 && units.every(isBigram)) {
    return units.reduce((phrase, unit) => phrase + unit.slice(1));
  }
  return units.join(' ');
}
