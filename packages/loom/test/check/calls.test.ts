import assert from 'node:assert/strict';
import { describe as suite, test } from 'node:test';
import { findings, onlyFinding } from './helpers.js';

const DECLARATIONS = [
  'struct Point { x: int, y: int }',
  'flow repeat(text: str, times: int) { print(text, times) }',
].join('\n');

suite('calls of declared flows and struct constructions (E002)', () => {
  test('calls that fit the declaration are accepted, including computed arguments', () => {
    const source = `${DECLARATIONS}\nflow main(n) {\n    repeat("a", 3)\n    repeat(times: n, text: "b")\n    p = Point(x: n, y: 2)\n}`;
    assert.deepEqual(findings(source), []);
  });

  test('a literal struct field must fit its type; a literal argument is left to the type mode (lint W006)', () => {
    const source = `${DECLARATIONS}\nflow main {\n    repeat("a", "3")\n    repeat(times: 2, text: 5)\n    p = Point(x: 1, y: "2")\n}`;
    assert.deepEqual(findings(source), [
      "6:24 E002 Type mismatch: 'y' of struct 'Point' expects 'int', found a string",
    ]);
  });

  test('extra positional arguments are reported once, at the first extra', () => {
    const finding = onlyFinding(`${DECLARATIONS}\nflow main { repeat("a", 1, 2, 3) }`);
    assert.equal(finding.message, "Type mismatch: flow 'repeat' takes 2 arguments, not 4");
    assert.deepEqual([finding.span.start.line, finding.span.start.column], [3, 28]);
  });

  test('a named argument must name a parameter or field', () => {
    const source = `${DECLARATIONS}\nflow main {\n    repeat(txt: "a", times: 1)\n    p = Point(x: 1, z: 2)\n}`;
    assert.deepEqual(findings(source), [
      "4:12 E002 Type mismatch: flow 'repeat' has no parameter 'txt'",
      "5:21 E002 Type mismatch: struct 'Point' has no field 'z'",
    ]);
    assert.equal(onlyFinding(`${DECLARATIONS}\nflow main { repeat(txt: "a", times: 1) }`).hint, "did you mean 'text'?");
  });

  test('a parameter given twice, by position and by name or by name twice, is E002 at the second', () => {
    const source = `${DECLARATIONS}\nflow main {\n    repeat("a", text: "b")\n    p = Point(y: 1, y: 2)\n}`;
    assert.deepEqual(findings(source), [
      "4:17 E002 Type mismatch: flow 'repeat' is given 'text' twice",
      "5:21 E002 Type mismatch: struct 'Point' is given 'y' twice",
    ]);
    assert.equal(onlyFinding(`${DECLARATIONS}\nflow main { repeat("a", text: "b") }`).hint, "'text' is already given at main.nx:3:20");
  });

  test('positional arguments fill the slots in order, wherever named ones stand', () => {
    assert.deepEqual(findings(`${DECLARATIONS}\nflow main { p = Point(y: 2, 1) }`), []);
    assert.deepEqual(findings(`${DECLARATIONS}\nflow main { p = Point(y: 2, "1") }`), [
      "3:29 E002 Type mismatch: 'x' of struct 'Point' expects 'int', found a string",
    ]);
  });

  test('missing arguments are left to the runtime', () => {
    assert.deepEqual(findings(`${DECLARATIONS}\nflow main { repeat("a") }`), []);
  });

  test('a call on the right of |> receives the piped value as its first argument', () => {
    assert.deepEqual(findings(`${DECLARATIONS}\nflow main { "a" |> repeat(3) }`), []);
  });
});
