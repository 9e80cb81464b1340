import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findings } from './helpers.js';

const WORKER = 'agent Worker { prompt: "w" }\n';

test('spawn of an agent, pass in both spellings, receive() and await check without findings', () => {
  const source = `${WORKER}flow inbox() { return receive(5) }\nflow main {\n    w = spawn Worker("ready")\n    pass w, "one"\n    pass "two" to w\n    print(await w, 30)\n    print(await spawn inbox())\n}`;
  assert.deepEqual(findings(source), []);
});

test('pass to a declaration rather than a spawned actor is E002 at the name, with the spawn to write', () => {
  assert.deepEqual(findings(`${WORKER}flow main {\n    pass "task" to Worker\n}`), [
    "3:20 E002 Type mismatch: pass sends to an actor started with spawn, but 'Worker' names the agent declaration",
  ]);
  assert.deepEqual(findings(`flow job_flow() { return 1 }\nflow main {\n    pass job_flow, "x"\n}`), [
    "3:10 E002 Type mismatch: pass sends to an actor started with spawn, but 'job_flow' names the flow declaration",
  ]);
});

test('pass to a variable is left to the run (it may hold an actor)', () => {
  assert.deepEqual(findings(`${WORKER}w = spawn Worker()\nflow main {\n    pass w, "x"\n}`), []);
});
