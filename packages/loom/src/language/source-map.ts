/**
 * Source maps (version 3) as both the code generator and the runtime read them: the map's
 * JSON shape, the Base64 VLQ alphabet, the decoding of the `mappings` field and the lookup
 * from a generated line and column back to `.nx` source. It sits below emit/ and runtime/ so
 * that the runtime, which maps stack frames of a running module, never imports the compiler;
 * the encoder stays in emit/source-map.ts. Written here rather than taken from a package
 * because Loom needs only this small part.
 */

export interface SourceMapJson {
  readonly version: 3;
  readonly file: string;
  readonly sources: readonly string[];
  readonly sourcesContent?: readonly (string | null)[];
  readonly names: readonly string[];
  readonly mappings: string;
}

/** One mapping: a position in the generated code and the source position it came from. All 0-based. */
export interface Mapping {
  readonly generatedLine: number;
  readonly generatedColumn: number;
  readonly sourceIndex: number;
  readonly sourceLine: number;
  readonly sourceColumn: number;
}

/** A 1-based source position, as Loom reports locations. */
export interface OriginalPosition {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

/** The alphabet and bit layout of Base64 VLQ, shared with the encoder in emit/source-map.ts. */
export const BASE64_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
export const VLQ_SHIFT_BITS = 5;
export const VLQ_CONTINUATION_BIT = 1 << VLQ_SHIFT_BITS;
export const VLQ_DIGIT_MASK = VLQ_CONTINUATION_BIT - 1;

/** Decodes every VLQ number in `segment` (one comma-separated piece of a mappings line). */
export function decodeVlqSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const character of segment) {
    const digit = BASE64_DIGITS.indexOf(character);
    if (digit < 0) throw new Error(`invalid source map character '${character}'`);
    value += (digit & VLQ_DIGIT_MASK) << shift;
    if ((digit & VLQ_CONTINUATION_BIT) !== 0) {
      shift += VLQ_SHIFT_BITS;
      continue;
    }
    values.push((value & 1) === 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

export function decodeMappings(text: string): Mapping[] {
  const mappings: Mapping[] = [];
  let sourceIndex = 0;
  let sourceLine = 0;
  let sourceColumn = 0;
  text.split(';').forEach((lineText, generatedLine) => {
    let generatedColumn = 0;
    for (const segment of lineText.split(',')) {
      if (segment === '') continue;
      const [column, source, line, sourceColumnDelta] = decodeVlqSegment(segment);
      generatedColumn += column;
      // A one-field segment maps to nothing; Loom never writes those, so they are skipped.
      if (source === undefined) continue;
      sourceIndex += source;
      sourceLine += line;
      sourceColumn += sourceColumnDelta;
      mappings.push({ generatedLine, generatedColumn, sourceIndex, sourceLine, sourceColumn });
    }
  });
  return mappings;
}

/** Maps generated positions back to source through one decoded map. */
export class SourceMapLocator {
  private readonly byLine = new Map<number, Mapping[]>();

  constructor(private readonly map: SourceMapJson) {
    for (const mapping of decodeMappings(map.mappings)) {
      const line = this.byLine.get(mapping.generatedLine);
      if (line === undefined) this.byLine.set(mapping.generatedLine, [mapping]);
      else line.push(mapping);
    }
  }

  /**
   * The source of the last mapping at or before a 1-based generated line and column, as V8
   * reports them in stack traces; `undefined` for a line that maps to nothing.
   */
  originalPosition(line: number, column: number): OriginalPosition | undefined {
    const segments = this.byLine.get(line - 1);
    if (segments === undefined) return undefined;
    let found: Mapping | undefined;
    for (const segment of segments) {
      if (segment.generatedColumn > column - 1) break;
      found = segment;
    }
    found ??= segments[0];
    return { file: this.map.sources[found.sourceIndex], line: found.sourceLine + 1, column: found.sourceColumn + 1 };
  }
}
