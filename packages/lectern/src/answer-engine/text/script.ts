// Which writing system a piece of text uses, so answers can follow the class's language.

export type Language = 'en' | 'zh';

/** Han ideographs: CJK Unified Ideographs, Extension A and the compatibility block (a regex class body). */
export const HAN_RANGE = '\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff';
/** One Han character. */
export const HAN_CHARACTER = new RegExp(`[${HAN_RANGE}]`);
const HAN_GLOBAL = new RegExp(HAN_CHARACTER.source, 'g');
const LATIN_LETTER_GLOBAL = /[A-Za-z]/g;

/**
 * One Han character carries roughly a word's worth of meaning while an English word averages
 * about four to five letters, so letters are weighed down before the two are compared.
 */
const LATIN_LETTERS_PER_HAN_CHARACTER = 4;

/** Detection reads only this many characters from the newest text: enough to be stable, cheap on long classes. */
const LANGUAGE_SAMPLE_CHARS = 6000;

/**
 * The dominant language of `texts`, read newest-first (the end of the list) so a class that
 * switches language is answered in the language it is using now. Mixed Chinese/English
 * lectures — Chinese sentences with English terms — count as Chinese.
 */
export function detectLanguage(texts: readonly string[]): Language {
  let han = 0;
  let latin = 0;
  let sampled = 0;
  for (let i = texts.length - 1; i >= 0 && sampled < LANGUAGE_SAMPLE_CHARS; i--) {
    const text = texts[i] ?? '';
    sampled += text.length;
    han += text.match(HAN_GLOBAL)?.length ?? 0;
    latin += text.match(LATIN_LETTER_GLOBAL)?.length ?? 0;
  }
  return han > 0 && han * LATIN_LETTERS_PER_HAN_CHARACTER >= latin ? 'zh' : 'en';
}
