// What every composer of an offline answer works from: the request, its language and phrasing,
// and the class clock.
import { rankKeywords } from '../text/keywords.js';
import type { Keyword } from '../text/keywords.js';
import { detectLanguage } from '../text/script.js';
import type { Language } from '../text/script.js';
import { entryRuns } from '../text/term-cache.js';
import { tokenize } from '../text/tokens.js';
import { classClock, recentEntries } from '../context/window.js';
import type { AssistantRequest, TranscriptLine } from '../types.js';
import { escapeInline } from './markdown.js';
import { phrasebook } from './phrases.js';
import type { Phrasebook } from './phrases.js';

/** Discourse markers that open spoken sentences but not a restated one ("And ATP is…" → "ATP is…"). */
const SPOKEN_OPENERS = /^(?:(?:and|so|but|okay|ok|alright|now|well|um|uh|right|then)\b[\s,]*|(?:好|对|嗯|那)[，,]|(?:那么|然后|所以)[，,]?)+/i;

/** The language is judged on the latest minutes: what the class sounds like now. */
const LANGUAGE_WINDOW_MINUTES = 10;

export interface Composition {
  request: AssistantRequest;
  language: Language;
  book: Phrasebook;
  clock(entry: TranscriptLine): string;
}

export function composition(request: AssistantRequest): Composition {
  const recent = recentEntries(request.entries, LANGUAGE_WINDOW_MINUTES);
  const texts = recent.length > 0 ? recent.map((e) => e.text) : [request.question ?? ''];
  const language = detectLanguage(texts);
  const classStart = request.entries[0];
  return {
    request,
    language,
    book: phrasebook(language),
    clock: (entry) => classClock(entry, classStart),
  };
}

/** Key phrases of the entries, best first, in the spelling the class used ("ATP", not "atp"). */
export function keywordsOf(entries: readonly TranscriptLine[], limit: number): Keyword[] {
  return rankKeywords(
    entries.map((entry) => entryRuns(entry)),
    { limit },
  ).map((keyword) => ({ ...keyword, phrase: surfaceForm(keyword.phrase, entries) }));
}

/**
 * Key phrases that share a term with `terms`, falling back to the top phrases. Of two nested
 * phrases only the longer is named: "electron transport chain" says more than "electron".
 */
export function keywordsAbout(keywords: readonly Keyword[], terms: Iterable<string>, limit: number): string[] {
  const wanted = new Set(terms);
  const related = keywords.filter((k) => tokenize(k.phrase).some((t) => wanted.has(t)));
  const chosen: string[] = [];
  for (const { phrase } of related.length > 0 ? related : keywords) {
    const lower = phrase.toLowerCase();
    const inside = chosen.findIndex((c) => lower.includes(c.toLowerCase()));
    if (inside >= 0) chosen[inside] = phrase;
    else if (!chosen.some((c) => c.toLowerCase().includes(lower)) && chosen.length < limit) chosen.push(phrase);
  }
  return [...new Set(chosen)];
}

/**
 * Finds a key phrase in running text: case-insensitively, from a word start (so "cell" does
 * not match "cellular" — the phrase must be followed by a plural ending at most), with any
 * spacing between words. Han phrases match anywhere.
 */
export function mentionPattern(phrase: string): RegExp {
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (!/[a-z]/i.test(phrase)) return new RegExp(escaped);
  return new RegExp(`\\b${escaped.replace(/ /g, '\\s+')}(?:s|es)?\\b`, 'i');
}

/** How the newest entry containing the folded phrase spelled it; the folded form if none does. */
export function surfaceForm(phrase: string, entries: readonly TranscriptLine[]): string {
  if (!/[a-z]/.test(phrase)) return phrase;
  const pattern = mentionPattern(phrase);
  for (let i = entries.length - 1; i >= 0; i--) {
    const match = pattern.exec(entries[i]?.text ?? '');
    if (match !== null) return match[0];
  }
  return phrase;
}

export function boldList(book: Phrasebook, phrases: readonly string[]): string {
  return book.list(phrases.map((phrase) => `**${escapeInline(phrase)}**`));
}

/**
 * A quoted sentence made to continue a sentence of our own: English loses its capital ("You
 * mentioned that the cell…"), and both languages get closing punctuation.
 */
export function asContinuation(text: string, language: Language): string {
  const trimmed = text.trim().replace(/[,，、;；:：]$/, '').replace(SPOKEN_OPENERS, '');
  if (language === 'zh') return /[。！？!?…]$/.test(trimmed) ? trimmed : `${trimmed}。`;
  const lowered = /^[A-Z][a-z]/.test(trimmed) && !/^I\b/.test(trimmed) ? trimmed[0]?.toLowerCase() + trimmed.slice(1) : trimmed;
  return /[.!?…]$/.test(lowered) ? lowered : `${lowered}.`;
}
