// Transcript entries broken into sentences that remember where they were said.
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
 * Sentences of `entries`, which start at index `firstPosition` of the whole transcript. An
 * analysis that keeps the sentences of a whole class passes a table, which the terms of
 * entries with several sentences are folded into (the cache already shares the others').
 */
export function classSentences(entries: readonly TranscriptLine[], firstPosition: number, table?: TermTable): ClassSentence[] {
  const sentences: ClassSentence[] = [];
  entries.forEach((entry, offset) => {
    const parts = entrySentences(entry);
    const position = firstPosition + offset;
    // The common case — one sentence per entry — reuses the cached entry tokens.
    for (const text of parts) sentences.push(new LazySentence(entry, position, text, parts.length === 1, table));
  });
  return sentences;
}
