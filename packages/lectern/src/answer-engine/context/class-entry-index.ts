// The search index of a class's entries, kept between questions and grown with the class.
import { memory } from '../../config.js';
import { Bm25Index, SENTENCE_LENGTH_NORMALISATION_B } from '../text/bm25.js';
import { entryTerms } from '../text/term-cache.js';
import type { TranscriptLine } from '../types.js';

interface IndexedClass {
  /** Per indexed entry, its id and a hash of its text: what a later request must start with. */
  readonly ids: number[];
  readonly hashes: number[];
  readonly index: Bm25Index;
}

/** Most recently used last; at most `memory.indexedClassesMax`. */
const indexed: IndexedClass[] = [];

/**
 * The BM25 index of `entries` (a class's transcript in order, as a task reads it), each entry
 * one document at its position. Building it reads every entry's terms: on a two-hour class
 * about half a second a question, for a first-token budget of 50 ms. Entries never change once
 * stored and a class only grows, so the index a request leaves behind is extended by the next
 * request with what arrived since. A request that does not start with an indexed class's
 * entries (another class; a task cut earlier than the last one) gets an index of its own, kept
 * in place of the least recently used. The ids and text hashes are compared for every entry:
 * ids alone repeat between databases (tests open many in one process).
 */
export function classEntryIndex(entries: readonly TranscriptLine[]): Bm25Index {
  const hashes = entries.map((entry) => textHash(entry.text));
  const at = indexed.findIndex((known) => known.ids.length <= entries.length && startsWith(known, entries, hashes));
  if (at >= 0) {
    const known = indexed[at]!;
    for (let position = known.ids.length; position < entries.length; position++) {
      const entry = entries[position]!;
      known.index.add(entryTerms(entry));
      known.ids.push(entry.id);
      known.hashes.push(hashes[position]!);
    }
    indexed.splice(at, 1);
    indexed.push(known);
    return known.index;
  }
  const index = new Bm25Index(
    (function* () {
      for (const entry of entries) yield entryTerms(entry);
    })(),
    SENTENCE_LENGTH_NORMALISATION_B,
  );
  indexed.push({ ids: entries.map((entry) => entry.id), hashes, index });
  while (indexed.length > memory.indexedClassesMax) indexed.shift();
  return index;
}

function startsWith(known: IndexedClass, entries: readonly TranscriptLine[], hashes: readonly number[]): boolean {
  for (let position = 0; position < known.ids.length; position++) {
    if (known.ids[position] !== entries[position]!.id || known.hashes[position] !== hashes[position]) return false;
  }
  return true;
}

/** FNV-1a over the UTF-16 code units: a check that an id still names the same text, not a digest. */
function textHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
