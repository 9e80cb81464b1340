/** A position in a source file. `line` and `column` are 1-based (columns count UTF-16 code
 * units, like editors and the TypeScript compiler); `offset` is the 0-based index into the text. */
export interface Position {
  readonly line: number;
  readonly column: number;
  readonly offset: number;
}

/** A half-open range `[start, end)` in one file. */
export interface Span {
  readonly file: string;
  readonly start: Position;
  readonly end: Position;
}

export function spanBetween(first: Span, last: Span): Span {
  return { file: first.file, start: first.start, end: last.end };
}
