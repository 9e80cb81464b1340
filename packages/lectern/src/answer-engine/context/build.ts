// The prompt for a model provider: the rules, the fenced classroom data and the request, packed
// into exactly `budgetChars` characters with the most useful data first.
import { settingsLimits } from '../../config.js';
import { detectLanguage } from '../text/script.js';
import type { AssistantKind, ChatTurn, TranscriptLine } from '../types.js';
import { earlierAnswerCandidates, historyCandidates, materialCandidates, transcriptCandidates } from './candidates.js';
import { fencedBlock, fenceOverheadChars, quoteData } from './data-blocks.js';
import { systemPrompt } from './instructions.js';
import { packSections } from './packing.js';
import type { PackedLine, SectionPlan } from './packing.js';
import type { ContextInput, SummaryPart } from './prompt-input.js';
import { truncate } from './truncate.js';
import { classClock, recentEntries, windowMinutesFor } from './window.js';

export interface BuiltContext {
  system: string;
  /** Earlier turns that fitted, oldest first, to send between the system and user messages. */
  history: ChatTurn[];
  user: string;
  /** Transcript entries quoted in `user`, chronological. */
  includedEntryIds: number[];
  /** Material passages quoted in `user`, 0-based positions in the file, in document order. */
  includedMaterialPassages: number[];
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** The smallest context_characters the settings accept; below it the rules alone would not fit. */
export const MIN_BUDGET_CHARS = settingsLimits.llmContextCharactersMin;
/** A long question may take at most this share of the room left by the rules, leaving room for the class. */
const QUESTION_SHARE_MAX = 0.25;
const PARAGRAPH_SEPARATOR = '\n\n';
const QUESTION_LABEL = "Student's question: ";

type SectionName = 'EARLIER ANSWER' | 'TRANSCRIPT' | 'MATERIAL' | 'HISTORY';

/** Share of the data budget each section may fill before leftovers are handed round, in priority order. */
const SECTION_SHARES: Readonly<Record<AssistantKind, readonly (readonly [SectionName, number])[]>> = {
  rescue: [['TRANSCRIPT', 0.8], ['MATERIAL', 0.2]],
  catchup: [['TRANSCRIPT', 0.8], ['MATERIAL', 0.2]],
  summary: [['TRANSCRIPT', 0.9], ['MATERIAL', 0.1]],
  followup: [['EARLIER ANSWER', 0.15], ['TRANSCRIPT', 0.4], ['MATERIAL', 0.3], ['HISTORY', 0.15]],
};

/** Fenced blocks in the order they appear in the user message. */
const BLOCK_ORDER: readonly SectionName[] = ['EARLIER ANSWER', 'TRANSCRIPT', 'MATERIAL'];

export function buildContext(input: ContextInput): BuiltContext {
  if (!(input.budgetChars >= MIN_BUDGET_CHARS)) {
    throw new RangeError(`budgetChars must be at least ${MIN_BUDGET_CHARS}`);
  }
  const minutes = windowMinutesFor(input.kind, input.recentMinutes);
  const part = input.kind === 'summary' ? input.part : undefined;
  const recent = part === undefined ? recentEntries(input.entries, minutes) : input.entries.slice(part.from, part.to);
  const system = systemPrompt(part === undefined ? input.kind : 'summary-part', detectLanguage(recent.map((e) => e.text)));
  const header = headerLines(input, minutes).join('\n');
  const question = questionParagraph(input, input.budgetChars - system.length - header.length);
  const fixedChars = system.length + header.length + (question.length > 0 ? PARAGRAPH_SEPARATOR.length + question.length : 0);

  const plans = SECTION_SHARES[input.kind].map(([name, share]) => sectionPlan(name, share, input, recent));
  const packed = packSections(plans, input.budgetChars - fixedChars);
  const linesOf = (name: SectionName): PackedLine[] =>
    [...(packed.find((section) => section.plan.name === name)?.lines ?? [])].sort((a, b) => a.key - b.key);

  const blocks = BLOCK_ORDER.map((name) => ({ name, lines: linesOf(name) }))
    .filter((block) => block.lines.length > 0)
    .map((block) => fencedBlock(block.name, block.lines.map((line) => line.text)));
  return {
    system,
    history: linesOf('HISTORY').map((line) => ({ role: input.history?.[line.key]?.role ?? 'user', content: line.text })),
    user: [header, ...blocks, ...(question.length > 0 ? [question] : [])].join(PARAGRAPH_SEPARATOR),
    includedEntryIds: linesOf('TRANSCRIPT').flatMap((line) => input.entries[line.key]?.id ?? []),
    includedMaterialPassages: linesOf('MATERIAL').map((line) => line.key),
  };
}

export function toChatMessages(context: BuiltContext): ChatMessage[] {
  return [{ role: 'system', content: context.system }, ...context.history, { role: 'user', content: context.user }];
}

/** Characters the context spends of its budget: every message's content. */
export function contextChars(context: BuiltContext): number {
  return toChatMessages(context).reduce((sum, message) => sum + message.content.length, 0);
}

/**
 * Characters of transcript lines a summary part's prompt is sure to hold: the budget less the
 * rules (in the longer language), the widest header and the blocks' fences, times the transcript's
 * share. planSummaryParts cuts the class into parts of this size.
 */
export function summaryPartRoomChars(input: Omit<ContextInput, 'kind' | 'part'>): number {
  const widestPart: SummaryPart = { from: 0, to: input.entries.length, index: input.entries.length, count: input.entries.length };
  const header = headerLines({ ...input, kind: 'summary', part: widestPart }).join('\n');
  const system = Math.max(systemPrompt('summary-part', 'en').length, systemPrompt('summary-part', 'zh').length);
  const fences = SECTION_SHARES.summary
    .filter(([name]) => name === 'TRANSCRIPT' || (name === 'MATERIAL' && input.material))
    .reduce((sum, [name]) => sum + fenceOverheadChars(name) + PARAGRAPH_SEPARATOR.length, 0);
  const transcriptShare = SECTION_SHARES.summary.find(([name]) => name === 'TRANSCRIPT')?.[1] ?? 0;
  return Math.floor((input.budgetChars - system - header.length - fences) * transcriptShare);
}

/**
 * A fenced block costs its fences and the blank line before it, and a newline per line; a
 * history turn is a message of its own and costs only its content.
 */
function sectionPlan(name: SectionName, share: number, input: ContextInput, recent: readonly TranscriptLine[]): SectionPlan {
  const isHistory = name === 'HISTORY';
  return {
    name,
    share,
    candidates: candidatesFor(name, input, recent),
    overheadChars: isHistory ? 0 : fenceOverheadChars(name) + PARAGRAPH_SEPARATOR.length,
    lineSeparatorChars: isHistory ? 0 : 1,
  };
}

function candidatesFor(name: SectionName, input: ContextInput, recent: readonly TranscriptLine[]): PackedLine[] {
  switch (name) {
    case 'TRANSCRIPT':
      return transcriptCandidates(input, recent);
    case 'MATERIAL':
      return materialCandidates(input, recent);
    case 'EARLIER ANSWER':
      return earlierAnswerCandidates(input);
    case 'HISTORY':
      return historyCandidates(input);
  }
}

function headerLines(input: ContextInput, minutes = windowMinutesFor(input.kind, input.recentMinutes)): string[] {
  const lines = [`Course: ${quoteData(input.courseName)}`, `Request: ${input.kind}`];
  const part = input.kind === 'summary' ? input.part : undefined;
  if (input.entries.length === 0) {
    lines.push('Nothing has been said in class yet: the transcript is empty.');
  } else if (part !== undefined) {
    const first = input.entries[part.from];
    const last = input.entries[part.to - 1];
    const span = first === undefined || last === undefined ? '' : ` (${classClock(first, input.entries[0])}–${classClock(last, input.entries[0])})`;
    lines.push(`Transcript: part ${part.index + 1} of ${part.count} of the class${span}; [m:ss] = time into class.`);
  } else if (input.kind === 'followup') {
    lines.push(`Transcript: lines related to the question, then the last ${minutes} min; [m:ss] = time into class.`);
  } else if (Number.isFinite(minutes)) {
    lines.push(`Transcript: the last ${minutes} min; [m:ss] = time into class.`);
  } else {
    lines.push('Transcript: the whole class; [m:ss] = time into class.');
  }
  if (input.material) lines.push(`Material file: ${quoteData(input.material.filename)}`);
  return lines;
}

/** The question, cut to its share of what the rules and header leave of the budget. */
function questionParagraph(input: ContextInput, leftChars: number): string {
  if (input.kind !== 'followup' || !input.question) return '';
  return QUESTION_LABEL + truncate(input.question.trim(), Math.floor(leftChars * QUESTION_SHARE_MAX) - QUESTION_LABEL.length);
}
