// Key terms and phrases of a stretch of speech: frequent content terms, joined into phrases
// when they keep occurring together ("binary search", 二叉树 from 二叉 + 叉树).
import type { TermRun } from './tokens.js';

export interface Keyword {
  /** Display form: words joined by spaces, or Han characters joined directly. */
  phrase: string;
  count: number;
  score: number;
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

interface Candidate {
  units: string[];
  phrase: string;
  count: number;
}

export interface KeywordOptions {
  limit: number;
  /** Relative weight of a term, e.g. how distinctive it is of this part of the class. */
  weight?: (term: string) => number;
}

export function rankKeywords(runsPerText: Iterable<readonly TermRun[]>, options: KeywordOptions): Keyword[] {
  const candidates = countCandidates(runsPerText);
  const byUnits = [...candidates.values()].sort((a, b) => b.units.length - a.units.length);
  const remaining = new Map([...candidates].map(([key, c]) => [key, c.count]));
  const accepted: Candidate[] = [];
  for (const candidate of byUnits) {
    const count = remaining.get(candidate.phrase) ?? 0;
    if (count < MIN_KEYWORD_COUNT || !isMeaningful(candidate.units)) continue;
    if (candidate.units.length > 1 && !isCohesive(candidate, count, candidates)) continue;
    accepted.push({ ...candidate, count });
    for (const part of subPhrases(candidate.units)) {
      const key = phraseOf(part);
      remaining.set(key, (remaining.get(key) ?? 0) - count);
    }
  }
  const weight = options.weight ?? (() => 1);
  return accepted
    .map((c) => {
      const unitWeight = c.units.reduce((sum, unit) => sum + weight(unit), 0) / c.units.length;
      const score = c.count * unitWeight * (1 + PHRASE_LENGTH_BONUS * (c.units.length - 1));
      return { phrase: c.phrase, count: c.count, score };
    })
    .sort((a, b) => b.score - a.score || a.phrase.localeCompare(b.phrase))
    .slice(0, options.limit);
}

function countCandidates(runsPerText: Iterable<readonly TermRun[]>): Map<string, Candidate> {
  const candidates = new Map<string, Candidate>();
  for (const runs of runsPerText) {
    for (const run of runs) {
      for (const phrase of runPhrases(run)) {
        const key = phraseOf(phrase);
        const existing = candidates.get(key);
        if (existing !== undefined) existing.count++;
        else candidates.set(key, { units: phrase, phrase: key, count: 1 });
      }
    }
  }
  return candidates;
}

/** Every contiguous slice of a run up to the phrase length limit; Han slices must chain (ab, bc). */
function runPhrases(run: TermRun): string[][] {
  const phrases: string[][] = [];
  for (let start = 0; start < run.length; start++) {
    const first = run[start] ?? '';
    const han = isBigram(first);
    const maxUnits = han ? MAX_BIGRAM_UNITS : MAX_WORD_UNITS;
    const phrase = [first];
    phrases.push([first]);
    for (let next = start + 1; next < run.length && phrase.length < maxUnits; next++) {
      const unit = run[next] ?? '';
      if (han && !chains(phrase[phrase.length - 1] ?? '', unit)) break;
      phrase.push(unit);
      phrases.push([...phrase]);
    }
  }
  return phrases;
}

function isCohesive(candidate: Candidate, count: number, all: ReadonlyMap<string, Candidate>): boolean {
  const rarerPart = Math.min(
    ...[candidate.units.slice(1), candidate.units.slice(0, -1)].map((part) => all.get(phraseOf(part))?.count ?? 0),
  );
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
  return !units.every((u) => /^\d+$/.test(u)) && !(units.length === 1 && /^[\u3400-\u9fff\uf900-\ufaff]$/.test(units[0] ?? ''));
}

function isBigram(unit: string): boolean {
  return /^[\u3400-\u9fff\uf900-\ufaff]{2}$/.test(unit);
}

/** Overlapping Han bigrams: 二叉 then 叉树 spell 二叉树. */
function chains(previous: string, next: string): boolean {
  return isBigram(next) && previous.slice(-1) === next.slice(0, 1);
}

function phraseOf(units: readonly string[]): string {
  if (units.length > 0 && units.every(isBigram)) {
    return units.reduce((phrase, unit) => phrase + unit.slice(1));
  }
  return units.join(' ');
}
