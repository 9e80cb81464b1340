// The classes whose analysis is kept between questions (class-analysis.ts), and which one a
// request's entries are.
import { memory } from '../../config.js';
import type { TranscriptLine } from '../types.js';
import { ClassAnalysis, textHash } from './class-analysis.js';

interface KeptClass {
  readonly analysis: ClassAnalysis;
  /** The session whose arriving entries grow this analysis (classEntryArrived), when one does. */
  key: string | undefined;
}

/** Most recently used last; at most `memory.indexedClassesMax`. */
const kept: KeptClass[] = [];

/** The entries last matched to an analysis: the request being answered, for classSentences. */
let synced: { entries: WeakRef<readonly TranscriptLine[]>; analysis: ClassAnalysis } | undefined;

/**
 * The analysis of `entries` (a class's transcript in order, as a task reads it). A class only
 * grows and its entries never change, so the analysis a request leaves behind — or the one
 * grown as entries arrived — serves the next request, extended with what arrived since; it
 * may also already hold entries that arrived after the task was created, which the request
 * does not read. A request whose entries do not start with a kept analysis's (another class; a
 * class this process saw only from its middle) gets an analysis of its own, kept in place of
 * the least recently used. With the class's key (its session), the analysis grown for that
 * class is matched by entry ids; without it, every entry's id and text hash are compared (ids
 * alone repeat between databases): 3–4 ms on a two-hour class.
 */
export function keptClass(entries: readonly TranscriptLine[], classKey?: string): ClassAnalysis {
  if (synced !== undefined && synced.entries.deref() === entries) return synced.analysis;
  let found = classKey === undefined ? undefined : kept.find((candidate) => candidate.key === classKey && sameIds(candidate.analysis, entries));
  let hashes: readonly number[] | undefined;
  for (let at = kept.length - 1; at >= 0 && found === undefined; at--) {
    hashes ??= entries.map((entry) => textHash(entry.text));
    if (startsAlike(kept[at]!.analysis, entries, hashes)) found = kept[at];
  }
  if (found === undefined) {
    hashes ??= entries.map((entry) => textHash(entry.text));
    found = { analysis: new ClassAnalysis(), key: undefined };
    adoptKey(found, entries, hashes);
    kept.push(found);
  }
  if (classKey !== undefined && found.key !== classKey) {
    for (const other of kept) if (other.key === classKey) other.key = undefined;
    found.key = classKey;
  }
  const { analysis } = found;
  for (let position = analysis.size; position < entries.length; position++) analysis.append(entries[position]!, hashes?.[position]);
  touch(found);
  synced = { entries: new WeakRef(entries), analysis };
  return analysis;
}

/**
 * The analysis matched to the request being answered, and its entries, when the request that
 * holds `entry` at `position` is that one: sentence lookups check each entry by identity.
 */
export function syncedClass(): { entries: readonly TranscriptLine[]; analysis: ClassAnalysis } | undefined {
  const entries = synced?.entries.deref();
  return synced === undefined || entries === undefined ? undefined : { entries, analysis: synced.analysis };
}

/**
 * An entry has just been stored in the class `classKey` (its session): the class's analysis
 * takes it in now, before any question, so the first question on a long class finds every
 * entry split, tokenised and indexed. The first entry a process sees of a class starts its
 * analysis; if the class began before (the process restarted mid-class), that analysis
 * matches no request, and the first request's own analysis takes the class over (adoptKey).
 */
export function classEntryArrived(classKey: string, entry: TranscriptLine): void {
  let known = kept.find((candidate) => candidate.key === classKey);
  if (known === undefined) {
    known = { analysis: new ClassAnalysis(), key: classKey };
    kept.push(known);
  } else {
    const last = known.analysis.ids[known.analysis.size - 1];
    if (last !== undefined && last >= entry.id) return;
  }
  const position = known.analysis.size;
  known.analysis.append(entry);
  known.analysis.analyseArrived(position, entry);
  touch(known);
}

function touch(known: KeptClass): void {
  const at = kept.indexOf(known);
  if (at >= 0 && at !== kept.length - 1) {
    kept.splice(at, 1);
    kept.push(known);
  }
  while (kept.length > memory.indexedClassesMax) kept.shift();
}

/** Whether the analysis and the entries of the same class agree on the ids of every entry both have. */
function sameIds(analysis: ClassAnalysis, entries: readonly TranscriptLine[]): boolean {
  const shared = Math.min(analysis.size, entries.length);
  for (let position = 0; position < shared; position++) if (analysis.ids[position] !== entries[position]!.id) return false;
  return true;
}

/** Whether the analysis and the entries agree on every entry both have. */
function startsAlike(analysis: ClassAnalysis, entries: readonly TranscriptLine[], hashes: readonly number[]): boolean {
  const shared = Math.min(analysis.size, entries.length);
  if (shared === 0) return analysis.size === 0 || entries.length === 0;
  for (let position = 0; position < shared; position++) {
    if (analysis.ids[position] !== entries[position]!.id || analysis.hashes[position] !== hashes[position]) return false;
  }
  return true;
}

/**
 * A class whose arriving entries grow an analysis that no request matches (it started in the
 * middle of the class) is taken over by the request's new analysis, which holds the first
 * entry that analysis saw.
 */
function adoptKey(fresh: KeptClass, entries: readonly TranscriptLine[], hashes: readonly number[]): void {
  for (const other of kept) {
    const firstId = other.analysis.ids[0];
    if (other.key === undefined || firstId === undefined) continue;
    const position = positionOfId(entries, firstId);
    if (position > 0 && hashes[position] === other.analysis.hashes[0]) {
      fresh.key = other.key;
      kept.splice(kept.indexOf(other), 1);
      return;
    }
  }
}

/** Entries are in id order (the store reads them so): binary search, -1 when absent. */
function positionOfId(entries: readonly TranscriptLine[], id: number): number {
  let low = 0;
  let high = entries.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const at = entries[middle]!.id;
    if (at === id) return middle;
    if (at < id) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}
