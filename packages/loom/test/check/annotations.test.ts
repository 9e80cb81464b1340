import assert from 'node:assert/strict';
import { describe as suite, test } from 'node:test';
import { findings } from './helpers.js';

suite('literal values against annotations (E002)', () => {
  test('annotated lets are checked where the value is a literal', () => {
    const source = [
      'flow main {',
      '    let n: int = 2.5',
      '    let tags: list[str] = ["a", 3]',
      '    let maybe: int? = null',
      '    let either: int | str = true',
      '    let ratio: float = 3',
      '    let whole: int = 3.0',
      '    let computed: int = len("abc")',
      '}',
    ].join('\n');
    assert.deepEqual(findings(source), [
      "2:18 E002 Type mismatch: 'n' is declared 'int' but is given a float",
      "3:33 E002 Type mismatch: 'tags' is declared 'list[str]' but is given an integer",
      "5:29 E002 Type mismatch: 'either' is declared 'int | str' but is given a boolean",
    ]);
  });

  test('parameter defaults and returned literals are checked against the declaration', () => {
    const source = [
      'flow scale(factor: float = "big") -> int {',
      '    if factor > 1 { return "large" }',
      '    return 1',
      '}',
    ].join('\n');
    assert.deepEqual(findings(source), [
      "1:28 E002 Type mismatch: parameter 'factor' is declared 'float' but its default is a string",
      "2:28 E002 Type mismatch: flow 'scale' returns 'int' but this returns a string",
    ]);
  });

  test('type aliases stand for their target; protocol-typed values are left to the runtime', () => {
    const source = [
      'type Email = str @ "a valid email address"',
      'protocol Report { summary: "string" }',
      'flow main {',
      '    let address: Email = 42',
      '    let report: Report = "anything"',
      '}',
    ].join('\n');
    assert.deepEqual(findings(source), ["4:26 E002 Type mismatch: 'address' is declared 'str' but is given an integer"]);
  });
});
