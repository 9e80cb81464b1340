import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runInProcess } from './run-in-process.js';

const TYPED = 'packages/loom/test/fixtures/run/typed.nx';

test('LOOM_TYPE_MODE=strict stops at the parameter with E301', async () => {
  const run = await runInProcess(['run', TYPED], { LOOM_TYPE_MODE: 'strict' });
  assert.equal(run.status, 1);
  assert.equal(run.stdout, '');
  assert.equal(run.stderr, `TypeViolation: parameter 'x' of flow double expects int, got str "7"\n  --> ${TYPED}:1:13\n  = code E301\n`);
});

test('warn mode (the default) reports E302 on stderr and goes on', async () => {
  const run = await runInProcess(['run', TYPED]);
  assert.equal(run.status, 0);
  assert.equal(run.stdout, '77\nafter\n');
  assert.match(run.stderr, /^TypeWarning: parameter 'x' of flow double expects int, got str "7"\n {2}--> .*typed\.nx:1:13\n {2}= code E302\n/);
  assert.match(run.stderr, /TypeWarning: result of flow double expects int, got str "77"\n {2}--> .*typed\.nx:1:24\n/);
});

test('forgiving mode checks nothing', async () => {
  const run = await runInProcess(['run', TYPED], { LOOM_TYPE_MODE: 'forgiving' });
  assert.deepEqual(run, { status: 0, stdout: '77\nafter\n', stderr: '' });
});
