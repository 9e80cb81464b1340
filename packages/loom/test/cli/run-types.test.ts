import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runInProcess } from './run-in-process.js';

const TYPED = 'packages/loom/test/fixtures/run/typed.nx';

test('LOOM_TYPE_MODE=strict stops with E301 at the call that passed the wrong argument', async () => {
  const run = await runInProcess(['run', TYPED], { LOOM_TYPE_MODE: 'strict' });
  assert.equal(run.status, 1);
  assert.equal(run.stdout, '');
  assert.equal(run.stderr, `TypeViolation: parameter 'x' of flow double expects int, got str "7"\n  --> ${TYPED}:6:11\n  = code E301\n`);
});

test('warn mode (the default) reports E302 at the call on stderr and goes on', async () => {
  const run = await runInProcess(['run', TYPED]);
  assert.equal(run.status, 0);
  assert.equal(run.stdout, '77\nafter\n');
  assert.match(run.stderr, /^TypeWarning: parameter 'x' of flow double expects int, got str "7"\n {2}--> .*typed\.nx:6:11\n {2}= code E302\n/);
  assert.match(run.stderr, /TypeWarning: result of flow double expects int, got str "77"\n {2}--> .*typed\.nx:1:24\n/);
});

test('forgiving mode checks nothing', async () => {
  const run = await runInProcess(['run', TYPED], { LOOM_TYPE_MODE: 'forgiving' });
  assert.deepEqual(run, { status: 0, stdout: '77\nafter\n', stderr: '' });
});

test('a literal argument of the wrong type compiles: validate passes, lint warns W006, and each mode decides at run time', async () => {
  const LITERAL = 'packages/loom/test/fixtures/run/literal-argument.nx';
  const validated = await runInProcess(['validate', LITERAL]);
  assert.equal(validated.status, 0);
  const linted = await runInProcess(['lint', LITERAL]);
  assert.match(linted.stderr, /^Warning W006: 'n' of flow 'double' expects 'int', found a string\n --> .*literal-argument\.nx:5:18\n/);
  const warned = await runInProcess(['run', LITERAL]);
  assert.equal(warned.status, 0);
  assert.equal(warned.stdout, 'xx\n');
  assert.match(warned.stderr, /^TypeWarning: parameter 'n' of flow double expects int, got str "x"\n {2}--> .*literal-argument\.nx:5:11\n {2}= code E302\n/);
  const strict = await runInProcess(['run', LITERAL], { LOOM_TYPE_MODE: 'strict' });
  assert.equal(strict.status, 1);
  assert.match(strict.stderr, /^TypeViolation: parameter 'n' of flow double expects int, got str "x"\n {2}--> .*literal-argument\.nx:5:11\n {2}= code E301\n/);
  const forgiving = await runInProcess(['run', LITERAL], { LOOM_TYPE_MODE: 'forgiving' });
  assert.deepEqual(forgiving, { status: 0, stdout: 'xx\n', stderr: '' });
});
