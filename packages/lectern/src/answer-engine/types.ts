// Shapes shared by the assistant's engines, the context builder and the task runner.

export type AssistantKind = 'rescue' | 'catchup' | 'summary' | 'followup';

export interface TranscriptLine {
  id: number;
  text: string;
  /** UTC ISO-8601. */
  createdAt: string;
}

export interface MaterialPageText {
  /** 1-based page or slide number, as a citation names it. */
  number: number;
  text: string;
}

export interface MaterialText {
  filename: string;
  text: string;
  /** What the pages are, for citations: "(slide 7)", "(p. 12)"; null or absent when the file has none. */
  pageLabel?: 'page' | 'slide' | null;
  /** The text per page or slide; absent for material known only as one text. */
  pages?: readonly MaterialPageText[];
}

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface AssistantRequest {
  kind: AssistantKind;
  courseName: string;
  /** Chronological; already cut at the task's through_entry_id. */
  entries: readonly TranscriptLine[];
  /**
   * The class the entries are of (its session id), when the caller knows it: entries of a
   * class never change once stored, so an analysis kept for the class is matched to the
   * entries by their ids alone (context/kept-classes.ts).
   */
  classKey?: string;
  /** Window measured back from the LAST entry's time, not the wall clock. */
  recentMinutes?: number;
  /** Followup only. */
  question?: string;
  /** Followup only: the conversation so far, oldest first. */
  history?: readonly ChatTurn[];
  /** Followup on a parent task: that task's answer. */
  previousAnswer?: string;
  /** Followup on a parent task: the question that task answered, when it was a follow-up. */
  previousQuestion?: string;
  material?: MaterialText | null;
}

export interface EngineProgress {
  stage: string;
  done: number;
  total: number;
}
