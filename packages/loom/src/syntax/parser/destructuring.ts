/**
 * Destructuring assignment (`[first, ..rest] = items`, `(a, b) = pair`): the left side is
 * first read as an expression, because only the `=` after it shows it is a pattern.
 */
import type { Expression, MapPatternEntry, Pattern } from '../ast.js';

/** The pattern an expression spells, or `null` if it cannot be a destructuring target. */
export function expressionToPattern(expression: Expression): Pattern | null {
  switch (expression.kind) {
    case 'Identifier':
      return expression.name === '_'
        ? { kind: 'WildcardPattern', span: expression.span }
        : { kind: 'BindingPattern', name: expression, span: expression.span };
    case 'NumberLiteral':
    case 'StringLiteral':
    case 'BooleanLiteral':
    case 'NullLiteral':
      return { kind: 'LiteralPattern', value: expression, span: expression.span };
    case 'TupleLiteral': {
      const elements = convertAll(expression.elements);
      return elements === null ? null : { kind: 'TuplePattern', elements, span: expression.span };
    }
    case 'ListLiteral':
      return listToPattern(expression);
    case 'DictLiteral':
      return dictToPattern(expression);
    default:
      return null;
  }
}

function convertAll(expressions: readonly Expression[]): Pattern[] | null {
  const patterns: Pattern[] = [];
  for (const expression of expressions) {
    const pattern = expressionToPattern(expression);
    if (pattern === null) return null;
    patterns.push(pattern);
  }
  return patterns;
}

function listToPattern(list: Expression & { kind: 'ListLiteral' }): Pattern | null {
  const elements: Pattern[] = [];
  let rest = null;
  for (const element of list.elements) {
    if (element.kind === 'SpreadElement') {
      if (rest !== null || element.argument.kind !== 'Identifier') return null;
      rest = element.argument;
      continue;
    }
    const pattern = expressionToPattern(element);
    if (pattern === null) return null;
    elements.push(pattern);
  }
  return { kind: 'ArrayPattern', elements, rest, span: list.span };
}

function dictToPattern(dict: Expression & { kind: 'DictLiteral' }): Pattern | null {
  const entries: MapPatternEntry[] = [];
  for (const entry of dict.entries) {
    if (entry.key.kind !== 'Identifier' && entry.key.kind !== 'StringLiteral') return null;
    const value = expressionToPattern(entry.value);
    if (value === null) return null;
    entries.push({ kind: 'MapPatternEntry', key: entry.key, value, span: entry.span });
  }
  return { kind: 'MapPattern', entries, rest: null, span: dict.span };
}
