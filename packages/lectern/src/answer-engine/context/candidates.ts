// What each section of a model prompt could hold, best first: transcript lines, material
// passages, the earlier answer and the conversation so far.
import { findAnnouncement } from '../text/announcements.js';
import { isEmphasised } from '../text/emphasis.js';
import { entryTerms } from '../text/term-cache.js';
import type { TranscriptLine } from '../types.js';
import { quoteData } from './data-blocks.js';
import { citationOf, materialPassageCount, openingPassages, rankMaterial } from './material.js';
import type { MaterialPassage } from './material.js';
import type { PackedLine } from './packing.js';
import type { ContextInput } from './prompt-input.js';
import { followupQueryTerms, rankEntries } from './retrieval.js';
import { classClock } from './window.js';

/** Candidates retrieved per section: more than any budget up to 64,000 characters can hold. */
const RELEVANT_ENTRIES_MAX = 60;
const MATERIAL_PASSAGES_MAX = 40;

/**
 * Rescue and catch-up: the window newest first. Follow-up: the entries that match the question,
 * wherever they were said, then the window. Summary: see summaryOrder. Keys are positions in
 * the transcript, so the chosen lines can be put back in the order they were said.
 */
export function transcriptCandidates(input: ContextInput, recent: readonly TranscriptLine[]): PackedLine[] {
  const entries = input.entries;
  // `recent` is the tail of `entries`, so its newest-first positions count down from the end.
  const newestFirst = recent.map((_, i) => entries.length - 1 - i);
  let order: number[];
  if (input.kind === 'summary') {
    order = summaryOrder(entries, input.part?.from ?? 0, input.part?.to ?? entries.length);
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
 * Passages ranked by overlap with the question (follow-up), then with what was just said,
 * else — with nothing to rank by — the opening of the file, the best guess at what the class
 * is about. Each line starts with how to cite it: "(slide 7)", "(p. 12)", or its position in
 * a file without pages.
 */
export function materialCandidates(input: ContextInput, recent: readonly TranscriptLine[]): PackedLine[] {
  const material = input.material;
  if (!material) return [];
  const byQuestion =
    input.kind === 'followup'
      ? rankMaterial(material, followupQueryTerms(input.question ?? '', input.history, input.previousAnswer), MATERIAL_PASSAGES_MAX)
      : [];
  const byRecentSpeech = (): MaterialPassage[] =>
    rankMaterial(material, recent.flatMap((entry) => entryTerms(entry)), MATERIAL_PASSAGES_MAX);
  const total = materialPassageCount(material);
  // A follow-up's own matches come first; what the class is on now fills the room after them.
  const ranked = [...byQuestion, ...byRecentSpeech()].filter((p, i, all) => all.findIndex((q) => q.index === p.index) === i);
  const passages: MaterialPassage[] = ranked.length > 0 ? ranked : openingPassages(material, MATERIAL_PASSAGES_MAX);
  return passages.map((p) => ({ key: p.index, text: `${citationOf(material, p) ?? `(${p.index + 1}/${total})`} ${quoteData(p.text)}` }));
}

export function earlierAnswerCandidates(input: ContextInput): PackedLine[] {
  return input.previousAnswer ? [{ key: 0, text: quoteData(input.previousAnswer) }] : [];
}

/** Newest turn first; keys are positions in the history. */
export function historyCandidates(input: ContextInput): PackedLine[] {
  return (input.history ?? []).map((turn, key) => ({ key, text: turn.content })).reverse();
}

/**
 * Announcements and stressed points first (a summary must not lose a deadline), then the rest
 * in an order whose every prefix spreads evenly over the class: halves, then quarters, eighths…
 */
function summaryOrder(entries: readonly TranscriptLine[], from: number, to: number): number[] {
  const salient: number[] = [];
  for (let position = from; position < to; position++) {
    const text = entries[position]?.text ?? '';
    if (findAnnouncement(text) !== null || isEmphasised(text)) salient.push(position);
  }
  return [...salient, ...evenSpreadOrder(to - from).map((offset) => from + offset)];
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
