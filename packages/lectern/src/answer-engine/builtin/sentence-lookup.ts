// Which of a list of class sentences hold a word stem, or may mention a phrase, without reading
// every one: the sentences of the request being answered come from the class's kept analysis,
// whose inverted indexes (context/sentence-postings.ts) were grown as the entries arrived. Any
// other list is read whole, as before: the answers are the same either way.
import type { ReadonlyInt32List } from '../context/int32-list.js';
import { mentionKeys } from '../text/mention-words.js';
import { stem } from '../text/stems.js';
import { storedPositions } from './class-sentences.js';
import type { ClassSentence, StoredPositions } from './class-sentences.js';

const NONE: readonly number[] = [];

export class SentenceLookup {
  /** Generic lists only: each stem's positions, built on first use. */
  private byStem: Map<string, number[]> | undefined;
  /** Kept classes: the positions of each stem asked for. */
  private readonly stemPositions = new Map<string, readonly number[]>();

  private constructor(
    private readonly sentences: readonly ClassSentence[],
    private readonly kept: StoredPositions | undefined,
  ) {}

  static of(sentences: readonly ClassSentence[]): SentenceLookup {
    return new SentenceLookup(sentences, storedPositions(sentences));
  }

  /** Whether the sentences are a kept class's, read through its indexes. */
  get indexed(): boolean {
    return this.kept !== undefined;
  }

  /** How many terms the sentence at `at` has (its `terms.length`, without making the array for a kept sentence). */
  termCount(at: number): number {
    // A kept sentence's terms are its stored ones (class-sentences.ts, StoredSentence).
    if (this.kept !== undefined) return at < this.kept.numberAt.length ? this.kept.analysis.termCount(this.kept.numberAt[at]!) : 0;
    return this.sentences[at]?.terms.length ?? 0;
  }

  /** Positions of the sentences with a term whose stem is `stemmed`, ascending. */
  withStem(stemmed: string): readonly number[] {
    if (this.kept !== undefined) {
      // A ranking asks for each stem of the question several times (its idf, its matches, its pairs).
      let positions = this.stemPositions.get(stemmed);
      if (positions === undefined) this.stemPositions.set(stemmed, (positions = this.positions(this.kept.analysis.sentencesWithStem(stemmed))));
      return positions;
    }
    if (this.byStem === undefined) {
      this.byStem = new Map();
      this.sentences.forEach((sentence, at) => {
        for (const key of new Set(sentence.terms.map(stem))) {
          let list = this.byStem!.get(key);
          if (list === undefined) this.byStem!.set(key, (list = []));
          list.push(at);
        }
      });
    }
    return this.byStem.get(stemmed) ?? NONE;
  }

  /**
   * The sentences that hold `term` (a term as tokenize gives it), as flat pairs (position,
   * how many times), positions ascending; null when the sentences are not a kept class's.
   */
  termCounts(term: string): number[] | null {
    if (this.kept === undefined) return null;
    const { analysis, numberAt } = this.kept;
    const counts: number[] = [];
    const number = analysis.termNumber(term);
    if (number === undefined) return counts;
    // A sentence with the term holds its stem.
    for (const at of this.withStem(stem(term))) {
      const sentence = numberAt[at]!;
      let tf = 0;
      for (let k = 0; k < analysis.termCount(sentence); k++) if (analysis.termNumberAt(sentence, k) === number) tf++;
      if (tf > 0) counts.push(at, tf);
    }
    return counts;
  }

  /**
   * How many of the sentence's distinct stems are not keys of `known`: what the sentence adds
   * to a question's words. A kept sentence is read as stem numbers, without making its terms.
   */
  stemsOutside(at: number, known: ReadonlyMap<string, unknown>): number {
    if (this.kept === undefined) {
      let added = 0;
      for (const key of this.stemsAt(at)) if (!known.has(key)) added++;
      return added;
    }
    if (at < 0 || at >= this.kept.numberAt.length) return 0;
    const { analysis } = this.kept;
    const sentence = this.kept.numberAt[at]!;
    const knownNumbers = this.numbersOf(known);
    const seen = this.scratch;
    seen.length = 0;
    for (let k = 0; k < analysis.termCount(sentence); k++) {
      const number = analysis.termStemNumber(sentence, k);
      if (!seen.includes(number)) seen.push(number);
    }
    let added = 0;
    for (const number of seen) if (!knownNumbers.has(number)) added++;
    return added;
  }

  /** Whether the sentence says a term of stem `first` right before one of stem `second`. */
  hasStemPair(at: number, first: string, second: string): boolean {
    if (this.kept === undefined) {
      const keys = this.stemsInOrder(at);
      for (let k = 1; k < keys.length; k++) if (keys[k - 1] === first && keys[k] === second) return true;
      return false;
    }
    if (at < 0 || at >= this.kept.numberAt.length) return false;
    const { analysis } = this.kept;
    const a = analysis.stemNumber(first);
    const b = analysis.stemNumber(second);
    if (a === undefined || b === undefined) return false;
    const sentence = this.kept.numberAt[at]!;
    for (let k = 1; k < analysis.termCount(sentence); k++) {
      if (analysis.termStemNumber(sentence, k - 1) === a && analysis.termStemNumber(sentence, k) === b) return true;
    }
    return false;
  }

  /** One working array for stemsOutside, which runs for every sentence a question ranks. */
  private readonly scratch: number[] = [];
  /** Per map of stems asked about, the numbers of those the class has. */
  private readonly numbers = new WeakMap<ReadonlyMap<string, unknown>, Set<number>>();
  /** Generic lists only: each sentence's stems in order, made when first read. */
  private readonly ordered: (readonly string[] | undefined)[] = [];

  private numbersOf(known: ReadonlyMap<string, unknown>): Set<number> {
    let numbers = this.numbers.get(known);
    if (numbers === undefined) {
      numbers = new Set();
      for (const key of known.keys()) {
        const number = this.kept?.analysis.stemNumber(key);
        if (number !== undefined) numbers.add(number);
      }
      this.numbers.set(known, numbers);
    }
    return numbers;
  }

  private stemsInOrder(at: number): readonly string[] {
    let keys = this.ordered[at];
    if (keys === undefined) this.ordered[at] = keys = this.sentences[at]?.terms.map(stem) ?? [];
    return keys;
  }

  private stemsAt(at: number): ReadonlySet<string> {
    return new Set(this.stemsInOrder(at));
  }

  /**
   * Positions, ascending, of the sentences that may mention `phrase` (mentionPattern): a
   * superset of those that do, the pattern still to be tested on each; null when every sentence
   * must be tested.
   */
  mayMention(phrase: string): readonly number[] | null {
    const keys = this.kept === undefined ? null : mentionKeys(phrase);
    if (keys === null || this.kept === undefined) return null;
    const { analysis } = this.kept;
    if (keys.length === 1) return this.positions(analysis.sentencesWithWord(keys[0]!));
    const union = new Set<number>();
    for (const key of keys) for (const at of this.positions(analysis.sentencesWithWord(key))) union.add(at);
    return [...union].sort((a, b) => a - b);
  }

  /** The positions in this list of some stored sentences, ascending. */
  private positions(stored: ReadonlyInt32List | undefined): readonly number[] {
    if (stored === undefined || this.kept === undefined) return NONE;
    const { positionOf } = this.kept;
    const found: number[] = [];
    let ordered = true;
    for (let i = 0; i < stored.length; i++) {
      const at = positionOf[stored.at(i)] ?? -1;
      if (at < 0) continue;
      if (found.length > 0 && at < found[found.length - 1]!) ordered = false;
      found.push(at);
    }
    // Sentences are stored as entries are analysed, nearly always in class order.
    return ordered ? found : found.sort((a, b) => a - b);
  }
}
