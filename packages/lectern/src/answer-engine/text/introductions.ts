// Where a class introduces a term by naming it at the end of a sentence: "That hump is the
// activation energy.", "…that's a cofactor.", "The better model is called induced fit:",
// "Now the third idea: feedback inhibition.", "这个就叫做动量定理。" Teachers say a new term last,
// after a cue that points at it; the term itself is a noun phrase the tagger found.
import type { TermMention } from './concepts.js';
import type { LanguageModels } from './language-models.js';
import { HAN_CHARACTER } from './script.js';
import { CHINESE_FUNCTION_CHARACTERS } from './stopwords.js';

/**
 * What comes right before an introduced English term: a naming verb ("is called", "we call
 * that"), a pointing "that's a"/"there are also", a noun linked to "the" term ("That hump is
 * the…"), an example named ("The classic example is…"), or a colon after a word that announces
 * an idea ("the third idea:").
 */
const NAMING_CUE = String.raw`\b(?:called|known as|named|termed|we mean by|we call (?:this|that|it|these|them))\s+(?:the |a |an )?$`;
const POINTING_CUE = String.raw`\b(?:that's|that is|this is|there's|there is|there are|these are)\s+(?:(?:also|usually|basically) )?(?:a |an )?$`;
/** "It's a normal good." — but "It's a legal, …" goes on: this one names only at a sentence's end. */
const CLASSIFYING_CUE = String.raw`\bit's (?:a|an) $`;
/** These cues name what follows even when the sentence goes on after a comma ("That's a perfect fifth, we'll…"). */
const CLAUSE_CUE = new RegExp(`${NAMING_CUE}|${POINTING_CUE}`, 'i');
const ENGLISH_CUE = new RegExp(
  [
    NAMING_CUE,
    POINTING_CUE,
    CLASSIFYING_CUE,
    String.raw`\b[a-z]+ (?:is|are) the $`,
    String.raw`\bexample is (?:the |a |an )?$`,
    String.raw`\b(?:idea|concept|term|rule|law|principle|model|kind|type|step|part)\s*[:—–-]\s*(?:the |a |an )?$`,
  ].join('|'),
  'i',
);
/**
 * "That's the X" points back as often as it names ("That's the spirit."): it introduces a
 * term only when the term is a name or a phrase ("That's the Tennis Court Oath.").
 */
const POINTING_BACK = /\b(?:that's|that is|this is|it's) the $/i;
/** After the term: the end of the sentence, or a colon opening its explanation; or a comma. */
const ENGLISH_TAIL = /^(?:e?s)?\s*(?:[.!;:]|$)/i;
const CLAUSE_TAIL = /^(?:e?s)?\s*,/i;

/** The same for Chinese, where the term is read off the text between the cue and a stop. */
const CHINESE_INTRODUCTION =
  /(?:叫做|叫作|称为|称作|叫|就是|即|(?:例子|看一个)[，,：:])([\u3400-\u9fff]{2,8}?)(?=[。！；：，,.!;:]|$)/g;

/** A definition that opens with the term: "A minor triad is…", "The point estimate is…", "递归就是…". */
const OPENERS = /^(?:(?:so|now|okay|ok|and|but|well|好|那么|所以)[,，]?\s*)*(?:(?:the|an?)\s+)?/i;
const ENGLISH_DEFINING = /^(?:e?s)?\s+(?:is|are|means|refers to)\b/i;
const CHINESE_DEFINING = /^(?:就是|是指|指的是|的意思是)/;

/**
 * The term the sentence introduces by saying it after a naming cue, or null. A question
 * introduces nothing ("Is that a cofactor?"): the caller passes statements only. English terms
 * are among the sentence's tagged `mentions`; Chinese ones are read between cue and stop.
 */
export function introducedTerm(sentence: string, mentions: readonly TermMention[], models: LanguageModels): TermMention | null {
  if (HAN_CHARACTER.test(sentence)) return introducedHanTerm(sentence, models);
  const lower = sentence.toLowerCase();
  for (let i = mentions.length - 1; i >= 0; i--) {
    const mention = mentions[i];
    if (mention === undefined || HAN_CHARACTER.test(mention.key)) continue;
    const at = lower.lastIndexOf(mention.surface.toLowerCase());
    if (at < 0) continue;
    const after = lower.slice(at + mention.surface.length);
    const before = `${lower.slice(0, at).trimEnd()} `;
    if (ENGLISH_TAIL.test(after)) {
      if (POINTING_BACK.test(before)) {
        if (mention.key.includes(' ') || /[A-Z]/.test(mention.surface)) return mention;
      } else if (ENGLISH_CUE.test(before)) return mention;
    } else if (CLAUSE_TAIL.test(after) && CLAUSE_CUE.test(before)) return mention;
  }
  return null;
}

/**
 * A name: it neither starts nor ends on a function character, holds no adverb, preposition,
 * conjunction, particle or counted measure (季风那一页), does not start with a pronoun, a numeral or a one-character verb, and
 * does not end on an adjective (not 看条件, 不稳定, 要让作用时间短). Longer verbs are part of many
 * names (递归条件, 栈溢出), and a name spelled by its sounds may hold anything (斐波那契数列).
 */
function introducedHanTerm(sentence: string, models: LanguageModels): TermMention | null {
  for (const match of sentence.matchAll(CHINESE_INTRODUCTION)) {
    const term = match[1] ?? '';
    const characters = [...term];
    if (CHINESE_FUNCTION_CHARACTERS.has(characters[0] ?? '') || CHINESE_FUNCTION_CHARACTERS.has(characters[characters.length - 1] ?? '')) continue;
    const words = models.tagChinese(term);
    const first = words[0];
    const last = words[words.length - 1];
    if (first === undefined || last === undefined) continue;
    if (words.some((w) => /^(?:d|p|c|q|u\w*|y|e|o)$/.test(w.tag) || (/^(?:m|q)$/.test(w.tag) && /^[一二三四五六七八九十两几\d]/.test(w.text))) || /^a/.test(last.tag)) continue;
    if (/^(?:r|m)$/.test(first.tag) || (first.tag === 'v' && [...first.text].length === 1)) continue;
    return { key: term, surface: term };
  }
  return null;
}

/** The term a sentence opens with and goes on to define ("An enzyme is…"), or null. */
export function definedTerm(sentence: string, mentions: readonly TermMention[]): TermMention | null {
  const first = mentions[0];
  if (first === undefined) return null;
  const text = sentence.trim();
  const start = OPENERS.exec(text)?.[0].length ?? 0;
  const rest = text.slice(start);
  if (!rest.toLowerCase().startsWith(first.surface.toLowerCase())) return null;
  const after = rest.slice(first.surface.length);
  return (HAN_CHARACTER.test(first.key) ? CHINESE_DEFINING : ENGLISH_DEFINING).test(after) ? first : null;
}
