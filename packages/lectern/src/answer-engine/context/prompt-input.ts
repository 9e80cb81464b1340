// What a model prompt is built from. A module of its own so the builders (build.ts), the
// section candidates and the summary planner can all name it without importing each other.
import type { AssistantKind, ChatTurn, MaterialText, TranscriptLine } from '../types.js';

/** Entries [from, to) of the class: part `index` (0-based) of `count`. */
export interface SummaryPart {
  from: number;
  to: number;
  index: number;
  count: number;
}

export interface ContextInput {
  kind: AssistantKind;
  courseName: string;
  entries: readonly TranscriptLine[];
  material?: MaterialText | null;
  question?: string;
  history?: readonly ChatTurn[];
  previousAnswer?: string;
  recentMinutes?: number;
  /** settings.llm.context_characters: the whole prompt (system, history, user) stays within it. */
  budgetChars: number;
  /** Summary only: the part of a long class this prompt covers (see planSummaryParts). */
  part?: SummaryPart;
}
