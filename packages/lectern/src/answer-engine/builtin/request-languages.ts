import type { LanguagesNeeded } from '../text/language-models.js';
import { HAN_CHARACTER } from '../text/script.js';
import type { AssistantRequest } from '../types.js';

/**
 * Two Latin words in a row: an English phrase. A lone Latin token inside Chinese text (`f(x)`,
 * `Python`) is a name or a formula, not worth loading the English analyser (~40 MB) for.
 */
const ENGLISH_PHRASE = /[a-z]{2,}['’]?[a-z]*\s+[a-z]{2,}/i;

/**
 * Which analysers a request needs: Chinese when any of its text has Han characters, English
 * when any has an English phrase or Latin text without Han — each decided on its own, so a
 * Chinese entry holding an English question ("好的。What is a binary tree?") gets its English
 * terms whether or not an earlier request happened to load the English analyser.
 */
export function languagesIn(request: AssistantRequest): LanguagesNeeded {
  const needed = { english: false, chinese: false };
  const texts = [request.question ?? '', request.previousQuestion ?? '', ...request.entries.map((e) => e.text)];
  for (const text of texts) {
    const han = HAN_CHARACTER.test(text);
    if (han) needed.chinese = true;
    if (han ? ENGLISH_PHRASE.test(text) : /[a-z]/i.test(text)) needed.english = true;
    if (needed.english && needed.chinese) break;
  }
  return needed;
}
