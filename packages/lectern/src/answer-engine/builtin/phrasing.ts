// Weaving key phrases and quotes from the class into the engine's own sentences.
import type { Language } from '../text/script.js';
import { escapeInline } from './markdown.js';
import type { Phrasebook } from './phrases.js';

/** Discourse markers that open spoken sentences but not a restated one ("And ATP is…" → "ATP is…"). */
const SPOKEN_OPENERS = /^(?:(?:and|so|but|okay|ok|alright|now|well|um|uh|right|then)\b[\s,]*|(?:好|对|嗯|那)[，,]|(?:那么|然后|所以)[，,]?)+/i;

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
  const lowered = /^(?:[A-Z][a-z]|A )/.test(trimmed) && !/^I\b/.test(trimmed) ? trimmed[0]?.toLowerCase() + trimmed.slice(1) : trimmed;
  return /[.!?…]$/.test(lowered) ? lowered : `${lowered}.`;
}
