// Transcript entries broken into sentences that remember where they were said.
import { entrySentences, entryTerms } from '../text/term-cache.js';
import { tokenize } from '../text/tokens.js';
import type { TranscriptLine } from '../types.js';

export interface ClassSentence {
  entry: TranscriptLine;
  /** Index of the entry in the request's entries. */
  position: number;
  text: string;
  terms: readonly string[];
}

/** Sentences of `entries`, which start at index `firstPosition` of the whole transcript. */
export function classSentences(entries: readonly TranscriptLine[], firstPosition: number): ClassSentence[] {
  const sentences: ClassSentence[] = [];
  entries.forEach((entry, offset) => {
    const parts = entrySentences(entry);
    const position = firstPosition + offset;
    if (parts.length === 1) {
      // The common case — one sentence per entry — reuses the cached entry tokens.
      sentences.push({ entry, position, text: parts[0] ?? '', terms: entryTerms(entry) });
      return;
    }
    for (const text of parts) sentences.push({ entry, position, text, terms: tokenize(text) });
  });
  return sentences;
}
