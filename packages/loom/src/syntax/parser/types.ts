/**
 * Type expressions: `str`, `list[str]`, `Result[str, str]`, `str | int`, `str?`, and the
 * quoted form protocols use (`"list[string]"`).
 */
import type { TypeExpression } from '../ast.js';
import { describeToken } from '../tokens.js';
import { exactLength } from './lists.js';
import type { Cursor } from './cursor.js';
import { plainStringValue } from './strings.js';

export function parseType(p: Cursor): TypeExpression {
  const start = p.current;
  const first = parseOptionalType(p);
  if (!p.at('|')) return first;
  const members: TypeExpression[] = [first];
  while (p.eat('|')) members.push(parseOptionalType(p));
  return { kind: 'UnionType', members: exactLength(members), span: p.spanFrom(start) };
}

function parseOptionalType(p: Cursor): TypeExpression {
  const start = p.current;
  let type = parseSimpleType(p);
  while (p.at('?') && !p.current.newlineBefore) {
    p.advance();
    type = { kind: 'OptionalType', inner: type, span: p.spanFrom(start) };
  }
  return type;
}

function parseSimpleType(p: Cursor): TypeExpression {
  const span = p.current.span;
  if (!p.enterNesting()) return { kind: 'Error', span };
  try {
    return parseSimpleTypeUnguarded(p);
  } finally {
    p.exitNesting();
  }
}

function parseSimpleTypeUnguarded(p: Cursor): TypeExpression {
  const token = p.current;
  if (token.kind === 'string') {
    p.advance();
    const text = plainStringValue(token) ?? token.rawBody;
    return { kind: 'StringType', text, span: token.span };
  }
  if (token.kind !== 'identifier') {
    p.errorAtCurrent(`expected a type, found ${describeToken(token)}`);
    return { kind: 'Error', span: token.span };
  }
  p.advance();
  const name = { kind: 'Identifier' as const, name: token.text, span: token.span };
  const typeArguments: TypeExpression[] = [];
  // `list[str]`, and `List<Report>` as agent return types are written in the reference grammar.
  const closer = p.at('[') ? ']' : p.at('<') ? '>' : null;
  if (closer !== null && !p.current.newlineBefore) {
    p.advance();
    while (!p.at(closer) && !p.atEnd) {
      typeArguments.push(parseType(p));
      if (!p.eat(',')) break;
    }
    p.expect(closer, 'to close the type arguments');
  }
  return { kind: 'NamedType', name, arguments: exactLength(typeArguments), span: p.spanFrom(token) };
}
