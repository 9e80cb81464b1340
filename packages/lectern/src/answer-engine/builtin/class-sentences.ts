// Transcript entries broken into sentences that remember where they were said.
import { memory } from '../../config.js';
import { arrayBytes, stringBytes } from '../../platform/memory-size.js';
import type { ClassAnalysis } from '../context/class-analysis.js';
import { syncedClass } from '../context/kept-classes.js';
import { entrySentences, entryTerms } from '../text/term-cache.js';
import { mentionKeys } from '../text/mention-words.js';
import { isQuestion } from '../text/questions.js';
import { announcedTopic } from '../text/topics.js';
import type { TermTable } from '../text/term-table.js';
import { tokenize } from '../text/tokens.js';
import type { TranscriptLine } from '../types.js';
import { arraySentenceList } from './sentence-list.js';
import type { SentenceList } from './sentence-list.js';

export interface ClassSentence {
  readonly entry: TranscriptLine;
  /** Index of the entry in the request's entries. */
  readonly position: number;
  readonly text: string;
  readonly terms: readonly string[];
}

/**
 * A sentence whose terms are found when first asked for: many passes over a whole class read
 * only the text (finding where a subject is named, what defines it), and tokenising every
 * sentence of a two-hour class for them took most of a follow-up's time.
 */
class LazySentence implements ClassSentence {
  #terms: readonly string[] | undefined;

  constructor(
    readonly entry: TranscriptLine,
    readonly position: number,
    readonly text: string,
    /** The entry is this one sentence: its terms are the entry's, from the cache. */
    private readonly wholeEntry: boolean,
    private readonly table: TermTable | undefined,
  ) {}

  get terms(): readonly string[] {
    if (this.#terms === undefined) {
      const terms = this.wholeEntry ? entryTerms(this.entry) : tokenize(this.text);
      this.#terms = this.table && !this.wholeEntry ? this.table.intern(terms) : terms;
    }
    return this.#terms;
  }
}

/**
 * A sentence of the class being asked about, read from its kept analysis: bounds and terms
 * were found once (most as the entry arrived); its text is cut and its terms turned back into
 * strings when first read, and the object is kept for the class's next questions (KeptSentences).
 */
class StoredSentence implements ClassSentence {
  #text: string | undefined;
  #terms: readonly string[] | undefined;

  constructor(
    readonly entry: TranscriptLine,
    readonly position: number,
    readonly analysis: ClassAnalysis,
    /** Its number among the analysis's stored sentences. */
    readonly index: number,
  ) {}

  get text(): string {
    this.#text ??= this.entry.text.slice(this.analysis.sentenceStart(this.index), this.analysis.sentenceEnd(this.index));
    return this.#text;
  }

  get terms(): readonly string[] {
    this.#terms ??= this.analysis.termsOf(this.index);
    return this.#terms;
  }

  get topic(): string | null {
    return this.analysis.topicOf(this.index, () => this.text);
  }

  get asks(): boolean {
    return this.analysis.isQuestion(this.index, () => this.text);
  }
}

/** Whether the sentence is a question (isQuestion of its text), read from the kept analysis for a sentence of a kept class. */
export function sentenceAsks(sentence: ClassSentence): boolean {
  return sentence instanceof StoredSentence ? sentence.asks : isQuestion(sentence.text);
}

/**
 * Where the sentences of a kept class stand in `sentences`, when every one of them is a
 * sentence of the same kept analysis (the request being answered). Undefined otherwise, and for
 * a list that holds a sentence twice: then only reading every sentence gives the answer.
 */
export interface StoredPositions {
  analysis: ClassAnalysis;
  /** Per stored sentence number, its position in the list, -1 when not in it. */
  positionOf: Int32Array;
  /** Per position in the list, the sentence's stored number. */
  numberAt: Int32Array;
}

export function storedPositions(sentences: readonly ClassSentence[]): StoredPositions | undefined {
  const first = sentences[0];
  if (!(first instanceof StoredSentence)) return undefined;
  const { analysis } = first;
  const positionOf = new Int32Array(analysis.sentencesStored).fill(-1);
  const numberAt = new Int32Array(sentences.length);
  for (let at = 0; at < sentences.length; at++) {
    const sentence = sentences[at];
    if (!(sentence instanceof StoredSentence) || sentence.analysis !== analysis || positionOf[sentence.index] !== -1) return undefined;
    positionOf[sentence.index] = at;
    numberAt[at] = sentence.index;
  }
  return { analysis, positionOf, numberAt };
}

/** The topic the sentence announces (announcedTopic), found once for a sentence of a kept class. */
export function sentenceTopic(sentence: ClassSentence): string | null {
  return sentence instanceof StoredSentence ? sentence.topic : announcedTopic(sentence.text);
}

/** What a kept sentence may hold: the object, its text (two bytes a character at most) and its terms array. */
const KEPT_SENTENCE_OBJECT_BYTES = 96;
const EMPTY_STRING_BYTES = stringBytes('');

/**
 * The sentence objects of a kept class, kept as long as the class's analysis and within
 * `memory.keptSentencesMaxBytes`: every question on the class reads the same sentences, and
 * making them again — with their text and terms — for thousands of sentences a question was
 * most of the garbage a question left, which the service's small young generation
 * (bin/lectern.js) collects at a high price. Over the budget, the sentences
 * analysed first are let go (made again when read).
 */
class KeptSentences {
  private readonly sentences: (StoredSentence | undefined)[] = [];
  private bytes = 0;
  /** Sentences below this number have been let go or never kept. */
  private floor = 0;

  constructor(private readonly analysis: ClassAnalysis) {}

  sentence(entry: TranscriptLine, position: number, index: number): StoredSentence {
    const known = this.sentences[index];
    if (known !== undefined) return known;
    const made = new StoredSentence(entry, position, this.analysis, index);
    if (index < this.floor) return made;
    this.sentences[index] = made;
    this.bytes += this.estimate(index);
    while (this.bytes > memory.keptSentencesMaxBytes && this.floor < this.sentences.length) {
      if (this.sentences[this.floor] !== undefined) {
        this.bytes -= this.estimate(this.floor);
        this.sentences[this.floor] = undefined;
      }
      this.floor++;
    }
    return made;
  }

  private estimate(index: number): number {
    const chars = this.analysis.sentenceEnd(index) - this.analysis.sentenceStart(index);
    return KEPT_SENTENCE_OBJECT_BYTES + EMPTY_STRING_BYTES + 2 * chars + arrayBytes(this.analysis.termCount(index), false);
  }
}

const keptSentences = new WeakMap<ClassAnalysis, KeptSentences>();

/**
 * Sentences of `entries`, which start at index `firstPosition` of the whole transcript. An
 * analysis that keeps the sentences of a whole class passes a table, which the terms of
 * entries with several sentences are folded into (the cache already shares the others'). The
 * entries of the request being answered come from the class's kept analysis (their terms are
 * already one copy per word); any others are analysed here.
 */
export function classSentences(entries: readonly TranscriptLine[], firstPosition: number, table?: TermTable): ClassSentence[] {
  const sentences: ClassSentence[] = [];
  const synced = syncedClass();
  entries.forEach((entry, offset) => {
    const position = firstPosition + offset;
    if (synced !== undefined && synced.entries[position] === entry) {
      const { analysis } = synced;
      let kept = keptSentences.get(analysis);
      if (kept === undefined) keptSentences.set(analysis, (kept = new KeptSentences(analysis)));
      const first = analysis.firstSentenceOf(position, entry);
      for (let index = first; index < first + analysis.sentenceCount(position); index++) sentences.push(kept.sentence(entry, position, index));
      return;
    }
    const parts = entrySentences(entry);
    // The common case — one sentence per entry — reuses the cached entry tokens.
    for (const text of parts) sentences.push(new LazySentence(entry, position, text, parts.length === 1, table));
  });
  return sentences;
}

/**
 * The sentences of the whole class `entries` (the request being answered) as a list that makes
 * each only when it is read: where they stand is worked out from the kept analysis's counts,
 * which sentences may name a phrase from its word index, a sentence's announced topic from the
 * topics it keeps. Another list of entries gets its sentences made at once (classSentences).
 */
export function classSentenceList(entries: readonly TranscriptLine[]): SentenceList {
  const synced = syncedClass();
  if (synced === undefined || synced.entries !== entries) return arraySentenceList(classSentences(entries, 0));
  const { analysis } = synced;
  let kept = keptSentences.get(analysis);
  if (kept === undefined) keptSentences.set(analysis, (kept = new KeptSentences(analysis)));
  return new KeptClassList(entries, analysis, kept);
}

class KeptClassList implements SentenceList {
  readonly length: number;
  /** Per entry: the list position of its first sentence (one more slot: the length). */
  private readonly starts: Int32Array;
  /** Per entry: the stored number of its first sentence. */
  private readonly firsts: Int32Array;
  /** The sentences made so far, by position: the same object each time. */
  private readonly made = new Map<number, StoredSentence>();

  constructor(
    private readonly entries: readonly TranscriptLine[],
    private readonly analysis: ClassAnalysis,
    private readonly kept: KeptSentences,
  ) {
    this.starts = new Int32Array(entries.length + 1);
    this.firsts = new Int32Array(entries.length);
    let total = 0;
    entries.forEach((entry, position) => {
      this.firsts[position] = analysis.firstSentenceOf(position, entry);
      this.starts[position] = total;
      total += analysis.sentenceCount(position);
    });
    this.starts[entries.length] = total;
    this.length = total;
  }

  at(position: number): StoredSentence | undefined {
    if (position < 0 || position >= this.length) return undefined;
    const known = this.made.get(position);
    if (known !== undefined) return known;
    const entry = this.entryAt(position);
    const made = this.kept.sentence(this.entries[entry]!, entry, this.firsts[entry]! + position - this.starts[entry]!);
    this.made.set(position, made);
    return made;
  }

  indexOf(sentence: ClassSentence): number {
    if (!(sentence instanceof StoredSentence) || sentence.analysis !== this.analysis) return -1;
    const position = this.positionOf(sentence.index);
    return position >= 0 && this.at(position) === sentence ? position : -1;
  }

  mayMention(phrase: string): readonly number[] | null {
    const keys = mentionKeys(phrase);
    if (keys === null) return null;
    const positions = new Set<number>();
    for (const key of keys) {
      const numbers = this.analysis.sentencesWithWord(key);
      for (let i = 0; i < (numbers?.length ?? 0); i++) {
        const position = this.positionOf(numbers!.at(i));
        if (position >= 0) positions.add(position);
      }
    }
    return [...positions].sort((a, b) => a - b);
  }

  topicAt(position: number): string | null {
    const known = this.made.get(position);
    if (known !== undefined) return known.topic;
    const entry = this.entryAt(position);
    if (entry < 0) return null;
    const number = this.firsts[entry]! + position - this.starts[entry]!;
    const text = this.entries[entry]!.text;
    return this.analysis.topicOf(number, () => text.slice(this.analysis.sentenceStart(number), this.analysis.sentenceEnd(number)));
  }

  /** The list position of a stored sentence, -1 when its entry is not among the list's. */
  private positionOf(number: number): number {
    const entry = this.analysis.entryOf(number);
    if (entry < 0 || entry >= this.entries.length) return -1;
    return this.starts[entry]! + number - this.firsts[entry]!;
  }

  /** The entry whose sentences hold the position: the last whose first sentence is at or before it (-1 outside the list). */
  private entryAt(position: number): number {
    if (position < 0 || position >= this.length) return -1;
    let low = 0;
    let high = this.entries.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if (this.starts[middle]! <= position) low = middle;
      else high = middle - 1;
    }
    return low;
  }
}

