import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { MatchExpression } from '../../../src/syntax/ast.js';
import { expression, render, syntaxErrors } from '../helpers.js';

function match(source: string): MatchExpression {
  const value = expression(source);
  assert.equal(value.kind, 'MatchExpression');
  return value as MatchExpression;
}

/** `pattern [if guard] => body` for each arm. */
function arms(source: string): string[] {
  return match(source).arms.map((arm) => {
    const guard = arm.guard === null ? '' : ` if ${render(arm.guard)}`;
    const body = arm.body.kind === 'Block' ? `{${arm.body.statements.length}}` : render(arm.body);
    return `${render(arm.pattern)}${guard} => ${body}`;
  });
}

describe('patterns', () => {
  it('reads wildcard, binding and literal patterns, comma- or line-separated', () => {
    assert.deepEqual(arms('match v {\n 0 => "zero"\n -1 => "minus", "a" => 1, true => 2, null => 3\n n => n * 2\n _ => 0\n}'), [
      '0 => "zero"', '-1 => "minus"', '"a" => 1', 'true => 2', 'null => 3', '$n => (* n 2)', '_ => 0',
    ]);
  });

  it('reads tuple, array and map patterns with rest collectors', () => {
    assert.deepEqual(arms('match x {\n (a, 0) => a,\n [] => 0,\n [first, ..rest] => first,\n [a, b..tail] => b,\n { name, age: a, "email": e, ..other } => name\n}'), [
      '($a 0) => a', '[] => 0', '[$first ..rest] => first', '[$a $b ..tail] => b', '{name, age: $a, "email": $e, ..other} => name',
    ]);
  });

  it('reads nested map and array patterns', () => {
    assert.deepEqual(arms('match d { {"user": {"name": n}, "scores": [f, ..r]} => n }'), [
      '{"user": {"name": $n}, "scores": [$f ..r]} => n',
    ]);
  });

  it('reads enum variant patterns with and without the enum name', () => {
    assert.deepEqual(arms('match r {\n Option::Some(v) => v,\n Option::None => 0,\n Ok(x) => x\n}'), [
      'Option::Some($v) => v', 'Option::None => 0', 'Ok($x) => x',
    ]);
  });

  it('reads guards before "=>" and the trailing guard form', () => {
    assert.deepEqual(arms('match n {\n n if n < 0 => "neg",\n m => m if m > 0,\n _ => "zero"\n}'), [
      '$n if (< n 0) => "neg"', '$m if (> m 0) => m', '_ => "zero"',
    ]);
  });

  it('reads intent arms with pipeline bodies', () => {
    assert.deepEqual(arms('match req {\n intent("Check weather") => W.run(req) >> T,\n _ => C.run(req)\n}'), [
      '(intent "Check weather") => (>> (call W.run req) T)', '_ => (call C.run req)',
    ]);
  });

  it('reads block bodies and map-literal bodies', () => {
    assert.deepEqual(arms('match r {\n Ok(v) => {\n  print(v)\n  save(v)\n },\n _ => { "status": "none" }\n}'), [
      'Ok($v) => {2}', '_ => {"status": "none"}',
    ]);
  });

  it('reports a missing "=>" once', () => {
    assert.deepEqual(syntaxErrors('flow main {\n  x = match v {\n    1 "one"\n    _ => "other"\n  }\n}'), [
      "3:7 Syntax error: expected '=>' after the match pattern, found string \"one\"",
    ]);
  });

  it('reports a second rest collector', () => {
    assert.deepEqual(syntaxErrors('flow main { let [..a, ..b] = xs }'), [
      "1:25 Syntax error: only one '..rest' collector is allowed in a pattern",
    ]);
  });
});
