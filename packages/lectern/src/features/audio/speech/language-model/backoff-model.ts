/**
 * A trigram backoff model as plain probabilities, the form arpa.ts estimates and writes and
 * interpolated-model.ts mixes: explicit n-grams keyed "u w" / "t u w", backoff weights keyed by
 * their context.
 */
export interface BackoffModel {
  unigram: Map<string, number>;
  bigramProbability: Map<string, number>;
  bigramBackoff: Map<string, number>;
  trigramProbability: Map<string, number>;
  trigramBackoff: Map<string, number>;
}

/** The sentence marks of ARPA models: contexts and ends, never dictionary words (pocketsphinx refuses to start with them there). */
export const SENTENCE_START = '<s>';
export const SENTENCE_END = '</s>';
export const SENTENCE_MARKS: ReadonlySet<string> = new Set([SENTENCE_START, SENTENCE_END]);

/** Keeps a backoff denominator away from zero when explicit n-grams take nearly all the lower-order mass. */
export const MIN_LEFTOVER = 1e-6;
