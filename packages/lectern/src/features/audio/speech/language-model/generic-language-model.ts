import { readFile } from 'node:fs/promises';
import { SENTENCE_MARKS } from './backoff-model.js';

/**
 * The general English trigram model pocketsphinx-en-us ships (`en-us.lm.bin`), read from its
 * binary trie so a course vocabulary can mix ordinary English into the course's own model: the
 * slides teach the decoder the jargon, this teaches it how people talk around it ("tells us how
 * fast", "inside another"). Only the most frequent words are kept, with the n-grams among them.
 *
 * The file is sphinxbase's "Trie Language Model" (a port of KenLM's trie): a header, the n-gram
 * counts, 16-bit quantisation tables, the unigrams as plain floats, then bit-packed levels in
 * which each n-gram is stored under its *last* word, followed by the words before it (so the
 * bigram level under "of" lists "kinds", "rid", ... for "kinds of", "rid of"). Probabilities are
 * logarithms to base 1.0001, as sphinxbase's logmath keeps them. `sphinx_lm_convert` cannot
 * write this model as ARPA (it fails an assertion after the unigrams), hence this reader. It
 * runs in the vocabulary process (vocabulary/vocabulary-process.ts), never in the server.
 */

/** log10 of a probability and, for contexts, of its backoff weight. */
export interface NgramScore {
  logProb: number;
  logBackoff: number;
}

export interface GenericLanguageModel {
  /** Word → unigram score, the most frequent words only. */
  unigrams: ReadonlyMap<string, NgramScore>;
  /** "u w" → score of w after u (its backoff is that of the context "u w"). */
  bigrams: ReadonlyMap<string, NgramScore>;
  /** "t u w" → log10 P(w | t u). */
  trigrams: ReadonlyMap<string, number>;
}

const HEADER = 'Trie Language Model';
const QUANTISED_BITS = 16;
const TABLE_ENTRIES = 1 << QUANTISED_BITS;
/** sphinxbase's logmath base: log10(p) = value × log10(1.0001). */
const LOG10_OF_LOGMATH_BASE = Math.log10(1.0001);

/** Bits needed to store values up to `max` (sphinxbase's bitarr_required_bits). */
function requiredBits(max: number): number {
  let bits = 0;
  while (max >= 2 ** bits) bits++;
  return bits;
}

/** Bytes of one bit-packed level: one spare entry for the end pointer, rounded up, plus 8 bytes of slack. */
function levelBytes(entries: number, wordBits: number, otherBits: number): number {
  return Math.floor(((1 + entries) * (wordBits + otherBits) + 7) / 8) + 8;
}

export interface GenericModelLimits {
  /** The most probable words kept (sentence marks always). */
  words: number;
  /** Bigrams and trigrams kept, each: those that differ most from what backing off would give. */
  ngramsPerOrder: number;
}

/**
 * Reads `path` and keeps its most probable words and, among the n-grams of those words, the ones
 * that matter most: weighted-difference pruning (Seymore and Rosenfeld's criterion, as SRILM's
 * `-prune` approximates it): an n-gram's share of the text P(h, w) times how far its own
 * log-probability is from the backed-off one. The model has 2 million bigrams and 1.7 million
 * trigrams; a course vocabulary is rebuilt during class and the decoder reloads it, so only
 * a share of them comes along (course-vocabulary.ts's `generalEnglish`).
 */
export async function readGenericLanguageModel(path: string, limits: GenericModelLimits): Promise<GenericLanguageModel> {
  const file = await readFile(path);
  if (file.toString('latin1', 0, HEADER.length) !== HEADER) throw new Error(`${path} is not a sphinxbase trie language model`);
  let at = HEADER.length;
  const order = file.readUInt8(at);
  at += 1;
  if (order !== 3) throw new Error(`${path} is a ${order}-gram model; a trigram model was expected`);
  const counts = [file.readUInt32LE(at), file.readUInt32LE(at + 4), file.readUInt32LE(at + 8)] as const;
  at += 12 + 4; // + the quantisation type, always 16-bit bins here
  // Tables: bigram probabilities, bigram backoffs, trigram probabilities.
  const tablesAt = at;
  const table = (index: number, entry: number) => file.readFloatLE(tablesAt + (index * TABLE_ENTRIES + entry) * 4) * LOG10_OF_LOGMATH_BASE;
  at += 3 * TABLE_ENTRIES * 4;
  const unigramsAt = at;
  const vocabularySize = counts[0];
  at += (vocabularySize + 1) * 12;
  const wordBits = requiredBits(vocabularySize);
  const nextBits = requiredBits(counts[2]);
  const bigramBits = wordBits + 2 * QUANTISED_BITS + nextBits;
  const trigramBits = wordBits + QUANTISED_BITS;
  const bigramsAt = at;
  at += levelBytes(counts[1], wordBits, 2 * QUANTISED_BITS + nextBits);
  const trigramsAt = at;
  at += levelBytes(counts[2], wordBits, QUANTISED_BITS);
  const wordsLength = file.readUInt32LE(at);
  at += 4;
  const words = file.toString('latin1', at, at + wordsLength).split('\0', vocabularySize);
  if (words.length !== vocabularySize) throw new Error(`${path}: ${words.length} words for ${vocabularySize} unigrams`);

  /** An unsigned field of at most 25 bits at a bit offset (the levels' fields never span more than 4 bytes). */
  const field = (levelAt: number, bitOffset: number, bits: number) => (file.readUInt32LE(levelAt + (bitOffset >>> 3)) >>> (bitOffset & 7)) & ((1 << bits) - 1);
  const unigramAt = (word: number) => unigramsAt + word * 12;
  const firstBigram = (word: number) => file.readUInt32LE(unigramAt(word) + 8);

  const logUnigram = (word: number) => file.readFloatLE(unigramAt(word)) * LOG10_OF_LOGMATH_BASE;
  const logUnigramBackoff = (word: number) => file.readFloatLE(unigramAt(word) + 4) * LOG10_OF_LOGMATH_BASE;
  const ranked = words.map((word, id) => ({ word, id, logProb: logUnigram(id) })).filter(({ word }) => !SENTENCE_MARKS.has(word));
  ranked.sort((a, b) => b.logProb - a.logProb);
  const kept = new Set(ranked.slice(0, limits.words).map(({ id }) => id));
  for (const mark of SENTENCE_MARKS) if (words.includes(mark)) kept.add(words.indexOf(mark));

  /**
   * Visits every bigram and trigram among the kept words with its pruning score. Run twice (the
   * first time only to find the scores the kept n-grams must reach): ~1 million n-grams held
   * as objects would cost ~100 MB.
   */
  type Visitor = (words: readonly number[], logProb: number, logBackoff: number, score: number) => void;
  const visit = (onBigram: Visitor, onTrigram: Visitor) => {
    for (const last of kept) {
      for (let entry = firstBigram(last), end = firstBigram(last + 1); entry < end; entry++) {
        const offset = entry * bigramBits;
        const before = field(bigramsAt, offset, wordBits);
        if (!kept.has(before)) continue;
        const logBackoff = table(1, field(bigramsAt, offset + wordBits, QUANTISED_BITS));
        const logProb = table(0, field(bigramsAt, offset + wordBits + QUANTISED_BITS, QUANTISED_BITS));
        onBigram([before, last], logProb, logBackoff, 10 ** (logUnigram(before) + logProb) * Math.abs(logProb - (logUnigramBackoff(before) + logUnigram(last))));
        const nextAt = offset + wordBits + 2 * QUANTISED_BITS;
        for (let third = field(bigramsAt, nextAt, nextBits), thirdEnd = field(bigramsAt, nextAt + bigramBits, nextBits); third < thirdEnd; third++) {
          const first = field(trigramsAt, third * trigramBits, wordBits);
          if (!kept.has(first)) continue;
          const trigramLogProb = table(2, field(trigramsAt, third * trigramBits + wordBits, QUANTISED_BITS));
          // P(first, before) ≈ P(first)·P(before): enough to rank, without a second look-up.
          onTrigram([first, before, last], trigramLogProb, 0, 10 ** (logUnigram(first) + logUnigram(before) + trigramLogProb) * Math.abs(trigramLogProb - (logBackoff + logProb)));
        }
      }
    }
  };

  const bigramScores = new ScoreList();
  const trigramScores = new ScoreList();
  visit(
    (_words, _logProb, _logBackoff, score) => bigramScores.push(score),
    (_words, _logProb, _logBackoff, score) => trigramScores.push(score),
  );
  const bigramFloor = bigramScores.lowestOfTop(limits.ngramsPerOrder);
  const trigramFloor = trigramScores.lowestOfTop(limits.ngramsPerOrder);

  const unigrams = new Map<string, NgramScore>();
  for (const word of kept) unigrams.set(words[word]!, { logProb: logUnigram(word), logBackoff: logUnigramBackoff(word) });
  const bigrams = new Map<string, NgramScore>();
  const trigrams = new Map<string, number>();
  const keyOf = (ids: readonly number[]) => ids.map((id) => words[id]).join(' ');
  visit(
    (ids, logProb, logBackoff, score) => {
      if (score >= bigramFloor && bigrams.size < limits.ngramsPerOrder) bigrams.set(keyOf(ids), { logProb, logBackoff });
    },
    (ids, logProb, _logBackoff, score) => {
      if (score >= trigramFloor && trigrams.size < limits.ngramsPerOrder) trigrams.set(keyOf(ids), logProb);
    },
  );
  // ARPA lists a trigram only under a listed bigram of its first two words.
  for (const key of trigrams.keys()) if (!bigrams.has(key.slice(0, key.lastIndexOf(' ')))) trigrams.delete(key);
  return { unigrams, bigrams, trigrams };
}

/** A growable list of scores, to find the score the best `count` reach. */
class ScoreList {
  #scores = new Float64Array(1 << 16);
  #length = 0;

  push(score: number): void {
    if (this.#length === this.#scores.length) {
      const grown = new Float64Array(this.#scores.length * 2);
      grown.set(this.#scores);
      this.#scores = grown;
    }
    this.#scores[this.#length++] = score;
  }

  /** The lowest score among the `count` highest (−Infinity when there are no more than `count`). */
  lowestOfTop(count: number): number {
    if (this.#length <= count) return -Infinity;
    const sorted = this.#scores.subarray(0, this.#length).sort();
    return sorted[this.#length - count]!;
  }
}
