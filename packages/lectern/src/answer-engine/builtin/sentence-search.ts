// BM25 over some of a class's sentences (a rescue's supporting quotes among the statements of its
// window) without building an index of them for each question: a kept class's sentences are
// looked up in its stem index (sentence-lookup.ts). The ranking is bm25Search's, as a Bm25Index
// of the same sentences gives it.
import { Bm25Index, bm25Search, SENTENCE_LENGTH_NORMALISATION_B } from '../text/bm25.js';
import type { RankedPassage } from '../text/bm25.js';
import type { ClassSentence } from './class-sentences.js';
import { SentenceLookup } from './sentence-lookup.js';

/** The sentences that share a query term, best first (`index` is a position in `sentences`), at most `limit`. */
export function searchSentences(sentences: readonly ClassSentence[], queryTerms: readonly string[], limit: number): RankedPassage[] {
  const lookup = SentenceLookup.of(sentences);
  if (!lookup.indexed) return new Bm25Index(sentences.map((s) => s.terms), SENTENCE_LENGTH_NORMALISATION_B).search(queryTerms, limit);
  let totalLength = 0;
  for (let at = 0; at < sentences.length; at++) totalLength += lookup.termCount(at);
  const postings = new Map<string, number[]>();
  return bm25Search(
    {
      count: sentences.length,
      totalLength,
      length: (at) => lookup.termCount(at),
      postings: (term) => {
        let pairs = postings.get(term);
        if (pairs === undefined) postings.set(term, (pairs = lookup.termCounts(term) ?? []));
        return pairs.length === 0 ? undefined : { pairs, end: pairs.length };
      },
    },
    queryTerms,
    limit,
    SENTENCE_LENGTH_NORMALISATION_B,
  );
}
