import { MIN_LEFTOVER, SENTENCE_MARKS, SENTENCE_START, type BackoffModel } from './backoff-model.js';
import type { GenericLanguageModel } from './generic-language-model.js';

const lastWordOf = (key: string) => key.slice(key.lastIndexOf(' ') + 1);
const contextOf = (key: string) => key.slice(0, key.lastIndexOf(' '));

/** P(w | context) of a backoff model at every order, for n-grams it may not list. */
class Scorer {
  constructor(
    readonly unigram: (word: string) => number,
    readonly bigram: (key: string) => number | undefined,
    readonly bigramBackoff: (context: string) => number,
    readonly trigram: (key: string) => number | undefined,
    readonly trigramBackoff: (context: string) => number,
  ) {}

  ofBigram(key: string): number {
    return this.bigram(key) ?? this.bigramBackoff(contextOf(key)) * this.unigram(lastWordOf(key));
  }

  ofTrigram(key: string): number {
    const explicit = this.trigram(key);
    if (explicit !== undefined) return explicit;
    const context = contextOf(key);
    return this.trigramBackoff(context) * this.ofBigram(key.slice(key.indexOf(' ') + 1));
  }
}

function scorerOf(model: BackoffModel): Scorer {
  return new Scorer(
    (word) => model.unigram.get(word) ?? 0,
    (key) => model.bigramProbability.get(key),
    (context) => model.bigramBackoff.get(context) ?? 1,
    (key) => model.trigramProbability.get(key),
    (context) => model.trigramBackoff.get(context) ?? 1,
  );
}

function scorerOfGeneric(model: GenericLanguageModel): Scorer {
  return new Scorer(
    (word) => 10 ** (model.unigrams.get(word)?.logProb ?? -Infinity),
    (key) => {
      const score = model.bigrams.get(key);
      return score === undefined ? undefined : 10 ** score.logProb;
    },
    (context) => 10 ** (model.unigrams.get(context)?.logBackoff ?? 0),
    (key) => {
      const logProb = model.trigrams.get(key);
      return logProb === undefined ? undefined : 10 ** logProb;
    },
    (context) => 10 ** (model.bigrams.get(context)?.logBackoff ?? 0),
  );
}

/**
 * Linear interpolation of the course model with general English, written back as one backoff
 * model (as SRILM's static `-mix-lm` does): every n-gram either lists gets
 * (1 − weight)·P_course + weight·P_general, each side scored through its own backoffs, and the
 * backoff weights are recomputed so each context's distribution still sums to one.
 */
export function interpolate(course: BackoffModel, general: GenericLanguageModel, weight: number, speakable: (word: string) => boolean): BackoffModel {
  const own = scorerOf(course);
  const other = scorerOfGeneric(general);
  const mix = (a: number, b: number) => (1 - weight) * a + weight * b;

  const unigram = new Map<string, number>();
  for (const word of keysOfEither(course.unigram, general.unigrams, speakable)) {
    // The start symbol is a context, never a word the decoder may predict (the ARPA writer gives it its own line).
    if (word !== SENTENCE_START) unigram.set(word, mix(own.unigram(word), other.unigram(word)));
  }

  const bigramProbability = new Map<string, number>();
  for (const key of keysOfEither(course.bigramProbability, general.bigrams, speakable)) {
    if (lastWordOf(key) === SENTENCE_START) continue;
    bigramProbability.set(key, mix(own.ofBigram(key), other.ofBigram(key)));
  }
  const bigramBackoff = backoffsOf(bigramProbability, (key) => unigram.get(lastWordOf(key)) ?? 0);
  const mixedBigram = (key: string) => bigramProbability.get(key) ?? (bigramBackoff.get(contextOf(key)) ?? 1) * (unigram.get(lastWordOf(key)) ?? 0);

  const trigramProbability = new Map<string, number>();
  for (const key of keysOfEither(course.trigramProbability, general.trigrams, speakable)) {
    // ARPA needs a trigram's first two words to be a listed bigram.
    if (lastWordOf(key) === SENTENCE_START || !bigramProbability.has(contextOf(key))) continue;
    trigramProbability.set(key, mix(own.ofTrigram(key), other.ofTrigram(key)));
  }
  const trigramBackoff = backoffsOf(trigramProbability, (key) => mixedBigram(key.slice(key.indexOf(' ') + 1)));
  return { unigram, bigramProbability, bigramBackoff, trigramProbability, trigramBackoff };
}

/**
 * The course model's keys, then the general model's it lacks whose words can all be said; one
 * pass each without copying (a class's vocabulary is rebuilt every few entries, and copies of
 * 50,000 keys each time grew the server's heap).
 */
function* keysOfEither(own: ReadonlyMap<string, unknown>, other: ReadonlyMap<string, unknown>, speakable: (word: string) => boolean): Generator<string> {
  yield* own.keys();
  for (const key of other.keys()) if (!own.has(key) && key.split(' ').every((word) => SENTENCE_MARKS.has(word) || speakable(word))) yield key;
}

/** Each context's backoff weight: the mass its explicit n-grams leave, over what the lower order gives the rest. */
function backoffsOf(explicit: ReadonlyMap<string, number>, lowerOrder: (key: string) => number): Map<string, number> {
  const sums = new Map<string, { higher: number; lower: number }>();
  for (const [key, probability] of explicit) {
    const context = contextOf(key);
    let sum = sums.get(context);
    if (!sum) sums.set(context, (sum = { higher: 0, lower: 0 }));
    sum.higher += probability;
    sum.lower += lowerOrder(key);
  }
  const backoffs = new Map<string, number>();
  for (const [context, { higher, lower }] of sums) backoffs.set(context, Math.max(MIN_LEFTOVER, 1 - higher) / Math.max(MIN_LEFTOVER, 1 - lower));
  return backoffs;
}
