import assert from 'node:assert/strict';
import { describe as suite, test } from 'node:test';
import { findings, onlyFinding } from './helpers.js';

const TRAIT = 'struct Point { x: int }\ntrait Show {\n    fn show() -> str\n    fn size() -> int\n}\n';

suite('impl against its trait', () => {
  test('an impl providing exactly the trait methods is accepted', () => {
    const source = `${TRAIT}impl Show for Point {\n    fn show() -> str { return "p" }\n    fn size() -> int { return 1 }\n}`;
    assert.deepEqual(findings(source), []);
  });

  test('missing methods are EA03 at the trait name, all named in one finding', () => {
    const finding = onlyFinding(`${TRAIT}impl Show for Point {\n}`);
    assert.equal(finding.code, 'EA03');
    assert.equal(finding.message, "Trait implementation missing: impl of 'Show' for 'Point' lacks 'show', 'size'");
    assert.deepEqual([finding.span.start.line, finding.span.start.column], [6, 6]);
  });

  test('a method the trait does not declare is E002 at its name', () => {
    const source = `${TRAIT}impl Show for Point {\n    fn show() -> str { return "p" }\n    fn size() -> int { return 1 }\n    fn colour() -> str { return "red" }\n}`;
    assert.deepEqual(findings(source), ["9:8 E002 Type mismatch: trait 'Show' has no method 'colour'"]);
  });

  test("the hint names the trait's methods, or says it declares none", () => {
    const extra = onlyFinding(`${TRAIT}impl Show for Point {\n    fn show() -> str { return "p" }\n    fn size() -> int { return 1 }\n    fn colour() -> str { return "red" }\n}`);
    assert.equal(extra.hint, 'its methods are show, size');
    const empty = onlyFinding('struct Point { x: int }\ntrait Marker {\n}\nimpl Marker for Point {\n    fn colour() -> str { return "red" }\n}');
    assert.equal(empty.hint, 'it declares no methods');
  });
});
