import type { ClassAnalysis } from '../context/class-analysis.js';
import type { LanguagesNeeded } from '../text/language-models.js';
import { textLanguages } from '../text/text-languages.js';
import type { AssistantRequest } from '../types.js';

/**
 * Which analysers a request needs: Chinese when any of its text has Han characters, English
 * when any has an English phrase or Latin text without Han — each decided on its own, so a
 * Chinese entry holding an English question ("好的。What is a binary tree?") gets its English
 * terms whether or not an earlier request happened to load the English analyser. With the
 * class's kept analysis, the entries are not read again: it knows where each language first
 * appears.
 */
export function languagesIn(request: AssistantRequest, kept?: ClassAnalysis): LanguagesNeeded {
  const needed = { english: false, chinese: false };
  const add = (text: string): void => {
    const found = textLanguages(text);
    needed.english ||= found.english;
    needed.chinese ||= found.chinese;
  };
  add(request.question ?? '');
  add(request.previousQuestion ?? '');
  if (kept !== undefined) {
    needed.english ||= kept.firstEnglish < request.entries.length;
    needed.chinese ||= kept.firstChinese < request.entries.length;
    return needed;
  }
  for (const entry of request.entries) {
    if (needed.english && needed.chinese) break;
    add(entry.text);
  }
  return needed;
}
