import assert from 'node:assert/strict';
import { describe as suite, test } from 'node:test';
import { findings } from './helpers.js';

const AGENT = 'agent W { prompt: "w" }\n';

suite('v2 forms: what runs and what is refused', () => {
  test('actors inside a harness form check clean: both run', () => {
    const source = [
      AGENT,
      'flow main(inbox) {',
      '    autoloop max_steps: 3 {',
      '        worker = spawn W("go")',
      '        pass "message" to inbox',
      '        print(worker)',
      '    }',
      '}',
    ].join('\n');
    assert.deepEqual(findings(source), []);
  });

  test('names inside an unharnessed block are resolved like any other body', () => {
    const source = `${AGENT}flow main {\n    unharnessed {\n        total = 1\n        print(total + missing)\n    }\n    print(total)\n}`;
    assert.deepEqual(findings(source), ["5:23 E001 Undeclared identifier 'missing'"]);
  });

  test('actor handlers inside agents are reported', () => {
    const source = 'agent W {\n    prompt: "w",\n    context_policy: { max_tokens: 100 },\n    fn on_message(msg) { print(msg) }\n}';
    assert.deepEqual(findings(source), [
      "4:8 E006 Not supported by this runtime: 'on_message', a Nexa v2 harness form for actor message handlers inside agents",
    ]);
  });

  test('a flow the program declares itself named like a harness call is an ordinary call', () => {
    assert.deepEqual(findings('flow receive() { return 1 }\nflow main { print(receive()) }'), []);
  });
});
