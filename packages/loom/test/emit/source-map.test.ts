import assert from 'node:assert/strict';
import { test } from 'node:test';
import { encodeMappings, encodeVlq } from '../../src/emit/source-map.js';
import { decodeMappings, decodeVlqSegment, SourceMapLocator } from '../../src/language/source-map.js';
import type { Mapping } from '../../src/language/source-map.js';

test('VLQ encoding matches the source map specification examples', () => {
  assert.equal(encodeVlq(0), 'A');
  assert.equal(encodeVlq(1), 'C');
  assert.equal(encodeVlq(-1), 'D');
  assert.equal(encodeVlq(15), 'e');
  assert.equal(encodeVlq(16), 'gB');
  assert.equal(encodeVlq(-17), 'jB');
  assert.equal(encodeVlq(1000), 'w+B');
});

test('VLQ decoding inverts encoding for small, large and negative values', () => {
  const values = [0, 1, -1, 15, 16, -16, 511, 512, -4096, 123456, -987654];
  assert.deepEqual(decodeVlqSegment(values.map(encodeVlq).join('')), values);
});

const MAPPINGS: Mapping[] = [
  { generatedLine: 0, generatedColumn: 0, sourceIndex: 0, sourceLine: 0, sourceColumn: 0 },
  { generatedLine: 0, generatedColumn: 10, sourceIndex: 0, sourceLine: 2, sourceColumn: 4 },
  { generatedLine: 2, generatedColumn: 4, sourceIndex: 1, sourceLine: 0, sourceColumn: 8 },
  { generatedLine: 2, generatedColumn: 20, sourceIndex: 0, sourceLine: 1, sourceColumn: 2 },
];

test('mappings survive encoding and decoding, empty lines included', () => {
  const encoded = encodeMappings(MAPPINGS);
  assert.equal(encoded.split(';').length, 3);
  assert.equal(encoded.split(';')[1], '');
  assert.deepEqual(decodeMappings(encoded), MAPPINGS);
});

test('the locator maps a generated position to the last mapping at or before it', () => {
  const locator = new SourceMapLocator({ version: 3, file: 'x.mjs', sources: ['a.nx', 'b.nx'], names: [], mappings: encodeMappings(MAPPINGS) });
  assert.deepEqual(locator.originalPosition(1, 5), { file: 'a.nx', line: 1, column: 1 });
  assert.deepEqual(locator.originalPosition(1, 11), { file: 'a.nx', line: 3, column: 5 });
  assert.deepEqual(locator.originalPosition(3, 30), { file: 'a.nx', line: 2, column: 3 });
  assert.deepEqual(locator.originalPosition(3, 6), { file: 'b.nx', line: 1, column: 9 });
  assert.equal(locator.originalPosition(2, 1), undefined);
});
