import assert from 'node:assert/strict';
import { describe as suite, test } from 'node:test';
import { findings, onlyFinding } from './helpers.js';

suite('duplicate declarations (E005)', () => {
  test('the second declaration is reported at its name, with the first in the hint', () => {
    const finding = onlyFinding('agent Bot { prompt: "a" }\n\nagent Bot { prompt: "b" }');
    assert.equal(finding.code, 'E005');
    assert.equal(finding.message, "Duplicate declaration 'Bot'");
    assert.deepEqual([finding.span.start.line, finding.span.start.column, finding.span.end.column], [3, 7, 10]);
    assert.equal(finding.hint, "'Bot' is already declared as an agent at main.nx:1:7");
  });

  test('agents, flows, tools and protocols share one namespace', () => {
    assert.deepEqual(findings('protocol Shared { a: "int" }\nflow Shared { print(1) }\ntool Shared { description: "d" }'), [
      "2:6 E005 Duplicate declaration 'Shared'",
      "3:6 E005 Duplicate declaration 'Shared'",
    ]);
  });

  test('assigning a top-level variable again is not a redeclaration', () => {
    assert.deepEqual(findings('count = 1\ncount = count + 1\nprint(count)'), []);
  });

  test('a top-level statement binding the name of a declaration is E005 at the binding, in either order', () => {
    const finding = onlyFinding('flow greet() { return 1 }\ngreet = 2\nprint(greet)');
    assert.equal(finding.message, "Duplicate declaration 'greet'");
    assert.deepEqual([finding.span.start.line, finding.span.start.column], [2, 1]);
    assert.equal(finding.hint, "'greet' is already declared as a flow at main.nx:1:6");
    assert.deepEqual(findings('agent Bot { prompt: "p" }\nfor Bot in [1] { print(Bot) }'), ["2:5 E005 Duplicate declaration 'Bot'"]);
    assert.deepEqual(findings('greet = 2\nflow greet() { return 1 }'), ["2:6 E005 Duplicate declaration 'greet'"]);
  });

  test('a flow may assign a local of the name of a declaration: it shadows it there', () => {
    assert.deepEqual(findings('flow greet() { return 1 }\nflow main { greet = 2\n print(greet) }'), []);
  });

  test('a parameter named twice is E005 at the second', () => {
    const finding = onlyFinding('flow main(text, count, text) { print(text, count) }');
    assert.equal(finding.code, 'E005');
    assert.equal(finding.message, "Duplicate declaration of parameter 'text'");
    assert.deepEqual([finding.span.start.line, finding.span.start.column], [1, 24]);
  });
});
