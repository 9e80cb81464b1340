// Which analysers one piece of text needs (request-languages.ts decides for a whole request).
import { HAN_CHARACTER } from './script.js';

/**
 * Two Latin words in a row: an English phrase. A lone Latin token inside Chinese text (`f(x)`,
 * `Python`) is a name or a formula, not worth loading the English analyser (~40 MB) for.
 */
const ENGLISH_PHRASE = /[a-z]{2,}['’]?[a-z]*\s+[a-z]{2,}/i;
const LATIN_LETTER = /[a-z]/i;

/** Chinese when the text has Han characters; English when it has an English phrase, or Latin letters and no Han. */
export function textLanguages(text: string): { english: boolean; chinese: boolean } {
  const chinese = HAN_CHARACTER.test(text);
  return { english: chinese ? ENGLISH_PHRASE.test(text) : LATIN_LETTER.test(text), chinese };
}
