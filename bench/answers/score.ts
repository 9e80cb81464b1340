// How the answer set is scored: pure functions from an answer's Markdown (as the API returns it)
// and the gold annotations to hits and misses. bench/answers/README.md, "How it is scored",
// states each rule in words; this file is their one home. Tested in
// packages/lectern/test/scripts/answers-score.test.ts.
import type { Groups } from './lecture.js';
import { CHINESE_STOP_WORDS, ENGLISH_FUNCTION_WORDS, ENGLISH_GENERIC_WORDS } from './stop-words.js';

/** A rescue is judged on the opening of its lead: this many sentences, at most this many characters. */
export const OPENING_SENTENCES = 2;
export const OPENING_CHARS_MAX = 300;
/**
 * A question-line sentence this long is removed wherever it occurs in an answer; a shorter one
 * ("Anyone?", "Yes, Daniel.") only when it is a whole sentence of the answer, so that removing
 * "Four." from the question line cannot cut "four" out of an answer.
 */
const RESTATEMENT_MIN_WORDS = 3;
const RESTATEMENT_MIN_HAN = 5;

const HAN = /\p{Script=Han}/u;
const HAN_GLOBAL = /\p{Script=Han}/gu;
const HAS_WORD_CHARACTER = /[\p{L}\p{N}]/u;
/** Class clocks the engine prints beside quotes, "[0:02]", "[12:05–12:40]": numbers that are not answers. */
const CLOCK = /\[\d{1,2}:\d{2}(?::\d{2})?(?:\s*[–-]\s*\d{1,2}:\d{2}(?::\d{2})?)?\]/g;
/** A Markdown escape, bold/italic marker or code tick, removed in one pass so an escaped `*` survives as `*`. */
const INLINE_MARKUP = /\\(.)|\*\*|__|`/g;
const LINE_MARKERS = /^(?:\s*(?:[-*+]|\d+\.|>)\s+)+/;
const HEADING = /^\s*#{1,6}\s/;
/** The engine's quotation marks around quoted speech (the transcript's own apostrophes are straight). */
const QUOTATION_MARKS = /[“”「」『』]/g;

export function hasChinese(text: string): boolean {
  return HAN.test(text);
}

/**
 * Text as it is matched: Unicode NFKC (full-width punctuation becomes ASCII), lower case,
 * quotation marks and class clocks removed, spaces collapsed.
 */
export function normalise(text: string): string {
  return text.normalize('NFKC').replace(CLOCK, ' ').replace(QUOTATION_MARKS, ' ').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** One line of Markdown as plain text: list, quote and emphasis markers and escapes removed. */
function plainLine(line: string): string {
  return normalise(line.replace(LINE_MARKERS, '').replace(INLINE_MARKUP, (_markup, escaped: string | undefined) => escaped ?? ''));
}

/** The lines of a Markdown answer as plain text, without headings (the engine's labels) or blank lines. */
export function plainLines(markdown: string): string[] {
  return markdown
    .split('\n')
    .filter((line) => !HEADING.test(line))
    .map(plainLine)
    .filter((line) => line.length > 0);
}

/** A whole answer or note as one plain text. */
export function plainText(markdown: string): string {
  return plainLines(markdown).join('\n');
}

/**
 * Sentences of a normalised line: a sentence ends at `!`, `?` or `。` (a run of them ends once),
 * or at `.` followed by a space or the end of the line — so "3.5" and "fib(4).x" stay whole.
 */
export function sentences(line: string): string[] {
  const found: string[] = [];
  let start = 0;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    const next = line[i + 1];
    const ends = '!?。'.includes(char) ? next === undefined || !'!?。'.includes(next) : char === '.' && (next === undefined || next === ' ');
    if (ends) {
      found.push(line.slice(start, i + 1).trim());
      start = i + 1;
    }
  }
  found.push(line.slice(start).trim());
  return found.filter((sentence) => sentence.length > 0);
}

const withoutEndMarks = (sentence: string): string => sentence.replace(/[.!?。,:;\s]+$/u, '');
const wordCount = (text: string): number => text.split(' ').filter((word) => HAS_WORD_CHARACTER.test(word)).length;
const hanCount = (text: string): number => text.match(HAN_GLOBAL)?.length ?? 0;

/**
 * The answer's sentences with every verbatim copy of the question line taken out: the line
 * itself and each of its sentences (the engine quotes sentence by sentence), compared ignoring
 * case. A restatement of the question is not an answer. Sentences left with no letter or digit
 * are dropped.
 */
export function withoutRestatement(answerSentences: readonly string[], questionLine: string): string[] {
  const line = normalise(questionLine);
  const copies = [line, ...sentences(line)].map(withoutEndMarks).filter((copy) => copy.length > 0);
  return answerSentences
    .map((sentence) => {
      let left = sentence;
      for (const copy of copies) {
        const long = wordCount(copy) >= RESTATEMENT_MIN_WORDS || hanCount(copy) >= RESTATEMENT_MIN_HAN;
        if (long) left = left.split(copy).join(' ');
        else if (withoutEndMarks(left) === copy) left = '';
      }
      return left.replace(/\s+/g, ' ').trim();
    })
    .filter((sentence) => HAS_WORD_CHARACTER.test(sentence));
}

/**
 * The lead of an answer: what it says before its second heading ("## Say this" … "## The
 * teacher's likely question"), or before its first when it does not open with one; the whole
 * answer when it has no further heading.
 */
export function leadOf(markdown: string): string {
  const lines = markdown.split('\n');
  const headings = lines.flatMap((line, index) => (HEADING.test(line) ? [index] : []));
  const opensWithHeading = headings[0] !== undefined && lines.slice(0, headings[0]).every((line) => line.trim().length === 0);
  const end = opensWithHeading ? headings[1] : headings[0];
  return lines.slice(0, end ?? lines.length).join('\n');
}

/**
 * What a rescue is judged on: the first OPENING_SENTENCES sentences of its lead, once the
 * question line is taken out, cut at OPENING_CHARS_MAX characters.
 */
export function rescueOpening(markdown: string, questionLine: string): string {
  const leadSentences = plainLines(leadOf(markdown)).flatMap(sentences);
  return withoutRestatement(leadSentences, questionLine).slice(0, OPENING_SENTENCES).join(' ').slice(0, OPENING_CHARS_MAX);
}

/**
 * The groups a plain text lacks: a group is there when the text holds one of its alternatives
 * (case-insensitive substring, as bench/answers/README.md matches the gold). Empty: a hit.
 */
export function missingGroups(text: string, groups: Groups): Groups {
  return groups.filter((group) => !group.some((alternative) => text.includes(normalise(alternative))));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Whether `needle` occurs in `haystack` (both normalised): anywhere for Chinese, as whole words
 * for other scripts ("root" is not in "grassroots").
 */
export function occursIn(haystack: string, needle: string): boolean {
  if (needle.length === 0) return false;
  if (hasChinese(needle)) return haystack.includes(needle);
  return new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(needle)}(?![\\p{L}\\p{N}])`, 'u').test(haystack);
}

/** Whether a concept listed in the notes names the term: it is one of the term's alternatives or contains one. */
export function namesTerm(listedConcept: string, term: readonly string[]): boolean {
  const concept = normalise(listedConcept);
  return term.some((alternative) => occursIn(concept, normalise(alternative)));
}

export type ConceptVerdict =
  /** Matches a gold term alternative. */
  | 'gold'
  /** Said verbatim in the class: a course term the annotator did not list. */
  | 'in-class'
  /** A single function or generic word (stop-words.ts). */
  | 'generic'
  /** Cut out of a term: English, starting or ending with a function word; Chinese, part of a longer gold term. */
  | 'fragment'
  /** Neither a gold term nor said in class. */
  | 'not-in-class';

export const PRECISE_VERDICTS: ReadonlySet<ConceptVerdict> = new Set(['gold', 'in-class']);

function isGeneric(concept: string): boolean {
  if (hasChinese(concept)) return hanCount(concept) === 1 || CHINESE_STOP_WORDS.includes(concept);
  return !concept.includes(' ') && (ENGLISH_FUNCTION_WORDS.has(concept) || ENGLISH_GENERIC_WORDS.has(concept));
}

function isFragment(concept: string, goldAlternatives: readonly string[]): boolean {
  if (hasChinese(concept)) return goldAlternatives.some((gold) => gold.length > concept.length && gold.includes(concept));
  const words = concept.split(' ');
  return ENGLISH_FUNCTION_WORDS.has(words[0] ?? '') || ENGLISH_FUNCTION_WORDS.has(words.at(-1) ?? '');
}

/**
 * Why a concept the notes list is, or is not, a course term. In order: equal to a gold
 * alternative → gold; a single function/generic word → generic; a fragment → fragment; a gold
 * alternative inside it, or (English) it inside a gold alternative as whole words → gold; said
 * verbatim in the lecture → in-class; else not-in-class.
 */
export function conceptVerdict(listedConcept: string, terms: Groups, lines: readonly string[]): ConceptVerdict {
  const concept = normalise(listedConcept);
  const gold = terms.flat().map(normalise);
  if (gold.includes(concept)) return 'gold';
  if (isGeneric(concept)) return 'generic';
  if (isFragment(concept, gold)) return 'fragment';
  if (gold.some((alternative) => occursIn(concept, alternative) || (!hasChinese(concept) && occursIn(alternative, concept)))) return 'gold';
  if (lines.some((line) => occursIn(normalise(line), concept))) return 'in-class';
  return 'not-in-class';
}

/** Cuts a run of Chinese at the stop words (longest first), leaving the pieces between them. */
function chinesePieces(run: string): string[] {
  const stops = [...CHINESE_STOP_WORDS].sort((a, b) => b.length - a.length);
  const pieces: string[] = [];
  let current = '';
  for (let i = 0; i < run.length; ) {
    const stop = stops.find((word) => run.startsWith(word, i));
    if (stop === undefined) {
      current += run[i];
      i++;
      continue;
    }
    if (current.length > 0) pieces.push(current);
    current = '';
    i += stop.length;
  }
  if (current.length > 0) pieces.push(current);
  return pieces;
}

/**
 * The key words of a question: English (and any non-Chinese) words of two or more characters
 * that are not function or generic words; for Chinese, the runs of Han characters cut at the
 * stop words, a run of two characters a key word and a longer run its character bigrams (the
 * usual unit of Chinese retrieval without a segmenter); a single character left between two
 * stop words is no key word.
 */
export function keyWords(question: string): string[] {
  const text = normalise(question);
  const words = new Set<string>();
  for (const token of text.replace(HAN_GLOBAL, ' ').split(/[^\p{L}\p{N}()'-]+/u)) {
    // "fib(40)" keeps its brackets; a bracket or apostrophe at the edge of a word does not stay.
    let word = token.replace(/^[('-]+/, '').replace(/['-]+$/, '');
    if (!word.includes('(')) word = word.replace(/\)+$/, '');
    if (word.length >= 2 && !ENGLISH_FUNCTION_WORDS.has(word) && !ENGLISH_GENERIC_WORDS.has(word)) words.add(word);
  }
  for (const run of text.match(/\p{Script=Han}+/gu) ?? []) {
    for (const piece of chinesePieces(run)) {
      if (piece.length === 2) words.add(piece);
      else for (let i = 0; i + 2 <= piece.length; i++) words.add(piece.slice(i, i + 2));
    }
  }
  return [...words];
}

/** Whether a text holds more than half of the key words (both of two, two of three). */
export function holdsMostOf(text: string, words: readonly string[]): boolean {
  if (words.length === 0) return false;
  return words.filter((word) => text.includes(word)).length > words.length / 2;
}

/**
 * Whether the notes' open questions include the class's last unanswered question: one item
 * quotes the question as the teacher said it (the last sentence of its line ending in a
 * question mark), or holds more than half of the key words of that sentence or of the annotated question.
 */
export function openQuestionDetected(openItems: readonly string[], saidLine: string, annotated: string): boolean {
  const line = normalise(saidLine);
  const said = sentences(line).filter((sentence) => sentence.endsWith('?')).at(-1) ?? line;
  const quote = withoutEndMarks(said);
  const keys = [keyWords(said), keyWords(annotated)];
  return openItems.map(plainLine).some((item) => item.includes(quote) || keys.some((words) => holdsMostOf(item, words)));
}
