// Selecting the recent part of a transcript and labelling entries with their time in class.
import { assistant as limits } from '../../config.js';
import type { AssistantKind, TranscriptLine } from '../types.js';

export const MS_PER_MINUTE = 60_000;
const MS_PER_SECOND = 1000;
const SECONDS_PER_MINUTE = 60;
const SECONDS_PER_HOUR = 3600;

/**
 * Entries spoken within `minutes` of the LAST entry (not the wall clock: a stopped class keeps
 * its recent past), and no more than `limits.recentWindowMaxChars` of them counted back from
 * the last: minutes of speech are a few thousand characters, and a client that posts megabytes
 * a minute must not make a rescue analyse all of it at once. Entries are chronological, so the
 * cut is found by binary search and a three-hour transcript costs a few date parses.
 */
export function recentEntries(entries: readonly TranscriptLine[], minutes: number): readonly TranscriptLine[] {
  const byTime = entriesWithin(entries, minutes);
  let chars = 0;
  for (let i = byTime.length - 1; i >= 0; i--) {
    chars += byTime[i]!.text.length;
    // The last entry always stays, however long.
    if (chars > limits.recentWindowMaxChars && i < byTime.length - 1) return byTime.slice(i + 1);
  }
  return byTime;
}

function entriesWithin(entries: readonly TranscriptLine[], minutes: number): readonly TranscriptLine[] {
  const last = entries[entries.length - 1];
  if (last === undefined) return [];
  const cutoff = Date.parse(last.createdAt) - minutes * MS_PER_MINUTE;
  let low = 0;
  let high = entries.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (Date.parse(entries[middle]?.createdAt ?? '') >= cutoff) high = middle;
    else low = middle + 1;
  }
  return entries.slice(low);
}

/**
 * Time into the class ("12:05", "1:02:40"): the server stores UTC and does not know the
 * student's zone, while "twelve minutes in" means the same thing everywhere.
 */
export function classClock(entry: TranscriptLine, classStart: TranscriptLine | undefined): string {
  const start = classStart === undefined ? NaN : Date.parse(classStart.createdAt);
  const elapsedMs = Date.parse(entry.createdAt) - start;
  const seconds = Number.isFinite(elapsedMs) ? Math.max(0, Math.floor(elapsedMs / MS_PER_SECOND)) : 0;
  const hours = Math.floor(seconds / SECONDS_PER_HOUR);
  const minutes = Math.floor((seconds % SECONDS_PER_HOUR) / SECONDS_PER_MINUTE);
  const rest = String(seconds % SECONDS_PER_MINUTE).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** How far back each kind looks by default (the contract's defaults); a summary reads the whole class. */
const DEFAULT_WINDOW_MINUTES: Readonly<Record<AssistantKind, number>> = {
  rescue: limits.rescueWindowMinutesDefault,
  catchup: limits.catchupWindowMinutesDefault,
  followup: limits.followupWindowMinutesDefault,
  summary: Number.POSITIVE_INFINITY,
};

export function windowMinutesFor(kind: AssistantKind, requested: number | undefined): number {
  return kind === 'summary' ? DEFAULT_WINDOW_MINUTES.summary : (requested ?? DEFAULT_WINDOW_MINUTES[kind]);
}
