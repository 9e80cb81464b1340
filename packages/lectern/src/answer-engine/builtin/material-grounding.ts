// What the offline engine takes from the class's material: the passage that matches what the
// teacher is talking about, quoted with its citation, and the slides or pages the class covered.
import { citationOf, rankMaterial } from '../context/material.js';
import type { RankedMaterialPassage } from '../context/material.js';
import { truncate } from '../context/truncate.js';
import { splitSentences } from '../text/sentences.js';
import { entryTerms } from '../text/term-cache.js';
import { tokenize } from '../text/tokens.js';
import type { MaterialText, TranscriptLine } from '../types.js';
import type { Composition } from './composition.js';
import { escapeInline, heading } from './markdown.js';

const EXCERPT_CHARS_MAX = 420;
/**
 * A passage is "about" what was said when it holds at least this share of the said terms'
 * information (idf-weighted). Lower than a follow-up's bar: speech wanders, slides are terse.
 */
const SPEECH_COVERAGE_MIN = 0.35;
/** An entry counts towards a page being covered when that page holds most of what it says. */
const COVERED_ENTRY_COVERAGE_MIN = 0.5;
/** "Okay, so." says nothing about any slide. */
const COVERED_ENTRY_TERMS_MIN = 2;
const PAGE_TITLE_CHARS_MAX = 80;
const STATEMENT_WORDS_MIN = 6;

/** The passage that best matches these terms, if it matches well enough to be worth showing. */
export function bestPassage(material: MaterialText, terms: readonly string[], coverageMin = SPEECH_COVERAGE_MIN): RankedMaterialPassage | undefined {
  if (terms.length === 0) return undefined;
  return rankMaterial(material, terms, 1).find((hit) => hit.coverage >= coverageMin);
}

/**
 * The passage about what is being said now: the newest sentence that clearly matches a passage
 * decides (terms of several sentences together match nothing well, as speech moves on).
 */
export function passageForLatestSpeech(material: MaterialText, newestFirst: readonly (readonly string[])[]): { hit: RankedMaterialPassage; terms: readonly string[] } | undefined {
  for (const terms of newestFirst) {
    if (new Set(terms).size < COVERED_ENTRY_TERMS_MIN) continue;
    const hit = bestPassage(material, terms, COVERED_ENTRY_COVERAGE_MIN);
    if (hit !== undefined) return { hit, terms };
  }
  return undefined;
}

/**
 * The heading and quote of the passage about what is being said now (see
 * passageForLatestSpeech), or nothing when no passage matches or there is no material.
 */
export function materialSection(c: Composition, newestFirst: readonly (readonly string[])[]): string[] {
  const material = c.request.material;
  const found = material ? passageForLatestSpeech(material, newestFirst) : undefined;
  if (!material || found === undefined) return [];
  return [heading(c.book.fromMaterial(escapeInline(material.filename), material.pageLabel)), materialQuote(material, found.hit, found.terms)];
}

/** A quote of the passage around its best match, ending with its citation: "> … (slide 7)". */
export function materialQuote(material: MaterialText, hit: RankedMaterialPassage, terms: readonly string[]): string {
  const citation = citationOf(material, hit);
  return `> ${escapeInline(excerpt(hit, terms))}${citation === null ? '' : ` ${citation}`}`;
}

/** The sentences of a passage around its best match, short enough to read at a glance. */
function excerpt(hit: RankedMaterialPassage, terms: readonly string[]): string {
  const sentences = splitSentences(hit.text);
  const wanted = new Set(terms);
  let best = 0;
  let bestOverlap = -1;
  sentences.forEach((sentence, i) => {
    const overlap = tokenize(sentence).filter((t) => wanted.has(t)).length;
    if (overlap > bestOverlap) {
      best = i;
      bestOverlap = overlap;
    }
  });
  return truncate(sentences.slice(best, best + 2).join(' '), EXCERPT_CHARS_MAX);
}

export interface CoveredPage {
  citation: string;
  /** The page's first line: a slide's title. */
  title: string;
}

/** The pages or slides that some entry of the class speaks to, in the material's order. */
export function coveredPages(c: Composition): CoveredPage[] {
  const material = c.request.material;
  if (!material?.pageLabel || !material.pages) return [];
  const covered = new Set<number>();
  for (const entry of c.request.entries) {
    const page = pageSpokenOf(material, entry);
    if (page !== null) covered.add(page);
  }
  return material.pages
    .filter((page) => covered.has(page.number))
    .map((page) => ({
      citation: citationOf(material, { page: page.number }) ?? '',
      title: truncate((page.text.split('\n')[0] ?? '').replace(/^\s*[-•]\s*/, ''), PAGE_TITLE_CHARS_MAX),
    }));
}

function pageSpokenOf(material: MaterialText, entry: TranscriptLine): number | null {
  const terms = entryTerms(entry);
  if (new Set(terms).size < COVERED_ENTRY_TERMS_MIN) return null;
  return bestPassage(material, terms, COVERED_ENTRY_COVERAGE_MIN)?.page ?? null;
}

/**
 * What a passage says about `terms`, as a statement: the excerpt without its slide's title
 * ("Continuity A function is…" → "A function is…"); undefined when neither that title nor
 * what is left mentions any of the terms (a title slide about something else).
 */
export function passageStatement(material: MaterialText, hit: RankedMaterialPassage, terms: readonly string[]): string | undefined {
  const pageLines = material.pages?.find((page) => page.number === hit.page)?.text.split('\n') ?? [];
  const title = pageLines.length > 1 ? (pageLines[0] ?? '').trim() : '';
  const titled = title.length > 0 && !/[.!?。！？:：]$/.test(title) && hit.text.startsWith(title);
  const body = titled ? { ...hit, text: hit.text.slice(title.length).trim() } : hit;
  const statement = excerpt(body, terms);
  const wanted = new Set(terms);
  // A slide titled with the term is about it, whatever words its body uses ("continuous").
  const about = (text: string): boolean => tokenize(text).some((t) => wanted.has(t));
  // A subtitle ("Calculus I, lecture 4") is not a statement: it neither ends a sentence nor runs long.
  const statesSomething = /[.!?。！？]$/.test(statement) || statement.split(/\s+/).length >= STATEMENT_WORDS_MIN;
  return statesSomething && ((titled && about(title)) || about(statement)) ? statement : undefined;
}
