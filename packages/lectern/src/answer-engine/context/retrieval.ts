// Finding the transcript entries that speak to a question.
import { tokenize } from '../text/tokens.js';
import { keptClass } from './kept-classes.js';
import type { ChatTurn, TranscriptLine } from '../types.js';

/** A question with this many content terms says what it is about on its own. */
const SELF_SUFFICIENT_QUERY_TERMS = 2;
/** Borrowed terms stay few so the earlier answer does not drown the new question. */
const BORROWED_QUERY_TERMS_MAX = 12;

export interface RankedEntry {
  entry: TranscriptLine;
  position: number;
  score: number;
  coverage: number;
}

export function rankEntries(
  entries: readonly TranscriptLine[],
  queryTerms: readonly string[],
  limit: number,
): RankedEntry[] {
  // Entries are about a sentence long, so they are ranked like sentences (class-analysis.ts).
  return keptClass(entries).search(entries, queryTerms, limit).flatMap(({ index: position, score, coverage }) => {
    const entry = entries[position];
    return entry === undefined ? [] : [{ entry, position, score, coverage }];
  });
}

/**
 * Terms to retrieve by for a follow-up. The question comes first; a terse follow-up ("why?",
 * "为什么？") borrows from the student's previous turn and the earlier answer, which the
 * question refers back to.
 */
export function followupQueryTerms(
  question: string,
  history: readonly ChatTurn[] | undefined,
  previousAnswer: string | undefined,
): string[] {
  const own = tokenize(question);
  if (own.length >= SELF_SUFFICIENT_QUERY_TERMS) return own;
  const lastStudentTurn = [...(history ?? [])].reverse().find((turn) => turn.role === 'user');
  const context = [lastStudentTurn?.content ?? '', previousAnswer ?? ''].join('\n');
  return [...own, ...tokenize(context).slice(0, BORROWED_QUERY_TERMS_MAX)];
}
