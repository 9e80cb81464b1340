// What every composer of an offline answer works from: the request, its language and phrasing,
// and the class clock.
import type { LanguageModels } from '../text/language-models.js';
import { detectLanguage } from '../text/script.js';
import type { Language } from '../text/script.js';
import { classClock, recentEntries } from '../context/window.js';
import type { AssistantRequest, TranscriptLine } from '../types.js';
import { phrasebook } from './phrases.js';
import type { Phrasebook } from './phrases.js';

/** The language is judged on the latest minutes: what the class sounds like now. */
const LANGUAGE_WINDOW_MINUTES = 10;

export interface Composition {
  request: AssistantRequest;
  language: Language;
  book: Phrasebook;
  /** The tagger, segmenter and stop lists, loaded before any composer runs. */
  models: LanguageModels;
  clock(entry: TranscriptLine): string;
}

export function composition(request: AssistantRequest, models: LanguageModels): Composition {
  const recent = recentEntries(request.entries, LANGUAGE_WINDOW_MINUTES);
  const texts = recent.length > 0 ? recent.map((e) => e.text) : [request.question ?? ''];
  const language = detectLanguage(texts);
  const classStart = request.entries[0];
  return {
    request,
    language,
    book: phrasebook(language),
    models,
    clock: (entry) => classClock(entry, classStart),
  };
}
