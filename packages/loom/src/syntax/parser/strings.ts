/** String literals: plain text, or text and `#{...}` parts each parsed as an expression. */
import type { Expression, InterpolatedString, StringLiteral, StringText } from '../ast.js';
import type { StringToken } from '../tokens.js';
import { describeToken } from '../tokens.js';
import type { Cursor } from './cursor.js';
import { parseExpression } from './expressions.js';

/** The text of a string without `#{...}` parts, or `null` if it has any. */
export function plainStringValue(token: StringToken): string | null {
  const segments = token.segments;
  if (segments.length === 0) return '';
  // The lexer merges adjacent text, so a plain string has exactly one text segment.
  const [first] = segments;
  return segments.length === 1 && first?.kind === 'text' ? first.value : null;
}

/** Builds the expression for a string token, parsing each `#{...}` part. */
export function stringExpression(p: Cursor, token: StringToken): StringLiteral | InterpolatedString {
  const value = plainStringValue(token);
  if (value !== null) return { kind: 'StringLiteral', value, triple: token.triple, span: token.span };
  const parts: (StringText | Expression)[] = token.segments.map((segment) => {
    if (segment.kind === 'text') return { kind: 'StringText', value: segment.value, span: segment.span };
    const inner = p.forInterpolation(segment.tokens);
    if (inner.atEnd) {
      p.errorAt(segment.span, "empty interpolation '#{}': write an expression between the braces");
      return { kind: 'Error', span: segment.span };
    }
    const expression = parseExpression(inner);
    if (!inner.atEnd) inner.errorAtCurrent(`unexpected ${describeToken(inner.current)} in interpolation`);
    return expression;
  });
  return { kind: 'InterpolatedString', parts, triple: token.triple, span: token.span };
}

/** A string where the grammar requires plain text: include paths, test names, route paths. */
export function parsePlainString(p: Cursor, what: string): StringLiteral {
  const token = p.current;
  if (token.kind !== 'string') {
    p.errorAtCurrent(`expected ${what} as a string, found ${describeToken(token)}`);
    return { kind: 'StringLiteral', value: '', triple: false, span: token.span };
  }
  p.advance();
  const value = plainStringValue(token);
  if (value === null) p.errorAt(token.span, `the ${what} must be a plain string without '#{...}'`);
  return { kind: 'StringLiteral', value: value ?? '', triple: token.triple, span: token.span };
}
