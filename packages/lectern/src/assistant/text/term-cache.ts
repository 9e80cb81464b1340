// Memoised tokenisation of transcript entries. Entries are immutable once stored, so an entry
// tokenised for one request is reused by the next: a summary after a catch-up, or a growing
// class summarised twice, only tokenises what is new.
import { termRuns } from './tokens.js';
import type { TermRun } from './tokens.js';

/** About three hours of speech at one entry per half second, with room for a second class. */
const CACHED_ENTRIES_MAX = 60_000;

interface CachedTerms {
  text: string;
  runs: readonly TermRun[];
  terms: readonly string[];
}

const cache = new Map<number, CachedTerms>();

function lookup(entry: { id: number; text: string }): CachedTerms {
  const cached = cache.get(entry.id);
  if (cached !== undefined && cached.text === entry.text) return cached;
  const runs = termRuns(entry.text);
  const fresh = { text: entry.text, runs, terms: runs.flat() };
  if (cache.size >= CACHED_ENTRIES_MAX) {
    // Maps iterate in insertion order, so the first key is the longest-cached entry.
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(entry.id, fresh);
  return fresh;
}

/** The entry's content terms (see tokenize). */
export function entryTerms(entry: { id: number; text: string }): readonly string[] {
  return lookup(entry).terms;
}

/** The entry's content terms grouped into adjacency runs (see termRuns). */
export function entryRuns(entry: { id: number; text: string }): readonly TermRun[] {
  return lookup(entry).runs;
}
