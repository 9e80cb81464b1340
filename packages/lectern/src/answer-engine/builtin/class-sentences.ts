// Transcript entries broken into sentences that remember where they were said.
import { entrySentences, entryTerms } from '../text/term-cache.js';
import type { TermTable } from '../text/term-table.js';
import { tokenize } from '../text/tokens.js';
import type { TranscriptLine } from '../types.js';

export interface ClassSentence {
  entry: TranscriptLine;
  /** Index of the entry in the request's entries. */
  position: number;
  text: string;
  terms: readonly string[];
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
    if (parts.length === 1) {
      // The common case — one sentence per entry — reuses the cached entry tokens.
      sentences.push({ entry, position, text: parts[0] ?? '', terms: entryTerms(entry) });
      return;
    }
    for (const text of parts) {
      const terms = tokenize(text);
      sentences.push({ entry, position, text, terms: table ? table.intern(terms) : terms });
    }
  });
  return sentences;
}
