// "Catch-up": the student drifted off. Where the class is, the latest key point, and what to
// listen for next.
import { findAnnouncement } from '../text/announcements.js';
import { isDefinition } from '../text/explanations.js';
import { isEmphasised } from '../text/emphasis.js';
import { entrySentences } from '../text/term-cache.js';
import { tokenize } from '../text/tokens.js';
import { announcedTopic, isForwardLooking } from '../text/topics.js';
import { MS_PER_MINUTE, recentEntries, windowMinutesFor } from '../context/window.js';
import type { TranscriptLine } from '../types.js';
import { centralSentences } from './centrality.js';
import { classSentences } from './class-sentences.js';
import type { ClassSentence } from './class-sentences.js';
import { isAnswered } from './answered.js';
import { courseTerms } from './course-terms.js';
import { boldList } from './phrasing.js';
import type { Composition } from './composition.js';
import { materialSection } from './material-grounding.js';
import { escapeInline, heading, paragraphs, quoteItem } from './markdown.js';
import { latestTeacherQuestion } from './teacher-question.js';

const WINDOW_KEYWORDS_SHOWN = 3;
const SEGMENT_KEYWORDS_SHOWN = 3;
/**
 * Key phrases of the whole window; each part of the timeline names those it uses most. One
 * ranking for the window instead of one per part keeps a catch-up within its time budget.
 */
const KEYWORD_POOL_SIZE = 12;
/** Tagging is the costly step: the terms come from at most this many of the newest sentences. */
const TERM_SENTENCES_MAX = 150;
/** The window is retold in this many consecutive parts, oldest first. */
const WINDOW_SEGMENTS = 3;
/** A question asked this recently is still waiting for its answer. */
const PENDING_QUESTION_MINUTES = 2;
/** What the teacher said comes next is still ahead for this long. */
const AHEAD_MINUTES = 3;
/** Announcements quoted under "listen for next". */
const ANNOUNCEMENTS_SHOWN = 2;
/** A topic announced longer ago than this no longer says where the class is. */
const TOPIC_LOOKBACK_MINUTES = 30;
/** The look-back also stops after this many entries, so a catch-up on very dense speech stays cheap. */
const TOPIC_LOOKBACK_ENTRIES_MAX = 4000;
/** What is being said now: the newest of the last few sentences that matches a slide picks it. */
const CURRENT_SLIDE_SENTENCES = 6;

export function composeCatchup(c: Composition): string {
  const { book, request } = c;
  const minutes = windowMinutesFor('catchup', request.recentMinutes);
  const window = recentEntries(request.entries, minutes);
  const latest = window[window.length - 1];
  if (latest === undefined) {
    return paragraphs([heading(book.catchup.where), book.emptyClass, heading(book.catchup.listen), book.catchup.nothingYet]);
  }
  const sentences = classSentences(window, request.entries.length - window.length);
  // The course's terms of the last minutes; on very dense speech, of its newest sentences.
  const terms = courseTerms(sentences.slice(-TERM_SENTENCES_MAX), c.models, KEYWORD_POOL_SIZE);
  const pool = terms.map((t) => t.name);
  const keywords = pool.slice(0, WINDOW_KEYWORDS_SHOWN);
  const topic = currentTopic(request.entries);

  const where = [
    topic === undefined ? '' : book.catchup.topicAnnounced(escapeInline(topic.name), c.clock(topic.entry)),
    keywords.length > 0 ? book.catchup.topicFromKeywords(minutes, boldList(book, keywords)) : '',
  ].filter((line) => line.length > 0);

  const keyPoint = latestKeyPoint(sentences, terms.flatMap((t) => t.definition ?? []));
  return paragraphs([
    heading(book.catchup.where),
    where.length > 0 ? book.sentences(where) : quoteItem(c.clock(latest), latest.text),
    heading(book.catchup.keyPoint),
    keyPoint === undefined ? book.catchup.noKeyPoint : quoteItem(c.clock(keyPoint.entry), keyPoint.text),
    heading(book.catchup.listen),
    listenFor(c, sentences, keywords),
    heading(book.catchup.recent(minutes)),
    timeline(c, sentences, pool),
    ...materialSection(c, sentences.slice(-CURRENT_SLIDE_SENTENCES).reverse().map((s) => s.terms)),
  ]);
}

interface Topic {
  name: string;
  entry: TranscriptLine;
}

/** The latest announced topic, searched newest first from the end of the class. */
function currentTopic(entries: readonly TranscriptLine[]): Topic | undefined {
  const stop = Math.max(0, entries.length - TOPIC_LOOKBACK_ENTRIES_MAX);
  const since = Date.parse(entries[entries.length - 1]?.createdAt ?? '') - TOPIC_LOOKBACK_MINUTES * MS_PER_MINUTE;
  for (let position = entries.length - 1; position >= stop; position--) {
    const entry = entries[position];
    if (entry === undefined || Date.parse(entry.createdAt) < since) break;
    const sentences = entrySentences(entry);
    for (let i = sentences.length - 1; i >= 0; i--) {
      const name = announcedTopic(sentences[i] ?? '');
      if (name !== null) return { name, entry };
    }
  }
  return undefined;
}

/**
 * The newer of what the teacher stressed last and the last definition of one of the window's
 * concepts (a cue like "is called" also counts); else the most telling recent statement.
 */
function latestKeyPoint(sentences: readonly ClassSentence[], definitions: readonly ClassSentence[]): ClassSentence | undefined {
  const latest = (test: (s: ClassSentence) => boolean): ClassSentence | undefined =>
    [...sentences].reverse().find((s) => test(s) && findAnnouncement(s.text) === null);
  const defining = new Set(definitions);
  const candidates = [latest((s) => isEmphasised(s.text)), latest((s) => defining.has(s) || isDefinition(s.text))].filter((s) => s !== undefined);
  const newest = candidates.sort((a, b) => b.position - a.position)[0];
  const recentHalf = sentences.slice(Math.floor(sentences.length / 2));
  return newest ?? [...centralSentences(recentHalf, WINDOW_SEGMENTS)].sort((a, b) => b.position - a.position)[0];
}

function listenFor(c: Composition, sentences: readonly ClassSentence[], keywords: readonly string[]): string {
  const { book } = c;
  const blocks: string[] = [];
  const lastTime = Date.parse(sentences[sentences.length - 1]?.entry.createdAt ?? '');
  const question = latestTeacherQuestion(sentences);
  const pending =
    question !== undefined &&
    lastTime - Date.parse(question.sentence.entry.createdAt) <= PENDING_QUESTION_MINUTES * MS_PER_MINUTE &&
    !isAnswered(sentences, sentences.indexOf(question.sentence));
  if (question !== undefined && pending) {
    blocks.push(`${book.catchup.pendingQuestion}\n${quoteItem(c.clock(question.sentence.entry), question.sentence.text)}`);
  }
  const announcements = sentences.filter((s) => findAnnouncement(s.text) !== null).slice(-ANNOUNCEMENTS_SHOWN);
  if (announcements.length > 0) {
    blocks.push([book.catchup.announcement, ...announcements.map((s) => quoteItem(c.clock(s.entry), s.text))].join('\n'));
  }
  // "Next we'll…" said long ago has happened by now.
  const ahead = [...sentences]
    .reverse()
    .find((s) => isForwardLooking(s.text) && !announcements.includes(s) && lastTime - Date.parse(s.entry.createdAt) <= AHEAD_MINUTES * MS_PER_MINUTE);
  if (ahead !== undefined) blocks.push(`${book.catchup.announcedNext}\n${quoteItem(c.clock(ahead.entry), ahead.text)}`);
  if (blocks.length === 0) {
    blocks.push(keywords.length > 0 ? book.catchup.fallback(boldList(book, keywords.slice(0, 2))) : book.catchup.nothingYet);
  }
  return blocks.join('\n\n');
}

/** The window in equal-time parts, each with the key phrases it used most and its most telling sentence. */
function timeline(c: Composition, sentences: readonly ClassSentence[], pool: readonly string[]): string {
  const start = Date.parse(sentences[0]?.entry.createdAt ?? '');
  const span = Math.max(1, Date.parse(sentences[sentences.length - 1]?.entry.createdAt ?? '') - start);
  const parts: ClassSentence[][] = Array.from({ length: WINDOW_SEGMENTS }, () => []);
  for (const sentence of sentences) {
    const part = Math.floor(((Date.parse(sentence.entry.createdAt) - start) / span) * WINDOW_SEGMENTS);
    parts[Math.min(WINDOW_SEGMENTS - 1, part)]?.push(sentence);
  }
  const poolTerms = pool.map((phrase) => ({ phrase, terms: tokenize(phrase) }));
  const lines: string[] = [];
  for (const part of parts) {
    const first = part[0];
    const last = part[part.length - 1];
    if (first === undefined || last === undefined) continue;
    // A part of fragments ("Great.") has no central statement; its last words stand in.
    const central = centralSentences(part, 1)[0] ?? last;
    const uses = poolTerms
      .map(({ phrase, terms }) => ({ phrase, count: part.filter((s) => terms.every((t) => s.terms.includes(t))).length }))
      .filter((use) => use.count > 0)
      .sort((a, b) => b.count - a.count)
      .slice(0, SEGMENT_KEYWORDS_SHOWN)
      .map((use) => use.phrase);
    const label = `**[${c.clock(first.entry)}–${c.clock(last.entry)}]**`;
    const about = uses.length > 0 ? ` ${boldList(c.book, uses)}` : '';
    const quote = ` — “${escapeInline(central.text)}”`;
    lines.push(`- ${label}${about}${quote}`);
  }
  return lines.join('\n');
}
