/**
 * The pieces that head declarations: decorators, parameter lists, return types and
 * `requires`/`ensures`/`invariant` contract clauses.
 */
import type { ContractClause, Decorator, Parameter, TypeExpression } from '../ast.js';
import { isPunctuator } from '../tokens.js';
import type { Cursor } from './cursor.js';
import { parseArgumentList, parseExpression, parseHeadExpression } from './expressions.js';
import { exactLength, parseCommaSeparated } from './lists.js';
import { parseIdentifier } from './names.js';
import { parseType } from './types.js';

/** `@name` or `@name(args)`, any number of them. */
export function parseDecorators(p: Cursor): Decorator[] {
  const decorators: Decorator[] = [];
  while (p.at('@')) {
    const start = p.advance();
    const name = parseIdentifier(p, "a decorator name after '@'");
    const args = p.at('(') && !p.current.newlineBefore ? parseArgumentList(p) : null;
    decorators.push({ kind: 'Decorator', name, arguments: args, span: p.spanFrom(start) });
  }
  return exactLength(decorators);
}

/** `( name [: Type] [= default], ... )` */
export function parseParameterList(p: Cursor): Parameter[] {
  const parameters: Parameter[] = [];
  const open = p.current;
  if (!p.expect('(', 'to open the parameter list')) return parameters;
  parseCommaSeparated(p, ')', 'parameter', () => {
    parameters.push(parseParameter(p));
  });
  p.expectClosing(')', 'to close the parameter list', open, 'the list');
  return exactLength(parameters);
}

export function parseParameter(p: Cursor): Parameter {
  const start = p.current;
  const name = parseIdentifier(p, 'a parameter name');
  const type = p.eat(':') ? parseType(p) : null;
  const defaultValue = p.eat('=') ? parseExpression(p) : null;
  return { kind: 'Parameter', name, type, defaultValue, span: p.spanFrom(start) };
}

/** `-> Type` or `: Type` after a parameter list; `null` when neither is written. */
export function parseReturnType(p: Cursor): TypeExpression | null {
  if (p.eat('->')) return parseType(p);
  if (p.at(':') && !p.current.newlineBefore) {
    p.advance();
    return parseType(p);
  }
  return null;
}

const CONTRACT_WORDS: ReadonlySet<string> = new Set(['requires', 'ensures', 'invariant']);

/** Whether a `requires`/`ensures`/`invariant` clause starts here. */
export function atContractClause(p: Cursor): boolean {
  const token = p.current;
  if (token.kind !== 'identifier' || !CONTRACT_WORDS.has(token.text)) return false;
  const next = p.peek();
  return !isPunctuator(next, '=') && !isPunctuator(next, '.') && !isPunctuator(next, '(');
}

/** `requires[:] condition` — the condition is read up to the `{` of the body. */
export function parseContractClause(p: Cursor): ContractClause {
  const start = p.advance();
  p.eat(':');
  const condition = parseHeadExpression(p);
  const clause = start.text === 'requires' ? 'requires' : start.text === 'ensures' ? 'ensures' : 'invariant';
  return { kind: 'ContractClause', clause, condition, span: p.spanFrom(start) };
}

export function parseContractClauses(p: Cursor): ContractClause[] {
  const clauses: ContractClause[] = [];
  while (atContractClause(p)) clauses.push(parseContractClause(p));
  return exactLength(clauses);
}
