// Memoised analysis of transcript entries. Entries are immutable once stored, so an entry
// analysed for one request is reused by the next: a summary after a catch-up, or a growing
// class summarised twice, only analyses what is new. Each part is computed on first use.
// The cache is bounded by the estimated bytes it holds (config.ts), least recently used out
// first: a long class of long entries, or a semester of classes, costs the same fixed budget.
import { memory } from '../../config.js';
import { ByteBudgetLru } from '../../platform/byte-budget-lru.js';
import { arrayBytes, stringBytes, stringsBytes } from '../../platform/memory-size.js';
import { termMentions } from './concepts.js';
import type { TermMention } from './concepts.js';
import type { LanguageModels } from './language-models.js';
import { splitSentences } from './sentences.js';
import { termRuns } from './tokens.js';
import type { TermRun } from './tokens.js';

interface EntryAnalysis {
  text: string;
  runs?: readonly TermRun[];
  terms?: readonly string[];
  sentences?: readonly string[];
  mentions?: readonly TermMention[];
}

/** The analysis object and its four optional fields. */
const analysisObjectBytes = 64;

const cache = new ByteBudgetLru<number, EntryAnalysis>(memory.entryAnalysisCacheMaxBytes);

function lookup(entry: { id: number; text: string }): EntryAnalysis {
  const cached = cache.get(entry.id);
  if (cached !== undefined && cached.text === entry.text) return cached;
  const fresh: EntryAnalysis = { text: entry.text };
  cache.set(entry.id, fresh, analysisObjectBytes + stringBytes(entry.text));
  return fresh;
}

/** The entry's content terms grouped into adjacency runs (see termRuns). */
export function entryRuns(entry: { id: number; text: string }): readonly TermRun[] {
  const analysis = lookup(entry);
  if (analysis.runs === undefined) {
    const runs = termRuns(entry.text);
    analysis.runs = runs;
    // termRuns copies each run out at its exact size; the list of runs is grown by push.
    let bytes = arrayBytes(runs.length, true);
    for (const run of runs) bytes += arrayBytes(run.length, false) + stringsBytes(run);
    cache.grow(entry.id, bytes);
  }
  return analysis.runs;
}

/** The entry's content terms (see tokenize). */
export function entryTerms(entry: { id: number; text: string }): readonly string[] {
  const analysis = lookup(entry);
  if (analysis.terms === undefined) {
    const terms = flatten(entryRuns(entry));
    analysis.terms = terms;
    // The terms are the runs' own strings: only the array is new.
    cache.grow(entry.id, arrayBytes(terms.length, true));
  }
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
  if (analysis.sentences === undefined) {
    analysis.sentences = splitSentences(entry.text);
    cache.grow(entry.id, arrayBytes(analysis.sentences.length, true) + stringsBytes(analysis.sentences));
  }
  return analysis.sentences;
}


/** The course terms the entry names (see termMentions): tagging is the costliest analysis, so it is kept. */
export function entryTermMentions(entry: { id: number; text: string }, models: LanguageModels): readonly TermMention[] {
  const analysis = lookup(entry);
  if (analysis.mentions === undefined) {
    analysis.mentions = termMentions(entry.text, models);
    let bytes = arrayBytes(analysis.mentions.length, true);
    for (const mention of analysis.mentions) bytes += analysisObjectBytes + stringBytes(mention.key) + stringBytes(mention.surface);
    cache.grow(entry.id, bytes);
  }
  return analysis.mentions;
}
