/**
 * Binary operators and their precedence, lowest first:
 *
 *   otherwise fallback  <  ||  <  &&  <  |>> &>> >>  <  ?? (and `?? a : b`)  <  or  <  and
 *   <  not  <  == != < <= > >= in is  <  |>  <  + -  <  * / %  <  unary - !  <  **  <  postfix
 *
 * The DAG and pipeline operators sit below the logical ones so that
 * `"topic" |>> [A, B] &>> C >> D` chains left to right and `x |> f ?? "default"` defaults the
 * piped result.
 */
import type { BinaryOperator } from '../ast.js';
import type { Token } from '../tokens.js';

interface OperatorInfo {
  readonly operator: BinaryOperator;
  readonly precedence: number;
  /** Operators such as `fallback` or `-` only continue an expression on the same line. */
  readonly sameLineOnly: boolean;
}

const PRECEDENCE_OTHERWISE = 1;
const PRECEDENCE_OR_DAG = 2;
const PRECEDENCE_AND_DAG = 3;
const PRECEDENCE_PIPELINE = 4;
const PRECEDENCE_COALESCE = 5;
const PRECEDENCE_OR = 6;
const PRECEDENCE_AND = 7;
export const PRECEDENCE_NOT = 8;
export const PRECEDENCE_COMPARISON = 9;
const PRECEDENCE_PIPE = 10;
const PRECEDENCE_ADDITIVE = 11;
const PRECEDENCE_MULTIPLICATIVE = 12;
export const PRECEDENCE_LOWEST = PRECEDENCE_OTHERWISE;

function symbol(operator: BinaryOperator, precedence: number): OperatorInfo {
  return { operator, precedence, sameLineOnly: false };
}

const SYMBOL_OPERATORS: ReadonlyMap<string, OperatorInfo> = new Map([
  ['||', symbol('||', PRECEDENCE_OR_DAG)],
  ['&&', symbol('&&', PRECEDENCE_AND_DAG)],
  ['|>>', symbol('|>>', PRECEDENCE_PIPELINE)],
  ['&>>', symbol('&>>', PRECEDENCE_PIPELINE)],
  ['>>', symbol('>>', PRECEDENCE_PIPELINE)],
  ['??', symbol('??', PRECEDENCE_COALESCE)],
  ['==', symbol('==', PRECEDENCE_COMPARISON)],
  ['!=', symbol('!=', PRECEDENCE_COMPARISON)],
  ['<', symbol('<', PRECEDENCE_COMPARISON)],
  ['<=', symbol('<=', PRECEDENCE_COMPARISON)],
  ['>', symbol('>', PRECEDENCE_COMPARISON)],
  ['>=', symbol('>=', PRECEDENCE_COMPARISON)],
  ['|>', symbol('|>', PRECEDENCE_PIPE)],
  ['+', symbol('+', PRECEDENCE_ADDITIVE)],
  // A '-' that starts a line is a negative number (e.g. a `-1 =>` match arm), not a subtraction.
  ['-', { operator: '-', precedence: PRECEDENCE_ADDITIVE, sameLineOnly: true }],
  ['*', symbol('*', PRECEDENCE_MULTIPLICATIVE)],
  ['/', symbol('/', PRECEDENCE_MULTIPLICATIVE)],
  ['%', symbol('%', PRECEDENCE_MULTIPLICATIVE)],
]);

const WORD_OPERATORS: ReadonlyMap<string, OperatorInfo> = new Map([
  ['otherwise', { operator: 'otherwise', precedence: PRECEDENCE_OTHERWISE, sameLineOnly: false }],
  ['fallback', { operator: 'fallback', precedence: PRECEDENCE_OTHERWISE, sameLineOnly: true }],
  ['or', { operator: 'or', precedence: PRECEDENCE_OR, sameLineOnly: false }],
  ['and', { operator: 'and', precedence: PRECEDENCE_AND, sameLineOnly: false }],
  ['in', { operator: 'in', precedence: PRECEDENCE_COMPARISON, sameLineOnly: true }],
]);

/** The binary operator `token` stands for here, or `null`. */
export function binaryOperatorAt(token: Token): OperatorInfo | null {
  let info: OperatorInfo | undefined;
  if (token.kind === 'punctuator') info = SYMBOL_OPERATORS.get(token.text);
  else if (token.kind === 'identifier') info = WORD_OPERATORS.get(token.text);
  if (info === undefined) return null;
  if (info.sameLineOnly && token.newlineBefore) return null;
  return info;
}
