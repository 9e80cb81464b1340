/** Span helpers for messages and for pointing at the leading keyword of a node. */
import type { Span } from '../language/span.js';

/** `file:line:column`, the form the code-frame header and editors use. */
export function formatPosition(span: Span): string {
  return `${span.file}:${span.start.line}:${span.start.column}`;
}

/** The first `length` characters of `span`: the keyword a statement starts with (never multi-line). */
export function leadingSpan(span: Span, length: number): Span {
  const available = span.end.offset - span.start.offset;
  const width = Math.min(length, available);
  return {
    file: span.file,
    start: span.start,
    end: { line: span.start.line, column: span.start.column + width, offset: span.start.offset + width },
  };
}

/**
 * The span of `[from, from + length)` inside a one-line string literal written in plain quotes,
 * where source offsets and text offsets differ by exactly the opening quote.
 */
export function spanInsideQuotes(literal: Span, textLength: number, from: number, length: number): Span {
  const writtenPlainly = literal.start.line === literal.end.line && literal.end.offset - literal.start.offset === textLength + 2;
  if (!writtenPlainly) return literal;
  const startColumn = literal.start.column + 1 + from;
  const startOffset = literal.start.offset + 1 + from;
  return {
    file: literal.file,
    start: { line: literal.start.line, column: startColumn, offset: startOffset },
    end: { line: literal.start.line, column: startColumn + length, offset: startOffset + length },
  };
}
