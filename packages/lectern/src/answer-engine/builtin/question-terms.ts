// How much each word of a teacher's question says about what it asks. Nouns name the subject
// ("ethanol", "inhibition", 季风); verbs and adverbs ("work", "actually") are shared by half
// the class. The question line is tagged once per rescue: one short line, a few milliseconds.
import type { LanguageModels } from '../text/language-models.js';
import { HAN_CHARACTER } from '../text/script.js';
import { stem } from '../text/stems.js';
import { tokenize } from '../text/tokens.js';

const NOUN_WEIGHT = 1;
const ADJECTIVE_WEIGHT = 0.8;
const OTHER_WEIGHT = 0.6;
/**
 * A term no tagged word holds: a Han bigram across two words (果递 of 如果递归), noise of the
 * bigram tokenizer, which would match whatever else follows 如果.
 */
const UNTAGGED_TERM_WEIGHT = 0.3;
/**
 * What a question sets aside ("not X", "don't just say X", "without the formula", 不是X而是…,
 * 不要只说X, 不用公式): its words point away from the answer.
 */
const DENIED = /(?:\bnot(?: just| only)?|\bdon't (?:just |only )?(?:say|use)|\brather than|\binstead of|\bwithout|不是|而不是|不要只?说|别只?说|不只是|不用|不要用|别用)\s*([^,，。？?!！]+?)(?=[,，。？?!！]|\s+but\b|而是|$)/gi;
const DENIED_WEIGHT = 0.3;
/** Universal tags (English) and jieba's tags (Chinese, first letter) of naming words. */
const NAMING_TAGS = /^(?:NOUN|PROPN|NUM|n|nr|ns|nt|nz|nrt|vn|eng|m)/;
const DESCRIBING_TAGS = /^(?:ADJ|a)/;

/**
 * The weight of each stemmed term of `text` by its part of speech, a term tagged both ways
 * keeping its best; as a function: English terms the tagger split differently weigh 1.
 */
export function questionTermWeight(text: string, models: LanguageModels): (term: string) => number {
  const weights = questionTermWeights(text, models);
  // "Why is it not 0.2 but -1?": the class's 0.2 is the wrong answer, not the one asked for.
  const denied = new Set([...text.matchAll(DENIED)].flatMap((m) => tokenize(m[1] ?? '').map(stem)));
  return (term) => (weights.get(term) ?? (HAN_CHARACTER.test(term) ? UNTAGGED_TERM_WEIGHT : NOUN_WEIGHT)) * (denied.has(term) ? DENIED_WEIGHT : 1);
}

/** The question without what it sets aside: "Define a parsec, without the formula." is about a parsec. */
export function withoutDenied(text: string): string {
  return text.replace(DENIED, ' ');
}

function questionTermWeights(text: string, models: LanguageModels): Map<string, number> {
  const tokens = HAN_CHARACTER.test(text) ? models.tagChinese(text) : models.tagEnglish(text).flat();
  const weights = new Map<string, number>();
  const set = (key: string, weight: number): void => {
    weights.set(key, Math.max(weights.get(key) ?? 0, weight));
  };
  tokens.forEach((token, i) => {
    const weight = NAMING_TAGS.test(token.tag) ? NOUN_WEIGHT : DESCRIBING_TAGS.test(token.tag) ? ADJECTIVE_WEIGHT : OTHER_WEIGHT;
    for (const term of tokenize(token.text)) set(stem(term), weight);
    // A one-character noun is part of the compound it ends or starts (调用 + 栈 is 调用栈): the
    // bigrams across it are the noun's, not noise between two words.
    if (weight === NOUN_WEIGHT && token.text.length === 1 && HAN_CHARACTER.test(token.text)) {
      const before = tokens[i - 1]?.text.slice(-1) ?? '';
      const after = tokens[i + 1]?.text.charAt(0) ?? '';
      if (HAN_CHARACTER.test(before)) set(before + token.text, NOUN_WEIGHT);
      if (HAN_CHARACTER.test(after)) set(token.text + after, NOUN_WEIGHT);
    }
  });
  return weights;
}
