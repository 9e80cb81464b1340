// The course's concepts in a stretch of class, ranked by how the class used them: defined
// (strongest), repeated, stressed. Each comes with the sentence that defines it and an example.
import { definitionJudge, termNamedIn } from '../text/definitions.js';
import { isEmphasised } from '../text/emphasis.js';
import { isNonTerm, isVagueConcept } from '../text/concepts.js';
import type { TermMention } from '../text/concepts.js';
import { definedTerm, introducedTerm } from '../text/introductions.js';
import { wholeHanTerm } from '../text/whole-han-terms.js';
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
/**
 * In a class of at least PLAIN_WORD_CLASS_SENTENCES sentences, a single English word the class
 * neither defined nor stressed is a concept only if it keeps coming back: "box" in "they're in
 * the box by the door" twice is a passing word. In a few sentences, twice is the subject.
 */
const PLAIN_WORD_MENTIONS_MIN = 3;
const PLAIN_WORD_CLASS_SENTENCES = 30;
const DEFINED_BONUS = 3;
/** Said last after a naming cue ("That hump is the activation energy."): the class introduced it. */
const INTRODUCED_BONUS = 3;
const STRESSED_BONUS = 1;
/** Each extra word makes a phrase more specific ("difference quotient" over "quotient"). */
const WORD_BONUS = 1;
const PART_WEIGHT = 0.5;
/**
 * A Chinese piece is counted wherever its characters occur, inside longer terms too (东南 in
 * 东南信风 and 东南季风): it is a term of its own only if at least this share of the sentences
 * naming it say it outside them.
 */
const HAN_ALONE_SHARE = 0.5;

const QUESTION_MARK = /[?？]\s*$/;

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
  const introduced = new Map<string, ClassSentence>();
  for (const sentence of sentences) {
    stressed = isEmphasised(sentence.text);
    const mentions = mentionsOf(sentence, entryMentions);
    for (const mention of mentions) {
      parts(mention).forEach((part, i) => tally(part.key, part.surface, sentence, i === 0));
    }
    const term = termNamedIn(sentence.text);
    if (term !== null && !isNonTerm(term, models, HAN_CHARACTER.test(term) ? 'zh' : 'en')) named.push({ key: term, sentence });
    // A question introduces nothing ("Is that a cofactor?"); a statement that opens like one
    // ("When the water rushes back out, that is a rip current.") may.
    if (!judged || QUESTION_MARK.test(sentence.text)) continue;
    const said = introducedTerm(sentence.text, mentions, models);
    if (said !== null && !isNonTerm(said.key, models, HAN_CHARACTER.test(said.key) ? 'zh' : 'en') && !introduced.has(said.key)) {
      introduced.set(said.key, sentence);
      named.push({ key: said.key, sentence });
    }
    // A term the sentence opens by defining is a candidate however rarely it is said again.
    const defined = definedTerm(sentence.text, mentions);
    if (defined !== null && !isNonTerm(defined.key, models, HAN_CHARACTER.test(defined.key) ? 'zh' : 'en')) named.push({ key: defined.key, sentence });
  }
  // Chinese words the segmenter cannot know (差商) are found where the class names them and
  // counted wherever they are said; so are Chinese terms in general, whose segmentation varies.
  // Each is taken whole: the longest form the class says every time it says the piece.
  const chinese = [...tallies.values()].filter((t) => HAN_CHARACTER.test(t.key) && t.sentences.length >= MENTIONS_MIN && !isNonTerm(t.key, models, 'zh')).map((t) => t.key);
  const classText = sentences.map((sentence) => sentence.text).join('\n');
  const wholes = new Map<string, string>();
  for (const key of new Set([...chinese, ...named.filter((n) => HAN_CHARACTER.test(n.key)).map((n) => n.key)])) {
    const whole = wholeHanTerm(key, classText, models);
    if (whole !== key) tallies.delete(key);
    wholes.set(key, whole);
  }
  for (const n of named) n.key = wholes.get(n.key) ?? n.key;
  for (const [key, sentence] of [...introduced]) {
    const whole = wholes.get(key);
    if (whole !== undefined && whole !== key) {
      introduced.delete(key);
      if (!introduced.has(whole)) introduced.set(whole, sentence);
    }
  }
  for (const [key, sentence] of [...introduced]) {
    const whole = wholes.get(key);
    if (whole !== undefined && whole !== key) {
      introduced.delete(key);
      if (!introduced.has(whole)) introduced.set(whole, sentence);
    }
  }
  for (const key of new Set(wholes.values())) {
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
    .filter((t) => (t.alone >= MENTIONS_MIN || namedKeys.has(t.key)) && !isVagueConcept(t.key, models, HAN_CHARACTER.test(t.key) ? 'zh' : 'en'))
    .sort((a, b) => useScore(b) - useScore(a));
  const candidates = [...byUse.slice(0, limit * JUDGED_PER_CONCEPT), ...byUse.slice(limit * JUDGED_PER_CONCEPT).filter((t) => namedKeys.has(t.key))];
  const ranked = candidates
    .map((t) => {
      const introducing = introduced.get(t.key);
      const definition = judged ? (bestDefinition(t) ?? introducing) : undefined;
      const count = t.sentences.length;
      if (t.alone < MENTIONS_MIN && definition === undefined) return undefined;
      const plainWord = !HAN_CHARACTER.test(t.key) && !t.key.includes(' ') && definition === undefined && t.stressed === 0;
      if (plainWord && t.alone < PLAIN_WORD_MENTIONS_MIN && sentences.length >= PLAIN_WORD_CLASS_SENTENCES) return undefined;
      const words = HAN_CHARACTER.test(t.key) ? Math.max(1, [...t.key].length / 2) : t.key.split(' ').length;
      // Said on its own counts fully; said inside a longer term ("tangent" in "tangent line") half.
      const use = t.alone + PART_WEIGHT * (count - t.alone);
      const score =
        use + (definition === undefined ? 0 : DEFINED_BONUS) + (introducing === undefined ? 0 : INTRODUCED_BONUS) + STRESSED_BONUS * t.stressed + WORD_BONUS * (words - 1);
      return { tally: t, definition, score };
    })
    .filter((r) => r !== undefined);
  const next = new Map<ClassSentence, ClassSentence>();
  sentences.forEach((sentence, i) => {
    const following = sentences[i + 1];
    if (following !== undefined) next.set(sentence, following);
  });
  // A Chinese part of a longer term is recognised by how often it occurs inside it (its count
  // includes those occurrences); English parts by how rarely they stand alone.
  // A Chinese piece said inside several longer terms (东南 in 东南信风 and 东南季风) is judged
  // against all of them together.
  const kept = ranked.filter(({ tally: t }) => {
    if (!HAN_CHARACTER.test(t.key)) return true;
    // Chinese names are head-final: a piece that ends the longer terms is their kind (季风 of
    // 西南季风, 冲量 of 力的冲量) and stays; one that starts them or sits inside is a modifier.
    const longer = ranked.map((r) => r.tally.key).filter((key) => key.length > t.key.length && key.includes(t.key) && !key.endsWith(t.key));
    if (longer.length === 0) return true;
    const alone = t.sentences.filter((s) => longer.reduce((text, key) => text.replaceAll(key, ' '), s.text).includes(t.key)).length;
    return alone >= HAN_ALONE_SHARE * t.sentences.length;
  });
  return kept
    .sort((a, b) => b.score - a.score || (a.tally.sentences[0]?.position ?? 0) - (b.tally.sentences[0]?.position ?? 0))
    .slice(0, limit)
    .map(({ tally: t, definition, score }) => ({
      key: t.key,
      name: saidName(t),
      mentions: t.sentences.length,
      score,
      definition,
      example: exampleOf(t.sentences, definition, (sentence) => next.get(sentence)),
      first: t.sentences[0] as ClassSentence,
    }));
}

/**
 * The name as the class said it: the singular is shown only when the class said it, so
 * "bias", "nobles" and "Versailles" do not turn into "bia", "noble" and "Versaille".
 */
function saidName(t: Tally): string {
  if (HAN_CHARACTER.test(t.name) || !/[a-z]/i.test(t.name)) return t.name;
  const escaped = t.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
  const exact = new RegExp(`\\b${escaped}\\b`, 'i');
  if (t.sentences.some((s) => exact.test(s.text))) return t.name;
  const plural = new RegExp(`\\b${escaped}(?:s|es)\\b`, 'i');
  for (const sentence of t.sentences) {
    const said = plural.exec(sentence.text)?.[0];
    if (said !== undefined) return /[A-Z]/.test(t.name) ? said : said.toLowerCase();
  }
  return t.name;
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
