/**
 * The std functions under the names and parameters of Nexa's stdlib reference, beside Loom's
 * short names: regex_match gives {matches, count}, regex_replace takes the replacement before
 * the text, json_get reads a path out of JSON text, text_split gives {parts, count},
 * math_calc evaluates arithmetic without eval and refuses anything else, time_diff gives
 * {value, unit, days, seconds}; every parameter binds by its documented name. Also the
 * concurrency names only the docs' examples use (ch_send, ch_recv, join_all).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

test("the docs' concurrency spellings: ch_send/ch_recv on a channel kept in one variable, join_all of tasks", async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'loom-ch-')), 'main.nx');
  writeFileSync(file, `flow double(n) { return n * 2 }
flow main {
    ch = std.concurrent.channel(10)
    std.concurrent.ch_send(ch, "data_item_1")
    item1 = std.concurrent.ch_recv(ch) ?? "no data"
    item2 = std.concurrent.ch_recv(ch) ?? "no data"
    print("Received: " + item1 + ", " + item2)
    task1 = std.concurrent.spawn(fn() { double(1) })
    task2 = std.concurrent.spawn(fn() { double(2) })
    print(std.concurrent.join_all([task1, task2]))
}
`);
  assert.equal((await runInProcess(['validate', file])).status, 0);
  assert.deepEqual(await runInProcess(['run', file]), { status: 0, stdout: 'Received: data_item_1, no data\n[2, 4]\n', stderr: '' });
});
