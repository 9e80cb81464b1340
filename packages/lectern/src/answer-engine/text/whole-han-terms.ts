// Chinese terms made whole. The segmenter cuts words it does not know (地转偏向力 → 地 + 转 +
// 偏向力), and a noun run may start inside a term (热力性质差异 of 海陆热力性质差异). A term is
// extended by the character that accompanies most of its occurrences in the class, until no
// neighbour does: a term the class keeps saying the same way is said whole.
import type { LanguageModels } from './language-models.js';
import { HAN_CHARACTER } from './script.js';
import { CHINESE_FUNCTION_CHARACTERS } from './stopwords.js';

/** A neighbour extends the term when it accompanies at least this share of its occurrences. */
const NEIGHBOUR_SHARE = 0.6;
/**
 * …and at least this many of them: a reminder said twice the same way (填图册第十二页，下周一上课前交)
 * is not a term.
 */
const NEIGHBOUR_OCCURRENCES_MIN = 3;
/** Longest term built this way, in characters (气压带风带, 海陆热力性质差异). */
const TERM_CHARS_MAX = 10;

/**
 * The longest form of `key` that the class says (nearly) every time it says `key`. `classText`
 * is the class's sentences joined by line breaks: one long search instead of one per sentence
 * keeps this cheap on a two-hour class, and a line break is never a neighbour.
 */
export function wholeHanTerm(key: string, classText: string, models: LanguageModels): string {
  let term = key;
  while ([...term].length < TERM_CHARS_MAX) {
    const left = new Map<string, number>();
    const right = new Map<string, number>();
    let occurrences = 0;
    for (let at = classText.indexOf(term); at >= 0; at = classText.indexOf(term, at + 1)) {
      occurrences++;
      count(left, classText.charAt(at - 1));
      count(right, classText.charAt(at + term.length));
    }
    const wanted = Math.max(NEIGHBOUR_OCCURRENCES_MIN, NEIGHBOUR_SHARE * occurrences);
    const before = commonNeighbour(left, wanted, models);
    const after = commonNeighbour(right, wanted, models);
    if (before === null && after === null) break;
    term = before !== null ? before + term : term + (after ?? '');
  }
  return term;
}

function count(neighbours: Map<string, number>, character: string): void {
  if (character.length > 0) neighbours.set(character, (neighbours.get(character) ?? 0) + 1);
}

/** The Han character seen at least `wanted` times, unless it is a function character (的, 在, 个…). */
function commonNeighbour(neighbours: ReadonlyMap<string, number>, wanted: number, models: LanguageModels): string | null {
  for (const [character, seen] of neighbours) {
    if (seen >= wanted && HAN_CHARACTER.test(character) && !CHINESE_FUNCTION_CHARACTERS.has(character) && !models.isStopWord(character, 'zh')) return character;
  }
  return null;
}
