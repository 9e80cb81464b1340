/** String literals: plain text, or text and `#{...}` parts each parsed as an expression. */
import type { Expression, InterpolatedString, StringLiteral, StringText } from '../ast.js';
import type { StringToken } from '../tokens.js';
import { describeToken } from '../tokens.js';
import type { Cursor } from './cursor.js';
import { parseExpression } from './expressions.js';

/** Builds the expression for a string token, parsing each `#{...}` part. */
export function stringExpression(p: Cursor, token: StringToken): StringLiteral | InterpolatedString {
  const onlyText = token.segments.every((segment) => segment.kind === 'text');
  if (onlyText) {
    const value = token.segments.map((segment) => (segment.kind === 'text' ? segment.value : '')).join('');
    return { kind: 'StringLiteral', value, triple: token.triple, span: token.span };
  }
  const parts: (StringText | Expression)[] = token.segments.map((segment) => {
    if (segment.kind === 'text') return { kind: 'StringText', value: segment.value, span: segment.span };
    const inner = p.forInterpolation(segment.tokens);
    if (inner.atEnd) {
      p.errorAt(segment.span, "Empty interpolation '#{}': write an expression between the braces");
      return { kind: 'Error', span: segment.span };
    }
    const expression = parseExpression(inner);
    if (!inner.atEnd) inner.errorAtCurrent(`Unexpected ${describeToken(inner.current)} in interpolation`);
    return expression;
  });
  return { kind: 'InterpolatedString', parts, triple: token.triple, span: token.span };
}
