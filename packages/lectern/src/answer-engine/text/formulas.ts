// A formula the class stated ("Distance in parsecs equals one over the parallax angle", "动量
//等于质量乘以速度") applied to the numbers a question gives ("Suppose a star has a parallax of
// 0.5. How far away is it?"): a check question often asks for the number a rule gives in a new
// case, which no sentence of the class says.
import { spokenNumbers, wholeNumber } from './numbers.js';
import { stem } from './stems.js';
import { tokenize } from './tokens.js';

export interface Formula {
  /** What the formula gives, as said ("Distance in parsecs"). */
  result: string;
  left: Operand;
  operator: Operator;
  right: Operand;
}

/** A number said in the formula ("one over…"), or the words that name a quantity. */
type Operand = { value: number } | { words: string };
export type Operator = '/' | '*' | '+' | '-';

/** "X equals A divided by B", "X = A times B", "X 等于 A 除以 B": one binary operation. */
const ENGLISH_FORMULA = /([A-Za-z][\w\s'-]{1,60}?)\s+(?:equals|is equal to|=)\s+(.+?)\s*[.!;]?$/i;
const CHINESE_FORMULA = /([\u3400-\u9fff\w]{1,20}?)(?:等于|=)(.+?)[。；;!！]?$/;
/**
 * What either pattern needs in the sentence: a rescue looks for a formula in up to 5,000
 * sentences before the question, and the English pattern is slow to fail on each.
 */
const FORMULA_CUE = /equal|=|等于/i;
const OPERATORS: readonly [RegExp, Operator][] = [
  [/\s+(?:divided by|over)\s+|除以/i, '/'],
  [/\s+(?:times|multiplied by)\s+|乘以|乘/i, '*'],
  [/\s+plus\s+|加上|加/i, '+'],
  [/\s+minus\s+|减去|减/i, '-'],
];

/** The formula a sentence states, or null when it states none with one operation. */
export function formulaIn(sentence: string): Formula | null {
  if (!FORMULA_CUE.test(sentence)) return null;
  const match = ENGLISH_FORMULA.exec(sentence.trim()) ?? CHINESE_FORMULA.exec(sentence.trim());
  const result = match?.[1]?.trim();
  const expression = match?.[2];
  if (result === undefined || expression === undefined) return null;
  for (const [pattern, operator] of OPERATORS) {
    const parts = expression.split(pattern);
    if (parts.length !== 2) continue;
    const [left, right] = parts.map(operand);
    if (left === undefined || right === undefined) return null;
    // A formula relates quantities: two bare numbers are arithmetic said aloud, not a rule.
    if ('value' in left && 'value' in right) return null;
    return { result, left, operator, right };
  }
  return null;
}

function operand(text: string | undefined): Operand | undefined {
  const said = text?.replace(/^(?:the|a|an)\s+/i, '').trim();
  if (said === undefined || said.length === 0) return undefined;
  const value = wholeNumber(said);
  return value !== null ? { value } : { words: said };
}

export interface Application {
  formula: Formula;
  value: number;
  /** The operands as numbers, in the formula's order. */
  left: number;
  right: number;
}

/**
 * The formula applied to the numbers of `question`: each quantity of the formula takes the
 * number said in the clause of the question that shares a word with it, a last one the number
 * left over; null unless every quantity gets a number of its own and one at least by its words.
 */
export function applyFormula(formula: Formula, question: string): Application | null {
  const clauses = question.split(/[,，.。;；:：?？!！()（）]/).filter((clause) => clause.trim().length > 0);
  const given = clauses.flatMap((clause, at) => {
    const values = [...new Set(spokenNumbers(clause).map((n) => n.value))];
    return values.map((value) => ({ value, at, words: new Set(tokenize(clause).map(stem)) }));
  });
  // The same number said twice ("half an arcsecond, 0.5") is one number.
  const distinct = given.filter((n, i) => given.findIndex((m) => m.value === n.value) === i);
  const taken = new Set<number>();
  let byWords = 0;
  const valueOf = (side: Operand): number | undefined => {
    if ('value' in side) return side.value;
    const words = tokenize(side.words).map(stem);
    const scored = distinct
      .map((n, i) => ({ i, shared: words.filter((w) => [...n.words].some((said) => sameWord(w, said))).length }))
      .filter((s) => !taken.has(s.i) && s.shared > 0)
      .sort((a, b) => b.shared - a.shared);
    const chosen = scored[0];
    if (chosen === undefined) return undefined;
    taken.add(chosen.i);
    byWords++;
    return distinct[chosen.i]?.value;
  };
  let left = valueOf(formula.left);
  let right = valueOf(formula.right);
  const rest = distinct.filter((_, i) => !taken.has(i));
  if (left === undefined && right !== undefined && rest.length === 1) left = rest[0]?.value;
  else if (right === undefined && left !== undefined && rest.length === 1) right = rest[0]?.value;
  if (left === undefined || right === undefined || byWords === 0) return null;
  const value = compute(left, formula.operator, right);
  return Number.isFinite(value) ? { formula, value, left, right } : null;
}

/** "percent" and "percentage", "arcsecond" and "arcseconds": one word begins the other, five letters at least. */
export function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= SAME_WORD_PREFIX && long.startsWith(short);
}
const SAME_WORD_PREFIX = 5;

function compute(left: number, operator: Operator, right: number): number {
  switch (operator) {
    case '/':
      return left / right;
    case '*':
      return left * right;
    case '+':
      return left + right;
    case '-':
      return left - right;
  }
}

/** A computed number as a student would say it: at most three significant digits, no trailing zeros. */
export function sayNumber(value: number): string {
  return String(Number(value.toPrecision(3)));
}
