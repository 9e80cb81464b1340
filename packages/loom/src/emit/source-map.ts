/**
 * The encoding half of source maps (version 3) for generated modules: the Base64 VLQ encoding
 * of the `mappings` field. The map's shape and the decoding, which the runtime needs as well,
 * live in language/source-map.ts.
 */
import { BASE64_DIGITS, VLQ_CONTINUATION_BIT, VLQ_DIGIT_MASK, VLQ_SHIFT_BITS } from '../language/source-map.js';
import type { Mapping } from '../language/source-map.js';

// codegen.ts and code.ts name the map's types through this module, the encoder's home.
export type { Mapping, SourceMapJson } from '../language/source-map.js';

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
