// The prompt for a model provider: the rules, the fenced classroom data and the request, packed
// into exactly `budgetChars` characters with the most useful data first.
import { detectLanguage } from '../text/script.js';
import { fencedBlock, fenceOverheadChars, quoteData } from './data-blocks.js';
import { systemPrompt } from './instructions.js';
import { materialPassageCount, openingPassages, rankMaterial } from './material.js';
import { followupQueryTerms, rankEntries } from './retrieval.js';
import { truncate } from './truncate.js';
import { classClock, recentEntries, windowMinutesFor } from './window.js';
import { findAnnouncement } from '../text/announcements.js';
import { isEmphasised } from '../text/emphasis.js';
import { entryTerms } from '../text/term-cache.js';
import type { AssistantKind, ChatTurn, MaterialText, TranscriptLine } from '../types.js';

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
}

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
export const MIN_BUDGET_CHARS = 1000;
/** A long question may take at most this share of the room left by the rules, leaving room for the class. */
const QUESTION_SHARE_MAX = 0.25;
/** A quote cut shorter than this carries nothing; the space is left to the next section. */
const MIN_TRUNCATED_LINE_CHARS = 40;
/** Candidates retrieved per section: more than any budget up to 64,000 characters can hold. */
const RELEVANT_ENTRIES_MAX = 60;
const MATERIAL_PASSAGES_MAX = 40;
const PARAGRAPH_SEPARATOR = '\n\n';

type SectionName = 'EARLIER ANSWER' | 'TRANSCRIPT' | 'MATERIAL' | 'HISTORY';

/** Share of the data budget each section may fill before leftovers are handed round, in priority order. */
const SECTION_SHARES: Readonly<Record<AssistantKind, readonly (readonly [SectionName, number])[]>> = {
  rescue: [['TRANSCRIPT', 0.8], ['MATERIAL', 0.2]],
  catchup: [['TRANSCRIPT', 0.8], ['MATERIAL', 0.2]],
  summary: [['TRANSCRIPT', 0.9], ['MATERIAL', 0.1]],
  followup: [['EARLIER ANSWER', 0.15], ['TRANSCRIPT', 0.4], ['MATERIAL', 0.3], ['HISTORY', 0.15]],
};

interface Candidate {
  key: number;
  text: string;
}

interface Section {
  name: SectionName;
  share: number;
  candidates: Candidate[];
  taken: Candidate[];
  next: number;
}

export function buildContext(input: ContextInput): BuiltContext {
  if (!(input.budgetChars >= MIN_BUDGET_CHARS)) {
    throw new RangeError(`budgetChars must be at least ${MIN_BUDGET_CHARS}`);
  }
  const minutes = windowMinutesFor(input.kind, input.recentMinutes);
  const recent = recentEntries(input.entries, minutes);
  const system = systemPrompt(input.kind, detectLanguage(recent.map((e) => e.text)));
  const header = headerLines(input, minutes).join('\n');
  const question = questionParagraph(input, input.budgetChars - system.length - header.length);
  const fixed =
    system.length + header.length + (question.length > 0 ? PARAGRAPH_SEPARATOR.length + question.length : 0);

  let sections = SECTION_SHARES[input.kind]
    .map(([name, share]): Section => ({ name, share, candidates: candidatesFor(name, input, recent), taken: [], next: 0 }))
    .filter((section) => section.candidates.length > 0);
  // A section that gets no line at all must not keep its fences' room: drop it and fill again.
  for (;;) {
    for (const section of sections) {
      section.taken = [];
      section.next = 0;
    }
    const overhead = sections.reduce(
      (sum, s) => sum + (s.name === 'HISTORY' ? 0 : fenceOverheadChars(s.name) + PARAGRAPH_SEPARATOR.length),
      0,
    );
    fill(sections, input.budgetChars - fixed - overhead);
    const filled = sections.filter((section) => section.taken.length > 0);
    if (filled.length === sections.length) break;
    sections = filled;
  }

  const taken = (name: SectionName): Candidate[] => sections.find((s) => s.name === name)?.taken ?? [];
  const transcript = [...taken('TRANSCRIPT')].sort((a, b) => a.key - b.key);
  const material = [...taken('MATERIAL')].sort((a, b) => a.key - b.key);
  const blocks = (['EARLIER ANSWER', 'TRANSCRIPT', 'MATERIAL'] as const)
    .map((name) => ({ name, lines: (name === 'TRANSCRIPT' ? transcript : name === 'MATERIAL' ? material : taken(name)).map((c) => c.text) }))
    .filter((block) => block.lines.length > 0)
    .map((block) => fencedBlock(block.name, block.lines));
  const user = [header, ...blocks, ...(question.length > 0 ? [question] : [])].join(PARAGRAPH_SEPARATOR);
  const history = [...taken('HISTORY')]
    .sort((a, b) => a.key - b.key)
    .map((c) => ({ role: input.history?.[c.key]?.role ?? 'user', content: c.text }));
  return {
    system,
    history,
    user,
    includedEntryIds: transcript.map((c) => input.entries[c.key]?.id ?? -1),
    includedMaterialPassages: material.map((c) => c.key),
  };
}

export function toChatMessages(context: BuiltContext): ChatMessage[] {
  return [
    { role: 'system', content: context.system },
    ...context.history,
    { role: 'user', content: context.user },
  ];
}

/** Characters the context spends of its budget: every message's content. */
export function contextChars(context: BuiltContext): number {
  return toChatMessages(context).reduce((sum, message) => sum + message.content.length, 0);
}

/**
 * Two passes: each section first fills up to its share, so no section starves the others; then
 * whatever is left goes to the sections in priority order.
 */
function fill(sections: Section[], dataBudget: number): void {
  let remaining = Math.max(0, dataBudget);
  for (const pass of ['share', 'leftover'] as const) {
    for (const section of sections) {
      let allowance = pass === 'share' ? Math.floor(section.share * dataBudget) - spent(section) : remaining;
      while (section.next < section.candidates.length) {
        const candidate = section.candidates[section.next];
        if (candidate === undefined) break;
        const space = Math.min(allowance, remaining) - lineSeparatorChars(section);
        const text = candidate.text.length <= space ? candidate.text : truncateLine(candidate.text, space, section);
        if (text === null) break;
        section.taken.push({ key: candidate.key, text });
        section.next++;
        const cost = text.length + lineSeparatorChars(section);
        allowance -= cost;
        remaining -= cost;
      }
    }
  }
}

/** Inside a fenced block each line ends with a newline; a history turn is a message of its own. */
function lineSeparatorChars(section: Section): number {
  return section.name === 'HISTORY' ? 0 : 1;
}

function spent(section: Section): number {
  return section.taken.reduce((sum, c) => sum + c.text.length + lineSeparatorChars(section), 0);
}

/**
 * Only the first line of a section may be cut to fit: a section whose best line is long
 * (a material passage) still gets a say within its share.
 */
function truncateLine(text: string, space: number, section: Section): string | null {
  if (section.taken.length > 0 || space < MIN_TRUNCATED_LINE_CHARS) return null;
  return truncate(text, space);
}

function candidatesFor(name: SectionName, input: ContextInput, recent: readonly TranscriptLine[]): Candidate[] {
  switch (name) {
    case 'TRANSCRIPT':
      return transcriptCandidates(input, recent);
    case 'MATERIAL':
      return materialCandidates(input, recent);
    case 'EARLIER ANSWER':
      return input.previousAnswer ? [{ key: 0, text: quoteData(input.previousAnswer) }] : [];
    case 'HISTORY':
      return (input.history ?? [])
        .map((turn, key) => ({ key, text: turn.content }))
        .reverse();
  }
}

function transcriptCandidates(input: ContextInput, recent: readonly TranscriptLine[]): Candidate[] {
  const entries = input.entries;
  const firstRecent = entries.length - recent.length;
  const newestFirst = recent.map((_, i) => firstRecent + recent.length - 1 - i);
  let order: number[];
  if (input.kind === 'summary') {
    order = summaryOrder(entries);
  } else if (input.kind === 'followup') {
    const terms = followupQueryTerms(input.question ?? '', input.history, input.previousAnswer);
    order = [...rankEntries(entries, terms, RELEVANT_ENTRIES_MAX).map((r) => r.position), ...newestFirst];
  } else {
    order = newestFirst;
  }
  const seen = new Set<number>();
  return order.flatMap((position) => {
    const entry = entries[position];
    if (entry === undefined || seen.has(position)) return [];
    seen.add(position);
    return [{ key: position, text: `[${classClock(entry, entries[0])}] ${quoteData(entry.text)}` }];
  });
}

/**
 * Announcements and stressed points first (a summary must not lose a deadline), then the rest
 * in an order whose every prefix spreads evenly over the class: halves, then quarters, eighths…
 */
function summaryOrder(entries: readonly TranscriptLine[]): number[] {
  const salient = entries.flatMap((entry, position) => (findAnnouncement(entry.text) !== null || isEmphasised(entry.text) ? [position] : []));
  return [...salient, ...evenSpreadOrder(entries.length)];
}

function evenSpreadOrder(count: number): number[] {
  const order: number[] = [];
  const seen = new Uint8Array(count);
  for (let step = 1 << Math.ceil(Math.log2(Math.max(1, count))); step >= 1; step >>= 1) {
    for (let position = 0; position < count; position += step) {
      if (seen[position] === 0) {
        seen[position] = 1;
        order.push(position);
      }
    }
  }
  return order;
}

function materialCandidates(input: ContextInput, recent: readonly TranscriptLine[]): Candidate[] {
  const material = input.material;
  if (!material) return [];
  const terms =
    input.kind === 'followup'
      ? followupQueryTerms(input.question ?? '', input.history, input.previousAnswer)
      : recent.flatMap((entry) => entryTerms(entry));
  const total = materialPassageCount(material);
  const ranked = rankMaterial(material, terms, MATERIAL_PASSAGES_MAX);
  // With nothing to rank by, the opening of the file is the best guess at what the class is about.
  const passages = ranked.length > 0 ? ranked : openingPassages(material, MATERIAL_PASSAGES_MAX);
  return passages.map((p) => ({ key: p.index, text: `(${p.index + 1}/${total}) ${quoteData(p.text)}` }));
}

function headerLines(input: ContextInput, minutes: number): string[] {
  const lines = [`Course: ${quoteData(input.courseName)}`, `Request: ${input.kind}`];
  if (input.entries.length === 0) {
    lines.push('Nothing has been said in class yet: the transcript is empty.');
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
  const label = "Student's question: ";
  const max = Math.floor(leftChars * QUESTION_SHARE_MAX) - label.length;
  return label + truncate(input.question.trim(), max);
}
