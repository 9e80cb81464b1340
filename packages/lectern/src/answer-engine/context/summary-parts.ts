// Summaries of long classes by a model: the class is cut into consecutive parts whose prompts
// each hold every line of their part, each part is summarised, and the part notes are merged.
// Nothing is sampled away, so the first minutes count as much as the last.
import { detectLanguage } from '../text/script.js';
import type { TranscriptLine } from '../types.js';
import type { BuiltContext } from './build.js';
import { MIN_BUDGET_CHARS, summaryPartRoomChars } from './build.js';
import { fencedBlock, fenceOverheadChars, quoteData } from './data-blocks.js';
import { systemPrompt } from './instructions.js';
import { packSections } from './packing.js';
import type { ContextInput, SummaryPart } from './prompt-input.js';
import { classClock } from './window.js';

export interface SummaryMergeInput {
  courseName: string;
  /** The model's notes on each part, in class order. */
  partNotes: readonly string[];
  budgetChars: number;
}

const PARAGRAPH_SEPARATOR = '\n\n';

/**
 * Consecutive parts covering every entry once, each small enough that its summary prompt
 * (buildContext with `part`) quotes all of it within `budgetChars`. A single entry longer than
 * a part can hold gets a part of its own and is cut to fit.
 */
export function planSummaryParts(input: Omit<ContextInput, 'kind' | 'part'>): SummaryPart[] {
  const room = summaryPartRoomChars(input);
  const bounds: { from: number; to: number }[] = [];
  let from = 0;
  let used = 0;
  input.entries.forEach((entry, position) => {
    const cost = renderedLineChars(entry, input.entries[0]);
    if (position > from && used + cost > room) {
      bounds.push({ from, to: position });
      from = position;
      used = 0;
    }
    used += cost;
  });
  if (from < input.entries.length) bounds.push({ from, to: input.entries.length });
  return bounds.map((bound, index) => ({ ...bound, index, count: bounds.length }));
}

/** The prompt that merges part notes: every part gets a fenced block and an equal share. */
export function buildSummaryMergeContext(input: SummaryMergeInput): BuiltContext {
  if (!(input.budgetChars >= MIN_BUDGET_CHARS)) {
    throw new RangeError(`budgetChars must be at least ${MIN_BUDGET_CHARS}`);
  }
  const system = systemPrompt('summary-merge', detectLanguage(input.partNotes));
  const header = mergeHeader(input.courseName, input.partNotes.length);
  const count = input.partNotes.length;
  const plans = input.partNotes.map((notes, index) => ({
    name: partName(index),
    share: 1 / Math.max(1, count),
    candidates: [{ key: index, text: quoteNotes(notes) }],
    overheadChars: fenceOverheadChars(partName(index)) + PARAGRAPH_SEPARATOR.length,
    lineSeparatorChars: 1,
  }));
  const packed = packSections(plans, input.budgetChars - system.length - header.length);
  const blocks = packed.map((section) => fencedBlock(section.plan.name, section.lines.map((line) => line.text)));
  return { system, history: [], user: [header, ...blocks].join(PARAGRAPH_SEPARATOR), includedEntryIds: [], includedMaterialPassages: [] };
}

/**
 * Groups of part notes (indices, in class order) whose merge prompt holds every note whole.
 * One group means a single merge suffices. Otherwise each group is merged on its own and the
 * results are merged again. A group takes at least two notes, so every round at least halves
 * the count and the rounds end; a note too long for any prompt is cut by the packing rather
 * than dropped.
 */
export function planMergeGroups(input: SummaryMergeInput): number[][] {
  const system = systemPrompt('summary-merge', detectLanguage(input.partNotes));
  const costs = input.partNotes.map((notes, index) => quoteNotes(notes).length + fenceOverheadChars(partName(index)) + PARAGRAPH_SEPARATOR.length);
  const headerChars = (count: number) => mergeHeader(input.courseName, count).length;
  const groups: number[][] = [];
  let group: number[] = [];
  let used = 0;
  costs.forEach((cost, index) => {
    const fits = system.length + headerChars(group.length + 1) + used + cost <= input.budgetChars;
    if (group.length >= 2 && !fits) {
      groups.push(group);
      group = [];
      used = 0;
    }
    group.push(index);
    used += cost;
  });
  if (group.length > 0) groups.push(group);
  return groups;
}

function mergeHeader(courseName: string, count: number): string {
  return [`Course: ${quoteData(courseName)}`, 'Request: summary', `Part notes: ${count}, in class order.`].join('\n');
}

function partName(index: number): string {
  return `PART ${index + 1} NOTES`;
}

/**
 * Notes keep their line structure (they are Markdown), but like every quote they lose
 * anything that could forge a fence.
 */
function quoteNotes(notes: string): string {
  return notes
    .split('\n')
    .map((line) => (line.trim().length === 0 ? '' : quoteData(line)))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** What one transcript line costs inside a prompt: "[m:ss] text" and its newline. */
function renderedLineChars(entry: TranscriptLine, classStart: TranscriptLine | undefined): number {
  return `[${classClock(entry, classStart)}] `.length + quoteData(entry.text).length + 1;
}

