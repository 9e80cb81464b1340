/**
 * Source maps (version 3) for generated modules: the Base64 VLQ encoding of the `mappings`
 * field, its decoding, and the lookup from a generated line and column back to `.nx` source.
 * Written here rather than taken from a package because Loom needs only this small part.
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

const BASE64_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const VLQ_SHIFT_BITS = 5;
const VLQ_CONTINUATION_BIT = 1 << VLQ_SHIFT_BITS;
const VLQ_DIGIT_MASK = VLQ_CONTINUATION_BIT - 1;

export function encodeVlq(value: number): string {
  // The sign goes into the lowest bit so that small negative deltas stay short.
  let rest = value < 0 ? (-value << 1) | 1 : value << 1;
  let text = '';
  do {
    let digit = rest & VLQ_DIGIT_MASK;
    rest >>>= VLQ_SHIFT_BITS;
    if (rest > 0) digit |= VLQ_CONTINUATION_BIT;
    text += BASE64_DIGITS[digit];
  } while (rest > 0);
  return text;
}

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

/** `mappings` sorted by generated position, each relative to the previous as the format asks. */
export function encodeMappings(mappings: readonly Mapping[]): string {
  const lines: string[][] = [];
  let previousSource = 0;
  let previousSourceLine = 0;
  let previousSourceColumn = 0;
  for (let line = 0, index = 0; index < mappings.length; line += 1) {
    const segments: string[] = [];
    let previousColumn = 0;
    for (; index < mappings.length && mappings[index].generatedLine === line; index += 1) {
      const mapping = mappings[index];
      segments.push(
        encodeVlq(mapping.generatedColumn - previousColumn) +
          encodeVlq(mapping.sourceIndex - previousSource) +
          encodeVlq(mapping.sourceLine - previousSourceLine) +
          encodeVlq(mapping.sourceColumn - previousSourceColumn),
      );
      previousColumn = mapping.generatedColumn;
      previousSource = mapping.sourceIndex;
      previousSourceLine = mapping.sourceLine;
      previousSourceColumn = mapping.sourceColumn;
    }
    lines.push(segments);
  }
  return lines.map((segments) => segments.join(',')).join(';');
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
