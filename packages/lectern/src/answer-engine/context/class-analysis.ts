// What the offline engine knows of one class, kept between its questions and grown entry by
// entry: each entry's sentences (as offsets into its text), their terms (as numbers in the
// class's term table) and the search index of its entries.
import { findAnnouncement } from '../text/announcements.js';
import { isQuestion } from '../text/questions.js';
import { Bm25Index, SENTENCE_LENGTH_NORMALISATION_B } from '../text/bm25.js';
import type { RankedPassage } from '../text/bm25.js';
import { splitSentences } from '../text/sentences.js';
import { entryRuns } from '../text/term-cache.js';
import { TermTable } from '../text/term-table.js';
import { Int32List } from './int32-list.js';
import type { ReadonlyInt32List } from './int32-list.js';
import { SentencePostings } from './sentence-postings.js';
import { mentionWords } from '../text/mention-words.js';
import { stem } from '../text/stems.js';
import { announcedTopic } from '../text/topics.js';
import { textLanguages } from '../text/text-languages.js';
import { tokenize } from '../text/tokens.js';
import type { TranscriptLine } from '../types.js';

const NOT_ANALYSED = -1;
const NOT_KNOWN = 0;
const KNOWN_YES = 1;
const KNOWN_NO = 2;
const INITIAL_TERM_SLOTS = 1024;

/**
 * A class's analysis. Entries only ever join at the end (a class grows; stored entries never
 * change), and each is identified by its id and a hash of its text: ids alone repeat between
 * databases, and tests open many in one process. An entry's sentences and terms are found when
 * first needed — by the service as the entry arrives, so a question finds them ready — and
 * the search index is extended in class order up to the entries a question reads.
 *
 * Memory, for the two-hour class of the answers bench (14,400 entries, 1 MB of text): four
 * numbers per entry and per sentence, one 4-byte number per term, the term table and the
 * index's postings — a few MB, where the same sentences held as strings and arrays took
 * 20 MB and did not fit the entry analysis cache (docs/benchmarks.md, "First token on a
 * two-hour class").
 */
export class ClassAnalysis {
  readonly ids: number[] = [];
  readonly hashes: number[] = [];
  /** Position of the first entry with Han characters, and of the first with English in it (see request-languages.ts). */
  firstChinese = Number.POSITIVE_INFINITY;
  firstEnglish = Number.POSITIVE_INFINITY;
  /** Per entry: its first stored sentence and how many it has; NOT_ANALYSED until found. */
  private readonly firstSentence = new Int32List();
  private readonly sentenceCounts = new Int32List();
  /** Per stored sentence, in the order entries were analysed: its bounds and terms. */
  private readonly sentenceFrom = new Int32List();
  private readonly sentenceTo = new Int32List();
  /** Per stored sentence: the position of its entry in the class. */
  private readonly sentenceEntries = new Int32List();
  private readonly termsFrom = new Int32List();
  private readonly termsTo = new Int32List();
  /** Per stored sentence: whether its announced topic (text/topics.ts) is known, and the topics found. */
  private topicKnown = new Uint8Array(INITIAL_TERM_SLOTS);
  /** Per stored sentence: whether it is a question (KNOWN_YES, KNOWN_NO), NOT_KNOWN until found. */
  private questionKnown = new Uint8Array(INITIAL_TERM_SLOTS);
  private readonly topics = new Map<number, string>();
  private termIds = new Int32Array(INITIAL_TERM_SLOTS);
  private termsUsed = 0;
  private readonly table = new TermTable();
  private readonly index = new Bm25Index([], SENTENCE_LENGTH_NORMALISATION_B);
  /** Per term of the table: its stem's number in `stems`. */
  private readonly termStems = new Int32List();
  /** The stored sentences by the stems of their terms (answer-passage.ts ranks by stems). */
  private readonly stems = new SentencePostings();
  /** The stored sentences by the words a mention of a phrase starts with (text/mention-words.ts). */
  private readonly words = new SentencePostings();

  get size(): number {
    return this.ids.length;
  }

  /** Whether the entry at `position` is the one stored there. */
  holds(position: number, entry: TranscriptLine, hash = textHash(entry.text)): boolean {
    return this.ids[position] === entry.id && this.hashes[position] === hash;
  }

  /** Appends an entry to the class; its analysis waits until it is needed (see analyse). */
  append(entry: TranscriptLine, hash = textHash(entry.text)): void {
    const position = this.ids.length;
    this.ids.push(entry.id);
    this.hashes.push(hash);
    this.firstSentence.push(NOT_ANALYSED);
    this.sentenceCounts.push(0);
    const { english, chinese } = textLanguages(entry.text);
    if (chinese && this.firstChinese > position) this.firstChinese = position;
    if (english && this.firstEnglish > position) this.firstEnglish = position;
  }

  /**
   * The number of the first stored sentence of the entry at `position` (which must hold
   * `entry`; its sentences are numbered on from there, sentenceCount() of them), split and
   * tokenised on first use. An entry of one sentence — the common case — gives its sentence
   * the entry's own terms, as classSentences always has.
   */
  firstSentenceOf(position: number, entry: TranscriptLine): number {
    this.analyse(position, entry);
    return this.firstSentence.at(position);
  }

  /** How many sentences the (analysed) entry at `position` has. */
  sentenceCount(position: number): number {
    return this.sentenceCounts.at(position);
  }

  /** How many sentences are stored (the next one gets this number). */
  get sentencesStored(): number {
    return this.sentenceFrom.length;
  }

  /** The stored sentences with a term of this stem (stems.ts), in increasing numbers; undefined when none. */
  sentencesWithStem(stemmed: string): ReadonlyInt32List | undefined {
    return this.stems.sentencesWith(stemmed);
  }

  /** The number of a stem in this class's table of stems, undefined when no stored sentence has it. */
  stemNumber(stemmed: string): number | undefined {
    return this.stems.find(stemmed);
  }

  /** The number of a term in this class's table of terms, undefined when no stored sentence has it. */
  termNumber(term: string): number | undefined {
    return this.table.find(term);
  }

  /** The number of term `k` of a stored sentence (0 ≤ k < termCount). */
  termNumberAt(sentence: number, k: number): number {
    return this.termIds[this.termsFrom.at(sentence) + k] ?? 0;
  }

  /** The stem number of term `k` of a stored sentence (0 ≤ k < termCount). */
  termStemNumber(sentence: number, k: number): number {
    return this.termStems.at(this.termNumberAt(sentence, k));
  }

  /** The stored sentences that hold this word (a key of mentionKeys), in increasing numbers; undefined when none. */
  sentencesWithWord(word: string): ReadonlyInt32List | undefined {
    return this.words.sentencesWith(word);
  }

  /** The position in the class of the entry a stored sentence is of. */
  entryOf(sentence: number): number {
    return this.sentenceEntries.at(sentence);
  }

  /** Where a stored sentence starts and ends in its entry's text. */
  sentenceStart(sentence: number): number {
    return this.sentenceFrom.at(sentence);
  }

  sentenceEnd(sentence: number): number {
    return this.sentenceTo.at(sentence);
  }

  /** How many terms a stored sentence has. */
  termCount(sentence: number): number {
    return this.termsTo.at(sentence) - this.termsFrom.at(sentence);
  }

  /** The terms of a stored sentence, each the table's one copy of it. */
  termsOf(sentence: number): string[] {
    const from = this.termsFrom.at(sentence);
    // Made at its exact size: an array grown by push keeps room for 16 more, and the notes of
    // a class hold the terms of every sentence.
    const terms = new Array<string>(this.termsTo.at(sentence) - from);
    for (let at = 0; at < terms.length; at++) terms[at] = this.table.term(this.termIds[from + at] ?? 0);
    return terms;
  }

  /**
   * The entries among the first `entries.length` that share the query's terms, best first,
   * ranked as an index of those entries alone would rank them. `entries` is the class as the
   * question reads it (held by this analysis up to its length).
   */
  search(entries: readonly TranscriptLine[], queryTerms: readonly string[], limit: number): RankedPassage[] {
    for (let position = this.index.size; position < entries.length; position++) {
      const entry = entries[position]!;
      this.index.add(this.analyse(position, entry) ?? this.entryTerms(position, entry));
    }
    return this.index.search(queryTerms, limit, entries.length);
  }

  /**
   * Splits and tokenises the entry once; returns its terms when they were found now (to be
   * indexed right away by the caller that needs them), else undefined.
   */
  private analyse(position: number, entry: TranscriptLine): readonly string[] | undefined {
    if (this.firstSentence.at(position) !== NOT_ANALYSED) return undefined;
    const { text } = entry;
    // The runs come from the entry analysis cache, which key phrases read too: one tokenisation an entry.
    const terms = flatten(entryRuns(entry));
    const sentences = splitSentences(text);
    this.firstSentence.set(position, this.sentenceFrom.length);
    this.sentenceCounts.set(position, sentences.length);
    let cursor = 0;
    for (const sentence of sentences) {
      // Sentences are trimmed pieces of the text, in order: each is found from where the last ended.
      const from = text.indexOf(sentence, cursor);
      cursor = from + sentence.length;
      const number = this.sentenceFrom.length;
      this.sentenceFrom.push(from);
      this.sentenceTo.push(cursor);
      this.sentenceEntries.push(position);
      this.termsFrom.push(this.termsUsed);
      for (const term of sentences.length === 1 ? terms : tokenize(sentence)) {
        const id = this.table.id(term);
        this.pushTerm(id);
        this.stems.add(this.stemOf(id, term), number);
      }
      this.termsTo.push(this.termsUsed);
      for (const word of mentionWords(sentence)) this.words.add(this.words.keyId(word), number);
    }
    return terms;
  }

  /** An analysed entry's terms: its sentence's when it is one, else found again (only the index reads them, once). */
  private entryTerms(position: number, entry: TranscriptLine): readonly string[] {
    return this.sentenceCounts.at(position) === 1 ? this.termsOf(this.firstSentence.at(position)) : tokenize(entry.text);
  }

  /**
   * The topic a stored sentence announces (announcedTopic of its text, which `text` gives),
   * found once: a follow-up looks for where its subject was announced across the whole class.
   */
  topicOf(sentence: number, text: () => string): string | null {
    if (this.topicKnown[sentence] === 1) return this.topics.get(sentence) ?? null;
    const topic = announcedTopic(text());
    if (topic !== null) this.topics.set(sentence, topic);
    this.topicKnown = grownFor(this.topicKnown, sentence);
    this.topicKnown[sentence] = 1;
    return topic;
  }

  /**
   * Whether a stored sentence is a question (isQuestion of its text, which `text` gives), found
   * once: a rescue leaves the questions of its whole window out of its supporting quotes, and
   * reading it from here spares cutting the text of thousands of sentences.
   */
  isQuestion(sentence: number, text: () => string): boolean {
    const known = this.questionKnown[sentence] ?? NOT_KNOWN;
    if (known !== NOT_KNOWN) return known === KNOWN_YES;
    const asks = isQuestion(text());
    this.questionKnown = grownFor(this.questionKnown, sentence);
    this.questionKnown[sentence] = asks ? KNOWN_YES : KNOWN_NO;
    return asks;
  }

  /**
   * Entries analysed ahead of any question (as they arrive) are indexed at once when the index
   * has reached them, and what every question reads of a sentence is found now too: its topic
   * and the pattern facts of its text (text-facts.ts): announcement and question strength.
   */
  analyseArrived(position: number, entry: TranscriptLine): void {
    const terms = this.analyse(position, entry);
    if (terms !== undefined && this.index.size === position) this.index.add(terms);
    const first = this.firstSentenceOf(position, entry);
    for (let sentence = first; sentence < first + this.sentenceCount(position); sentence++) {
      const text = entry.text.slice(this.sentenceStart(sentence), this.sentenceEnd(sentence));
      findAnnouncement(text);
      // Whether it asks: a rescue reads this of every sentence in its window.
      this.isQuestion(sentence, () => text);
      this.topicOf(sentence, () => text);
    }
  }

  /** The number of the term's stem in `stems`, found once per term of the table. */
  private stemOf(id: number, term: string): number {
    if (id === this.termStems.length) this.termStems.push(this.stems.keyId(stem(term)));
    return this.termStems.at(id);
  }

  private pushTerm(id: number): void {
    if (this.termsUsed === this.termIds.length) {
      const grown = new Int32Array(this.termIds.length * 2);
      grown.set(this.termIds);
      this.termIds = grown;
    }
    this.termIds[this.termsUsed++] = id;
  }
}

/** The array, or a copy grown to hold `index` (doubling). */
function grownFor(array: Uint8Array<ArrayBuffer>, index: number): Uint8Array<ArrayBuffer> {
  if (index < array.length) return array;
  const grown = new Uint8Array(Math.max(array.length * 2, index + 1));
  grown.set(array);
  return grown;
}

/** FNV-1a over the UTF-16 code units: a check that an id still names the same text, not a digest. */
export function textHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function flatten(runs: readonly (readonly string[])[]): string[] {
  const terms: string[] = [];
  for (const run of runs) for (const term of run) terms.push(term);
  return terms;
}
