/**
 * Where something is in a source file: the one fact about places that every stage shares, the
 * parser making spans, the checker and the runtime reporting at them, the renderers framing
 * them. It sits on neutral ground so that none of them imports another stage for it.
 */
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
