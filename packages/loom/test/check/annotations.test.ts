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

  test('a duration literal is judged by its value, a number of seconds', () => {
    // Nexa has no duration type, so `500ms` is a number; Loom's is 0.5 (seconds), which `int` rejects.
    const source = [
      'flow main {',
      '    let wait: int = 500ms',
      '    let back: int = -1500ms',
      '    let label: str = 30s',
      '    let whole: int = 2s',
      '    let half: float = 500ms',
      '}',
    ].join('\n');
    assert.deepEqual(findings(source), [
      "2:21 E002 Type mismatch: 'wait' is declared 'int' but is given 500ms (0.5 seconds, a float)",
      "3:21 E002 Type mismatch: 'back' is declared 'int' but is given -1500ms (-1.5 seconds, a float)",
      "4:22 E002 Type mismatch: 'label' is declared 'str' but is given 30s (30 seconds, an integer)",
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
