// Memoised analysis of transcript entries. Entries are immutable once stored, so an entry
// analysed for one request is reused by the next: a summary after a catch-up, or a growing
// class summarised twice, only analyses what is new. Each part is computed on first use.
import { splitSentences } from './sentences.js';
import { termRuns } from './tokens.js';
import type { TermRun } from './tokens.js';

/** About three hours of speech at one entry per half second, with room for a second class. */
const CACHED_ENTRIES_MAX = 60_000;

interface EntryAnalysis {
  text: string;
  runs?: readonly TermRun[];
  terms?: readonly string[];
  sentences?: readonly string[];
}

const cache = new Map<number, EntryAnalysis>();

function lookup(entry: { id: number; text: string }): EntryAnalysis {
  const cached = cache.get(entry.id);
  if (cached !== undefined && cached.text === entry.text) return cached;
  const fresh: EntryAnalysis = { text: entry.text };
  if (cache.size >= CACHED_ENTRIES_MAX) {
    // Maps iterate in insertion order, so the first key is the longest-cached entry.
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(entry.id, fresh);
  return fresh;
}

/** The entry's content terms grouped into adjacency runs (see termRuns). */
export function entryRuns(entry: { id: number; text: string }): readonly TermRun[] {
  const analysis = lookup(entry);
  analysis.runs ??= termRuns(entry.text);
  return analysis.runs;
}

/** The entry's content terms (see tokenize). */
export function entryTerms(entry: { id: number; text: string }): readonly string[] {
  const analysis = lookup(entry);
  analysis.terms ??= flatten(entryRuns(entry));
  return analysis.terms;
}

/** Array.prototype.flat is markedly slower than a plain loop on the many tiny arrays here. */
function flatten(runs: readonly TermRun[]): string[] {
  const terms: string[] = [];
  for (const run of runs) for (const term of run) terms.push(term);
  return terms;
}

/** The entry's sentences (see splitSentences). */
export function entrySentences(entry: { id: number; text: string }): readonly string[] {
  const analysis = lookup(entry);
  analysis.sentences ??= splitSentences(entry.text);
  return analysis.sentences;
}
