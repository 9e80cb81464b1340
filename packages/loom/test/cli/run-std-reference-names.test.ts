/**
 * The std functions under the names and parameters of Nexa's stdlib reference, beside Loom's
 * short names: regex_match gives {matches, count}, regex_replace takes the replacement before
 * the text, json_get reads a path out of JSON text, text_split gives {parts, count},
 * math_calc evaluates arithmetic without eval and refuses anything else, time_diff gives
 * {value, unit, days, seconds}; every parameter binds by its documented name.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runInProcess } from './run-in-process.js';

const PROGRAM = 'packages/loom/test/fixtures/run/std-reference-names.nx';

test('the stdlib reference names validate and run with their documented parameters and results', async () => {
  assert.equal((await runInProcess(['validate', PROGRAM])).status, 0);
  const run = await runInProcess(['run', PROGRAM]);
  assert.equal(run.stderr, '');
  assert.deepEqual(run.stdout.split('\n'), [
    '{"matches": ["101", "3"], "count": 2}',
    'dog and dog',
    '20',
    '{"a":[1,2]}',
    '{"parts": ["a", "b,c"], "count": 2}',
    'bba',
    'LOOM f8d1ce191319ea8f4d1d26e65e130dd5',
    '{"result": 12, "expression": "(2 + 3) * 4 - 2 ** 3"}',
    '5',
    '{"value": 30, "unit": "hours", "days": 1, "seconds": 108000}',
    '04/03/2026',
    "math_calc allows only numbers, + - * / % ** and parentheses, got 'import os'",
    '',
  ]);
});
