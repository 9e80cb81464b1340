import assert from 'node:assert/strict';
import { describe as suite, test } from 'node:test';
import { findings, onlyFinding } from './helpers.js';

suite('duplicate members (E005)', () => {
  test('struct fields, enum variants and trait and impl methods must be distinct', () => {
    const source = [
      'struct Point { x: int, x: int }',
      'enum Mood { Happy, Sad, Happy }',
      'trait Show { fn show() -> str }',
      'impl Show for Point {',
      '    fn show() -> str { return "p" }',
      '    fn show() -> str { return "q" }',
      '}',
    ].join('\n');
    assert.deepEqual(findings(source), [
      "1:24 E005 Duplicate declaration of field 'x' in struct 'Point'",
      "2:25 E005 Duplicate declaration of variant 'Happy' in enum 'Mood'",
      "6:8 E005 Duplicate declaration of method 'show' in impl of 'Show' for 'Point'",
    ]);
  });

  test('the hint points at the first declaration', () => {
    assert.equal(onlyFinding('enum Mood { Happy,\n    Happy }').hint, "'Happy' is already declared at main.nx:1:13");
  });
});
