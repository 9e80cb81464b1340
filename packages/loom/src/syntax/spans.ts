import type { Position, Span } from '../language/span.js';

/**
 * One source file's name and the offsets at which its lines begin, shared by all of its spans.
 * The lexer records each line start as it passes it, so the table is complete up to where
 * lexing has got, which is as far as any span made so far reaches.
 */
export class SourceFile {
  private readonly lineStarts: number[] = [0];
  /** Index of the line found last: positions are mostly asked for near the previous one. */
  private recentLine = 0;

  constructor(readonly name: string) {}

  /** Records that a line begins at `offset`; offsets arrive in increasing order. */
  addLineStart(offset: number): void {
    this.lineStarts.push(offset);
  }

  /** Lines recorded so far: one more than the line terminators passed. */
  get lineCount(): number {
    return this.lineStarts.length;
  }

  /** The offset at which 1-based line `line` begins; `undefined` past the last line recorded. */
  lineStart(line: number): number | undefined {
    return line >= 1 ? this.lineStarts[line - 1] : undefined;
  }

  positionAt(offset: number): Position {
    const index = this.lineIndexAt(offset);
    return { line: index + 1, column: offset - (this.lineStarts[index] as number) + 1, offset };
  }

  /** The 0-based index of the line holding `offset`. */
  private lineIndexAt(offset: number): number {
    const lineStarts = this.lineStarts;
    const recent = this.recentLine;
    const recentEnd = lineStarts[recent + 1] ?? Infinity;
    if ((lineStarts[recent] as number) <= offset && offset < recentEnd) return recent;
    // Binary search for the last line that starts at or before `offset`.
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((lineStarts[middle] as number) <= offset) low = middle;
      else high = middle - 1;
    }
    this.recentLine = low;
    return low;
  }
}

/**
 * A span kept as two offsets into its SourceFile; `start` and `end` are worked out when read.
 * A large file keeps hundreds of thousands of spans alive while it is parsed, and storing two
 * Position objects with each made the garbage collector the parser's main cost. Consumers read
 * it through the `Span` interface and never see the difference.
 */
export class SourceSpan implements Span {
  constructor(readonly source: SourceFile, readonly startOffset: number, readonly endOffset: number) {}

  get file(): string {
    return this.source.name;
  }

  get start(): Position {
    return this.source.positionAt(this.startOffset);
  }

  get end(): Position {
    return this.source.positionAt(this.endOffset);
  }

  toJSON(): Span {
    return plainSpan(this);
  }
}

/** `span` as plain data, which serialises and compares like a written-out `{ file, start, end }`. */
export function plainSpan(span: Span): Span {
  return { file: span.file, start: span.start, end: span.end };
}

/** The span from the start of `first` to the end of `last`. */
export function spanBetween(first: Span, last: Span): Span {
  if (first instanceof SourceSpan && last instanceof SourceSpan && first.source === last.source) {
    return new SourceSpan(first.source, first.startOffset, last.endOffset);
  }
  return { file: first.file, start: first.start, end: last.end };
}
