/**
 * `value is T`, the documented type test: a type (built-in by any spelling, generic, union,
 * alias, protocol, struct, enum) or a variant (`Err`, `Result::Err`, `None`), negated with
 * `is not`. It was compiled as `==` against the conversion function `int` and was silently
 * false; a target that is neither a type nor a variant is refused at compile time.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runInProcess } from './run-in-process.js';

const TYPE_TESTS = 'packages/loom/test/fixtures/run/type-tests.nx';

let root: string;

before(() => {
  root = mkdtempSync(join(tmpdir(), 'loom-type-tests-'));
});

after(() => {
  rmSync(root, { recursive: true, force: true });
});

test('type and variant tests answer as documented, in every type mode', async () => {
  const expected = [
    'true false true true false',
    'true false true true',
    'true false true true',
    'true false',
    'true true true false',
    'true false true true true',
    'failed: Result::Err("division by zero")',
    'true true false',
    '',
  ].join('\n');
  for (const mode of ['strict', 'warn', 'forgiving']) {
    const run = await runInProcess(['run', TYPE_TESTS], { LOOM_TYPE_MODE: mode });
    assert.deepEqual(run, { status: 0, stdout: expected, stderr: '' }, mode);
  }
});

test("the target of 'is' must be a type or a variant", async () => {
  const literal = join(root, 'literal.nx');
  writeFileSync(literal, 'flow main {\n    x = 5\n    print(x is 5)\n}\n');
  const literalCheck = await runInProcess(['validate', literal]);
  assert.equal(literalCheck.status, 2);
  assert.match(literalCheck.stderr, /^Error E004: Syntax error: expected a type, found '5'\n --> .*literal\.nx:3:16\n/);

  const variable = join(root, 'variable.nx');
  writeFileSync(variable, 'flow main {\n    y = 3\n    x = 5\n    print(x is y)\n}\n');
  const variableCheck = await runInProcess(['validate', variable]);
  assert.equal(variableCheck.status, 2);
  assert.match(variableCheck.stderr, /^Error E002: Type mismatch: 'is' tests a type or a variant, and 'y' is a variable\n --> .*variable\.nx:4:16\n/);
  assert.match(variableCheck.stderr, /help: compare values with ==/);

  const unknown = join(root, 'unknown.nx');
  writeFileSync(unknown, 'flow main {\n    print(5 is Integr)\n}\n');
  const unknownCheck = await runInProcess(['validate', unknown]);
  assert.equal(unknownCheck.status, 2);
  assert.match(unknownCheck.stderr, /^Error E001: Undeclared identifier 'Integr'\n/);
  assert.match(unknownCheck.stderr, /help: did you mean 'Integer'/);
});
