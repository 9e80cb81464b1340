// The course's concepts in a stretch of class, ranked by how the class used them: defined
// (strongest), repeated, stressed. Each comes with the sentence that defines it and an example.
import { definitionJudge, termNamedIn } from '../text/definitions.js';
import { isEmphasised } from '../text/emphasis.js';
import { isNonTerm } from '../text/concepts.js';
import type { TermMention } from '../text/concepts.js';
import type { LanguageModels } from '../text/language-models.js';
import { HAN_CHARACTER } from '../text/script.js';
import { entryTermMentions } from '../text/term-cache.js';
import type { TranscriptLine } from '../types.js';
import type { ClassSentence } from './class-sentences.js';
import { exampleOf } from './term-example.js';

export interface CourseTerm {
  key: string;
  /** As the class said it. */
  name: string;
  /** Sentences that mention it. */
  mentions: number;
  score: number;
  definition: ClassSentence | undefined;
  example: ClassSentence | undefined;
  first: ClassSentence;
}

/** A term named this few times, and never defined, is a passing word. */
const MENTIONS_MIN = 2;
const DEFINED_BONUS = 3;
const STRESSED_BONUS = 1;
/** Each extra word makes a phrase more specific ("difference quotient" over "quotient"). */
const WORD_BONUS = 1;
const PART_WEIGHT = 0.5;
/**
 * A shorter term is only the longer one's part when at least this share of its mentions are
 * inside the longer ("tangent" in "tangent line"): then only the longer is a concept.
 */
const NESTED_SHARE = 0.7;

/** How many candidates per wanted concept have their definitions judged. */
const JUDGED_PER_CONCEPT = 4;

function useScore(t: Tally): number {
  return t.alone + PART_WEIGHT * (t.sentences.length - t.alone) + STRESSED_BONUS * t.stressed;
}

interface Tally {
  key: string;
  name: string;
  sentences: ClassSentence[];
  stressed: number;
  /** Sentences where it is said as a whole term, not as part of a longer one. */
  alone: number;
  lastAlone?: ClassSentence;
}

/** An entry's course terms: by default tagged once and cached (text/term-cache.ts). */
export type EntryMentions = (entry: TranscriptLine) => readonly TermMention[];

/** The sentence's terms: those of its entry that it contains. */
function mentionsOf(sentence: ClassSentence, entryMentions: EntryMentions): readonly TermMention[] {
  const ofEntry = entryMentions(sentence.entry);
  if (sentence.text === sentence.entry.text) return ofEntry;
  const lower = sentence.text.toLowerCase();
  return ofEntry.filter((mention) => lower.includes(mention.surface.toLowerCase()));
}

/** The course terms of `sentences`, best first; without `definitions`, ranked by use alone (cheaper). */
export function courseTerms(
  sentences: readonly ClassSentence[],
  models: LanguageModels,
  limit: number,
  options: { definitions?: boolean; entryMentions?: EntryMentions } = {},
): CourseTerm[] {
  const judged = options.definitions ?? true;
  const entryMentions = options.entryMentions ?? ((entry: TranscriptLine) => entryTermMentions(entry, models));
  const tallies = new Map<string, Tally>();
  let stressed = false;
  const tally = (key: string, name: string, sentence: ClassSentence, whole: boolean): void => {
    let entry = tallies.get(key);
    if (entry === undefined) {
      entry = { key, name, sentences: [], stressed: 0, alone: 0 };
      tallies.set(key, entry);
    }
    if (entry.sentences[entry.sentences.length - 1] !== sentence) {
      entry.sentences.push(sentence);
      if (stressed) entry.stressed++;
    }
    if (whole && entry.lastAlone !== sentence) {
      entry.alone++;
      entry.lastAlone = sentence;
    }
  };
  const named: { key: string; sentence: ClassSentence }[] = [];
  for (const sentence of sentences) {
    stressed = isEmphasised(sentence.text);
    for (const mention of mentionsOf(sentence, entryMentions)) {
      parts(mention).forEach((part, i) => tally(part.key, part.surface, sentence, i === 0));
    }
    const term = termNamedIn(sentence.text);
    if (term !== null && !isNonTerm(term, models, HAN_CHARACTER.test(term) ? 'zh' : 'en')) named.push({ key: term, sentence });
  }
  // Chinese words the segmenter cannot know (差商) are found where the class names them and
  // counted wherever they are said; so are Chinese terms in general, whose segmentation varies.
  const chinese = [...tallies.values()].filter((t) => HAN_CHARACTER.test(t.key) && t.sentences.length >= MENTIONS_MIN).map((t) => t.key);
  for (const key of new Set([...chinese, ...named.filter((n) => HAN_CHARACTER.test(n.key)).map((n) => n.key)])) {
    const found: Tally = { key, name: key, sentences: [], stressed: 0, alone: 0 };
    for (const sentence of sentences) {
      if (sentence.text.includes(key)) {
        found.sentences.push(sentence);
        if (isEmphasised(sentence.text)) found.stressed++;
      }
    }
    found.alone = found.sentences.length;
    tallies.set(key, found);
  }
  for (const { key, sentence } of named) if (!tallies.has(key)) tally(key, key, sentence, true);

  const namedKeys = new Set(named.map((n) => n.key));
  // Judging definitions is the costly part, so only the likely concepts are judged: those
  // named by a cue, and the best by use alone (a definition adds a fixed bonus, so a term far
  // down that list could not overtake the chosen ones).
  const byUse = [...tallies.values()]
    .filter((t) => (t.alone >= MENTIONS_MIN || namedKeys.has(t.key)) && !isNonTerm(t.key, models, HAN_CHARACTER.test(t.key) ? 'zh' : 'en'))
    .sort((a, b) => useScore(b) - useScore(a));
  const candidates = [...byUse.slice(0, limit * JUDGED_PER_CONCEPT), ...byUse.slice(limit * JUDGED_PER_CONCEPT).filter((t) => namedKeys.has(t.key))];
  const ranked = candidates
    .map((t) => {
      const definition = judged ? bestDefinition(t) : undefined;
      const count = t.sentences.length;
      if (t.alone < MENTIONS_MIN && definition === undefined) return undefined;
      const words = HAN_CHARACTER.test(t.key) ? Math.max(1, [...t.key].length / 2) : t.key.split(' ').length;
      // Said on its own counts fully; said inside a longer term ("tangent" in "tangent line") half.
      const use = t.alone + PART_WEIGHT * (count - t.alone);
      const score = use + (definition === undefined ? 0 : DEFINED_BONUS) + STRESSED_BONUS * t.stressed + WORD_BONUS * (words - 1);
      return { tally: t, definition, score };
    })
    .filter((r) => r !== undefined);
  const next = new Map<ClassSentence, ClassSentence>();
  sentences.forEach((sentence, i) => {
    const following = sentences[i + 1];
    if (following !== undefined) next.set(sentence, following);
  });
  // Chinese terms are counted wherever their characters occur, so a part of a longer term is
  // recognised by how often it occurs inside it; English parts by how rarely they stand alone.
  const kept = ranked.filter(({ tally: t }) => !HAN_CHARACTER.test(t.key) || !ranked.some(({ tally: longer }) => longer !== t && longer.key.length > t.key.length && contains(longer.key, t.key) && longer.sentences.length >= NESTED_SHARE * t.sentences.length));
  return kept
    .sort((a, b) => b.score - a.score || (a.tally.sentences[0]?.position ?? 0) - (b.tally.sentences[0]?.position ?? 0))
    .slice(0, limit)
    .map(({ tally: t, definition, score }) => ({
      key: t.key,
      name: t.name,
      mentions: t.sentences.length,
      score,
      definition,
      example: exampleOf(t.sentences, definition, (sentence) => next.get(sentence)),
      first: t.sentences[0] as ClassSentence,
    }));
}

/** The phrase and, for English, its shorter beginnings and endings: "difference quotient" counts "quotient" too. */
function parts(mention: TermMention): TermMention[] {
  if (HAN_CHARACTER.test(mention.key)) return [mention];
  const keys = mention.key.split(' ');
  const surfaces = mention.surface.split(' ');
  if (keys.length === 1 || keys.length !== surfaces.length) return [mention];
  const out: TermMention[] = [mention];
  for (let n = 1; n < keys.length; n++) {
    out.push({ key: keys.slice(0, n).join(' '), surface: surfaces.slice(0, n).join(' ') });
    out.push({ key: keys.slice(-n).join(' '), surface: surfaces.slice(-n).join(' ') });
  }
  return out;
}

function contains(longer: string, shorter: string): boolean {
  return HAN_CHARACTER.test(longer) ? longer.includes(shorter) : ` ${longer} `.includes(` ${shorter} `);
}

/** The sentence that defines the term best; the earliest of equals. */
function bestDefinition(t: Tally): ClassSentence | undefined {
  const judge = definitionJudge(t.key);
  let best: ClassSentence | undefined;
  let bestStrength = 0;
  for (const sentence of t.sentences) {
    const strength = judge(sentence.text);
    if (strength > bestStrength) {
      best = sentence;
      bestStrength = strength;
    }
  }
  return best;
}
