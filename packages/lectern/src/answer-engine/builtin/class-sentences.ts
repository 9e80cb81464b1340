// Transcript entries broken into sentences that remember where they were said.
import type { ClassAnalysis } from '../context/class-analysis.js';
import { syncedClass } from '../context/kept-classes.js';
import { entrySentences, entryTerms } from '../text/term-cache.js';
import type { TermTable } from '../text/term-table.js';
import { tokenize } from '../text/tokens.js';
import type { TranscriptLine } from '../types.js';

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
 * were found once (most as the entry arrived), so a question only cuts the text it reads and
 * turns the terms it reads back into strings.
 */
class StoredSentence implements ClassSentence {
  #text: string | undefined;
  #terms: readonly string[] | undefined;

  constructor(
    readonly entry: TranscriptLine,
    readonly position: number,
    private readonly analysis: ClassAnalysis,
    /** Its number among the analysis's stored sentences. */
    private readonly index: number,
  ) {}

  get text(): string {
    this.#text ??= this.entry.text.slice(this.analysis.sentenceStart(this.index), this.analysis.sentenceEnd(this.index));
    return this.#text;
  }

  get terms(): readonly string[] {
    this.#terms ??= this.analysis.termsOf(this.index);
    return this.#terms;
  }
}

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
      const first = analysis.firstSentenceOf(position, entry);
      for (let index = first; index < first + analysis.sentenceCount(position); index++) sentences.push(new StoredSentence(entry, position, analysis, index));
      return;
    }
    const parts = entrySentences(entry);
    // The common case — one sentence per entry — reuses the cached entry tokens.
    for (const text of parts) sentences.push(new LazySentence(entry, position, text, parts.length === 1, table));
  });
  return sentences;
}
