// "Summary": notes on the whole class. The class is read in consecutive sections (progress is
// reported per section), and the sections' findings are merged into one set of notes, so the
// first minutes count as much as the last.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { findAnnouncement } from '../text/announcements.js';
import { isDefinition, isExample } from '../text/explanations.js';
import { isEmphasised } from '../text/emphasis.js';
import { PhraseCounts } from '../text/keywords.js';
import { isClassDirected, questionStrength } from '../text/questions.js';
import { entryRuns } from '../text/term-cache.js';
import { announcedTopic } from '../text/topics.js';
import { MS_PER_MINUTE } from '../context/window.js';
import type { EngineProgress, TranscriptLine } from '../types.js';
import { centralSentences } from './centrality.js';
import { classSentences } from './class-sentences.js';
import type { ClassSentence } from './class-sentences.js';
import { mentionPattern, rankedPhrases } from './key-phrases.js';
import { boldList } from './phrasing.js';
import type { Composition } from './composition.js';
import { bold, escapeInline, heading, paragraphs, quoteItem } from './markdown.js';
import { coveredPages } from './material-grounding.js';

/** A section covers this much class time, or this many entries if speech is very dense. */
const SECTION_MINUTES = 10;
const SECTION_ENTRIES_MAX = 1200;
const CONCEPTS_MAX = 8;
const SECTION_KEYWORDS_MAX = 3;
const TOPIC_KEYWORDS_MAX = 3;
const STRESSED_MAX = 10;
const ANNOUNCEMENTS_MAX = 24;
const QUESTIONS_MAX = 8;
/** "Yes, in the back?" is a question without a subject; a question worth revising names one. */
const QUESTION_CONTENT_TERMS_MIN = 2;

interface Section {
  entries: readonly TranscriptLine[];
  topic: string | null;
  central: ClassSentence | undefined;
  terms: ReadonlySet<string>;
  /** Counted while the section is read, so the notes need no second pass over the class. */
  phrases: PhraseCounts;
}

interface Findings {
  sections: Section[];
  topics: string[];
  stressed: ClassSentence[];
  announcements: { sentence: ClassSentence; when: string[] }[];
  questions: ClassSentence[];
  definitions: ClassSentence[];
  examples: ClassSentence[];
}

export async function composeSummary(
  c: Composition,
  signal: AbortSignal,
  onProgress: ((progress: EngineProgress) => void) | undefined,
): Promise<string> {
  const parts = splitIntoSections(c.request.entries);
  const findings: Findings = { sections: [], topics: [], stressed: [], announcements: [], questions: [], definitions: [], examples: [] };
  let position = 0;
  for (const [done, part] of parts.entries()) {
    signal.throwIfAborted();
    findings.sections.push(readSection(part, position, findings));
    position += part.length;
    onProgress?.({ stage: 'summarising', done: done + 1, total: parts.length });
    await nextTurn();
  }
  signal.throwIfAborted();
  return writeNotes(c, findings);
}

/** Consecutive runs of entries, each within SECTION_MINUTES of its first entry. */
function splitIntoSections(entries: readonly TranscriptLine[]): TranscriptLine[][] {
  const sections: TranscriptLine[][] = [];
  let current: TranscriptLine[] = [];
  let startTime = 0;
  for (const entry of entries) {
    const time = Date.parse(entry.createdAt);
    if (current.length > 0 && (time - startTime >= SECTION_MINUTES * MS_PER_MINUTE || current.length >= SECTION_ENTRIES_MAX)) {
      sections.push(current);
      current = [];
    }
    if (current.length === 0) startTime = time;
    current.push(entry);
  }
  if (current.length > 0) sections.push(current);
  return sections;
}

function readSection(entries: readonly TranscriptLine[], firstPosition: number, findings: Findings): Section {
  const sentences = classSentences(entries, firstPosition);
  let topic: string | null = null;
  const terms = new Set<string>();
  const phrases = new PhraseCounts();
  for (const entry of entries) phrases.add(entryRuns(entry));
  for (const sentence of sentences) {
    for (const term of sentence.terms) terms.add(term);
    const text = sentence.text;
    const announced = announcedTopic(text);
    if (announced !== null) {
      topic ??= announced;
      findings.topics.push(announced);
    }
    const announcement = findAnnouncement(text);
    if (announcement !== null) findings.announcements.push({ sentence, when: announcement.when });
    else if (isEmphasised(text)) findings.stressed.push(sentence);
    const strength = questionStrength(text);
    const asksAboutSubject = sentence.terms.length >= QUESTION_CONTENT_TERMS_MIN;
    if (asksAboutSubject && (strength === 'certain' || (strength === 'likely' && isClassDirected(text)))) {
      findings.questions.push(sentence);
    }
    if (isDefinition(text)) findings.definitions.push(sentence);
    if (isExample(text)) findings.examples.push(sentence);
  }
  return { entries, topic, central: centralSentences(sentences, 1)[0], terms, phrases };
}

function writeNotes(c: Composition, findings: Findings): string {
  const { book } = c;
  const classPhrases = new PhraseCounts();
  for (const section of findings.sections) classPhrases.addCounts(section.phrases);
  const concepts = rankedPhrases(classPhrases, c.request.entries, { limit: CONCEPTS_MAX }).map((k) => k.phrase);
  const topic = findings.topics[0] !== undefined ? bold(findings.topics[0]) : boldList(book, concepts.slice(0, TOPIC_KEYWORDS_MAX));
  return paragraphs([
    book.summary.title(escapeInline(c.request.courseName)),
    book.labelled(`**${book.summary.topic}**`, topic.length > 0 ? topic : book.summary.noTopic),
    heading(book.summary.outline),
    outline(c, findings.sections),
    heading(book.summary.concepts),
    concepts.length > 0 ? concepts.map((concept) => conceptLine(c, concept, findings)).join('\n') : book.summary.none,
    heading(book.summary.stressed),
    quoteList(c, findings.stressed, STRESSED_MAX),
    heading(book.summary.assignments),
    announcementList(c, findings),
    heading(book.summary.questions),
    quoteList(c, findings.questions, QUESTIONS_MAX),
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
 * One line per section: its announced topic or the terms that set it apart from the rest of
 * the class (weighted by how few sections use them), and its most representative sentence.
 */
function outline(c: Composition, sections: readonly Section[]): string {
  const sectionsUsing = new Map<string, number>();
  for (const section of sections) {
    for (const term of section.terms) sectionsUsing.set(term, (sectionsUsing.get(term) ?? 0) + 1);
  }
  const distinctiveness = (term: string): number => Math.log(1 + sections.length / (sectionsUsing.get(term) ?? 1));
  return sections
    .map((section) => {
      const first = section.entries[0];
      const last = section.entries[section.entries.length - 1];
      if (first === undefined || last === undefined) return '';
      const terms = rankedPhrases(section.phrases, section.entries, { limit: SECTION_KEYWORDS_MAX, weight: distinctiveness })
        .map((k) => k.phrase);
      const keywords = c.book.list(terms);
      const about = section.topic === null ? boldList(c.book, terms) : `${bold(section.topic)}${keywords.length > 0 ? ` (${escapeInline(keywords)})` : ''}`;
      const quote = section.central === undefined ? '' : ` — “${escapeInline(section.central.text)}”`;
      return `- **[${c.clock(first)}–${c.clock(last)}]** ${about}${quote}`.replace(/\s+—/, ' —');
    })
    .filter((line) => line.length > 0)
    .join('\n');
}

/**
 * A concept with the sentence that defines it — one with a definition cue, or one that opens
 * with the concept and says what it is ("Glycolysis is…", "二叉搜索树是…") — and an example.
 */
function conceptLine(c: Composition, concept: string, findings: Findings): string {
  const { book } = c;
  const mention = mentionPattern(concept);
  const mentions = (sentence: ClassSentence): boolean => mention.test(sentence.text);
  const opensWithConcept = new RegExp(`^(?:(?:so|now|okay|and|but|好|那么)[,，]?\\s*)?(?:(?:the|an?)\\s+)?${mention.source}\\s*(?:is|are|means|refers to|就是|是|叫做|是指|指的是)`, 'i');
  const entries = c.request.entries;
  const definingEntry = entries.find((entry) => opensWithConcept.test(entry.text));
  const definition =
    definingEntry !== undefined ? { text: definingEntry.text, entry: definingEntry } : findings.definitions.find(mentions);
  const example = findings.examples.find((s) => mentions(s) && s.text !== definition?.text);
  const parts: string[] = [];
  const quoted = (label: string, sentence: { text: string; entry: TranscriptLine }): string =>
    book.labelled(label, `“${escapeInline(sentence.text)}” [${c.clock(sentence.entry)}]`);
  if (definition !== undefined) parts.push(quoted(book.summary.definition, definition));
  if (example !== undefined) parts.push(quoted(book.summary.example, example));
  if (parts.length === 0) {
    const first = entries.find((entry) => mention.test(entry.text));
    if (first !== undefined) parts.push(book.labelled(book.summary.firstMentioned(c.clock(first)), `“${escapeInline(first.text)}”`));
  }
  return `- ${bold(concept)}${parts.length > 0 ? ` — ${parts.join(' ')}` : ''}`;
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
