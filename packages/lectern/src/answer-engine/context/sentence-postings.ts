// An inverted index of a class's stored sentences: per key (a word stem, a spelled word), the
// numbers of the sentences that hold it. A question looks up the few keys it names instead of
// reading every sentence of the class (class-analysis.ts keeps one per class).
import { TermTable } from '../text/term-table.js';
import { Int32List } from './int32-list.js';
import type { ReadonlyInt32List } from './int32-list.js';

/**
 * A list starts this small and doubles: most keys of a class are said in a few sentences, and
 * a class has thousands of keys.
 */
const POSTINGS_INITIAL_CAPACITY = 4;

export class SentencePostings {
  private readonly keys = new TermTable();
  private readonly lists: Int32List[] = [];
  /** How many sentence numbers the lists hold, for the memory estimate. */
  private postings = 0;

  /** The key's number, given on first sight. */
  keyId(key: string): number {
    const id = this.keys.id(key);
    if (id === this.lists.length) this.lists.push(new Int32List(POSTINGS_INITIAL_CAPACITY));
    return id;
  }

  /**
   * Records that `sentence` holds the key numbered `id`. Sentences are added in increasing
   * numbers, so a key said twice in one sentence is listed once for it.
   */
  add(id: number, sentence: number): void {
    const list = this.lists[id];
    if (list === undefined) throw new RangeError(`no key ${id}`);
    if (list.length > 0 && list.at(list.length - 1) === sentence) return;
    list.push(sentence);
    this.postings++;
  }

  /** The key's number, or undefined when no sentence has held it. */
  find(key: string): number | undefined {
    return this.keys.find(key);
  }

  /** The sentences that hold `key`, in increasing numbers; undefined when none does. */
  sentencesWith(key: string): ReadonlyInt32List | undefined {
    const id = this.keys.find(key);
    return id === undefined ? undefined : this.lists[id];
  }

  /** Sentence numbers held, over every key. */
  get size(): number {
    return this.postings;
  }
}
