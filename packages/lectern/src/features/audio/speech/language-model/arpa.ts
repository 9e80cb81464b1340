import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { GenericLanguageModel } from './generic-language-model.js';
import { MIN_LEFTOVER, SENTENCE_END, SENTENCE_START, type BackoffModel } from './backoff-model.js';
import { interpolate } from './interpolated-model.js';

/**
 * A trigram language model with Witten–Bell discounting and Katz-style backoff, written in the
 * ARPA text format that pocketsphinx reads. Built from the course's own sentences; extra words
 * (the common English list) join the unigrams with a pseudo-count so they stay reachable.
 */

/** Pseudo-count added to every unigram (course and extra words alike): the unigram floor. */
const UNIGRAM_PSEUDO_COUNT = 0.5;
/** log10 of a probability that must never be chosen (the start symbol as a predicted word). */
const IMPOSSIBLE_LOG10 = -99;

export interface LanguageModelInput {
  /** Sentences as word sequences; every word must be in the dictionary the decoder gets. */
  sentences: readonly (readonly string[])[];
  /** Words with no course occurrences that must still be in the model. */
  extraWords: readonly string[];
  /** Upper bound on distinct bigrams plus trigrams kept (the rarest are pruned first). */
  maxHigherOrderNgrams: number;
  /**
   * General English mixed in with this weight (interpolated-model.ts), its n-grams with a word
   * `speakable` refuses left out; absent: the course's text alone.
   */
  general?: { model: GenericLanguageModel; weight: number; speakable: (word: string) => boolean };
}

interface Follower {
  /** How often each word followed this context. */
  counts: Map<string, number>;
  total: number;
}

const KEY_SEPARATOR = ' ';
const log10 = (p: number) => Math.log10(p).toFixed(4);

function addFollower(table: Map<string, Follower>, context: string, word: string, count = 1): void {
  let follower = table.get(context);
  if (!follower) table.set(context, (follower = { counts: new Map(), total: 0 }));
  follower.counts.set(word, (follower.counts.get(word) ?? 0) + count);
  follower.total += count;
}

/** Drops the rarest n-grams until at most `max` remain (trigrams first, as they cost the most). */
function prune(trigrams: Map<string, Follower>, bigrams: Map<string, Follower>, max: number): void {
  const size = (table: Map<string, Follower>) => [...table.values()].reduce((sum, f) => sum + f.counts.size, 0);
  for (let threshold = 1; size(trigrams) + size(bigrams) > max; threshold++) {
    for (const table of [trigrams, bigrams]) {
      for (const [context, follower] of table) {
        for (const [word, count] of follower.counts) {
          if (count <= threshold) {
            follower.counts.delete(word);
            follower.total -= count;
          }
        }
        if (follower.counts.size === 0) table.delete(context);
      }
      if (size(trigrams) + size(bigrams) <= max) return;
    }
  }
}

/**
 * Work items between two yields to the event loop. The server builds in the vocabulary process;
 * the yields keep an in-process caller (the tests, the bench's tuning scripts) responsive.
 */
const ITEMS_PER_SLICE = 2_000;

/** The model as ARPA text; asynchronous only to yield to the event loop while counting and writing (ITEMS_PER_SLICE). */
export async function buildArpa(input: LanguageModelInput): Promise<string> {
  let sinceYield = 0;
  const breathe = async () => {
    if (++sinceYield < ITEMS_PER_SLICE) return;
    sinceYield = 0;
    await yieldToEventLoop();
  };
  const unigramCounts = new Map<string, number>();
  const bigrams = new Map<string, Follower>();
  const trigrams = new Map<string, Follower>();
  for (const sentence of input.sentences) {
    await breathe();
    const padded = [SENTENCE_START, ...sentence, SENTENCE_END];
    for (let i = 1; i < padded.length; i++) {
      const word = padded[i]!;
      unigramCounts.set(word, (unigramCounts.get(word) ?? 0) + 1);
      addFollower(bigrams, padded[i - 1]!, word);
      if (i >= 2) addFollower(trigrams, padded[i - 2]! + KEY_SEPARATOR + padded[i - 1]!, word);
    }
  }
  unigramCounts.set(SENTENCE_END, unigramCounts.get(SENTENCE_END) ?? 0);
  for (const word of input.extraWords) if (!unigramCounts.has(word)) unigramCounts.set(word, 0);
  prune(trigrams, bigrams, input.maxHigherOrderNgrams);
  // ARPA needs every trigram's first two words to be a bigram of the model.
  for (const context of trigrams.keys()) {
    const [first, second] = context.split(KEY_SEPARATOR) as [string, string];
    if (!bigrams.get(first)?.counts.has(second)) trigrams.delete(context);
  }

  // Unigrams: add-k over the whole vocabulary.
  let tokens = 0;
  for (const count of unigramCounts.values()) tokens += count;
  const unigramTotal = tokens + UNIGRAM_PSEUDO_COUNT * unigramCounts.size;
  const unigram = new Map<string, number>();
  for (const [word, count] of unigramCounts) unigram.set(word, (count + UNIGRAM_PSEUDO_COUNT) / unigramTotal);

  // Bigrams: Witten–Bell. P(w|u) = c(u,w) / (c(u) + T(u)); the rest, T/(c+T), backs off to unigrams.
  const bigramProbability = new Map<string, number>();
  const bigramBackoff = new Map<string, number>();
  for (const [context, follower] of bigrams) {
    await breathe();
    const denominator = follower.total + follower.counts.size;
    let seenLowerMass = 0;
    for (const [word, count] of follower.counts) {
      bigramProbability.set(context + KEY_SEPARATOR + word, count / denominator);
      seenLowerMass += unigram.get(word) ?? 0;
    }
    const reserved = follower.counts.size / denominator;
    bigramBackoff.set(context, reserved / Math.max(MIN_LEFTOVER, 1 - seenLowerMass));
  }
  const backedOffBigram = (context: string, word: string): number =>
    bigramProbability.get(context + KEY_SEPARATOR + word) ?? (bigramBackoff.get(context) ?? 1) * (unigram.get(word) ?? 0);

  const trigramProbability = new Map<string, number>();
  const trigramBackoff = new Map<string, number>();
  for (const [context, follower] of trigrams) {
    await breathe();
    const lastWord = context.slice(context.indexOf(KEY_SEPARATOR) + 1);
    const denominator = follower.total + follower.counts.size;
    let seenLowerMass = 0;
    for (const [word, count] of follower.counts) {
      trigramProbability.set(context + KEY_SEPARATOR + word, count / denominator);
      seenLowerMass += backedOffBigram(lastWord, word);
    }
    const reserved = follower.counts.size / denominator;
    trigramBackoff.set(context, reserved / Math.max(MIN_LEFTOVER, 1 - seenLowerMass));
  }

  const course: BackoffModel = { unigram, bigramProbability, bigramBackoff, trigramProbability, trigramBackoff };
  return arpaText(input.general ? interpolate(course, input.general.model, input.general.weight, input.general.speakable) : course, breathe);
}

/** The ARPA text of a backoff model. */
async function arpaText(model: BackoffModel, breathe: () => Promise<void>): Promise<string> {
  const { unigram, bigramProbability, bigramBackoff, trigramProbability, trigramBackoff } = model;
  const lines: string[] = ['\\data\\', `ngram 1=${unigram.size + 1}`, `ngram 2=${bigramProbability.size}`];
  if (trigramProbability.size > 0) lines.push(`ngram 3=${trigramProbability.size}`);
  lines.push('');
  lines.push('\\1-grams:');
  lines.push(`${IMPOSSIBLE_LOG10} ${SENTENCE_START} ${log10(bigramBackoff.get(SENTENCE_START) ?? 1)}`);
  for (const [word, probability] of unigram) {
    await breathe();
    const backoff = bigramBackoff.get(word);
    lines.push(backoff === undefined ? `${log10(probability)} ${word}` : `${log10(probability)} ${word} ${log10(backoff)}`);
  }
  lines.push('', '\\2-grams:');
  for (const [key, probability] of bigramProbability) {
    await breathe();
    const backoff = trigramBackoff.get(key);
    lines.push(backoff === undefined ? `${log10(probability)} ${key}` : `${log10(probability)} ${key} ${log10(backoff)}`);
  }
  if (trigramProbability.size > 0) {
    lines.push('', '\\3-grams:');
    for (const [key, probability] of trigramProbability) {
      await breathe();
      lines.push(`${log10(probability)} ${key}`);
    }
  }
  lines.push('', '\\end\\', '');
  return lines.join('\n');
}
