/**
 * Failures of operations are the registry's E105 wherever they happen, and a failure of the
 * JavaScript engine underneath (a stack overflow) is reported the same way, never under its
 * JavaScript name.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { runSource, SOURCE_FILE } from '../run-source.js';

it('an operation on the wrong value is E105, caught or reported at its place', async () => {
  const run = await runSource('flow main {\n    try {\n        x = 1 / 0\n    } catch (e) {\n        print(e.code, e.name)\n    }\n    items = [1, 2]\n    print(items[5])\n}\n');
  assert.equal(run.stdout, 'E105 RuntimeError\n');
  assert.equal(run.stderr, `RuntimeError: index 5 is out of range for a length of 2\n  --> ${SOURCE_FILE}:8:11\n  = code E105\n`);
});

it('recursion too deep for the stack is E105 at the recursing function, not a RangeError', async () => {
  const run = await runSource('fn down(n) {\n    return down(n + 1)\n}\n\nflow main {\n    print(down(0))\n}\n');
  assert.equal(run.status, 1);
  assert.doesNotMatch(run.stderr, /RangeError|internal error/);
  assert.match(run.stderr, /^RuntimeError: the program ran out of stack: a flow or function calls itself too deeply\n {2}--> program\.nx:[12]:\d+\n {2}= code E105\n$/);
});
