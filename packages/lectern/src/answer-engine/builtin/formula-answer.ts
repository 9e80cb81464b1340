// A check question that gives numbers and asks for another ("Suppose a star has a parallax of
// 0.5. How far away is it?", "Prices go up five percent, sales fall ten. What's the
// elasticity?") is answered by the class's formula applied to them (text/formulas.ts).
import type { AskedLine } from '../text/asked-part.js';
import { applyFormula, formulaIn, sameWord } from '../text/formulas.js';
import type { Application } from '../text/formulas.js';
import { spokenNumbers, wholeNumber } from '../text/numbers.js';
import { askedFor } from '../text/question-intent.js';
import { stem } from '../text/stems.js';
import { tokenize } from '../text/tokens.js';
import type { ClassSentence } from './class-sentences.js';

export interface ComputedAnswer extends Application {
  /** The class's sentence that states the formula. */
  sentence: ClassSentence;
}

/**
 * The class's latest formula that the question's numbers fit, applied; undefined when the
 * question gives no numbers, asks for no number, or no formula takes them. Asked "what is X"
 * rather than "how many/how far", the formula must give X.
 */
export function computedAnswer(line: AskedLine, before: readonly ClassSentence[]): ComputedAnswer | undefined {
  const question = line.questions[0] ?? '';
  const wants = askedFor(question);
  if (wants !== 'quantity' && wants !== 'definition' && wants !== 'fact') return undefined;
  const said = [...line.context, ...line.questions].join(' ');
  if (spokenNumbers(said).length === 0) return undefined;
  const asked = new Set(tokenize(question).map(stem));
  for (let at = before.length - 1; at >= 0; at--) {
    const sentence = before[at];
    const formula = sentence === undefined ? null : formulaIn(sentence.text);
    if (sentence === undefined || formula === null) continue;
    if (wants !== 'quantity' && !tokenize(formula.result).some((term) => asked.has(stem(term)))) continue;
    const applied = applyFormula(formula, said);
    if (applied !== null) return { ...applied, sentence };
  }
  return undefined;
}

/** "greater than one", "less than 1", "exactly one", "大于1", "小于一": a condition on a number. */
const CONDITION = /\b(greater than|more than|bigger than|above|over|less than|smaller than|below|under|exactly|equal to)\s+([\w.]+(?:[\s-][a-z]+)?)|(大于|超过|高于|小于|低于|等于)([零一二两三四五六七八九十百千万点\d.]+)/gi;

/**
 * The class's sentence whose numeric condition the computed value meets ("If the elasticity is
 * greater than one, …" for 2) and that shares a word with `question` ("is that elastic?"); undefined when none.
 */
export function ruleMetBy(value: number, question: string, before: readonly ClassSentence[]): ClassSentence | undefined {
  const asked = new Set(tokenize(question).map(stem));
  for (let at = before.length - 1; at >= 0; at--) {
    const sentence = before[at];
    if (sentence === undefined || !tokenize(sentence.text).some((term) => [...asked].some((word) => sameWord(word, stem(term))))) continue;
    for (const match of sentence.text.matchAll(CONDITION)) {
      const relation = (match[1] ?? match[3] ?? '').toLowerCase();
      const bound = wholeNumber(match[2] ?? match[4] ?? '') ?? wholeNumber((match[2] ?? '').split(/\s/)[0] ?? '');
      if (bound !== null && meets(value, relation, bound)) return sentence;
    }
  }
  return undefined;
}

function meets(value: number, relation: string, bound: number): boolean {
  if (/greater|more|bigger|above|over|大于|超过|高于/.test(relation)) return value > bound;
  if (/less|smaller|below|under|小于|低于/.test(relation)) return value < bound;
  return value === bound;
}
