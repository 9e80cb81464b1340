// "Summary": notes on the whole class. The class is read in consecutive sections (progress is
// reported per section), and the sections' findings are merged into one set of notes, so the
// first minutes count as much as the last.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { findAnnouncement, namesPlace, timeExpressions } from '../text/announcements.js';
import { termNamedIn } from '../text/definitions.js';
import { isEmphasised } from '../text/emphasis.js';
import { isDefinition } from '../text/explanations.js';
import { isClassDirected, questionStrength } from '../text/questions.js';
import type { TermMention } from '../text/concepts.js';
import { entryTermMentions } from '../text/term-cache.js';
import { namedTopic } from '../text/topics.js';
import { MS_PER_MINUTE } from '../context/window.js';
import type { EngineProgress, TranscriptLine } from '../types.js';
import { centralSentences } from './centrality.js';
import { classSentences } from './class-sentences.js';
import type { ClassSentence } from './class-sentences.js';
import { isAnswered } from './answered.js';
import { closingQuestion } from './closing-question.js';
import { classParts } from './class-parts.js';
import { courseTerms } from './course-terms.js';
import type { CourseTerm } from './course-terms.js';
import { boldList } from './phrasing.js';
import type { Composition } from './composition.js';
import { bold, escapeInline, heading, paragraphs, quoteItem } from './markdown.js';
import { bestPassage, coveredPages, passageStatement } from './material-grounding.js';
import { citationOf } from '../context/material.js';
import { TermTable } from '../text/term-table.js';
import { tokenize } from '../text/tokens.js';

/** A section covers this much class time, or this many entries if speech is very dense. */
const SECTION_MINUTES = 10;
const SECTION_ENTRIES_MAX = 1200;
/**
 * Notes name about one concept for every few sentences of the class, within bounds: a short
 * class has a handful, a two-hour class no more than a page of them.
 */
const SENTENCES_PER_CONCEPT = 6;
const CONCEPTS_MIN = 10;
const CONCEPTS_MAX = 20;
const SECTION_KEYWORDS_MAX = 3;
const TOPIC_KEYWORDS_MAX = 3;
const STRESSED_MAX = 10;
const ANNOUNCEMENTS_MAX = 24;
const QUESTIONS_MAX = 8;
/**
 * Tagging every entry of a very long or very dense class would take seconds: beyond this many
 * entries the concepts are ranked from entries spread evenly over the class, plus every entry
 * that defines something. A real two-hour class has about 2,000 entries and is read whole.
 */
const TAGGED_ENTRIES_MAX = 6000;
/**
 * The same bound in characters, for classes of long entries: tagging reads about 4 MB of text
 * a second on a 2-core machine, and 24 MB of pasted passages once held the notes (and the
 * event loop) for 14 s. A two-hour class of ordinary speech is about 400,000 characters.
 */
const TAGGED_CHARS_MAX = 1_500_000;
/**
 * A section is read in one synchronous step; in characters it is bounded too, so no step holds
 * the event loop for long (requests, events and a shutdown wait for it).
 */
const SECTION_CHARS_MAX = 250_000;
/** A passage is about a concept when it holds most of the concept's words. */
const SLIDE_COVERAGE_MIN = 0.5;

/** "Yes, in the back?" is a question without a subject; a question worth revising names one. */
const QUESTION_CONTENT_TERMS_MIN = 2;

/** Whether the concepts are ranked from this entry (see TAGGED_ENTRIES_MAX). */
function tagged(entry: TranscriptLine, position: number, stride: number): boolean {
  return stride === 1 || position % stride === 0 || isDefinition(entry.text) || termNamedIn(entry.text) !== null;
}

/** A stretch of the class read in one go: progress and cancellation are per section. */
interface Section {
  entries: readonly TranscriptLine[];
}

interface Findings {
  sections: Section[];
  topics: string[];
  stressed: ClassSentence[];
  announcements: { sentence: ClassSentence; when: string[] }[];
  /** Every sentence of the class, in order: questions are open until a later one answers them. */
  sentences: ClassSentence[];
  /** Indexes into `sentences` of the questions put to the class. */
  questions: number[];
  /** The sentences the concepts are ranked from (see TAGGED_ENTRIES_MAX). */
  tagged: ClassSentence[];
  /** The terms of `sentences`, one copy each (a long class holds them all at once). */
  terms: TermTable;
  /**
   * The course terms of the tagged entries, kept here: the analysis cache is bounded and the
   * rest of a long class evicts them before the notes are written.
   */
  mentions: Map<number, readonly TermMention[]>;
}

export async function composeSummary(
  c: Composition,
  signal: AbortSignal,
  onProgress: ((progress: EngineProgress) => void) | undefined,
): Promise<string> {
  const parts = splitIntoSections(c.request.entries);
  const stride = taggingStride(c.request.entries);
  const findings: Findings = { sections: [], topics: [], stressed: [], announcements: [], sentences: [], questions: [], tagged: [], mentions: new Map(), terms: new TermTable() };
  let position = 0;
  for (const [done, part] of parts.entries()) {
    signal.throwIfAborted();
    findings.sections.push(readSection(c, part, position, findings, stride));
    position += part.length;
    onProgress?.({ stage: 'summarising', done: done + 1, total: parts.length });
    await nextTurn();
  }
  signal.throwIfAborted();
  return writeNotes(c, findings);
}

/** Every how many entries one is tagged, so that neither bound is passed (see TAGGED_ENTRIES_MAX). */
function taggingStride(entries: readonly TranscriptLine[]): number {
  let chars = 0;
  for (const entry of entries) chars += entry.text.length;
  return Math.max(1, Math.ceil(entries.length / TAGGED_ENTRIES_MAX), Math.ceil(chars / TAGGED_CHARS_MAX));
}

/** Consecutive runs of entries, each within SECTION_MINUTES of its first entry (and the other bounds). */
function splitIntoSections(entries: readonly TranscriptLine[]): TranscriptLine[][] {
  const sections: TranscriptLine[][] = [];
  let current: TranscriptLine[] = [];
  let startTime = 0;
  let chars = 0;
  for (const entry of entries) {
    const time = Date.parse(entry.createdAt);
    const full = current.length >= SECTION_ENTRIES_MAX || chars + entry.text.length > SECTION_CHARS_MAX;
    if (current.length > 0 && (time - startTime >= SECTION_MINUTES * MS_PER_MINUTE || full)) {
      sections.push(current);
      current = [];
      chars = 0;
    }
    if (current.length === 0) startTime = time;
    current.push(entry);
    chars += entry.text.length;
  }
  if (current.length > 0) sections.push(current);
  return sections;
}

function readSection(c: Composition, entries: readonly TranscriptLine[], firstPosition: number, findings: Findings, stride: number): Section {
  const sentences = classSentences(entries, firstPosition, findings.terms);
  entries.forEach((entry, offset) => {
    // Tagging is the costly part of the notes: done here, section by section, so progress and
    // cancellation keep their pace; the concepts are ranked from the cached result.
    if (tagged(entry, firstPosition + offset, stride)) findings.mentions.set(entry.id, entryTermMentions(entry, c.models));
  });
  for (const sentence of sentences) {
    const text = sentence.text;
    const announced = namedTopic(text);
    if (announced !== null) {
      findings.topics.push(announced);
    }
    const announcement = findAnnouncement(text);
    if (announcement !== null) findings.announcements.push(withDetails(sentence, announcement.when, sentences));
    else if (isEmphasised(text)) findings.stressed.push(sentence);
    const strength = questionStrength(text);
    const asksAboutSubject = sentence.terms.length >= QUESTION_CONTENT_TERMS_MIN;
    if (asksAboutSubject && (strength === 'certain' || (strength === 'likely' && isClassDirected(text)))) {
      findings.questions.push(findings.sentences.length);
    }
    findings.sentences.push(sentence);
    if (tagged(sentence.entry, sentence.position, stride)) findings.tagged.push(sentence);
  }
  return { entries };
}

/**
 * An announcement with the sentence after it in the same entry when that one says when or
 * where and announces nothing of its own: "And section this week is moved." is followed by
 * "Because of the holiday on Monday it's on Thursday at 3, room B12."; "First, the field trip."
 * by "Saturday, the Millbrook quarry."
 */
function withDetails(sentence: ClassSentence, when: string[], sentences: readonly ClassSentence[]): Findings['announcements'][number] {
  const next = sentences[sentences.indexOf(sentence) + 1];
  if (next === undefined || next.position !== sentence.position || findAnnouncement(next.text) !== null) return { sentence, when };
  const nextWhen = timeExpressions(next.text);
  if (nextWhen.length === 0 && !namesPlace(next.text)) return { sentence, when };
  return { sentence: { ...sentence, text: `${sentence.text} ${next.text}` }, when: [...new Set([...when, ...nextWhen])] };
}

function writeNotes(c: Composition, findings: Findings): string {
  const { book } = c;
  const wanted = Math.min(CONCEPTS_MAX, Math.max(CONCEPTS_MIN, Math.round(findings.sentences.length / SENTENCES_PER_CONCEPT)));
  const concepts = courseTerms(findings.tagged, c.models, wanted, {
    entryMentions: (entry) => findings.mentions.get(entry.id) ?? entryTermMentions(entry, c.models),
  });
  const topic = findings.topics[0] !== undefined ? bold(findings.topics[0]) : boldList(book, concepts.slice(0, TOPIC_KEYWORDS_MAX).map((t) => t.name));
  const open = findings.questions.filter((at) => !isAnswered(findings.sentences, at));
  // The question the class ended on is always listed, last, whatever words it uses.
  const closing = closingQuestion(findings.sentences);
  if (closing >= 0 && !open.includes(closing)) open.push(closing);
  const openSentences = open.flatMap((at) => findings.sentences[at] ?? []);
  return paragraphs([
    book.summary.title(escapeInline(c.request.courseName)),
    book.labelled(`**${book.summary.topic}**`, topic.length > 0 ? topic : book.summary.noTopic),
    heading(book.summary.outline),
    outline(c, findings, concepts),
    heading(book.summary.concepts),
    concepts.length > 0 ? concepts.map((concept) => conceptLine(c, concept)).join('\n') : book.summary.none,
    heading(book.summary.stressed),
    quoteList(c, findings.stressed, STRESSED_MAX),
    heading(book.summary.assignments),
    announcementList(c, findings),
    heading(book.summary.questions),
    quoteList(c, openSentences, QUESTIONS_MAX),
    ...materialCovered(c),
  ]);
}

/** The slides or pages the class spoke to, each with its title, when the class has material with pages. */
function materialCovered(c: Composition): string[] {
  const pageLabel = c.request.material?.pageLabel;
  const pages = coveredPages(c);
  if (!pageLabel || pages.length === 0) return [];
  return [heading(c.book.summary.covered(pageLabel)), pages.map((page) => `- ${page.citation} ${escapeInline(page.title)}`).join('\n')];
}

/**
 * One line per part of the class — a part starts where a topic is announced or a concept is
 * introduced — naming what it is about and quoting its most representative sentence.
 */
function outline(c: Composition, findings: Findings, concepts: readonly CourseTerm[]): string {
  const parts = classParts(findings.sentences, concepts);
  return parts
    .map((part) => {
      const first = part.sentences[0];
      const last = part.sentences[part.sentences.length - 1];
      if (first === undefined || last === undefined) return '';
      const labels = part.labels.length > 0 ? part.labels : fallbackLabels(part.sentences, concepts);
      const central = centralSentences(part.sentences, 1)[0];
      const about = boldList(c.book, labels);
      const quote = central === undefined ? '' : ` — “${escapeInline(central.text)}”`;
      return `- **[${c.clock(first.entry)}–${c.clock(last.entry)}]** ${about}${quote}`.replace(/\s+—/, ' —');
    })
    .filter((line) => line.length > 0)
    .join('\n');
}

/** A part that introduced nothing is named by the concepts it mentions most. */
function fallbackLabels(sentences: readonly ClassSentence[], concepts: readonly CourseTerm[]): string[] {
  return concepts
    .map((concept) => ({ name: concept.name, uses: sentences.filter((s) => mentions(s.text, concept)).length }))
    .filter((use) => use.uses > 0)
    .sort((a, b) => b.uses - a.uses)
    .slice(0, SECTION_KEYWORDS_MAX)
    .map((use) => use.name);
}

function mentions(text: string, concept: CourseTerm): boolean {
  return text.toLowerCase().includes(concept.key.split(' ')[0] ?? concept.key);
}

/** A concept with the sentence that defines it and an example, or where it was first said. */
function conceptLine(c: Composition, concept: CourseTerm): string {
  const { book } = c;
  const parts: string[] = [];
  const quoted = (label: string, sentence: ClassSentence): string =>
    book.labelled(label, `“${escapeInline(sentence.text)}” [${c.clock(sentence.entry)}]`);
  if (concept.definition !== undefined) parts.push(quoted(book.summary.definition, concept.definition));
  else {
    const slide = slideDefinition(c, concept);
    if (slide !== undefined) parts.push(book.labelled(book.summary.onTheSlides, slide));
  }
  if (concept.example !== undefined) parts.push(quoted(book.summary.example, concept.example));
  if (parts.length === 0) parts.push(book.labelled(book.summary.firstMentioned(c.clock(concept.first.entry)), `“${escapeInline(concept.first.text)}”`));
  return `- ${bold(concept.name)} — ${parts.join(' ')}`;
}

/** The material's passage about a concept the class did not define, with its citation. */
function slideDefinition(c: Composition, concept: CourseTerm): string | undefined {
  const material = c.request.material;
  const terms = tokenize(concept.name);
  const hit = material && terms.length > 0 ? bestPassage(material, terms, SLIDE_COVERAGE_MIN) : undefined;
  const statement = hit === undefined || !material ? undefined : passageStatement(material, hit, terms);
  if (!material || hit === undefined || statement === undefined) return undefined;
  const citation = citationOf(material, hit);
  return `“${escapeInline(statement)}”${citation === null ? '' : ` ${citation}`}`;
}

function announcementList(c: Composition, findings: Findings): string {
  const unique = distinct(findings.announcements, (a) => a.sentence.text);
  if (unique.length === 0) return c.book.summary.none;
  return spreadEvenly(unique, ANNOUNCEMENTS_MAX)
    .map(({ sentence, when }) => {
      const dates = when.length > 0 ? ` — ${c.book.labelled(c.book.summary.when, c.book.list(when.map((w) => bold(w))))}` : '';
      return `${quoteItem(c.clock(sentence.entry), sentence.text)}${dates}`;
    })
    .join('\n');
}

function quoteList(c: Composition, sentences: readonly ClassSentence[], max: number): string {
  const unique = distinct(sentences, (s) => s.text);
  if (unique.length === 0) return c.book.summary.none;
  return spreadEvenly(unique, max)
    .map((s) => quoteItem(c.clock(s.entry), s.text))
    .join('\n');
}

/** First occurrence of each text, ignoring case, spacing and punctuation (a repeated reminder). */
function distinct<T>(items: readonly T[], textOf: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = textOf(item).toLowerCase().replace(/[\s\p{P}]/gu, '');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** At most `max` items, chosen evenly from first to last so no part of the class is dropped. */
function spreadEvenly<T>(items: readonly T[], max: number): T[] {
  if (items.length <= max) return [...items];
  return Array.from({ length: max }, (_, i) => items[Math.round((i * (items.length - 1)) / (max - 1))] as T);
}
