import assert from 'node:assert/strict';
import { describe as suite, test } from 'node:test';
import { findings } from './helpers.js';

suite('statement placement (E004)', () => {
  test('break and continue inside loops and return inside flows, tests and closures are accepted', () => {
    const source = [
      'flow main(items) {',
      '    for each item in items { if item == "" { continue } }',
      '    while true { break }',
      '    loop { match items { _ => { break } } } until ("done")',
      '    double = fn(x) { return x * 2 }',
      '    return double(2)',
      '}',
      'test "returns early" { return }',
    ].join('\n');
    assert.deepEqual(findings(source), []);
  });

  test('break, continue and return out of place are reported at their keyword', () => {
    const source = [
      'flow main(items) {',
      '    if items { break }',
      '    while true { step = fn() { continue } }',
      '}',
      'return 1',
    ].join('\n');
    assert.deepEqual(findings(source), [
      "2:16 E004 'break' is only allowed inside a loop",
      "3:32 E004 'continue' is only allowed inside a loop",
      "5:1 E004 'return' is only allowed inside a flow or function",
    ]);
  });
});
