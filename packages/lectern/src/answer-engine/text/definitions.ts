// Sentences that say what a term is: "This quotient is called the difference quotient", "The
// derivative is the limit of…", "我们把这个商叫做差商", "切线就是…". The term they define is
// what makes a concept a concept, and the sentence is what a student needs to hear about it.
import { definitionCueIndex } from './explanations.js';
import { isQuestion } from './questions.js';

/** The term a sentence names after a naming cue: "…is called the X", "That's what the X is for", "…叫做X". */
const NAMED_AFTER_CUE_EN = /\b(?:is|are) (?:called|known as|defined as|what we call)\s+(?:the |a |an )?([a-z][a-z -]{1,40}?)\s*(?:[.,;!?]|$)|\bwe call (?:this|it|that|these|them)\s+(?:the |a |an )?([a-z][a-z -]{1,40}?)\s*(?:[.,;!?]|$)|\b(?:that's|that is|this is) what (?:the |a |an )?([a-z][a-z -]{1,40}?) (?:is|are) for\b/i;
/**
 * "…就叫做a与b的等差中项": the term may come after a qualifier ending in 的. A bare 叫 names
 * only after 所以/就/这/也 ("所以叫卡尔文循环"): elsewhere it calls someone ("老师叫小明").
 */
const NAMED_AFTER_CUE_ZH = /(?:叫做|叫作|称为|称作|定义为|记为|(?<=所以|就|这|也)叫)(?:[^。，,.！!？?、；;]{1,12}?的)?([\u3400-\u9fff]{2,8}?)(?:[。，,.！!？?、；;]|$)/;
/** Spoken openers before a defining subject: "So, the derivative is…", "好，切线就是…". */
const OPENERS = String.raw`(?:(?:so|now|okay|ok|and|but|well|in other words|that is|simply put|basically|好|那么|所以|换句话说|也就是说|说白了|简单地?说|简单来说|其实|一句话)[,，]?\s*)*`;
const COPULA = String.raw`\s*(?:is|are|means|refers to|says|states|tells us|就是|是指|指的是|即|是)`;

/** The term named by a naming cue in `sentence`, as said; null when there is none. */
export function termNamedIn(sentence: string): string | null {
  const zh = NAMED_AFTER_CUE_ZH.exec(sentence);
  if (zh?.[1] !== undefined) return zh[1];
  const en = NAMED_AFTER_CUE_EN.exec(sentence);
  const named = en?.[1] ?? en?.[2] ?? en?.[3];
  return named === undefined ? null : named.trim().toLowerCase();
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A pattern for a term in running text: English from a word start with an optional plural. */
function termSource(term: string): string {
  if (!/[a-z]/i.test(term)) return escape(term);
  return String.raw`\b${escape(term).replace(/ /g, String.raw`\s+`)}(?:s|es)?\b`;
}

/**
 * How well a sentence defines `term`: 3 when it names the term after a cue ("…is called the
 * difference quotient"), 2 when it opens with the term and says what it is ("The derivative
 * is…"), 1 when it names the term before another definition cue, 0 otherwise. Questions
 * define nothing. The patterns are built once per term: a long class has many mentions.
 */
export function definitionJudge(term: string): (sentence: string) => number {
  const source = termSource(term);
  const mention = new RegExp(source, 'i');
  const opening = new RegExp(String.raw`^${OPENERS}(?:(?:the|an?)\s+)?${source}${COPULA}`, 'i');
  const folded = term.toLowerCase().replace(/s$/, '');
  return (sentence) => {
    const at = mention.exec(sentence)?.index;
    if (at === undefined || isQuestion(sentence)) return 0;
    const named = termNamedIn(sentence);
    if (named !== null && named.toLowerCase().replace(/s$/, '') === folded) return 3;
    if (opening.test(sentence.trim())) return 2;
    // "The height of a tree is defined as…": the term comes before the cue that defines it.
    const cue = definitionCueIndex(sentence);
    return cue >= 0 && at < cue ? 1 : 0;
  };
}

export function definitionStrength(sentence: string, term: string): number {
  return definitionJudge(term)(sentence);
}
