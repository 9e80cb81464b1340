import assert from 'node:assert/strict';
import { describe as suite, test } from 'node:test';
import { checkDiagnostics, findings } from './helpers.js';

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
      "2:16 E004 Syntax error: 'break' is only allowed inside a loop",
      "3:32 E004 Syntax error: 'continue' is only allowed inside a loop",
      "5:1 E004 Syntax error: 'return' is only allowed inside a flow or function",
    ]);
  });
});

suite('statement placement inside a match used as a value', () => {
  test('a return in a loop of an arm leaves the flow when the match delivers its value in place', () => {
    // `let y = match` assigns in place (emit/match.ts), so `return i` returns from the flow.
    const source = [
      'flow pick(x) {',
      '    let y = match x { 1 => { for each i in [1, 2] { return i } }, _ => 0 }',
      '    return y',
      '}',
    ].join('\n');
    assert.deepEqual(findings(source), []);
  });

  test('a return in a loop of an arm of a match value says it cannot leave the match, not that no flow holds it', () => {
    const source = [
      'flow main(x) {',
      '    print(match x { 1 => { for each i in [1, 2] { return i } }, _ => 0 })',
      '    let y: int = match x { 1 => { while true { return 5 } }, _ => 0 }',
      '    print(match x { _ => { for each i in [1] { break } } })',
      '}',
    ].join('\n');
    assert.deepEqual(findings(source), [
      "2:51 E004 Syntax error: 'return' cannot leave a match used as a value",
      "3:48 E004 Syntax error: 'return' cannot leave a match used as a value",
    ]);
    const [typed] = checkDiagnostics(source).filter((diagnostic) => diagnostic.span.start.line === 3);
    assert.match(typed?.hint ?? '', /without a type annotation/);
  });
});
